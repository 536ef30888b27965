model UserDerW "a force law that reads der(frame_a.R.w)"
  model Brake
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_a;
  equation
    frame_a.t = 0.1*der(frame_a.R.w);
    frame_a.f = zeros(3);
  end Brake;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0});
  Brake brake;
equation
  connect(body.frame_a, brake.frame_a);
end UserDerW;
