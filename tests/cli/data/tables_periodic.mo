// CombiTimeTable with extrapolation = Periodic (run_tables.sh): linear segments with a jump at
// t = 1 and another where the period wraps (from 0 back to 0: none; from 1 to -1 at 1: one),
// shifted by 0.1 s and started at 0.3 s; constant segments whose period wraps from 3 to 2
model TablesPeriodic
  Modelica.Blocks.Sources.CombiTimeTable tab(table=[0, 0; 0.5, 1; 1, 1; 1, -1; 2, 0],
    extrapolation=Modelica.Blocks.Types.Extrapolation.Periodic, startTime=0.3, shiftTime=0.1);
  Modelica.Blocks.Sources.CombiTimeTable tabc(table=[0, 2; 0.5, 1; 1.5, 3],
    smoothness=Modelica.Blocks.Types.Smoothness.ConstantSegments,
    extrapolation=Modelica.Blocks.Types.Extrapolation.Periodic);
  Modelica.Blocks.Continuous.Integrator i1, i2;
equation
  connect(tab.y[1], i1.u);
  connect(tabc.y[1], i2.u);
end TablesPeriodic;
