// a clutch between two inertias: Coulomb friction with stuck and sliding modes, which mbens
// refuses by name (not with an error from inside the MSL's functions)
model UnsupportedFriction
  Modelica.Mechanics.Rotational.Components.Inertia j1(J=1, w(start=10, fixed=true),
    phi(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.Inertia j2(J=1, w(start=0, fixed=true),
    phi(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.Clutch clutch1(fn_max=10, mu_pos=[0, 0.3; 1, 0.2]);
  Modelica.Blocks.Sources.Constant engage(k=1);
equation
  connect(j1.flange_b, clutch1.flange_a);
  connect(clutch1.flange_b, j2.flange_a);
  connect(engage.y, clutch1.f_normalized);
end UnsupportedFriction;
