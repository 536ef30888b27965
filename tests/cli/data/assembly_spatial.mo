model AssemblySpatial "a spatial four-bar closed by an analytic JointUSP; no damping, no drives"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute crankPin(n={1,0,0}, w(start=5, fixed=true), phi(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation crank(r={0,0.5,0.1});
  Modelica.Mechanics.MultiBody.Parts.Body crankMass(m=2, r_CM={0,0,0}, I_11=0.05, I_22=0.01, I_33=0.04);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation ground(r={1.2,0,0});
  Modelica.Mechanics.MultiBody.Joints.Assemblies.JointUSP usp(rRod2_ib={0,0.2,0}, n1_a={0,0,-1}, n_b={-1,0,0}, rRod1_ia={1,-0.3,0.1}, checkTotalPower=true);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation rodHalf(r={0.5,-0.15,0.05});
  Modelica.Mechanics.MultiBody.Parts.Body rodMass(m=3, r_CM={0,0,0}, I_11=0.02, I_22=0.03, I_33=0.025);
  Modelica.Mechanics.MultiBody.Parts.Body slider(m=1.5, r_CM={0,0,0}, I_11=0.02, I_22=0.15, I_33=0.16);
equation
  connect(world.frame_b, crankPin.frame_a);
  connect(crankPin.frame_b, crank.frame_a);
  connect(crank.frame_b, crankMass.frame_a);
  connect(crank.frame_b, usp.frame_a);
  connect(world.frame_b, ground.frame_a);
  connect(ground.frame_b, usp.frame_b);
  connect(usp.frame_ia, rodHalf.frame_a);
  connect(rodHalf.frame_b, rodMass.frame_a);
  connect(usp.frame_ib, slider.frame_a);
end AssemblySpatial;
