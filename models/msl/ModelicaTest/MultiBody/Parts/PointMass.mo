within ModelicaTest.MultiBody.Parts;
model PointMass "Test MultiBody.Parts.PointMass"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.PointMass pointMass(m=5);
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(
    phi(fixed=true),
    w(fixed=true));
equation
  connect(fixedTranslation.frame_b, pointMass.frame_a);
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, fixedTranslation.frame_a);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end PointMass;
