within ModelicaTest.MultiBody.Forces;
model Spring2
  "Free bodies attached to springs, one spring with a point mass"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation(r={1,0,0});
  Modelica.Mechanics.MultiBody.Forces.Spring spring(s_unstretched=0.1, c=10);
  Modelica.Mechanics.MultiBody.Forces.Spring spring1(s_unstretched=0.1, c=10);
  Modelica.Mechanics.MultiBody.Parts.Body body(
    m=1,
    r_CM={0,0,0},
    v_0(each fixed=true),
    r_0(start={1,-1,-0.4}, each fixed=true),
    angles_fixed=true,
    w_0_fixed=true);
  Modelica.Mechanics.MultiBody.Parts.Body body1(
    m=1,
    r_CM={0,0,0},
    I_11=1,
    I_22=0.3,
    I_33=0.5,
    v_0(start={1,0.4,0.5}, each fixed=true),
    r_0(start={-0.1,-0.2,-0.15}, each fixed=true),
    angles_fixed=true,
    w_0_fixed=true);
  Modelica.Mechanics.MultiBody.Forces.Spring spring2(
    s_unstretched=0.1,
    m=1,
    c=10);
  Modelica.Mechanics.MultiBody.Parts.Body body2(
    m=1,
    r_CM={0,0,0},
    v_0(start={1,0.4,0.5}, each fixed=true),
    r_0(start={2.1,-0.2,-0.15}, each fixed=true),
    angles_fixed=true,
    w_0_fixed=true);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation1(r={1,0,0});
equation
  connect(world.frame_b, fixedTranslation.frame_a);
  connect(world.frame_b, spring.frame_a);
  connect(fixedTranslation.frame_b, spring1.frame_a);
  connect(body2.frame_a, spring2.frame_b);
  connect(fixedTranslation1.frame_a, fixedTranslation.frame_b);
  connect(fixedTranslation1.frame_b, spring2.frame_a);
  connect(body1.frame_a, spring.frame_b);
  connect(body.frame_a, spring1.frame_b);
  annotation(experiment(StopTime=3, Interval=0.0006, Tolerance=1e-06));
end Spring2;
