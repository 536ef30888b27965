within;
model control_tf "TransferFunction: a unit step through (2s + 3) / (s^2 + 3s + 2), s / (s + 1), 2 / (s^2 + 3s + 2) from its steady state, and a constant gain 4 / 2; the first drives an inertia"
  Modelica.Blocks.Sources.Step step(height=1, startTime=0);
  Modelica.Blocks.Continuous.TransferFunction g1(b={2,3}, a={1,3,2});
  Modelica.Blocks.Continuous.TransferFunction g2(b={1,0}, a={1,1});
  Modelica.Blocks.Continuous.TransferFunction g3(b={2}, a={1,3,2}, initType=Modelica.Blocks.Types.Init.SteadyState);
  Modelica.Blocks.Continuous.TransferFunction g4(b={4}, a={2}, initType=Modelica.Blocks.Types.Init.InitialOutput, y_start=3);
  Modelica.Mechanics.Rotational.Components.Inertia i1(J=1, phi(start=0, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sources.Torque tq;
equation
  connect(step.y, g1.u);
  connect(step.y, g2.u);
  connect(step.y, g3.u);
  connect(step.y, g4.u);
  connect(g1.y, tq.tau);
  connect(tq.flange, i1.flange_a);
end control_tf;
