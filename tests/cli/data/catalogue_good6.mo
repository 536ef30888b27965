model Good6 "w_0_fixed asks for w_a = {0,0,1}: the revolute about z starts turning at 1 rad/s"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0}, w_0_fixed=true, w_0_start={0,0,1});
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
end Good6;
