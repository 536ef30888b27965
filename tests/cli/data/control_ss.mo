within;
model control_ss "StateSpace: a unit step through x1' = x2, x2' = -2 x1 - 3 x2 + u with y = {2 x1, x2 + u} (A not symmetric, a direct term), and the same started in its steady state; y[1] drives an inertia"
  Modelica.Blocks.Sources.Step step(height=1, startTime=0);
  Modelica.Blocks.Continuous.StateSpace g1(A=[0, 1; -2, -3], B=[0; 1], C=[2, 0; 0, 1], D=[0; 1]);
  Modelica.Blocks.Continuous.StateSpace g2(A=[0, 1; -2, -3], B=[0; 1], C=[1, 0], initType=Modelica.Blocks.Types.Init.SteadyState);
  Modelica.Mechanics.Rotational.Components.Inertia i1(J=1, phi(start=0, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sources.Torque tq;
equation
  connect(step.y, g1.u[1]);
  connect(step.y, g2.u[1]);
  connect(g1.y[1], tq.tau);
  connect(tq.flange, i1.flange_a);
end control_ss;
