within Modelica.Mechanics.MultiBody.Examples.Elementary;
model SpringDamperSystem "Simple spring/damper/mass system"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body1(
    m=1,
    r_CM={0,-0.2,0},
    I_11=0.1,
    I_22=0.1,
    I_33=0.1,
    r_0(start={0.3,-0.2,0}, each fixed=true),
    v_0(each fixed=true),
    angles_fixed=true,
    w_0_fixed=true,
    w_0_start={0,0,0.03490658503988659});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation bar1(r={0.3,0,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation bar2(r={0.6,0,0});
  Modelica.Mechanics.MultiBody.Parts.Body body2(m=1, r_CM={0,0,0});
  Modelica.Mechanics.MultiBody.Joints.Prismatic p2(
    useAxisFlange=true,
    n={0,-1,0},
    stateSelect=StateSelect.always,
    s(fixed=true, start=0.1),
    v(fixed=true));
  Modelica.Mechanics.MultiBody.Forces.Spring spring2(c=30, s_unstretched=0.1);
  Modelica.Mechanics.MultiBody.Forces.Spring spring1(s_unstretched=0.1, c=30);
  Modelica.Mechanics.MultiBody.Forces.Damper damper1(d=2);
equation
  connect(world.frame_b, bar1.frame_a);
  connect(bar1.frame_b, bar2.frame_a);
  connect(bar2.frame_b, p2.frame_a);
  connect(p2.frame_b, body2.frame_a);
  connect(bar2.frame_b, spring2.frame_a);
  connect(body2.frame_a, spring2.frame_b);
  connect(damper1.frame_a, bar1.frame_b);
  connect(spring1.frame_a, bar1.frame_b);
  connect(damper1.frame_b, body1.frame_a);
  connect(spring1.frame_b, body1.frame_a);
  annotation(experiment(StopTime=10, Interval=0.002, Tolerance=1e-06));
end SpringDamperSystem;
