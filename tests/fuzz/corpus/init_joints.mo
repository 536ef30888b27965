within ModelicaTest.MultiBody.InitializationConversion;
model Joints
  "Serial chain of all joint types with explicit initial values of every joint coordinate"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute(
    a(start=0.174532925199433, fixed=false),
    stateSelect=StateSelect.always,
    phi(fixed=true, start=0.7853981633974483),
    w(fixed=true, start=0.174532925199433));
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox(r={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute actuatedRevolute(
    a(start=-0.174532925199433, fixed=false),
    stateSelect=StateSelect.always,
    phi(fixed=true, start=0.5235987755982988),
    w(fixed=true, start=-0.174532925199433));
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox1(r={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.Prismatic prismatic(
    stateSelect=StateSelect.always,
    a(fixed=false, start=1),
    s(fixed=true, start=1),
    v(fixed=true, start=1));
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox2(r={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.Prismatic actuatedPrismatic(
    stateSelect=StateSelect.always,
    a(fixed=false, start=0.6),
    v(fixed=true, start=0.4),
    s(fixed=true, start=0.2));
  Modelica.Mechanics.MultiBody.Joints.Cylindrical cylindrical(
    stateSelect=StateSelect.always,
    a(fixed=false, start=4),
    phi(fixed=true, start=1.047197551196598),
    s(fixed=true, start=1),
    v(fixed=true, start=3),
    w(fixed=true, start=0.03490658503988659),
    wd(fixed=false, start=0.08726646259971647));
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox3(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox4(r={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.Universal universal(
    a_a(start=0.5235987755982988, fixed=false),
    a_b(start=-0.5235987755982988, fixed=false),
    stateSelect=StateSelect.always,
    phi_a(fixed=true, start=-0.174532925199433),
    phi_b(fixed=true, start=0.174532925199433),
    w_a(fixed=true, start=0.3490658503988659),
    w_b(fixed=true, start=-0.3490658503988659));
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox5(r={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.Planar planar(
    stateSelect=StateSelect.always,
    a_x(fixed=false, start=2),
    a_y(fixed=false, start=1),
    phi(fixed=true, start=0.05235987755982989),
    s_x(fixed=true, start=1),
    s_y(fixed=true, start=2),
    v_x(fixed=true, start=1),
    v_y(fixed=true, start=2),
    w(fixed=true, start=0.0174532925199433),
    wd(fixed=false, start=0.03490658503988659));
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox6(r={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.Spherical spherical(
    sequence_start={3,1,3},
    angles_start={0.3490658503988659,-0.5235987755982988,0.6981317007977318},
    angles_fixed=true,
    w_rel_a_fixed=true,
    z_rel_a_fixed=false,
    w_rel_a_start={0.0174532925199433,0.03490658503988659,0.05235987755982989},
    z_rel_a_start={0.03490658503988659,0.05235987755982989,0.06981317007977318});
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox7(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.BodyBox bodyBox8(r={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.FreeMotion freeMotion(
    angles_start={0.3490658503988659,0.5235987755982988,0.6981317007977318},
    a_rel_a(each fixed=false),
    angles_fixed=true,
    r_rel_a(each fixed=true, start={1,1,1}),
    v_rel_a(each fixed=true),
    w_rel_a_fixed=true,
    z_rel_a_fixed=false);
equation
  connect(world.frame_b, revolute.frame_a);
  connect(revolute.frame_b, bodyBox.frame_a);
  connect(bodyBox.frame_b, actuatedRevolute.frame_a);
  connect(actuatedRevolute.frame_b, bodyBox1.frame_a);
  connect(bodyBox1.frame_b, prismatic.frame_a);
  connect(prismatic.frame_b, bodyBox2.frame_a);
  connect(bodyBox2.frame_b, actuatedPrismatic.frame_a);
  connect(actuatedPrismatic.frame_b, bodyBox3.frame_a);
  connect(bodyBox3.frame_b, cylindrical.frame_a);
  connect(cylindrical.frame_b, bodyBox4.frame_a);
  connect(bodyBox4.frame_b, universal.frame_a);
  connect(universal.frame_b, bodyBox5.frame_a);
  connect(bodyBox5.frame_b, planar.frame_a);
  connect(planar.frame_b, bodyBox6.frame_a);
  connect(bodyBox6.frame_b, spherical.frame_a);
  connect(spherical.frame_b, bodyBox7.frame_a);
  connect(freeMotion.frame_a, bodyBox7.frame_b);
  connect(freeMotion.frame_b, bodyBox8.frame_a);
  annotation(experiment(StopTime=0.2, Interval=4e-05, Tolerance=1e-06));
end Joints;
