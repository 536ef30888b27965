model UserNeedsAccel "a force law that reads der() of an angular velocity"
  model Brake
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_a;
    parameter Real k = 0.1;
    Real wz;
  equation
    wz = frame_a.R.w[3];
    frame_a.t = {0, 0, k*der(wz)};
    frame_a.f = zeros(3);
  end Brake;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n = {0, 0, 1}, phi(fixed = true), w(fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0.5, 0, 0});
  Brake brake;
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(rev.frame_b, brake.frame_a);
end UserNeedsAccel;
