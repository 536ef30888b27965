model BoxZero "a BodyBox of length zero: the catalogue's r_CM binding fails on the user's r"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r={0,0,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, box.frame_a);
end BoxZero;
