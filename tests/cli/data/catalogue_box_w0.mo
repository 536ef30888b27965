model BoxW0 "a composite body's w_0_fixed: the revolute about z starts turning at 2 rad/s"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r={0.5,0,0}, w_0_fixed=true, w_0_start={0,0,2});
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, box.frame_a);
end BoxW0;
