model FourbarRRR "fourbar_planar.mo with its loop closed by an analytic JointRRR (the same bodies)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute j1(n={0,0,1}, w(start=2, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyShape crank(r={0.2,0,0}, r_CM={0.1,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Joints.Assemblies.JointRRR rrr(n_a={0,0,1},
    rRod1_ia={0.5,0.3,0}, rRod2_ib={0.3,0.3,0});
  Modelica.Mechanics.MultiBody.Parts.BodyShape coupler(r={0.5,0.3,0}, r_CM={0.25,0.15,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.BodyShape rocker(r={0.3,0.3,0}, r_CM={0.15,0.15,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation ground(r={0.4,0,0});
equation
  connect(world.frame_b, j1.frame_a);
  connect(j1.frame_b, crank.frame_a);
  connect(crank.frame_b, rrr.frame_a);
  connect(world.frame_b, ground.frame_a);
  connect(ground.frame_b, rrr.frame_b);
  connect(rrr.frame_ia, coupler.frame_a);
  connect(rrr.frame_ib, rocker.frame_a);
end FourbarRRR;
