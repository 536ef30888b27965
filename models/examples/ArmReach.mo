within;
model ArmReach
  "A planar arm of five damped links swinging down from where it starts: which start angles and damping make its tip pass a point? A ten-parameter problem for mbens optimize"
  inner Modelica.Mechanics.MultiBody.World world;
  model Link "A revolute joint with a damper, then a slender link"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Modelica.Units.SI.Length L = 0.3 "Length";
    parameter Modelica.Units.SI.RotationalDampingConstant d = 0.5 "Damping of the joint";
    parameter Modelica.Units.SI.Angle phi0 = 0 "Start angle of the joint";
    Modelica.Mechanics.MultiBody.Joints.Revolute joint(useAxisFlange = true,
      phi(start = phi0, fixed = true), w(start = 0, fixed = true));
    Modelica.Mechanics.Rotational.Components.Damper damper(d = d);
    Modelica.Mechanics.MultiBody.Parts.BodyShape body(r = {L, 0, 0}, r_CM = {L/2, 0, 0}, m = 1);
  equation
    connect(frame_a, joint.frame_a);
    connect(joint.frame_b, body.frame_a);
    connect(body.frame_b, frame_b);
    connect(joint.support, damper.flange_a);
    connect(damper.flange_b, joint.axis);
  end Link;
  Link link1(phi0 = 0.3), link2(phi0 = 0.2), link3(phi0 = 0.1), link4, link5;
equation
  connect(world.frame_b, link1.frame_a);
  connect(link1.frame_b, link2.frame_a);
  connect(link2.frame_b, link3.frame_a);
  connect(link3.frame_b, link4.frame_a);
  connect(link4.frame_b, link5.frame_a);
  annotation (experiment(StopTime = 1, Interval = 0.01, Tolerance = 1e-7));
end ArmReach;
