within ModelicaTest.MultiBody.Joints;
model Revolute "Point mass on a revolute joint with axis n = {0,0,1}"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow axis(n={0,0,1});
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute(
    n={0,0,1},
    a(fixed=false),
    phi(fixed=true, start=0.7853981633974483),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a1;
equation
  connect(world.frame_b, revolute.frame_a);
  connect(revolute.frame_b, body.frame_a);
  connect(revolute.frame_b, axis.frame_a);
  connect(frame_a.frame_a, revolute.frame_a);
  connect(frame_a1.frame_a, revolute.frame_b);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end Revolute;
