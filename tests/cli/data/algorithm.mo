model WithAlgorithm
  inner Modelica.Mechanics.MultiBody.World world;
  Real x;
algorithm
  x := 1;
end WithAlgorithm;
