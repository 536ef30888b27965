within ModelicaTest.MultiBody.Forces;
model ForceWithTwoMasses
  "Pendulum with an acceleration-dependent LineForceWithTwoMasses and a 1-D damper"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute revolute(
    phi(fixed=true),
    w(fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyBox BodyBox1(r={0.7,0,0});
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation FixedTranslation1(r={0,-0.9,0});
  Modelica.Mechanics.MultiBody.Forces.LineForceWithTwoMasses force(
    L_a=0.3,
    L_b=0.3,
    m_a=1,
    m_b=1);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation FixedTranslation2(r={0,0.1,0});
  Modelica.Mechanics.Translational.Components.Damper damper(d=10);
equation
  connect(BodyBox1.frame_a, revolute.frame_b);
  connect(force.frame_a, FixedTranslation1.frame_b);
  connect(force.frame_b, BodyBox1.frame_b);
  connect(world.frame_b, FixedTranslation2.frame_a);
  connect(FixedTranslation2.frame_b, revolute.frame_a);
  connect(world.frame_b, FixedTranslation1.frame_a);
  connect(force.flange_a, damper.flange_a);
  connect(force.flange_b, damper.flange_b);
  annotation(experiment(StopTime=3, Interval=0.0006, Tolerance=1e-06));
end ForceWithTwoMasses;
