within ModelicaTest.MultiBody.Parts;
model FreeBodies2
  "Test whether enforceStates=true works for all body types (#300)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation bar2(r={0.8,0,0});
  Modelica.Mechanics.MultiBody.Forces.Spring spring1(c=20, s_unstretched=0);
  Modelica.Mechanics.MultiBody.Parts.BodyShape bodyShape(
    I_11=1,
    I_22=1,
    I_33=1,
    r={0.4,0,0},
    r_CM={0.2,0,0},
    m=1,
    r_0(start={0.2,-0.5,0.1}, each fixed=true),
    v_0(each fixed=true),
    angles_fixed=true,
    w_0_fixed=true,
    enforceStates=true,
    angles_start={0.17453292519943,0.17453292519943,0.17453292519943});
  Modelica.Mechanics.MultiBody.Forces.Spring spring2(c=20, s_unstretched=0);
  Modelica.Mechanics.MultiBody.Parts.Body body(
    I_11=0.1,
    I_22=0.1,
    I_33=0.1,
    m=1,
    r_CM={0,-0.3,0},
    enforceStates=true,
    r_0(start={0.2,-0.5,0.1}, each fixed=true),
    v_0(each fixed=true, start={-0.1,-0.1,-0.1}),
    angles_fixed=true,
    w_0_start={-0.1,-0.1,-0.1},
    w_0_fixed=true);
  Modelica.Mechanics.MultiBody.Forces.Spring spring3(c=20, s_unstretched=0);
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox(
    r={0,-0.3,0},
    width=0.05,
    enforceStates=true,
    r_0(start={0.2,-0.5,0.1}, each fixed=true),
    v_0(each fixed=true),
    angles_fixed=true,
    w_0_start={-0.1,-0.1,-0.1},
    w_0_fixed=true);
  Modelica.Mechanics.MultiBody.Forces.Spring spring4(s_unstretched=0, c=100);
  Modelica.Mechanics.MultiBody.Forces.Spring spring5(s_unstretched=0, c=100);
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder bodyCylinder(
    r={0,-0.3,0},
    diameter=0.05,
    enforceStates=true,
    r_0(start={0.2,-0.5,0.1}, each fixed=true),
    v_0(each fixed=true),
    angles_fixed=true,
    w_0_start={-0.1,-0.1,-0.1},
    w_0_fixed=true);
  Modelica.Mechanics.MultiBody.Parts.PointMass pointMass(
    m=1,
    stateSelect=StateSelect.always,
    r_0(start={0.2,-0.5,0.1}, each fixed=true),
    v_0(each fixed=true));
  Modelica.Mechanics.MultiBody.Forces.Spring spring6(
    c=20,
    s_unstretched=0,
    fixedRotationAtFrame_b=true);
equation
  connect(bar2.frame_a, world.frame_b);
  connect(spring1.frame_b, bodyShape.frame_a);
  connect(bar2.frame_b, spring2.frame_a);
  connect(spring1.frame_a, world.frame_b);
  connect(bodyShape.frame_b, spring2.frame_b);
  connect(world.frame_b, spring3.frame_a);
  connect(spring3.frame_b, body.frame_a);
  connect(world.frame_b, spring4.frame_a);
  connect(spring4.frame_b, bodyBox.frame_a);
  connect(world.frame_b, spring5.frame_a);
  connect(spring5.frame_b, bodyCylinder.frame_a);
  connect(world.frame_b, spring6.frame_a);
  connect(pointMass.frame_a, spring6.frame_b);
  annotation(experiment(StopTime=10, Interval=0.002, Tolerance=1e-06));
end FreeBodies2;
