within;
model rotor_loose_gyro "A Rotor1D with exact = false (J 0.5 along x, spinning at 10) on a carrier turning freely about z at 2: its gyroscopic torque J w w_z about y reaches the joint"
  inner Modelica.Mechanics.MultiBody.World world(g=0, driveTrainMechanics3D=true);
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute(n={0,0,1}, phi(start=0, fixed=true), w(start=2, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyShape carrier(r={0.5,0,0}, m=0, I_11=1, I_22=1, I_33=2, r_CM={0,0,0});
  Modelica.Mechanics.MultiBody.Parts.Rotor1D rotor(J=0.5, n={1,0,0}, exact=false, phi(start=0, fixed=true), w(start=10, fixed=true));
equation
  connect(world.frame_b, revolute.frame_a);
  connect(revolute.frame_b, carrier.frame_a);
  connect(revolute.frame_b, rotor.frame_a);
end rotor_loose_gyro;
