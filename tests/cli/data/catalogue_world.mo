model WorldAxis "the World's ground axis compares n[1]: varying it is refused there"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r={0.5,0,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, box.frame_a);
end WorldAxis;
