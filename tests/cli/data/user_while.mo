package UserWhile "a user's law that calls a function with a while loop whose count depends on the state"
  function newtonSqrt "sqrt(x) for x >= 1 by Newton's iteration until it has converged"
    input Real x;
    output Real y = x;
  algorithm
    while abs(y*y - x) > 1e-15*x loop
      y := 0.5*(y + x/y);
    end while;
  end newtonSqrt;
  function endless "a loop that never ends"
    input Real x;
    output Real y = x*x + 1;
  algorithm
    while y > 0 loop
      y := y + 1;
    end while;
  end endless;
  model SoftSpring "f = c (s - s0)/sqrt((s - s0)^2 + 1): potential c (sqrt((s - s0)^2 + 1) - 1)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;
    parameter Real c = 50;
    parameter Real s0 = 1;
  equation
    f = c*(s - s0)/newtonSqrt((s - s0)^2 + 1);
  end SoftSpring;
  model Slide
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n = {1, 0, 0},
      s(start = 1.5, fixed = true), v(start = 0, fixed = true));
    Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0});
    replaceable SoftSpring sp;
  equation
    connect(world.frame_b, slider.frame_a);
    connect(slider.frame_b, body.frame_a);
    connect(world.frame_b, sp.frame_a);
    connect(body.frame_a, sp.frame_b);
  end Slide;
  model EndlessSpring
    extends SoftSpring;
    Real k = endless(s);
  end EndlessSpring;
  model Endless "the law's loop never ends: the member stops at the start (init-fail)"
    extends Slide(redeclare EndlessSpring sp);
  end Endless;
end UserWhile;
