within ModelicaTest.MultiBody.Joints;
model PrismaticInit
  "Spring constant determined at initialization such that the body on a prismatic joint is at rest"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic prismatic(
    s(fixed=true, start=0.3),
    n={1,-1,0},
    v(fixed=true, start=0),
    a(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Forces.Spring spring(
    c(fixed=false, start=20),
    s_unstretched=0.1);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation(r={sqrt(0.045),0,0});
equation
  connect(world.frame_b, prismatic.frame_a);
  connect(prismatic.frame_b, body.frame_a);
  connect(body.frame_a, spring.frame_b);
  connect(world.frame_b, fixedTranslation.frame_a);
  connect(fixedTranslation.frame_b, spring.frame_a);
  annotation(experiment(StopTime=5, Interval=0.001, Tolerance=1e-06));
end PrismaticInit;
