within;
model bevel_floating
  "A floating carrier (no gravity, spinning) with two rotors at right angles, a BevelGear1D housed on it and a motor torque against a Mounting1D on it: nothing outside acts, so the angular momentum I w + J1 w1 e1 + J2 w2 e2 (world) is constant"
  inner Modelica.Mechanics.MultiBody.World world(g=0, driveTrainMechanics3D=true);
  Modelica.Mechanics.MultiBody.Parts.Body carrier(m=3, r_CM={0,0,0}, I_11=0.4, I_22=0.6,
    I_33=0.9, I_21=0.05, angles_fixed=true, w_0_fixed=true, w_0_start={0.3,-0.2,0.5},
    r_0(each fixed=true), v_0(each fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Rotor1D rotor1(J=0.02, n={1,0,0}, phi(fixed=true),
    w(fixed=true, start=5));
  Modelica.Mechanics.MultiBody.Parts.Rotor1D rotor2(J=0.1, n={0,1,0});
  Modelica.Mechanics.MultiBody.Parts.BevelGear1D bevel(ratio=3, n_a={1,0,0}, n_b={0,1,0});
  Modelica.Mechanics.MultiBody.Parts.Mounting1D mounting(n={1,0,0});
  Modelica.Mechanics.Rotational.Sources.Torque motor(useSupport=true);
  Modelica.Blocks.Sources.Sine sine(amplitude=0.5, f=1);
equation
  connect(carrier.frame_a, rotor1.frame_a);
  connect(carrier.frame_a, rotor2.frame_a);
  connect(carrier.frame_a, bevel.frame_a);
  connect(carrier.frame_a, mounting.frame_a);
  connect(rotor1.flange_b, bevel.flange_a);
  connect(bevel.flange_b, rotor2.flange_a);
  connect(motor.flange, rotor1.flange_a);
  connect(motor.support, mounting.flange_b);
  connect(sine.y, motor.tau);
end bevel_floating;
