model SphericalTurnedBody "a Spherical without states whose body hangs behind a FixedRotation: refused"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Spherical spherical;
  Modelica.Mechanics.MultiBody.Parts.FixedRotation turn(r={0.5,0,0}, n={0,0,1}, angle=30);
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.1,0,0});
equation
  connect(world.frame_b, spherical.frame_a);
  connect(spherical.frame_b, turn.frame_a);
  connect(turn.frame_b, body.frame_a);
end SphericalTurnedBody;
