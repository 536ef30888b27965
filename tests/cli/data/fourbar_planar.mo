model FourbarPlanar "A planar four-bar closed by RevolutePlanarLoopConstraint, swinging under gravity"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute j1(n={0,0,1}, w(start=2, fixed=true));
  Modelica.Mechanics.MultiBody.Joints.Revolute j2(n={0,0,1});
  Modelica.Mechanics.MultiBody.Joints.Revolute j3(n={0,0,1});
  Modelica.Mechanics.MultiBody.Joints.RevolutePlanarLoopConstraint j4(n={0,0,1});
  Modelica.Mechanics.MultiBody.Parts.BodyShape crank(r={0.2,0,0}, r_CM={0.1,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.BodyShape coupler(r={0.5,0.3,0}, r_CM={0.25,0.15,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.BodyShape rocker(r={-0.3,-0.3,0}, r_CM={-0.15,-0.15,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation ground(r={0.4,0,0});
  output Real crankAngle "given by an equation, as the MSL's Fourbar1 gives j1_phi";
  Real tip[3] "the coupler's far end, a vector equation";
equation
  crankAngle = j1.phi;
  coupler.frame_b.r_0 = tip;
  connect(world.frame_b, j1.frame_a);
  connect(j1.frame_b, crank.frame_a);
  connect(crank.frame_b, j2.frame_a);
  connect(j2.frame_b, coupler.frame_a);
  connect(coupler.frame_b, j3.frame_a);
  connect(j3.frame_b, rocker.frame_a);
  connect(rocker.frame_b, j4.frame_b);
  connect(j4.frame_a, ground.frame_b);
  connect(world.frame_b, ground.frame_a);
end FourbarPlanar;
