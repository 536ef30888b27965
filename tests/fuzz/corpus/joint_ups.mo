within ModelicaTest.MultiBody.Joints;
model JointUPS
  "Static JointUPS between world and a fixed frame: geometry and cut forces of frame_ia/frame_b"
  parameter Real d=0.015;
  parameter Real rRod1_ia[3]={1,0.3,0};
  parameter Real rRod2_ib[3]={-0.5,0.2,0};
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Fixed Fixed1(r={1.7,0.1,0});
  Modelica.Mechanics.MultiBody.Joints.Assemblies.JointUPS jointUPS(nAxis_ia=rRod1_ia);
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow n1_a(n={0,0,1});
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow n2_ia(n=jointUPS.e2_ia);
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow rRod1(
    r_tail={0,-0.1,0},
    n=rRod1_ia);
equation
  connect(world.frame_b, jointUPS.frame_a);
  connect(jointUPS.frame_b, Fixed1.frame_b);
  connect(jointUPS.frame_a, n1_a.frame_a);
  connect(n2_ia.frame_a, jointUPS.frame_ia);
  connect(jointUPS.frame_ia, rRod1.frame_a);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end JointUPS;
