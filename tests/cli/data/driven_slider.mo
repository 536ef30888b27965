model DrivenSlider "a body on a vertical Prismatic joint that a Translational source moves"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n={0,1,0}, useAxisFlange=true);
  Modelica.Mechanics.MultiBody.Parts.Body body(m=3, r_CM={0.2,0,0});
  Modelica.Mechanics.Translational.Sources.Accelerate source;
  Modelica.Blocks.Sources.Sine sine(amplitude=1.2, f=0.7);
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  connect(sine.y, source.a_ref);
  connect(source.flange, slider.axis);
end DrivenSlider;
