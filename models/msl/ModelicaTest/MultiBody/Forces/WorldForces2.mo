within ModelicaTest.MultiBody.Forces;
model WorldForces2
  "Equivalent revolute pendulums loaded by WorldForce resolved in world, frame_resolve (= world) and frame_b"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute1(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder1(r={1,0,0});
  Modelica.Mechanics.MultiBody.Forces.WorldForce worldForce;
  Modelica.Blocks.Sources.Constant Constant1[3](k={0,500,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed1(r={0,0.5,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute2(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder2(r={1,0,0});
  Modelica.Mechanics.MultiBody.Forces.WorldForce worldForce1(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve);
  Modelica.Blocks.Sources.Constant Constant2[3](k={0,500,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed2(r={0,0.5,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute3(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder3(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed3(r={0,0.5,0});
  Modelica.Mechanics.MultiBody.Forces.WorldForce worldForce2(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_b);
  Modelica.Blocks.Sources.Sine sine(amplitude=500, f=1/0.403);
  Modelica.Blocks.Sources.Constant const(k=0);
equation
  connect(BodyCylinder1.frame_a, Revolute1.frame_b);
  connect(worldForce.frame_b, BodyCylinder1.frame_b);
  connect(fixed1.frame_b, Revolute1.frame_a);
  connect(Constant1.y, worldForce.force);
  connect(BodyCylinder2.frame_a, Revolute2.frame_b);
  connect(worldForce1.frame_b, BodyCylinder2.frame_b);
  connect(fixed2.frame_b, Revolute2.frame_a);
  connect(Constant2.y, worldForce1.force);
  connect(world.frame_b, worldForce1.frame_resolve);
  connect(BodyCylinder3.frame_a, Revolute3.frame_b);
  connect(fixed3.frame_b, Revolute3.frame_a);
  connect(worldForce2.frame_b, BodyCylinder3.frame_b);
  connect(sine.y, worldForce2.force[2]);
  connect(const.y, worldForce2.force[1]);
  connect(const.y, worldForce2.force[3]);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end WorldForces2;
