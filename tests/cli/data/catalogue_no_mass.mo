model NoMass "a Body without m: the catalogue's m takes its start value, with a warning"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM={0.5,0,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
end NoMass;
