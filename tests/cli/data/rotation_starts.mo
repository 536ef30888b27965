model RotationStarts
  "Every kind of rotation state started from angles and an angular velocity: free bodies with quaternions and with angles, FreeMotion and Spherical with states, a body on a Spherical joint without states, FreeMotionScalarInit with w_rel_b"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body sat(m=100, I_11=10, I_22=20, I_33=30, I_21=1,
    r_0(each fixed=true), v_0(each fixed=true, start={0,1,0}), angles_fixed=true,
    angles_start={0.1,0.2,0.3}, w_0_fixed=true, w_0_start={0.5,0.01,0.02});
  Modelica.Mechanics.MultiBody.Parts.Body pod(m=2, I_11=0.1, I_22=0.2, I_33=0.3,
    useQuaternions=false, r_0(each fixed=true), v_0(each fixed=true), angles_fixed=true,
    angles_start={0.4,-0.3,0.2}, w_0_fixed=true, w_0_start={0.1,0.2,-0.6});
  Modelica.Mechanics.MultiBody.Joints.FreeMotion free(enforceStates=true,
    r_rel_a(each fixed=true, start={1,0,0}), v_rel_a(each fixed=true), angles_fixed=true,
    angles_start={-0.2,0.5,0.1}, w_rel_a_fixed=true, w_rel_a_start={0.3,-0.2,0.4});
  Modelica.Mechanics.MultiBody.Parts.Body b2(m=1, r_CM={0.1,0.2,0}, I_11=0.01);
  Modelica.Mechanics.MultiBody.Joints.Spherical sph(enforceStates=true, angles_fixed=true,
    angles_start={0.3,0.2,-0.1}, w_rel_a_fixed=true, w_rel_a_start={0.2,0.1,0.5});
  Modelica.Mechanics.MultiBody.Parts.Body b3(m=1, r_CM={0.5,0,0}, I_11=0.01);
  Modelica.Mechanics.MultiBody.Joints.Spherical sph2(angles_fixed=true,
    angles_start={-0.3,0.4,0.2}, w_rel_a_fixed=true, w_rel_a_start={0.1,-0.5,0.3});
  Modelica.Mechanics.MultiBody.Parts.Body b4(m=1, r_CM={0,-0.5,0.1}, I_11=0.01);
  Modelica.Mechanics.MultiBody.Joints.FreeMotionScalarInit fmsi(use_r=true, use_v=true,
    use_angle=true, use_w=true, sequence_start={3,1,2},
    r_rel_a_1(start=0.2, fixed=true), r_rel_a_2(start=-1, fixed=true),
    r_rel_a_3(start=0.1, fixed=true), v_rel_a_1(fixed=true), v_rel_a_2(fixed=true),
    v_rel_a_3(fixed=true), angle_1(start=0.2, fixed=true), angle_2(start=-0.1, fixed=true),
    angle_3(start=0.3, fixed=true), w_rel_b_1(start=0.4, fixed=true),
    w_rel_b_2(start=-0.2, fixed=true), w_rel_b_3(start=0.1, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body b5(m=1, r_CM={0.1,0,0}, I_11=0.01);
equation
  connect(world.frame_b, free.frame_a);
  connect(free.frame_b, b2.frame_a);
  connect(world.frame_b, sph.frame_a);
  connect(sph.frame_b, b3.frame_a);
  connect(world.frame_b, sph2.frame_a);
  connect(sph2.frame_b, b4.frame_a);
  connect(world.frame_b, fmsi.frame_a);
  connect(fmsi.frame_b, b5.frame_a);
  annotation(experiment(StopTime=1, Interval=0.01));
end RotationStarts;
