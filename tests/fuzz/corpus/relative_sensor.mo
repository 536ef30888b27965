within ModelicaTest.MultiBody.Sensors;
model RelativeSensor "Two pendulums measured by RelativeSensors resolved in different frames"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute(
    a(fixed=false),
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyBox BodyBox1(r={0.7,0,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed(r={-0.9,0,0.3});
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute1(
    a(fixed=false),
    phi(fixed=true, start=0.7853981633974483),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyBox BodyBox2(r={0.7,0,0});
  Modelica.Mechanics.MultiBody.Sensors.RelativeSensor relative_a1(
    get_r_rel=true,
    get_v_rel=true,
    get_a_rel=true,
    get_w_rel=true,
    get_z_rel=true,
    get_angles=true,
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a);
  Modelica.Mechanics.MultiBody.Sensors.RelativeSensor relative_a2(
    get_r_rel=true,
    get_v_rel=true,
    get_a_rel=true,
    get_w_rel=true,
    get_z_rel=true,
    get_angles=true,
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve);
  Modelica.Blocks.Math.Add err1[18](each k2=-1);
  Modelica.Mechanics.MultiBody.Sensors.RelativeSensor relative_b2(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve,
    get_r_rel=true,
    get_v_rel=true,
    get_a_rel=true,
    get_w_rel=true,
    get_z_rel=true,
    get_angles=true);
  Modelica.Mechanics.MultiBody.Sensors.RelativeSensor relative_b1(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_b,
    get_r_rel=true,
    get_v_rel=true,
    get_a_rel=true,
    get_w_rel=true,
    get_z_rel=true,
    get_angles=true);
  Modelica.Blocks.Math.Add err2[18](each k2=-1);
  Modelica.Mechanics.MultiBody.Sensors.RelativeSensor relativeSensor(
    resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a,
    get_r_rel=true,
    get_angles=true,
    sequence={3,2,1});
equation
  connect(relative_a2.frame_resolve, revolute1.frame_b);
  connect(relative_b2.frame_resolve, BodyBox1.frame_a);
  connect(fixed.frame_b, revolute1.frame_a);
  connect(revolute1.frame_b, BodyBox2.frame_a);
  connect(revolute.frame_b, BodyBox1.frame_a);
  connect(world.frame_b, revolute.frame_a);
  connect(world.frame_b, relativeSensor.frame_a);
  connect(relativeSensor.frame_b, revolute.frame_b);
  connect(relative_a1.r_rel[1:3], err1[1:3].u1);
  connect(relative_a1.v_rel[1:3], err1[4:6].u1);
  connect(relative_a1.a_rel[1:3], err1[7:9].u1);
  connect(relative_a1.angles[1:3], err1[10:12].u1);
  connect(relative_a1.w_rel[1:3], err1[13:15].u1);
  connect(relative_a1.z_rel[1:3], err1[16:18].u1);
  connect(relative_a2.r_rel[1:3], err1[1:3].u2);
  connect(relative_a2.v_rel[1:3], err1[4:6].u2);
  connect(relative_a2.a_rel[1:3], err1[7:9].u2);
  connect(relative_a2.angles[1:3], err1[10:12].u2);
  connect(relative_a2.w_rel[1:3], err1[13:15].u2);
  connect(relative_a2.z_rel[1:3], err1[16:18].u2);
  connect(relative_b1.r_rel[1:3], err2[1:3].u1);
  connect(relative_b1.v_rel[1:3], err2[4:6].u1);
  connect(relative_b1.a_rel[1:3], err2[7:9].u1);
  connect(relative_b1.angles[1:3], err2[10:12].u1);
  connect(relative_b1.w_rel[1:3], err2[13:15].u1);
  connect(relative_b1.z_rel[1:3], err2[16:18].u1);
  connect(relative_b2.r_rel[1:3], err2[1:3].u2);
  connect(relative_b2.v_rel[1:3], err2[4:6].u2);
  connect(relative_b2.a_rel[1:3], err2[7:9].u2);
  connect(relative_b2.angles[1:3], err2[10:12].u2);
  connect(relative_b2.w_rel[1:3], err2[13:15].u2);
  connect(relative_b2.z_rel[1:3], err2[16:18].u2);
  connect(relative_a1.frame_a, BodyBox2.frame_b);
  connect(relative_a2.frame_a, BodyBox2.frame_b);
  connect(relative_b1.frame_a, BodyBox2.frame_b);
  connect(relative_b2.frame_a, BodyBox2.frame_b);
  connect(relative_a1.frame_b, BodyBox1.frame_b);
  connect(relative_a2.frame_b, BodyBox1.frame_b);
  connect(relative_b1.frame_b, BodyBox1.frame_b);
  connect(relative_b2.frame_b, BodyBox1.frame_b);
  annotation(experiment(StopTime=2, Interval=0.0004, Tolerance=1e-06));
end RelativeSensor;
