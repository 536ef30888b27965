// seeds for redeclarations (constrainedby, replaceable, functions), twice-inherited elements and
// record bindings
package S
  function grav
    extends Modelica.Mechanics.MultiBody.Interfaces.partialGravityAcceleration;
    input Real mu = 1;
  algorithm
    gravity := -mu * r / (r * r) ^ 1.5;
  end grav;
  model Arm
    Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a;
    replaceable Modelica.Mechanics.MultiBody.Parts.BodyBox body(r = {0.5, 0, 0})
      constrainedby Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
    parameter Real len = 0.5;
  equation
    connect(frame_a, body.frame_a);
  end Arm;
  model L
    extends Arm(len = 0.4);
  end L;
  model R
    extends Arm(len = 0.4);
  end R;
  model M
    extends L;
    extends R(body(redeclare Modelica.Mechanics.MultiBody.Parts.Body body(m = 1)));
    inner Modelica.Mechanics.MultiBody.World world(redeclare function gravityAcceleration = grav(mu = 2));
    Modelica.Mechanics.MultiBody.Frames.Orientation Q = body.frame_a.R;
    Modelica.Mechanics.MultiBody.Frames.Orientation P;
  equation
    P = Modelica.Mechanics.MultiBody.Frames.nullRotation();
    connect(world.frame_b, frame_a);
  end M;
end S;
