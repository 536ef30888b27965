within;
block Lag2 "two first-order lags in a chain (time constants T), their states one vector x started at x0"
  extends Modelica.Blocks.Interfaces.SISO;
  parameter Real T[2] = {0.5, 0.25};
  parameter Real x0[2] = {0, 0};
  Real x[2];
initial equation
  x = x0;
equation
  der(x[1]) = (u - x[1])/T[1];
  for i in 2:2 loop
    der(x[i]) = (x[i-1] - x[i])/T[i];
  end for;
  y = x[2];
end Lag2;

model control_vector_state "A block of the user's whose states are a vector: a unit step through two lags from rest (x2 = 1 - 2 e^-2t + e^-4t), and the same started at its steady state {1, 1}"
  Modelica.Blocks.Sources.Step step(startTime=0);
  Lag2 lag;
  Lag2 rest(x0={1, 1});
  Modelica.Blocks.Continuous.Integrator i;
equation
  connect(step.y, lag.u);
  connect(step.y, rest.u);
  connect(lag.y, i.u);
end control_vector_state;
