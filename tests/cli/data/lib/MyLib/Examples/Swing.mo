within MyLib.Examples;
model Swing "Two arms in a chain"
  extends Modelica.Icons.Example;
  inner Modelica.Mechanics.MultiBody.World world;
  Components.Arm arm1(L = 0.4);
  MyLib.Components.Arm arm2(phi0 = -0.2);
equation
  connect(world.frame_b, arm1.frame_a);
  connect(arm1.box.frame_b, arm2.frame_a);
  annotation(experiment(StopTime = 2, Interval = 0.01));
end Swing;
