model UserTooMany "a user's line force whose states more equations than it has unknowns"
  model Loop
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;
    Real y;
  equation
    f = 10*(s - 1);
    y = 1;
    f = 3*y;
  end Loop;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n = {1, 0, 0}, s(start = 0.8, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0, 0, 0});
  Loop lf;
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  connect(world.frame_b, lf.frame_a);
  connect(body.frame_a, lf.frame_b);
end UserTooMany;
