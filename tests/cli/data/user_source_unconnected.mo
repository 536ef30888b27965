model UserSourceUnconnected "a user's torque source whose flange drives nothing"
  model Motor
    extends Modelica.Mechanics.Rotational.Interfaces.PartialTorque;
  equation
    flange.tau = -1;
  end Motor;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n = {0, 0, 1}, useAxisFlange = true);
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0.5, 0, 0});
  Motor motor;
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
end UserSourceUnconnected;
