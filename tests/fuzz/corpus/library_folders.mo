model Main
  inner Modelica.Mechanics.MultiBody.World world;
  P.A a;
  P.B.C c(k = 2);
equation
  connect(world.frame_b, a.frame_a);
end Main;

====
package P
  import SI = Modelica.Units.SI;
end P;

====
within P;
model A
  Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a;
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 1);
equation
  connect(frame_a, body.frame_a);
end A;

====
within P;
package B
end B;

====
within P.B;
model C
  parameter SI.Length k = 1;
end C;
