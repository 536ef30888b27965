model PointMassUnfixed "A point mass on a spring without fixedRotationAtFrame: no orientation"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.PointMass mass(m=1);
  Modelica.Mechanics.MultiBody.Forces.Spring spring(c=10);
equation
  connect(world.frame_b, spring.frame_a);
  connect(spring.frame_b, mass.frame_a);
end PointMassUnfixed;
