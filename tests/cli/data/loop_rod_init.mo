model RodInit "loop_rod.mo with the rod length of the start (computeRodLength) and the start fixed by a distance"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0},
    r_0(start={1.6,-0.8,0}), v_0(start={0,0,1}, fixed=true), a_0(start={0,0,0}), z_a(start={0,0,0}));
  Modelica.Mechanics.MultiBody.Joints.SphericalSpherical rod(computeRodLength=true, m=0.5);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation base(r={1,0,0});
  Modelica.Mechanics.MultiBody.Sensors.Distance dist(distance(start=1.8, fixed=true));
equation
  connect(world.frame_b, base.frame_a);
  connect(base.frame_b, rod.frame_a);
  connect(rod.frame_b, body.frame_a);
  connect(world.frame_b, dist.frame_a);
  connect(body.frame_a, dist.frame_b);
end RodInit;
