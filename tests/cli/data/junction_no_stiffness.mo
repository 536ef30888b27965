model JunctionNoStiffness "Springs without stiffness meet at a junction: nothing decides where"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Fixed f1(r={0.3,0,0});
  Modelica.Mechanics.MultiBody.Forces.Spring s1(c=0);
  Modelica.Mechanics.MultiBody.Forces.Spring s2(c=0, fixedRotationAtFrame_b=true);
equation
  connect(world.frame_b, s2.frame_a);
  connect(f1.frame_b, s1.frame_a);
  connect(s1.frame_b, s2.frame_b);
end JunctionNoStiffness;
