within ModelicaTest.MultiBody.Joints;
model RevoluteInitialization
  "Spring constant determined at initialization such that the pendulum is in steady state"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(
    n={0,0,1},
    useAxisFlange=true,
    a(fixed=true),
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.Rotational.Components.Damper damper(d=0.1);
  Modelica.Mechanics.MultiBody.Parts.BodyShape body(
    r={1,0,0},
    r_CM={0.5,0,0},
    m=1);
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed(r={1,0.2,0});
  Modelica.Mechanics.MultiBody.Forces.Spring spring(
    s_unstretched=0.1,
    c(fixed=false, start=100));
equation
  connect(world.frame_b, rev.frame_a);
  connect(damper.flange_b, rev.axis);
  connect(rev.support, damper.flange_a);
  connect(rev.frame_b, body.frame_a);
  connect(fixed.frame_b, spring.frame_a);
  connect(body.frame_b, spring.frame_b);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end RevoluteInitialization;
