within;
model flow_sensors "A motor (J 0.1, torque 1) drives a load (J 2) through a gear (ratio 10); sensors before the gear, after it, and reversed at the source"
  Modelica.Mechanics.Rotational.Sources.ConstantTorque tq(tau_constant=1);
  Modelica.Mechanics.Rotational.Sensors.TorqueSensor source;
  Modelica.Mechanics.Rotational.Components.Inertia motor(J=0.1, phi(start=0, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sensors.MultiSensor before;
  Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=10);
  Modelica.Mechanics.Rotational.Sensors.PowerSensor after;
  Modelica.Mechanics.Rotational.Components.Inertia load(J=2);
equation
  connect(tq.flange, source.flange_b);
  connect(source.flange_a, motor.flange_a);
  connect(motor.flange_b, before.flange_a);
  connect(before.flange_b, gear.flange_a);
  connect(gear.flange_b, after.flange_a);
  connect(after.flange_b, load.flange_a);
end flow_sensors;
