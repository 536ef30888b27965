model JunctionDiverges
  "Two compressed springs on one line: Newton's first step lands on a spring's far end"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Fixed right(r={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n={1,0,0}, s(start=-1, fixed=true),
    v(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0,0,0});
  Modelica.Mechanics.MultiBody.Forces.Spring s1(c=1, s_unstretched=3);
  Modelica.Mechanics.MultiBody.Forces.Spring s2(c=3, s_unstretched=3, fixedRotationAtFrame_b=true);
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  connect(body.frame_a, s1.frame_a);
  connect(right.frame_b, s2.frame_a);
  connect(s1.frame_b, s2.frame_b);
end JunctionDiverges;
