within ModelicaTest.MultiBody.Sensors;
model CutTorque
  "Cut-torque sensors resolved in frame_a, world and frame_resolve between rotated fixed frames and hanging bodies"
  inner Modelica.Mechanics.MultiBody.World world(n={0,0,-1});
  Modelica.Mechanics.MultiBody.Sensors.CutTorque cutTorque1a;
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation translate1a(r={0,-1,0});
  Modelica.Mechanics.MultiBody.Parts.Body body1a(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Sensors.CutTorque cutTorque2a(
    positiveSign=false,
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.world);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation translate2a(r={0,-1,0});
  Modelica.Mechanics.MultiBody.Parts.Body body2a(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.FixedRotation rotate1a(
    n={0,0,1},
    angle=90,
    r={0,0,-0.2});
  Modelica.Mechanics.MultiBody.Parts.FixedRotation rotate2a(
    n={0,0,1},
    angle=90,
    r={0,0,0.2});
  Modelica.Mechanics.MultiBody.Sensors.CutTorque cutTorque1b(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_resolve);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation translate1b(r={0,-1,0});
  Modelica.Mechanics.MultiBody.Parts.Body body1b(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.FixedRotation rotate1b(
    n={0,0,1},
    angle=90,
    r={0,0,-0.6});
  Modelica.Blocks.Math.Add err1[3](each k2=-1);
  Modelica.Mechanics.MultiBody.Sensors.CutTorque cutTorque2b(
    positiveSign=false,
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_resolve);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation translate2b(r={0,-1,0});
  Modelica.Mechanics.MultiBody.Parts.Body body2b(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.FixedRotation rotate2b(
    n={0,0,1},
    angle=90,
    r={0,0,0.6});
  Modelica.Blocks.Math.Add err2[3](each k2=-1);
equation
  connect(world.frame_b, rotate1a.frame_a);
  connect(rotate1a.frame_b, cutTorque1a.frame_a);
  connect(rotate2a.frame_b, cutTorque2a.frame_a);
  connect(rotate2a.frame_a, world.frame_b);
  connect(rotate1b.frame_b, cutTorque1b.frame_a);
  connect(cutTorque1b.frame_resolve, rotate1b.frame_b);
  connect(world.frame_b, rotate1b.frame_a);
  connect(rotate2b.frame_b, cutTorque2b.frame_a);
  connect(rotate2b.frame_a, world.frame_b);
  connect(cutTorque2b.frame_resolve, world.frame_b);
  connect(cutTorque1b.frame_b, translate1b.frame_a);
  connect(translate1b.frame_b, body1b.frame_a);
  connect(cutTorque1a.frame_b, translate1a.frame_a);
  connect(translate1a.frame_b, body1a.frame_a);
  connect(cutTorque2a.frame_b, translate2a.frame_a);
  connect(translate2a.frame_b, body2a.frame_a);
  connect(cutTorque2b.frame_b, translate2b.frame_a);
  connect(translate2b.frame_b, body2b.frame_a);
  connect(cutTorque1b.torque, err1.u1);
  connect(cutTorque1a.torque, err1.u2);
  connect(cutTorque2a.torque, err2.u1);
  connect(cutTorque2b.torque, err2.u2);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end CutTorque;
