model UserFlangeMissing "a two-flange element that says nothing of flange_a's torque"
  model SD
    extends Modelica.Mechanics.Rotational.Interfaces.PartialTwoFlanges;
    parameter Real c = 8;
  equation
    flange_b.tau = c*(flange_b.phi - flange_a.phi);
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
end UserFlangeMissing;
