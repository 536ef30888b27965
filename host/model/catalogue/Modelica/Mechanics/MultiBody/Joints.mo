within Modelica.Mechanics.MultiBody;
package Joints "Components that constrain the motion between two frames (interfaces only)"
  import SI = Modelica.Units.SI;

  // Internal sub-components of the MSL classes (revolute_a, prismatic_x, Internal.Init*,
  // visual shapes, ...) and protected helper parameters that need Frames functions
  // (R_rel_start, Q_start, phi_start, e, ...) are not declared; host/mech implements them.

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
    "Joint aggregations for analytic loop handling (only JointUPS is declared here)"
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
end Joints;
