within Modelica.Mechanics.MultiBody.Examples.Elementary;
model ForceAndTorque "Demonstrate usage of ForceAndTorque element"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed1(r={0,-0.5,0});
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation(
    n={0,0,1},
    angle=30);
  Modelica.Mechanics.MultiBody.Forces.ForceAndTorque forceAndTorque(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve);
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute2(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Blocks.Sources.Constant torque[3](k={-100,100,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute1(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed2(r={1.5,0.25,0});
  Modelica.Blocks.Sources.Constant force[3](k={0,1000,0});
equation
  connect(revolute2.frame_b, body.frame_a);
  connect(forceAndTorque.frame_b, body.frame_b);
  connect(fixed1.frame_b, revolute1.frame_a);
  connect(revolute1.frame_b, revolute2.frame_a);
  connect(fixed2.frame_b, forceAndTorque.frame_a);
  connect(fixedRotation.frame_a, fixed1.frame_b);
  connect(forceAndTorque.frame_resolve, fixedRotation.frame_b);
  connect(force.y, forceAndTorque.force);
  connect(torque.y, forceAndTorque.torque);
  annotation(experiment(StopTime=1.01, Interval=0.000202, Tolerance=1e-06));
end ForceAndTorque;
