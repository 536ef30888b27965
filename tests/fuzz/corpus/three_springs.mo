within Modelica.Mechanics.MultiBody.Examples.Elementary;
model ThreeSprings "3-dim. springs in series and parallel connection"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body1(
    r_CM={0,-0.2,0},
    m=0.8,
    I_11=0.1,
    I_22=0.1,
    I_33=0.1,
    r_0(start={0.5,-0.3,0}, each fixed=true),
    v_0(each fixed=true),
    angles_fixed=true,
    w_0_fixed=true);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation bar1(r={0.3,0,0});
  Modelica.Mechanics.MultiBody.Forces.Spring spring1(
    s_unstretched=0.1,
    c=20,
    lineForce(r_rel_0(start={-0.2,-0.2,0.2})));
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation bar2(r={0,0,0.3});
  Modelica.Mechanics.MultiBody.Forces.Spring spring2(s_unstretched=0.1, c=40);
  Modelica.Mechanics.MultiBody.Forces.Spring spring3(
    s_unstretched=0.1,
    c=20,
    fixedRotationAtFrame_b=true);
equation
  connect(world.frame_b, bar1.frame_a);
  connect(world.frame_b, bar2.frame_a);
  connect(bar1.frame_b, spring1.frame_a);
  connect(bar2.frame_b, spring3.frame_a);
  connect(spring2.frame_b, body1.frame_a);
  connect(spring3.frame_b, spring1.frame_b);
  connect(spring2.frame_a, spring1.frame_b);
  annotation(experiment(StopTime=10, Interval=0.002, Tolerance=1e-06));
end ThreeSprings;
