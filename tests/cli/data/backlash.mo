within;
model backlash "an inertia bouncing in a backlash"
  Modelica.Mechanics.Rotational.Components.Inertia i1(J=1, phi(start=0, fixed=true), w(start=1, fixed=true));
  Modelica.Mechanics.Rotational.Components.ElastoBacklash eb(c=1e4, d=0, b=0.2, phi_rel0=0);
  Modelica.Mechanics.Rotational.Components.Fixed fixed;
equation
  connect(fixed.flange, eb.flange_a);
  connect(eb.flange_b, i1.flange_a);
end backlash;
