within Modelica.Mechanics;
// Interface catalogue of Modelica.Mechanics.Rotational (MSL v4.0.0): declarations only, no equations.
package Rotational "Library to model 1-dimensional, rotational mechanical systems (interface subset)"
  import SI = Modelica.Units.SI;

  package Interfaces "Connectors and partial models for 1D rotational mechanical components"
    import SI = Modelica.Units.SI;

    connector Flange "One-dimensional rotational flange"
      SI.Angle phi "Absolute rotation angle of flange";
      flow SI.Torque tau "Cut torque in the flange";
    end Flange;

    connector Flange_a "One-dimensional rotational flange of a shaft (filled circle icon)"
      SI.Angle phi "Absolute rotation angle of flange";
      flow SI.Torque tau "Cut torque in the flange";
    end Flange_a;

    connector Flange_b "One-dimensional rotational flange of a shaft (non-filled circle icon)"
      SI.Angle phi "Absolute rotation angle of flange";
      flow SI.Torque tau "Cut torque in the flange";
    end Flange_b;

    connector Support "Support/housing flange of a one-dimensional rotational shaft"
      SI.Angle phi "Absolute rotation angle of flange";
      flow SI.Torque tau "Cut torque in the flange";
    end Support;

    partial model PartialTwoFlanges "Partial model for a component with two rotational 1-dim. shaft flanges"
      Flange_a flange_a "Flange of left shaft";
      Flange_b flange_b "Flange of right shaft";
    end PartialTwoFlanges;

    partial model PartialOneFlangeAndSupport "Partial model for a component with one rotational 1-dim. shaft flange and a support used for graphical modeling"
      parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      Flange_b flange "Flange of shaft";
      Support support if useSupport "Support/housing of component";
    end PartialOneFlangeAndSupport;

    partial model PartialTwoFlangesAndSupport "Partial model for a component with two rotational 1-dim. shaft flanges and a support used for graphical modeling"
      parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      Flange_a flange_a "Flange of left shaft";
      Flange_b flange_b "Flange of right shaft";
      Support support if useSupport "Support/housing of component";
    end PartialTwoFlangesAndSupport;

    partial model PartialCompliant "Partial model for the compliant connection of two rotational 1-dim. shaft flanges"
      SI.Angle phi_rel(start = 0) "Relative rotation angle (= flange_b.phi - flange_a.phi)";
      SI.Torque tau "Torque between flanges (= flange_b.tau)";
      Flange_a flange_a "Left flange of compliant 1-dim. rotational component";
      Flange_b flange_b "Right flange of compliant 1-dim. rotational component";
    end PartialCompliant;

    partial model PartialCompliantWithRelativeStates "Partial model for the compliant connection of two rotational 1-dim. shaft flanges where the relative angle and speed are used as preferred states"
      SI.Angle phi_rel(start = 0, stateSelect = stateSelect, nominal = if phi_nominal >= Modelica.Constants.eps then phi_nominal else 1) "Relative rotation angle (= flange_b.phi - flange_a.phi)";
      SI.AngularVelocity w_rel(start = 0, stateSelect = stateSelect) "Relative angular velocity (= der(phi_rel))";
      SI.AngularAcceleration a_rel(start = 0) "Relative angular acceleration (= der(w_rel))";
      SI.Torque tau "Torque between flanges (= flange_b.tau)";
      Flange_a flange_a "Left flange of compliant 1-dim. rotational component";
      Flange_b flange_b "Right flange of compliant 1-dim. rotational component";
      parameter SI.Angle phi_nominal(displayUnit = "rad", min = 0.0) = 1e-4 "Nominal value of phi_rel (used for scaling)";
      parameter StateSelect stateSelect = StateSelect.prefer "Priority to use phi_rel and w_rel as states";
    end PartialCompliantWithRelativeStates;

    partial model PartialElementaryOneFlangeAndSupport2 "Partial model for a component with one rotational 1-dim. shaft flange and a support used for textual modeling, i.e., for elementary models"
      parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      Flange_b flange "Flange of shaft";
      Support support if useSupport "Support/housing of component";
    protected
      SI.Angle phi_support "Absolute angle of support flange";
    end PartialElementaryOneFlangeAndSupport2;

    partial model PartialElementaryTwoFlangesAndSupport2 "Partial model for a component with two rotational 1-dim. shaft flanges and a support used for textual modeling, i.e., for elementary models"
      parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      Flange_a flange_a "Flange of left shaft";
      Flange_b flange_b "Flange of right shaft";
      Support support if useSupport "Support/housing of component";
    protected
      SI.Angle phi_support "Absolute angle of support flange";
    end PartialElementaryTwoFlangesAndSupport2;

    partial model PartialFriction "Partial model of Coulomb friction elements"
      parameter SI.AngularVelocity w_small = 1.0e10 "Relative angular velocity near to zero if jumps due to a reinit(..) of the velocity can occur (set to low value only if such impulses can occur)";
      SI.AngularVelocity w_relfric "Relative angular velocity between frictional surfaces";
      SI.AngularAcceleration a_relfric "Relative angular acceleration between frictional surfaces";
      SI.Torque tau0 "Friction torque for w_relfric=0 and forward sliding";
      SI.Torque tau0_max "Maximum friction torque for w_relfric=0 and locked";
      Boolean free "= true, if frictional element is not active";
      Real sa(final unit = "1") "Path parameter of friction characteristic tau = f(a_relfric)";
      Boolean startForward(start = false, fixed = true) "= true, if w_relfric=0 and start of forward sliding";
      Boolean startBackward(start = false, fixed = true) "= true, if w_relfric=0 and start of backward sliding";
      Boolean locked(start = false) "= true, if w_rel=0 and not sliding";
      Integer mode(start = 3, fixed = true) "Mode of friction (-1: backward sliding, 0: stuck, 1: forward sliding, 2: inactive, 3: unknown)";
    end PartialFriction;

    partial model PartialTorque "Partial model of a torque acting at the flange (accelerates the flange)"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryOneFlangeAndSupport2;
      SI.Angle phi "Angle of flange with respect to support (= flange.phi - support.phi)";
    end PartialTorque;

    partial model PartialAbsoluteSensor "Partial model to measure a single absolute flange variable"
      Flange_a flange "Flange of shaft from which sensor information shall be measured";
    end PartialAbsoluteSensor;

    partial model PartialRelativeSensor "Partial model to measure a single relative variable between two flanges"
      Flange_a flange_a "Left flange of shaft";
      Flange_b flange_b "Right flange of shaft";
    end PartialRelativeSensor;
  end Interfaces;

  package Components "Components for 1D rotational mechanical drive trains"
    import SI = Modelica.Units.SI;

    model Fixed "Flange fixed in housing at a given angle"
      parameter SI.Angle phi0 = 0 "Fixed offset angle of housing";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b flange "(right) flange fixed in housing";
    end Fixed;

    model Inertia "1D-rotational component with inertia"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialTwoFlanges;
      parameter SI.Inertia J(min = 0, start = 1) "Moment of inertia";
      parameter StateSelect stateSelect = StateSelect.default "Priority to use phi and w as states";
      SI.Angle phi(stateSelect = stateSelect) "Absolute rotation angle of component";
      SI.AngularVelocity w(stateSelect = stateSelect) "Absolute angular velocity of component (= der(phi))";
      SI.AngularAcceleration a "Absolute angular acceleration of component (= der(w))";
    end Inertia;

    model Spring "Linear 1D rotational spring"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialCompliant;
      parameter SI.RotationalSpringConstant c(final min = 0, start = 1.0e5) "Spring constant";
      parameter SI.Angle phi_rel0 = 0 "Unstretched spring angle";
    end Spring;

    model Damper "Linear 1D rotational damper"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialCompliantWithRelativeStates;
      parameter SI.RotationalDampingConstant d(final min = 0, start = 0) "Damping constant";
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
    end Damper;

    model SpringDamper "Linear 1D rotational spring and damper in parallel"
      parameter SI.RotationalSpringConstant c(final min = 0, start = 1.0e5) "Spring constant";
      parameter SI.RotationalDampingConstant d(final min = 0, start = 0) "Damping constant";
      parameter SI.Angle phi_rel0 = 0 "Unstretched spring angle";
      extends Modelica.Mechanics.Rotational.Interfaces.PartialCompliantWithRelativeStates;
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
    end SpringDamper;

    model IdealGear "Ideal gear without inertia"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryTwoFlangesAndSupport2;
      parameter Real ratio(start = 1) "Transmission ratio (flange_a.phi/flange_b.phi)";
      SI.Angle phi_a "Angle between left shaft flange and support";
      SI.Angle phi_b "Angle between right shaft flange and support";
    end IdealGear;

    model IdealPlanetary "Ideal planetary gear box"
      parameter Real ratio(start = 100/50) "Number of ring_teeth/sun_teeth (e.g., ratio=100/50)";
      Modelica.Mechanics.Rotational.Interfaces.Flange_a sun "Flange of sun shaft";
      Modelica.Mechanics.Rotational.Interfaces.Flange_a carrier "Flange of carrier shaft";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b ring "Flange of ring shaft";
    end IdealPlanetary;

    model IdealGearR2T "Gearbox transforming rotational into translational motion"
      parameter Real ratio(final unit = "rad/m", start = 1) "Transmission ratio (flange_a.phi/flange_b.s)";
      parameter Boolean useSupportR = false "= true, if rotational support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      parameter Boolean useSupportT = false "= true, if translational support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flangeR "Flange of rotational shaft";
      Modelica.Mechanics.Translational.Interfaces.Flange_b flangeT "Flange of translational rod";
      Modelica.Mechanics.Rotational.Interfaces.Support supportR if useSupportR "Rotational support/housing of component";
      Modelica.Mechanics.Translational.Interfaces.Support supportT if useSupportT "Translational support/housing of component";
    end IdealGearR2T;

    model IdealRollingWheel "Simple 1-dim. model of an ideal rolling wheel without inertia"
      parameter SI.Distance radius(start = 0.3) "Wheel radius";
      parameter Boolean useSupportR = false "= true, if rotational support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      parameter Boolean useSupportT = false "= true, if translational support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flangeR "Flange of rotational shaft";
      Modelica.Mechanics.Translational.Interfaces.Flange_b flangeT "Flange of translational rod";
      Modelica.Mechanics.Rotational.Interfaces.Support supportR if useSupportR "Rotational support/housing of component";
      Modelica.Mechanics.Translational.Interfaces.Support supportT if useSupportT "Translational support/housing of component";
    end IdealRollingWheel;

    // Coulomb friction with stuck and sliding modes: declared so that a model using them is
    // refused by name (the simulator does not compute them yet)
    model BearingFriction "Coulomb friction in bearings"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryTwoFlangesAndSupport2;
      parameter Real tau_pos[:, 2] = [0, 1] "Positive sliding friction characteristic [N.m] as function of w [rad/s] (w>=0)";
      parameter Real peak(final min = 1) = 1 "Peak for maximum friction torque at w==0 (tau0_max = peak*tau_pos[1,2])";
      extends Modelica.Mechanics.Rotational.Interfaces.PartialFriction;
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
      SI.Angle phi "Angle between shaft flanges (flange_a, flange_b) and support";
      SI.Torque tau "Friction torque";
      SI.AngularVelocity w "Absolute angular velocity of flange_a and flange_b";
      SI.AngularAcceleration a "Absolute angular acceleration of flange_a and flange_b";
    end BearingFriction;

    model Brake "Brake based on Coulomb friction"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryTwoFlangesAndSupport2;
      parameter Real mu_pos[:, 2] = [0, 0.5] "Positive sliding friction coefficient [-] as function of w_rel [rad/s] (w_rel>=0)";
      parameter Real peak(final min = 1) = 1 "Peak for maximum value of mu at w==0 (mu0_max = peak*mu_pos[1,2])";
      parameter Real cgeo(final min = 0) = 1 "Geometry constant containing friction distribution assumption";
      parameter SI.Force fn_max(final min = 0, start = 1) "Maximum normal force";
      extends Modelica.Mechanics.Rotational.Interfaces.PartialFriction;
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
      SI.Angle phi "Angle between shaft flanges (flange_a, flange_b) and support";
      SI.Torque tau "Brake friction torque";
      SI.AngularVelocity w "Absolute angular velocity of flange_a and flange_b";
      SI.AngularAcceleration a "Absolute angular acceleration of flange_a and flange_b";
      Real mu0 "Friction coefficient for w=0 and forward sliding";
      SI.Force fn "Normal force (=fn_max*f_normalized)";
      Modelica.Blocks.Interfaces.RealInput f_normalized "Normalized force signal 0..1 (normal force = fn_max*f_normalized; brake is active if > 0)";
    end Brake;

    model Clutch "Clutch based on Coulomb friction"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialCompliantWithRelativeStates;
      parameter Real mu_pos[:, 2] = [0, 0.5] "Positive sliding friction coefficient [-] as function of w_rel [rad/s] (w_rel>=0)";
      parameter Real peak(final min = 1) = 1 "Peak for maximum value of mu at w==0 (mu0_max = peak*mu_pos[1,2])";
      parameter Real cgeo(final min = 0) = 1 "Geometry constant containing friction distribution assumption";
      parameter SI.Force fn_max(final min = 0, start = 1) "Maximum normal force";
      extends Modelica.Mechanics.Rotational.Interfaces.PartialFriction;
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
      Real mu0 "Friction coefficient for w=0 and forward sliding";
      SI.Force fn "Normal force (fn=fn_max*f_normalized)";
      Modelica.Blocks.Interfaces.RealInput f_normalized "Normalized force signal 0..1 (normal force = fn_max*f_normalized; clutch is engaged if > 0)";
    end Clutch;

    model OneWayClutch "Parallel connection of freewheel and clutch"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialCompliantWithRelativeStates;
      parameter Real mu_pos[:, 2] = [0, 0.5] "Positive sliding friction coefficient [-] as function of w_rel [rad/s] (w_rel>=0)";
      parameter Real peak(final min = 1) = 1 "Peak for maximum value of mu at w==0 (mu0_max = peak*mu_pos[1,2])";
      parameter Real cgeo(final min = 0) = 1 "Geometry constant containing friction distribution assumption";
      parameter SI.Force fn_max(final min = 0, start = 1) "Maximum normal force";
      parameter SI.AngularVelocity w_small = 1e10 "Relative angular velocity near to zero if jumps due to a reinit(..) of the velocity can occur (set to low value only if such impulses can occur)";
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
      Real u "Normalized force input signal (0..1)";
      SI.Force fn "Normal force (fn=fn_max*inPort.signal)";
      Boolean startForward(start = false) "= true, if w_rel=0 and start of forward sliding or w_rel > w_small";
      Boolean locked(start = false) "= true, if w_rel=0 and not sliding";
      Boolean stuck(start = false) "w_rel=0 (locked or start forward sliding)";
      Modelica.Blocks.Interfaces.RealInput f_normalized "Normalized force signal 0..1 (normal force = fn_max*f_normalized; clutch is engaged if > 0)";
    end OneWayClutch;

    model LossyGear "Gear with mesh efficiency and bearing friction (stuck/rolling possible)"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryTwoFlangesAndSupport2;
      parameter Real ratio(start = 1) "Transmission ratio (flange_a.phi/flange_b.phi)";
      parameter Real lossTable[:, 5] = [0, 1, 1, 0, 0] "Array for mesh efficiencies and bearing friction depending on speed";
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
      SI.Angle phi_a "Angle between left shaft flange and support";
      SI.Angle phi_b "Angle between right shaft flange and support";
      SI.AngularVelocity w_a "Angular velocity of flange_a with respect to support";
      SI.AngularAcceleration a_a "Angular acceleration of flange_a with respect to support";
    end LossyGear;
  end Components;

  package Sensors "Sensors to measure variables in 1D rotational mechanical components"
    import SI = Modelica.Units.SI;

    model TorqueSensor "Ideal sensor to measure the torque between two flanges (= flange_a.tau)"
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of shaft";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of shaft";
      Modelica.Blocks.Interfaces.RealOutput tau(unit = "N.m") "Torque in flange flange_a and flange_b (tau = flange_a.tau = -flange_b.tau) as output signal";
    end TorqueSensor;

    model PowerSensor "Ideal sensor to measure the power between two flanges (= flange_a.tau*der(flange_a.phi))"
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of shaft";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of shaft";
      Modelica.Blocks.Interfaces.RealOutput power(unit = "W") "Power in flange flange_a as output signal";
    end PowerSensor;

    model MultiSensor "Ideal sensor to measure the torque and power between two flanges (= flange_a.tau*der(flange_a.phi)) and the absolute angular velocity"
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of shaft";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of shaft";
      Modelica.Blocks.Interfaces.RealOutput power(unit = "W") "Power in flange flange_a as output signal";
      Modelica.Blocks.Interfaces.RealOutput w(unit = "rad/s") "Absolute angular velocity of flange_a as output signal";
      Modelica.Blocks.Interfaces.RealOutput tau(unit = "N.m") "Torque in flange flange_a and flange_b (tau = flange_a.tau = -flange_b.tau) as output signal";
    end MultiSensor;

    model AngleSensor "Ideal sensor to measure the absolute flange angle"
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flange "Flange of shaft from which sensor information shall be measured";
      Modelica.Blocks.Interfaces.RealOutput phi(unit = "rad", displayUnit = "deg") "Absolute angle of flange as output signal";
    end AngleSensor;

    model SpeedSensor "Ideal sensor to measure the absolute flange angular velocity"
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flange "Flange of shaft from which sensor information shall be measured";
      Modelica.Blocks.Interfaces.RealOutput w(unit = "rad/s") "Absolute angular velocity of flange as output signal";
    end SpeedSensor;

    model AccSensor "Ideal sensor to measure the absolute flange angular acceleration"
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flange "Flange of shaft from which sensor information shall be measured";
      SI.AngularVelocity w "Absolute angular velocity of flange";
      Modelica.Blocks.Interfaces.RealOutput a(unit = "rad/s2") "Absolute angular acceleration of flange as output signal";
    end AccSensor;

    model RelAngleSensor "Ideal sensor to measure the relative angle between two flanges"
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of shaft";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of shaft";
      Modelica.Blocks.Interfaces.RealOutput phi_rel(unit = "rad", displayUnit = "deg") "Relative angle between two flanges (= flange_b.phi - flange_a.phi) as output signal";
    end RelAngleSensor;

    model RelSpeedSensor "Ideal sensor to measure the relative angular velocity between two flanges"
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of shaft";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of shaft";
      SI.Angle phi_rel(start = 0) "Relative angle between two flanges (flange_b.phi - flange_a.phi)";
      Modelica.Blocks.Interfaces.RealOutput w_rel(unit = "rad/s") "Relative angular velocity between two flanges (= der(flange_b.phi) - der(flange_a.phi)) as output signal";
    end RelSpeedSensor;

    model RelAccSensor "Ideal sensor to measure the relative angular acceleration between two flanges"
      Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "Left flange of shaft";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b "Right flange of shaft";
      SI.Angle phi_rel(start = 0) "Relative angle between two flanges (flange_b.phi - flange_a.phi)";
      SI.AngularVelocity w_rel(start = 0) "Relative angular velocity between two flanges (= der(flange_b.phi) - der(flange_a.phi))";
      Modelica.Blocks.Interfaces.RealOutput a_rel(unit = "rad/s2") "Relative angular acceleration between two flanges as output signal";
    end RelAccSensor;
  end Sensors;

  package Sources "Sources to drive 1D rotational mechanical components"
    import SI = Modelica.Units.SI;

    model Position "Forced movement of a flange according to a reference angle signal"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryOneFlangeAndSupport2;
      parameter Boolean exact = false "Is true/false for exact treatment/filtering of the input signal, respectively" annotation(Evaluate = true);
      parameter SI.Frequency f_crit = 50 "If exact=false, critical frequency of filter to filter input signal";
      SI.Angle phi(stateSelect = if exact then StateSelect.default else StateSelect.prefer) "Rotation angle of flange with respect to support";
      SI.AngularVelocity w(start = 0, stateSelect = if exact then StateSelect.default else StateSelect.prefer) "If exact=false, Angular velocity of flange with respect to support else dummy";
      SI.AngularAcceleration a(start = 0) "If exact=false, Angular acceleration of flange with respect to support else dummy";
      Modelica.Blocks.Interfaces.RealInput phi_ref(final quantity = "Angle", final unit = "rad", displayUnit = "deg") "Reference angle of flange with respect to support as input signal";
    end Position;

    model Speed "Forced movement of a flange according to a reference angular velocity signal"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryOneFlangeAndSupport2;
      parameter Boolean exact = false "Is true/false for exact treatment/filtering of the input signal, respectively";
      parameter SI.Frequency f_crit = 50 "If exact=false, critical frequency of filter to filter input signal";
      SI.Angle phi(start = 0, fixed = true, stateSelect = StateSelect.prefer) "Rotation angle of flange with respect to support";
      SI.AngularVelocity w(stateSelect = if exact then StateSelect.default else StateSelect.prefer) "Angular velocity of flange with respect to support";
      SI.AngularAcceleration a "If exact=false, angular acceleration of flange with respect to support else dummy";
      Modelica.Blocks.Interfaces.RealInput w_ref(unit = "rad/s") "Reference angular velocity of flange with respect to support as input signal";
    end Speed;

    model Accelerate "Forced movement of a flange according to an acceleration signal"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryOneFlangeAndSupport2;
      SI.Angle phi(start = 0, fixed = true, stateSelect = StateSelect.prefer) "Rotation angle of flange with respect to support";
      SI.AngularVelocity w(start = 0, fixed = true, stateSelect = StateSelect.prefer) "Angular velocity of flange with respect to support";
      SI.AngularAcceleration a "Angular acceleration of flange with respect to support";
      Modelica.Blocks.Interfaces.RealInput a_ref(unit = "rad/s2") "Absolute angular acceleration of flange with respect to support as input signal";
    end Accelerate;

    model Move "Forced movement of a flange according to an angle, speed and angular acceleration signal"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryOneFlangeAndSupport2;
      SI.Angle phi "Rotation angle of flange with respect to support";
      Modelica.Blocks.Interfaces.RealInput u[3] "Angle, angular velocity and angular acceleration of flange with respect to support as input signals";
    end Move;

    model Torque "Input signal acting as external torque on a flange"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryOneFlangeAndSupport2;
      Modelica.Blocks.Interfaces.RealInput tau(unit = "N.m") "Accelerating torque acting at flange (= -flange.tau)";
    end Torque;

    model ConstantSpeed "Constant speed, not dependent on torque"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialTorque;
      SI.AngularVelocity w "Angular velocity of flange with respect to support (= der(phi))";
      parameter SI.AngularVelocity w_fixed "Fixed speed";
    end ConstantSpeed;

    model ConstantTorque "Constant torque, not dependent on speed"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialTorque;
      parameter SI.Torque tau_constant "Constant torque (if negative, torque is acting as load in positive direction of rotation)";
      SI.AngularVelocity w "Angular velocity of flange with respect to support (= der(phi))";
      SI.Torque tau "Accelerating torque acting at flange (= -flange.tau)";
    end ConstantTorque;

    model TorqueStep "Constant torque, not dependent on speed"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialTorque;
      parameter SI.Torque stepTorque(start = 1) "Height of torque step (if negative, torque is acting as load)";
      parameter SI.Torque offsetTorque(start = 0) "Offset of torque";
      parameter SI.Time startTime = 0 "Torque = offset for time < startTime";
      SI.Torque tau "Accelerating torque acting at flange (= -flange.tau)";
    end TorqueStep;

    model LinearSpeedDependentTorque "Linear dependency of torque versus speed"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialTorque;
      parameter SI.Torque tau_nominal "Nominal torque (if negative, torque is acting as load in positive direction of rotation)";
      parameter Boolean TorqueDirection = true "Same direction of torque in both directions of rotation";
      parameter SI.AngularVelocity w_nominal(min = Modelica.Constants.eps) "Nominal speed";
      SI.AngularVelocity w "Angular velocity of flange with respect to support (= der(phi))";
      SI.Torque tau "Accelerating torque acting at flange (= -flange.tau)";
    end LinearSpeedDependentTorque;

    model QuadraticSpeedDependentTorque "Quadratic dependency of torque versus speed"
      extends Modelica.Mechanics.Rotational.Interfaces.PartialTorque;
      parameter SI.Torque tau_nominal "Nominal torque (if negative, torque is acting as load in positive direction of rotation)";
      parameter Boolean TorqueDirection = true "Same direction of torque in both directions of rotation";
      parameter SI.AngularVelocity w_nominal(min = Modelica.Constants.eps) "Nominal speed";
      SI.AngularVelocity w "Angular velocity of flange with respect to support (= der(phi))";
      SI.Torque tau "Accelerating torque acting at flange (= -flange.tau)";
    end QuadraticSpeedDependentTorque;
  end Sources;

end Rotational;
