// One declaration inherited through two extends paths: the same modifier on both is one element
// (Same), different ones are a Modelica error (Differ)
package IT
  model Arm
    parameter Real len = 0.5;
  end Arm;
  model Left
    extends Arm(len = 0.4);
  end Left;
  model Right
    extends Arm(len = 0.3);
  end Right;
  model Right2
    extends Arm(len = 0.4);
  end Right2;
  model Pend
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed = true, start = 0.5), w(fixed = true));
    Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {len, 0, 0});
  equation
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, body.frame_a);
  end Pend;
  model Same
    extends Left;
    extends Right2;
    extends Pend;
  end Same;
  model Differ
    extends Left;
    extends Right;
    extends Pend;
  end Differ;
end IT;
