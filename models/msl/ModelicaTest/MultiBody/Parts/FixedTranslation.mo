within ModelicaTest.MultiBody.Parts;
model FixedTranslation "FixedTranslation attached to a Fixed frame (static, no gravity)"
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation(r={1,0.5,0});
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frameT1;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame frameT2;
  Modelica.Mechanics.MultiBody.Parts.Fixed fixed1;
  inner Modelica.Mechanics.MultiBody.World world(
    gravityType=Modelica.Mechanics.MultiBody.Types.GravityTypes.NoGravity);
  Modelica.Mechanics.MultiBody.Visualizers.FixedArrow arrow(
    n={1,0.5,0},
    r_tail={0.03,0.1,0});
equation
  connect(fixed1.frame_b, arrow.frame_a);
  connect(fixed1.frame_b, fixedTranslation.frame_a);
  connect(frameT1.frame_a, fixedTranslation.frame_a);
  connect(fixedTranslation.frame_b, frameT2.frame_a);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end FixedTranslation;
