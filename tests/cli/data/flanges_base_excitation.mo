within;
model flanges_base_excitation "Base excitation: a Position source (exact) moves a spring's end by 0.1 sin(2 pi t); a mass (1 kg) on the spring (c 100) starts at rest"
  Modelica.Blocks.Sources.Sine sine(f=1, amplitude=0.1);
  Modelica.Mechanics.Translational.Sources.Position pos(exact=true);
  Modelica.Mechanics.Translational.Components.Spring spring(c=100);
  Modelica.Mechanics.Translational.Components.Mass mass(m=1, s(start=0, fixed=true), v(start=0, fixed=true));
equation
  connect(sine.y, pos.s_ref);
  connect(pos.flange, spring.flange_a);
  connect(spring.flange_b, mass.flange_a);
end flanges_base_excitation;
