within;
model control_ptp "KinematicPTP: two axes (deltaq {2, -1}, qd_max 1, qdd_max {1, 2}, from 0.5 s) with a coasting phase, one axis (deltaq 1, qd_max 10, qdd_max 4) without; the first axis and the single one integrated twice"
  Modelica.Blocks.Sources.KinematicPTP ptp(deltaq={2, -1}, qd_max={1}, qdd_max={1, 2}, startTime=0.5);
  Modelica.Blocks.Sources.KinematicPTP fast(deltaq={1}, qd_max={10}, qdd_max={4});
  Modelica.Blocks.Continuous.Integrator v1;
  Modelica.Blocks.Continuous.Integrator q1;
  Modelica.Blocks.Continuous.Integrator v2;
  Modelica.Blocks.Continuous.Integrator q2;
equation
  connect(ptp.y[1], v1.u);
  connect(v1.y, q1.u);
  connect(fast.y[1], v2.u);
  connect(v2.y, q2.u);
end control_ptp;
