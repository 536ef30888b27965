within Modelica.Mechanics;
package MultiBody "Library to model 3-dimensional mechanical systems (interfaces only)"
  import SI = Modelica.Units.SI;
  import Cv = Modelica.Units.Conversions;
  import C = Modelica.Constants;

  // Interfaces of MSL v4.0.0 classes: parameters, the variables users put
  // start/fixed/stateSelect on, connectors. No equations; the physics is in host/mech.

  model World "World coordinate system + gravity field + default animation definition"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
      "Coordinate system fixed in the origin of the world frame";

    parameter Boolean enableAnimation = true
      "= true, if animation of all components is enabled [animation]";
    parameter Boolean animateWorld = true
      "= true, if world coordinate system shall be visualized [animation]";
    parameter Boolean animateGravity = true
      "= true, if gravity field shall be visualized (acceleration vector or field center) [animation]";
    parameter Boolean animateGround = false
      "= true, if ground plane shall be visualized [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.AxisLabel label1 = "x"
      "Label of horizontal axis in icon [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.AxisLabel label2 = "y"
      "Label of vertical axis in icon [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.GravityTypes gravityType =
      Modelica.Mechanics.MultiBody.Types.GravityTypes.UniformGravity
      "Type of gravity field" annotation(Evaluate=true);
    parameter SI.Acceleration g = Modelica.Constants.g_n
      "Constant gravity acceleration";
    parameter Modelica.Mechanics.MultiBody.Types.Axis n = {0,-1,0}
      "Direction of gravity resolved in world frame (gravity = g*n/length(n))"
      annotation(Evaluate=true);
    parameter Real mu(unit="m3/s2", min=0) = 3.986004418e14
      "Gravity field constant (default = field constant of earth)";
    parameter Boolean driveTrainMechanics3D = true
      "= true, if 3-dim. mechanical effects of Parts.Mounting1D/Rotor1D/BevelGear1D shall be taken into account";

    parameter SI.Distance axisLength = nominalLength/2
      "Length of world axes arrows [animation]";
    parameter SI.Distance axisDiameter = axisLength/defaultFrameDiameterFraction
      "Diameter of world axes arrows [animation]";
    parameter Boolean axisShowLabels = true "= true, if labels shall be shown [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color axisColor_x =
      Modelica.Mechanics.MultiBody.Types.Defaults.FrameColor "Color of x-arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color axisColor_y = axisColor_x
      "Color of y-arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color axisColor_z = axisColor_x
      "Color of z-arrow [animation]";

    parameter SI.Position gravityArrowTail[3] = {0,0,0}
      "Position vector from origin of world frame to arrow tail, resolved in world frame [animation]";
    parameter SI.Length gravityArrowLength = axisLength/2 "Length of gravity arrow [animation]";
    parameter SI.Diameter gravityArrowDiameter = gravityArrowLength/defaultWidthFraction
      "Diameter of gravity arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color gravityArrowColor = {0,230,0}
      "Color of gravity arrow [animation]";
    parameter SI.Diameter gravitySphereDiameter = 12742000
      "Diameter of sphere representing gravity center (default = mean diameter of earth) [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color gravitySphereColor = {0,230,0}
      "Color of gravity sphere [animation]";

    parameter Modelica.Mechanics.MultiBody.Types.Axis groundAxis_u =
      if abs(n[1]) >= 0.99 then {0,1,0} else {1,0,0}
      "Vector along 1st axis (called u) of ground plane, resolved in world frame (should be perpendicular to gravity direction) [animation]";
    parameter SI.Length groundLength_u = 2 "Length of ground plane along groundAxis_u [animation]";
    parameter SI.Length groundLength_v = groundLength_u
      "Length of ground plane perpendicular to groundAxis_u [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color groundColor = {200,200,200}
      "Color of ground plane [animation]";

    parameter SI.Length nominalLength = 1 "Nominal length of multi-body system [animation]";
    parameter SI.Length defaultAxisLength = nominalLength/5
      "Default for length of a frame axis (but not world frame) [animation]";
    parameter SI.Length defaultJointLength = nominalLength/10
      "Default for the fixed length of a shape representing a joint [animation]";
    parameter SI.Length defaultJointWidth = nominalLength/20
      "Default for the fixed width of a shape representing a joint [animation]";
    parameter SI.Length defaultForceLength = nominalLength/10
      "Default for the fixed length of a shape representing a force (e.g., damper) [animation]";
    parameter SI.Length defaultForceWidth = nominalLength/20
      "Default for the fixed width of a shape representing a force (e.g., spring, bushing) [animation]";
    parameter SI.Length defaultBodyDiameter = nominalLength/9
      "Default for diameter of sphere representing the center of mass of a body [animation]";
    parameter Real defaultWidthFraction = 20
      "Default for shape width as a fraction of shape length (e.g., for Parts.FixedTranslation) [animation]";
    parameter SI.Length defaultArrowDiameter = nominalLength/40
      "Default for arrow diameter (e.g., of forces, torques, sensors) [animation]";
    parameter Real defaultFrameDiameterFraction = 40
      "Default for arrow diameter of a coordinate system as a fraction of axis length [animation]";
    parameter Real defaultSpecularCoefficient(min=0) = 0.7
      "Default reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Real defaultN_to_m(unit="N/m", min=0) = 1000
      "Default scaling of force arrows (length = force/defaultN_to_m) [animation]";
    parameter Real defaultNm_to_m(unit="N.m/m", min=0) = 1000
      "Default scaling of torque arrows (length = torque/defaultNm_to_m) [animation]";

    // As the MSL: a model redeclares it for a gravity field of its own, which host/mech
    // inlines per body; while it is the standard function, host/mech computes the three
    // gravityType fields from gravityType, g, n and mu itself.
    replaceable function gravityAcceleration =
      Modelica.Mechanics.MultiBody.Forces.Internal.standardGravityAcceleration(
        gravityType=gravityType, g=g*Modelica.Math.Vectors.normalizeWithAssert(n), mu=mu)
      constrainedby Modelica.Mechanics.MultiBody.Interfaces.partialGravityAcceleration
      "Function to compute the gravity acceleration, resolved in world frame";
  end World;

  package Types "Constants and types with choices, especially to build menus"
    import SI = Modelica.Units.SI;

    type Axis = Real[3](each final unit="1") "Axis vector with choices";
    type AxisLabel = String "Label of axis with choices";
    type RotationSequence = Integer[3](min={1,1,1}, max={3,3,3})
      "Sequence of planar frame rotations with choices";
    type Color = Integer[3](each min=0, each max=255) "RGB representation of color";
    type RealColor = Real[3](each min=0, each max=255)
      "RGB representation of color as Real type";
    type SpecularCoefficient = Real(min=0)
      "Reflection of ambient light (= 0: light is completely absorbed)";
    type ShapeType = String
      "Type of shape (box, sphere, cylinder, pipecylinder, cone, pipe, beam, gearwheel, spring, <external shape>)";
    type ShapeExtra = Real
      "Type of the additional data that can be defined for an elementary ShapeType";

    type ResolveInFrameA = enumeration(
        world "Resolve in world frame",
        frame_a "Resolve in frame_a",
        frame_resolve "Resolve in frame_resolve (frame_resolve must be connected)")
      "Enumeration to define the frame in which an absolute vector is resolved (world, frame_a, frame_resolve)";
    type ResolveInFrameB = enumeration(
        world "Resolve in world frame",
        frame_b "Resolve in frame_b",
        frame_resolve "Resolve in frame_resolve (frame_resolve must be connected)")
      "Enumeration to define the frame in which an absolute vector is resolved (world, frame_b, frame_resolve)";
    type ResolveInFrameAB = enumeration(
        world "Resolve in world frame",
        frame_a "Resolve in frame_a",
        frame_b "Resolve in frame_b",
        frame_resolve "Resolve in frame_resolve (frame_resolve must be connected)")
      "Enumeration to define the frame in which a relative vector is resolved (world, frame_a, frame_b, frame_resolve)";
    type RotationTypes = enumeration(
        RotationAxis "Rotating frame_a around an angle with a fixed axis",
        TwoAxesVectors "Resolve two vectors of frame_b in frame_a",
        PlanarRotationSequence "Planar rotation sequence")
      "Enumeration defining in which way the fixed orientation of frame_b with respect to frame_a is specified";
    type GravityTypes = enumeration(
        NoGravity "No gravity field",
        UniformGravity "Uniform gravity field",
        PointGravity "Point gravity field")
      "Enumeration defining the type of the gravity field";
    type VectorQuantity = enumeration(
        Force "Force quantity",
        Torque "Torque quantity",
        Velocity "Velocity quantity",
        Acceleration "Acceleration quantity",
        AngularVelocity "Angular velocity quantity",
        AngularAcceleration "Angular acceleration quantity",
        RelativePosition "Relative position")
      "Enumeration defining the kind of physical quantity represented by the vector";

    package Defaults "Default settings of the MultiBody library via constants"
      // Color defaults
      constant Modelica.Mechanics.MultiBody.Types.Color BodyColor = {0,128,255}
        "Default color for body shapes that have mass (light blue)";
      constant Modelica.Mechanics.MultiBody.Types.Color RodColor = {155,155,155}
        "Default color for massless rod shapes (grey)";
      constant Modelica.Mechanics.MultiBody.Types.Color JointColor = {255,0,0}
        "Default color for elementary joints (red)";
      constant Modelica.Mechanics.MultiBody.Types.Color ForceColor = {0,128,0}
        "Default color for force arrow (dark green)";
      constant Modelica.Mechanics.MultiBody.Types.Color TorqueColor = {0,128,0}
        "Default color for torque arrow (dark green)";
      constant Modelica.Mechanics.MultiBody.Types.Color SpringColor = {0,0,255}
        "Default color for a spring (blue)";
      constant Modelica.Mechanics.MultiBody.Types.Color SensorColor = {255,255,0}
        "Default color for sensors (yellow)";
      constant Modelica.Mechanics.MultiBody.Types.Color FrameColor = {0,0,0}
        "Default color for frame axes and labels (black)";
      constant Modelica.Mechanics.MultiBody.Types.Color ArrowColor = {0,0,255}
        "Default color for arrows and double arrows (blue)";

      // Arrow and frame defaults
      constant Real FrameHeadLengthFraction = 5.0 "Frame arrow head length / arrow diameter";
      constant Real FrameHeadWidthFraction = 3.0 "Frame arrow head width / arrow diameter";
      constant Real FrameLabelHeightFraction = 3.0 "Height of frame label / arrow diameter";
      constant Real ArrowHeadLengthFraction = 4.0 "Arrow head length / arrow diameter";
      constant Real ArrowHeadWidthFraction = 3.0 "Arrow head width / arrow diameter";

      // Other defaults
      constant Real BodyCylinderDiameterFraction = 3
        "Default for body cylinder diameter as a fraction of body sphere diameter";
      constant Real JointRodDiameterFraction = 2
        "Default for rod diameter as a fraction of joint sphere diameter attached to rod";
    end Defaults;
  end Types;

  package Frames "Functions to transform rotational frame quantities (only the orientation types here)"
    import SI = Modelica.Units.SI;

    record Orientation "Orientation object defining rotation from a frame 1 into a frame 2"
      Real T[3,3] "Transformation matrix from world frame to local frame";
      SI.AngularVelocity w[3]
        "Absolute angular velocity of local frame, resolved in local frame";

      function equalityConstraint
        "Return the constraint residues to express that two frames have the same orientation"
        input Modelica.Mechanics.MultiBody.Frames.Orientation R1
          "Orientation object to rotate frame 0 into frame 1";
        input Modelica.Mechanics.MultiBody.Frames.Orientation R2
          "Orientation object to rotate frame 0 into frame 2";
        output Real residue[3]
          "The rotation angles around x-, y-, and z-axis of frame 1 to rotate frame 1 into frame 2 for a small rotation (should be zero)";
      end equalityConstraint;
    end Orientation;

    package Quaternions "Functions to transform rotational frame quantities based on quaternions (only the types here)"
      type Orientation = Real[4]
        "Orientation type defining rotation from a frame 1 into a frame 2 with quaternions {p1,p2,p3,p0}";
      type der_Orientation = Real[4](each unit="1/s")
        "First time derivative of Quaternions.Orientation";
    end Quaternions;
  end Frames;

  package Interfaces "Connectors and partial models for 3-dim. mechanical components"
    import SI = Modelica.Units.SI;

    connector Frame
      "Coordinate system fixed to the component with one cut-force and cut-torque (no icon)"
      SI.Position r_0[3]
        "Position vector from world frame to the connector frame origin, resolved in world frame";
      Modelica.Mechanics.MultiBody.Frames.Orientation R
        "Orientation object to rotate the world frame into the connector frame";
      flow SI.Force f[3] "Cut-force resolved in connector frame";
      flow SI.Torque t[3] "Cut-torque resolved in connector frame";
    end Frame;

    connector Frame_a
      "Coordinate system fixed to the component with one cut-force and cut-torque (filled rectangular icon)"
      extends Modelica.Mechanics.MultiBody.Interfaces.Frame;
    end Frame_a;

    connector Frame_b
      "Coordinate system fixed to the component with one cut-force and cut-torque (non-filled rectangular icon)"
      extends Modelica.Mechanics.MultiBody.Interfaces.Frame;
    end Frame_b;

    connector Frame_resolve
      "Coordinate system fixed to the component used to express in which coordinate system a vector is resolved (non-filled rectangular icon)"
      extends Modelica.Mechanics.MultiBody.Interfaces.Frame;
    end Frame_resolve;

    connector FlangeWithBearing
      "Connector consisting of 1-dim. rotational flange and its bearing frame"
      parameter Boolean includeBearingConnector = false
        "= true, if bearing frame connector is present, otherwise not present";
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flange "1-dim. rotational flange";
      Modelica.Mechanics.MultiBody.Interfaces.Frame bearingFrame if includeBearingConnector
        "3-dim. frame in which the 1-dim. shaft is mounted";
    end FlangeWithBearing;

    model FlangeWithBearingAdaptor
      "Adaptor to allow direct connections to the sub-connectors of FlangeWithBearing"
      parameter Boolean includeBearingConnector = false
        "= true, if bearing frame connector is present, otherwise not present";
      Modelica.Mechanics.MultiBody.Interfaces.FlangeWithBearing flangeAndFrame(
        includeBearingConnector=includeBearingConnector)
        "Compound connector consisting of 1-dim. rotational flange and 3-dim. frame mounting";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b flange "1-dim. rotational flange";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame if includeBearingConnector
        "3-dim. frame in which the 1-dim. shaft is mounted";
      // MSL: connect(flange, flangeAndFrame.flange); connect(frame, flangeAndFrame.bearingFrame);
    end FlangeWithBearingAdaptor;

    partial model PartialTwoFrames
      "Base model for components providing two frame connectors + outer world + assert to guarantee that the component is connected"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system a fixed to the component with one cut-force and cut-torque";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
        "Coordinate system b fixed to the component with one cut-force and cut-torque";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end PartialTwoFrames;

    partial model PartialTwoFramesDoubleSize
      "Base model for components providing two frame connectors + outer world + assert to guarantee that the component is connected (default icon size is factor 2 larger as usual)"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system fixed to the component with one cut-force and cut-torque";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
        "Coordinate system fixed to the component with one cut-force and cut-torque";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end PartialTwoFramesDoubleSize;

    partial model PartialOneFrame_a
      "Base model for components providing one frame_a connector + outer world + assert to guarantee that the component is connected"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system fixed to the component with one cut-force and cut-torque";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end PartialOneFrame_a;

    partial model PartialOneFrame_b
      "Base model for components providing one frame_b connector + outer world + assert to guarantee that the component is connected"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
        "Coordinate system fixed to the component with one cut-force and cut-torque";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end PartialOneFrame_b;

    partial model PartialElementaryJoint
      "Base model for elementary joints (has two frames + outer world + assert to guarantee that the joint is connected)"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system fixed to the joint with one cut-force and cut-torque";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
        "Coordinate system fixed to the joint with one cut-force and cut-torque";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
      // MSL: Connections.branch(frame_a.R, frame_b.R);
    end PartialElementaryJoint;

    partial model PartialForce
      "Base model for force elements, used for textual modeling, i.e., for elementary models"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
      SI.Position r_rel_b[3]
        "Position vector from origin of frame_a to origin of frame_b, resolved in frame_b";
      Modelica.Mechanics.MultiBody.Frames.Orientation R_rel
        "Relative orientation object from frame_a to frame_b";
    end PartialForce;

    partial model LineForceBase "Base model for line force elements"
      extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
      parameter SI.Distance s_small = 1e-10
        "Prevent zero-division if distance between frame_a and frame_b is zero";
      parameter Boolean fixedRotationAtFrame_a = false
        "= true, if rotation frame_a.R is fixed (to directly connect line forces)"
        annotation(Evaluate=true);
      parameter Boolean fixedRotationAtFrame_b = false
        "= true, if rotation frame_b.R is fixed (to directly connect line forces)"
        annotation(Evaluate=true);
      SI.Distance length "Distance between the origin of frame_a and the origin of frame_b";
      SI.Position s
        "(Guarded) distance between the origin of frame_a and the origin of frame_b (>= s_small))";
      SI.Position r_rel_0[3] "Position vector from frame_a to frame_b resolved in world frame";
      Real e_rel_0[3](each final unit="1")
        "Unit vector in direction from frame_a to frame_b, resolved in world frame";
    end LineForceBase;

    partial model PartialLineForce "Base model for massless line force elements"
      extends Modelica.Mechanics.MultiBody.Interfaces.LineForceBase;
      SI.Position r_rel_a[3]
        "Position vector from origin of frame_a to origin of frame_b, resolved in frame_a";
      Real e_a[3](each final unit="1")
        "Unit vector on the line connecting the origin of frame_a with the origin of frame_b resolved in frame_a (directed from frame_a to frame_b)";
      SI.Force f
        "Line force acting on frame_a and on frame_b (positive, if acting on frame_b and directed from frame_a to frame_b)";
    end PartialLineForce;

    partial model PartialAbsoluteSensor "Base model to measure an absolute frame variable"
      parameter Integer n_out = 1 "Number of output signals";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system from which absolute quantities are provided as output signals";
      Modelica.Blocks.Interfaces.RealOutput y[n_out] "Measured data as signal vector";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end PartialAbsoluteSensor;

    partial model PartialRelativeSensor
      "Base model to measure a relative variable between two frames"
      parameter Integer n_out = 1 "Number of output signals";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a "Coordinate system a";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b "Coordinate system b";
      Modelica.Blocks.Interfaces.RealOutput y[n_out] "Measured data as signal vector";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end PartialRelativeSensor;

    partial model PartialVisualizer
      "Base model for visualizers (has a frame_a on the left side + outer world + assert to guarantee that the component is connected)"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system in which visualization data is resolved";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end PartialVisualizer;

    model ZeroPosition
      "Set absolute position vector of frame_resolve to a zero vector and the orientation object to a null rotation"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve;
    end ZeroPosition;

    partial function partialColorMap "Interface for a function returning a color map"
      input Integer n_colors = 64 "Number of colors in the color map";
      output Real colorMap[n_colors, 3] "Color map to map a scalar to a color";
    end partialColorMap;

    partial function partialGravityAcceleration
      "Interface for the gravity field function of the World (user-defined gravity fields)"
      input SI.Position r[3]
        "Position vector from world frame to actual point, resolved in world frame";
      output SI.Acceleration gravity[3]
        "Gravity acceleration at position r, resolved in world frame";
    end partialGravityAcceleration;
  end Interfaces;
end MultiBody;
