model NoStates "a signal source alone: nothing to integrate"
  Modelica.Blocks.Sources.Sine s(f=1);
end NoStates;
