model IntPower "integer powers of a negative quantity (x^4 was exp(4 log x), NaN for x < 0)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1}, w(start=1, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});
  Real x = rev.phi - 2 "negative along the run";
  Real p4 = x^4;
  Real p5 = x^5;
  Real pm3 = x^(-3);
  Real p0 = x^0;
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
end IntPower;
