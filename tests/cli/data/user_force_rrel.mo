model UserForceRrel "twin pendulums pulled by a user's 3-D spring (PartialForce): c r_rel_b, and the same through R_rel"
  model SpringB "frame_b's cut force c r_rel_b"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialForce;
    parameter Real c = 30 "N/m";
  equation
    frame_b.f = c*r_rel_b;
    frame_b.t = zeros(3);
  end SpringB;
  model SpringRel "the same force: r_rel_a in frame_a, turned into frame_b by R_rel"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialForce;
    parameter Real c = 30 "N/m";
    Real r_rel_a[3] "m";
  equation
    r_rel_a = Modelica.Mechanics.MultiBody.Frames.resolve2(frame_a.R, frame_b.r_0 - frame_a.r_0);
    frame_b.f = c*Modelica.Mechanics.MultiBody.Frames.resolve2(R_rel, r_rel_a);
    frame_b.t = zeros(3);
  end SpringRel;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.FixedRotation anchor(r = {0.3, -0.4, 0}, n = {1, 1, 0}, angle = 40);
  Modelica.Mechanics.MultiBody.Joints.Universal uni1(n_a = {0, 0, 1}, n_b = {0, 1, 0},
    phi_a(start = 0.4, fixed = true), phi_b(start = 0.2, fixed = true),
    w_a(start = 0.5, fixed = true), w_b(start = 1, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.BodyShape arm1(m = 1, r = {0.5, 0, 0}, r_CM = {0.25, 0, 0});
  SpringB sp1;
  Modelica.Mechanics.MultiBody.Joints.Universal uni2(n_a = {0, 0, 1}, n_b = {0, 1, 0},
    phi_a(start = 0.4, fixed = true), phi_b(start = 0.2, fixed = true),
    w_a(start = 0.5, fixed = true), w_b(start = 1, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.BodyShape arm2(m = 1, r = {0.5, 0, 0}, r_CM = {0.25, 0, 0});
  SpringRel sp2;
equation
  connect(world.frame_b, anchor.frame_a);
  connect(world.frame_b, uni1.frame_a);
  connect(uni1.frame_b, arm1.frame_a);
  connect(anchor.frame_b, sp1.frame_a);
  connect(arm1.frame_b, sp1.frame_b);
  connect(world.frame_b, uni2.frame_a);
  connect(uni2.frame_b, arm2.frame_a);
  connect(anchor.frame_b, sp2.frame_a);
  connect(arm2.frame_b, sp2.frame_b);
end UserForceRrel;
