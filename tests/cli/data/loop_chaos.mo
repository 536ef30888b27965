model LoopChaos "The four-bar of fourbar_planar.mo with a double pendulum on its coupler: chaotic"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute j1(n={0,0,1}, w(start=2, fixed=true));
  Modelica.Mechanics.MultiBody.Joints.Revolute j2(n={0,0,1});
  Modelica.Mechanics.MultiBody.Joints.Revolute j3(n={0,0,1});
  Modelica.Mechanics.MultiBody.Joints.RevolutePlanarLoopConstraint j4(n={0,0,1});
  Modelica.Mechanics.MultiBody.Parts.BodyShape crank(r={0.2,0,0}, r_CM={0.1,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.BodyShape coupler(r={0.5,0.3,0}, r_CM={0.25,0.15,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.BodyShape rocker(r={-0.3,-0.3,0}, r_CM={-0.15,-0.15,0}, m=1);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation ground(r={0.4,0,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation mid(r={0.25,0.15,0})
    "to the coupler's middle";
  Modelica.Mechanics.MultiBody.Joints.Revolute p1(n={0,0,1}, phi(start=-1, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Joints.Revolute p2(n={0,0,1}, phi(start=1.5, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyShape arm1(r={0.3,0,0}, r_CM={0.15,0,0}, m=0.8);
  Modelica.Mechanics.MultiBody.Parts.BodyShape arm2(r={0.3,0,0}, r_CM={0.15,0,0}, m=0.5);
equation
  connect(world.frame_b, j1.frame_a);
  connect(j1.frame_b, crank.frame_a);
  connect(crank.frame_b, j2.frame_a);
  connect(j2.frame_b, coupler.frame_a);
  connect(coupler.frame_b, j3.frame_a);
  connect(j3.frame_b, rocker.frame_a);
  connect(rocker.frame_b, j4.frame_b);
  connect(j4.frame_a, ground.frame_b);
  connect(world.frame_b, ground.frame_a);
  connect(j2.frame_b, mid.frame_a);
  connect(mid.frame_b, p1.frame_a);
  connect(p1.frame_b, arm1.frame_a);
  connect(arm1.frame_b, p2.frame_a);
  connect(p2.frame_b, arm2.frame_a);
end LoopChaos;
