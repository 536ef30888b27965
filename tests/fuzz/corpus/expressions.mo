model Expressions
  parameter Integer n = 3;
  parameter Real v[n] = {1, 2.5, -3e-2};
  parameter Real M[2, 2] = [1, 2; 3, 4];
  parameter Real w[3] = M[1, :] * {1, 1} * v + cross(v, {0, 0, 1}) .* fill(2, 3);
  parameter Real s = sum(v) + product(v[1:2]) + max(v) - min(v[end], 0) + size(M, 1) + ndims(M);
  parameter Real q[:] = cat(1, zeros(2), ones(n), Modelica.Math.Vectors.normalize(v));
  parameter Boolean ok = not (s > 0 and n <> 3) or n == 3;
  parameter String name = "a" + "\"b\"" + String(n);
  parameter Real t = if ok then sqrt(abs(s)) elseif n > 2 then -1 else atan2(1, 2);
  parameter Real ang = Modelica.Units.Conversions.from_deg(30) + Modelica.Constants.pi;
  parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB r = Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_b;
  parameter Integer i = integer(floor(7.5)) + mod(7, 3) + div(7, 2) + rem(-7, 3);
  Real x(start = 1, fixed = true, stateSelect = StateSelect.prefer);
equation
  der(x) = -t * x + time;
end Expressions;
