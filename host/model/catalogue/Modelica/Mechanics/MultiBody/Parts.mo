within Modelica.Mechanics.MultiBody;
package Parts "Rigid components such as bodies with mass and inertia and massless rods (interfaces only)"
  import SI = Modelica.Units.SI;

  // MSL v4.0.0 writes lengthDirection = to_unit1(r - r_shape); to_unit1
  // (Modelica.Units.Conversions) only strips the unit, so it is written r - r_shape here.
  // Derived record-valued parameters (R_start, Q_start, phi_start, R, R_rel, I of
  // BodyBox/BodyCylinder) need Frames functions and are left out; host/mech computes them.

  model Fixed "Frame fixed in the world frame at a given position"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
      "Coordinate system fixed in the world frame";

    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter SI.Position r[3] = {0,0,0}
      "Position vector from world frame to frame_b, resolved in world frame";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeType shapeType = "cylinder"
      "Type of shape [animation]";
    parameter SI.Position r_shape[3] = {0,0,0}
      "Vector from world frame to shape origin, resolved in world frame [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis lengthDirection = r - r_shape
      "Vector in length direction of shape, resolved in world frame [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis widthDirection = {0,1,0}
      "Vector in width direction of shape, resolved in world frame [animation]";
    parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape)
      "Length of shape [animation]";
    parameter SI.Distance width = length/world.defaultWidthFraction "Width of shape [animation]";
    parameter SI.Distance height = width "Height of shape [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeExtra extra = 0.0
      "Additional parameter for cone, pipe etc. (see docu of Visualizers.Advanced.Shape) [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.RodColor "Color of shape [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end Fixed;

  model FixedTranslation "Fixed translation of frame_b with respect to frame_a"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
      "Coordinate system fixed to the component with one cut-force and cut-torque";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
      "Coordinate system fixed to the component with one cut-force and cut-torque";

    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter SI.Position r[3](start={0,0,0})
      "Vector from frame_a to frame_b resolved in frame_a";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeType shapeType = "cylinder"
      "Type of shape [animation]";
    parameter SI.Position r_shape[3] = {0,0,0}
      "Vector from frame_a to shape origin, resolved in frame_a [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis lengthDirection = r - r_shape
      "Vector in length direction of shape, resolved in frame_a [animation]" annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.Axis widthDirection = {0,1,0}
      "Vector in width direction of shape, resolved in frame_a [animation]" annotation(Evaluate=true);
    parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape)
      "Length of shape [animation]";
    parameter SI.Distance width = length/world.defaultWidthFraction "Width of shape [animation]";
    parameter SI.Distance height = width "Height of shape [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeExtra extra = 0.0
      "Additional parameter depending on shapeType (see docu of Visualizers.Advanced.Shape) [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.RodColor "Color of shape [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end FixedTranslation;

  model FixedRotation
    "Fixed translation followed by a fixed rotation of frame_b with respect to frame_a"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
      "Coordinate system fixed to the component with one cut-force and cut-torque";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
      "Coordinate system fixed to the component with one cut-force and cut-torque";

    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter SI.Position r[3] = {0,0,0}
      "Vector from frame_a to frame_b resolved in frame_a";
    parameter Modelica.Mechanics.MultiBody.Types.RotationTypes rotationType =
      Modelica.Mechanics.MultiBody.Types.RotationTypes.RotationAxis
      "Type of rotation description" annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.Axis n = {1,0,0}
      "Axis of rotation in frame_a (= same as in frame_b)" annotation(Evaluate=true);
    parameter Modelica.Units.NonSI.Angle_deg angle = 0
      "Angle to rotate frame_a around axis n into frame_b";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n_x = {1,0,0}
      "Vector along x-axis of frame_b resolved in frame_a" annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.Axis n_y = {0,1,0}
      "Vector along y-axis of frame_b resolved in frame_a" annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence(
      min={1,1,1}, max={3,3,3}) = {1,2,3} "Sequence of rotations"
      annotation(Evaluate=true);
    parameter Modelica.Units.NonSI.Angle_deg angles[3] = {0,0,0}
      "Rotation angles around the axes defined in 'sequence'";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeType shapeType = "cylinder"
      "Type of shape [animation]";
    parameter SI.Position r_shape[3] = {0,0,0}
      "Vector from frame_a to shape origin, resolved in frame_a [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis lengthDirection = r - r_shape
      "Vector in length direction of shape, resolved in frame_a [animation]" annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.Axis widthDirection = {0,1,0}
      "Vector in width direction of shape, resolved in frame_a [animation]" annotation(Evaluate=true);
    parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape)
      "Length of shape [animation]";
    parameter SI.Distance width = length/world.defaultWidthFraction "Width of shape [animation]";
    parameter SI.Distance height = width "Height of shape [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeExtra extra = 0.0
      "Additional parameter depending on shapeType (see docu of Visualizers.Advanced.Shape) [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.RodColor "Color of shape [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    // Left out: final parameter Frames.Orientation R_rel (planarRotation / from_nxy /
    // axesRotations of the parameters above) and protected R_rel_inv.
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end FixedRotation;

  model Body "Rigid body with mass, inertia tensor and one frame connector (12 potential states)"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a "Coordinate system fixed at body";

    parameter Boolean animation = true
      "= true, if animation shall be enabled (show cylinder and sphere) [animation]";
    parameter SI.Position r_CM[3](start={0,0,0})
      "Vector from frame_a to center of mass, resolved in frame_a";
    parameter SI.Mass m(min=0, start=1) "Mass of rigid body";
    parameter SI.Inertia I_11(min=0) = 0.001 "Element (1,1) of inertia tensor";
    parameter SI.Inertia I_22(min=0) = 0.001 "Element (2,2) of inertia tensor";
    parameter SI.Inertia I_33(min=0) = 0.001 "Element (3,3) of inertia tensor";
    parameter SI.Inertia I_21(min=-Modelica.Constants.inf) = 0 "Element (2,1) of inertia tensor";
    parameter SI.Inertia I_31(min=-Modelica.Constants.inf) = 0 "Element (3,1) of inertia tensor";
    parameter SI.Inertia I_32(min=-Modelica.Constants.inf) = 0 "Element (3,2) of inertia tensor";

    SI.Position r_0[3](start={0,0,0},
      each stateSelect=if enforceStates then StateSelect.always else StateSelect.avoid)
      "Position vector from origin of world frame to origin of frame_a";
    SI.Velocity v_0[3](start={0,0,0},
      each stateSelect=if enforceStates then StateSelect.always else StateSelect.avoid)
      "Absolute velocity of frame_a, resolved in world frame (= der(r_0))";
    SI.Acceleration a_0[3](start={0,0,0})
      "Absolute acceleration of frame_a resolved in world frame (= der(v_0))";

    parameter Boolean angles_fixed = false
      "= true, if angles_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.Angle angles_start[3] = {0,0,0}
      "Initial values of angles to rotate world frame around 'sequence_start' axes into frame_a";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_start = {1,2,3}
      "Sequence of rotations to rotate world frame into frame_a at initial time"
      annotation(Evaluate=true);
    parameter Boolean w_0_fixed = false
      "= true, if w_0_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularVelocity w_0_start[3] = {0,0,0}
      "Initial or guess values of angular velocity of frame_a resolved in world frame";
    parameter Boolean z_0_fixed = false
      "= true, if z_0_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularAcceleration z_0_start[3] = {0,0,0}
      "Initial values of angular acceleration z_0 = der(w_0)";

    parameter SI.Diameter sphereDiameter = world.defaultBodyDiameter "Diameter of sphere [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of sphere [animation]";
    parameter SI.Diameter cylinderDiameter =
      sphereDiameter/Modelica.Mechanics.MultiBody.Types.Defaults.BodyCylinderDiameterFraction
      "Diameter of cylinder [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color cylinderColor = sphereColor
      "Color of cylinder [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Boolean enforceStates = false
      "= true, if absolute variables of body object shall be used as states (StateSelect.always)"
      annotation(Evaluate=true);
    parameter Boolean useQuaternions = true
      "= true, if quaternions shall be used as potential states otherwise use 3 angles as potential states"
      annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_angleStates = {1,2,3}
      "Sequence of rotations to rotate world frame into frame_a around the 3 angles used as potential states"
      annotation(Evaluate=true);

    final parameter SI.Inertia I[3,3] = [I_11, I_21, I_31; I_21, I_22, I_32; I_31, I_32, I_33]
      "inertia tensor";
    // Left out: final parameter Frames.Orientation R_start =
    //   Frames.axesRotations(sequence_start, angles_start, zeros(3)).

    // MSL start of w_a: Frames.resolve2(R_start, w_0_start); of z_a:
    // Frames.resolve2(R_start, z_0_start) (function calls; left to host/mech).
    SI.AngularVelocity w_a[3](fixed=fill(w_0_fixed, 3),
      each stateSelect=if enforceStates then (if useQuaternions then StateSelect.always
        else StateSelect.never) else StateSelect.avoid)
      "Absolute angular velocity of frame_a resolved in frame_a";
    SI.AngularAcceleration z_a[3](fixed=fill(z_0_fixed, 3))
      "Absolute angular acceleration of frame_a resolved in frame_a";
    SI.Acceleration g_0[3] "Gravity acceleration resolved in world frame";

  protected
    outer Modelica.Mechanics.MultiBody.World world;

    // Declarations for quaternions (dummies, if quaternions are not used).
    // Left out: parameter Q_start = Frames.to_Q(R_start) (MSL start of Q).
    Modelica.Mechanics.MultiBody.Frames.Quaternions.Orientation Q(
      each stateSelect=if enforceStates then (if useQuaternions then StateSelect.prefer
        else StateSelect.never) else StateSelect.avoid)
      "Quaternion orientation object from world frame to frame_a (dummy value, if quaternions are not used as states)";

    // Declaration for 3 angles.
    // Left out: parameter phi_start[3] (= angles_start if sequence_start == sequence_angleStates,
    // else Frames.axesRotationsAngles(R_start, sequence_angleStates)) (MSL start of phi).
    SI.Angle phi[3](
      each stateSelect=if enforceStates then (if useQuaternions then StateSelect.never
        else StateSelect.always) else StateSelect.avoid)
      "Dummy or 3 angles to rotate world frame into frame_a of body";
    SI.AngularVelocity phi_d[3](
      each stateSelect=if enforceStates then (if useQuaternions then StateSelect.never
        else StateSelect.always) else StateSelect.avoid)
      "= der(phi)";
    SI.AngularAcceleration phi_dd[3] "= der(phi_d)";
  end Body;

  model BodyShape
    "Rigid body with mass, inertia tensor, different shapes for animation, and two frame connectors (12 potential states)"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
      "Coordinate system fixed to the component with one cut-force and cut-torque";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
      "Coordinate system fixed to the component with one cut-force and cut-torque";

    parameter Boolean animation = true
      "= true, if animation shall be enabled (show shape between frame_a and frame_b and optionally a sphere at the center of mass) [animation]";
    parameter Boolean animateSphere = true
      "= true, if mass shall be animated as sphere provided animation=true [animation]";
    parameter SI.Position r[3](start={0,0,0})
      "Vector from frame_a to frame_b resolved in frame_a";
    parameter SI.Position r_CM[3](start={0,0,0})
      "Vector from frame_a to center of mass, resolved in frame_a";
    parameter SI.Mass m(min=0, start=1) "Mass of rigid body";
    parameter SI.Inertia I_11(min=0) = 0.001 "Element (1,1) of inertia tensor";
    parameter SI.Inertia I_22(min=0) = 0.001 "Element (2,2) of inertia tensor";
    parameter SI.Inertia I_33(min=0) = 0.001 "Element (3,3) of inertia tensor";
    parameter SI.Inertia I_21(min=-Modelica.Constants.inf) = 0 "Element (2,1) of inertia tensor";
    parameter SI.Inertia I_31(min=-Modelica.Constants.inf) = 0 "Element (3,1) of inertia tensor";
    parameter SI.Inertia I_32(min=-Modelica.Constants.inf) = 0 "Element (3,2) of inertia tensor";

    SI.Position r_0[3](start={0,0,0},
      each stateSelect=if enforceStates then StateSelect.always else StateSelect.avoid)
      "Position vector from origin of world frame to origin of frame_a";
    SI.Velocity v_0[3](start={0,0,0},
      each stateSelect=if enforceStates then StateSelect.always else StateSelect.avoid)
      "Absolute velocity of frame_a, resolved in world frame (= der(r_0))";
    SI.Acceleration a_0[3](start={0,0,0})
      "Absolute acceleration of frame_a resolved in world frame (= der(v_0))";

    parameter Boolean angles_fixed = false
      "= true, if angles_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.Angle angles_start[3] = {0,0,0}
      "Initial values of angles to rotate world frame around 'sequence_start' axes into frame_a";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_start = {1,2,3}
      "Sequence of rotations to rotate world frame into frame_a at initial time"
      annotation(Evaluate=true);
    parameter Boolean w_0_fixed = false
      "= true, if w_0_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularVelocity w_0_start[3] = {0,0,0}
      "Initial or guess values of angular velocity of frame_a resolved in world frame";
    parameter Boolean z_0_fixed = false
      "= true, if z_0_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularAcceleration z_0_start[3] = {0,0,0}
      "Initial values of angular acceleration z_0 = der(w_0)";

    parameter Modelica.Mechanics.MultiBody.Types.ShapeType shapeType = "cylinder"
      "Type of shape [animation]";
    parameter SI.Position r_shape[3] = {0,0,0}
      "Vector from frame_a to shape origin, resolved in frame_a [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis lengthDirection = r - r_shape
      "Vector in length direction of shape, resolved in frame_a [animation]" annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.Axis widthDirection = {0,1,0}
      "Vector in width direction of shape, resolved in frame_a [animation]" annotation(Evaluate=true);
    parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape)
      "Length of shape [animation]";
    parameter SI.Distance width = length/world.defaultWidthFraction "Width of shape [animation]";
    parameter SI.Distance height = width "Height of shape [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeExtra extra = 0.0
      "Additional parameter depending on shapeType (see docu of Visualizers.Advanced.Shape) [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of shape [animation]";
    parameter SI.Diameter sphereDiameter = 2*width "Diameter of sphere [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color sphereColor = color
      "Color of sphere of mass [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Boolean enforceStates = false
      "= true, if absolute variables of body object shall be used as states (StateSelect.always)"
      annotation(Evaluate=true);
    parameter Boolean useQuaternions = true
      "= true, if quaternions shall be used as potential states otherwise use 3 angles as potential states"
      annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_angleStates = {1,2,3}
      "Sequence of rotations to rotate world frame into frame_a around the 3 angles used as potential states"
      annotation(Evaluate=true);
    // The MSL's inner body, declared so that a model may read its variables
    // (bodyShape.body.w_a); mech simulates the composite as a whole and outputs them.
    Modelica.Mechanics.MultiBody.Parts.Body body(
      r_CM=r_CM, m=m, I_11=I_11, I_22=I_22, I_33=I_33, I_21=I_21, I_31=I_31, I_32=I_32,
      animation=false, sequence_start=sequence_start, angles_fixed=angles_fixed,
      angles_start=angles_start, w_0_fixed=w_0_fixed, w_0_start=w_0_start, z_0_fixed=z_0_fixed,
      z_0_start=z_0_start, useQuaternions=useQuaternions,
      sequence_angleStates=sequence_angleStates, enforceStates=false)
      "Rigid body (the MSL's part of the composite)";
    // MSL sub-component (not declared here): FixedTranslation frameTranslation(r=r,
    // animation=false).
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end BodyShape;

  model BodyBox
    "Rigid body with box shape. Mass and animation properties are computed from box data and density (12 potential states)"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
      "Coordinate system fixed to the component with one cut-force and cut-torque";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
      "Coordinate system fixed to the component with one cut-force and cut-torque";

    parameter Boolean animation = true
      "= true, if animation shall be enabled (show box between frame_a and frame_b) [animation]";
    parameter SI.Position r[3](start={0.1,0,0})
      "Vector from frame_a to frame_b resolved in frame_a";
    parameter SI.Position r_shape[3] = {0,0,0}
      "Vector from frame_a to box origin, resolved in frame_a";
    parameter Modelica.Mechanics.MultiBody.Types.Axis lengthDirection = r - r_shape
      "Vector in length direction of box, resolved in frame_a" annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.Axis widthDirection = {0,1,0}
      "Vector in width direction of box, resolved in frame_a" annotation(Evaluate=true);
    parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape) "Length of box";
    parameter SI.Distance width = length/world.defaultWidthFraction "Width of box";
    parameter SI.Distance height = width "Height of box";
    parameter SI.Distance innerWidth = 0
      "Width of inner box surface (0 <= innerWidth <= width)";
    parameter SI.Distance innerHeight = innerWidth
      "Height of inner box surface (0 <= innerHeight <= height)";
    parameter SI.Density density = 7700
      "Density of cylinder (e.g., steel: 7700 .. 7900, wood : 400 .. 800)";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of box [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";

    SI.Position r_0[3](start={0,0,0},
      each stateSelect=if enforceStates then StateSelect.always else StateSelect.avoid)
      "Position vector from origin of world frame to origin of frame_a";
    SI.Velocity v_0[3](start={0,0,0},
      each stateSelect=if enforceStates then StateSelect.always else StateSelect.avoid)
      "Absolute velocity of frame_a, resolved in world frame (= der(r_0))";
    SI.Acceleration a_0[3](start={0,0,0})
      "Absolute acceleration of frame_a resolved in world frame (= der(v_0))";

    parameter Boolean angles_fixed = false
      "= true, if angles_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.Angle angles_start[3] = {0,0,0}
      "Initial values of angles to rotate world frame around 'sequence_start' axes into frame_a";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_start = {1,2,3}
      "Sequence of rotations to rotate world frame into frame_a at initial time"
      annotation(Evaluate=true);
    parameter Boolean w_0_fixed = false
      "= true, if w_0_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularVelocity w_0_start[3] = {0,0,0}
      "Initial or guess values of angular velocity of frame_a resolved in world frame";
    parameter Boolean z_0_fixed = false
      "= true, if z_0_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularAcceleration z_0_start[3] = {0,0,0}
      "Initial values of angular acceleration z_0 = der(w_0)";

    parameter Boolean enforceStates = false
      "= true, if absolute variables of body object shall be used as states (StateSelect.always)"
      annotation(Evaluate=true);
    parameter Boolean useQuaternions = true
      "= true, if quaternions shall be used as potential states otherwise use 3 angles as potential states"
      annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_angleStates = {1,2,3}
      "Sequence of rotations to rotate world frame into frame_a around the 3 angles used as potential states"
      annotation(Evaluate=true);

    final parameter SI.Mass mo(min=0) = density*length*width*height
      "Mass of box without hole";
    final parameter SI.Mass mi(min=0) = density*length*innerWidth*innerHeight
      "Mass of hole of box";
    final parameter SI.Mass m(min=0) = mo - mi "Mass of box";
    final parameter SI.Position r_CM[3] =
      r_shape + Modelica.Math.Vectors.normalizeWithAssert(lengthDirection)*length/2
      "Position vector from origin of frame_a to center of mass, resolved in frame_a";
    // Left out (need Frames functions): final parameter Frames.Orientation R =
    //   Frames.from_nxy(r, widthDirection); final parameter SI.Inertia I[3,3] =
    //   Frames.resolveDyade1(R, diagonal({mo*(width^2 + height^2) - mi*(innerWidth^2 + innerHeight^2),
    //   mo*(length^2 + height^2) - mi*(length^2 + innerHeight^2),
    //   mo*(length^2 + width^2) - mi*(length^2 + innerWidth^2)}/12)).
    // MSL sub-components (not declared here): Body body(enforceStates=false, ...),
    //   FixedTranslation frameTranslation(shapeType="box", ...).
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end BodyBox;

  model BodyCylinder
    "Rigid body with cylinder shape. Mass and animation properties are computed from cylinder data and density (12 potential states)"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
      "Coordinate system fixed to the component with one cut-force and cut-torque";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
      "Coordinate system fixed to the component with one cut-force and cut-torque";

    parameter Boolean animation = true
      "= true, if animation shall be enabled (show cylinder between frame_a and frame_b) [animation]";
    parameter SI.Position r[3](start={0.1,0,0})
      "Vector from frame_a to frame_b, resolved in frame_a";
    parameter SI.Position r_shape[3] = {0,0,0}
      "Vector from frame_a to cylinder origin, resolved in frame_a";
    parameter Modelica.Mechanics.MultiBody.Types.Axis lengthDirection = r - r_shape
      "Vector in length direction of cylinder, resolved in frame_a" annotation(Evaluate=true);
    parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape)
      "Length of cylinder";
    parameter SI.Distance diameter = length/world.defaultWidthFraction
      "Diameter of cylinder";
    parameter SI.Distance innerDiameter = 0
      "Inner diameter of cylinder (0 <= innerDiameter <= Diameter)";
    parameter SI.Density density = 7700
      "Density of cylinder (e.g., steel: 7700 .. 7900, wood : 400 .. 800)";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of cylinder [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";

    SI.Position r_0[3](start={0,0,0},
      each stateSelect=if enforceStates then StateSelect.always else StateSelect.avoid)
      "Position vector from origin of world frame to origin of frame_a";
    SI.Velocity v_0[3](start={0,0,0},
      each stateSelect=if enforceStates then StateSelect.always else StateSelect.avoid)
      "Absolute velocity of frame_a, resolved in world frame (= der(r_0))";
    SI.Acceleration a_0[3](start={0,0,0})
      "Absolute acceleration of frame_a resolved in world frame (= der(v_0))";

    parameter Boolean angles_fixed = false
      "= true, if angles_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.Angle angles_start[3] = {0,0,0}
      "Initial values of angles to rotate world frame around 'sequence_start' axes into frame_a";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_start = {1,2,3}
      "Sequence of rotations to rotate world frame into frame_a at initial time"
      annotation(Evaluate=true);
    parameter Boolean w_0_fixed = false
      "= true, if w_0_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularVelocity w_0_start[3] = {0,0,0}
      "Initial or guess values of angular velocity of frame_a resolved in world frame";
    parameter Boolean z_0_fixed = false
      "= true, if z_0_start are used as initial values, else as guess values"
      annotation(Evaluate=true);
    parameter SI.AngularAcceleration z_0_start[3] = {0,0,0}
      "Initial values of angular acceleration z_0 = der(w_0)";

    parameter Boolean enforceStates = false
      "= true, if absolute variables of body object shall be used as states (StateSelect.always)"
      annotation(Evaluate=true);
    parameter Boolean useQuaternions = true
      "= true, if quaternions shall be used as potential states otherwise use 3 angles as potential states"
      annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence_angleStates = {1,2,3}
      "Sequence of rotations to rotate world frame into frame_a around the 3 angles used as potential states"
      annotation(Evaluate=true);

    final parameter SI.Distance radius = diameter/2 "Radius of cylinder";
    final parameter SI.Distance innerRadius = innerDiameter/2 "Inner-Radius of cylinder";
    final parameter SI.Mass mo(min=0) = density*Modelica.Constants.pi*length*radius*radius
      "Mass of cylinder without hole";
    final parameter SI.Mass mi(min=0) =
      density*Modelica.Constants.pi*length*innerRadius*innerRadius
      "Mass of hole of cylinder";
    final parameter SI.Inertia I22 =
      (mo*(length*length + 3*radius*radius) - mi*(length*length + 3*innerRadius*innerRadius))/12
      "Inertia with respect to axis through center of mass, perpendicular to cylinder axis";
    final parameter SI.Mass m(min=0) = mo - mi "Mass of cylinder";
    final parameter SI.Position r_CM[3] =
      r_shape + Modelica.Math.Vectors.normalizeWithAssert(lengthDirection)*length/2
      "Position vector from frame_a to center of mass, resolved in frame_a";
    // The MSL's I = Frames.resolveDyade1(Frames.from_nxy(r, {0,1,0}), diagonal({(mo*radius^2 -
    // mi*innerRadius^2)/2, I22, I22})) in closed form: the cylinder is symmetric about from_nxy's
    // x axis e_r (r normalized), so I = I22 E + (I11 - I22) e_r e_r^T
    // whatever y and z axes from_nxy picks. (Left out: final parameter Frames.Orientation R.)
    final parameter SI.Inertia I[3,3] = [
      I22 + dI*e_r[1]*e_r[1], dI*e_r[1]*e_r[2], dI*e_r[1]*e_r[3];
      dI*e_r[2]*e_r[1], I22 + dI*e_r[2]*e_r[2], dI*e_r[2]*e_r[3];
      dI*e_r[3]*e_r[1], dI*e_r[3]*e_r[2], I22 + dI*e_r[3]*e_r[3]]
      "Inertia tensor of cylinder with respect to center of mass, resolved in frame parallel to frame_a";
    // The MSL's inner body, declared so that a model may read its variables
    // (bodyCylinder.body.w_a); mech simulates the composite as a whole and outputs them.
    Modelica.Mechanics.MultiBody.Parts.Body body(
      r_CM=r_CM, m=m, I_11=I[1,1], I_22=I[2,2], I_33=I[3,3], I_21=I[2,1], I_31=I[3,1], I_32=I[3,2],
      animation=false, sequence_start=sequence_start, angles_fixed=angles_fixed,
      angles_start=angles_start, w_0_fixed=w_0_fixed, w_0_start=w_0_start, z_0_fixed=z_0_fixed,
      z_0_start=z_0_start, useQuaternions=useQuaternions,
      sequence_angleStates=sequence_angleStates, enforceStates=false)
      "Rigid body (the MSL's part of the composite)";
    // MSL sub-component (not declared here): FixedTranslation frameTranslation(
    //   shapeType="pipecylinder", ...).
  protected
    outer Modelica.Mechanics.MultiBody.World world;
    final parameter Real e_r[3] = r/(Modelica.Math.Vectors.length(r) + 1e-300)
      "x axis of Frames.from_nxy(r, {0,1,0}), without a comparison (r may vary per member; r = 0 gives 0, where the MSL takes {1,0,0})";
    final parameter SI.Inertia dI = (mo*radius*radius - mi*innerRadius*innerRadius)/2 - I22
      "Inertia about the cylinder axis less I22";
  end BodyCylinder;

  model PointMass
    "Rigid body where body rotation and inertia tensor is neglected (6 potential states)"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
      "Coordinate system fixed at center of mass point";
    parameter Boolean animation = true
      "= true, if animation shall be enabled (show sphere) [animation]";
    parameter SI.Mass m(min=0) "Mass of mass point";
    input SI.Diameter sphereDiameter = world.defaultBodyDiameter "Diameter of sphere [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color sphereColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of sphere [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter StateSelect stateSelect = StateSelect.avoid
      "Priority to use frame_a.r_0, v_0 (= der(frame_a.r_0)) as states";

    SI.Position r_0[3](start={0,0,0}, each stateSelect=stateSelect)
      "Position vector from origin of world frame to origin of frame_a, resolved in world frame";
    SI.Velocity v_0[3](start={0,0,0}, each stateSelect=stateSelect)
      "Absolute velocity of frame_a, resolved in world frame (= der(r_0))";
    SI.Acceleration a_0[3](start={0,0,0})
      "Absolute acceleration of frame_a resolved in world frame (= der(v_0))";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end PointMass;

  model Mounting1D
    "Propagate 1-dim. support torque to 3-dim. system (provided world.driveTrainMechanics3D=true)"
    parameter SI.Angle phi0 = 0 "Fixed offset angle of housing";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n = {1,0,0}
      "Axis of rotation = axis of support torque (resolved in frame_a)"
      annotation(Evaluate=true);
    Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b
      "(right) flange fixed in housing";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a if world.driveTrainMechanics3D
      "Frame in which housing is fixed (connector is removed, if world.driveTrainMechanics3D=false)";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end Mounting1D;

  model Rotor1D
    "1D inertia attachable on 3-dim. bodies (3D dynamic effects are taken into account if world.driveTrainMechanics3D=true)"
    parameter Boolean animation = true
      "= true, if animation shall be enabled (show rotor as cylinder) [animation]";
    parameter SI.Inertia J(min=0, start=1)
      "Moment of inertia of rotor around its axis of rotation";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n = {1,0,0}
      "Axis of rotation resolved in frame_a" annotation(Evaluate=true);
    parameter SI.Position r_center[3] = zeros(3)
      "Position vector from origin of frame_a to center of cylinder [animation]";
    parameter SI.Distance cylinderLength = 2*world.defaultJointLength
      "Length of cylinder representing the rotor [animation]";
    parameter SI.Distance cylinderDiameter = 2*world.defaultJointWidth
      "Diameter of cylinder representing the rotor [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color cylinderColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.RodColor
      "Color of cylinder representing the rotor [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter StateSelect stateSelect = StateSelect.default
      "Priority to use rotor angle (phi) and rotor speed (w) as states";
    parameter Boolean exact = true
      "= true, if exact calculations; false if influence of bearing on rotor acceleration is neglected to avoid an algebraic loop"
      annotation(Evaluate=true);

    SI.Angle phi(start=0, stateSelect=stateSelect)
      "Rotation angle of rotor with respect to frame_a (= flange_a.phi = flange_b.phi)";
    SI.AngularVelocity w(start=0, stateSelect=stateSelect)
      "Angular velocity of rotor with respect to frame_a";
    SI.AngularAcceleration a(start=0)
      "Angular acceleration of rotor with respect to frame_a";

    Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a
      "(left) driving flange (flange axis directed INTO cut plane)";
    Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b
      "(right) driven flange (flange axis directed OUT OF cut plane)";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a if world.driveTrainMechanics3D
      "Frame in which rotor housing is fixed (connector is removed, if world.driveTrainMechanics3D=false)";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end Rotor1D;

  model BevelGear1D
    "1D gearbox with arbitrary shaft directions and 3-dim. bearing frame (3D dynamic effects are taken into account provided world.driveTrainMechanics3D=true)"
    extends Modelica.Mechanics.Rotational.Interfaces.PartialTwoFlanges;
    parameter Real ratio(start=1) "Gear speed ratio";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n_a = {1,0,0}
      "Axis of rotation of flange_a, resolved in frame_a" annotation(Evaluate=true);
    parameter Modelica.Mechanics.MultiBody.Types.Axis n_b = {1,0,0}
      "Axis of rotation of flange_b, resolved in frame_a" annotation(Evaluate=true);
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a if world.driveTrainMechanics3D
      "Bearing frame";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end BevelGear1D;
end Parts;
