within ModelicaTest.MultiBody.Frames;
model AngularVelocity "Test angular velocity functions"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation bar2(r={0.8,0,0});
  Modelica.Mechanics.MultiBody.Forces.Spring spring1(c=20, s_unstretched=0);
  Modelica.Mechanics.MultiBody.Parts.BodyShape body(
    m=1,
    I_11=1,
    I_22=1,
    I_33=1,
    r={0.4,0,0},
    r_CM={0.2,0,0},
    angles_start={0.174532925199433,0.174532925199433,0.174532925199433},
    a_0(each fixed=false),
    angles_fixed=true,
    r_0(each fixed=true, start={0.2,-0.5,0.1}),
    v_0(each fixed=true),
    w_0_fixed=true,
    z_0_fixed=false);
  Modelica.Mechanics.MultiBody.Forces.Spring spring2(c=20, s_unstretched=0);
  Modelica.Mechanics.MultiBody.Forces.WorldTorque FrameTorque1(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_b);
  Modelica.Blocks.Sources.Constant Constant1[3](k={10,0,0});
equation
  connect(bar2.frame_a, world.frame_b);
  connect(spring1.frame_b, body.frame_a);
  connect(spring2.frame_b, body.frame_b);
  connect(bar2.frame_b, spring2.frame_a);
  connect(spring1.frame_a, world.frame_b);
  connect(FrameTorque1.frame_b, body.frame_b);
  connect(Constant1.y, FrameTorque1.torque);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end AngularVelocity;
