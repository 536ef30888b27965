model UserQuadDrag "a body falling from rest against a user's quadratic air drag (PartialOneFrame_a)"
  model Drag "f = -k |v| v at frame_a, v from der(frame_a.r_0), resolved into the frame"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_a;
    parameter Real k = 0.5 "N.s2/m2";
    Real v[3] "m/s, world";
    Real speed = Modelica.Math.Vectors.norm(v) "m/s";
  equation
    v = der(frame_a.r_0);
    frame_a.f = k*speed*Modelica.Mechanics.MultiBody.Frames.resolve2(frame_a.R, v);
    frame_a.t = zeros(3);
  end Drag;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0},
    v_0(each fixed = true), r_0(each fixed = true), w_0_fixed = true, w_0_start = {0.3, 0, 0.2});
  Drag drag;
equation
  connect(body.frame_a, drag.frame_a);
end UserQuadDrag;
