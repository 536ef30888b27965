// The MSL double pendulum with its first link's length bound to a parameter through functions
// (run_one_evaluator.sh): fixed, the binding is computed on the host; varied, in the kernel
model PendulumBound
  parameter Real a = 0.2;
  extends Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum(
    boxBody1(r = {0.5 + 0.05*tanh(a) + 1e6*sinh(1e-7*a), 0, 0}),
    revolute1(phi(start = asin(a))));
end PendulumBound;
