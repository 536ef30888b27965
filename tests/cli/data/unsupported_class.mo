model UnsupportedClass "a rod with spherical joints at both ends: a class mbens cannot simulate yet"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});
  Modelica.Mechanics.MultiBody.Joints.SphericalSpherical rod(rodLength=1);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation base(r={1,0,0});
equation
  connect(world.frame_b, base.frame_a);
  connect(base.frame_b, rod.frame_a);
  connect(rod.frame_b, body.frame_a);
end UnsupportedClass;
