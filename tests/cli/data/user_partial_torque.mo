model UserPartialTorque "MultiBody.Interfaces has no PartialTorque in MSL 4.0.0 (Forces.Torque extends PartialTwoFrames)"
  model T
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTorque;
  equation
    frame_b.t = {0, 0, 1};
  end T;
  inner Modelica.Mechanics.MultiBody.World world;
  T t;
end UserPartialTorque;
