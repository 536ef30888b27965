within ModelicaTest.MultiBody.Forces;
model FrameTorques
  "Two revolute pendulums loaded by WorldTorque resolved in frame_b and in frame_resolve"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute1(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body1(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant1[3](k={0,100,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed1(r={0,0.5,0});
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body2(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed2(r={0,-0.5,0});
  Modelica.Mechanics.MultiBody.Parts.FixedRotation FixedRotation1(
    n={0,0,1},
    angle=45);
  Modelica.Mechanics.MultiBody.Forces.WorldTorque frameTorque1(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_b);
  Modelica.Mechanics.MultiBody.Forces.WorldTorque frameTorque2(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve);
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute2(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Blocks.Sources.Constant Constant2[3](k={0,100,0});
equation
  connect(fixed2.frame_b, FixedRotation1.frame_a);
  connect(frameTorque1.frame_b, body1.frame_b);
  connect(fixed1.frame_b, Revolute1.frame_a);
  connect(Revolute1.frame_b, body1.frame_a);
  connect(fixed2.frame_b, Revolute2.frame_a);
  connect(Revolute2.frame_b, body2.frame_a);
  connect(frameTorque2.frame_b, body2.frame_b);
  connect(FixedRotation1.frame_b, frameTorque2.frame_resolve);
  connect(Constant1.y, frameTorque1.torque);
  connect(Constant2.y, frameTorque2.torque);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end FrameTorques;
