within ModelicaTest.MultiBody.Forces;
model ForcesAndTorques
  "Two equivalent revolute chains loaded by ForceAndTorque resolved in frame_b and in frame_resolve"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute1(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body1(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant1[6](k={0,500,0,-100,100,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed1(r={0,0.5,0});
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body2(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed3(r={0,-0.5,0});
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation(
    n={0,0,1},
    angle=45);
  Modelica.Mechanics.MultiBody.Forces.ForceAndTorque forceAndTorque1;
  Modelica.Mechanics.MultiBody.Forces.ForceAndTorque forceAndTorque2(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve);
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
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed2(r={1.5,0.25,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed4(r={1.5,-0.25,0});
equation
  connect(forceAndTorque1.frame_b, body1.frame_b);
  connect(Revolute1.frame_b, body1.frame_a);
  connect(Revolute2.frame_b, body2.frame_a);
  connect(forceAndTorque2.frame_b, body2.frame_b);
  connect(Revolute3.frame_a, fixed1.frame_b);
  connect(Revolute3.frame_b, Revolute1.frame_a);
  connect(fixedRotation.frame_b, forceAndTorque2.frame_resolve);
  connect(fixed3.frame_b, Revolute4.frame_a);
  connect(Revolute4.frame_b, Revolute2.frame_a);
  connect(fixed3.frame_b, fixedRotation.frame_a);
  connect(forceAndTorque1.frame_a, fixed2.frame_b);
  connect(fixed4.frame_b, forceAndTorque2.frame_a);
  connect(Constant1[1:3].y, forceAndTorque1.force[1:3]);
  connect(Constant1[4:6].y, forceAndTorque1.torque[1:3]);
  connect(Constant2[1:3].y, forceAndTorque2.force[1:3]);
  connect(Constant2[4:6].y, forceAndTorque2.torque[1:3]);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end ForcesAndTorques;
