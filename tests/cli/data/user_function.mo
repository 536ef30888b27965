// Outputs a user's model computes from signals: a binding, and the user's own Modelica function
// with an algorithm (a for-loop, an if whose condition varies, defaults, named arguments)
model UserFunction
  function cappedEnergy "kinetic energy 0.5*J*w^2, capped at cap"
    input Real w;
    input Real J = 0.25;
    input Real cap = 1;
    output Real e;
  protected
    Real s = 0;
  algorithm
    for k in 1:3 loop
      s := s + k;
    end for;
    e := 0.5*J*w^2;
    if e > cap then
      e := cap;
    elseif e < 0 then
      e := 0;
    end if;
    e := e*(s/6);
  end cappedEnergy;
  function countSteps
    "0:0.1:0.3 has floor((0.3 - 0)/0.1) + 1 = 3 values (Modelica 10.4.2.2), 0:0.25:1 five"
    input Real w;
    output Real n = 0;
  algorithm
    for x in 0:0.1:0.3 loop
      n := n + 1;
    end for;
    for x in 0:0.25:1 loop
      n := n + 10;
    end for;
    n := n + 0*w;
  end countSteps;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n = {0, 0, 1}, phi(fixed = true, start = 1.2),
    w(fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0.5, 0, 0});
  Real e1 = cappedEnergy(rev.w);
  Real e2 = cappedEnergy(rev.w, cap = 0.2);
  Real e3 = 0.5*0.25*rev.w^2 "the same without the function";
  Real nsteps = countSteps(rev.w);
  Real twice = 2*e3 "a binding that uses another";
  Real v[2] = {rev.w, 2*rev.w} - {0, rev.w} "a vector binding, element by element: {w, w}";
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  annotation(experiment(StopTime = 2, Interval = 0.01));
end UserFunction;
