within;
model shafts_reflected_pendulum
  "shafts_gear_pendulum with the motor reflected through the gear: J ratio^2 and ratio tau on the axis"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange=true, phi(start=0.3, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0}, I_33=0.01);
  Modelica.Mechanics.Rotational.Components.Inertia motor(J=0.2);
  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=3);
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(motor.flange_b, rev.axis);
  connect(torque.flange, motor.flange_a);
end shafts_reflected_pendulum;
