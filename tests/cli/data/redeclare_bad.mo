// Redeclarations Modelica forbids: of a component not declared replaceable, and by a class that
// lacks what the constraining class declares
package RB
  model Arm
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a;
    replaceable Modelica.Mechanics.MultiBody.Parts.BodyBox body(r = {0.5, 0, 0})
      constrainedby Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    Modelica.Mechanics.MultiBody.Parts.Body tip(m = 1);
  equation
    connect(frame_a, body.frame_a);
    connect(body.frame_b, tip.frame_a);
  end Arm;
  model Pend
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute rev;
    replaceable Arm arm;
  equation
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, arm.frame_a);
  end Pend;
  model NotReplaceable
    extends Pend(arm(redeclare Modelica.Mechanics.MultiBody.Parts.Body tip(m = 2)));
  end NotReplaceable;
  model Violates
    extends Pend(arm(redeclare Modelica.Mechanics.MultiBody.Parts.Body body(m = 2)));
  end Violates;
end RB;
