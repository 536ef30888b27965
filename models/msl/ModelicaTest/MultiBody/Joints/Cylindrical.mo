within ModelicaTest.MultiBody.Joints;
model Cylindrical "Point mass on a cylindrical joint with axis z"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow axis(n={0,0,1});
  Modelica.Mechanics.MultiBody.Joints.Cylindrical cylindrical(
    n={0,0,1},
    a(fixed=false),
    phi(fixed=true, start=0.7853981633974483),
    s(fixed=true, start=0.3),
    v(fixed=true),
    w(fixed=true),
    wd(fixed=false));
  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a1;
equation
  connect(world.frame_b, cylindrical.frame_a);
  connect(cylindrical.frame_b, body.frame_a);
  connect(cylindrical.frame_b, axis.frame_a);
  connect(frame_a.frame_a, cylindrical.frame_a);
  connect(frame_a1.frame_a, cylindrical.frame_b);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end Cylindrical;
