model DanglingJoint "a revolute joint with nothing attached to its frame_b"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});
equation
  connect(world.frame_b, rev.frame_a);
end DanglingJoint;
