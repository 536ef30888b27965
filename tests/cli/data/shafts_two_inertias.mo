within;
model shafts_two_inertias "Two free inertias and a spring: a 1-D drive train with no World"
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J=1, phi(start=1, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=2, phi(start=0, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.Spring spring(c=100);
equation
  connect(inertia1.flange_b, spring.flange_a);
  connect(spring.flange_b, inertia2.flange_a);
  annotation(experiment(StopTime=2));
end shafts_two_inertias;
