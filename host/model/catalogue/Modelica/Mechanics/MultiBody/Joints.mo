within Modelica.Mechanics.MultiBody;
package Joints "Components that constrain the motion between two frames (interfaces only)"
  import SI = Modelica.Units.SI;

  // Internal sub-components of the MSL classes (revolute_a, prismatic_x, Internal.Init*,
  // visual shapes, ...) and protected helper parameters that need Frames functions
  // (R_rel_start, Q_start, phi_start, e, ...) are not declared; host/mech implements them.
  // The Assemblies (but JointUPS) declare their public sub-components as the MSL does
  // (users' equations name e.g. jointSSP.prismatic.distance), with Internal's two joints.

  model Prismatic
    "Prismatic joint (1 translational degree-of-freedom, 2 potential states, optional axis flange)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialElementaryJoint;
    Modelica.Mechanics.Translational.Interfaces.Flange_a axis if useAxisFlange
      "1-dim. translational flange that drives the joint";
    Modelica.Mechanics.Translational.Interfaces.Flange_b support if useAxisFlange
      "1-dim. translational flange of the drive support (assumed to be fixed in the world frame, NOT in the joint)";

    parameter Boolean useAxisFlange = false "= true, if axis flange is enabled"
      annotation(Evaluate=true);
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n = {1,0,0}
      "Axis of translation resolved in frame_a (= same as in frame_b)"
      annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.Axis boxWidthDirection = {0,1,0}
      "Vector in width direction of box, resolved in frame_a [animation]" annotation(Evaluate=true);
    parameter SI.Distance boxWidth = world.defaultJointWidth
      "Width of prismatic joint box [animation]";
    parameter SI.Distance boxHeight = boxWidth "Height of prismatic joint box [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color boxColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor "Color of prismatic joint box [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter StateSelect stateSelect = StateSelect.prefer
      "Priority to use distance s and v=der(s) as states";
    final parameter Real e[3](each final unit="1") =
      Modelica.Math.Vectors.normalizeWithAssert(n)
      "Unit vector in direction of prismatic axis n";

    SI.Position s(start=0, final stateSelect=stateSelect)
      "Relative distance between frame_a and frame_b";
    SI.Velocity v(start=0, final stateSelect=stateSelect)
      "First derivative of s (relative velocity)";
    SI.Acceleration a(start=0) "Second derivative of s (relative acceleration)";
    SI.Force f "Actuation force in direction of joint axis";
  end Prismatic;

  model Revolute
    "Revolute joint (1 rotational degree-of-freedom, 2 potential states, optional axis flange)"
    Modelica.Mechanics.Rotational.Interfaces.Flange_a axis if useAxisFlange
      "1-dim. rotational flange that drives the joint";
    Modelica.Mechanics.Rotational.Interfaces.Flange_b support if useAxisFlange
      "1-dim. rotational flange of the drive support (assumed to be fixed in the world frame, NOT in the joint)";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
      "Coordinate system fixed to the joint with one cut-force and cut-torque";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
      "Coordinate system fixed to the joint with one cut-force and cut-torque";

    parameter Boolean useAxisFlange = false "= true, if axis flange is enabled"
      annotation(Evaluate=true);
    parameter Boolean animation = true
      "= true, if animation shall be enabled (show axis as cylinder) [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n = {0,0,1}
      "Axis of rotation resolved in frame_a (= same as in frame_b)"
      annotation(Evaluate=true);
    parameter SI.Distance cylinderLength = world.defaultJointLength
      "Length of cylinder representing the joint axis [animation]";
    parameter SI.Distance cylinderDiameter = world.defaultJointWidth
      "Diameter of cylinder representing the joint axis [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
      "Color of cylinder representing the joint axis [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter StateSelect stateSelect = StateSelect.prefer
      "Priority to use joint angle phi and w=der(phi) as states";

    SI.Angle phi(start=0, final stateSelect=stateSelect)
      "Relative rotation angle from frame_a to frame_b";
    SI.AngularVelocity w(start=0, stateSelect=stateSelect)
      "First derivative of angle phi (relative angular velocity)";
    SI.AngularAcceleration a(start=0)
      "Second derivative of angle phi (relative angular acceleration)";
    SI.Torque tau "Driving torque in direction of axis of rotation";
    SI.Angle angle "= phi";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end Revolute;

  model Cylindrical "Cylindrical joint (2 degrees-of-freedom, 4 potential states)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Boolean animation = true
      "= true, if animation shall be enabled (show cylinder) [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n = {1,0,0}
      "Cylinder axis resolved in frame_a (= same as in frame_b)" annotation(Evaluate=true);
    parameter SI.Distance cylinderDiameter = world.defaultJointWidth
      "Diameter of cylinder [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor "Color of cylinder [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter StateSelect stateSelect = StateSelect.prefer
      "Priority to use joint coordinates (phi, s, w, v) as states";

    SI.Position s(start=0, stateSelect=stateSelect)
      "Relative distance between frame_a and frame_b";
    SI.Angle phi(start=0, stateSelect=stateSelect)
      "Relative rotation angle from frame_a to frame_b";
    SI.Velocity v(start=0, stateSelect=stateSelect)
      "First derivative of s (relative velocity)";
    SI.AngularVelocity w(start=0, stateSelect=stateSelect)
      "First derivative of angle phi (relative angular velocity)";
    SI.Acceleration a(start=0) "Second derivative of s (relative acceleration)";
    SI.AngularAcceleration wd(start=0)
      "Second derivative of angle phi (relative angular acceleration)";
    // MSL sub-components (not declared here): Prismatic prismatic(n=n, animation=false,
    //   stateSelect=StateSelect.never); Revolute revolute(n=n, animation=false,
    //   stateSelect=StateSelect.never).
  end Cylindrical;

  model Universal "Universal joint (2 degrees-of-freedom, 4 potential states)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n_a = {1,0,0}
      "Axis of revolute joint 1 resolved in frame_a" annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.Axis n_b = {0,1,0}
      "Axis of revolute joint 2 resolved in frame_b" annotation(Evaluate=true);
    parameter SI.Distance cylinderLength = world.defaultJointLength
      "Length of cylinders representing the joint axes [animation]";
    parameter SI.Distance cylinderDiameter = world.defaultJointWidth
      "Diameter of cylinders representing the joint axes [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
      "Color of cylinders representing the joint axes [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter StateSelect stateSelect = StateSelect.prefer
      "Priority to use joint coordinates (phi_a, phi_b, w_a, w_b) as states";

    SI.Angle phi_a(start=0, stateSelect=stateSelect)
      "Relative rotation angle from frame_a to intermediate frame";
    SI.Angle phi_b(start=0, stateSelect=stateSelect)
      "Relative rotation angle from intermediate frame to frame_b";
    SI.AngularVelocity w_a(start=0, stateSelect=stateSelect)
      "First derivative of angle phi_a (relative angular velocity a)";
    SI.AngularVelocity w_b(start=0, stateSelect=stateSelect)
      "First derivative of angle phi_b (relative angular velocity b)";
    SI.AngularAcceleration a_a(start=0)
      "Second derivative of angle phi_a (relative angular acceleration a)";
    SI.AngularAcceleration a_b(start=0)
      "Second derivative of angle phi_b (relative angular acceleration b)";
    // MSL sub-components (not declared here): Revolute revolute_a(n=n_a, ...),
    //   Revolute revolute_b(n=n_b, ...), both stateSelect=StateSelect.never.
  end Universal;

  model Planar "Planar joint (3 degrees-of-freedom, 6 potential states)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n = {0,0,1}
      "Axis orthogonal to unconstrained plane, resolved in frame_a (= same as in frame_b)"
      annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.Axis n_x = {1,0,0}
      "Vector in direction of x-axis of plane, resolved in frame_a (n_x shall be orthogonal to n)"
      annotation(Evaluate=true);
    parameter SI.Distance cylinderLength = world.defaultJointLength
      "Length of revolute cylinder [animation]";
    parameter SI.Distance cylinderDiameter = world.defaultJointWidth
      "Diameter of revolute cylinder [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor "Color of revolute cylinder [animation]";
    parameter SI.Distance boxWidth = 0.3*cylinderDiameter
      "Width of prismatic joint boxes [animation]";
    parameter SI.Distance boxHeight = boxWidth "Height of prismatic joint boxes [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color boxColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor "Color of prismatic joint boxes [animation]";
    parameter StateSelect stateSelect = StateSelect.prefer
      "Priority to use joint coordinates (s_x, s_y, phi, v_x, v_y, w) as states";

    SI.Position s_x(start=0, stateSelect=stateSelect)
      "Relative distance along first prismatic joint starting at frame_a";
    SI.Position s_y(start=0, stateSelect=stateSelect)
      "Relative distance along second prismatic joint starting at first prismatic joint";
    SI.Angle phi(start=0, stateSelect=stateSelect)
      "Relative rotation angle from frame_a to frame_b";
    SI.Velocity v_x(start=0, stateSelect=stateSelect)
      "First derivative of s_x (relative velocity in s_x direction)";
    SI.Velocity v_y(start=0, stateSelect=stateSelect)
      "First derivative of s_y (relative velocity in s_y direction)";
    SI.AngularVelocity w(start=0, stateSelect=stateSelect)
      "First derivative of angle phi (relative angular velocity)";
    SI.Acceleration a_x(start=0)
      "Second derivative of s_x (relative acceleration in s_x direction)";
    SI.Acceleration a_y(start=0)
      "Second derivative of s_y (relative acceleration in s_y direction)";
    SI.AngularAcceleration wd(start=0)
      "Second derivative of angle phi (relative angular acceleration)";
    // MSL sub-components (not declared here): Prismatic prismatic_x(n=cross(cross(n, n_x), n)),
    //   Prismatic prismatic_y(n=cross(n, n_x)), Revolute revolute(n=n), all StateSelect.never.
  end Planar;

  model Spherical
    "Spherical joint (3 constraints and no potential states, or 3 degrees-of-freedom and 3 states)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Boolean animation = true
      "= true, if animation shall be enabled (show sphere) [animation]";
    parameter SI.Distance sphereDiameter = world.defaultJointLength
      "Diameter of sphere representing the spherical joint [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
      "Color of sphere representing the spherical joint [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";

    parameter Boolean angles_fixed = false
      "= true, if angles_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.Angle angles_start[3] = {0,0,0}
      "Initial values of angles to rotate frame_a around 'sequence_start' axes into frame_b";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_start = {1,2,3}
      "Sequence of rotations to rotate frame_a into frame_b at initial time"
      annotation(Evaluate=true);
    parameter Boolean w_rel_a_fixed = false
      "= true, if w_rel_a_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularVelocity w_rel_a_start[3] = {0,0,0}
      "Initial values of angular velocity of frame_b with respect to frame_a, resolved in frame_a";
    parameter Boolean z_rel_a_fixed = false
      "= true, if z_rel_a_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularAcceleration z_rel_a_start[3] = {0,0,0}
      "Initial values of angular acceleration z_rel_a = der(w_rel_a)";

    parameter Boolean enforceStates = false
      "= true, if relative variables of spherical joint shall be used as states (StateSelect.always)"
      annotation(Evaluate=true);
    parameter Boolean useQuaternions = true
      "= true, if quaternions shall be used as states otherwise use 3 angles as states (provided enforceStates=true)"
      annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_angleStates = {1,2,3}
      "Sequence of rotations to rotate frame_a into frame_b around the 3 angles used as states"
      annotation(Evaluate=true);
    // Left out: final parameter Frames.Orientation R_rel_start =
    //   Frames.axesRotations(sequence_start, angles_start, zeros(3)).

  protected
    // Left out: parameter Q_start = Frames.to_Q(R_rel_start) (MSL start of Q) and
    // parameter phi_start[3] (MSL start of phi).
    Modelica.Mechanics.MultiBody.Frames.Quaternions.Orientation Q(
      each stateSelect=if enforceStates and useQuaternions then StateSelect.prefer
        else StateSelect.never)
      "Quaternion orientation object from frame_a to frame_b (dummy value, if quaternions are not used as states)";
    SI.Angle phi[3](
      each stateSelect=if enforceStates and not useQuaternions then StateSelect.always
        else StateSelect.never)
      "Dummy or 3 angles to rotate frame_a into frame_b";
    SI.AngularVelocity phi_d[3](
      each stateSelect=if enforceStates and not useQuaternions then StateSelect.always
        else StateSelect.never)
      "= der(phi)";
    SI.AngularAcceleration phi_dd[3] "= der(phi_d)";
    // MSL start of w_rel: Frames.resolve2(R_rel_start, w_rel_a_start).
    SI.AngularVelocity w_rel[3](fixed=fill(w_rel_a_fixed, 3),
      each stateSelect=if enforceStates and useQuaternions then StateSelect.always
        else StateSelect.never)
      "Dummy or relative angular velocity of frame_b with respect to frame_a, resolved in frame_b";
  end Spherical;

  model FreeMotion "Free motion joint (6 degrees-of-freedom, 12 potential states)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Boolean animation = true
      "= true, if animation shall be enabled (show arrow from frame_a to frame_b) [animation]";

    SI.Position r_rel_a[3](start={0,0,0},
      each stateSelect=if enforceStates then StateSelect.always else StateSelect.prefer)
      "Position vector from origin of frame_a to origin of frame_b, resolved in frame_a";
    SI.Velocity v_rel_a[3](start={0,0,0},
      each stateSelect=if enforceStates then StateSelect.always else StateSelect.prefer)
      "= der(r_rel_a), i.e., velocity of origin of frame_b with respect to origin of frame_a, resolved in frame_a";
    SI.Acceleration a_rel_a[3](start={0,0,0}) "= der(v_rel_a)";

    parameter Boolean angles_fixed = false
      "= true, if angles_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.Angle angles_start[3] = {0,0,0}
      "Initial values of angles to rotate frame_a around 'sequence_start' axes into frame_b";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_start = {1,2,3}
      "Sequence of rotations to rotate frame_a into frame_b at initial time"
      annotation(Evaluate=true);
    parameter Boolean w_rel_a_fixed = false
      "= true, if w_rel_a_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularVelocity w_rel_a_start[3] = {0,0,0}
      "Initial values of angular velocity of frame_b with respect to frame_a, resolved in frame_a";
    parameter Boolean z_rel_a_fixed = false
      "= true, if z_rel_a_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularAcceleration z_rel_a_start[3] = {0,0,0}
      "Initial values of angular acceleration z_rel_a = der(w_rel_a)";

    input Modelica.Mechanics.MultiBody.Types.Color arrowColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor "Color of arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Boolean enforceStates = true
      "= true, if relative variables between frame_a and frame_b shall be used as states"
      annotation(Evaluate=true);
    parameter Boolean useQuaternions = true
      "= true, if quaternions shall be used as states otherwise use 3 angles as states"
      annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_angleStates = {1,2,3}
      "Sequence of rotations to rotate frame_a into frame_b around the 3 angles used as states"
      annotation(Evaluate=true);
    // Left out: final parameter Frames.Orientation R_rel_start =
    //   Frames.axesRotations(sequence_start, angles_start, zeros(3)).

  protected
    // Left out: parameter Q_start = Frames.to_Q(R_rel_start) (MSL start of Q) and
    // parameter phi_start[3] (MSL start of phi).
    Modelica.Mechanics.MultiBody.Frames.Quaternions.Orientation Q(
      each stateSelect=if enforceStates then (if useQuaternions then StateSelect.prefer
        else StateSelect.never) else StateSelect.default)
      "Quaternion orientation object from frame_a to frame_b (dummy value, if quaternions are not used as states)";
    SI.Angle phi[3](
      each stateSelect=if enforceStates then (if useQuaternions then StateSelect.never
        else StateSelect.always) else StateSelect.prefer)
      "Dummy or 3 angles to rotate frame_a into frame_b";
    SI.AngularVelocity phi_d[3](
      each stateSelect=if enforceStates then (if useQuaternions then StateSelect.never
        else StateSelect.always) else StateSelect.prefer)
      "= der(phi)";
    SI.AngularAcceleration phi_dd[3] "= der(phi_d)";
    // MSL start of w_rel_b: Frames.resolve2(R_rel_start, w_rel_a_start).
    SI.AngularVelocity w_rel_b[3](fixed=fill(w_rel_a_fixed, 3),
      each stateSelect=if enforceStates then (if useQuaternions then StateSelect.always
        else StateSelect.avoid) else StateSelect.prefer)
      "Dummy or relative angular velocity of frame_b with respect to frame_a, resolved in frame_b";
  end FreeMotion;

  model FreeMotionScalarInit
    "Free motion joint with scalar initialization and state selection (6 degrees-of-freedom, 12 potential states)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;

    parameter Boolean animation = true
      "= true, if animation shall be enabled (show arrow from frame_a to frame_b) [animation]";

    parameter Boolean use_r = false "= true, if r_rel_a shall be used"
      annotation(Evaluate=true);
    Modelica.Blocks.Interfaces.RealOutput r_rel_a_1(final quantity="Length", final unit="m",
      start=0, final stateSelect=r_rel_a_1_stateSelect) if use_r
      "Relative distance r_rel_a[1]";
    Modelica.Blocks.Interfaces.RealOutput r_rel_a_2(final quantity="Length", final unit="m",
      start=0, final stateSelect=r_rel_a_2_stateSelect) if use_r
      "Relative distance r_rel_a[2]";
    Modelica.Blocks.Interfaces.RealOutput r_rel_a_3(final quantity="Length", final unit="m",
      start=0, final stateSelect=r_rel_a_3_stateSelect) if use_r
      "Relative distance r_rel_a[3]";
    parameter StateSelect r_rel_a_1_stateSelect = StateSelect.never
      "StateSelect of r_rel_a[1]";
    parameter StateSelect r_rel_a_2_stateSelect = StateSelect.never
      "StateSelect of r_rel_a[2]";
    parameter StateSelect r_rel_a_3_stateSelect = StateSelect.never
      "StateSelect of r_rel_a[3]";

    parameter Boolean use_v = false "= true, if v_rel_a shall be used"
      annotation(Evaluate=true);
    Modelica.Blocks.Interfaces.RealOutput v_rel_a_1(final quantity="Velocity", final unit="m/s",
      start=0, final stateSelect=v_rel_a_1_stateSelect) if use_r and use_v
      "Relative velocity v_rel_a[1]";
    Modelica.Blocks.Interfaces.RealOutput v_rel_a_2(final quantity="Velocity", final unit="m/s",
      start=0, final stateSelect=v_rel_a_2_stateSelect) if use_r and use_v
      "Relative velocity v_rel_a[2]";
    Modelica.Blocks.Interfaces.RealOutput v_rel_a_3(final quantity="Velocity", final unit="m/s",
      start=0, final stateSelect=v_rel_a_3_stateSelect) if use_r and use_v
      "Relative velocity v_rel_a[3]";
    parameter StateSelect v_rel_a_1_stateSelect = StateSelect.never
      "StateSelect of v_rel_a[1]";
    parameter StateSelect v_rel_a_2_stateSelect = StateSelect.never
      "StateSelect of v_rel_a[2]";
    parameter StateSelect v_rel_a_3_stateSelect = StateSelect.never
      "StateSelect of v_rel_a[3]";

    parameter Boolean use_a = false "= true, if a_rel_a shall be used"
      annotation(Evaluate=true);
    Modelica.Blocks.Interfaces.RealOutput a_rel_a_1(final quantity="Acceleration",
      final unit="m/s2", start=0) if use_r and use_v and use_a
      "Relative acceleration a_rel_a[1]";
    Modelica.Blocks.Interfaces.RealOutput a_rel_a_2(final quantity="Acceleration",
      final unit="m/s2", start=0) if use_r and use_v and use_a
      "Relative acceleration a_rel_a[2]";
    Modelica.Blocks.Interfaces.RealOutput a_rel_a_3(final quantity="Acceleration",
      final unit="m/s2", start=0) if use_r and use_v and use_a
      "Relative acceleration a_rel_a[3]";

    parameter Boolean use_angle = false "= true, if angle shall be used"
      annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_start = {1,2,3}
      "Sequence of angle rotations" annotation(Evaluate=true);
    Modelica.Blocks.Interfaces.RealOutput angle_1(final quantity="Angle", final unit="rad",
      start=0, stateSelect=angle_1_stateSelect) if use_angle
      "First rotation angle or dummy";
    Modelica.Blocks.Interfaces.RealOutput angle_2(final quantity="Angle", final unit="rad",
      start=0, stateSelect=angle_2_stateSelect) if use_angle
      "Second rotation angle or dummy";
    Modelica.Blocks.Interfaces.RealOutput angle_3(final quantity="Angle", final unit="rad",
      start=0, stateSelect=angle_3_stateSelect) if use_angle
      "Third rotation angle or dummy";
    parameter StateSelect angle_1_stateSelect = StateSelect.never "StateSelect of angle_1";
    parameter StateSelect angle_2_stateSelect = StateSelect.never "StateSelect of angle_2";
    parameter StateSelect angle_3_stateSelect = StateSelect.never "StateSelect of angle_3";

    parameter Boolean use_angle_d = false "= true, if angle_d shall be used"
      annotation(Evaluate=true);
    Modelica.Blocks.Interfaces.RealOutput angle_d_1(final quantity="AngularVelocity",
      final unit="rad/s", start=0, final stateSelect=angle_d_1_stateSelect)
      if use_angle and use_angle_d "= der(angle_1)";
    Modelica.Blocks.Interfaces.RealOutput angle_d_2(final quantity="AngularVelocity",
      final unit="rad/s", start=0, final stateSelect=angle_d_2_stateSelect)
      if use_angle and use_angle_d "= der(angle_2)";
    Modelica.Blocks.Interfaces.RealOutput angle_d_3(final quantity="AngularVelocity",
      final unit="rad/s", start=0, final stateSelect=angle_d_3_stateSelect)
      if use_angle and use_angle_d "= der(angle_3)";
    parameter StateSelect angle_d_1_stateSelect = StateSelect.never
      "StateSelect of angle_d_1";
    parameter StateSelect angle_d_2_stateSelect = StateSelect.never
      "StateSelect of angle_d_2";
    parameter StateSelect angle_d_3_stateSelect = StateSelect.never
      "StateSelect of angle_d_3";

    parameter Boolean use_angle_dd = false "= true, if angle_dd shall be used"
      annotation(Evaluate=true);
    Modelica.Blocks.Interfaces.RealOutput angle_dd_1(final quantity="AngularAcceleration",
      final unit="rad/s2", start=0) if use_angle and use_angle_d and use_angle_dd
      "= der(angle_d_1)";
    Modelica.Blocks.Interfaces.RealOutput angle_dd_2(final quantity="AngularAcceleration",
      final unit="rad/s2", start=0) if use_angle and use_angle_d and use_angle_dd
      "= der(angle_d_2)";
    Modelica.Blocks.Interfaces.RealOutput angle_dd_3(final quantity="AngularAcceleration",
      final unit="rad/s2", start=0) if use_angle and use_angle_d and use_angle_dd
      "= der(angle_d_3)";

    parameter Boolean use_w = false "= true, if w_rel_b shall be used"
      annotation(Evaluate=true);
    Modelica.Blocks.Interfaces.RealOutput w_rel_b_1(final quantity="AngularVelocity",
      final unit="rad/s", start=0, stateSelect=w_rel_b_1_stateSelect) if use_w
      "Relative angular velocity w_rel_b[1]";
    Modelica.Blocks.Interfaces.RealOutput w_rel_b_2(final quantity="AngularVelocity",
      final unit="rad/s", start=0, stateSelect=w_rel_b_2_stateSelect) if use_w
      "Relative angular velocity w_rel_b[2]";
    Modelica.Blocks.Interfaces.RealOutput w_rel_b_3(final quantity="AngularVelocity",
      final unit="rad/s", start=0, stateSelect=w_rel_b_3_stateSelect) if use_w
      "Relative angular velocity w_rel_b[3]";
    parameter StateSelect w_rel_b_1_stateSelect = StateSelect.never
      "StateSelect of w_rel_b[1]";
    parameter StateSelect w_rel_b_2_stateSelect = StateSelect.never
      "StateSelect of w_rel_b[2]";
    parameter StateSelect w_rel_b_3_stateSelect = StateSelect.never
      "StateSelect of w_rel_b[3]";

    parameter Boolean use_z = false "= true, if z_rel_b shall be used"
      annotation(Evaluate=true);
    Modelica.Blocks.Interfaces.RealOutput z_rel_b_1(final quantity="AngularAcceleration",
      final unit="rad/s2", start=0) if use_w and use_z
      "Relative angular acceleration z_rel_b[1]";
    Modelica.Blocks.Interfaces.RealOutput z_rel_b_2(final quantity="AngularAcceleration",
      final unit="rad/s2", start=0) if use_w and use_z
      "Relative angular acceleration z_rel_b[2]";
    Modelica.Blocks.Interfaces.RealOutput z_rel_b_3(final quantity="AngularAcceleration",
      final unit="rad/s2", start=0) if use_w and use_z
      "Relative angular acceleration z_rel_b[3]";

    input Modelica.Mechanics.MultiBody.Types.Color arrowColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor "Color of arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    // MSL sub-components (not declared here): Internal.InitPosition initPosition if use_r,
    //   Internal.InitAngle initAngle if use_angle, Internal.InitAngularVelocity
    //   initAngularVelocity if use_w, ... (all zero force and torque on both frames).
  end FreeMotionScalarInit;

  model SphericalSpherical
    "Spherical - spherical joint aggregation (1 constraint, no potential states) with an optional point mass in the middle"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Boolean showMass = true
      "= true, if mass shall be shown (provided animation = true and m > 0) [animation]";
    parameter Boolean computeRodLength = false
      "= true, if rodLength shall be computed during initialization (see info)";
    parameter SI.Length rodLength(min=Modelica.Constants.eps, fixed=not computeRodLength,
      start=1)
      "Distance between the origins of frame_a and frame_b (if computeRodLength=true, guess value)";
    parameter SI.Mass m(min=0) = 0 "Mass of rod (= point mass located in middle of rod)";
    parameter SI.Diameter sphereDiameter = world.defaultJointLength
      "Diameter of spheres representing the spherical joints [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
      "Color of spheres representing the spherical joints [animation]";
    parameter SI.Diameter rodDiameter =
      sphereDiameter/Modelica.Mechanics.MultiBody.Types.Defaults.JointRodDiameterFraction
      "Diameter of rod connecting the two spherical joint [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color rodColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.RodColor
      "Color of rod connecting the two spherical joints [animation]";
    parameter SI.Diameter massDiameter = sphereDiameter
      "Diameter of sphere representing the mass point [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color massColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor
      "Color of sphere representing the mass point [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Boolean kinematicConstraint = true
      "= false, if no constraint shall be defined, due to analytically solving a kinematic loop (false should not be used by user, but only by MultiBody.Joints.Assemblies joints)";
    // MSL binding (an equation, left out): constraintResidue = rRod_0*rRod_0 - rodLength*rodLength
    Real constraintResidue
      "Constraint equation of joint in residue form: Either length constraint (= default) or equation to compute rod force (for analytic solution of loops in combination with Internal.RevoluteWithLengthConstraint/PrismaticWithLengthConstraint)";
    parameter Boolean checkTotalPower = false
      "= true, if total power flowing into this component shall be determined (must be zero)";

    SI.Force f_rod
      "Constraint force in direction of the rod (positive on frame_a, when directed from frame_a to frame_b)";
    SI.Position rRod_0[3] "Position vector from frame_a to frame_b resolved in world frame";
    SI.Position rRod_a[3] "Position vector from frame_a to frame_b resolved in frame_a";
    Real eRod_a[3](each final unit="1")
      "Unit vector in direction from frame_a to frame_b, resolved in frame_a";
    SI.Position r_CM_0[3]
      "Dummy if m==0, or position vector from world frame to mid-point of rod, resolved in world frame";
    SI.Velocity v_CM_0[3] "First derivative of r_CM_0";
    SI.Force f_CM_a[3]
      "Dummy if m==0, or inertial force acting at mid-point of rod due to mass point acceleration, resolved in frame_a";
    SI.Force f_CM_e[3]
      "Dummy if m==0, or projection of f_CM_a onto eRod_a, resolved in frame_a";
    SI.Force f_b_a1[3]
      "Force acting at frame_b, but without force in rod, resolved in frame_a";
    SI.Power totalPower
      "Total power flowing into this element, if checkTotalPower=true (otherwise dummy)";
  end SphericalSpherical;

  model UniversalSpherical
    "Universal - spherical joint aggregation (1 constraint, no potential states)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_ia
      "Coordinate system at the origin of frame_a, fixed at the rod connecting the universal with the spherical joint";
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Boolean showUniversalAxes = true
      "= true, if universal joint shall be visualized with two cylinders, otherwise with a sphere (provided animation=true) [animation]";
    parameter Boolean computeRodLength = false
      "= true, if distance between frame_a and frame_b shall be computed during initialization (see info)";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n1_a = {0,0,1}
      "Axis 1 of universal joint resolved in frame_a (axis 2 is orthogonal to axis 1 and to rod)"
      annotation(Evaluate=true);
    parameter SI.Position rRod_ia[3] = {1,0,0}
      "Vector from origin of frame_a to origin of frame_b, resolved in frame_ia (if computeRodLength=true, rRod_ia is only an axis vector along the connecting rod)"
      annotation(Evaluate=true);
    parameter SI.Diameter sphereDiameter = world.defaultJointLength
      "Diameter of spheres representing the universal and the spherical joint [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
      "Color of spheres representing the universal and the spherical joint [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeType rodShapeType = "cylinder"
      "Shape type of rod connecting the universal and the spherical joint [animation]";
    parameter SI.Distance rodWidth =
      sphereDiameter/Modelica.Mechanics.MultiBody.Types.Defaults.JointRodDiameterFraction
      "Width of rod shape in direction of axis 2 of universal joint. [animation]";
    parameter SI.Distance rodHeight = rodWidth
      "Height of rod shape in direction that is orthogonal to rod and to axis 2 [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeExtra rodExtra = 0.0
      "Additional parameter depending on rodShapeType [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color rodColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.RodColor
      "Color of rod shape connecting the universal and the spherical joints [animation]";
    parameter SI.Distance cylinderLength = world.defaultJointLength
      "Length of cylinders representing the two universal joint axes [animation]";
    parameter SI.Distance cylinderDiameter = world.defaultJointWidth
      "Diameter of cylinders representing the two universal joint axes [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
      "Color of cylinders representing the two universal joint axes [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Boolean kinematicConstraint = true
      "= false, if no constraint shall be defined, due to analytically solving a kinematic loop";
    // MSL binding (an equation, left out): constraintResidue = rRod_0*rRod_0 - rodLength*rodLength
    Real constraintResidue
      "Constraint equation of joint in residue form: Either length constraint (= default) or equation to compute rod force (for analytic solution of loops in combination with Internal.RevoluteWithLengthConstraint/PrismaticWithLengthConstraint)";
    parameter Boolean checkTotalPower = false
      "= true, if total power flowing into this component shall be determined (must be zero)";
    SI.Force f_rod "Constraint force in direction of the rod (positive, if rod is pressed)";
    final parameter SI.Distance rodLength(fixed=false,
      start=Modelica.Math.Vectors.length(rRod_ia))
      "Length of rod (distance between origin of frame_a and origin of frame_b)";
    final parameter Real eRod_ia[3](each final unit="1") =
      Modelica.Math.Vectors.normalizeWithAssert(rRod_ia)
      "Unit vector from origin of frame_a to origin of frame_b, resolved in frame_ia";
    final parameter Real e2_ia[3](each final unit="1") =
      Modelica.Math.Vectors.normalize(cross(n1_a, eRod_ia))
      "Unit vector in direction of axis 2 of universal joint, resolved in frame_ia (orthogonal to n1_a and eRod_ia; note: frame_ia is parallel to frame_a when the universal joint angles are zero)";
    final parameter Real e3_ia[3](each final unit="1") = cross(eRod_ia, e2_ia)
      "Unit vector perpendicular to eRod_ia and e2_ia, resolved in frame_ia";
    SI.Power totalPower
      "Total power flowing into this element, if checkTotalPower=true (otherwise dummy)";
    SI.Force f_b_a1[3]
      "frame_b.f without f_rod part, resolved in frame_a (needed for analytic loop handling)";
    Real eRod_a[3](each final unit="1")
      "Unit vector in direction of rRod_a, resolved in frame_a (needed for analytic loop handling)";
    SI.Position rRod_0[3](start=rRod_ia)
      "Position vector from origin of frame_a to origin of frame_b resolved in world frame";
    SI.Position rRod_a[3](start=rRod_ia)
      "Position vector from origin of frame_a to origin of frame_b resolved in frame_a";
  end UniversalSpherical;

  model RollingWheel
    "Joint (no mass, no inertia) that describes an ideal rolling wheel (rolling on the plane z=0)"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
      "Frame fixed in wheel center point. x-Axis: upwards, y-axis: along wheel axis";
    parameter SI.Radius radius "Wheel radius";
    parameter StateSelect stateSelect = StateSelect.always
      "Priority to use generalized coordinates as states";
    SI.Position x(start = 0, stateSelect = stateSelect) "x-coordinate of wheel axis";
    SI.Position y(start = 0, stateSelect = stateSelect) "y-coordinate of wheel axis";
    SI.Position z;
    SI.Angle angles[3](start = {0,0,0}, each stateSelect = stateSelect)
      "Angles to rotate world-frame into frame_a around z-, y-, x-axis";
    SI.AngularVelocity der_angles[3](start = {0,0,0}, each stateSelect = stateSelect)
      "Derivative of angles";
    SI.Position r_road_0[3]
      "Position vector from world frame to contact point on road, resolved in world frame";
    SI.Force f_wheel_0[3] "Contact force acting on wheel, resolved in world frame";
    SI.Force f_n "Contact force acting on wheel in normal direction";
    SI.Force f_lat "Contact force acting on wheel in lateral direction";
    SI.Force f_long "Contact force acting on wheel in longitudinal direction";
    SI.Position err "|r_road_0 - frame_a.r_0| - radius (must be zero; used for checking)";
    // Protected variables of the MSL (e_axis_0, delta_0, e_n_0, e_lat_0, e_long_0, s, w, e_s_0,
    // v_0, w_0, vContact_0, aux) are not declared; host/mech implements them.
  end RollingWheel;

  model RollingWheelSet
    "Joint (no mass, no inertia) that describes an ideal rolling wheel set (two ideal rolling wheels connected together by an axis)"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frameMiddle
      "Frame fixed in middle of axis connecting both wheels (y-axis: along wheel axis, z-Axis: upwards)";
    parameter Boolean animation = true "= true, if animation of wheel set shall be enabled";
    parameter SI.Radius radius "Radius of one wheel";
    parameter SI.Distance track "Distance between the two wheels (= axle track)";
    parameter StateSelect stateSelect = StateSelect.default
      "Priority to use the generalized coordinates as states";
    SI.Position x(start = 0, stateSelect = stateSelect) "x coordinate for center between wheels";
    SI.Position y(start = 0, stateSelect = stateSelect) "y coordinate for center between wheels";
    SI.Angle phi(start = 0, stateSelect = stateSelect) "Orientation angle of wheel axis along z-axis";
    SI.Angle theta1(start = 0, stateSelect = stateSelect) "Angle of wheel 1";
    SI.Angle theta2(start = 0, stateSelect = stateSelect) "Angle of wheel 2";
    SI.AngularVelocity der_theta1(start = 0, stateSelect = stateSelect) "Derivative of theta 1";
    SI.AngularVelocity der_theta2(start = 0, stateSelect = stateSelect) "Derivative of theta 2";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame1
      "Frame fixed in center point of left wheel (y-axis: along wheel axis, z-Axis: upwards)";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame2
      "Frame fixed in center point of right wheel (y-axis: along wheel axis, z-Axis: upwards)";
    Modelica.Mechanics.Rotational.Interfaces.Flange_a axis1 "1-dim. rotational flange that drives the joint";
    Modelica.Mechanics.Rotational.Interfaces.Flange_a axis2 "1-dim. rotational flange that drives the joint";
    Modelica.Mechanics.Rotational.Interfaces.Flange_b support "Support of 1D axes";
    // The MSL's parts (fixed, prismatic1, prismatic2, revolute, rod1, rod2, revolute1,
    // revolute2, rolling1, rolling2, mounting1D) are not declared; host/mech implements them.
  end RollingWheelSet;

  model RevolutePlanarLoopConstraint
    "Revolute joint that is described by 2 positional constraints for usage in a planar loop (the ambiguous cut-force perpendicular to the loop and the ambiguous cut-torques are set arbitrarily to zero)"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
      "Coordinate system fixed to the joint with one cut-force and cut-torque";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
      "Coordinate system fixed to the joint with one cut-force and cut-torque";
    parameter Boolean animation = true
      "= true, if animation shall be enabled (show axis as cylinder) [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n = {0,0,1}
      "Axis of rotation resolved in frame_a (= same as in frame_b)"
      annotation(Evaluate=true);
    parameter SI.Distance cylinderLength = world.defaultJointLength
      "Length of cylinder representing the joint axis [animation]";
    parameter SI.Distance cylinderDiameter = world.defaultJointWidth
      "Diameter of cylinder representing the joint axis [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
      "Color of cylinder representing the joint axis [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end RevolutePlanarLoopConstraint;

  package Assemblies
    "Joint aggregations for analytic loop handling"
    import SI = Modelica.Units.SI;

    model JointUPS
      "Universal - prismatic - spherical joint aggregation (no constraints, no potential states)"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFramesDoubleSize;
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_ia
        "Coordinate system at origin of frame_a fixed at prismatic joint";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_ib
        "Coordinate system at origin of frame_b fixed at prismatic joint";
      Modelica.Mechanics.Translational.Interfaces.Flange_a axis
        "1-dim. translational flange that drives the prismatic joint";
      Modelica.Mechanics.Translational.Interfaces.Flange_b bearing
        "1-dim. translational flange of the drive bearing of the prismatic joint";

      parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
      parameter Boolean showUniversalAxes = true
        "= true, if universal joint shall be visualized with two cylinders, otherwise with a sphere (provided animation=true)";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n1_a = {0,0,1}
        "Axis 1 of universal joint resolved in frame_a (axis 2 is orthogonal to axis 1 and to line from universal to spherical joint)"
        annotation(Evaluate=true);
      parameter SI.Position nAxis_ia[3] = {1,0,0}
        "Axis vector along line from origin of frame_a to origin of frame_b, resolved in frame_ia"
        annotation(Evaluate=true);
      parameter SI.Position s_offset = 0
        "Relative distance offset (distance between frame_a and frame_b = s(t) + s_offset)";
      parameter SI.Diameter sphereDiameter = world.defaultJointLength
        "Diameter of spheres representing the spherical joints [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of spheres representing the spherical joints [animation]";
      parameter SI.Diameter axisDiameter =
        sphereDiameter/Modelica.Mechanics.MultiBody.Types.Defaults.JointRodDiameterFraction
        "Diameter of cylinder on the connecting line from frame_a to frame_b [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color axisColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor
        "Color of cylinder on the connecting line from frame_a to frame_b [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
      parameter SI.Distance cylinderLength = world.defaultJointLength
        "Length of cylinders representing the two universal joint axes [animation]";
      parameter SI.Distance cylinderDiameter = world.defaultJointWidth
        "Diameter of cylinders representing the two universal joint axes [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of cylinders representing the two universal joint axes [animation]";
      parameter Boolean checkTotalPower = false
        "= true, if total power flowing into this component shall be determined (must be zero)";
      final parameter Real eAxis_ia[3](each final unit="1") =
        Modelica.Math.Vectors.normalizeWithAssert(nAxis_ia)
        "Unit vector from origin of frame_a to origin of frame_b, resolved in frame_ia";
      final parameter Real e2_ia[3](each final unit="1") =
        Modelica.Math.Vectors.normalizeWithAssert(cross(n1_a, eAxis_ia))
        "Unit vector in direction of second rotation axis of universal joint, resolved in frame_ia";
      final parameter Real e3_ia[3](each final unit="1") = cross(eAxis_ia, e2_ia)
        "Unit vector perpendicular to eAxis_ia and e2_ia, resolved in frame_ia";
      SI.Position s
        "Relative distance between frame_a and frame_b along axis nAxis = s + s_offset";
      SI.Force f "= axis.f (driving force in the axis; = -bearing.f)";
      SI.Length axisLength "Distance between frame_a and frame_b";
      SI.Power totalPower
        "Total power flowing into this element, if checkTotalPower=true (otherwise dummy)";
    end JointUPS;

    model JointUSR
      "Universal - spherical - revolute joint aggregation (no constraints, no potential states)"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFramesDoubleSize;
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_ia
        "Coordinate system at origin of frame_a fixed at connecting rod of universal and spherical joint";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_ib
        "Coordinate system at origin of frame_b fixed at connecting rod of spherical and revolute joint";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_im
        "Coordinate system at origin of spherical joint fixed at connecting rod of spherical and revolute joint";
      Modelica.Mechanics.Rotational.Interfaces.Flange_a axis
        "1-dim. rotational flange that drives the revolute joint";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b bearing
        "1-dim. rotational flange of the drive bearing of the revolute joint";

      parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
      parameter Boolean showUniversalAxes = true
        "= true, if universal joint shall be visualized with two cylinders, otherwise with a sphere (provided animation=true) [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n1_a = {0,0,1}
        "Axis 1 of universal joint fixed and resolved in frame_a (axis 2 is orthogonal to axis 1 and to rod 1)"
        annotation(Evaluate=true);
      parameter Modelica.Mechanics.MultiBody.Types.Axis n_b = {0,0,1}
        "Axis of revolute joint fixed and resolved in frame_b"
        annotation(Evaluate=true);
      parameter SI.Position rRod1_ia[3] = {1,0,0}
        "Vector from origin of frame_a to spherical joint, resolved in frame_ia"
        annotation(Evaluate=true);
      parameter SI.Position rRod2_ib[3] = {-1,0,0}
        "Vector from origin of frame_ib to spherical joint, resolved in frame_ib";
      parameter Modelica.Units.NonSI.Angle_deg phi_offset = 0
        "Relative angle offset of revolute joint (angle = phi(t) + from_deg(phi_offset))";
      parameter Modelica.Units.NonSI.Angle_deg phi_guess = 0
        "Select the configuration such that at initial time |phi(t0) - from_deg(phi_guess)| is minimal";
      parameter SI.Diameter sphereDiameter = world.defaultJointLength
        "Diameter of the spheres representing the universal and the spherical joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of the spheres representing the universal and the spherical joint [animation]";
      parameter SI.Diameter rod1Diameter =
        sphereDiameter/Modelica.Mechanics.MultiBody.Types.Defaults.JointRodDiameterFraction
        "Diameter of rod 1 connecting the universal and the spherical joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color rod1Color =
        Modelica.Mechanics.MultiBody.Types.Defaults.RodColor
        "Color of rod 1 connecting the universal and the spherical joint [animation]";
      parameter SI.Diameter rod2Diameter = rod1Diameter
        "Diameter of rod 2 connecting the revolute and the spherical joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color rod2Color = rod1Color
        "Color of rod 2 connecting the revolute and the spherical joint [animation]";
      parameter SI.Diameter revoluteDiameter = world.defaultJointWidth
        "Diameter of cylinder representing the revolute joint [animation]";
      parameter SI.Distance revoluteLength = world.defaultJointLength
        "Length of cylinder representing the revolute joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color revoluteColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of cylinder representing the revolute joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
      parameter SI.Distance cylinderLength = world.defaultJointLength
        "Length of cylinders representing the two universal joint axes [animation]";
      parameter SI.Distance cylinderDiameter = world.defaultJointWidth
        "Diameter of cylinders representing the two universal joint axes [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of cylinders representing the two universal joint axes [animation]";
      parameter Boolean checkTotalPower = false
        "= true, if total power flowing into this component shall be determined (must be zero)";
      final parameter Real eRod1_ia[3](each final unit="1") = rod1.eRod_ia
        "Unit vector from origin of frame_a to origin of spherical joint, resolved in frame_ia";
      final parameter Real e2_ia[3](each final unit="1") = rod1.e2_ia
        "Unit vector in direction of axis 2 of universal joint, resolved in frame_ia";
      final parameter SI.Distance rod1Length = rod1.rodLength
        "Length of rod 1 (= distance between universal and spherical joint)";
      SI.Power totalPower
        "Total power flowing into this element, if checkTotalPower=true (otherwise dummy)";
      SI.Position aux
        "Denominator used to compute force in rod connecting universal and spherical joint";
      SI.Force f_rod "Constraint force in direction of the rod (positive, if rod is pressed)";

      // Public sub-components of the MSL JointUSR (users refer to e.g. revolute.phi)
      Modelica.Mechanics.MultiBody.Joints.Internal.RevoluteWithLengthConstraint revolute(
        animation=animation,
        lengthConstraint=rod1Length,
        n=n_b,
        phi_offset=phi_offset,
        phi_guess=phi_guess,
        cylinderDiameter=revoluteDiameter,
        cylinderLength=revoluteLength,
        cylinderColor=revoluteColor,
        specularCoefficient=specularCoefficient);
      // MSL binding (an equation, left out): rod1(constraintResidue=rod1.f_rod - f_rod)
      Modelica.Mechanics.MultiBody.Joints.UniversalSpherical rod1(
        animation=animation,
        showUniversalAxes=showUniversalAxes,
        rRod_ia=rRod1_ia,
        n1_a=n1_a,
        sphereDiameter=sphereDiameter,
        sphereColor=sphereColor,
        rodWidth=rod1Diameter,
        rodHeight=rod1Diameter,
        rodColor=rod1Color,
        cylinderLength=cylinderLength,
        cylinderDiameter=cylinderDiameter,
        cylinderColor=cylinderColor,
        specularCoefficient=specularCoefficient,
        kinematicConstraint=false);
      Modelica.Mechanics.MultiBody.Parts.FixedTranslation rod2(
        animation=animation,
        width=rod2Diameter,
        height=rod2Diameter,
        color=rod2Color,
        specularCoefficient=specularCoefficient,
        r=rRod2_ib);
      Modelica.Mechanics.MultiBody.Sensors.RelativePosition relativePosition(
        resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a);
      Modelica.Blocks.Sources.Constant position_b[3](k=rRod2_ib);
    end JointUSR;

    model JointUSP
      "Universal - spherical - prismatic joint aggregation (no constraints, no potential states)"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFramesDoubleSize;
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_ia
        "Coordinate system at origin of frame_a fixed at connecting rod of universal and spherical joint";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_ib
        "Coordinate system at origin of frame_b fixed at connecting rod of spherical and prismatic joint";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_im
        "Coordinate system at origin of spherical joint fixed at connecting rod of spherical and prismatic joint";
      Modelica.Mechanics.Translational.Interfaces.Flange_a axis
        "1-dim. translational flange that drives the prismatic joint";
      Modelica.Mechanics.Translational.Interfaces.Flange_b bearing
        "1-dim. translational flange of the drive bearing of the prismatic joint";

      parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
      parameter Boolean showUniversalAxes = true
        "= true, if universal joint shall be visualized with two cylinders, otherwise with a sphere (provided animation=true) [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n1_a = {0,0,1}
        "Axis 1 of universal joint fixed and resolved in frame_a (axis 2 is orthogonal to axis 1 and to rod 1)"
        annotation(Evaluate=true);
      parameter Modelica.Mechanics.MultiBody.Types.Axis n_b = {-1,0,0}
        "Axis of prismatic joint fixed and resolved in frame_b"
        annotation(Evaluate=true);
      parameter SI.Position rRod1_ia[3] = {1,0,0}
        "Vector from origin of frame_a to spherical joint, resolved in frame_ia"
        annotation(Evaluate=true);
      parameter SI.Position rRod2_ib[3] = {-1,0,0}
        "Vector from origin of frame_ib to spherical joint, resolved in frame_ib (frame_ib is parallel to frame_b)"
        annotation(Evaluate=true);
      parameter SI.Position s_offset = 0
        "Relative distance offset of prismatic joint (distance between the prismatic joint frames = s(t) + s_offset)";
      parameter SI.Position s_guess = 0
        "Select the configuration such that at initial time |s(t0)-s_guess| is minimal";
      parameter SI.Diameter sphereDiameter = world.defaultJointLength
        "Diameter of the spheres representing the universal and the spherical joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of the spheres representing the universal and the spherical joint [animation]";
      parameter SI.Diameter rod1Diameter =
        sphereDiameter/Modelica.Mechanics.MultiBody.Types.Defaults.JointRodDiameterFraction
        "Diameter of rod 1 connecting the universal and the spherical joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color rod1Color =
        Modelica.Mechanics.MultiBody.Types.Defaults.RodColor
        "Color of rod 1 connecting the universal and the spherical joint [animation]";
      parameter SI.Diameter rod2Diameter = rod1Diameter
        "Diameter of rod 2 connecting the prismatic and the spherical joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color rod2Color = rod1Color
        "Color of rod 2 connecting the prismatic and the spherical joint [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.Axis boxWidthDirection = {0,1,0}
        "Vector in width direction of prismatic joint, resolved in frame_b [animation]"
        annotation(Evaluate=true);
      parameter SI.Distance boxWidth = world.defaultJointWidth
        "Width of prismatic joint box [animation]";
      parameter SI.Distance boxHeight = boxWidth "Height of prismatic joint box [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color boxColor = sphereColor
        "Color of prismatic joint box [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
      parameter SI.Distance cylinderLength = world.defaultJointLength
        "Length of cylinders representing the two universal joint axes [animation]";
      parameter SI.Distance cylinderDiameter = world.defaultJointWidth
        "Diameter of cylinders representing the two universal joint axes [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of cylinders representing the two universal joint axes [animation]";
      parameter Boolean checkTotalPower = false
        "= true, if total power flowing into this component shall be determined (must be zero)";
      final parameter Real eRod1_ia[3](each final unit="1") = rod1.eRod_ia
        "Unit vector from origin of frame_a to origin of spherical joint, resolved in frame_ia";
      final parameter Real e2_ia[3](each final unit="1") = rod1.e2_ia
        "Unit vector in direction of axis 2 of universal joint, resolved in frame_ia";
      final parameter SI.Distance rod1Length = rod1.rodLength
        "Length of rod 1 (= distance between universal and spherical joint)";
      SI.Force f_rod "Constraint force in direction of the rod (positive, if rod is pressed)";
      SI.Power totalPower
        "Total power flowing into this element, if checkTotalPower=true (otherwise dummy)";

      // Public sub-components of the MSL JointUSP (users refer to e.g. prismatic.distance)
      Modelica.Mechanics.MultiBody.Joints.Internal.PrismaticWithLengthConstraint prismatic(
        animation=animation,
        length=rod1.rodLength,
        n=n_b,
        s_offset=s_offset,
        s_guess=s_guess,
        boxWidthDirection=boxWidthDirection,
        boxWidth=boxWidth,
        boxHeight=boxHeight,
        boxColor=boxColor,
        specularCoefficient=specularCoefficient);
      // MSL binding (an equation, left out): rod1(constraintResidue=rod1.f_rod - f_rod)
      Modelica.Mechanics.MultiBody.Joints.UniversalSpherical rod1(
        animation=animation,
        showUniversalAxes=showUniversalAxes,
        rRod_ia=rRod1_ia,
        n1_a=n1_a,
        sphereDiameter=sphereDiameter,
        sphereColor=sphereColor,
        rodWidth=rod1Diameter,
        rodHeight=rod1Diameter,
        rodColor=rod1Color,
        specularCoefficient=specularCoefficient,
        cylinderLength=cylinderLength,
        cylinderDiameter=cylinderDiameter,
        cylinderColor=cylinderColor,
        kinematicConstraint=false);
      Modelica.Mechanics.MultiBody.Parts.FixedTranslation rod2(
        animation=animation,
        r=rRod2_ib,
        width=rod2Diameter,
        height=rod2Diameter,
        specularCoefficient=specularCoefficient,
        color=rod2Color);
      Modelica.Mechanics.MultiBody.Sensors.RelativePosition relativePosition(
        resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a);
      Modelica.Blocks.Sources.Constant position_b[3](k=rRod2_ib);
    protected
      Real aux
        "Denominator used to compute force in rod connecting universal and spherical joint";
    end JointUSP;

    model JointSSR
      "Spherical - spherical - revolute joint aggregation with mass (no constraints, no potential states)"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFramesDoubleSize;
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_ib
        "Coordinate system at origin of frame_b fixed at connecting rod of spherical and revolute joint";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_im
        "Coordinate system at origin of spherical joint in the middle fixed at connecting rod of spherical and revolute joint";
      Modelica.Mechanics.Rotational.Interfaces.Flange_a axis
        "1-dim. rotational flange that drives the revolute joint";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b bearing
        "1-dim. rotational flange of the drive bearing of the revolute joint";

      parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
      parameter Boolean showMass = true
        "= true, if point mass on rod 1 shall be shown (provided animation = true and rod1Mass > 0) [animation]";
      parameter SI.Length rod1Length(min=Modelica.Constants.eps, start=1)
        "Distance between the origins of the two spherical joints";
      parameter SI.Mass rod1Mass(min=0) = 0
        "Mass of rod 1 (= point mass located in middle of rod connecting the two spherical joints)";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n_b = {0,0,1}
        "Axis of revolute joint fixed and resolved in frame_b";
      parameter SI.Position rRod2_ib[3] = {1,0,0}
        "Vector from origin of frame_ib to spherical joint in the middle, resolved in frame_ib";
      parameter Modelica.Units.NonSI.Angle_deg phi_offset = 0
        "Relative angle offset of revolute joint (angle = phi(t) + from_deg(phi_offset))";
      parameter Modelica.Units.NonSI.Angle_deg phi_guess = 0
        "Select the configuration such that at initial time |phi(t0) - from_deg(phi_guess)| is minimal";
      parameter SI.Diameter sphereDiameter = world.defaultJointLength
        "Diameter of the spheres representing the two spherical joints [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of the spheres representing the two spherical joints [animation]";
      parameter SI.Diameter rod1Diameter =
        sphereDiameter/Modelica.Mechanics.MultiBody.Types.Defaults.JointRodDiameterFraction
        "Diameter of rod 1 connecting the two spherical joints [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color rod1Color =
        Modelica.Mechanics.MultiBody.Types.Defaults.RodColor
        "Color of rod 1 connecting the two spherical joint [animation]";
      parameter SI.Diameter rod2Diameter = rod1Diameter
        "Diameter of rod 2 connecting the revolute joint and spherical joint 2 [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color rod2Color = rod1Color
        "Color of rod 2 connecting the revolute joint and spherical joint 2 [animation]";
      parameter SI.Diameter revoluteDiameter = world.defaultJointWidth
        "Diameter of cylinder representing the revolute joint [animation]";
      parameter SI.Distance revoluteLength = world.defaultJointLength
        "Length of cylinder representing the revolute joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color revoluteColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of cylinder representing the revolute joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
      parameter Boolean checkTotalPower = false
        "= true, if total power flowing into this component shall be determined (must be zero)";
      SI.Position aux
        "Denominator used to compute force in rod connecting universal and spherical joint";
      SI.Force f_rod "Constraint force in direction of the rod (positive, if rod is pressed)";
      SI.Power totalPower
        "Total power flowing into this element, if checkTotalPower=true (otherwise dummy)";

      // Public sub-components of the MSL JointSSR (users refer to e.g. revolute.phi)
      Modelica.Mechanics.MultiBody.Joints.Internal.RevoluteWithLengthConstraint revolute(
        animation=animation,
        lengthConstraint=rod1Length,
        n=n_b,
        phi_offset=phi_offset,
        phi_guess=phi_guess,
        cylinderDiameter=revoluteDiameter,
        cylinderLength=revoluteLength,
        cylinderColor=revoluteColor,
        specularCoefficient=specularCoefficient);
      // MSL binding (an equation, left out): rod1(constraintResidue=rod1.f_rod - f_rod)
      Modelica.Mechanics.MultiBody.Joints.SphericalSpherical rod1(
        animation=animation,
        showMass=showMass,
        m=rod1Mass,
        rodLength=rod1Length,
        rodDiameter=rod1Diameter,
        sphereDiameter=sphereDiameter,
        rodColor=rod1Color,
        specularCoefficient=specularCoefficient,
        kinematicConstraint=false,
        sphereColor=sphereColor);
      Modelica.Mechanics.MultiBody.Parts.FixedTranslation rod2(
        animation=animation,
        width=rod2Diameter,
        height=rod2Diameter,
        color=rod2Color,
        specularCoefficient=specularCoefficient,
        r=rRod2_ib);
      Modelica.Mechanics.MultiBody.Sensors.RelativePosition relativePosition(
        resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a);
      Modelica.Blocks.Sources.Constant position_b[3](k=rRod2_ib);
    end JointSSR;

    model JointSSP
      "Spherical - spherical - prismatic joint aggregation with mass (no constraints, no potential states)"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFramesDoubleSize;
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_ib
        "Coordinate system at origin of frame_b fixed at connecting rod of spherical and prismatic joint";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_im
        "Coordinate system at origin of spherical joint in the middle fixed at connecting rod of spherical and prismatic joint";
      Modelica.Mechanics.Translational.Interfaces.Flange_a axis
        "1-dim. translational flange that drives the prismatic joint";
      Modelica.Mechanics.Translational.Interfaces.Flange_b bearing
        "1-dim. translational flange of the drive bearing of the prismatic joint";

      parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
      parameter Boolean showMass = true
        "= true, if point mass on rod 1 shall be shown (provided animation = true and rod1Mass > 0) [animation]";
      parameter SI.Length rod1Length(min=Modelica.Constants.eps, start=1)
        "Distance between the origins of the two spherical joints";
      parameter SI.Mass rod1Mass(min=0) = 0
        "Mass of rod 1 (= point mass located in middle of rod connecting the two spherical joints)";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n_b = {0,0,1}
        "Axis of prismatic joint fixed and resolved in frame_b";
      parameter SI.Position rRod2_ib[3] = {1,0,0}
        "Vector from origin of frame_ib to spherical joint in the middle, resolved in frame_ib";
      parameter SI.Position s_offset = 0
        "Relative distance offset of prismatic joint (distance between frame_b and frame_ib = s(t) + s_offset)";
      parameter SI.Position s_guess = 0
        "Select the configuration such that at initial time |s(t0)-s_guess| is minimal";
      parameter SI.Diameter sphereDiameter = world.defaultJointLength
        "Diameter of the spheres representing the two spherical joints [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of the spheres representing the two spherical joints [animation]";
      parameter SI.Diameter rod1Diameter =
        sphereDiameter/Modelica.Mechanics.MultiBody.Types.Defaults.JointRodDiameterFraction
        "Diameter of rod 1 connecting the two spherical joints [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color rod1Color =
        Modelica.Mechanics.MultiBody.Types.Defaults.RodColor
        "Color of rod 1 connecting the two spherical joint [animation]";
      parameter SI.Diameter rod2Diameter = rod1Diameter
        "Diameter of rod 2 connecting the revolute joint and spherical joint 2 [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color rod2Color = rod1Color
        "Color of rod 2 connecting the revolute joint and spherical joint 2 [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.Axis boxWidthDirection = {0,1,0}
        "Vector in width direction of prismatic joint box, resolved in frame_b [animation]"
        annotation(Evaluate=true);
      parameter SI.Distance boxWidth = world.defaultJointWidth
        "Width of prismatic joint box [animation]";
      parameter SI.Distance boxHeight = boxWidth "Height of prismatic joint box [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color boxColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of prismatic joint box [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
      parameter Boolean checkTotalPower = false
        "= true, if total power flowing into this component shall be determined (must be zero)";
      Real aux
        "Denominator used to compute force in rod connecting universal and spherical joint";
      SI.Force f_rod "Constraint force in direction of the rod (positive, if rod is pressed)";
      SI.Power totalPower
        "Total power flowing into this element, if checkTotalPower=true (otherwise dummy)";

      // Public sub-components of the MSL JointSSP (users refer to e.g. prismatic.distance)
      Modelica.Mechanics.MultiBody.Joints.Internal.PrismaticWithLengthConstraint prismatic(
        animation=animation,
        length=rod1Length,
        n=n_b,
        s_offset=s_offset,
        s_guess=s_guess,
        boxWidthDirection=boxWidthDirection,
        boxWidth=boxWidth,
        boxHeight=boxHeight,
        specularCoefficient=specularCoefficient,
        boxColor=boxColor);
      // MSL binding (an equation, left out): rod1(constraintResidue=rod1.f_rod - f_rod)
      Modelica.Mechanics.MultiBody.Joints.SphericalSpherical rod1(
        animation=animation,
        showMass=showMass,
        m=rod1Mass,
        rodLength=rod1Length,
        rodDiameter=rod1Diameter,
        sphereDiameter=sphereDiameter,
        rodColor=rod1Color,
        kinematicConstraint=false,
        specularCoefficient=specularCoefficient,
        sphereColor=sphereColor);
      Modelica.Mechanics.MultiBody.Parts.FixedTranslation rod2(
        animation=animation,
        width=rod2Diameter,
        height=rod2Diameter,
        specularCoefficient=specularCoefficient,
        color=rod2Color,
        r=rRod2_ib);
      Modelica.Mechanics.MultiBody.Sensors.RelativePosition relativePosition(
        resolveInFrame=Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a);
      Modelica.Blocks.Sources.Constant position_b[3](k=rRod2_ib);
    end JointSSP;

    model JointRRR
      "Planar revolute - revolute - revolute joint aggregation (no constraints, no potential states)"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFramesDoubleSize;
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_ia
        "Coordinate system at origin of frame_a fixed at connecting rod of left and middle revolute joint";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_ib
        "Coordinate system at origin of frame_b fixed at connecting rod of middle and right revolute joint";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_im
        "Coordinate system at origin of revolute joint in the middle fixed at connecting rod of middle and right revolute joint";
      Modelica.Mechanics.Rotational.Interfaces.Flange_a axis
        "1-dim. rotational flange that drives the right revolute joint at frame_b";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b bearing
        "1-dim. rotational flange of the drive bearing of the right revolute joint at frame_b";

      parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n_a = {0,0,1}
        "Axes of revolute joints resolved in frame_a (all axes are parallel to each other)"
        annotation(Evaluate=true);
      final parameter Real n_b[3](each final unit="1", each fixed=false, start={0,0,1})
        "Axis of revolute joint fixed and resolved in frame_b"
        annotation(Evaluate=true);
      parameter SI.Position rRod1_ia[3] = {1,0,0}
        "Vector from origin of frame_a to revolute joint in the middle, resolved in frame_ia"
        annotation(Evaluate=true);
      parameter SI.Position rRod2_ib[3] = {-1,0,0}
        "Vector from origin of frame_ib to revolute joint in the middle, resolved in frame_ib";
      parameter Modelica.Units.NonSI.Angle_deg phi_offset = 0
        "Relative angle offset of revolute joint at frame_b (angle = phi(t) + from_deg(phi_offset))";
      parameter Modelica.Units.NonSI.Angle_deg phi_guess = 0
        "Select the configuration such that at initial time |phi(t0) - from_deg(phi_guess)| is minimal";
      parameter SI.Distance cylinderLength = world.defaultJointLength
        "Length of cylinders representing the revolute joints [animation]";
      parameter SI.Distance cylinderDiameter = world.defaultJointWidth
        "Diameter of cylinders representing the revolute joints [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of cylinders representing the revolute joints [animation]";
      parameter SI.Diameter rodDiameter = 1.1*cylinderDiameter
        "Diameter of the two rods connecting the revolute joints [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color rodColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.RodColor
        "Color of the two rods connecting the revolute joint [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
      parameter Boolean checkTotalPower = false
        "= true, if total power flowing into this component shall be determined (must be zero)";
      final parameter Real e_a[3](each final unit="1") =
        Modelica.Math.Vectors.normalizeWithAssert(n_a)
        "Unit vector along axes of rotations, resolved in frame_a";
      final parameter Real e_ia[3](each final unit="1") = jointUSR.e2_ia
        "Unit vector along axes of rotations, resolved in frame_ia";
      final parameter Real e_b[3](each final unit="1") = jointUSR.revolute.e
        "Unit vector along axes of rotations, resolved in frame_b, frame_ib and frame_im";
      // MSL binding (an equation, left out): totalPower = jointUSR.totalPower
      SI.Power totalPower
        "Total power flowing into this element, if checkTotalPower=true (otherwise dummy)";

      // Public sub-component of the MSL JointRRR (users refer to e.g. jointUSR.revolute.phi)
      Modelica.Mechanics.MultiBody.Joints.Assemblies.JointUSR jointUSR(
        animation=false,
        n1_a=n_a,
        n_b=n_b,
        phi_offset=phi_offset,
        rRod2_ib=rRod2_ib,
        showUniversalAxes=false,
        rRod1_ia=rRod1_ia,
        checkTotalPower=checkTotalPower,
        phi_guess=phi_guess);
      // MSL (protected, not declared): the shapes shape_rev1, shape_rev2, shape_rev3,
      //   shape_rod1, shape_rod2 if world.enableAnimation and animation.
    end JointRRR;

    model JointRRP
      "Planar revolute - revolute - prismatic joint aggregation (no constraints, no potential states)"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFramesDoubleSize;
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_ia
        "Coordinate system at origin of frame_a fixed at connecting rod of revolute joints";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_ib
        "Coordinate system at origin of frame_b fixed at connecting rod of revolute and prismatic joint";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_im
        "Coordinate system at origin of revolute joint in the middle fixed at connecting rod of revolute and prismatic joint";
      Modelica.Mechanics.Translational.Interfaces.Flange_a axis
        "1-dim. translational flange that drives the prismatic joint";
      Modelica.Mechanics.Translational.Interfaces.Flange_b bearing
        "1-dim. translational flange of the drive bearing of the prismatic joint";

      parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n_a = {0,0,1}
        "Axes of the two revolute joints resolved in frame_a (both axes are parallel to each other)"
        annotation(Evaluate=true);
      parameter Modelica.Mechanics.MultiBody.Types.Axis n_b = {-1,0,0}
        "Axis of prismatic joint fixed and resolved in frame_b (must be orthogonal to revolute joint axes)"
        annotation(Evaluate=true);
      parameter SI.Position rRod1_ia[3] = {1,0,0}
        "Vector from origin of frame_a to revolute joint in the middle, resolved in frame_ia"
        annotation(Evaluate=true);
      parameter SI.Position rRod2_ib[3] = {-1,0,0}
        "Vector from origin of frame_ib to revolute joint in the middle, resolved in frame_ib (frame_ib is parallel to frame_b)";
      parameter SI.Position s_offset = 0
        "Relative distance offset of prismatic joint (distance between the prismatic joint frames = s(t) + s_offset)";
      parameter SI.Position s_guess = 0
        "Select the configuration such that at initial time |s(t0)-s_guess| is minimal";
      parameter SI.Distance cylinderLength = world.defaultJointLength
        "Length of cylinders representing the revolute joints [animation]";
      parameter SI.Distance cylinderDiameter = world.defaultJointWidth
        "Diameter of cylinders representing the revolute joints [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of cylinders representing the revolute joints [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.Axis boxWidthDirection = {0,1,0}
        "Vector in width direction of prismatic joint, resolved in frame_b [animation]"
        annotation(Evaluate=true);
      parameter SI.Distance boxWidth = world.defaultJointWidth
        "Width of prismatic joint box [animation]";
      parameter SI.Distance boxHeight = boxWidth "Height of prismatic joint box [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color boxColor = cylinderColor
        "Color of prismatic joint box [animation]";
      parameter SI.Diameter rodDiameter = 1.1*cylinderDiameter
        "Diameter of the two rods connecting the joints [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color rodColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.RodColor
        "Color of the two rods connecting the joints [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
      parameter Boolean checkTotalPower = false
        "= true, if total power flowing into this component shall be determined (must be zero)";
      final parameter Real e_a[3](each final unit="1") =
        Modelica.Math.Vectors.normalizeWithAssert(n_a)
        "Unit vector along axes of rotations, resolved in frame_a";
      final parameter Real e_ia[3](each final unit="1") = jointUSP.e2_ia
        "Unit vector along axes of rotations, resolved in frame_ia";
      // start: Modelica's default start of a Real, written out (the flattener takes a
      // fixed=false parameter's value from its start; host/mech computes e_im)
      final parameter Real e_im[3](each final unit="1", each fixed=false, start={0,0,0})
        "Unit vector along axes of rotations, resolved in frame_im";
      final parameter Real e_b[3](each final unit="1") = jointUSP.prismatic.e
        "Unit vector along axes of translation of the prismatic joint, resolved in frame_b and frame_ib";
      // MSL binding (an equation, left out): totalPower = jointUSP.totalPower
      SI.Power totalPower
        "Total power flowing into this element, if checkTotalPower=true (otherwise dummy)";

      // Public sub-component of the MSL JointRRP (users refer to e.g. jointUSP.prismatic.distance)
      Modelica.Mechanics.MultiBody.Joints.Assemblies.JointUSP jointUSP(
        animation=false,
        showUniversalAxes=false,
        n1_a=n_a,
        n_b=n_b,
        s_offset=s_offset,
        s_guess=s_guess,
        rRod1_ia=rRod1_ia,
        rRod2_ib=rRod2_ib,
        checkTotalPower=checkTotalPower);
      // MSL (protected, not declared): the shapes shape_rev1, shape_rev2, shape_prism,
      //   shape_rod1, shape_rod2 if world.enableAnimation and animation.
    end JointRRP;
  end Assemblies;
  package Constraints
    "Components that define joints by constraints (for loops; every one of them cuts its loop)"
    import SI = Modelica.Units.SI;

    model Revolute
      "Revolute cut-joint and translational directions may be constrained or released"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system fixed to the component with one cut-force and cut-torque";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
        "Coordinate system fixed to the component with one cut-force and cut-torque";
      parameter Boolean x_locked = true
        "= true, if constraint force in x-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean y_locked = true
        "= true, if constraint force in y-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean z_locked = true
        "= true, if constraint force in z-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean animation = true
        "= true, if animation shall be enabled (show sphere) [animation]";
      parameter SI.Distance sphereDiameter = world.defaultJointLength/3
        "Diameter of sphere representing the constraint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of sphere representing the constraint [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n = {0,1,0}
        "Axis of rotation resolved in frame_a (= same as in frame_b)"
        annotation(Evaluate=true);
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end Revolute;

    model Prismatic
      "Prismatic cut-joint and translational directions may be constrained or released"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system fixed to the component with one cut-force and cut-torque";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
        "Coordinate system fixed to the component with one cut-force and cut-torque";
      parameter Boolean x_locked = true
        "= true, if constraint force in x-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean y_locked = true
        "= true, if constraint force in y-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean z_locked = true
        "= true, if constraint force in z-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean animation = true
        "= true, if animation shall be enabled (show sphere) [animation]";
      parameter SI.Distance sphereDiameter = world.defaultJointLength/3
        "Diameter of sphere representing the constraint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of sphere representing the constraint [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end Prismatic;

    model Spherical
      "Spherical cut joint and translational directions may be constrained or released"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system fixed to the component with one cut-force and cut-torque";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
        "Coordinate system fixed to the component with one cut-force and cut-torque";
      parameter Boolean x_locked = true
        "= true, if constraint force in x-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean y_locked = true
        "= true, if constraint force in y-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean z_locked = true
        "= true, if constraint force in z-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean animation = true
        "= true, if animation shall be enabled (show sphere) [animation]";
      parameter SI.Distance sphereDiameter = world.defaultJointLength/3
        "Diameter of sphere representing the constraint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of sphere representing the constraint [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end Spherical;

    model Universal
      "Universal cut joint and translational directions may be constrained or released"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system fixed to the component with one cut-force and cut-torque";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
        "Coordinate system fixed to the component with one cut-force and cut-torque";
      parameter Boolean x_locked = true
        "= true, if constraint force in x-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean y_locked = true
        "= true, if constraint force in y-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean z_locked = true
        "= true, if constraint force in z-direction, resolved in frame_a"
        annotation(Evaluate=true);
      parameter Boolean animation = true
        "= true, if animation shall be enabled (show sphere) [animation]";
      parameter SI.Distance sphereDiameter = world.defaultJointLength/3
        "Diameter of sphere representing the constraint [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of sphere representing the constraint [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n_a = {1,0,0}
        "Axis of revolute joint 1 resolved in frame_a"
        annotation(Evaluate=true);
      parameter Modelica.Mechanics.MultiBody.Types.Axis n_b = {0,1,0}
        "Axis of revolute joint 2 resolved in frame_b"
        annotation(Evaluate=true);
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end Universal;
  end Constraints;
  package Internal
    "Joints used internally by the Assemblies (only those the Assemblies declare as public sub-components)"
    import SI = Modelica.Units.SI;

    model RevoluteWithLengthConstraint
      "Revolute joint where the rotation angle is computed from a length constraint (1 degree-of-freedom, no potential state)"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
      Modelica.Mechanics.Rotational.Interfaces.Flange_a axis
        "1-dim. rotational flange that drives the joint";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b bearing
        "1-dim. rotational flange of the drive bearing";
      Modelica.Blocks.Interfaces.RealInput position_a[3](each final quantity="Length",
        each final unit="m")
        "Position vector from frame_a to frame_a side of length constraint, resolved in frame_a of revolute joint";
      Modelica.Blocks.Interfaces.RealInput position_b[3](each final quantity="Length",
        each final unit="m")
        "Position vector from frame_b to frame_b side of length constraint, resolved in frame_b of revolute joint";

      parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
      parameter SI.Position lengthConstraint(start=1) "Fixed length of length constraint";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n = {0,0,1}
        "Axis of rotation resolved in frame_a (= same as in frame_b)"
        annotation(Evaluate=true);
      parameter Modelica.Units.NonSI.Angle_deg phi_offset = 0
        "Relative angle offset (angle = phi + from_deg(phi_offset))";
      parameter Modelica.Units.NonSI.Angle_deg phi_guess = 0
        "Select the configuration such that at initial time |phi - from_deg(phi_guess)| is minimal";
      parameter SI.Distance cylinderLength = world.defaultJointLength
        "Length of cylinder representing the joint axis [animation]";
      parameter SI.Distance cylinderDiameter = world.defaultJointWidth
        "Diameter of cylinder representing the joint axis [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of cylinder representing the joint axis [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";

      // start=false: Modelica's default start of a Boolean, written out (the flattener takes
      // a fixed=false parameter's value from its start; host/mech computes the branch)
      final parameter Boolean positiveBranch(fixed=false, start=false)
        "Based on phi_guess, selection of one of the two solutions of the non-linear constraint equation";
      final parameter Real e[3](each final unit="1") =
        Modelica.Math.Vectors.normalizeWithAssert(n)
        "Unit vector in direction of rotation axis, resolved in frame_a";

      SI.Angle phi "Rotation angle of revolute joint";
      Modelica.Mechanics.MultiBody.Frames.Orientation R_rel
        "Relative orientation object from frame_a to frame_b";
      SI.Angle angle
        "= phi + from_deg(phi_offset) (relative rotation angle between frame_a and frame_b)";
      SI.Torque tau "= axis.tau (driving torque in the axis)";
      // Protected variables (r_a, r_b, A, B, C, k1, k2, ...), the cylinder shape and the
      // function selectBranch of the MSL are not declared; host/mech implements them.
    end RevoluteWithLengthConstraint;

    model PrismaticWithLengthConstraint
      "Prismatic joint where the translational distance is computed from a length constraint (1 degree-of-freedom, no potential state)"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
      Modelica.Mechanics.Translational.Interfaces.Flange_a axis
        "1-dim. translational flange that drives the joint";
      Modelica.Mechanics.Translational.Interfaces.Flange_b bearing
        "1-dim. translational flange of the drive bearing";
      Modelica.Blocks.Interfaces.RealInput position_a[3](each final quantity="Length",
        each final unit="m")
        "Position vector from frame_a to frame_a side of length constraint, resolved in frame_a of prismatic joint";
      Modelica.Blocks.Interfaces.RealInput position_b[3](each final quantity="Length",
        each final unit="m")
        "Position vector from frame_b to frame_b side of length constraint, resolved in frame_b of prismatic joint";

      parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
      parameter SI.Position length(start=1) "Fixed length of length constraint";
      parameter Modelica.Mechanics.MultiBody.Types.Axis n = {1,0,0}
        "Axis of translation resolved in frame_a (= same as in frame_b)"
        annotation(Evaluate=true);
      parameter SI.Position s_offset = 0
        "Relative distance offset (distance between frame_a and frame_b = s(t) + s_offset)";
      parameter SI.Position s_guess = 0
        "Select the configuration such that at initial time |s(t0)-s_guess| is minimal";
      parameter Modelica.Mechanics.MultiBody.Types.Axis boxWidthDirection = {0,1,0}
        "Vector in width direction of box, resolved in frame_a [animation]"
        annotation(Evaluate=true);
      parameter SI.Distance boxWidth = world.defaultJointWidth
        "Width of prismatic joint box [animation]";
      parameter SI.Distance boxHeight = boxWidth "Height of prismatic joint box [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color boxColor =
        Modelica.Mechanics.MultiBody.Types.Defaults.JointColor
        "Color of prismatic joint box [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";

      // start=false: Modelica's default start of a Boolean, written out (the flattener takes
      // a fixed=false parameter's value from its start; host/mech computes the branch)
      final parameter Boolean positiveBranch(fixed=false, start=false)
        "Selection of one of the two solutions of the non-linear constraint equation";
      final parameter Real e[3](each final unit="1") =
        Modelica.Math.Vectors.normalizeWithAssert(n)
        "Unit vector in direction of translation axis, resolved in frame_a";
      SI.Position s
        "Relative distance between frame_a and frame_b along axis n = s + s_offset)";
      SI.Position distance "Relative distance between frame_a and frame_b along axis n";
      SI.Position r_rel_a[3] "Position vector from frame_a to frame_b resolved in frame_a";
      SI.Force f "= axis.f (driving force in the axis)";
      // Protected variables (r_a, r_b, rbra, B, C, k1, k2, ...), the box shape and the
      // function selectBranch of the MSL are not declared; host/mech implements them.
    end PrismaticWithLengthConstraint;
  end Internal;
end Joints;
