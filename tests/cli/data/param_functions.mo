// A parameter computed through every built-in function and power of the language, for the test
// that a value computed on the host (fixed) and the same value varied in the kernel give the
// same bits (run_one_evaluator.sh)
model ParamFunctions
  block F
    extends Modelica.Blocks.Interfaces.SO;
    parameter Real x = 0.7;
    parameter Real k = sinh(x) + cosh(x) + tanh(30*x) + exp(x) + log(x) + log10(x) + sin(x)
      + cos(x) + tan(x) + asin(x/100) + acos(x/100) + atan(x) + atan2(x, 2) + x^0.3 + x^3
      + x^(-2) + sqrt(x) + Modelica.Math.sinh(x/3) + 1e8*sinh(x*1e-8);
  equation
    y = k;
  end F;
  F f;
end ParamFunctions;
