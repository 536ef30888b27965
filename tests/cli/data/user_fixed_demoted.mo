model UserFixedDemoted "a start value imposed on a relative angle that the flanges give"
  model SD
    extends Modelica.Mechanics.Rotational.Interfaces.PartialTwoFlanges;
    parameter Real c = 8;
    Real phi_rel(start = 0.1, fixed = true);
  equation
    phi_rel = flange_b.phi - flange_a.phi;
    flange_b.tau = c*phi_rel + 0.4*der(phi_rel);
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
end UserFixedDemoted;
