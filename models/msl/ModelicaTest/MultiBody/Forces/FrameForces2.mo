within ModelicaTest.MultiBody.Forces;
model FrameForces2
  "Equivalent revolute pendulums loaded by WorldForce resolved in world, frame_b and frame_resolve"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute1(
    useAxisFlange=false,
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
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute3(
    useAxisFlange=false,
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder3(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant2[3](k={0,500,0});
  Modelica.Mechanics.MultiBody.Forces.WorldForce frameForce3(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world);
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute4(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder BodyCylinder4(r={1,0,0});
  Modelica.Mechanics.MultiBody.Forces.WorldForce frameForce4(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve);
equation
  connect(BodyCylinder1.frame_a, Revolute1.frame_b);
  connect(fixed1.frame_b, Revolute1.frame_a);
  connect(frameForce1.frame_b, BodyCylinder1.frame_b);
  connect(Constant1.y, frameForce1.force);
  connect(BodyCylinder2.frame_a, Revolute2.frame_b);
  connect(fixed2.frame_b, Revolute2.frame_a);
  connect(frameForce2.frame_b, BodyCylinder2.frame_b);
  connect(Constant1.y, frameForce2.force);
  connect(BodyCylinder2.frame_b, frameForce2.frame_resolve);
  connect(BodyCylinder3.frame_a, Revolute3.frame_b);
  connect(frameForce3.frame_b, BodyCylinder3.frame_b);
  connect(Constant2.y, frameForce3.force);
  connect(BodyCylinder4.frame_a, Revolute4.frame_b);
  connect(frameForce4.frame_b, BodyCylinder4.frame_b);
  connect(Constant2.y, frameForce4.force);
  connect(world.frame_b, Revolute3.frame_a);
  connect(frameForce4.frame_resolve, world.frame_b);
  connect(Revolute4.frame_a, world.frame_b);
  annotation(experiment(StopTime=2, Interval=0.0004, Tolerance=1e-07));
end FrameForces2;
