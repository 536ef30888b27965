within ModelicaTest.MultiBody.Joints;
model FreeMotionScalarInit
  "FreeMotionScalarInit with all relative positions, velocities, angles and angle derivatives fixed"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.FreeMotionScalarInit freeMotionScalarInit(
    use_angle=true,
    use_r=true,
    r_rel_a_1(start=0.5, fixed=true),
    r_rel_a_2(start=0.4, fixed=true),
    r_rel_a_3(start=0, fixed=true),
    r_rel_a_1_stateSelect=StateSelect.always,
    r_rel_a_2_stateSelect=StateSelect.always,
    r_rel_a_3_stateSelect=StateSelect.always,
    use_v=true,
    v_rel_a_1(fixed=true),
    v_rel_a_2(fixed=true),
    v_rel_a_3(fixed=true),
    v_rel_a_1_stateSelect=StateSelect.always,
    v_rel_a_2_stateSelect=StateSelect.always,
    v_rel_a_3_stateSelect=StateSelect.always,
    angle_1(start=0.78539816339745, fixed=true),
    angle_2(start=0.78539816339745, fixed=true),
    angle_3(start=0.78539816339745, fixed=true),
    angle_1_stateSelect=StateSelect.always,
    angle_2_stateSelect=StateSelect.always,
    angle_3_stateSelect=StateSelect.always,
    use_angle_d=true,
    angle_d_1(fixed=true),
    angle_d_2(fixed=true),
    angle_d_3(fixed=true),
    angle_d_1_stateSelect=StateSelect.always,
    angle_d_2_stateSelect=StateSelect.always,
    angle_d_3_stateSelect=StateSelect.always);
  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a1;
equation
  connect(world.frame_b, freeMotionScalarInit.frame_a);
  connect(freeMotionScalarInit.frame_b, body.frame_a);
  connect(frame_a.frame_a, freeMotionScalarInit.frame_a);
  connect(frame_a1.frame_a, freeMotionScalarInit.frame_b);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end FreeMotionScalarInit;
