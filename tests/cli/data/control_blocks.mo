within;
model control_blocks "Blocks.Continuous step and ramp responses, no mechanics"
  Modelica.Blocks.Sources.Step step(height=1);
  Modelica.Blocks.Sources.ContinuousClock clock;
  Modelica.Blocks.Continuous.FirstOrder first(k=2, T=0.5);
  Modelica.Blocks.Continuous.Integrator integrator(k=3, y_start=1);
  Modelica.Blocks.Continuous.SecondOrder second(k=1, w=4, D=1);
  Modelica.Blocks.Continuous.Derivative derivative(k=1, T=0.1, initType=Modelica.Blocks.Types.Init.InitialState);
equation
  connect(step.y, first.u);
  connect(step.y, integrator.u);
  connect(step.y, second.u);
  connect(clock.y, derivative.u);
end control_blocks;
