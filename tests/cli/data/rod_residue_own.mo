model RodResidueOwn "a rod whose constraint residue the model rebinds (the rod force left to another equation): refused"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0},
    r_0(start={1.6,-0.8,0}, fixed=true));
  Modelica.Mechanics.MultiBody.Joints.SphericalSpherical rod(rodLength=1, kinematicConstraint=false, constraintResidue=rod.f_rod);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation base(r={1,0,0});
equation
  connect(world.frame_b, base.frame_a);
  connect(base.frame_b, rod.frame_a);
  connect(rod.frame_b, body.frame_a);
end RodResidueOwn;
