within;
model SpringDamperOptimum
  "A mass on a spring and damper, released from rest 1 m out: the damping that minimizes the integral of the squared displacement is d = sqrt(c m), a damping ratio of 1/2"
  // Analytically (Lyapunov): integral of s^2 over [0, inf) = d/(2 c) + m/(2 d), least at
  // d = sqrt(c m) = 1 with the value 1. An undershoot below -u happens for damping ratios
  // zeta = d/(2 sqrt(c m)) under -ln(u)/sqrt(pi^2 + ln(u)^2): u = 0.05 allows zeta >= 0.690106,
  // d >= 1.380212.
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(useAxisFlange = true, n = {1, 0, 0},
    s(start = 1, fixed = true), v(start = 0, fixed = true)) "Moves along x; gravity acts along -y";
  Modelica.Mechanics.MultiBody.Parts.Body mass(m = 1, r_CM = {0, 0, 0});
  Modelica.Mechanics.Translational.Components.SpringDamper springDamper(c = 1, d = 0.5)
    "Between the slider's support and its axis";
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, mass.frame_a);
  connect(slider.support, springDamper.flange_a);
  connect(springDamper.flange_b, slider.axis);
  annotation (experiment(StopTime = 40, Interval = 0.01, Tolerance = 1e-10));
end SpringDamperOptimum;
