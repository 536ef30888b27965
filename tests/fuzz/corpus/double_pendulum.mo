within Modelica.Mechanics.MultiBody.Examples.Elementary;
model DoublePendulum
  "Simple double pendulum with two revolute joints and two bodies"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute1(
    useAxisFlange=true,
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.Rotational.Components.Damper damper(d=0.1);
  Modelica.Mechanics.MultiBody.Parts.BodyBox boxBody1(r={0.5,0,0}, width=0.06);
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute2(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyBox boxBody2(r={0.5,0,0}, width=0.06);
equation
  connect(damper.flange_b, revolute1.axis);
  connect(revolute1.support, damper.flange_a);
  connect(revolute1.frame_b, boxBody1.frame_a);
  connect(revolute2.frame_b, boxBody2.frame_a);
  connect(boxBody1.frame_b, revolute2.frame_a);
  connect(world.frame_b, revolute1.frame_a);
  annotation(experiment(StopTime=3, Interval=0.0006, Tolerance=1e-06));
end DoublePendulum;
