within;
model control_msl_blocks
  "Blocks written in equations, from the MSL sources: PI in a speed loop, Limiter and LimIntegrator of a sine, LimPID in a speed loop"
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1, phi(start=0, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speed;
  Modelica.Mechanics.Rotational.Sources.Torque torque;
  Modelica.Blocks.Sources.Step ref(height=1);
  Modelica.Blocks.Math.Feedback err;
  Modelica.Blocks.Continuous.PI pi(k=4, T=1);
  Modelica.Blocks.Sources.Sine sine(amplitude=2, f=1);
  Modelica.Blocks.Nonlinear.Limiter limiter(uMax=1);
  Modelica.Blocks.Continuous.LimIntegrator limint(k=1, outMax=0.2);
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J=1, phi(start=0, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speed2;
  Modelica.Mechanics.Rotational.Sources.Torque torque2;
  Modelica.Blocks.Continuous.LimPID pid(k=4, Ti=1, Td=0.1, yMax=2);
equation
  connect(inertia.flange_a, speed.flange);
  connect(torque.flange, inertia.flange_b);
  connect(ref.y, err.u1);
  connect(speed.w, err.u2);
  connect(err.y, pi.u);
  connect(pi.y, torque.tau);
  connect(sine.y, limiter.u);
  connect(sine.y, limint.u);
  connect(inertia2.flange_a, speed2.flange);
  connect(torque2.flange, inertia2.flange_b);
  connect(ref.y, pid.u_s);
  connect(speed2.w, pid.u_m);
  connect(pid.y, torque2.tau);
end control_msl_blocks;
