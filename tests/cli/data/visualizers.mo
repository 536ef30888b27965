// A swinging link that carries every frame-based MultiBody visualizer the MSL has (package
// Visualizers, MSL 4.0.0) and the Advanced ones placed by their inputs (the link's frame, its
// rate, its cut force), with time-varying inputs and a redeclared colour map: they are
// animation only, so the motion equals Link's, the same link without them.
package Visualizers
  model Link
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed = true, start = 0.3),
      w(fixed = true));
    Modelica.Mechanics.MultiBody.Parts.BodyShape link(r = {0.5, 0, 0}, r_CM = {0.25, 0, 0},
      m = 1);
  equation
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, link.frame_a);
  end Link;

  function grey "A user's colour map"
    extends Modelica.Mechanics.MultiBody.Interfaces.partialColorMap;
  algorithm
    colorMap := fill(128, n_colors, 3);
  end grey;

  model WithVisualizers
    extends Link;
    Modelica.Mechanics.MultiBody.Visualizers.VoluminousWheel wheel(rTire = 0.2);
    Modelica.Mechanics.MultiBody.Visualizers.Torus torus(R = 0.3, r = 0.05,
      transparency = 0.5*(1 + sin(time)));
    Modelica.Mechanics.MultiBody.Visualizers.Rectangle rect(length_u = 0.5, nu = 4);
    Modelica.Mechanics.MultiBody.Visualizers.PipeWithScalarField pipe(rOuter = 0.05,
      length = 0.5, T_min = 0, T_max = 2, redeclare function colorMap = grey,
      T = sin(Modelica.Constants.pi*pipe.xsi)*cos(time) .+ 1);
    Modelica.Mechanics.MultiBody.Visualizers.FixedShape shape(length = 0.1, width = 0.1,
      height = 0.1);
    Modelica.Mechanics.MultiBody.Parts.FixedTranslation offset(r = {0, torus.R + torus.r, 0});
    Modelica.Mechanics.MultiBody.Visualizers.Advanced.Arrow arrow(R = link.frame_b.R,
      r = link.frame_b.r_0, r_head = {0, 0.1*sin(time), 0});
    Modelica.Mechanics.MultiBody.Visualizers.Advanced.DoubleArrow torque(R = link.frame_b.R,
      r = link.frame_b.r_0, r_head = {0, 0, rev.w});
    Modelica.Mechanics.MultiBody.Visualizers.Advanced.Shape box(shapeType = "box",
      R = link.frame_b.R, r = link.frame_b.r_0, length = 0.1, width = 0.05, height = 0.05);
    Modelica.Mechanics.MultiBody.Visualizers.Advanced.Vector vector(R = link.frame_b.R,
      r = link.frame_b.r_0, coordinates = link.frame_b.f);
  equation
    connect(link.frame_b, wheel.frame_a);
    connect(link.frame_b, torus.frame_a);
    connect(link.frame_b, rect.frame_a);
    connect(link.frame_b, pipe.frame_a);
    connect(link.frame_b, offset.frame_a);
    connect(offset.frame_b, shape.frame_a);
  end WithVisualizers;
end Visualizers;
