within ModelicaTest.MultiBody.Joints;
model FreeMotion "Point mass on a FreeMotion joint (relative quaternion states)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.FreeMotion freeMotion(
    angles_start={0.7853981633974483,0.7853981633974483,0.7853981633974483},
    a_rel_a(each fixed=false),
    angles_fixed=true,
    r_rel_a(each fixed=true, start={0.5,0.4,0}),
    v_rel_a(each fixed=true),
    w_rel_a_fixed=true,
    z_rel_a_fixed=false);
  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a1;
equation
  connect(world.frame_b, freeMotion.frame_a);
  connect(freeMotion.frame_b, body.frame_a);
  connect(frame_a.frame_a, freeMotion.frame_a);
  connect(frame_a1.frame_a, freeMotion.frame_b);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end FreeMotion;
