within ModelicaTest.MultiBody.Forces;
model Spring
  "Masses on prismatic joints hanging on springs; spring1.c determined at initialization from prismatic1.a"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation(r={1,0,0});
  Modelica.Mechanics.MultiBody.Forces.Spring spring(s_unstretched=0.1, c=10);
  Modelica.Mechanics.MultiBody.Forces.Spring spring1(
    s_unstretched=0.1,
    c(fixed=false, start=1));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0,0,0});
  Modelica.Mechanics.MultiBody.Parts.Body body1(m=1, r_CM={0,0,0});
  Modelica.Mechanics.MultiBody.Joints.Prismatic prismatic(
    n={0,1,0},
    v(fixed=true),
    s(fixed=true, start=-1));
  Modelica.Mechanics.MultiBody.Joints.Prismatic prismatic1(
    n={0,1,0},
    v(fixed=true),
    s(fixed=true, start=-1),
    a(fixed=true, start=-0.81));
equation
  connect(world.frame_b, fixedTranslation.frame_a);
  connect(world.frame_b, spring.frame_a);
  connect(fixedTranslation.frame_b, spring1.frame_a);
  connect(body.frame_a, spring.frame_b);
  connect(body1.frame_a, spring1.frame_b);
  connect(prismatic.frame_a, spring.frame_a);
  connect(prismatic.frame_b, spring.frame_b);
  connect(prismatic1.frame_a, spring1.frame_a);
  connect(prismatic1.frame_b, spring1.frame_b);
  annotation(experiment(StopTime=3, Interval=0.0006, Tolerance=1e-06));
end Spring;
