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

  model Torus "Visualizing a torus"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter SI.Radius R = 0.5
      "Major radius (distance from center of torus to center of tube) [animation]";
    parameter SI.Radius r = 0.1 "Minor radius (radius of tube) [animation]";
    parameter SI.Angle opening = 0 "Opening angle of torus [animation]";
    parameter SI.Angle startAngle = -3.1415926535898 "Start angle of torus slice [animation]";
    parameter SI.Angle stopAngle = 3.1415926535898 "End angle of torus slice [animation]";
    parameter Boolean wireframe = false
      "= true: 3D model will be displayed without faces [animation]";
    input Modelica.Mechanics.MultiBody.Types.RealColor color = {0, 128, 255}
      "Color of surface [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient = 0.7
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    input Real transparency = 0
      "Transparency of shape: 0 (= opaque) ... 1 (= fully transparent) [animation]";
    parameter Integer n_R = 40 "Number of points along major radius R [animation]";
    parameter Integer n_r = 20 "Number of points along minor radius r [animation]";
  end Torus;

  model VoluminousWheel "Visualizing a voluminous wheel"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter SI.Radius rTire = 0.25 "Radius of the tire [animation]";
    parameter SI.Radius rRim = 0.14 "Radius of the rim [animation]";
    parameter SI.Radius width = 0.25 "Width of the tire [animation]";
    parameter SI.Radius rCurvature = 0.30 "Radius of the tire's cross section [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.RealColor color = {64, 64, 64}
      "Color of tire [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient = 0.5
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Integer n_rTire = 40 "Number of points along rTire [animation]";
    parameter Integer n_rCurvature = 20 "Number of points along rCurvature [animation]";
  end VoluminousWheel;

  model Rectangle "Visualizing a planar rectangular surface"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis direction_u = {1, 0, 0}
      "Vector along u-axis of rectangle resolved in frame_a [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.Axis direction_v = {0, 1, 0}
      "Vector along v-axis of rectangle resolved in frame_a [animation]";
    parameter SI.Distance length_u = 3 "Length of rectangle in direction u [animation]";
    parameter SI.Distance length_v = 1 "Length of rectangle in direction v [animation]";
    parameter Integer nu(min = 2) = 3 "Number of points in direction u [animation]";
    parameter Integer nv(min = 2) = 2 "Number of points in direction v [animation]";
    parameter Boolean wireframe = false
      "= true: 3D model will be displayed without faces [animation]";
    input Modelica.Mechanics.MultiBody.Types.RealColor color = {0, 128, 255}
      "Color of surface [animation]";
    input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient = 0.7
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    input Real transparency = 0
      "Transparency of shape: 0 (= opaque) ... 1 (= fully transparent) [animation]";
  end Rectangle;

  model PipeWithScalarField "Visualizing a pipe with scalar field quantities along the pipe axis"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialVisualizer;
    parameter Boolean animation = true "= true, if animation shall be enabled [animation]";
    parameter SI.Radius rOuter "Outer radius of pipe [animation]";
    parameter SI.Length length "Length of pipe [animation]";
    parameter Real xsi[:](each min = 0, each max = 1) =
      Modelica.Math.Vectors.relNodePositions(12)
      "Vector of relative positions along the pipe with x[1] = 0, x[end] = 1 [animation]";
    input Real T[size(xsi, 1)]
      "Vector of values at positions xsi*length (will be visualized by color) [animation]";
    parameter Real T_min "Minimum value of T that corresponds to colorMap[1,:] [animation]";
    parameter Real T_max "Maximum value of T that corresponds to colorMap[end,:] [animation]";
    replaceable function colorMap = Modelica.Mechanics.MultiBody.Interfaces.partialColorMap
      "Function defining the color map [animation]";
    parameter Integer n_colors = 64 "Number of colors in the colorMap [animation]";
    parameter Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient = 0.7
      "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    parameter Real transparency = 0
      "Transparency of shape: 0 (= opaque) ... 1 (= fully transparent) [animation]";
    parameter Integer n_rOuter = 30 "Number of points along outer radius [animation]";
    parameter Integer n_length = 20 "Number of points along length [animation]";
  end PipeWithScalarField;

  package Advanced "Visualizers that require basic knowledge about Modelica in order to use them"
    import SI = Modelica.Units.SI;

    model Arrow "Visualizing an arrow with variable size"
      input Modelica.Mechanics.MultiBody.Frames.Orientation R
        "Orientation object to rotate the world frame into the arrow frame [animation]";
      input SI.Position r[3] = {0, 0, 0}
        "Position vector from origin of world frame to origin of arrow frame, resolved in world frame [animation]";
      input SI.Position r_tail[3] = {0, 0, 0}
        "Position vector from origin of arrow frame to arrow tail, resolved in arrow frame [animation]";
      input Real r_head[3] = {0, 0, 0}
        "Vector from arrow tail to the head of the arrow, resolved in arrow frame [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color color =
        Modelica.Mechanics.MultiBody.Types.Defaults.ArrowColor "Color of arrow [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Material property describing the reflecting of ambient light [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.VectorQuantity quantity =
        Modelica.Mechanics.MultiBody.Types.VectorQuantity.RelativePosition
        "Kind of physical quantity represented by the vector [animation]";
      input Boolean headAtOrigin = false
        "= true, if the vector is pointing towards the origin of vector frame [animation]";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end Arrow;

    model DoubleArrow "Visualizing a double arrow with variable size"
      input Modelica.Mechanics.MultiBody.Frames.Orientation R
        "Orientation object to rotate the world frame into the arrow frame [animation]";
      input SI.Position r[3] = {0, 0, 0}
        "Position vector from origin of world frame to origin of arrow frame, resolved in world frame [animation]";
      input SI.Position r_tail[3] = {0, 0, 0}
        "Position vector from origin of arrow frame to double arrow tail, resolved in arrow frame [animation]";
      input Real r_head[3] = {0, 0, 0}
        "Vector from double arrow tail to the head of the double arrow, resolved in arrow frame [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color color =
        Modelica.Mechanics.MultiBody.Types.Defaults.ArrowColor
        "Color of double arrow [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient =
        world.defaultSpecularCoefficient
        "Material property describing the reflecting of ambient light [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.VectorQuantity quantity =
        Modelica.Mechanics.MultiBody.Types.VectorQuantity.Torque
        "Kind of physical quantity represented by the vector [animation]";
      input Boolean headAtOrigin = true
        "= true, if the vector is pointing towards the origin of vector frame [animation]";
    protected
      outer Modelica.Mechanics.MultiBody.World world;
    end DoubleArrow;

    model Shape
      "Visualizing an elementary object with variable size; all data have to be set as modifiers"
      parameter Modelica.Mechanics.MultiBody.Types.ShapeType shapeType = "box"
        "Type of shape (box, sphere, cylinder, pipecylinder, cone, pipe, beam, gearwheel, spring, <external shape>) [animation]";
      input Modelica.Mechanics.MultiBody.Frames.Orientation R
        "Orientation object to rotate the world frame into the object frame [animation]";
      input SI.Position r[3] = {0, 0, 0}
        "Position vector from origin of world frame to origin of object frame, resolved in world frame [animation]";
      input SI.Position r_shape[3] = {0, 0, 0}
        "Position vector from origin of object frame to shape origin, resolved in object frame [animation]";
      input Real lengthDirection[3](each final unit = "1") = {1, 0, 0}
        "Vector in length direction, resolved in object frame [animation]";
      input Real widthDirection[3](each final unit = "1") = {0, 1, 0}
        "Vector in width direction, resolved in object frame [animation]";
      input SI.Length length = 0 "Length of visual object [animation]";
      input SI.Length width = 0 "Width of visual object [animation]";
      input SI.Length height = 0 "Height of visual object [animation]";
      input Modelica.Mechanics.MultiBody.Types.ShapeExtra extra = 0.0
        "Additional size data for some of the shape types [animation]";
      input Real color[3] = {255, 0, 0} "Color of shape [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient = 0.7
        "Reflection of ambient light (= 0: light is completely absorbed) [animation]";
    end Shape;

    model Vector "Visualizing a vector quantity (force, torque, etc.)"
      input Modelica.Mechanics.MultiBody.Frames.Orientation R
        "Orientation object to rotate the world frame into the vector frame [animation]";
      input SI.Position r[3] = {0, 0, 0}
        "Position vector from origin of world frame to origin of vector frame, resolved in world frame [animation]";
      input Real coordinates[3] = {0, 0, 0}
        "Coordinates of the vector resolved in vector frame [animation]";
      input Modelica.Mechanics.MultiBody.Types.Color color =
        Modelica.Mechanics.MultiBody.Types.Defaults.ArrowColor "Color of vector [animation]";
      input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient = 0.7
        "Material property describing the reflecting of ambient light [animation]";
      parameter Modelica.Mechanics.MultiBody.Types.VectorQuantity quantity =
        Modelica.Mechanics.MultiBody.Types.VectorQuantity.Force
        "Quantity of the coordinates [animation]";
      input Boolean headAtOrigin = false
        "= true, if the vector is pointing towards the origin of vector frame [animation]";
      input Boolean twoHeadedArrow = false
        "= true, if the arrow has two heads after each other (pointing in the same direction) [animation]";
    end Vector;
  end Advanced;

end Visualizers;
