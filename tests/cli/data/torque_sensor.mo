model TorqueSensorPendulum "a pendulum's joint drives, through a torque sensor, a 1-D inertia loaded by a constant torque; filters on a constant"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1}, useAxisFlange=true,
    phi(start=0.3, fixed=true), w(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={0.5,0,0}, I_33=0.03);
  Modelica.Mechanics.Rotational.Sensors.TorqueSensor sensor;
  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=0.2);
  Modelica.Mechanics.Rotational.Sources.ConstantTorque load(tau_constant=1.5, useSupport=false);
  Modelica.Blocks.Continuous.CriticalDamping torqueFilter(n=2, f=5, initType=Modelica.Blocks.Types.Init.SteadyState);
  Modelica.Blocks.Sources.Constant one(k=1);
  Modelica.Blocks.Continuous.CriticalDamping step2(n=2, f=2, normalized=false, initType=Modelica.Blocks.Types.Init.InitialState);
  Modelica.Blocks.Continuous.CriticalDamping step3(n=3, f=2, normalized=false, initType=Modelica.Blocks.Types.Init.InitialOutput, y_start=0.25);
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(rev.axis, sensor.flange_a);
  connect(sensor.flange_b, inertia.flange_a);
  connect(inertia.flange_b, load.flange);
  connect(sensor.tau, torqueFilter.u);
  connect(one.y, step2.u);
  connect(one.y, step3.u);
end TorqueSensorPendulum;
