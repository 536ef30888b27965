within ModelicaTest.MultiBody.Forces;
model WorldForceAndTorque
  "Equivalent revolute chains loaded by WorldForceAndTorque resolved in world, frame_resolve (= world) and frame_b"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute3(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder3(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant4[6](k={0,500,0,100,100,100});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed3(r={0,-1,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute4(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Forces.WorldForceAndTorque forceAndTorque(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world);
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute1(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder1(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant1[6](k={0,500,0,100,100,100});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed1(r={0,-1,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute2(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Forces.WorldForceAndTorque forceAndTorque1(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve);
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute5(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder2(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant2[6](k={0,500,0,100,100,100});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed2(r={0,-1,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute6(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Forces.WorldForceAndTorque forceAndTorque2(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_b);
equation
  connect(fixed3.frame_b, Revolute3.frame_a);
  connect(Revolute3.frame_b, Revolute4.frame_a);
  connect(Revolute4.frame_b, BodyCylinder3.frame_a);
  connect(forceAndTorque.frame_b, BodyCylinder3.frame_b);
  connect(Constant4[1:3].y, forceAndTorque.force);
  connect(Constant4[4:6].y, forceAndTorque.torque);
  connect(fixed1.frame_b, Revolute1.frame_a);
  connect(Revolute1.frame_b, Revolute2.frame_a);
  connect(Revolute2.frame_b, BodyCylinder1.frame_a);
  connect(forceAndTorque1.frame_b, BodyCylinder1.frame_b);
  connect(world.frame_b, forceAndTorque1.frame_resolve);
  connect(Constant1[1:3].y, forceAndTorque1.force);
  connect(Constant1[4:6].y, forceAndTorque1.torque);
  connect(fixed2.frame_b, Revolute5.frame_a);
  connect(Revolute5.frame_b, Revolute6.frame_a);
  connect(Revolute6.frame_b, BodyCylinder2.frame_a);
  connect(forceAndTorque2.frame_b, BodyCylinder2.frame_b);
  connect(Constant2[1:3].y, forceAndTorque2.force);
  connect(Constant2[4:6].y, forceAndTorque2.torque);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end WorldForceAndTorque;
