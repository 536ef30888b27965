within ModelicaTest.MultiBody.Forces;
model WorldTorques
  "Equivalent revolute pendulums loaded by WorldTorque resolved in world, frame_resolve (= world) and frame_b"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed2(r={0,-0.5,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute2(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder2(r={1,0,0});
  Modelica.Mechanics.MultiBody.Forces.WorldTorque worldTorque1;
  Modelica.Blocks.Sources.Constant Constant2[3](k={100,100,100});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed1(r={0,-0.5,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute1(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder1(r={1,0,0});
  Modelica.Mechanics.MultiBody.Forces.WorldTorque worldTorque2(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve);
  Modelica.Blocks.Sources.Constant Constant1[3](k={100,100,100});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute3(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder3(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed3(r={0,0.5,0});
  Modelica.Blocks.Sources.Sine sine[3](amplitude={100,100,100}, f={5,5,5});
  Modelica.Mechanics.MultiBody.Forces.WorldTorque worldTorque3(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_b);
equation
  connect(fixed2.frame_b, Revolute2.frame_a);
  connect(BodyCylinder2.frame_a, Revolute2.frame_b);
  connect(worldTorque1.frame_b, BodyCylinder2.frame_b);
  connect(Constant2.y, worldTorque1.torque);
  connect(fixed1.frame_b, Revolute1.frame_a);
  connect(BodyCylinder1.frame_a, Revolute1.frame_b);
  connect(worldTorque2.frame_b, BodyCylinder1.frame_b);
  connect(Constant1.y, worldTorque2.torque);
  connect(world.frame_b, worldTorque2.frame_resolve);
  connect(BodyCylinder3.frame_a, Revolute3.frame_b);
  connect(fixed3.frame_b, Revolute3.frame_a);
  connect(worldTorque3.frame_b, BodyCylinder3.frame_b);
  connect(sine.y, worldTorque3.torque);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end WorldTorques;
