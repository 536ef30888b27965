within ModelicaTest.MultiBody.Sensors;
model AbsoluteSensor2 "AbsoluteSensor measuring the position of a rotated fixed frame (static)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation(
    r={0.5,0.5,0.1},
    rotationType=Modelica.Mechanics.MultiBody.Types.RotationTypes.PlanarRotationSequence,
    angles={45,45,45});
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a;
  Modelica.Mechanics.MultiBody.Sensors.AbsoluteSensor freeMotion(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.world,
    get_r=true);
equation
  connect(world.frame_b, fixedRotation.frame_a);
  connect(fixedRotation.frame_b, freeMotion.frame_a);
  connect(fixedRotation.frame_b, frame_a.frame_a);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end AbsoluteSensor2;
