model UnsupportedClass "a bevel gear on a pendulum's axis: a class mbens cannot simulate yet"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});
  Modelica.Mechanics.MultiBody.Parts.BevelGear1D gear(ratio=2);
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange=true);
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(rev.axis, gear.flange_a);
end UnsupportedClass;
