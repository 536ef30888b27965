model QuadraticBrake "a rotor braked by a quadratic speed-dependent torque through a rigid 1-D inertia"
  inner Modelica.Mechanics.MultiBody.World world(n={1,0,0});
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={1,0,0}, useAxisFlange=true,
    w(start=2, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body rotor(m=1, r_CM={0,0,0}, I_11=1);
  Modelica.Mechanics.Rotational.Components.Inertia flywheel(J=2);
  Modelica.Mechanics.Rotational.Sources.QuadraticSpeedDependentTorque brake(
    tau_nominal=-3, w_nominal=1, TorqueDirection=false);
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, rotor.frame_a);
  connect(rev.axis, flywheel.flange_a);
  connect(flywheel.flange_b, brake.flange);
end QuadraticBrake;
