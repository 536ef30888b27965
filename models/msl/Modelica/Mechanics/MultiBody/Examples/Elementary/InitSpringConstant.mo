within Modelica.Mechanics.MultiBody.Examples.Elementary;
model InitSpringConstant
  "Determine spring constant such that system is in steady state at given position"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(
    useAxisFlange=true,
    n={0,0,1},
    phi(fixed=true),
    w(fixed=true),
    a(fixed=true));
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
  annotation(experiment(StopTime=1.01, Interval=0.000202, Tolerance=1e-06));
end InitSpringConstant;
