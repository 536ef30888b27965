within ModelicaTest.MultiBody.Parts;
model FlyingBodies "Torque-free tumbling of every body type (no gravity)"
  Modelica.Mechanics.MultiBody.Parts.BodyShape bodyShape(
    m=1,
    I_11=1,
    I_22=1,
    I_33=1,
    r_CM={0.3,0,0},
    r={0.6,0,0},
    v_0(each fixed=true),
    angles_fixed=true,
    w_0_fixed=true,
    w_0_start={1,0.3,0.2},
    r_0(each fixed=true, start={1,1,1}));
  Modelica.Mechanics.MultiBody.Parts.BodyBox BodyBox1(
    r={1,0,0},
    r_0(each fixed=true, start={-0.1,-0.3,-0.2}),
    v_0(each fixed=true),
    angles_fixed=true,
    w_0_fixed=true,
    w_0_start={1,0.3,0.2});
  Modelica.Mechanics.MultiBody.Parts.BodyCylinder bodyCylinder(
    r={1,0,0},
    innerDiameter=bodyCylinder.diameter/2,
    r_0(each fixed=true),
    v_0(each fixed=true),
    angles_fixed=true,
    w_0_fixed=true,
    w_0_start={5,-0.4,0.5});
  Modelica.Mechanics.MultiBody.Parts.Body body1(
    m=1,
    I_11=1,
    I_22=1,
    I_33=1,
    r_CM={0.3,0,0},
    r_0(start={0.8,0.2,0}, each fixed=true),
    v_0(each fixed=true, start={0,0,0}),
    angles_fixed=true,
    angles_start={0,0,0},
    w_0_fixed=true,
    w_0_start={1,0.3,0.2});
  inner Modelica.Mechanics.MultiBody.World world(
    gravityType=Modelica.Mechanics.MultiBody.Types.GravityTypes.NoGravity);
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame fixedFrame;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame fixedFrame1;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame fixedFrame2;
  Modelica.Mechanics.MultiBody.Visualizers.FixedFrame fixedFrame3;
equation
  connect(fixedFrame.frame_a, body1.frame_a);
  connect(fixedFrame1.frame_a, bodyShape.frame_a);
  connect(fixedFrame2.frame_a, BodyBox1.frame_a);
  connect(fixedFrame3.frame_a, bodyCylinder.frame_a);
  annotation(experiment(StopTime=4, Interval=0.0008, Tolerance=1e-06));
end FlyingBodies;
