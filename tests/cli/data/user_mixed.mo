model UserMixed "a component that states frame_a's forces and also holds a body"
  model Mixed
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_a;
    Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0.25, 0, 0});
  equation
    connect(frame_a, body.frame_a);
    frame_a.f = zeros(3);
    frame_a.t = zeros(3);
  end Mixed;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n = {0, 0, 1});
  Modelica.Mechanics.MultiBody.Parts.Body arm(m = 1, r_CM = {0.5, 0, 0});
  Mixed mixed;
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, arm.frame_a);
  connect(rev.frame_b, mixed.frame_a);
end UserMixed;
