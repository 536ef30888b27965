within ModelicaTest.MultiBody.Joints;
model CheckConstaintTorqueUniversalJoint
  "Universal joint at the world with a BodyCylinder loaded by a constant WorldTorque"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder bodyCylinder(r={1,0,0});
  Modelica.Mechanics.MultiBody.Forces.WorldTorque torque;
  Modelica.Blocks.Sources.Constant signalTorque_y(k=3);
  Modelica.Blocks.Sources.Constant signalTorque_x(k=2);
  Modelica.Blocks.Sources.Constant signalTorque_z(k=4);
  Modelica.Mechanics.MultiBody.Joints.Universal universal(
    phi_a(fixed=true),
    phi_b(fixed=true),
    w_a(fixed=true),
    w_b(fixed=true));
equation
  connect(torque.frame_b, bodyCylinder.frame_a);
  connect(signalTorque_x.y, torque.torque[1]);
  connect(signalTorque_y.y, torque.torque[2]);
  connect(signalTorque_z.y, torque.torque[3]);
  connect(world.frame_b, universal.frame_a);
  connect(universal.frame_b, bodyCylinder.frame_a);
  annotation(experiment(StopTime=1, Interval=0.0002, Tolerance=1e-06));
end CheckConstaintTorqueUniversalJoint;
