// floor, ceil, integer, div, mod and rem of time in a user torque (run_sources.sh): each one a
// count or relation held between events, so the integral is exact
model UserIntegerFunctions
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=2, phi(fixed=true, start=0),
    w(fixed=true, start=0));
  MyTorque src;
  model MyTorque
    extends Modelica.Mechanics.Rotational.Interfaces.PartialTorque;
  equation
    flange.tau = -(mod(time, 0.5) + 0.1*floor(2*time) + ceil(time) + div(3*time, 2)
      + rem(time - 1, 0.3) + integer(time/0.7));
  end MyTorque;
equation
  connect(src.flange, inertia.flange_a);
end UserIntegerFunctions;
