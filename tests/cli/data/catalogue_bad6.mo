model Bad6 "w_0_fixed asks for w_a = {1,0,0}, which a revolute about z cannot give"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0}, w_0_fixed=true, w_0_start={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
end Bad6;
