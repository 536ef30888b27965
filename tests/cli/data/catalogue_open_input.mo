model OpenInput "a WorldForce whose force input is not connected"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1);
  Modelica.Mechanics.MultiBody.Forces.WorldForce force;
equation
  connect(force.frame_b, body.frame_a);
end OpenInput;
