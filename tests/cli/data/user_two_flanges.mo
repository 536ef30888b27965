model UserTwoFlanges "a body on a revolute joint held by a user's rotational spring-damper (PartialTwoFlanges)"
  model SD "the flange relations written out; der(phi_rel) of a relative angle the flanges give"
    extends Modelica.Mechanics.Rotational.Interfaces.PartialTwoFlanges;
    parameter Real c = 8 "N.m/rad";
    parameter Real d = 0.4 "N.m.s/rad";
    Real phi_rel "rad";
    Real w_rel "rad/s";
  equation
    phi_rel = flange_b.phi - flange_a.phi;
    w_rel = der(phi_rel);
    flange_b.tau = c*phi_rel + d*w_rel;
    flange_a.tau = -flange_b.tau;
  end SD;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n = {0, 0, 1}, useAxisFlange = true,
    phi(start = 0.5, fixed = true), w(start = 0, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0, 0, 0}, I_33 = 0.5);
  SD sd;
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(rev.support, sd.flange_a);
  connect(sd.flange_b, rev.axis);
end UserTwoFlanges;
