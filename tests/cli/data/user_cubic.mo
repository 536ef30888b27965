model UserCubic "a mass on a prismatic joint pulled by a user's cubic spring-damper"
  model CubicSD "cubic spring, linear damper; the spring's stretch w through a nonlinear equation"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;
    parameter Real c = 200;
    parameter Real d = 0.7;
    parameter Real s_unstretched = 0.5;
    Real E_diss(start = 0, fixed = true) "energy dissipated (J)";
    Real v = der(s) "a binding equation";
    Real w(start = 0) "s - s_unstretched, from w + w^3 = x + x^3 (Newton)";
  equation
    w + w^3 = (s - s_unstretched) + (s - s_unstretched)^3;
    f = c*w^3 + d*noEvent(if v > 0 then v else v);
    der(E_diss) = d*v*v;
  end CubicSD;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n = {1, 0, 0},
    s(start = 0.8, fixed = true), v(start = 0, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0});
  CubicSD sd;
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  connect(world.frame_b, sd.frame_a);
  connect(body.frame_a, sd.frame_b);
end UserCubic;
