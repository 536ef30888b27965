within;
package Sources "The 1-D sources of a single parameter or of speed, each on one inertia or mass"
  model TorqueStep "J 1 from w 0.5; a torque step of 1 at t = 0.5"
    Modelica.Mechanics.Rotational.Components.Inertia i1(J=1, phi(start=0, fixed=true),
      w(start=0.5, fixed=true));
    Modelica.Mechanics.Rotational.Sources.TorqueStep src(stepTorque=1, offsetTorque=0,
      startTime=0.5);
  equation
    connect(src.flange, i1.flange_a);
  end TorqueStep;
  model LinearTorque "J 2 from w 3; a linear brake tau = -4 w / 2"
    Modelica.Mechanics.Rotational.Components.Inertia i1(J=2, phi(start=0, fixed=true),
      w(start=3, fixed=true));
    Modelica.Mechanics.Rotational.Sources.LinearSpeedDependentTorque src(tau_nominal=-4,
      w_nominal=2, TorqueDirection=false);
  equation
    connect(src.flange, i1.flange_a);
  end LinearTorque;
  model ConstantSpeed "an inertia on a damper to the ground, held at w 2 (from phi 1)"
    Modelica.Mechanics.Rotational.Components.Inertia i1(J=1, phi(start=1, fixed=true));
    Modelica.Mechanics.Rotational.Components.Damper damper(d=3);
    Modelica.Mechanics.Rotational.Components.Fixed fixed;
    Modelica.Mechanics.Rotational.Sources.ConstantSpeed src(w_fixed=2);
  equation
    connect(src.flange, i1.flange_a);
    connect(i1.flange_b, damper.flange_a);
    connect(damper.flange_b, fixed.flange);
  end ConstantSpeed;
  model ForceStep "m 2 from v 1; a force step of -4 at t = 0.25 over an offset of 2"
    Modelica.Mechanics.Translational.Components.Mass m1(m=2, s(start=0, fixed=true),
      v(start=1, fixed=true));
    Modelica.Mechanics.Translational.Sources.ForceStep src(stepForce=-4, offsetForce=2,
      startTime=0.25);
  equation
    connect(src.flange, m1.flange_a);
  end ForceStep;
  model QuadraticForce "m 2 from v 4; a quadratic drag f = -0.5 v^2 (v_nominal 1)"
    Modelica.Mechanics.Translational.Components.Mass m1(m=2, s(start=0, fixed=true),
      v(start=4, fixed=true));
    Modelica.Mechanics.Translational.Sources.QuadraticSpeedDependentForce src(f_nominal=-0.5,
      v_nominal=1, ForceDirection=false);
  equation
    connect(src.flange, m1.flange_a);
  end QuadraticForce;
  model LinearForce "m 1 from v 2; a linear force f = -3 |v| (v_nominal 1)"
    Modelica.Mechanics.Translational.Components.Mass m1(m=1, s(start=0, fixed=true),
      v(start=2, fixed=true));
    Modelica.Mechanics.Translational.Sources.LinearSpeedDependentForce src(f_nominal=-3,
      v_nominal=1);
  equation
    connect(src.flange, m1.flange_a);
  end LinearForce;
  model ConstantVelocity "a mass held at v -1.5 (from s 0.5)"
    Modelica.Mechanics.Translational.Components.Mass m1(m=1, s(start=0.5, fixed=true));
    Modelica.Mechanics.Translational.Sources.ConstantSpeed src(v_fixed=-1.5);
  equation
    connect(src.flange, m1.flange_a);
  end ConstantVelocity;
end Sources;
