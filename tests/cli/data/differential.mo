within;
model differential "An IdealPlanetary (ratio 4) whose sun (J 0.1), ring (J 2) and carrier (J 1) all turn, a spring (c 10) between sun and ring, nothing outside: started with w_sun = 5, w_ring = 0 (carrier 1) and the spring stretched by 0.2"
  Modelica.Mechanics.Rotational.Components.IdealPlanetary planetary(ratio=4);
  Modelica.Mechanics.Rotational.Components.Inertia sun(J=0.1, phi(start=0, fixed=true), w(start=5, fixed=true));
  Modelica.Mechanics.Rotational.Components.Inertia ring(J=2, phi(start=0.2, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Components.Inertia carrier(J=1);
  Modelica.Mechanics.Rotational.Components.Spring spring(c=10);
  Modelica.Mechanics.Rotational.Sensors.TorqueSensor sensor;
equation
  connect(sun.flange_b, planetary.sun);
  connect(ring.flange_b, planetary.ring);
  connect(planetary.carrier, carrier.flange_a);
  connect(spring.flange_a, sun.flange_a);
  connect(spring.flange_b, sensor.flange_a);
  connect(sensor.flange_b, ring.flange_a);
end differential;
