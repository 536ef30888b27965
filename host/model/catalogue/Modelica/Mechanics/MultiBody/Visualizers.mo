within Modelica.Mechanics.MultiBody;
package Visualizers "3-dimensional visual objects used for animation (interfaces only)"
  import SI = Modelica.Units.SI;

  model FixedShape
    "Visualizing an elementary shape with dynamically varying shape attributes (has one frame connector)"
    // From PartialVisualizer: frame_a, outer world
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeType shapeType = "box" "Type of shape [animation]";
    input SI.Position r_shape[3] = {0, 0, 0}
      "Vector from frame_a to shape origin, resolved in frame_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Axis lengthDirection = {1, 0, 0}
      "Vector in length direction of shape, resolved in frame_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Axis widthDirection = {0, 1, 0}
      "Vector in width direction of shape, resolved in frame_a [animation]";
    input SI.Distance length(start=1) "Length of shape [animation]";
    input SI.Distance width(start=0.1) "Width of shape [animation]";
    input SI.Distance height(start=0.1) "Height of shape [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color = {0, 128, 255} "Color of shape [animation]";
    input Modelica.Mechanics.MultiBody.Types.ShapeExtra extra = 0.0
      "Additional data for cylinder, cone, pipe, gearwheel and spring [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  end FixedShape;

  model FixedShape2
    "Visualizing an elementary shape with dynamically varying shape attributes (has two frame connectors)"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a
      "Coordinate system a (all shape definition vectors are resolved in this frame)";
    Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b "Coordinate system b";
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.ShapeType shapeType = "box" "Type of shape [animation]";
    input SI.Position r[3] = {1, 0, 0} "Vector from frame_a to frame_b resolved in frame_a";
    input SI.Position r_shape[3] = {0, 0, 0}
      "Vector from frame_a to shape origin, resolved in frame_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Axis lengthDirection =
      Modelica.Units.Conversions.to_unit1(r - r_shape)
      "Vector in length direction of shape, resolved in frame_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Axis widthDirection = {0, 1, 0}
      "Vector in width direction of shape, resolved in frame_a [animation]";
    input SI.Length length = Modelica.Math.Vectors.length(r - r_shape) "Length of shape [animation]";
    input SI.Distance width = 0.1 "Width of shape [animation]";
    input SI.Distance height = width "Height of shape [animation]";
    input Modelica.Mechanics.MultiBody.Types.ShapeExtra extra = 0.0
      "Additional data for cylinder, cone, pipe, gearwheel and spring [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color = {0, 128, 255} "Color of shape [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  protected
    outer Modelica.Mechanics.MultiBody.World world;
  end FixedShape2;

  model FixedFrame
    "Visualizing a coordinate system including axes labels (visualization data may vary dynamically)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Boolean showLabels = true "= true, if labels shall be shown [animation]";
    input SI.Distance length = 0.5 "Length of axes arrows [animation]";
    input SI.Distance diameter = length/world.defaultFrameDiameterFraction
      "Diameter of axes arrows [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_x =
      Modelica.Mechanics.MultiBody.Types.Defaults.FrameColor "Color of x-arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_y = color_x "Color of y-arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color_z = color_x "Color of z-arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
  end FixedFrame;

  model FixedArrow "Visualizing an arrow with dynamically varying size in frame_a"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    input SI.Position r_tail[3] = {0, 0, 0}
      "Vector from frame_a to arrow tail, resolved in frame_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Axis n = {1, 0, 0}
      "Vector in arrow direction, resolved in frame_a [animation]";
    input SI.Length length = 0.1 "Length of complete arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color = {0, 0, 255} "Color of arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.VectorQuantity quantity =
      Modelica.Mechanics.MultiBody.Types.VectorQuantity.RelativePosition
      "Kind of physical quantity represented by the vector [animation]";
    input Boolean headAtOrigin = false
      "= true, if the vector is pointing towards the origin of vector frame [animation]";
  end FixedArrow;

  model SignalArrow
    "Visualizing an arrow with dynamically varying size in frame_a based on input signal"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    input SI.Position r_tail[3] = {0, 0, 0}
      "Vector from frame_a to arrow tail, resolved in frame_a [animation]";
    input Modelica.Mechanics.MultiBody.Types.Color color = {0, 0, 255} "Color of arrow [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
      world.defaultSpecularCoefficient
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.VectorQuantity quantity =
      Modelica.Mechanics.MultiBody.Types.VectorQuantity.RelativePosition
      "Kind of physical quantity represented by the vector [animation]";
    input Boolean headAtOrigin = false
      "= true, if the vector is pointing towards the origin of vector frame [animation]";
    Modelica.Blocks.Interfaces.RealInput r_head[3] "Vector resolved in frame_a";
  end SignalArrow;

end Visualizers;
