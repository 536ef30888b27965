within;
model control_pd_pendulum "A pendulum held by a PD law read from 1-D sensors: tau = 50 (1 - phi) - 5 w"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange=true, phi(start=0, fixed=true),
    w(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0}, I_11=0, I_22=0, I_33=0);
  Modelica.Mechanics.Rotational.Sensors.AngleSensor angle;
  Modelica.Mechanics.Rotational.Sensors.SpeedSensor speed;
  Modelica.Mechanics.Rotational.Sensors.AccSensor acc;
  Modelica.Mechanics.Rotational.Sources.Torque torque;
  Modelica.Blocks.Sources.Constant ref(k=1);
  Modelica.Blocks.Math.Feedback err;
  Modelica.Blocks.Math.Gain kp(k=50);
  Modelica.Blocks.Math.Gain kd(k=-5);
  Modelica.Blocks.Math.Add add;
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(rev.axis, angle.flange);
  connect(rev.axis, speed.flange);
  connect(rev.axis, acc.flange);
  connect(rev.axis, torque.flange);
  connect(ref.y, err.u1);
  connect(angle.phi, err.u2);
  connect(err.y, kp.u);
  connect(speed.w, kd.u);
  connect(kp.y, add.u1);
  connect(kd.y, add.u2);
  connect(add.y, torque.tau);
end control_pd_pendulum;
