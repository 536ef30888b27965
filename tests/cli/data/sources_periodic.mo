// Blocks.Sources' periodic signals, each integrated: a 1 % pulse (its steps would step over it
// without events at its times), a pulse that stops after three periods, a trapezoid with every
// phase, a saw tooth that stops after five periods (run_sources.sh)
model SourcesPeriodic
  Modelica.Blocks.Sources.Pulse pulse(width=1, period=1, startTime=0.25, amplitude=2,
    offset=0.5);
  Modelica.Blocks.Sources.Pulse pulse3(width=30, period=0.7, nperiod=3, startTime=0.1);
  Modelica.Blocks.Sources.Trapezoid trap(rising=0.1, width=0.2, falling=0.3, period=0.8,
    amplitude=3, offset=-1, startTime=0.05);
  Modelica.Blocks.Sources.SawTooth saw(period=0.3, amplitude=2, nperiod=5);
  Modelica.Blocks.Continuous.Integrator i1, i2, i3, i4;
equation
  connect(pulse.y, i1.u);
  connect(pulse3.y, i2.u);
  connect(trap.y, i3.u);
  connect(saw.y, i4.u);
end SourcesPeriodic;
