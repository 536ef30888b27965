within;
model Oscillator "a 1 kg slider on a spring of 4 pi^2 N/m: period 1 s, released at s = 0.1 m"
  inner Modelica.Mechanics.MultiBody.World world(g=0);
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n={1,0,0}, useAxisFlange=true,
    s(start=0.1, fixed=true), v(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0,0,0});
  Modelica.Mechanics.Translational.Components.Spring spring(c=39.478417604357434);
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  connect(slider.axis, spring.flange_b);
  connect(spring.flange_a, slider.support);
  annotation(experiment(StopTime=2, Interval=0.001));
end Oscillator;
