within ModelicaTest.MultiBody.Forces;
model FrameForces
  "Two equivalent revolute pendulums loaded by WorldForce resolved in frame_b and in frame_resolve"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute1(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder1(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant1[3](k={0,500,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed1(r={0,0.5,0});
  Modelica.Mechanics.MultiBody.Forces.WorldForce frameForce1(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_b);
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute2(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder2(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed2(r={0,-0.5,0});
  Modelica.Mechanics.MultiBody.Forces.WorldForce frameForce2(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve);
  Modelica.Mechanics.MultiBody.Parts.FixedRotation FixedRotation1(
    n={0,0,1},
    angle=45);
equation
  connect(BodyCylinder1.frame_a, Revolute1.frame_b);
  connect(fixed1.frame_b, Revolute1.frame_a);
  connect(frameForce1.frame_b, BodyCylinder1.frame_b);
  connect(Constant1.y, frameForce1.force);
  connect(BodyCylinder2.frame_a, Revolute2.frame_b);
  connect(fixed2.frame_b, Revolute2.frame_a);
  connect(frameForce2.frame_b, BodyCylinder2.frame_b);
  connect(fixed2.frame_b, FixedRotation1.frame_a);
  connect(FixedRotation1.frame_b, frameForce2.frame_resolve);
  connect(Constant1.y, frameForce2.force);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end FrameForces;
