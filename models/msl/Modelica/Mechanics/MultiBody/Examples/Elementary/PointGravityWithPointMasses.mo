within Modelica.Mechanics.MultiBody.Examples.Elementary;
model PointGravityWithPointMasses
  "Two point masses in a point gravity field (rotation of bodies is neglected)"
  inner Modelica.Mechanics.MultiBody.World world(
    gravityType=Modelica.Mechanics.MultiBody.Types.GravityTypes.PointGravity,
    mu=1);
  Modelica.Mechanics.MultiBody.Parts.PointMass body1(
    m=1,
    r_0(start={0,0.6,0}, each fixed=true),
    v_0(start={1,0,0}, each fixed=true));
  Modelica.Mechanics.MultiBody.Parts.PointMass body2(
    m=1,
    r_0(start={0.6,0.6,0}, each fixed=true),
    v_0(start={0.6,0,0}, each fixed=true));
  Modelica.Mechanics.MultiBody.Parts.PointMass body3(
    m=1,
    r_0(start={0,0.8,0}, each fixed=true),
    v_0(start={0.6,0,0}, each fixed=true));
  Modelica.Mechanics.MultiBody.Parts.PointMass body4(
    m=1,
    r_0(start={0.3,0.8,0}, each fixed=true),
    v_0(start={0.6,0,0}, each fixed=true));
  Modelica.Mechanics.MultiBody.Forces.Spring spring(
    c=10,
    fixedRotationAtFrame_a=true,
    fixedRotationAtFrame_b=true);
equation
  connect(spring.frame_a, body3.frame_a);
  connect(spring.frame_b, body4.frame_a);
  annotation(experiment(StopTime=2, Interval=0.0004, Tolerance=1e-06));
end PointGravityWithPointMasses;
