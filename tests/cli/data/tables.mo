within;
model tables "CombiTimeTable: interpolation, a jump, extrapolation, offsets, startTime, a file"
  Modelica.Blocks.Sources.CombiTimeTable lin(table=[0.5, 1, 0; 1, 2, 1; 1, 4, 1; 2, 2, 0],
    columns={2, 3}, offset={0.5, -1});
  Modelica.Blocks.Sources.CombiTimeTable con(table=[0, 0; 1, 2; 2, 1],
    smoothness=Modelica.Blocks.Types.Smoothness.ConstantSegments, startTime=0.25);
  Modelica.Blocks.Sources.CombiTimeTable hold(table=[0.5, 1; 1.5, 3],
    extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint, timeScale=2);
  Modelica.Blocks.Sources.CombiTimeTable file(tableOnFile=true, fileName=tablesFile,
    tableName="traj");
  Modelica.Blocks.Sources.CombiTimeTable akima(table=[0, 0; 1, 1; 2, 4; 3, 9; 4, 16],
    smoothness=Modelica.Blocks.Types.Smoothness.ContinuousDerivative, shiftTime=-0.5);
  parameter String tablesFile = "tables.txt";
end tables;
