within;
model rigid_length "Masses and rods with lengths: fixed (s0 = 0) - rod (L 0.5) - spring (c 4, s_rel0 1) - mass1 (m 1, L 2) - rod2 (L 1) - mass2 (m 3, L 4); started from mass2.s = 7 at rest"
  parameter Real Lrod = 1 "rod2's length";
  Modelica.Mechanics.Translational.Components.Fixed fixed(s0=0);
  Modelica.Mechanics.Translational.Components.Rod rod(L=0.5);
  Modelica.Mechanics.Translational.Components.Spring spring(c=4, s_rel0=1);
  Modelica.Mechanics.Translational.Components.Mass mass1(m=1, L=2, v(start=0, fixed=true));
  Modelica.Mechanics.Translational.Components.Rod rod2(L=Lrod);
  Modelica.Mechanics.Translational.Components.Mass mass2(m=3, L=4, s(start=6 + Lrod, fixed=true));
equation
  connect(fixed.flange, rod.flange_a);
  connect(rod.flange_b, spring.flange_a);
  connect(spring.flange_b, mass1.flange_a);
  connect(mass1.flange_b, rod2.flange_a);
  connect(rod2.flange_b, mass2.flange_a);
end rigid_length;
