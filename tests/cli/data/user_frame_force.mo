model UserFrameForce "a mass on a prismatic joint held by a user's 3-D spring-damper (PartialForce)"
  model SD3 "frame_b's cut force from the relative position and velocity, component by component"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialForce;
    parameter Real c = 18 "N/m";
    parameter Real d = 1.2 "N.s/m";
  equation
    frame_b.f[1] = c*r_rel_b[1] + d*der(r_rel_b[1]);
    frame_b.f[2] = c*r_rel_b[2] + d*der(r_rel_b[2]);
    frame_b.f[3] = c*r_rel_b[3] + d*der(r_rel_b[3]);
    frame_b.t[1] = 0;
    frame_b.t[2] = 0;
    frame_b.t[3] = 0;
  end SD3;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n = {1, 0, 0},
    s(start = 0.3, fixed = true), v(start = 0, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0});
  SD3 sd;
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  connect(world.frame_b, sd.frame_a);
  connect(body.frame_a, sd.frame_b);
end UserFrameForce;
