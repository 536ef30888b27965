within ModelicaTest.MultiBody.Joints;
model JointUPS2
  "Universal-joint pendulum with a JointUPS spring strut carrying a mass"
  Modelica.Mechanics.MultiBody.Joints.Assemblies.JointUPS jointUPS;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=10, r_CM={0,0,0});
  Modelica.Mechanics.Translational.Components.Spring spring(c=10, s_rel0=0.5);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation(r={2,0,0});
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox(r={-1.4141,0,0});
  Modelica.Mechanics.MultiBody.Joints.Universal universal(
    phi_a(fixed=true),
    phi_b(fixed=true),
    w_a(fixed=true, start=2),
    w_b(fixed=true, start=2),
    n_a={0,0,1});
equation
  connect(world.frame_b, fixedTranslation.frame_a);
  connect(world.frame_b, jointUPS.frame_a);
  connect(jointUPS.axis, spring.flange_b);
  connect(jointUPS.bearing, spring.flange_a);
  connect(jointUPS.frame_ib, body.frame_a);
  connect(jointUPS.frame_b, bodyBox.frame_b);
  connect(fixedTranslation.frame_b, universal.frame_a);
  connect(universal.frame_b, bodyBox.frame_a);
  annotation(experiment(StopTime=4, Interval=0.0008, Tolerance=1e-06));
end JointUPS2;
