within;
package MyLib "A user's package: own force law, a sub-assembly, imports"
  import MB = Modelica.Mechanics.MultiBody;
  import Modelica.Units.SI;
  import Modelica.Constants.*;

  model CubicSpring "Nonlinear spring written by extending a partial"
    extends MB.Interfaces.PartialLineForce;
    parameter SI.TranslationalSpringConstant c = 100 "Linear stiffness";
    parameter Real k3(unit="N/m3") = 10 "Cubic stiffness";
    parameter SI.Length s0 = 0.1;
  equation
    f = c*(s - s0) + k3*(s - s0)^3;
  end CubicSpring;

  model Arm "Two links with a damper at the shoulder"
    parameter SI.Length L = 0.4;
    parameter Real angle0(unit="deg") = 10;
    MB.Joints.Revolute shoulder(useAxisFlange=true, phi(start=Modelica.Units.Conversions.from_deg(angle0), fixed=true), w(fixed=true));
    MB.Parts.BodyBox link1(r={L, 0, 0}, width=L/10);
    MB.Joints.Revolute elbow(n={0, 0, 1}, phi(start=-pi/4, fixed=true), w(fixed=true));
    MB.Parts.BodyCylinder link2(r={L*0.8, 0, 0}, diameter=if L > 0.3 then 0.04 else 0.02);
    Modelica.Mechanics.Rotational.Components.Damper damper(d=0.05);
    MB.Interfaces.Frame_a base;
  equation
    connect(base, shoulder.frame_a);
    connect(shoulder.frame_b, link1.frame_a);
    connect(link1.frame_b, elbow.frame_a);
    connect(elbow.frame_b, link2.frame_a);
    connect(damper.flange_a, shoulder.support);
    connect(damper.flange_b, shoulder.axis);
  end Arm;

  model Test "Arm on a cubic spring"
    inner MB.World world(n={0, 0, -1}, g=9.81);
    Arm arm(L=0.5, link1(density=2700), elbow(phi(start=0.3)));
    Arm arms[2](each L=0.3, angle0={5, 15});
    CubicSpring spring(c=200, s0=0.05) annotation(Placement(transformation(extent={{-10,-10},{10,10}})));
    MB.Parts.Fixed fixed(r={1, 0, 0});
    Modelica.Blocks.Sources.Constant k[3](k={1, 2, 3});
  equation
    connect(world.frame_b, arm.base) annotation(Line(points={{0,0},{1,1}}, color={95,95,95}));
    connect(world.frame_b, arms[1].base);
    connect(arms[1].link2.frame_b, arms[2].base);
    connect(arm.link2.frame_b, spring.frame_a);
    connect(spring.frame_b, fixed.frame_b);
    annotation(experiment(StartTime=0, StopTime=2, Interval=1e-3, Tolerance=1e-8),
      Documentation(info="<html>user model</html>"));
  end Test;
end MyLib;
