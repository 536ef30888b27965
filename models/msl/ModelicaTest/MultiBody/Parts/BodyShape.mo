within ModelicaTest.MultiBody.Parts;
model BodyShape "Simple spring/damper/mass system"
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
    angles_fixed=false);
  Modelica.Mechanics.MultiBody.Forces.Spring spring2(c=20, s_unstretched=0);
  Modelica.Mechanics.MultiBody.Joints.FreeMotion freeMotion(
    w_rel_a_fixed=true,
    v_rel_a(each fixed=true),
    angles_fixed=true,
    r_rel_a(start={0.2,-0.5,0.1}, each fixed=true));
equation
  connect(world.frame_b, bar2.frame_a);
  connect(world.frame_b, spring1.frame_a);
  connect(world.frame_b, freeMotion.frame_a);
  connect(spring1.frame_b, body.frame_a);
  connect(freeMotion.frame_b, body.frame_a);
  connect(body.frame_b, spring2.frame_b);
  connect(bar2.frame_b, spring2.frame_a);
  annotation(experiment(StopTime=10, Interval=0.002, Tolerance=1e-06));
end BodyShape;
