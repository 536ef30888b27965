within;
package WheelSet "A wheel set (Joints.RollingWheelSet) with wheel bodies, a chassis body at frameMiddle and a motor on each wheel against the support"
  model Base
    parameter Real tau1 = 0.2 "Motor torque on wheel 1";
    parameter Real tau2 = 0.2 "Motor torque on wheel 2";
    inner Modelica.Mechanics.MultiBody.World world(n={0,0,-1});
    Modelica.Mechanics.MultiBody.Joints.RollingWheelSet set(radius=0.1, track=0.5,
      x(fixed=true), y(fixed=true), phi(fixed=true), theta1(fixed=true), theta2(fixed=true),
      der_theta1(fixed=true), der_theta2(fixed=true));
    Modelica.Mechanics.MultiBody.Parts.Body wheel1(m=0.5, r_CM={0,0,0}, I_11=0.02, I_22=0.01,
      I_33=0.02);
    Modelica.Mechanics.MultiBody.Parts.Body wheel2(m=0.5, r_CM={0,0,0}, I_11=0.02, I_22=0.01,
      I_33=0.02);
    Modelica.Mechanics.MultiBody.Parts.Body chassis(m=2, r_CM={0,0,0}, I_11=0.1, I_22=0.1,
      I_33=0.3);
    Modelica.Mechanics.Rotational.Sources.ConstantTorque motor1(tau_constant=tau1,
      useSupport=true);
    Modelica.Mechanics.Rotational.Sources.ConstantTorque motor2(tau_constant=tau2,
      useSupport=true);
  equation
    connect(set.frame1, wheel1.frame_a);
    connect(set.frame2, wheel2.frame_a);
    connect(set.frameMiddle, chassis.frame_a);
    connect(motor1.flange, set.axis1);
    connect(motor2.flange, set.axis2);
    connect(motor1.support, set.support);
    connect(motor2.support, set.support);
  end Base;
  model Straight "equal torques: straight along x"
    extends Base(tau1=0.2, tau2=0.2);
  end Straight;
  model Spin "opposite torques: turning in place"
    extends Base(tau1=0.2, tau2=-0.2);
  end Spin;
end WheelSet;
