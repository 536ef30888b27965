model UserTwoBodies "two spinning free bodies joined by a user's anisotropic 3-D spring (PartialTwoFrames, the MSL's force and torque balance written out)"
  model Spring3 "K r_rel_b at frame_b with the torque that keeps it conservative; frame_a from the balance"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Real c[3] = {20, 40, 60} "N/m along frame_b's axes";
    Real r_rel_b[3] "m, frame_a to frame_b, in frame_b";
    Real f[3] "N";
  equation
    r_rel_b = Modelica.Mechanics.MultiBody.Frames.resolve2(frame_b.R, frame_b.r_0 - frame_a.r_0);
    f = c .* r_rel_b;
    frame_b.f = f;
    frame_b.t = cross(f, r_rel_b);
    zeros(3) = frame_a.f + Modelica.Mechanics.MultiBody.Frames.resolveRelative(frame_b.f, frame_b.R, frame_a.R);
    zeros(3) = frame_a.t + Modelica.Mechanics.MultiBody.Frames.resolveRelative(
      frame_b.t + cross(r_rel_b, frame_b.f), frame_b.R, frame_a.R);
  end Spring3;
  inner Modelica.Mechanics.MultiBody.World world(g = 0);
  Modelica.Mechanics.MultiBody.Parts.Body bodyA(m = 1.5, r_CM = {0, 0, 0},
    I_11 = 0.02, I_22 = 0.03, I_33 = 0.04,
    r_0(start = {0, 0, 0}, each fixed = true), v_0(start = {0.1, 0, 0}, each fixed = true),
    w_0_fixed = true, w_0_start = {0.5, -0.3, 0.8});
  Modelica.Mechanics.MultiBody.Parts.Body bodyB(m = 2, r_CM = {0, 0, 0},
    I_11 = 0.05, I_22 = 0.02, I_33 = 0.03,
    r_0(start = {0.4, 0.1, -0.05}, each fixed = true), v_0(start = {0, 0.2, 0}, each fixed = true),
    w_0_fixed = true, w_0_start = {-0.2, 1, 0.3});
  Spring3 sp;
equation
  connect(bodyA.frame_a, sp.frame_a);
  connect(sp.frame_b, bodyB.frame_a);
end UserTwoBodies;
