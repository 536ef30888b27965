within Modelica.Mechanics.MultiBody;
package Forces "Components that exert forces and/or torques between frames (interfaces only)"
  import SI = Modelica.Units.SI;

  // MSL v4.0.0: force/torque arrows are scaled by the tool (Types.VectorQuantity);
  // the v3.2 parameters N_to_m, Nm_to_m, diameter, forceDiameter, torqueDiameter
  // no longer exist in these classes.

  model WorldForce
    "External force acting at frame_b, defined by 3 input signals and resolved in frame world, frame_b or frame_resolve"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_b;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve
      "The input signals are optionally resolved in this frame";
    Modelica.Blocks.Interfaces.RealInput force[3]
      "x-, y-, z-coordinates of force resolved in frame defined by resolveInFrame";
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameB resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world
      "Frame in which input force is resolved (1: world, 2: frame_b, 3: frame_resolve)";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.ForceColor "Color of arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  end WorldForce;

  model WorldTorque
    "External torque acting at frame_b, defined by 3 input signals and resolved in frame world, frame_b or frame_resolve"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_b;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve
      "The input signals are optionally resolved in this frame";
    Modelica.Blocks.Interfaces.RealInput torque[3]
      "x-, y-, z-coordinates of torque resolved in frame defined by resolveInFrame";
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameB resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world
      "Frame in which input torque is resolved (1: world, 2: frame_b, 3: frame_resolve)";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.TorqueColor "Color of arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  end WorldTorque;

  model WorldForceAndTorque
    "External force and torque acting at frame_b, defined by 3+3 input signals and resolved in frame world, frame_b or in frame_resolve"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_b;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve
      "The input signals are optionally resolved in this frame";
    Modelica.Blocks.Interfaces.RealInput force[3]
      "x-, y-, z-coordinates of force resolved in frame defined by resolveInFrame";
    Modelica.Blocks.Interfaces.RealInput torque[3]
      "x-, y-, z-coordinates of torque resolved in frame defined by resolveInFrame";
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameB resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world
      "Frame in which input force and torque are resolved (1: world, 2: frame_b, 3: frame_resolve)";
    input Modelica.Mechanics.MultiBody.Types.Color forceColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.ForceColor "Color of force arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color torqueColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.TorqueColor "Color of torque arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  end WorldForceAndTorque;

  model Force
    "Force acting between two frames, defined by 3 input signals and resolved in frame world, frame_a, frame_b or frame_resolve"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve
      "The input signals are optionally resolved in this frame";
    Modelica.Blocks.Interfaces.RealInput force[3]
      "x-, y-, z-coordinates of force resolved in frame defined by resolveInFrame";
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_b
      "Frame in which input force is resolved (1: world, 2: frame_a, 3: frame_b, 4: frame_resolve)";
    input SI.Diameter connectionLineDiameter = world.defaultArrowDiameter
      "Diameter of line connecting frame_a and frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color forceColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.ForceColor "Color of force arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color connectionLineColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor
      "Color of line connecting frame_a and frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  end Force;

  model Torque
    "Torque acting between two frames, defined by 3 input signals and resolved in frame world, frame_a, frame_b or frame_resolve"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve
      "The input signals are optionally resolved in this frame";
    Modelica.Blocks.Interfaces.RealInput torque[3]
      "x-, y-, z-coordinates of torque resolved in frame defined by resolveInFrame";
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_b
      "Frame in which input torque is resolved (1: world, 2: frame_a, 3: frame_b, 4: frame_resolve)";
    input SI.Diameter connectionLineDiameter = world.defaultArrowDiameter
      "Diameter of line connecting frame_a and frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color torqueColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.TorqueColor "Color of torque arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color connectionLineColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor
      "Color of line connecting frame_a and frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  end Torque;

  model ForceAndTorque
    "Force and torque acting between two frames, defined by 3+3 input signals and resolved in frame world, frame_a, frame_b or frame_resolve"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    Modelica.Blocks.Interfaces.RealInput force[3]
      "x-, y-, z-coordinates of force resolved in frame defined by resolveInFrame";
    Modelica.Blocks.Interfaces.RealInput torque[3]
      "x-, y-, z-coordinates of torque resolved in frame defined by resolveInFrame";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve
      if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_resolve
      "The input signals are optionally resolved in this frame";
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrame =
      Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_b
      "Frame in which input force and torque are resolved (1: world, 2: frame_a, 3: frame_b, 4: frame_resolve)";
    input SI.Diameter connectionLineDiameter = world.defaultArrowDiameter
      "Diameter of line connecting frame_a and frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color forceColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.ForceColor "Color of force arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color torqueColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.TorqueColor "Color of torque arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color connectionLineColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor
      "Color of line connecting frame_a and frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  end ForceAndTorque;

  model LineForceWithMass
    "General line force component with an optional point mass on the connection line"
    // From LineForceBase: frame_a, frame_b, s_small, fixedRotationAtFrame_a/_b,
    // length, s, r_rel_0[3], e_rel_0[3]
    extends Modelica.Mechanics.MultiBody.Interfaces.LineForceBase;
    // Names and types swapped exactly as in the MSL
    Modelica.Mechanics.Translational.Interfaces.Flange_a flange_b
      "1-dim. translational flange (connect force of Translational library between flange_a and flange_b)";
    Modelica.Mechanics.Translational.Interfaces.Flange_b flange_a
      "1-dim. translational flange (connect force of Translational library between flange_a and flange_b)";
    parameter Boolean animateLine = true
      "= true, if a line shape between frame_a and frame_b shall be visualized [animation]";
    parameter Boolean animateMass = true
      "= true, if point mass shall be visualized as sphere provided m > 0 [animation]";
    parameter SI.Mass m(min=0) = 0
      "Mass of point mass on the connection line between the origin of frame_a and the origin of frame_b";
    parameter Real lengthFraction(unit="1", min=0, max=1) = 0.5
      "Location of point mass with respect to frame_a as a fraction of the distance from frame_a to frame_b";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeType lineShapeType = "cylinder"
      "Type of shape visualizing the line from frame_a to frame_b [animation]";
    input SI.Length lineShapeWidth = world.defaultArrowDiameter "Width of shape [animation]";
    input SI.Length lineShapeHeight = lineShapeWidth "Height of shape [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeExtra lineShapeExtra = 0.0
      "Extra parameter for shape [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color lineShapeColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor "Color of line shape [animation]";
    input Real massDiameter = world.defaultBodyDiameter "Diameter of point mass sphere [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color massColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of point mass [animation]";
  end LineForceWithMass;

  model LineForceWithTwoMasses
    "General line force component with two optional point masses on the connection line"
    extends Modelica.Mechanics.MultiBody.Interfaces.LineForceBase;
    Modelica.Mechanics.Translational.Interfaces.Flange_a flange_b
      "1-dim. translational flange (connect force of Translational library between flange_a and flange_b)";
    Modelica.Mechanics.Translational.Interfaces.Flange_b flange_a
      "1-dim. translational flange (connect force of Translational library between flange_a and flange_b)";
    parameter Boolean animate = true "= true, if animation shall be enabled [animation]";
    parameter Boolean animateMasses = true
      "= true, if point masses shall be visualized provided animate=true and m_a, m_b > 0 [animation]";
    parameter SI.Mass m_a(min=0) = 0
      "Mass of point mass a on the connection line between the origin of frame_a and the origin of frame_b";
    parameter SI.Mass m_b(min=0) = 0
      "Mass of point mass b on the connection line between the origin of frame_a and the origin of frame_b";
    parameter SI.Position L_a = 0
      "Distance between point mass a and frame_a (positive, if in direction of frame_b)";
    parameter SI.Position L_b = L_a
      "Distance between point mass b and frame_b (positive, if in direction of frame_a)";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    input SI.Diameter cylinderDiameter_a = world.defaultForceWidth
      "Diameter of cylinder at frame_a [animation]";
    parameter SI.Length cylinderLength_a = 2*L_a "Length of cylinder at frame_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_a = {155, 155, 155}
      "Color of cylinder at frame_a [animation]";
    input Real diameterFraction = 0.8
      "Diameter of cylinder at frame_b with respect to diameter of cylinder at frame_a [animation]";
    parameter SI.Length cylinderLength_b = 2*L_b "Length of cylinder at frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_b = {100, 100, 100}
      "Color of cylinder at frame_b [animation]";
    // Spelling as in the MSL
    input Real massDiameterFaction = 1.7
      "Diameter of point mass spheres with respect to cylinderDiameter_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color massColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of point masses [animation]";
  end LineForceWithTwoMasses;

  model Spring "Linear translational spring with optional mass"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Boolean showMass = true
      "= true, if point mass shall be visualized as sphere if animation=true and m>0 [animation]";
    parameter SI.TranslationalSpringConstant c(final min=0) "Spring constant";
    parameter SI.Length s_unstretched = 0 "Unstretched spring length";
    parameter SI.Mass m(min=0) = 0
      "Spring mass located on the connection line between the origin of frame_a and the origin of frame_b";
    parameter Real lengthFraction(min=0, max=1) = 0.5
      "Location of spring mass with respect to frame_a as a fraction of the distance from frame_a to frame_b (=0: at frame_a; =1: at frame_b)";
    input SI.Distance width = world.defaultForceWidth "Width of spring [animation]";
    input SI.Distance coilWidth = width/10 "Width of spring coil [animation]";
    parameter Integer numberOfWindings = 5 "Number of spring windings [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.SpringColor "Color of spring [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    input SI.Diameter massDiameter = max(0, (width - 2*coilWidth)*0.9)
      "Diameter of mass point sphere [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color massColor =
      Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of mass point [animation]";
    parameter SI.Distance s_small = 1e-10
      "Prevent zero-division if distance between frame_a and frame_b is zero";
    parameter Boolean fixedRotationAtFrame_a = false
      "= true, if rotation frame_a.R is fixed (to directly connect line forces)"
      annotation(Evaluate=true);
    parameter Boolean fixedRotationAtFrame_b = false
      "= true, if rotation frame_b.R is fixed (to directly connect line forces)"
      annotation(Evaluate=true);

    SI.Position r_rel_a[3]
      "Position vector from origin of frame_a to origin of frame_b, resolved in frame_a";
    Real e_a[3]
      "Unit vector on the line connecting the origin of frame_a with the origin of frame_b resolved in frame_a (directed from frame_a to frame_b)";
    SI.Force f
      "Line force acting on frame_a and on frame_b (positive, if acting on frame_b and directed from frame_a to frame_b)";
    SI.Distance length "Distance between the origin of frame_a and the origin of frame_b";
    SI.Position s
      "(Guarded) distance between the origin of frame_a and the origin of frame_b (>= s_small))";
    SI.Position r_rel_0[3] "Position vector from frame_a to frame_b resolved in world frame";
    Real e_rel_0[3] "Unit vector in direction from frame_a to frame_b, resolved in world frame";

    // Public sub-component of the MSL Spring (users modify e.g. lineForce(r_rel_0(start=...)))
    Modelica.Mechanics.MultiBody.Forces.LineForceWithMass lineForce(
      animateLine=animation,
      animateMass=showMass,
      m=m,
      lengthFraction=lengthFraction,
      lineShapeType="spring",
      lineShapeHeight=coilWidth*2,
      lineShapeWidth=width,
      lineShapeExtra=numberOfWindings,
      lineShapeColor=color,
      specularCoefficient=specularCoefficient,
      massDiameter=massDiameter,
      massColor=massColor,
      s_small=s_small,
      fixedRotationAtFrame_a=fixedRotationAtFrame_a,
      fixedRotationAtFrame_b=fixedRotationAtFrame_b)
      "Line force with optional point mass (spring law attached to its flanges)";
  end Spring;

  model Damper "Linear (velocity dependent) damper"
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter SI.TranslationalDampingConstant d(final min=0, start=0) "Damping constant";
    parameter SI.Distance length_a = world.defaultForceLength
      "Length of cylinder at frame_a side [animation]";
    input SI.Diameter diameter_a = world.defaultForceWidth
      "Diameter of cylinder at frame_a side [animation]";
    input SI.Diameter diameter_b = 0.6*diameter_a "Diameter of cylinder at frame_b side [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_a = {100, 100, 100} "Color at frame_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_b = {155, 155, 155} "Color at frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    // From PartialLineForce: frame_a, frame_b, s_small, fixedRotationAtFrame_a/_b,
    // length, s, r_rel_0[3], e_rel_0[3], r_rel_a[3], e_a[3], f
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;
    // Declarations of Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPort
    // (extended with final T=293.15 in the MSL); the conditional heatPort connector is left out.
    parameter Boolean useHeatPort = false "= true, if heatPort is enabled"
      annotation(Evaluate=true);
    final parameter SI.Temperature T = 293.15
      "Fixed device temperature if useHeatPort = false";
    SI.Power lossPower "Loss power leaving component via heatPort";
  end Damper;

  model SpringDamperParallel "Linear spring and linear damper in parallel"
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter SI.TranslationalSpringConstant c(final min=0) "Spring constant";
    parameter SI.Length s_unstretched = 0 "Unstretched spring length";
    parameter SI.TranslationalDampingConstant d(final min=0) = 0 "Damping constant";
    parameter SI.Distance length_a = world.defaultForceLength
      "Length of damper cylinder at frame_a side [animation]";
    input SI.Diameter diameter_a = world.defaultForceWidth
      "Diameter of damper cylinder at frame_a side [animation]";
    input SI.Diameter diameter_b = 0.6*diameter_a
      "Diameter of damper cylinder at frame_b side [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_a = {100, 100, 100}
      "Color of damper cylinder at frame_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_b = {155, 155, 155}
      "Color of damper cylinder at frame_b [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    input SI.Distance width = world.defaultForceWidth "Width of spring [animation]";
    input SI.Distance coilWidth = width/10 "Width of spring coil [animation]";
    parameter Integer numberOfWindings = 5 "Number of spring windings [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.SpringColor "Color of spring [animation]";
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;
    // From PartialElementaryConditionalHeatPort (final T=293.15); heatPort left out
    parameter Boolean useHeatPort = false "= true, if heatPort is enabled"
      annotation(Evaluate=true);
    final parameter SI.Temperature T = 293.15
      "Fixed device temperature if useHeatPort = false";
    SI.Power lossPower "Loss power leaving component via heatPort";
  end SpringDamperParallel;

  model SpringDamperSeries "Linear spring and linear damper in series connection"
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter SI.TranslationalSpringConstant c(final min=0) "Spring constant";
    parameter SI.Length s_unstretched = 0 "Unstretched spring length";
    parameter SI.TranslationalDampingConstant d(final min=0) = 0 "Damping constant";
    parameter SI.Length s_damper_start = 0 "Initial length of damper";
    SI.Position s_damper(start=s_damper_start, fixed=true)
      "Actual length of damper (frame_a - damper - spring - frame_b)";
    parameter SI.Distance length_a = world.defaultForceLength
      "Length of damper cylinder at frame_a side [animation]";
    input SI.Diameter diameter_a = world.defaultForceWidth
      "Diameter of damper cylinder at frame_a side [animation]";
    input SI.Diameter diameter_b = 0.6*diameter_a
      "Diameter of damper cylinder at damper-spring side [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_a = {100, 100, 100}
      "Color of damper cylinder at frame_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_b = {155, 155, 155}
      "Color of damper cylinder at damper-spring frame [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    input SI.Distance width = world.defaultForceWidth "Width of spring [animation]";
    input SI.Distance coilWidth = width/10 "Width of spring coil [animation]";
    parameter Integer numberOfWindings = 5 "Number of spring windings [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color =
      Modelica.Mechanics.MultiBody.Types.Defaults.SpringColor "Color of spring [animation]";
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialLineForce;
    // From PartialElementaryConditionalHeatPort (final T=293.15); heatPort left out
    parameter Boolean useHeatPort = false "= true, if heatPort is enabled"
      annotation(Evaluate=true);
    final parameter SI.Temperature T = 293.15
      "Fixed device temperature if useHeatPort = false";
    SI.Power lossPower "Loss power leaving component via heatPort";
  end SpringDamperSeries;

  package Internal "Internal package, should not be used by user"
    function standardGravityAcceleration "Standard gravity fields (no/parallel/point field)"
      extends Modelica.Mechanics.MultiBody.Interfaces.partialGravityAcceleration;
      input Modelica.Mechanics.MultiBody.Types.GravityTypes gravityType "Type of gravity field";
      input SI.Acceleration g[3]
        "Constant gravity acceleration, resolved in world frame, if gravityType=UniformGravity";
      input Real mu(unit="m3/s2")
        "Field constant of point gravity field, if gravityType=PointGravity";
    end standardGravityAcceleration;
  end Internal;

end Forces;
