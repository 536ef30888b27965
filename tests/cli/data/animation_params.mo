model AnimationParams "a box with its default width; a parameter of the user's that only the animation reads"
  parameter Real L = 0.2;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1}, cylinderLength=L, animation=false);
  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r={0.5,0,0});
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, box.frame_a);
end AnimationParams;
