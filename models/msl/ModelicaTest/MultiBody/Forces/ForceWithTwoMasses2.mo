within ModelicaTest.MultiBody.Forces;
model ForceWithTwoMasses2
  "Line force with two point masses: JointUPS with two bodies and alternatively LineForceWithTwoMasses (m = 2)"
  parameter Modelica.Units.SI.Mass m=2 "Mass of point masses";
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute1(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox1(r={0.7,0,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation rod1(r={0,-0.9,0});
  Modelica.Mechanics.MultiBody.Joints.Assemblies.JointUPS jointUPS(
    nAxis_ia={0.7,1.2,0});
  Modelica.Mechanics.MultiBody.Parts.Body body1(
    r_CM=0.2*jointUPS.eAxis_ia,
    m=m,
    I_11=0,
    I_22=0,
    I_33=0);
  Modelica.Mechanics.MultiBody.Parts.Body body2(
    r_CM=-0.2*jointUPS.eAxis_ia,
    m=m,
    I_11=0,
    I_22=0,
    I_33=0);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation rod2(r={0,0.3,0});
  Modelica.Mechanics.Translational.Components.Damper damper1(d=3);
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute2(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox2(r={0.7,0,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation rod3(r={0,-0.9,0.3});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation rod4(r={0,0.3,0.3});
  Modelica.Mechanics.Translational.Components.Damper damper2(d=3);
  Modelica.Mechanics.MultiBody.Forces.LineForceWithTwoMasses lineForceWithTwoMasses(
    L_a=0.2,
    L_b=0.2,
    m_a=m,
    m_b=m);
equation
  connect(jointUPS.bearing, damper1.flange_a);
  connect(jointUPS.axis, damper1.flange_b);
  connect(jointUPS.frame_ib, body2.frame_a);
  connect(world.frame_b, rod2.frame_a);
  connect(world.frame_b, rod1.frame_a);
  connect(rod2.frame_b, revolute1.frame_a);
  connect(revolute1.frame_b, bodyBox1.frame_a);
  connect(bodyBox1.frame_b, jointUPS.frame_b);
  connect(body1.frame_a, jointUPS.frame_ia);
  connect(rod1.frame_b, jointUPS.frame_a);
  connect(rod4.frame_b, revolute2.frame_a);
  connect(revolute2.frame_b, bodyBox2.frame_a);
  connect(world.frame_b, rod4.frame_a);
  connect(rod3.frame_a, rod4.frame_a);
  connect(lineForceWithTwoMasses.frame_a, rod3.frame_b);
  connect(lineForceWithTwoMasses.frame_b, bodyBox2.frame_b);
  connect(lineForceWithTwoMasses.flange_b, damper2.flange_b);
  connect(lineForceWithTwoMasses.flange_a, damper2.flange_a);
  annotation(experiment(StopTime=3, Interval=0.0006, Tolerance=1e-06));
end ForceWithTwoMasses2;
