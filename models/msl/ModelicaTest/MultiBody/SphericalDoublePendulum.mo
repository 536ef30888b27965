within ModelicaTest.MultiBody;
model SphericalDoublePendulum
  "Double pendulum with two spherical joints and two bodies"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.BodyBox boxBody1(width=0.06, r={0.4,0.0,-0.3});
  Modelica.Mechanics.MultiBody.Parts.BodyBox boxBody2(width=0.06, r={0.3,-0.4,0});
  Modelica.Mechanics.MultiBody.Joints.Spherical Spherical1(
    enforceStates=true,
    useQuaternions=false,
    angles_fixed=true,
    w_rel_a_fixed=true,
    z_rel_a_fixed=false,
    w_rel_a_start={0.05235987755982989,0.03490658503988659,0.0174532925199433});
  Modelica.Mechanics.MultiBody.Joints.Spherical Spherical2(
    enforceStates=true,
    useQuaternions=false,
    angles_fixed=true,
    w_rel_a_fixed=true,
    z_rel_a_fixed=false);
  Modelica.Mechanics.MultiBody.Parts.BodyBox boxBody3(width=0.06, r={0.4,0.0,-0.3});
  Modelica.Mechanics.MultiBody.Parts.BodyBox boxBody4(width=0.06, r={0.3,-0.4,0});
  Modelica.Mechanics.MultiBody.Joints.Spherical Spherical3(
    enforceStates=true,
    angles_fixed=true,
    w_rel_a_fixed=true,
    z_rel_a_fixed=false,
    w_rel_a_start={0.05235987755982989,0.03490658503988659,0.0174532925199433});
  Modelica.Mechanics.MultiBody.Joints.Spherical Spherical4(
    enforceStates=true,
    angles_fixed=true,
    w_rel_a_fixed=true,
    z_rel_a_fixed=false);
  Modelica.Mechanics.MultiBody.Parts.BodyBox boxBody5(
    width=0.06,
    r={0.4,0.0,-0.3},
    useQuaternions=true);
  Modelica.Mechanics.MultiBody.Parts.BodyBox boxBody6(
    width=0.06,
    r={0.3,-0.4,0},
    useQuaternions=true);
  Modelica.Mechanics.MultiBody.Joints.Spherical Spherical5(
    angles_fixed=true,
    w_rel_a_fixed=true,
    z_rel_a_fixed=false,
    w_rel_a_start={0.05235987755982989,0.03490658503988659,0.0174532925199433});
  Modelica.Mechanics.MultiBody.Joints.Spherical Spherical6(
    angles_fixed=true,
    w_rel_a_fixed=true,
    z_rel_a_fixed=false);
equation
  connect(boxBody1.frame_b, Spherical2.frame_a);
  connect(Spherical2.frame_b, boxBody2.frame_a);
  connect(world.frame_b, Spherical1.frame_a);
  connect(Spherical1.frame_b, boxBody1.frame_a);
  connect(boxBody3.frame_b, Spherical4.frame_a);
  connect(Spherical4.frame_b, boxBody4.frame_a);
  connect(Spherical3.frame_b, boxBody3.frame_a);
  connect(world.frame_b, Spherical3.frame_a);
  connect(boxBody5.frame_b, Spherical6.frame_a);
  connect(Spherical6.frame_b, boxBody6.frame_a);
  connect(Spherical5.frame_b, boxBody5.frame_a);
  connect(Spherical5.frame_a, world.frame_b);
  annotation(experiment(StopTime=3, Interval=0.0006, Tolerance=1e-06));
end SphericalDoublePendulum;
