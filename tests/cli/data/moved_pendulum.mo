model MovedPendulum "a pendulum whose joint a Move source moves along A sin(w t) (angle, speed, acceleration)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1}, useAxisFlange=true);
  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={0.5,0,0}, I_33=0.03);
  Modelica.Mechanics.Rotational.Sources.Move move;
  parameter Real w = 2*Modelica.Constants.pi*0.7;
  Modelica.Blocks.Sources.Sine angle(amplitude=1.2, f=0.7);
  Modelica.Blocks.Sources.Sine speed(amplitude=1.2*w, f=0.7, phase=Modelica.Constants.pi/2);
  Modelica.Blocks.Sources.Sine accel(amplitude=1.2*w^2, f=0.7, phase=Modelica.Constants.pi);
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(angle.y, move.u[1]);
  connect(speed.y, move.u[2]);
  connect(accel.y, move.u[3]);
  connect(move.flange, rev.axis);
end MovedPendulum;
