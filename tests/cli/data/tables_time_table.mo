within;
model tables_time_table "Blocks.Sources.TimeTable: a jump at 1 and startTime 0.5 (the table shifted by it, offset 0.5 before it), an integrator of it; and a table extrapolated along its two points"
  Modelica.Blocks.Sources.TimeTable a(table=[0, 0; 1, 1; 1, 3; 2, 2], offset=0.5, startTime=0.5);
  Modelica.Blocks.Sources.TimeTable b(table=[0, 1; 1, 3], shiftTime=0);
  Modelica.Blocks.Continuous.Integrator i;
equation
  connect(a.y, i.u);
end tables_time_table;
