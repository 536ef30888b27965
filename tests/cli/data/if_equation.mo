package IfEquation "if-equations whose condition varies in time"
  block Expr "an output given by its binding, as the MSL's RealExpression"
    Modelica.Blocks.Interfaces.RealOutput y = 0;
  end Expr;

  model Kick "a pendulum driven by a torque of 2 N m for half a second, then by none"
    inner Modelica.Mechanics.MultiBody.World world(g=0);
    Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange=true, n={0,0,1});
    Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0,0,0}, I_33=0.5);
    Modelica.Mechanics.Rotational.Sources.Torque torque;
    Expr src(y=k);
    Real k;
  equation
    if time < 0.5 then
      k = 2;
    else
      k = 0;
    end if;
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, body.frame_a);
    connect(src.y, torque.tau);
    connect(torque.flange, rev.axis);
  end Kick;

  model Mismatch "branches that give different variables: refused"
    Real a, b;
  equation
    if time < 0.5 then
      a = 1;
      b = 2;
    else
      b = 1;
      a = 2;
    end if;
  end Mismatch;
end IfEquation;
