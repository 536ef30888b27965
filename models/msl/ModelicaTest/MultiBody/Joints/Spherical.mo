within ModelicaTest.MultiBody.Joints;
model Spherical "Point mass on a spherical joint (body quaternion states)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Spherical spherical(
    angles_start={0.7853981633974483,0.7853981633974483,0.7853981633974483},
    angles_fixed=true,
    w_rel_a_fixed=true,
    z_rel_a_fixed=false);
  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a1;
equation
  connect(world.frame_b, spherical.frame_a);
  connect(spherical.frame_b, body.frame_a);
  connect(frame_a.frame_a, spherical.frame_a);
  connect(frame_a1.frame_a, spherical.frame_b);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end Spherical;
