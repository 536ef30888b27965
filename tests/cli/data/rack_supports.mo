within;
model rack_supports "An IdealGearR2T (10 rad/m) with its supports on fixed flanges at 0.5 rad and 0.2 m: a pinion (J 0.02, torque 2, from 0.5 rad) moves a mass (5 kg) on the rack"
  Modelica.Mechanics.Rotational.Components.IdealGearR2T rack(ratio=10, useSupportR=true, useSupportT=true);
  Modelica.Mechanics.Rotational.Components.Fixed fixedR(phi0=0.5);
  Modelica.Mechanics.Translational.Components.Fixed fixedT(s0=0.2);
  Modelica.Mechanics.Rotational.Components.Inertia pinion(J=0.02, phi(start=0.5, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sources.ConstantTorque tq(tau_constant=2);
  Modelica.Mechanics.Translational.Components.Mass mass(m=5);
equation
  connect(rack.supportR, fixedR.flange);
  connect(rack.supportT, fixedT.flange);
  connect(tq.flange, pinion.flange_a);
  connect(pinion.flange_b, rack.flangeR);
  connect(rack.flangeT, mass.flange_a);
end rack_supports;
