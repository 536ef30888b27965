model ChainFor
  "models/bench/Chain4.mo written with arrays of components, for- and if-equations and asserts"
  parameter Integer N = 4 "links";
  parameter Boolean grounded = true "the first joint hangs on the world";
  parameter Real L = 0.5 "link length";
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute j[N](
    n = {{0,0,1}, {0,1,0}, {0,0,1}, {0,1,0}},
    each phi(fixed=true, start=0.3), w(each fixed=true, start={0.5, -0.5, 0.5, -0.5}));
  Modelica.Mechanics.MultiBody.Parts.BodyShape b[N](each r={L,0,0}, each r_CM={L/2,0,0},
    each m=1, each I_11=0.0002, each I_22=0.02093333333333333, each I_33=0.02093333333333333);
equation
  if grounded then
    connect(world.frame_b, j[1].frame_a);
  elseif N > 100 then
    connect(world.frame_b, j[N].frame_a);
  end if;
  for i in 1:N loop
    connect(j[i].frame_b, b[i].frame_a);
  end for;
  for i in 1:N - 1 loop
    connect(b[i].frame_b, j[i + 1].frame_a);
  end for;
  assert(L > 0, "the links need a positive length");
  assert(N <= 3, "a chain of more than 3 links", AssertionLevel.warning);
  annotation(experiment(StopTime=10, Interval=0.01));
end ChainFor;
