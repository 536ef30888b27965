within MyLib.Examples;
model DampedPendulum "The MSL's Pendulum with a stronger damper: needs the MSL as a library"
  extends Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum(damper(d = 0.5));
end DampedPendulum;
