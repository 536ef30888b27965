within ModelicaTest.MultiBody.Forces;
model Torque2
  "Equivalent revolute chains loaded by Torque and ForceAndTorque resolved in frame_b and in frame_resolve"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute1(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body1(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant1[3](k={-100,100,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed1(r={0,0.5,0});
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body2(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed3(r={0,-0.5,0});
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation(
    n={0,0,1},
    angle=45);
  Modelica.Mechanics.MultiBody.Forces.Torque torque1(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_b);
  Modelica.Mechanics.MultiBody.Forces.Torque torque2(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve);
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute2(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Blocks.Sources.Constant Constant2[3](k={-100,100,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute3(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute4(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed2(r={1.5,0.25,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed4(r={1.5,-0.25,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute5(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body3(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant3[6](k={0,0,0,-100,100,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed5(r={0,0.5,0});
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body4(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed6(r={0,-0.5,0});
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation1(
    n={0,0,1},
    angle=45);
  Modelica.Mechanics.MultiBody.Forces.ForceAndTorque torque3;
  Modelica.Mechanics.MultiBody.Forces.ForceAndTorque torque4(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve);
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute6(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Blocks.Sources.Constant Constant4[6](k={0,0,0,-100,100,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute7(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute8(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed7(r={1.5,0.25,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed8(r={1.5,-0.25,0});
equation
  connect(torque1.frame_b, body1.frame_b);
  connect(Revolute1.frame_b, body1.frame_a);
  connect(Revolute2.frame_b, body2.frame_a);
  connect(torque2.frame_b, body2.frame_b);
  connect(Revolute3.frame_a, fixed1.frame_b);
  connect(Revolute3.frame_b, Revolute1.frame_a);
  connect(fixedRotation.frame_b, torque2.frame_resolve);
  connect(fixed3.frame_b, Revolute4.frame_a);
  connect(Revolute4.frame_b, Revolute2.frame_a);
  connect(fixed3.frame_b, fixedRotation.frame_a);
  connect(Constant1.y, torque1.torque);
  connect(Constant2.y, torque2.torque);
  connect(torque1.frame_a, fixed2.frame_b);
  connect(fixed4.frame_b, torque2.frame_a);
  connect(torque3.frame_b, body3.frame_b);
  connect(Revolute5.frame_b, body3.frame_a);
  connect(Revolute6.frame_b, body4.frame_a);
  connect(torque4.frame_b, body4.frame_b);
  connect(Revolute7.frame_a, fixed5.frame_b);
  connect(Revolute7.frame_b, Revolute5.frame_a);
  connect(fixedRotation1.frame_b, torque4.frame_resolve);
  connect(fixed6.frame_b, Revolute8.frame_a);
  connect(Revolute8.frame_b, Revolute6.frame_a);
  connect(fixed6.frame_b, fixedRotation1.frame_a);
  connect(torque3.frame_a, fixed7.frame_b);
  connect(fixed8.frame_b, torque4.frame_a);
  connect(Constant3[1:3].y, torque3.force);
  connect(Constant3[4:6].y, torque3.torque);
  connect(Constant4[1:3].y, torque4.force);
  connect(Constant4[4:6].y, torque4.torque);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end Torque2;
