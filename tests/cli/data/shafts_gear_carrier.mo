within;
model shafts_gear_carrier
  "An IdealGear whose flange_b is fixed and whose support turns: flange_a - support = ratio (0 - support)"
  Modelica.Mechanics.Rotational.Components.Inertia sun(J=0.1, phi(start=0, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=4, useSupport=true);
  Modelica.Mechanics.Rotational.Components.Fixed fixed(phi0=0);
  Modelica.Mechanics.Rotational.Components.Inertia carrier(J=2);
  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=1);
equation
  connect(torque.flange, sun.flange_a);
  connect(sun.flange_b, gear.flange_a);
  connect(gear.flange_b, fixed.flange);
  connect(gear.support, carrier.flange_a);
end shafts_gear_carrier;
