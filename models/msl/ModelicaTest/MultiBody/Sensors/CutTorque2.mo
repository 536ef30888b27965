within ModelicaTest.MultiBody.Sensors;
model CutTorque2 "CutTorque sensor between a fixed frame and a constant WorldTorque (static)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Sensors.CutTorque cutTorque;
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation(
    r={0.5,0.5,0.1},
    rotationType=Modelica.Mechanics.MultiBody.Types.RotationTypes.PlanarRotationSequence);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_b;
  Modelica.Mechanics.MultiBody.Forces.WorldTorque worldTorque;
  Modelica.Blocks.Sources.Constant Constant1[3](k={500,0,0});
equation
  connect(world.frame_b, fixedRotation.frame_a);
  connect(Constant1.y, worldTorque.torque);
  connect(fixedRotation.frame_b, cutTorque.frame_a);
  connect(cutTorque.frame_b, worldTorque.frame_b);
  connect(frame_b.frame_a, cutTorque.frame_b);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end CutTorque2;
