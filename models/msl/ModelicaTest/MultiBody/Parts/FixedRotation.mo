within ModelicaTest.MultiBody.Parts;
model FixedRotation
  "FixedRotation with RotationAxis, TwoAxesVectors and PlanarRotationSequence (static, no gravity)"
  inner Modelica.Mechanics.MultiBody.World world(
    gravityType=Modelica.Mechanics.MultiBody.Types.GravityTypes.NoGravity);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frameT1;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frameT2;
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation(angle=47);
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation1(
    r={1,1,1},
    rotationType=Modelica.Mechanics.MultiBody.Types.RotationTypes.TwoAxesVectors,
    n_x={0,1,0},
    n_y={0,0,1});
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frameT3;
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation2(
    n_x={0,1,0},
    n_y={0,0,1},
    rotationType=Modelica.Mechanics.MultiBody.Types.RotationTypes.PlanarRotationSequence,
    angles={30,20,10},
    r={-1,0,1});
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frameT4;
equation
  connect(frameT1.frame_a, fixedRotation.frame_a);
  connect(fixedRotation.frame_b, frameT2.frame_a);
  connect(world.frame_b, fixedRotation.frame_a);
  connect(fixedRotation1.frame_b, frameT3.frame_a);
  connect(fixedRotation2.frame_b, frameT4.frame_a);
  connect(fixedRotation1.frame_a, world.frame_b);
  connect(fixedRotation2.frame_a, world.frame_b);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end FixedRotation;
