within ModelicaTest.MultiBody.Sensors;
model CutForce2 "CutForce sensor between a fixed frame and a constant WorldForce (static)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Sensors.CutForce cutForce;
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation(
    r={0.5,0.5,0.1},
    rotationType=Modelica.Mechanics.MultiBody.Types.RotationTypes.PlanarRotationSequence);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_b;
  Modelica.Mechanics.MultiBody.Forces.WorldForce WorldForce1;
  Modelica.Blocks.Sources.Constant Constant1[3](k={500,0,0});
equation
  connect(world.frame_b, fixedRotation.frame_a);
  connect(fixedRotation.frame_b, cutForce.frame_a);
  connect(cutForce.frame_b, WorldForce1.frame_b);
  connect(frame_b.frame_a, cutForce.frame_b);
  connect(Constant1.y, WorldForce1.force);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end CutForce2;
