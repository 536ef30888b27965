model UserTwoFrames "a spinning free body on a user's 3-D spring to a turned anchor (PartialTwoFrames)"
  model Spring "both frames' cut forces from r_0 differences, resolved into each frame"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Real c = 20 "N/m";
    Real r[3] "frame_a to frame_b, world";
  equation
    r = frame_b.r_0 - frame_a.r_0;
    frame_b.f = c*Modelica.Mechanics.MultiBody.Frames.resolve2(frame_b.R, r);
    frame_b.t = zeros(3);
    frame_a.f = -Modelica.Mechanics.MultiBody.Frames.resolveRelative(frame_b.f, frame_b.R, frame_a.R);
    frame_a.t = zeros(3);
  end Spring;
  inner Modelica.Mechanics.MultiBody.World world(n = {0, 0, -1});
  Modelica.Mechanics.MultiBody.Parts.FixedRotation anchor(n = {0, 0, 1}, angle = 30);
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0},
    I_11 = 0.1, I_22 = 0.2, I_33 = 0.3,
    r_0(start = {0.3, 0, 0}, each fixed = true), v_0(each fixed = true),
    w_0_fixed = true, w_0_start = {1, 2, 0.5});
  Spring sp;
equation
  connect(world.frame_b, anchor.frame_a);
  connect(anchor.frame_b, sp.frame_a);
  connect(sp.frame_b, body.frame_a);
end UserTwoFrames;
