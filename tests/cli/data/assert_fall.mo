within;
model AssertFall "a 1 kg body falling from rest along y under g = 9.80665: s = -g t^2/2 reaches
  -1 m at t = sqrt(2/g) = 0.4516008 s"
  parameter Real floor = -1 "the assert's bound (m)";
  parameter Real mass = 1 "must stay below 2";
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n={0,1,0},
    s(start=0, fixed=true), v(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=mass, r_CM={0,0,0});
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  assert(slider.v > -2.5, "falling faster than 2.5 m/s", AssertionLevel.warning);
  assert(slider.s > floor, "the body fell through the floor");
  assert(mass < 2, "the body is too heavy");
  annotation(experiment(StopTime=1, Interval=0.01));
end AssertFall;
