within;
model AssertUnsupported "an assert whose condition calls a function mbens does not compile"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1}, phi(fixed=true), w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={1,0,0});
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  assert(delay(rev.phi, 0.1) < 1, "turned too far");
end AssertUnsupported;
