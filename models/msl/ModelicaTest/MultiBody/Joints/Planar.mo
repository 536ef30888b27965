within ModelicaTest.MultiBody.Joints;
model Planar "Point mass on a planar joint with plane normal n = {0,1,0} and n_x = {0,0,1}"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow axis2(n={0,1,0});
  Modelica.Mechanics.MultiBody.Joints.Planar planar(
    n={0,1,0},
    n_x={0,0,1},
    a_x(fixed=false),
    a_y(fixed=false),
    phi(fixed=true, start=0.7853981633974483),
    s_x(fixed=true, start=0.5),
    s_y(fixed=true, start=0.5),
    v_x(fixed=true),
    v_y(fixed=true),
    w(fixed=true),
    wd(fixed=false));
  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a1;
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow axis1(
    n={0,0,1},
    r_tail={0,0,0.5});
equation
  connect(world.frame_b, planar.frame_a);
  connect(planar.frame_b, body.frame_a);
  connect(planar.frame_b, axis2.frame_a);
  connect(frame_a.frame_a, planar.frame_a);
  connect(frame_a1.frame_a, planar.frame_b);
  connect(planar.frame_a, axis1.frame_a);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end Planar;
