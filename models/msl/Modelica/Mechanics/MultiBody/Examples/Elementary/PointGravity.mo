within Modelica.Mechanics.MultiBody.Examples.Elementary;
model PointGravity "Two point masses in a point gravity field"
  inner Modelica.Mechanics.MultiBody.World world(
    gravityType=Modelica.Mechanics.MultiBody.Types.GravityTypes.PointGravity,
    mu=1);
  Modelica.Mechanics.MultiBody.Parts.Body body1(
    m=1,
    I_11=0.1,
    I_22=0.1,
    I_33=0.1,
    r_CM={0,0,0},
    r_0(start={0,0.6,0}, each fixed=true),
    v_0(start={1,0,0}, each fixed=true),
    angles_fixed=true,
    w_0_fixed=true);
  Modelica.Mechanics.MultiBody.Parts.Body body2(
    m=1,
    I_11=0.1,
    I_22=0.1,
    I_33=0.1,
    r_CM={0,0,0},
    r_0(start={0.6,0.6,0}, each fixed=true),
    v_0(start={0.6,0,0}, each fixed=true),
    angles_fixed=true,
    w_0_fixed=true);
  annotation(experiment(StopTime=5, Interval=0.001, Tolerance=1e-06));
end PointGravity;
