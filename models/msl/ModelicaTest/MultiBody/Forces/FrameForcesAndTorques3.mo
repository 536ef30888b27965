within ModelicaTest.MultiBody.Forces;
model FrameForcesAndTorques3
  "Two equivalent revolute chains loaded by WorldForceAndTorque resolved in world and in frame_resolve"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute1(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body1(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant1[6](k={0,500,0,-100,100,0});
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body2(r={1,0,0});
  Modelica.Mechanics.MultiBody.Forces.WorldForceAndTorque frameTorque1(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world);
  Modelica.Mechanics.MultiBody.Forces.WorldForceAndTorque frameTorque2(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve);
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute2(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Blocks.Sources.Constant Constant2[6](k={0,500,0,-100,100,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute3(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute4(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation(r={0,0,1});
equation
  connect(frameTorque1.frame_b, body1.frame_b);
  connect(Revolute1.frame_b, body1.frame_a);
  connect(Revolute2.frame_b, body2.frame_a);
  connect(frameTorque2.frame_b, body2.frame_b);
  connect(Revolute3.frame_b, Revolute1.frame_a);
  connect(Revolute4.frame_b, Revolute2.frame_a);
  connect(Constant1[1:3].y, frameTorque1.force[1:3]);
  connect(Constant1[4:6].y, frameTorque1.torque[1:3]);
  connect(Constant2[1:3].y, frameTorque2.force[1:3]);
  connect(Constant2[4:6].y, frameTorque2.torque[1:3]);
  connect(world.frame_b, Revolute3.frame_a);
  connect(fixedTranslation.frame_a, world.frame_b);
  connect(fixedTranslation.frame_b, Revolute4.frame_a);
  connect(Revolute4.frame_a, frameTorque2.frame_resolve);
  annotation(experiment(StopTime=2, Interval=0.0004, Tolerance=1e-07));
end FrameForcesAndTorques3;
