within;
model shafts_rotor_carrier
  "A rotor driven against its carrier: a sine torque between the rotor and a Mounting1D on a carrier free to turn about the same axis"
  inner Modelica.Mechanics.MultiBody.World world(g=0, driveTrainMechanics3D=true);
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute(n={1,0,0}, phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyShape carrier(r={0.5,0,0}, m=0, I_11=2, I_22=0,
    I_33=0, r_CM={0,0,0});
  Modelica.Mechanics.MultiBody.Parts.Rotor1D rotor(J=0.5, phi(fixed=true), w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Mounting1D mounting;
  Modelica.Mechanics.Rotational.Sources.Torque torque(useSupport=true);
  Modelica.Blocks.Sources.Sine sine(amplitude=1, f=1);
equation
  connect(world.frame_b, revolute.frame_a);
  connect(revolute.frame_b, carrier.frame_a);
  connect(revolute.frame_b, rotor.frame_a);
  connect(revolute.frame_b, mounting.frame_a);
  connect(torque.flange, rotor.flange_a);
  connect(torque.support, mounting.flange_b);
  connect(sine.y, torque.tau);
  annotation(experiment(StopTime=2));
end shafts_rotor_carrier;
