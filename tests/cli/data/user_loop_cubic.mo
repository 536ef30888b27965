model UserLoopCubic "a user's cubic spring whose force and stretch come from a nonlinear 2-equation loop"
  model Loop
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;
    parameter Real c = 200;
    parameter Real s0 = 0.5;
    Real w(start = 0.1) "the stretch, s - s0 at the solution";
  equation
    f = c*w^3 + 0.1*(w + w^3 - (s - s0) - (s - s0)^3);
    w + w^3 = (s - s0) + (s - s0)^3 + (f - c*w^3);
  end Loop;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n = {1, 0, 0},
    s(start = 0.8, fixed = true), v(start = 0, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0});
  Loop lf;
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  connect(world.frame_b, lf.frame_a);
  connect(body.frame_a, lf.frame_b);
end UserLoopCubic;
