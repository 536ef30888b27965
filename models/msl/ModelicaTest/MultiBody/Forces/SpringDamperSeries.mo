within ModelicaTest.MultiBody.Forces;
model SpringDamperSeries
  "Point mass on universal and prismatic joints pulled by a Spring and a SpringDamperSeries in parallel"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Forces.SpringDamperSeries sps1(
    c=10,
    s_unstretched=0.1,
    d=10);
  Modelica.Mechanics.MultiBody.Forces.Spring s1(c=10, s_unstretched=0.1);
  Modelica.Mechanics.MultiBody.Parts.PointMass pointMass(m=1);
  Modelica.Mechanics.MultiBody.Joints.Universal universal1(
    phi_a(fixed=true),
    w_a(fixed=true),
    w_b(fixed=true),
    phi_b(fixed=true, start=0.78539816339745));
  Modelica.Mechanics.MultiBody.Joints.Prismatic prismatic1(
    s(fixed=true, start=0.1),
    v(fixed=true, start=0.1));
equation
  connect(s1.frame_a, world.frame_b);
  connect(sps1.frame_a, s1.frame_a);
  connect(s1.frame_b, pointMass.frame_a);
  connect(sps1.frame_b, pointMass.frame_a);
  connect(s1.frame_a, universal1.frame_a);
  connect(pointMass.frame_a, prismatic1.frame_b);
  connect(universal1.frame_b, prismatic1.frame_a);
  annotation(experiment(StopTime=1, Interval=0.0002, Tolerance=1e-06));
end SpringDamperSeries;
