model DrivenPendulum "a pendulum whose joint angle a Position source prescribes (a sine, filtered)"
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1}, useAxisFlange=true);
  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={0.5,0,0}, I_33=0.03);
  Modelica.Mechanics.Rotational.Sources.Position position(useSupport=true, f_crit=20);
  Modelica.Mechanics.MultiBody.Parts.Mounting1D mounting1D;
  Modelica.Blocks.Sources.Sine sine(amplitude=1.2, f=0.7);
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(sine.y, position.phi_ref);
  connect(position.flange, rev.axis);
  connect(mounting1D.flange_b, position.support);
  connect(mounting1D.frame_a, world.frame_b);
end DrivenPendulum;
