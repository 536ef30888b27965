within;
model control_der "Blocks.Continuous.Der of a sine (f 1 Hz), of a free inertia's angle and of its speed (J 2, torque 1 + t)"
  Modelica.Blocks.Sources.Sine sine(f=1);
  Modelica.Blocks.Continuous.Der dsine;
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=2, phi(start=0, fixed=true), w(start=0.5, fixed=true));
  Modelica.Mechanics.Rotational.Sources.Torque torque;
  Modelica.Blocks.Sources.Ramp ramp(height=1, duration=1, offset=1);
  Modelica.Mechanics.Rotational.Sensors.AngleSensor angle;
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speed;
  Modelica.Blocks.Continuous.Der dangle;
  Modelica.Blocks.Continuous.Der dspeed;
equation
  connect(sine.y, dsine.u);
  connect(ramp.y, torque.tau);
  connect(torque.flange, inertia.flange_a);
  connect(angle.flange, inertia.flange_b);
  connect(speed.flange, inertia.flange_b);
  connect(angle.phi, dangle.u);
  connect(speed.w, dspeed.u);
end control_der;
