within;
model control_ss "StateSpace: a unit step through x1' = x2, x2' = -2 x1 - 3 x2 + u with y = {2 x1, x2 + u} (A not symmetric, a direct term), and the same started in its steady state; y[1] drives an inertia; g3 starts at the output y_start nearest to a steady state (InitialOutput)"
  Modelica.Blocks.Sources.Step step(height=1, startTime=0);
  Modelica.Blocks.Continuous.StateSpace g1(A=[0, 1; -2, -3], B=[0; 1], C=[2, 0; 0, 1], D=[0; 1]);
  Modelica.Blocks.Continuous.StateSpace g2(A=[0, 1; -2, -3], B=[0; 1], C=[1, 0], initType=Modelica.Blocks.Types.Init.SteadyState);
  Modelica.Blocks.Continuous.StateSpace g3(A=[-1, 0; 0, -2], B=[1; 1], C=[1, 1], initType=Modelica.Blocks.Types.Init.InitialOutput, y_start={0.3});
  Modelica.Mechanics.Rotational.Components.Inertia i1(J=1, phi(start=0, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sources.Torque tq;
equation
  connect(step.y, g1.u[1]);
  connect(step.y, g2.u[1]);
  connect(step.y, g3.u[1]);
  connect(g1.y[1], tq.tau);
  connect(tq.flange, i1.flange_a);
end control_ss;
