model RodKinematicFalse "a free body held by a rod whose length constraint is written without Dymola's index-reduction form (kinematicConstraint=false): the same constraint"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0}, I_11=0.01, I_22=0.02,
    I_33=0.03, r_0(start={1.6,-0.8,0}, fixed=true), v_0(start={0,0,0.5}, fixed=true),
    angles_fixed=true, angles_start={0.2,-0.1,0.3}, w_0_fixed=true, w_0_start={0.3,-1,0.5});
  Modelica.Mechanics.MultiBody.Joints.SphericalSpherical rod(rodLength=1, kinematicConstraint=false);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation base(r={1,0,0});
equation
  connect(world.frame_b, base.frame_a);
  connect(base.frame_b, rod.frame_a);
  connect(rod.frame_b, body.frame_a);
end RodKinematicFalse;
