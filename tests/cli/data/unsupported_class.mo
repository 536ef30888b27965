model UnsupportedClass "a vector transformation on a pendulum's frame: a class mbens cannot simulate yet"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});
  Modelica.Mechanics.MultiBody.Sensors.TransformAbsoluteVector transform;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev;
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(rev.frame_b, transform.frame_a);
end UnsupportedClass;
