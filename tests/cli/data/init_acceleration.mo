model InitAcceleration "An initial acceleration: needs the nonlinear initialization"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed=true), w(fixed=true),
    a(start=1, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
end InitAcceleration;
