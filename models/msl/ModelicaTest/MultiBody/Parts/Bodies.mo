within ModelicaTest.MultiBody.Parts;
model Bodies "Every body type fixed to the world: static cut forces and torques"
  Modelica.Mechanics.MultiBody.Parts.Body body2(
    m=1,
    I_11=1,
    I_22=1,
    I_33=1,
    r_0(start={0.8,0.2,0}),
    r_CM={0,0,0});
  Modelica.Mechanics.MultiBody.Parts.BodyShape bodyShape(
    m=1,
    I_11=1,
    I_22=1,
    I_33=1,
    r_CM={0.3,0,0},
    r={0.6,0,0});
  Modelica.Mechanics.MultiBody.Parts.BodyBox BodyBox1(r={1,0,0});
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder bodyCylinder(
    r={1,0,0},
    innerDiameter=bodyCylinder.diameter/2);
  Modelica.Mechanics.MultiBody.Parts.Fixed Fixed3(r={0,-0.3,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed Fixed4(r={0,-0.6,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed Fixed5(r={0,-0.8,0});
  Modelica.Mechanics.MultiBody.Parts.Body body1(
    m=1,
    I_11=1,
    I_22=1,
    I_33=1,
    r_CM={0.3,0,0},
    r_0(start={0.8,0.2,0}));
  Modelica.Mechanics.MultiBody.Parts.Fixed Fixed1(r={0,0.2,0});
  Modelica.Mechanics.MultiBody.Parts.Fixed Fixed2(r={0,0,0});
  inner Modelica.Mechanics.MultiBody.World world;
equation
  connect(Fixed1.frame_b, body1.frame_a);
  connect(Fixed2.frame_b, body2.frame_a);
  connect(Fixed3.frame_b, bodyShape.frame_a);
  connect(Fixed4.frame_b, BodyBox1.frame_a);
  connect(Fixed5.frame_b, bodyCylinder.frame_a);
  annotation(experiment(StopTime=1.1, Interval=0.00022, Tolerance=1e-06));
end Bodies;
