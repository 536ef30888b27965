model UserFramePendulum "a pendulum pulled by a user's 3-D spring (PartialForce) whose frame_b turns"
  model Spring3 "frame_b's cut force c r_rel_b (vector equations); q integrates der(r_rel_b)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialForce;
    parameter Real c = 30 "N/m";
    Real q1(start = 0, fixed = true);
    Real q2(start = 0, fixed = true);
  equation
    frame_b.f = c*r_rel_b;
    frame_b.t = zeros(3);
    der(q1) = der(r_rel_b[1]);
    der(q2) = der(r_rel_b[2]);
  end Spring3;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n = {0, 0, 1},
    phi(start = 0.4, fixed = true), w(start = 0, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation rod(r = {0.5, 0, 0});
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0, 0, 0});
  Modelica.Mechanics.MultiBody.Parts.Fixed anchor(r = {0.3, -0.4, 0});
  Spring3 sp;
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, rod.frame_a);
  connect(rod.frame_b, body.frame_a);
  connect(anchor.frame_b, sp.frame_a);
  connect(body.frame_a, sp.frame_b);
end UserFramePendulum;
