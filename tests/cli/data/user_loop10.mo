model UserLoop10 "a line force whose equations form one algebraic loop of 10 equations"
  model Loop
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;
    Real y[9];
  equation
    f = 10*(s - 1) + y[1];
    y[1] = 0.5*y[2];
    y[2] = 0.5*y[3];
    y[3] = 0.5*y[4];
    y[4] = 0.5*y[5];
    y[5] = 0.5*y[6];
    y[6] = 0.5*y[7];
    y[7] = 0.5*y[8];
    y[8] = 0.5*y[9];
    y[9] = 0.5*f;
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
end UserLoop10;
