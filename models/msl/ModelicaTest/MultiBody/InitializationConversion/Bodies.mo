within ModelicaTest.MultiBody.InitializationConversion;
model Bodies
  "Free Body, PointMass, BodyShape, BodyBox and BodyCylinder with initial orientation via sequence_start={3,2,1}"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(
    sequence_start={3,2,1},
    a_0(each fixed=false, start={2,2,2}),
    angles_fixed=true,
    r_0(each fixed=true, start={1,2,3}),
    v_0(each fixed=true, start={1,2,3}),
    w_0_fixed=true,
    z_0_fixed=false,
    w_0_start={0.06981317007977318,0.05235987755982989,0.03490658503988659},
    z_0_start={0.05235987755982989,0.06981317007977318,0.05235987755982989},
    r_CM={0,0,0},
    m=1,
    angles_start={0.34906585039887,0.5235987755983,0.69813170079773});
  Modelica.Mechanics.MultiBody.Parts.PointMass pointMass(
    m=2,
    a_0(each fixed=false, start={5,4,3}),
    r_0(each fixed=true, start={1,2,3}),
    v_0(each fixed=true, start={2,3,4}));
  Modelica.Mechanics.MultiBody.Parts.BodyShape body1(
    sequence_start={3,2,1},
    a_0(each fixed=false, start={2,2,2}),
    angles_fixed=true,
    r_0(each fixed=true, start={1,2,3}),
    v_0(each fixed=true, start={1,2,3}),
    w_0_fixed=true,
    z_0_fixed=false,
    w_0_start={0.06981317007977318,0.05235987755982989,0.03490658503988659},
    z_0_start={0.05235987755982989,0.06981317007977318,0.05235987755982989},
    r_CM={0,0,0},
    m=1,
    r={0,0,0},
    angles_start={0.34906585039887,0.5235987755983,0.69813170079773});
  Modelica.Mechanics.MultiBody.Parts.BodyBox body2(
    sequence_start={3,2,1},
    a_0(each fixed=false, start={2,2,2}),
    angles_fixed=true,
    r_0(each fixed=true, start={1,2,3}),
    v_0(each fixed=true, start={1,2,3}),
    w_0_fixed=true,
    z_0_fixed=false,
    w_0_start={0.06981317007977318,0.05235987755982989,0.03490658503988659},
    z_0_start={0.05235987755982989,0.06981317007977318,0.05235987755982989},
    r={1,0,0},
    angles_start={0.34906585039887,0.5235987755983,0.69813170079773});
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder body3(
    sequence_start={3,2,1},
    a_0(each fixed=false, start={2,2,2}),
    angles_fixed=true,
    r_0(each fixed=true, start={1,2,3}),
    v_0(each fixed=true, start={1,2,3}),
    w_0_fixed=true,
    z_0_fixed=false,
    w_0_start={0.06981317007977318,0.05235987755982989,0.03490658503988659},
    z_0_start={0.05235987755982989,0.06981317007977318,0.05235987755982989},
    r={1,0,0},
    angles_start={0.34906585039887,0.5235987755983,0.69813170079773});
  annotation(experiment(StopTime=0.2, Interval=4e-05, Tolerance=1e-06));
end Bodies;
