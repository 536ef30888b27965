within;
model cardinality "cardinality() counts a connector's connects, those written after the assert too"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange=true);
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});
  Modelica.Mechanics.Rotational.Components.Damper damper(d=0.1);
equation
  assert(cardinality(rev.axis) == 1 and cardinality(rev.frame_a) == 1 and
    cardinality(body.frame_a) == 1 and cardinality(world.frame_b) == 1,
    "cardinality() miscounts");
  assert(cardinality(rev.frame_b) <> 1, "rev.frame_b has one connect", AssertionLevel.warning);
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(rev.axis, damper.flange_b);
  connect(rev.support, damper.flange_a);
end cardinality;
