within;
model power_sensor "A pendulum (BodyBox 0.8 m) driven by a constant torque (2 N m) on its revolute; a Sensors.Power between the joint and the body"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange=true, n={0,0,1}, phi(start=0.3, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sources.ConstantTorque tq(tau_constant=2);
  Modelica.Mechanics.MultiBody.Sensors.Power power;
  Modelica.Mechanics.MultiBody.Parts.BodyBox body(r={0.8,0.1,0}, width=0.1);
equation
  connect(world.frame_b, rev.frame_a);
  connect(tq.flange, rev.axis);
  connect(rev.frame_b, power.frame_a);
  connect(power.frame_b, body.frame_a);
end power_sensor;
