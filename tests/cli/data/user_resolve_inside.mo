model UserResolveInside "a Frames function's vector inside a function call"
  model Drag
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_a;
    Real v[3];
  equation
    v = der(frame_a.r_0);
    frame_a.f = abs(Modelica.Mechanics.MultiBody.Frames.resolve2(frame_a.R, v));
    frame_a.t = zeros(3);
  end Drag;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0});
  Drag drag;
equation
  connect(body.frame_a, drag.frame_a);
end UserResolveInside;
