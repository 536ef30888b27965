within;
model control_der_loop "a Der of a speed driving the torque: its rate is the acceleration the torque decides"
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=2, phi(start=0, fixed=true), w(start=0.5, fixed=true));
  Modelica.Mechanics.Rotational.Sources.Torque torque;
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speed;
  Modelica.Blocks.Continuous.Der dspeed;
equation
  connect(torque.flange, inertia.flange_a);
  connect(speed.flange, inertia.flange_b);
  connect(speed.w, dspeed.u);
  connect(dspeed.y, torque.tau);
end control_der_loop;
