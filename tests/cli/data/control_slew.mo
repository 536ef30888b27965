// Nonlinear.SlewRateLimiter with its default init (SteadyState: y = u, the block's own input, at
// the start) on a ramp of slope 1 from 0.1 that outruns Rising = 0.5 (run_control.sh)
model ControlSlew
  Modelica.Blocks.Sources.Ramp ramp(height=2, duration=2, offset=0.1);
  Modelica.Blocks.Nonlinear.SlewRateLimiter slew(Rising=0.5);
equation
  connect(ramp.y, slew.u);
end ControlSlew;
