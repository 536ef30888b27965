within ModelicaTest.MultiBody.Forces;
model Force
  "Two equivalent revolute chains loaded by Forces.Force resolved in frame_b and in frame_resolve"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute1(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body1(r={1,0,0});
  Modelica.Blocks.Sources.Constant Constant1[3](k={0,500,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed1(r={0,0.5,0});
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body2(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed3(r={0,-0.5,0});
  Modelica.Mechanics.MultiBody.Parts.FixedRotation fixedRotation(
    n={0,0,1},
    angle=45);
  Modelica.Mechanics.MultiBody.Forces.Force force1(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_b);
  Modelica.Mechanics.MultiBody.Forces.Force force2(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve);
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute2(
    n={0,1,0},
    phi(fixed=true),
    w(fixed=true));
  Modelica.Blocks.Sources.Constant Constant2[3](k={0,500,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute3(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Joints.Revolute Revolute4(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed2(r={1.5,0.25,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed4(r={1.5,-0.25,0});
equation
  connect(force1.frame_b, body1.frame_b);
  connect(Revolute1.frame_b, body1.frame_a);
  connect(Revolute2.frame_b, body2.frame_a);
  connect(force2.frame_b, body2.frame_b);
  connect(Revolute3.frame_a, fixed1.frame_b);
  connect(Revolute3.frame_b, Revolute1.frame_a);
  connect(fixedRotation.frame_b, force2.frame_resolve);
  connect(fixed3.frame_b, Revolute4.frame_a);
  connect(Revolute4.frame_b, Revolute2.frame_a);
  connect(fixed3.frame_b, fixedRotation.frame_a);
  connect(Constant1.y, force1.force);
  connect(Constant2.y, force2.force);
  connect(force1.frame_a, fixed2.frame_b);
  connect(fixed4.frame_b, force2.frame_a);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end Force;
