within;
model control_butterworth "The MSL's LowpassButterworth (1 Hz) of a unit step: n = 2 and n = 3 from rest, n = 3 started in its steady state"
  Modelica.Blocks.Sources.Step step(startTime=0);
  Modelica.Blocks.Continuous.LowpassButterworth b2(n=2, f=1);
  Modelica.Blocks.Continuous.LowpassButterworth b3(n=3, f=1);
  Modelica.Blocks.Continuous.LowpassButterworth steady(n=3, f=1, initType=Modelica.Blocks.Types.Init.SteadyState);
equation
  connect(step.y, b2.u);
  connect(step.y, b3.u);
  connect(step.y, steady.u);
end control_butterworth;
