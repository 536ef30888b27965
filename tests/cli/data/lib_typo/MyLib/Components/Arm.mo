within MyLib.Components;
model Arm "A revolute joint carrying a box of length L"
  parameter SI.Length L = 0.5 "length of the box";
  parameter SI.Angle phi0 = 0.3 "start angle";
  Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed = true, start = phi0),
    w(fixed = true));
  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {L, 0, 0}, width = 0.05);
equation
  connect(frame_a, rev.frame_a);
  connect(rev.frame_b, box.frame_a);
end Arm;
