// a free parameter (fixed=false) without a start value: its guess is 0, as the language says;
// the initialization finds the stiffness c = 16 that gives the mass its initial acceleration
model FreeParamNoStart
  model MySpring
    extends Modelica.Mechanics.Translational.Interfaces.PartialCompliant;
    parameter Real c(fixed=false) "stiffness, found by the initialization";
  equation
    f = c*(s_rel - 0.5);
  end MySpring;
  Modelica.Mechanics.Translational.Components.Fixed fixed;
  MySpring spring;
  Modelica.Mechanics.Translational.Components.Mass mass(m=2, s(fixed=true, start=1),
    v(fixed=true, start=0));
initial equation
  mass.a = -4;
equation
  connect(fixed.flange, spring.flange_a);
  connect(spring.flange_b, mass.flange_a);
end FreeParamNoStart;
