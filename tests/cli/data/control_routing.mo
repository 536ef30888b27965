within;
model control_routing
  "Blocks.Routing: a sine and two constants joined by a Multiplex3 (2, 1, 1 elements), split again by a DeMultiplex2 (1, 3), one part replicated and passed through, driving an inertia"
  Modelica.Blocks.Sources.Sine sine(f=1, amplitude=2);
  Modelica.Blocks.Sources.Constant c1(k=3);
  Modelica.Blocks.Sources.Constant c2(k=-1);
  Modelica.Blocks.Routing.Replicator rep(nout=2);
  Modelica.Blocks.Routing.Multiplex3 mux(n1=2, n2=1, n3=1);
  Modelica.Blocks.Routing.DeMultiplex2 demux(n1=1, n2=3);
  Modelica.Blocks.Routing.RealPassThrough pass;
  Modelica.Mechanics.Rotational.Components.Inertia i1(J=1, phi(start=0, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.Rotational.Sources.Torque tq;
equation
  connect(sine.y, rep.u);
  connect(rep.y, mux.u1);
  connect(c1.y, mux.u2[1]);
  connect(c2.y, mux.u3[1]);
  connect(mux.y, demux.u);
  connect(demux.y2[3], pass.u);
  connect(pass.y, tq.tau);
  connect(tq.flange, i1.flange_a);
end control_routing;
