within;
model tables_drive "A free inertia moved by Position(exact=true) along a CombiTimeTable trajectory"
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=2);
  Modelica.Mechanics.Rotational.Sources.Position position(exact=true);
  Modelica.Blocks.Sources.CombiTimeTable trajectory(table=[0, 0; 1, 1; 2, 0.5],
    extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);
equation
  connect(trajectory.y[1], position.phi_ref);
  connect(position.flange, inertia.flange_a);
end tables_drive;
