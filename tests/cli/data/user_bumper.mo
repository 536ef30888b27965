model UserBumper "a mass on a prismatic joint runs into a user's preloaded bumper and bounces off"
  model Bumper "a spring with preload that pushes only while the gap s < s0 is closed"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;
    parameter Real c = 100 "stiffness (N/m)";
    parameter Real f0 = 5 "preload: the force jumps to f0 at contact (N)";
    parameter Real s0 = 0.5 "length at which the bumper engages (m)";
    Boolean contact = s < s0;
  equation
    f = if contact then -(f0 + c*(s0 - s)) else 0 "tension positive: a push is negative";
  end Bumper;
  inner Modelica.Mechanics.MultiBody.World world(
    gravityType = Modelica.Mechanics.MultiBody.Types.GravityTypes.NoGravity);
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n = {1, 0, 0},
    s(start = 1, fixed = true), v(start = -1, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0, 0, 0});
  Bumper bumper;
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  connect(world.frame_b, bumper.frame_a);
  connect(body.frame_a, bumper.frame_b);
end UserBumper;
