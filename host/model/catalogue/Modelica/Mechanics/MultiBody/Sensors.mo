within Modelica.Mechanics.MultiBody;
package Sensors "Sensors to measure variables (interfaces only)"
  import SI = Modelica.Units.SI;

  // MSL v4.0.0: arrows are scaled by the tool (Types.VectorQuantity); the v3.2
  // parameters N_to_m, Nm_to_m, forceDiameter, torqueDiameter, arrowDiameter
  // no longer exist in these classes.

  package Internal "Internal base classes of the sensors"

    partial model PartialAbsoluteSensor "Base class for absolute sensor models"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system a of which the absolute kinematic quantities are measured";
    end PartialAbsoluteSensor;

    partial model PartialRelativeSensor "Base class for relative sensor models"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
        "Coordinate system a (measurement is between frame_a and frame_b)";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b
        "Coordinate system b (measurement is between frame_a and frame_b)";
    end PartialRelativeSensor;

    partial model PartialCutForceSensor
      "Base class to measure cut force and/or torque between two frames, defined by components"
      Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a "Coordinate system a";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b "Coordinate system b";
      Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
        if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_resolve
        "Output vectors are optionally resolved in this frame (cut-force/-torque are set to zero)";
      parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameA resolveInFrame =
        Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_a
        "Frame in which output vector(s) is/are resolved (world, frame_a, or frame_resolve)";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end PartialCutForceSensor;

  end Internal;

  model AbsoluteSensor "Measure absolute kinematic quantities of frame connector"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialAbsoluteSensor;
    Modelica.Blocks.Interfaces.RealOutput r[3] if get_r
      "Absolute position vector frame_a.r_0 resolved in frame defined by resolveInFrame";
    Modelica.Blocks.Interfaces.RealOutput v[3] if get_v "Absolute velocity vector";
    Modelica.Blocks.Interfaces.RealOutput a[3] if get_a "Absolute acceleration vector";
    Modelica.Blocks.Interfaces.RealOutput angles[3] if get_angles
      "Angles to rotate world frame into frame_a via 'sequence'";
    Modelica.Blocks.Interfaces.RealOutput w[3] if get_w "Absolute angular velocity vector";
    Modelica.Blocks.Interfaces.RealOutput z[3] if get_z "Absolute angular acceleration vector";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_resolve
      "If resolveInFrame = Types.ResolveInFrameA.frame_resolve, the output signals are resolved in this frame";
    parameter Boolean animation = true "= true, if animation shall be enabled (show arrow) [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameA resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_a
      "Frame in which vectors are resolved (world, frame_a, or frame_resolve)";
    parameter Boolean get_r = false
      "= true, to measure the absolute position vector of the origin of frame_a";
    parameter Boolean get_v = false
      "= true, to measure the absolute velocity of the origin of frame_a";
    parameter Boolean get_a = false
      "= true, to measure the absolute acceleration of the origin of frame_a";
    parameter Boolean get_w = false
      "= true, to measure the absolute angular velocity of frame_a";
    parameter Boolean get_z = false
      "= true, to measure the absolute angular acceleration of frame_a";
    parameter Boolean get_angles = false "= true, to measure the 3 rotation angles";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence(
      min={1, 1, 1}, max={3, 3, 3}) = {1, 2, 3}
      "If get_angles=true: Angles are returned to rotate world frame around axes sequence[1], sequence[2] and finally sequence[3] into frame_a"
      annotation(Evaluate=true);
    parameter SI.Angle guessAngle1 = 0
      "If get_angles=true: Select angles[1] such that abs(angles[1] - guessAngle1) is a minimum";
    input Modelica.Mechanics.MultiBody.Types.Color arrowColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor
      "Color of absolute arrow from world frame to frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end AbsoluteSensor;

  model RelativeSensor "Measure relative kinematic quantities between two frame connectors"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialRelativeSensor;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve or
         resolveInFrameAfterDifferentiation == Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve
      "If resolveInFrame = Types.ResolveInFrameAB.frame_resolve, the output signals are resolved in this frame";
    parameter Boolean animation = true "= true, if animation shall be enabled (show arrow) [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a
      "Frame in which vectors are resolved before differentiation (world, frame_a, frame_b, or frame_resolve)";
    parameter Boolean get_r_rel = false
      "= true, to measure the relative position vector from the origin of frame_a to frame_b";
    parameter Boolean get_v_rel = false
      "= true, to measure the relative velocity of the origin of frame_b with respect to frame_a";
    parameter Boolean get_a_rel = false
      "= true, to measure the relative acceleration of the origin of frame_b with respect to frame_a";
    parameter Boolean get_w_rel = false
      "= true, to measure the relative angular velocity of frame_b with respect to frame_a";
    parameter Boolean get_z_rel = false
      "= true, to measure the relative angular acceleration of frame_b with respect to frame_a";
    parameter Boolean get_angles = false "= true, to measure the 3 rotation angles";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence(
      min={1, 1, 1}, max={3, 3, 3}) = {1, 2, 3}
      "If get_angles=true: Angles are returned to rotate frame_a around axes sequence[1], sequence[2] and finally sequence[3] into frame_b"
      annotation(Evaluate=true);
    parameter SI.Angle guessAngle1 = 0
      "If get_angles=true: Select angles[1] such that abs(angles[1] - guessAngle1) is a minimum";
    input Modelica.Mechanics.MultiBody.Types.Color arrowColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor
      "Color of relative arrow from frame_a to frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrameAfterDifferentiation =
      resolveInFrame
      "Frame in which vectors are resolved after differentiation (world, frame_a, frame_b, or frame_resolve)";
    Modelica.Blocks.Interfaces.RealOutput r_rel[3] if get_r_rel
      "Relative position vector frame_b.r_0 - frame_a.r_0 resolved in frame defined by resolveInFrame";
    Modelica.Blocks.Interfaces.RealOutput v_rel[3] if get_v_rel "Relative velocity vector";
    Modelica.Blocks.Interfaces.RealOutput a_rel[3] if get_a_rel "Relative acceleration vector";
    Modelica.Blocks.Interfaces.RealOutput angles[3] if get_angles
      "Angles to rotate frame_a into frame_b via 'sequence'";
    Modelica.Blocks.Interfaces.RealOutput w_rel[3] if get_w_rel
      "Relative angular velocity vector";
    Modelica.Blocks.Interfaces.RealOutput z_rel[3] if get_z_rel
      "Relative angular acceleration vector";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end RelativeSensor;

  model AbsolutePosition "Measure absolute position vector of the origin of a frame connector"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialAbsoluteSensor;
    Modelica.Blocks.Interfaces.RealOutput r[3]
      "Absolute position vector resolved in frame defined by resolveInFrame";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_resolve
      "Coordinate system in which output vector r is optionally resolved";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameA resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_a
      "Frame in which output vector r shall be resolved (world, frame_a, or frame_resolve)";
  end AbsolutePosition;

  model AbsoluteVelocity "Measure absolute velocity vector of origin of frame connector"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialAbsoluteSensor;
    Modelica.Blocks.Interfaces.RealOutput v[3]
      "Absolute velocity vector resolved in frame defined by resolveInFrame";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_resolve
      "Coordinate system in which output vector v is optionally resolved";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameA resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_a
      "Frame in which output vector v shall be resolved (world, frame_a, or frame_resolve)";
  end AbsoluteVelocity;

  model AbsoluteAngles "Measure absolute angles between frame connector and the world frame"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialAbsoluteSensor;
    Modelica.Blocks.Interfaces.RealOutput angles[3]
      "Angles to rotate world frame into frame_a via 'sequence'";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence(
      min={1, 1, 1}, max={3, 3, 3}) = {1, 2, 3}
      "Angles are returned to rotate world frame around axes sequence[1], sequence[2] and finally sequence[3] into frame_a"
      annotation(Evaluate=true);
    parameter SI.Angle guessAngle1 = 0
      "Select angles[1] such that abs(angles[1] - guessAngle1) is a minimum";
  end AbsoluteAngles;

  model AbsoluteAngularVelocity "Measure absolute angular velocity of frame connector"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialAbsoluteSensor;
    Modelica.Blocks.Interfaces.RealOutput w[3]
      "Absolute angular velocity vector of frame_a with respect to world frame, resolved in frame defined by resolveInFrame";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_resolve
      "Coordinate system in which w is optionally resolved";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameA resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_a
      "Frame in which output vector w shall be resolved (world, frame_a, or frame_resolve)";
  end AbsoluteAngularVelocity;

  model RelativePosition
    "Measure relative position vector between the origins of two frame connectors"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialRelativeSensor;
    Modelica.Blocks.Interfaces.RealOutput r_rel[3]
      "Relative position vector resolved in frame defined by resolveInFrame";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve
      "Coordinate system in which r_rel is optionally resolved";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a
      "Frame in which output vector r_rel shall be resolved (world, frame_a, frame_b, or frame_resolve)";
  end RelativePosition;

  model RelativeVelocity
    "Measure relative velocity vector between the origins of two frame connectors"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialRelativeSensor;
    Modelica.Blocks.Interfaces.RealOutput v_rel[3]
      "Relative velocity vector resolved in frame defined by resolveInFrame";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve
      "Coordinate system in which v_rel is optionally resolved";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a
      "Frame in which output vector v_rel shall be resolved (world, frame_a, frame_b, or frame_resolve)";
  end RelativeVelocity;

  model RelativeAngles "Measure relative angles between two frame connectors"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialRelativeSensor;
    Modelica.Blocks.Interfaces.RealOutput angles[3]
      "Angles to rotate frame_a into frame_b via 'sequence'";
    parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence(
      min={1, 1, 1}, max={3, 3, 3}) = {1, 2, 3}
      "Angles are returned to rotate frame_a around axes sequence[1], sequence[2] and finally sequence[3] into frame_b"
      annotation(Evaluate=true);
    parameter SI.Angle guessAngle1 = 0
      "Select angles[1] such that abs(angles[1] - guessAngle1) is a minimum";
    // MSL also declares the record variable Frames.Orientation R_rel (left out here).
  end RelativeAngles;

  model RelativeAngularVelocity "Measure relative angular velocity between two frame connectors"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialRelativeSensor;
    Modelica.Blocks.Interfaces.RealOutput w_rel[3]
      "Relative angular velocity vector between frame_a and frame_b resolved in frame defined by resolveInFrame";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve
      "Coordinate system in which w_rel is optionally resolved";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a
      "Frame in which output vector w_rel shall be resolved (world, frame_a, frame_b, or frame_resolve)";
  end RelativeAngularVelocity;

  model Distance "Measure the distance between the origins of two frame connectors"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    Modelica.Blocks.Interfaces.RealOutput distance
      "Distance between the origin of frame_a and the origin of frame_b";
    parameter Boolean animation = true "= true, if animation shall be enabled (show arrow) [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color arrowColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor
      "Color of relative arrow from frame_a to frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    input SI.Position s_small(min=sqrt(Modelica.Constants.small)) = 1e-10
      "Prevent zero-division if distance between frame_a and frame_b is zero";
  end Distance;

  model CutForce "Measure cut force vector"
    Modelica.Blocks.Interfaces.RealOutput force[3]
      "Cut force resolved in frame defined by resolveInFrame";
    parameter Boolean animation = true "= true, if animation shall be enabled (show arrow) [animation]";
    parameter Boolean positiveSign = true
      "= true, if force with positive sign is returned (= frame_a.f), otherwise with negative sign (= frame_b.f)";
    input Modelica.Mechanics.MultiBody.Types.Color forceColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.ForceColor "Color of force arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    // From PartialCutForceSensor: frame_a, frame_b, frame_resolve (conditional),
    // resolveInFrame (ResolveInFrameA, default frame_a), outer world
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialCutForceSensor;
  end CutForce;

  model CutTorque "Measure cut torque vector"
    Modelica.Blocks.Interfaces.RealOutput torque[3]
      "Cut torque resolved in frame defined by resolveInFrame";
    parameter Boolean animation = true "= true, if animation shall be enabled (show arrow) [animation]";
    parameter Boolean positiveSign = true
      "= true, if torque with positive sign is returned (= frame_a.t), otherwise with negative sign (= frame_b.t)";
    input Modelica.Mechanics.MultiBody.Types.Color torqueColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.TorqueColor "Color of torque arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialCutForceSensor;
  end CutTorque;

  model CutForceAndTorque "Measure cut force and cut torque vector"
    Modelica.Blocks.Interfaces.RealOutput force[3]
      "Cut force resolved in frame defined by resolveInFrame";
    Modelica.Blocks.Interfaces.RealOutput torque[3]
      "Cut torque resolved in frame defined by resolveInFrame";
    parameter Boolean animation = true
      "= true, if animation shall be enabled (show force and torque arrow) [animation]";
    parameter Boolean positiveSign = true
      "= true, if force and torque with positive sign is returned (= frame_a.f/.t), otherwise with negative sign (= frame_b.f/.t)";
    input Modelica.Mechanics.MultiBody.Types.Color forceColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.ForceColor "Color of force arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color torqueColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.TorqueColor "Color of torque arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialCutForceSensor;
  end CutForceAndTorque;

  model Power "Measure power flowing from frame_a to frame_b"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    Modelica.Blocks.Interfaces.RealOutput power(quantity="Power", unit="W")
      "Power at frame_a as output signal";
  end Power;

  model TransformAbsoluteVector "Transform absolute vector in to another frame"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialAbsoluteSensor;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if frame_r_in == Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_resolve or
         frame_r_out == Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_resolve
      "Coordinate system in which r_in or r_out is optionally resolved";
    Modelica.Blocks.Interfaces.RealInput r_in[3]
      "Input vector resolved in frame defined by frame_r_in";
    Modelica.Blocks.Interfaces.RealOutput r_out[3]
      "Input vector r_in resolved in frame defined by frame_r_out";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameA frame_r_in =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_a
      "Frame in which vector r_in is resolved (world, frame_a, or frame_resolve)";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameA frame_r_out = frame_r_in
      "Frame in which vector r_in shall be resolved and provided as r_out (world, frame_a, or frame_resolve)";
  end TransformAbsoluteVector;

  model TransformRelativeVector "Transform relative vector in to another frame"
    extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialRelativeSensor;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if frame_r_in == Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve or
         frame_r_out == Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve
      "Coordinate system in which r_in or r_out is optionally resolved";
    Modelica.Blocks.Interfaces.RealInput r_in[3]
      "Input vector resolved in frame defined by frame_r_in";
    Modelica.Blocks.Interfaces.RealOutput r_out[3]
      "Input vector r_in resolved in frame defined by frame_r_out";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB frame_r_in =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a
      "Frame in which vector r_in is resolved (world, frame_a, frame_b, or frame_resolve)";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB frame_r_out = frame_r_in
      "Frame in which vector r_in shall be resolved and provided as r_out (world, frame_a, frame_b, or frame_resolve)";
  end TransformRelativeVector;

end Sensors;
