within ModelicaTest.MultiBody.Joints;
model Universal "Body on a universal joint with n_a = {0,0,1}"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow axis2(n={0,1,0});
  Modelica.Mechanics.MultiBody.Joints.Universal universal(
    n_a={0,0,1},
    a_a(fixed=false),
    a_b(fixed=false),
    phi_a(fixed=true, start=1.570796326794897),
    phi_b(fixed=true, start=0.7853981633974483),
    w_a(fixed=true),
    w_b(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a1;
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow axis1(n={0,0,1});
equation
  connect(world.frame_b, universal.frame_a);
  connect(universal.frame_b, body.frame_a);
  connect(universal.frame_b, axis2.frame_a);
  connect(frame_a.frame_a, universal.frame_a);
  connect(frame_a1.frame_a, universal.frame_b);
  connect(universal.frame_a, axis1.frame_a);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end Universal;
