model PositionExactState "exact=true with a reference from a filter whose output is a state: refused"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1}, useAxisFlange=true);
  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={0.5,0,0}, I_33=0.03);
  Modelica.Mechanics.Rotational.Sources.Position position(exact=true);
  Modelica.Blocks.Continuous.CriticalDamping filter(n=2, f=3);
  Modelica.Blocks.Sources.Sine sine(amplitude=1.2, f=0.7);
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(sine.y, filter.u);
  connect(filter.y, position.phi_ref);
  connect(position.flange, rev.axis);
end PositionExactState;
