model Broken "Errors the front end must report, not crash on"
  inner Modelica.Mechanics.MultiBody.World world(gravityType=Modelica.Mechanics.MultiBody.Types.GravityTypes.NoGravity);
  parameter Real a = b + 1;
  parameter Real b = a * 2;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=a, r_CM={0,0,0}, r_0(start={1,2}, each fixed=true));
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1}, phi(fixed=true));
equation
  connect(world.frame_b, rev.axis);
  connect(rev.frame_b, body.frame_a);
end Broken;
