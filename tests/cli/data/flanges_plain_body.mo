within;
model flanges_plain_body "The pendulum of flanges_user_extends.mo with the MSL's Body itself"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(start=0.5, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={0.5, 0, 0});
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
end flanges_plain_body;
