within;
model shafts_gear_dangling "a gear whose flange_b hangs free: the inertia on flange_a turns alone"
  Modelica.Mechanics.Rotational.Components.Inertia i1(J=2, phi(start=0, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=3);
  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=1);
equation
  connect(torque.flange, i1.flange_a);
  connect(i1.flange_b, gear.flange_a);
end shafts_gear_dangling;
