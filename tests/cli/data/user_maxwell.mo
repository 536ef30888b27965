model UserMaxwell "a user's Maxwell element (spring c in series with damper d) held at a fixed length"
  model Maxwell
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;
    parameter Real c = 50 "spring constant (N/m)";
    parameter Real d = 20 "damping constant (N.s/m)";
    parameter Real s_unstretched = 1;
    Real s_d(start = 0, fixed = true) "elongation of the damper";
  equation
    f = c*(s - s_unstretched - s_d);
    d*der(s_d) = f;
  end Maxwell;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Fixed wall(r = {1.5, 0, 0});
  Maxwell mx;
equation
  connect(world.frame_b, mx.frame_a);
  connect(wall.frame_b, mx.frame_b);
end UserMaxwell;
