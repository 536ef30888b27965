// y = 2 x1 - 3 x2 + x1 x3 as a block's output: elementary effects known in closed form
// (run_sensitivity.sh)
model Effects
  block F
    extends Modelica.Blocks.Interfaces.SO;
    parameter Real x1 = 0, x2 = 0, x3 = 0;
  equation
    y = 2*x1 - 3*x2 + x1*x3;
  end F;
  F f;
end Effects;
