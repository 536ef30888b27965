model LoopSpatial "A spatial one-loop mechanism (the pattern of the MSL's Fourbar1), undamped"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute j1(n={1,0,0}, phi(start=0, fixed=true),
    w(start=5, fixed=true));
  Modelica.Mechanics.MultiBody.Joints.Prismatic j2(n={1,0,0}, s(start=-0.2));
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,1,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute rev1(n={0,0,1});
  Modelica.Mechanics.MultiBody.Joints.Revolute j3(n={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute j4(n={0,1,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute j5(n={0,0,1}) "last in the loop: the cut joint";
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation b0(r={1.2,0,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation b1(r={0,0.5,0.1})
    "the crank";
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation b1c(r={0,0.25,0.05})
    "to the crank's centre";
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation b2(r={0,0.2,0})
    "the slider's post";
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation b3(r={-1,0.3,0.1})
    "the coupler";
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation b3c(r={-0.5,0.15,0.05})
    "to the coupler's centre";
  Modelica.Mechanics.MultiBody.Parts.Body crank(r_CM={0,0,0},
    m=2, I_11=0.05, I_22=0.01, I_33=0.04);
  Modelica.Mechanics.MultiBody.Parts.Body slider(r_CM={0,0,0},
    m=3, I_11=0.02, I_22=0.03, I_33=0.025);
  Modelica.Mechanics.MultiBody.Parts.Body coupler(r_CM={0,0,0},
    m=1.5, I_11=0.02, I_22=0.15, I_33=0.16);
equation
  connect(world.frame_b, j1.frame_a);
  connect(j1.frame_b, b1.frame_a);
  connect(j1.frame_b, b1c.frame_a);
  connect(b1c.frame_b, crank.frame_a);
  connect(b1.frame_b, j3.frame_a);
  connect(j3.frame_b, j4.frame_a);
  connect(j4.frame_b, j5.frame_a);
  connect(world.frame_b, b0.frame_a);
  connect(b0.frame_b, j2.frame_a);
  connect(j2.frame_b, slider.frame_a);
  connect(j2.frame_b, b2.frame_a);
  connect(b2.frame_b, rev.frame_a);
  connect(rev.frame_b, rev1.frame_a);
  connect(rev1.frame_b, b3.frame_a);
  connect(rev1.frame_b, b3c.frame_a);
  connect(b3c.frame_b, coupler.frame_a);
  connect(j5.frame_b, b3.frame_b);
end LoopSpatial;
