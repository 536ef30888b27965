within ModelicaTest.MultiBody.Sensors;
model CutForceAndTorque3
  "CutForceAndTorque sensor between a fixed frame and a constant WorldForceAndTorque (static)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Sensors.CutForceAndTorque cutForceAndTorque;
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation(
    r={0.5,0.5,0.1},
    rotationType=Modelica.Mechanics.MultiBody.Types.RotationTypes.PlanarRotationSequence);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_b;
  Modelica.Blocks.Sources.Constant Constant1[6](k={500,0,0,450,-250,0});
  Modelica.Mechanics.MultiBody.Forces.WorldForceAndTorque forceAndTorque(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world);
equation
  connect(Constant1[1:3].y, forceAndTorque.force[1:3]);
  connect(Constant1[4:6].y, forceAndTorque.torque[1:3]);
  connect(forceAndTorque.frame_b, cutForceAndTorque.frame_b);
  connect(cutForceAndTorque.frame_b, frame_b.frame_a);
  connect(world.frame_b, fixedRotation.frame_a);
  connect(fixedRotation.frame_b, cutForceAndTorque.frame_a);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end CutForceAndTorque3;
