// Replaceable components redeclared from a modifier and through extends; PendBox and PendCyl
// write the same mechanisms out: they must give the same bits
package R
  model Arm "a replaceable body"
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a;
    parameter Real len = 0.5;
    replaceable Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {len/2, 0, 0})
      constrainedby Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
  equation
    connect(frame_a, body.frame_a);
  end Arm;
  model Pend
    parameter Real L = 0.4;
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed = true, start = 0.5), w(fixed = true));
    Arm arm(redeclare Modelica.Mechanics.MultiBody.Parts.BodyBox body(r = {L, 0, 0}));
  equation
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, arm.frame_a);
  end Pend;
  model Pend2 "the same through extends"
    extends Pend(arm(redeclare Modelica.Mechanics.MultiBody.Parts.BodyCylinder body(r = {L, 0, 0})));
  end Pend2;
  model Holder "a replaceable model of a component"
    replaceable model Part = Modelica.Mechanics.MultiBody.Parts.Body(m = 1, r_CM = {0.2, 0, 0})
      constrainedby Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a;
    Part body;
  equation
    connect(frame_a, body.frame_a);
  end Holder;
  model Pend3 "a class redeclared in a modifier"
    parameter Real L = 0.4;
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed = true, start = 0.5), w(fixed = true));
    Holder arm(redeclare model Part = Modelica.Mechanics.MultiBody.Parts.BodyBox(r = {L, 0, 0}));
  equation
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, arm.frame_a);
  end Pend3;
  model BoxHolder "a class redeclared in a class body"
    extends Holder;
    redeclare model Part = Modelica.Mechanics.MultiBody.Parts.BodyBox(r = {0.4, 0, 0});
  end BoxHolder;
  model Pend4
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed = true, start = 0.5), w(fixed = true));
    BoxHolder arm;
  equation
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, arm.frame_a);
  end Pend4;
  model PendBox
    parameter Real L = 0.4;
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed = true, start = 0.5), w(fixed = true));
    Modelica.Mechanics.MultiBody.Parts.BodyBox body(r = {L, 0, 0});
  equation
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, body.frame_a);
  end PendBox;
  model PendCyl
    parameter Real L = 0.4;
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed = true, start = 0.5), w(fixed = true));
    Modelica.Mechanics.MultiBody.Parts.BodyCylinder body(r = {L, 0, 0});
  equation
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, body.frame_a);
  end PendCyl;
end R;
