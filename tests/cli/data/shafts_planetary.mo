within;
model shafts_planetary "a planetary: sun driven, ring fixed, carrier output with an inertia; a rack on a pinion"
  Modelica.Mechanics.Rotational.Components.Inertia sun(J=0.01, phi(start=0, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.IdealPlanetary planetary(ratio=3);
  Modelica.Mechanics.Rotational.Components.Fixed fixed;
  Modelica.Mechanics.Rotational.Components.Inertia carrier(J=1);
  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque(tau_constant=1);
  Modelica.Mechanics.Rotational.Components.Inertia pinion(J=0.02, phi(start=0, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.IdealGearR2T rack(ratio=10);
  Modelica.Mechanics.Translational.Components.Mass mass(m=5);
  Modelica.Mechanics.Rotational.Sources.ConstantTorque torque2(tau_constant=2);
equation
  connect(torque.flange, sun.flange_a);
  connect(sun.flange_b, planetary.sun);
  connect(planetary.ring, fixed.flange);
  connect(planetary.carrier, carrier.flange_a);
  connect(torque2.flange, pinion.flange_a);
  connect(pinion.flange_b, rack.flangeR);
  connect(rack.flangeT, mass.flange_a);
end shafts_planetary;
