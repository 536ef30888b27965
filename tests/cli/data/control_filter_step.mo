// Blocks.Continuous.Filter against the MSL's other filters of the same transfer function
// (LowpassButterworth from its own equations; CriticalDamping unnormalized), and its init
// options on a constant input (run_filter.sh)
model ControlFilterStep
  import Modelica.Blocks.Types;
  Modelica.Blocks.Sources.Step step(startTime=0.1, height=1.5, offset=0.5);
  Modelica.Blocks.Continuous.Filter lpB(analogFilter=Types.AnalogFilter.Butterworth, order=4,
    f_cut=2, u_nominal=3, gain=1);
  Modelica.Blocks.Continuous.LowpassButterworth refB(n=4, f=2,
    initType=Types.Init.SteadyState);
  Modelica.Blocks.Continuous.Filter lpCD(order=3, f_cut=1.5, normalized=false);
  Modelica.Blocks.Continuous.CriticalDamping refCD(n=3, f=1.5, normalized=false,
    initType=Types.Init.SteadyState);
  Modelica.Blocks.Continuous.Filter hp(analogFilter=Types.AnalogFilter.Butterworth,
    filterType=Types.FilterType.HighPass, order=3, f_cut=2);
  Modelica.Blocks.Continuous.Filter out(analogFilter=Types.AnalogFilter.Bessel, order=3,
    f_cut=2, init=Types.Init.InitialOutput, y_start=0.25, gain=2);
  Modelica.Blocks.Continuous.Filter given(order=2, f_cut=2, init=Types.Init.InitialState,
    x_start={0.1, 0.3});
equation
  connect(step.y, lpB.u);
  connect(step.y, refB.u);
  connect(step.y, lpCD.u);
  connect(step.y, refCD.u);
  connect(step.y, hp.u);
  connect(step.y, out.u);
  connect(step.y, given.u);
end ControlFilterStep;
