model UserTorqueSource "a rotor driven by a user's motor law with viscous loss (Rotational PartialTorque)"
  model Motor "tau = tau0 - d w at the flange, grounded (no support)"
    extends Modelica.Mechanics.Rotational.Interfaces.PartialTorque;
    parameter Real tau0 = 2 "N.m";
    parameter Real d = 0.4 "N.m.s/rad";
    Real w "rad/s";
    Real tau "N.m, accelerating the flange";
  equation
    w = der(phi);
    tau = -flange.tau;
    tau = tau0 - d*w;
  end Motor;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n = {0, 0, 1}, useAxisFlange = true,
    phi(start = 0, fixed = true), w(start = 1, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0, 0, 0}, I_33 = 0.5);
  Motor motor;
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(motor.flange, rev.axis);
end UserTorqueSource;
