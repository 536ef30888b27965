model UserTrans "a mass on a prismatic joint held by a user's translational spring-damper"
  model SD
    extends Modelica.Mechanics.Translational.Interfaces.PartialCompliant;
    parameter Real c = 18 "N/m";
    parameter Real d = 1.2 "N.s/m";
    Real v "relative speed";
  equation
    v = der(s_rel);
    f = c*s_rel + d*v;
  end SD;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n = {1, 0, 0}, useAxisFlange = true,
    s(start = 0.3, fixed = true), v(start = 0, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0});
  SD sd;
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  connect(slider.support, sd.flange_a);
  connect(sd.flange_b, slider.axis);
end UserTrans;
