model UserTwoFlangesTrans "a mass on a prismatic joint held by a user's spring-damper (Translational PartialTwoFlanges)"
  model SD "its relative position as a binding, the damping from der() of it"
    extends Modelica.Mechanics.Translational.Interfaces.PartialTwoFlanges;
    parameter Real c = 18 "N/m";
    parameter Real d = 1.2 "N.s/m";
    Real s_rel = flange_b.s - flange_a.s "m";
  equation
    flange_b.f = c*s_rel + d*der(s_rel);
    flange_a.f + flange_b.f = 0;
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
end UserTwoFlangesTrans;
