within Modelica.Mechanics.MultiBody.Examples.Elementary;
model SpringMassSystem "Mass attached with a spring to the world frame"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic p1(
    useAxisFlange=true,
    n={0,-1,0},
    s(fixed=true, start=0.1),
    v(fixed=true));
  Modelica.Mechanics.Translational.Components.Spring spring1(c=30, s_rel0=0.1);
  Modelica.Mechanics.MultiBody.Parts.Body body1(m=1, r_CM={0,0,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation bar1(r={0.3,0,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation bar2(r={0.3,0,0});
  Modelica.Mechanics.MultiBody.Parts.Body body2(m=1, r_CM={0,0,0});
  Modelica.Mechanics.MultiBody.Joints.Prismatic p2(
    useAxisFlange=true,
    n={0,-1,0},
    stateSelect=StateSelect.always,
    s(fixed=true, start=0.1),
    v(fixed=true));
  Modelica.Mechanics.MultiBody.Forces.Spring spring2(c=30, s_unstretched=0.1);
equation
  connect(body1.frame_a, p1.frame_b);
  connect(world.frame_b, bar1.frame_a);
  connect(bar1.frame_b, p1.frame_a);
  connect(spring1.flange_b, p1.axis);
  connect(bar1.frame_b, bar2.frame_a);
  connect(bar2.frame_b, p2.frame_a);
  connect(p2.frame_b, body2.frame_a);
  connect(bar2.frame_b, spring2.frame_a);
  connect(body2.frame_a, spring2.frame_b);
  connect(spring1.flange_a, p1.support);
  annotation(experiment(StopTime=5, Interval=0.001, Tolerance=1e-06));
end SpringMassSystem;
