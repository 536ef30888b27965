within;
model control_pi_speed
  "Speed control of an inertia (J = 1) by a PI law built of blocks, y = 4 e + 4 integral(e): W/R = (4 s + 4) / (s + 2)^2"
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1, phi(start=0, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speed;
  Modelica.Mechanics.Rotational.Sources.Torque torque;
  Modelica.Blocks.Sources.Step ref(height=1);
  Modelica.Blocks.Math.Feedback err;
  Modelica.Blocks.Math.Gain p(k=4);
  Modelica.Blocks.Continuous.Integrator i(k=4);
  Modelica.Blocks.Math.Add pi;
equation
  connect(inertia.flange_a, speed.flange);
  connect(torque.flange, inertia.flange_b);
  connect(ref.y, err.u1);
  connect(speed.w, err.u2);
  connect(err.y, p.u);
  connect(err.y, i.u);
  connect(p.y, pi.u1);
  connect(i.y, pi.u2);
  connect(pi.y, torque.tau);
end control_pi_speed;
