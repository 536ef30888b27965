within Modelica.Mechanics;
// Interface catalogue of Modelica.Mechanics.Translational (MSL v4.0.0): declarations only, no equations.
package Translational "Library to model 1-dimensional, translational mechanical systems (interface subset)"
  import SI = Modelica.Units.SI;

  package Interfaces "Interfaces for 1-dimensional translational mechanical components"
    import SI = Modelica.Units.SI;

    connector Flange "One-dimensional translational flange"
      SI.Position s "Absolute position of flange";
      flow SI.Force f "Cut force directed into flange";
    end Flange;

    connector Flange_a "One-dimensional translational flange (left, flange axis directed INTO cut plane)"
      SI.Position s "Absolute position of flange";
      flow SI.Force f "Cut force directed into flange";
    end Flange_a;

    connector Flange_b "One-dimensional translational flange (right, flange axis directed OUT OF cut plane)"
      SI.Position s "Absolute position of flange";
      flow SI.Force f "Cut force directed into flange";
    end Flange_b;

    connector Support "Support/housing flange of a one-dimensional translational component"
      SI.Position s "Absolute position of flange";
      flow SI.Force f "Cut force directed into flange";
    end Support;

    partial model PartialTwoFlanges "Component with two translational 1D flanges"
      Flange_a flange_a "(left) driving flange (flange axis directed in to cut plane, e. g. from left to right)";
      Flange_b flange_b "(right) driven flange (flange axis directed out of cut plane)";
    end PartialTwoFlanges;

    partial model PartialOneFlangeAndSupport "Partial model for a component with one translational 1-dim. shaft flange and a support used for graphical modeling"
      parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      Flange_b flange "Flange of component";
      Support support if useSupport "Support/housing of component";
    end PartialOneFlangeAndSupport;

    partial model PartialTwoFlangesAndSupport "Partial model for a component with two translational 1-dim. flanges and a support used for graphical modeling"
      parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      Flange_a flange_a "Flange of left end";
      Flange_b flange_b "Flange of right end";
      Support support if useSupport "Support/housing of component";
    end PartialTwoFlangesAndSupport;

    partial model PartialRigid "Rigid connection of two translational 1D flanges"
      SI.Position s "Absolute position of center of component (s = flange_a.s + L/2 = flange_b.s - L/2)";
      parameter SI.Length L(start = 0) "Length of component, from left flange to right flange (= flange_b.s - flange_a.s)";
      extends Modelica.Mechanics.Translational.Interfaces.PartialTwoFlanges;
    end PartialRigid;

    partial model PartialCompliant "Compliant connection of two translational 1D flanges"
      extends Modelica.Mechanics.Translational.Interfaces.PartialTwoFlanges;
      SI.Position s_rel(start = 0) "Relative distance (= flange_b.s - flange_a.s)";
      SI.Force f "Force between flanges (positive in direction of flange axis R)";
    end PartialCompliant;

    partial model PartialCompliantWithRelativeStates "Base model for the compliant connection of two translational 1-dim. shaft flanges where the relative position and relative velocities are used as states"
      parameter StateSelect stateSelect = StateSelect.prefer "Priority to use s_rel and v_rel as states";
      parameter SI.Distance s_nominal = 1e-4 "Nominal value of s_rel (used for scaling)";
      SI.Position s_rel(start = 0, stateSelect = stateSelect, nominal = s_nominal) "Relative distance (= flange_b.s - flange_a.s)";
      SI.Velocity v_rel(start = 0, stateSelect = stateSelect) "Relative velocity (= der(s_rel))";
      SI.Force f "Forces between flanges (= flange_b.f)";
      extends Modelica.Mechanics.Translational.Interfaces.PartialTwoFlanges;
    end PartialCompliantWithRelativeStates;

    partial model PartialElementaryOneFlangeAndSupport2 "Partial model for a component with one translational 1-dim. shaft flange and a support used for textual modeling, i.e., for elementary models"
      parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      SI.Length s "Distance between flange and support (= flange.s - support.s)";
      Flange_b flange "Flange of component";
      Support support if useSupport "Support/housing of component";
    protected
      SI.Length s_support "Absolute position of support flange";
    end PartialElementaryOneFlangeAndSupport2;

    partial model PartialElementaryTwoFlangesAndSupport2 "Partial model for a component with two translational 1-dim. flanges and a support used for textual modeling, i.e., for elementary models"
      parameter Boolean useSupport = false "= true, if support flange enabled, otherwise implicitly grounded" annotation(Evaluate = true);
      extends Modelica.Mechanics.Translational.Interfaces.PartialTwoFlanges;
      Support support if useSupport "Support/housing of component";
      SI.Length s_a "Distance between left flange and support";
      SI.Length s_b "Distance between right flange and support";
    protected
      SI.Length s_support "Absolute position of support flange";
    end PartialElementaryTwoFlangesAndSupport2;

    partial model PartialFriction "Base model of Coulomb friction elements"
      parameter SI.Velocity v_small = 1e-3 "Relative velocity near to zero (see model info text)";
      SI.Velocity v_relfric "Relative velocity between frictional surfaces";
      SI.Acceleration a_relfric "Relative acceleration between frictional surfaces";
      SI.Force f "Friction force (positive, if directed in opposite direction of v_rel)";
      SI.Force f0 "Friction force for v=0 and forward sliding";
      SI.Force f0_max "Maximum friction force for v=0 and locked";
      Boolean free "= true, if frictional element is not active";
      Real sa(final unit = "1") "Path parameter of friction characteristic f = f(a_relfric)";
      Boolean startForward(start = false, fixed = true) "= true, if v_rel=0 and start of forward sliding";
      Boolean startBackward(start = false, fixed = true) "= true, if v_rel=0 and start of backward sliding";
      Boolean locked(start = false) "= true, if v_rel=0 and not sliding";
      Integer mode(start = 3, fixed = true) "Mode of friction (-1: backward sliding, 0: stuck, 1: forward sliding, 2: inactive, 3: unknown)";
    end PartialFriction;

    partial model PartialForce "Partial model of a force acting at the flange (accelerates the flange)"
      extends Modelica.Mechanics.Translational.Interfaces.PartialElementaryOneFlangeAndSupport2;
      SI.Force f "Accelerating force acting at flange (= flange.f)";
    end PartialForce;

    partial model PartialAbsoluteSensor "Device to measure a single absolute flange variable"
      Flange_a flange "Flange to be measured (flange axis directed in to cut plane, e. g. from left to right)";
    end PartialAbsoluteSensor;

    partial model PartialRelativeSensor "Device to measure a single relative variable between two flanges"
      Flange_a flange_a "(left) driving flange (flange axis directed in to cut plane, e. g. from left to right)";
      Flange_b flange_b "(right) driven flange (flange axis directed out of cut plane)";
    end PartialRelativeSensor;
  end Interfaces;

  package Components "Components for 1D translational mechanical drive trains"
    import SI = Modelica.Units.SI;

    model Fixed "Fixed flange"
      parameter SI.Position s0 = 0 "Fixed offset position of housing";
      Modelica.Mechanics.Translational.Interfaces.Flange_b flange;
    end Fixed;

    model Mass "Sliding mass with inertia"
      parameter SI.Mass m(min = 0, start = 1) "Mass of the sliding mass";
      parameter StateSelect stateSelect = StateSelect.default "Priority to use s and v as states";
      extends Modelica.Mechanics.Translational.Interfaces.PartialRigid(L = 0, s(start = 0, stateSelect = stateSelect));
      SI.Velocity v(start = 0, stateSelect = stateSelect) "Absolute velocity of component";
      SI.Acceleration a(start = 0) "Absolute acceleration of component";
    end Mass;

    model Rod "Rod without inertia"
      extends Modelica.Mechanics.Translational.Interfaces.PartialRigid;
    end Rod;

    model Spring "Linear 1D translational spring"
      extends Modelica.Mechanics.Translational.Interfaces.PartialCompliant;
      parameter SI.TranslationalSpringConstant c(final min = 0, start = 1) "Spring constant";
      parameter SI.Distance s_rel0 = 0 "Unstretched spring length";
    end Spring;

    model Damper "Linear 1D translational damper"
      extends Modelica.Mechanics.Translational.Interfaces.PartialCompliantWithRelativeStates;
      parameter SI.TranslationalDampingConstant d(final min = 0, start = 0) "Damping constant";
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
    end Damper;

    model SpringDamper "Linear 1D translational spring and damper in parallel"
      extends Modelica.Mechanics.Translational.Interfaces.PartialCompliantWithRelativeStates;
      parameter SI.TranslationalSpringConstant c(final min = 0, start = 1) "Spring constant";
      parameter SI.TranslationalDampingConstant d(final min = 0, start = 1) "Damping constant";
      parameter SI.Position s_rel0 = 0 "Unstretched spring length";
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
    end SpringDamper;

    // Coulomb friction with stuck and sliding modes: declared so that a model using them is
    // refused by name (the simulator does not compute them yet)
    model Brake "Brake based on Coulomb friction"
      extends Modelica.Mechanics.Translational.Interfaces.PartialElementaryTwoFlangesAndSupport2;
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
      parameter Real mu_pos[:, 2] = [0, 0.5] "Positive sliding friction coefficient [-] as function of v_rel [m/s] (v_rel>=0)";
      parameter Real peak(final min = 1) = 1 "Peak for maximum value of mu at w==0 (mu0_max = peak*mu_pos[1,2])";
      parameter Real cgeo(final min = 0) = 1 "Geometry constant containing friction distribution assumption";
      parameter SI.Force fn_max(final min = 0, start = 1) "Maximum normal force";
      extends Modelica.Mechanics.Translational.Interfaces.PartialFriction;
      SI.Position s "Absolute position of flange_a and of flange_b";
      SI.Velocity v "Absolute velocity of flange_a and flange_b";
      SI.Acceleration a "Absolute acceleration of flange_a and flange_b";
      Real mu0 "Friction coefficient for v=0 and forward sliding";
      SI.Force fn "Normal force (=fn_max*f_normalized)";
      Modelica.Blocks.Interfaces.RealInput f_normalized "Normalized force signal 0..1 (normal force = fn_max*f_normalized; brake is active if > 0)";
    end Brake;

    model SupportFriction "Coulomb friction in support"
      extends Modelica.Mechanics.Translational.Interfaces.PartialElementaryTwoFlangesAndSupport2;
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
      parameter Real f_pos[:, 2] = [0, 1] "Positive sliding friction characteristic [N] as function of v [m/s] (v>=0)";
      parameter Real peak(final min = 1) = 1 "Peak for maximum friction force at v==0 (f0_max = peak*f_pos[1,2])";
      extends Modelica.Mechanics.Translational.Interfaces.PartialFriction;
      SI.Position s "= flange_a.s - support.s";
      SI.Velocity v "Absolute velocity of flange_a and flange_b";
      SI.Acceleration a "Absolute acceleration of flange_a and flange_b";
    end SupportFriction;

    model MassWithStopAndFriction "Sliding mass with hard stop and Stribeck friction"
      extends Modelica.Mechanics.Translational.Interfaces.PartialRigid(s(start = 0, stateSelect = StateSelect.always));
      parameter SI.Position smax(start = 25) "Right stop for (right end of) sliding mass";
      parameter SI.Position smin(start = -25) "Left stop for (left end of) sliding mass";
      parameter SI.Velocity v_small = 1e-3 "Relative velocity near to zero (see model info text)";
      SI.Velocity v(start = 0, stateSelect = StateSelect.always) "Absolute velocity of flange_a and flange_b";
      SI.Acceleration a(start = 0) "Absolute acceleration of flange_a and flange_b";
      parameter SI.Mass m(start = 1) "Mass";
      parameter Real F_prop(final unit = "N.s/m", final min = 0, start = 1) "Velocity dependent friction";
      parameter SI.Force F_Coulomb(start = 5) "Constant friction: Coulomb force";
      parameter SI.Force F_Stribeck(start = 10) "Stribeck effect";
      parameter Real fexp(final unit = "s/m", final min = 0, start = 2) "Exponential decay";
      extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
      Integer stopped "Mode of stop (-1: hard stop at flange_a, 0: no stop, +1: hard stop at flange_b";
    end MassWithStopAndFriction;
  end Components;

  package Sensors "Sensors for 1-dim. translational mechanical quantities"
    import SI = Modelica.Units.SI;

    model ForceSensor "Ideal sensor to measure the force between two flanges"
      Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "(left) driving flange (flange axis directed in to cut plane, e. g. from left to right)";
      Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "(right) driven flange (flange axis directed out of cut plane)";
      Modelica.Blocks.Interfaces.RealOutput f(unit = "N") "Force in flange_a and flange_b (f = flange_a.f = -flange_b.f) as output signal";
    end ForceSensor;

    model PowerSensor "Ideal sensor to measure the power between two flanges (= flange_a.f*der(flange_a.s))"
      Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "(left) driving flange (flange axis directed in to cut plane, e. g. from left to right)";
      Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "(right) driven flange (flange axis directed out of cut plane)";
      Modelica.Blocks.Interfaces.RealOutput power(unit = "W") "Power in flange flange_a as output signal";
    end PowerSensor;

    model MultiSensor "Ideal sensor to measure the absolute velocity, force and power between two flanges"
      Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "(left) driving flange (flange axis directed in to cut plane, e. g. from left to right)";
      Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "(right) driven flange (flange axis directed out of cut plane)";
      Modelica.Blocks.Interfaces.RealOutput power(unit = "W") "Power in flange flange_a as output signal";
      Modelica.Blocks.Interfaces.RealOutput f(unit = "N") "Force in flange_a and flange_b (f = flange_a.f = -flange_b.f) as output signal";
      Modelica.Blocks.Interfaces.RealOutput v(unit = "m/s") "Absolute velocity of flange as output signal as output signal";
    end MultiSensor;

    model PositionSensor "Ideal sensor to measure the absolute position"
      Modelica.Mechanics.Translational.Interfaces.Flange_a flange "Flange to be measured (flange axis directed in to cut plane, e. g. from left to right)";
      Modelica.Blocks.Interfaces.RealOutput s(unit = "m") "Absolute position of flange as output signal";
    end PositionSensor;

    model SpeedSensor "Ideal sensor to measure the absolute flange velocity"
      Modelica.Mechanics.Translational.Interfaces.Flange_a flange "Flange to be measured (flange axis directed in to cut plane, e. g. from left to right)";
      SI.Position s "Absolute position of flange";
      Modelica.Blocks.Interfaces.RealOutput v(unit = "m/s") "Absolute velocity of flange as output signal";
    end SpeedSensor;

    model AccSensor "Ideal sensor to measure the absolute acceleration of flange"
      Modelica.Mechanics.Translational.Interfaces.Flange_a flange "Flange to be measured (flange axis directed in to cut plane, e. g. from left to right)";
      SI.Velocity v "Absolute velocity of flange";
      Modelica.Blocks.Interfaces.RealOutput a(unit = "m/s2") "Absolute acceleration of flange as output signal";
    end AccSensor;

    model RelPositionSensor "Ideal sensor to measure the relative position between two flanges"
      Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "(left) driving flange (flange axis directed in to cut plane, e. g. from left to right)";
      Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "(right) driven flange (flange axis directed out of cut plane)";
      Modelica.Blocks.Interfaces.RealOutput s_rel(unit = "m") "Distance between two flanges (= flange_b.s - flange_a.s) as output signal";
    end RelPositionSensor;

    model RelSpeedSensor "Ideal sensor to measure the relative speed between two flanges"
      Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "(left) driving flange (flange axis directed in to cut plane, e. g. from left to right)";
      Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "(right) driven flange (flange axis directed out of cut plane)";
      SI.Position s_rel "Distance between the two flanges (flange_b.s - flange_a.s)";
      Modelica.Blocks.Interfaces.RealOutput v_rel(unit = "m/s") "Relative velocity between two flanges (= der(flange_b.s) - der(flange_a.s)) as output signal";
    end RelSpeedSensor;

    model RelAccSensor "Ideal sensor to measure the relative acceleration between two flanges"
      Modelica.Mechanics.Translational.Interfaces.Flange_a flange_a "(left) driving flange (flange axis directed in to cut plane, e. g. from left to right)";
      Modelica.Mechanics.Translational.Interfaces.Flange_b flange_b "(right) driven flange (flange axis directed out of cut plane)";
      SI.Position s_rel "Distance between the two flanges (flange_b.s - flange_a.s)";
      SI.Velocity v_rel "Relative velocity between the two flanges (der(flange_b.s) - der(flange_a.s))";
      Modelica.Blocks.Interfaces.RealOutput a_rel(unit = "m/s2") "Relative acceleration between two flanges as output signal";
    end RelAccSensor;
  end Sensors;

  package Sources "Sources to drive 1D translational mechanical components"
    import SI = Modelica.Units.SI;

    model Position "Forced movement of a flange according to a reference position"
      extends Modelica.Mechanics.Translational.Interfaces.PartialElementaryOneFlangeAndSupport2(s(stateSelect = if exact then StateSelect.default else StateSelect.prefer));
      parameter Boolean exact = false "Is true/false for exact treatment/filtering of the input signal, respectively";
      parameter SI.Frequency f_crit = 50 "If exact=false, critical frequency of filter to filter input signal";
      SI.Velocity v(start = 0, stateSelect = if exact then StateSelect.default else StateSelect.prefer) "If exact=false, absolute velocity of flange else dummy";
      SI.Acceleration a(start = 0) "If exact=false, absolute acceleration of flange else dummy";
      Modelica.Blocks.Interfaces.RealInput s_ref(unit = "m") "Reference position of flange as input signal";
    end Position;

    model Speed "Forced movement of a flange according to a reference speed"
      extends Modelica.Mechanics.Translational.Interfaces.PartialElementaryOneFlangeAndSupport2(s(start = 0, fixed = true, stateSelect = StateSelect.prefer));
      parameter Boolean exact = false "Is true/false for exact treatment/filtering of the input signal, respectively";
      parameter SI.Frequency f_crit = 50 "If exact=false, critical frequency of filter to filter input signal";
      SI.Velocity v(stateSelect = if exact then StateSelect.default else StateSelect.prefer) "Absolute velocity of flange";
      SI.Acceleration a "If exact=false, absolute acceleration of flange else dummy";
      Modelica.Blocks.Interfaces.RealInput v_ref(unit = "m/s") "Reference speed of flange as input signal";
    end Speed;

    model Accelerate "Forced movement of a flange according to an acceleration signal"
      extends Modelica.Mechanics.Translational.Interfaces.PartialElementaryOneFlangeAndSupport2(s(start = 0, fixed = true, stateSelect = StateSelect.prefer));
      SI.Velocity v(start = 0, fixed = true, stateSelect = StateSelect.prefer) "Absolute velocity of flange";
      SI.Acceleration a "Absolute acceleration of flange";
      Modelica.Blocks.Interfaces.RealInput a_ref(unit = "m/s2") "Absolute acceleration of flange as input signal";
    end Accelerate;

    model Move "Forced movement of a flange according to a position, velocity and acceleration signal"
      extends Modelica.Mechanics.Translational.Interfaces.PartialElementaryOneFlangeAndSupport2;
      Modelica.Blocks.Interfaces.RealInput u[3] "Position, velocity and acceleration of flange as input signals";
    end Move;

    model Force "External force acting on a drive train element as input signal"
      extends Modelica.Mechanics.Translational.Interfaces.PartialElementaryOneFlangeAndSupport2;
      Modelica.Blocks.Interfaces.RealInput f(unit = "N") "Driving force as input signal";
    end Force;

    model ConstantForce "Constant force, not dependent on speed"
      extends Modelica.Mechanics.Translational.Interfaces.PartialForce;
      parameter SI.Force f_constant "Nominal force (if negative, force is acting as load in positive direction of motion)";
    end ConstantForce;

    model ConstantSpeed "Constant speed, not dependent on force"
      extends Modelica.Mechanics.Translational.Interfaces.PartialForce;
      parameter SI.Velocity v_fixed "Fixed speed (if negative, force is acting as load)";
      SI.Velocity v "Velocity of flange with respect to support (= der(s))";
    end ConstantSpeed;

    model ForceStep "Constant force, not dependent on speed"
      extends Modelica.Mechanics.Translational.Interfaces.PartialForce;
      parameter SI.Force stepForce(start = 1) "Height of force step (if negative, force is acting as load)";
      parameter SI.Force offsetForce(start = 0) "Offset of force";
      parameter SI.Time startTime = 0 "Force = offset for time < startTime";
    end ForceStep;

    model LinearSpeedDependentForce "Linear dependency of force versus speed"
      extends Modelica.Mechanics.Translational.Interfaces.PartialForce;
      parameter SI.Force f_nominal "Nominal force (if negative, force is acting as load in positive direction of motion)";
      parameter Boolean ForceDirection = true "Same direction of force in both directions of motion";
      parameter SI.Velocity v_nominal(min = Modelica.Constants.eps) "Nominal speed";
      SI.Velocity v "Velocity of flange with respect to support (= der(s))";
    end LinearSpeedDependentForce;

    model QuadraticSpeedDependentForce "Quadratic dependency of force versus speed"
      extends Modelica.Mechanics.Translational.Interfaces.PartialForce;
      parameter SI.Force f_nominal "Nominal force (if negative, force is acting as load in positive direction of motion)";
      parameter Boolean ForceDirection = true "Same direction of force in both directions of motion";
      parameter SI.Velocity v_nominal(min = Modelica.Constants.eps) "Nominal speed";
      SI.Velocity v "Velocity of flange with respect to support (= der(s))";
    end QuadraticSpeedDependentForce;
  end Sources;

end Translational;
