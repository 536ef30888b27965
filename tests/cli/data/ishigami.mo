// the Ishigami function (a = 7, b = 0.1) of three parameters as a block's output, for Sobol'
// indices against their analytic values (run_sensitivity.sh)
model Ishigami
  block F
    extends Modelica.Blocks.Interfaces.SO;
    parameter Real x1 = 0, x2 = 0, x3 = 0;
  equation
    y = sin(x1) + 7*sin(x2)^2 + 0.1*x3^4*sin(x1);
  end F;
  F f;
end Ishigami;
