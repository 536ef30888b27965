// SineVariableFrequencyAndAmplitude with its constants (Constant blocks inside it behind
// conditional inputs) and with both inputs fed: f = 1 + 2 t, amplitude 0.5 (run_sources.sh)
model SourcesVariableSine
  Modelica.Blocks.Sources.SineVariableFrequencyAndAmplitude fixedSine(
    useConstantAmplitude=true, useConstantFrequency=true, constantFrequency=2,
    constantAmplitude=3);
  Modelica.Blocks.Sources.SineVariableFrequencyAndAmplitude sweep(offset=0.25);
  Modelica.Blocks.Sources.Ramp fr(height=2, duration=1, offset=1);
  Modelica.Blocks.Sources.Constant amp(k=0.5);
  Modelica.Blocks.Continuous.Integrator i1;
equation
  connect(fixedSine.y, i1.u);
  connect(fr.y, sweep.f);
  connect(amp.y, sweep.amplitude);
end SourcesVariableSine;
