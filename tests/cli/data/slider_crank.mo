model SliderCrank "a user's slider-crank: crank 0.1 m, rod 0.3 m, piston on x"
  inner Modelica.Mechanics.MultiBody.World world(g=0);
  Modelica.Mechanics.MultiBody.Joints.Revolute crankPin(n={0,0,1}, w(start=10, fixed=true), phi(start=0, fixed=true));
  Modelica.Mechanics.MultiBody.Parts.BodyShape crank(r={0.1,0,0}, r_CM={0.05,0,0}, m=0.5);
  Modelica.Mechanics.MultiBody.Joints.Revolute rodPin(n={0,0,1});
  Modelica.Mechanics.MultiBody.Parts.BodyShape rod(r={0.3,0,0}, r_CM={0.15,0,0}, m=0.3);
  Modelica.Mechanics.MultiBody.Joints.Prismatic slide(n={1,0,0}, s(start=0.4));
  Modelica.Mechanics.MultiBody.Parts.Body piston(m=0.2, r_CM={0,0,0});
  Modelica.Mechanics.MultiBody.Joints.RevolutePlanarLoopConstraint wristPin(n={0,0,1});
equation
  connect(world.frame_b, crankPin.frame_a);
  connect(crankPin.frame_b, crank.frame_a);
  connect(crank.frame_b, rodPin.frame_a);
  connect(rodPin.frame_b, rod.frame_a);
  connect(world.frame_b, slide.frame_a);
  connect(slide.frame_b, piston.frame_a);
  connect(rod.frame_b, wristPin.frame_a);
  connect(piston.frame_a, wristPin.frame_b);
end SliderCrank;
