within;
package ControlledArm "A 3-axis arm whose joints are driven through gears by PID controllers"
  model GearPlay
    "A gear's teeth at its output: free inside the play, a spring and damper in contact that only push"
    extends Modelica.Mechanics.Rotational.Interfaces.PartialCompliantWithRelativeStates;
    parameter Modelica.Units.SI.Angle b = 2e-3 "Total play";
    parameter Modelica.Units.SI.RotationalSpringConstant c = 2e4 "Stiffness of the teeth";
    parameter Modelica.Units.SI.RotationalDampingConstant d = 20 "Damping of the teeth";
  equation
    // contact begins and ends where phi_rel crosses the play's edges: state events
    tau = if phi_rel > b/2 then max(c*(phi_rel - b/2) + d*w_rel, 0)
      else if phi_rel < -b/2 then min(c*(phi_rel + b/2) + d*w_rel, 0) else 0;
  end GearPlay;

  model Drive
    "A joint drive: motor inertia, a gear with play and elastic teeth, a PID on the joint angle commanding the motor torque (limited)"
    parameter Real ratio = 50 "Gear ratio (motor angle / joint angle)";
    parameter Modelica.Units.SI.Inertia Jmotor = 2e-4 "Motor rotor inertia";
    parameter Real kp = 20 "Controller gain (motor torque per rad of joint error)";
    parameter Modelica.Units.SI.Time Ti = 0.2 "Integral time of the controller";
    parameter Modelica.Units.SI.Time Td = 0.05 "Derivative time of the controller";
    parameter Modelica.Units.SI.Torque tauMax = 10 "Motor torque limit";
    parameter Modelica.Units.SI.Angle backlash = 2e-3 "Total play of the gear at the joint";
    parameter Modelica.Units.SI.RotationalSpringConstant cGear = 2e4
      "Stiffness of the gear's teeth at the joint";
    Modelica.Mechanics.Rotational.Interfaces.Flange_b flange "To the joint axis";
    Modelica.Blocks.Interfaces.RealInput ref "Joint angle reference (rad)";
    Modelica.Mechanics.Rotational.Components.Inertia motor(J=Jmotor, phi(start=0, fixed=true),
      w(start=0, fixed=true));
    Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=ratio);
    GearPlay play(b=backlash, c=cGear) "The gear's teeth at the joint";
    Modelica.Mechanics.Rotational.Sources.Torque torque;
    Modelica.Mechanics.Rotational.Sensors.AngleSensor angle;
    Modelica.Blocks.Math.Feedback error "Tracking error (rad)";
    Modelica.Blocks.Math.Gain P(k=kp);
    Modelica.Blocks.Continuous.Integrator I(k=kp/Ti);
    Modelica.Blocks.Continuous.Derivative D(k=kp*Td, T=Td/10);
    Modelica.Blocks.Math.Add3 pid;
    Modelica.Blocks.Nonlinear.Limiter limit(uMax=tauMax) "Motor torque command";
  equation
    connect(torque.flange, motor.flange_a);
    connect(motor.flange_b, gear.flange_a);
    connect(gear.flange_b, play.flange_a);
    connect(play.flange_b, flange);
    connect(angle.flange, flange);
    connect(ref, error.u1);
    connect(angle.phi, error.u2);
    connect(error.y, P.u);
    connect(error.y, I.u);
    connect(error.y, D.u);
    connect(P.y, pid.u1);
    connect(I.y, pid.u2);
    connect(D.y, pid.u3);
    connect(pid.y, limit.u);
    connect(limit.y, torque.tau);
  end Drive;

  model Arm
    "Turntable, upper arm and forearm with a payload, each joint driven by a Drive tracking a table"
    parameter Real kp = 20 "Controller gain of every drive";
    parameter Modelica.Units.SI.Time Ti = 0.2 "Integral time of every drive";
    parameter Modelica.Units.SI.Time Td = 0.05 "Derivative time of every drive";
    parameter Real ratio = 50 "Gear ratio of every drive";
    parameter Modelica.Units.SI.Inertia Jmotor = 2e-4 "Motor rotor inertia of every drive";
    parameter Modelica.Units.SI.Mass payload = 1 "Mass held at the forearm's tip";
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute axis1(n={0,1,0}, useAxisFlange=true,
      phi(fixed=true), w(fixed=true));
    Modelica.Mechanics.MultiBody.Parts.BodyCylinder column(r={0,0.4,0}, diameter=0.12,
      density=2700);
    Modelica.Mechanics.MultiBody.Joints.Revolute axis2(n={0,0,1}, useAxisFlange=true,
      phi(fixed=true), w(fixed=true));
    Modelica.Mechanics.MultiBody.Parts.BodyBox upperArm(r={0.5,0,0}, width=0.06, density=2700);
    Modelica.Mechanics.MultiBody.Joints.Revolute axis3(n={0,0,1}, useAxisFlange=true,
      phi(fixed=true), w(fixed=true));
    Modelica.Mechanics.MultiBody.Parts.BodyBox foreArm(r={0.4,0,0}, width=0.05, density=2700);
    Modelica.Mechanics.MultiBody.Parts.Body load(m=payload, r_CM={0,0,0}, I_11=1e-4, I_22=1e-4,
      I_33=1e-4);
    Drive drive1(ratio=ratio, Jmotor=Jmotor, kp=kp, Ti=Ti, Td=Td);
    Drive drive2(ratio=ratio, Jmotor=Jmotor, kp=kp, Ti=Ti, Td=Td);
    Drive drive3(ratio=ratio, Jmotor=Jmotor, kp=kp, Ti=Ti, Td=Td);
    Modelica.Blocks.Sources.CombiTimeTable trajectory(table=[
      0, 0, 0, 0;
      0.5, 0, 0, 0;
      1.5, 0.8, 0.5, -0.8;
      2.5, 0.8, 0.5, -0.8;
      3.5, 0, 0.2, -0.4;
      4.0, 0, 0.2, -0.4],
      extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint)
      "Joint angle references (rad): time, axis1, axis2, axis3";
  equation
    connect(world.frame_b, axis1.frame_a);
    connect(axis1.frame_b, column.frame_a);
    connect(column.frame_b, axis2.frame_a);
    connect(axis2.frame_b, upperArm.frame_a);
    connect(upperArm.frame_b, axis3.frame_a);
    connect(axis3.frame_b, foreArm.frame_a);
    connect(foreArm.frame_b, load.frame_a);
    connect(drive1.flange, axis1.axis);
    connect(drive2.flange, axis2.axis);
    connect(drive3.flange, axis3.axis);
    connect(trajectory.y[1], drive1.ref);
    connect(trajectory.y[2], drive2.ref);
    connect(trajectory.y[3], drive3.ref);
    annotation(experiment(StopTime=4, Interval=0.01, Tolerance=1e-6));
  end Arm;
end ControlledArm;
