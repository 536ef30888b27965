within;
model control_math "every math block on u1 = 1 + t, u2 = 2 - t"
  Modelica.Blocks.Sources.Ramp r1(height=1, duration=1, offset=1);
  Modelica.Blocks.Sources.Ramp r2(height=-1, duration=1, offset=2);
  Modelica.Blocks.Math.Sum sum(nin=2, k={2, 3});
  Modelica.Blocks.Math.Division div;
  Modelica.Blocks.Math.Abs abs1;
  Modelica.Blocks.Math.Sign sign1;
  Modelica.Blocks.Math.Sqrt sqrt1;
  Modelica.Blocks.Math.Sin sin1;
  Modelica.Blocks.Math.Cos cos1;
  Modelica.Blocks.Math.Tan tan1;
  Modelica.Blocks.Math.Atan2 atan2a;
  Modelica.Blocks.Math.Exp exp1;
  Modelica.Blocks.Math.Max max1;
  Modelica.Blocks.Math.Min min1;
  Modelica.Blocks.Math.Feedback d;
equation
  connect(r1.y, sum.u[1]); connect(r2.y, sum.u[2]);
  connect(r1.y, div.u1); connect(r2.y, div.u2);
  connect(r1.y, d.u1); connect(r2.y, d.u2);
  connect(d.y, abs1.u); connect(d.y, sign1.u);
  connect(r1.y, sqrt1.u); connect(r1.y, sin1.u); connect(r1.y, cos1.u); connect(r2.y, tan1.u);
  connect(r1.y, atan2a.u1); connect(r2.y, atan2a.u2); connect(r2.y, exp1.u);
  connect(r1.y, max1.u1); connect(r2.y, max1.u2); connect(r1.y, min1.u1); connect(r2.y, min1.u2);
end control_math;
