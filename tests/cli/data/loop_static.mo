model StaticBeam "a uniform beam pinned at its left end and resting on a horizontal roller at its right"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute pin(n={0,0,1});
  Modelica.Mechanics.MultiBody.Parts.BodyShape beam(r={2,0,0}, r_CM={1,0,0}, m=3);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation toRoller(r={2,0,0});
  Modelica.Mechanics.MultiBody.Joints.Prismatic roller(n={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.RevolutePlanarLoopConstraint rest(n={0,0,1});
equation
  connect(world.frame_b, pin.frame_a);
  connect(pin.frame_b, beam.frame_a);
  connect(world.frame_b, toRoller.frame_a);
  connect(toRoller.frame_b, roller.frame_a);
  connect(roller.frame_b, rest.frame_a);
  connect(beam.frame_b, rest.frame_b);
end StaticBeam;
