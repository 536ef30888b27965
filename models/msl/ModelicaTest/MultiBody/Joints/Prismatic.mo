within ModelicaTest.MultiBody.Joints;
model Prismatic "Point mass on a prismatic joint with non-unit axis n = {1,1,0}"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow axis(n={1,1,0});
  Modelica.Mechanics.MultiBody.Joints.Prismatic prismatic(
    n={1,1,0},
    a(fixed=false),
    s(fixed=true, start=0.3),
    v(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a1;
equation
  connect(world.frame_b, prismatic.frame_a);
  connect(prismatic.frame_b, body.frame_a);
  connect(prismatic.frame_b, axis.frame_a);
  connect(frame_a.frame_a, prismatic.frame_a);
  connect(frame_a1.frame_a, prismatic.frame_b);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end Prismatic;
