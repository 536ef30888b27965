// FreeMotionScalarInit5 of models/msl with one change: freeMotionScalarInit1.frame_a hangs on the
// world through a zero FixedTranslation, so the two elements are no longer between the same
// frames. freeMotionScalarInit1 (use_r, use_v) then outputs its coordinates from the frames'
// motion and its fixed starts are conditions of the initialization, which finds the translation
// of freeMotionScalarInit2's edge (use_angle only); the reference result is the same.
within ModelicaTest.MultiBody.Joints;
model FreeMotionScalarInit5
  "Two FreeMotionScalarInit elements in parallel: one for the relative position, one for the orientation"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.FreeMotionScalarInit freeMotionScalarInit1(
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
    use_angle=false,
    angle_1(start=0.78539816339745),
    angle_2(start=0.78539816339745),
    angle_3(start=0.78539816339745),
    use_angle_d=false);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation zero(r={0,0,0});
  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM={0,0,0}, m=1);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frame_a1;
  Modelica.Mechanics.MultiBody.Joints.FreeMotionScalarInit freeMotionScalarInit2(
    use_angle=true,
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
    angle_d_3_stateSelect=StateSelect.always,
    use_r=false,
    r_rel_a_1(start=0.5, fixed=false),
    r_rel_a_2(start=0.4, fixed=false),
    r_rel_a_3(start=0, fixed=false),
    use_v=false,
    v_rel_a_1(fixed=false),
    v_rel_a_2(fixed=false),
    v_rel_a_3(fixed=false));
equation
  connect(world.frame_b, zero.frame_a);
  connect(zero.frame_b, freeMotionScalarInit1.frame_a);
  connect(freeMotionScalarInit1.frame_b, body.frame_a);
  connect(frame_a.frame_a, freeMotionScalarInit1.frame_a);
  connect(frame_a1.frame_a, freeMotionScalarInit1.frame_b);
  connect(world.frame_b, freeMotionScalarInit2.frame_a);
  connect(freeMotionScalarInit2.frame_b, body.frame_a);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end FreeMotionScalarInit5;
