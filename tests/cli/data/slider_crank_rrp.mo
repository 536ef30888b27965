model SliderCrankRRP "the slider-crank of slider_crank.mo, its loop an analytic JointRRP"
  inner Modelica.Mechanics.MultiBody.World world(g=0);
  Modelica.Mechanics.MultiBody.Joints.Revolute crankPin(n={0,0,1}, w(start=10, fixed=true), phi(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyShape crank(r={0.1,0,0}, r_CM={0.05,0,0}, m=0.5);
  Modelica.Mechanics.MultiBody.Joints.Assemblies.JointRRP rrp(n_a={0,0,1}, n_b={1,0,0},
    rRod1_ia={0.3,0,0}, rRod2_ib={0,0,0}, s_guess=0.4);
  Modelica.Mechanics.MultiBody.Parts.Body rod(m=0.3, r_CM={0.15,0,0});
  Modelica.Mechanics.MultiBody.Parts.Body piston(m=0.2, r_CM={0,0,0});
equation
  connect(world.frame_b, crankPin.frame_a);
  connect(crankPin.frame_b, crank.frame_a);
  connect(crank.frame_b, rrp.frame_a);
  connect(world.frame_b, rrp.frame_b);
  connect(rrp.frame_ia, rod.frame_a);
  connect(rrp.frame_ib, piston.frame_a);
end SliderCrankRRP;
