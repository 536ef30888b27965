within Modelica.Mechanics.MultiBody.Examples.Elementary;
model PointGravityWithPointMasses2
  "Rigidly connected point masses in a point gravity field"

  model SystemWithStandardBodies
    "For comparison purposes, an equivalent model with Bodies instead of PointMasses"
    Modelica.Mechanics.MultiBody.Parts.Body pointMass1(
      m=1,
      r_CM={0,0,0},
      I_11=0,
      I_22=0,
      I_33=0,
      I_21=0,
      I_31=0,
      I_32=0,
      r_0(start={3,0,0}, each fixed=true),
      v_0(start={0,0,-1}, each fixed=true),
      angles_fixed=true,
      w_0_fixed=true);
    Modelica.Mechanics.MultiBody.Parts.Body pointMass2(
      m=1,
      r_CM={0,0,0},
      I_11=0,
      I_22=0,
      I_33=0,
      I_21=0,
      I_31=0,
      I_32=0);
    Modelica.Mechanics.MultiBody.Parts.Body pointMass3(
      m=1,
      r_CM={0,0,0},
      I_11=0,
      I_22=0,
      I_33=0,
      I_21=0,
      I_31=0,
      I_32=0);
    Modelica.Mechanics.MultiBody.Parts.Body pointMass4(
      m=1,
      r_CM={0,0,0},
      I_11=0,
      I_22=0,
      I_33=0,
      I_21=0,
      I_31=0,
      I_32=0);
    Modelica.Mechanics.MultiBody.Parts.Body pointMass5(
      m=1,
      r_CM={0,0,0},
      I_11=0,
      I_22=0,
      I_33=0,
      I_21=0,
      I_31=0,
      I_32=0);
    Modelica.Mechanics.MultiBody.Parts.Body pointMass6(
      m=1,
      r_CM={0,0,0},
      I_11=0,
      I_22=0,
      I_33=0,
      I_21=0,
      I_31=0,
      I_32=0);
    Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation(r={1,0,0});
    Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation1(r={-1,0,0});
    Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation2(r={0,1,0});
    Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation3(r={0,-1,0});
    Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation4(r={0,0,1});
    Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation5(r={0,0,-1});
  equation
    connect(fixedTranslation1.frame_a, fixedTranslation.frame_a);
    connect(fixedTranslation1.frame_a, fixedTranslation2.frame_a);
    connect(fixedTranslation3.frame_a, fixedTranslation.frame_a);
    connect(fixedTranslation1.frame_a, fixedTranslation4.frame_a);
    connect(fixedTranslation5.frame_a, fixedTranslation.frame_a);
    connect(fixedTranslation2.frame_b, pointMass3.frame_a);
    connect(fixedTranslation3.frame_b, pointMass4.frame_a);
    connect(pointMass5.frame_a, fixedTranslation4.frame_b);
    connect(fixedTranslation5.frame_b, pointMass6.frame_a);
    connect(fixedTranslation.frame_b, pointMass1.frame_a);
    connect(fixedTranslation1.frame_b, pointMass2.frame_a);
  end SystemWithStandardBodies;

  inner Modelica.Mechanics.MultiBody.World world(
    gravityType=Modelica.Mechanics.MultiBody.Types.GravityTypes.PointGravity,
    mu=5);
  Modelica.Mechanics.MultiBody.Joints.FreeMotion freeMotion;
  Modelica.Mechanics.MultiBody.Parts.PointMass pointMass1(
    m=1,
    r_0(start={3,0,0}, each fixed=true),
    v_0(start={0,0,-1}, each fixed=true));
  Modelica.Mechanics.MultiBody.Parts.PointMass pointMass2(m=1);
  Modelica.Mechanics.MultiBody.Parts.PointMass pointMass3(
    m=1,
    r_0(start={2,1,0}, fixed={true,false,false}),
    v_0(start={0,0,-1}, fixed={true,false,false}));
  Modelica.Mechanics.MultiBody.Parts.PointMass pointMass4(
    m=1,
    r_0(start={2,-1,0}, fixed={false,false,true}),
    v_0(start={0,0,-1}, fixed={false,false,true}));
  Modelica.Mechanics.MultiBody.Parts.PointMass pointMass5(
    m=1,
    r_0(start={2,0,1}, fixed={false,false,true}),
    v_0(start={0,0,-1}, fixed={false,false,true}));
  Modelica.Mechanics.MultiBody.Parts.PointMass pointMass6(m=1);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation1(r={-1,0,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation2(r={0,1,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation3(r={0,-1,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation4(r={0,0,1});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation fixedTranslation5(r={0,0,-1});
  SystemWithStandardBodies referenceSystem;
equation
  connect(fixedTranslation1.frame_a, fixedTranslation.frame_a);
  connect(fixedTranslation1.frame_a, fixedTranslation2.frame_a);
  connect(fixedTranslation3.frame_a, fixedTranslation.frame_a);
  connect(fixedTranslation1.frame_a, fixedTranslation4.frame_a);
  connect(fixedTranslation5.frame_a, fixedTranslation.frame_a);
  connect(fixedTranslation2.frame_b, pointMass3.frame_a);
  connect(fixedTranslation3.frame_b, pointMass4.frame_a);
  connect(pointMass5.frame_a, fixedTranslation4.frame_b);
  connect(fixedTranslation5.frame_b, pointMass6.frame_a);
  connect(fixedTranslation.frame_b, pointMass1.frame_a);
  connect(fixedTranslation1.frame_b, pointMass2.frame_a);
  connect(world.frame_b, freeMotion.frame_a);
  connect(freeMotion.frame_b, fixedTranslation1.frame_a);
  annotation(experiment(StopTime=3, Interval=0.0006, Tolerance=1e-07));
end PointGravityWithPointMasses2;
