// Interface catalogue of the Modelica Standard Library v4.0.0: top-level package.
// Declarations only (no equations, no algorithms); see README.md in this folder.
package Modelica "Modelica Standard Library - Version 4.0.0 (interface subset)"

  package Constants "Mathematical constants and constants of nature"
    import SI = Modelica.Units.SI;
    import NonSI = Modelica.Units.NonSI;

    // Mathematical constants (decimal literals of the IEEE double values)
    final constant Real e = 2.7182818284590451 "Euler number e = exp(1)";
    final constant Real pi = 3.1415926535897931 "pi = 2*asin(1)";
    final constant Real D2R = 0.017453292519943295 "Degree to radian (= pi/180)";
    final constant Real R2D = 57.295779513082323 "Radian to degree (= 180/pi)";
    final constant Real gamma = 0.57721566490153286060 "Euler-Mascheroni constant";

    // Machine dependent constants (values of ModelicaServices.Machine)
    final constant Real eps = 2.220446049250313e-16 "Biggest number such that 1.0 + eps = 1.0";
    final constant Real small = 1e-60 "Smallest number such that small and -small are representable";
    final constant Real inf = 1e60 "Biggest Real number such that inf and -inf are representable";
    final constant Integer Integer_inf = 2147483647 "Biggest Integer number such that Integer_inf and -Integer_inf are representable";

    // Constants of nature (2019 SI redefinition, as in MSL v4.0.0)
    final constant SI.Velocity c = 299792458 "Speed of light in vacuum";
    final constant SI.Acceleration g_n = 9.80665 "Standard acceleration of gravity on earth";
    final constant Real G(final unit = "m3/(kg.s2)") = 6.67430e-11 "Newtonian constant of gravitation";
    final constant SI.ElectricCharge q = 1.602176634e-19 "Elementary charge";
    final constant SI.FaradayConstant F = q*N_A "Faraday constant, C/mol";
    final constant Real h(final unit = "J.s") = 6.62607015e-34 "Planck constant";
    final constant Real k(final unit = "J/K") = 1.380649e-23 "Boltzmann constant";
    final constant Real R(final unit = "J/(mol.K)") = k*N_A "Molar gas constant";
    final constant Real sigma(final unit = "W/(m2.K4)") = 2*pi^5*k^4/(15*h^3*c^2) "Stefan-Boltzmann constant";
    final constant Real N_A(final unit = "1/mol") = 6.02214076e23 "Avogadro constant";
    final constant Real mu_0(final unit = "N/A2") = 4*pi*1.00000000055e-7 "Magnetic constant";
    final constant Real epsilon_0(final unit = "F/m") = 1/(mu_0*c*c) "Electric constant";
    final constant NonSI.Temperature_degC T_zero = -273.15 "Absolute zero temperature";
  end Constants;

  package Units "Type and unit definitions"

    package SI "SI unit type definitions (ISO 31-1992 quantities)"
      // Space and time
      type Angle = Real(final quantity = "Angle", final unit = "rad", displayUnit = "deg");
      type SolidAngle = Real(final quantity = "SolidAngle", final unit = "sr");
      type Length = Real(final quantity = "Length", final unit = "m");
      type PathLength = Real(final quantity = "Length", final unit = "m");
      type Position = Real(final quantity = "Length", final unit = "m");
      type Distance = Real(final quantity = "Length", final unit = "m", min = 0);
      type Breadth = Real(final quantity = "Length", final unit = "m", min = 0);
      type Height = Real(final quantity = "Length", final unit = "m", min = 0);
      type Thickness = Real(final quantity = "Length", final unit = "m", min = 0);
      type Radius = Real(final quantity = "Length", final unit = "m", min = 0);
      type Diameter = Real(final quantity = "Length", final unit = "m", min = 0);
      type Area = Real(final quantity = "Area", final unit = "m2");
      type Volume = Real(final quantity = "Volume", final unit = "m3");
      type Time = Real(final quantity = "Time", final unit = "s");
      type Duration = Real(final quantity = "Time", final unit = "s");
      type AngularVelocity = Real(final quantity = "AngularVelocity", final unit = "rad/s");
      type AngularAcceleration = Real(final quantity = "AngularAcceleration", final unit = "rad/s2");
      type AngularJerk = Real(final quantity = "AngularJerk", final unit = "rad/s3");
      type Velocity = Real(final quantity = "Velocity", final unit = "m/s");
      type Acceleration = Real(final quantity = "Acceleration", final unit = "m/s2");
      type Jerk = Real(final quantity = "Jerk", final unit = "m/s3");

      // Periodic and related phenomena
      type Period = Real(final quantity = "Time", final unit = "s");
      type Frequency = Real(final quantity = "Frequency", final unit = "Hz");
      type AngularFrequency = Real(final quantity = "AngularFrequency", final unit = "rad/s");
      type Wavelength = Real(final quantity = "Wavelength", final unit = "m");
      type WaveNumber = Real(final quantity = "WaveNumber", final unit = "m-1");
      type CircularWaveNumber = Real(final quantity = "CircularWaveNumber", final unit = "rad/m");
      type AmplitudeLevelDifference = Real(final quantity = "AmplitudeLevelDifference", final unit = "dB");
      type PowerLevelDifference = Real(final quantity = "PowerLevelDifference", final unit = "dB");
      type DampingCoefficient = Real(final quantity = "DampingCoefficient", final unit = "s-1");
      type LogarithmicDecrement = Real(final quantity = "LogarithmicDecrement", final unit = "1/S");
      type AttenuationCoefficient = Real(final quantity = "AttenuationCoefficient", final unit = "m-1");
      type PhaseCoefficient = Real(final quantity = "PhaseCoefficient", final unit = "m-1");
      type PropagationCoefficient = Real(final quantity = "PropagationCoefficient", final unit = "m-1");
      type Damping = Real(final quantity = "DampingCoefficient", final unit = "s-1");

      // Mechanics
      type Mass = Real(quantity = "Mass", final unit = "kg", min = 0);
      type Density = Real(final quantity = "Density", final unit = "kg/m3", displayUnit = "g/cm3", min = 0.0);
      type RelativeDensity = Real(final quantity = "RelativeDensity", final unit = "1", min = 0.0);
      type SpecificVolume = Real(final quantity = "SpecificVolume", final unit = "m3/kg", min = 0.0);
      type LinearDensity = Real(final quantity = "LinearDensity", final unit = "kg/m", min = 0);
      type SurfaceDensity = Real(final quantity = "SurfaceDensity", final unit = "kg/m2", min = 0);
      type Momentum = Real(final quantity = "Momentum", final unit = "kg.m/s");
      type Impulse = Real(final quantity = "Impulse", final unit = "N.s");
      type AngularMomentum = Real(final quantity = "AngularMomentum", final unit = "kg.m2/s");
      type AngularImpulse = Real(final quantity = "AngularImpulse", final unit = "N.m.s");
      type MomentOfInertia = Real(final quantity = "MomentOfInertia", final unit = "kg.m2");
      type Inertia = Real(final quantity = "MomentOfInertia", final unit = "kg.m2");
      type Force = Real(final quantity = "Force", final unit = "N");
      type TranslationalSpringConstant = Real(final quantity = "TranslationalSpringConstant", final unit = "N/m");
      type TranslationalDampingConstant = Real(final quantity = "TranslationalDampingConstant", final unit = "N.s/m");
      type Weight = Real(final quantity = "Force", final unit = "N");
      type Torque = Real(final quantity = "Torque", final unit = "N.m");
      type ElectricalTorqueConstant = Real(final quantity = "ElectricalTorqueConstant", final unit = "N.m/A");
      type MomentOfForce = Real(final quantity = "Torque", final unit = "N.m");
      type ImpulseFlowRate = Real(final quantity = "ImpulseFlowRate", final unit = "N");
      type AngularImpulseFlowRate = Real(final quantity = "AngularImpulseFlowRate", final unit = "N.m");
      type RotationalSpringConstant = Real(final quantity = "RotationalSpringConstant", final unit = "N.m/rad");
      type RotationalDampingConstant = Real(final quantity = "RotationalDampingConstant", final unit = "N.m.s/rad");
      type Pressure = Real(final quantity = "Pressure", final unit = "Pa", displayUnit = "bar");
      type AbsolutePressure = Real(final quantity = "Pressure", final unit = "Pa", displayUnit = "bar", min = 0.0, nominal = 1e5);
      type PressureDifference = Real(final quantity = "Pressure", final unit = "Pa", displayUnit = "bar");
      type BulkModulus = Real(final quantity = "Pressure", final unit = "Pa", displayUnit = "bar", min = 0.0, nominal = 1e5);
      type Stress = Real(final unit = "Pa");
      type NormalStress = Real(final unit = "Pa");
      type ShearStress = Real(final unit = "Pa");
      type Strain = Real(final quantity = "Strain", final unit = "1");
      type LinearStrain = Real(final quantity = "Strain", final unit = "1");
      type ShearStrain = Real(final quantity = "Strain", final unit = "1");
      type VolumeStrain = Real(final quantity = "VolumeStrain", final unit = "1");
      type PoissonNumber = Real(final quantity = "PoissonNumber", final unit = "1");
      type ModulusOfElasticity = Real(final unit = "Pa");
      type ShearModulus = Real(final unit = "Pa");
      type SecondMomentOfArea = Real(final quantity = "SecondMomentOfArea", final unit = "m4");
      type SecondPolarMomentOfArea = Real(final quantity = "SecondMomentOfArea", final unit = "m4");
      type SectionModulus = Real(final quantity = "SectionModulus", final unit = "m3");
      type CoefficientOfFriction = Real(final quantity = "CoefficientOfFriction", final unit = "1");
      type DynamicViscosity = Real(final quantity = "DynamicViscosity", final unit = "Pa.s", min = 0);
      type KinematicViscosity = Real(final quantity = "KinematicViscosity", final unit = "m2/s", min = 0);
      type SurfaceTension = Real(final quantity = "SurfaceTension", final unit = "N/m");
      type Work = Real(final quantity = "Work", final unit = "J");
      type Energy = Real(final quantity = "Energy", final unit = "J");
      type EnergyDensity = Real(final quantity = "EnergyDensity", final unit = "J/m3");
      type PotentialEnergy = Real(final quantity = "Energy", final unit = "J");
      type KineticEnergy = Real(final quantity = "Energy", final unit = "J");
      type Power = Real(final quantity = "Power", final unit = "W");
      type EnergyFlowRate = Real(final quantity = "Power", final unit = "W");
      type EnthalpyFlowRate = Real(final quantity = "EnthalpyFlowRate", final unit = "W");
      type Efficiency = Real(final quantity = "Efficiency", final unit = "1", min = 0);
      type MassFlowRate = Real(quantity = "MassFlowRate", final unit = "kg/s");
      type VolumeFlowRate = Real(final quantity = "VolumeFlowRate", final unit = "m3/s");
      type MomentumFlux = Real(final quantity = "MomentumFlux", final unit = "N");
      type AngularMomentumFlux = Real(final quantity = "AngularMomentumFlux", final unit = "N.m");

      // Heat
      type ThermodynamicTemperature = Real(final quantity = "ThermodynamicTemperature", final unit = "K", min = 0.0, start = 288.15, nominal = 300, displayUnit = "degC") "Absolute temperature (use type TemperatureDifference for relative temperatures)";
      type Temperature = Real(final quantity = "ThermodynamicTemperature", final unit = "K", min = 0.0, start = 288.15, nominal = 300, displayUnit = "degC") "Absolute temperature";
      type TemperatureDifference = Real(final quantity = "ThermodynamicTemperature", final unit = "K");
      type TemperatureSlope = Real(final quantity = "TemperatureSlope", final unit = "K/s");
      type LinearTemperatureCoefficient = Real(final quantity = "LinearTemperatureCoefficient", final unit = "1/K");
      type QuadraticTemperatureCoefficient = Real(final quantity = "QuadraticTemperatureCoefficient", final unit = "1/K2");
      type LinearExpansionCoefficient = Real(final quantity = "LinearExpansionCoefficient", final unit = "1/K");
      type CubicExpansionCoefficient = Real(final quantity = "CubicExpansionCoefficient", final unit = "1/K");
      type Heat = Real(final quantity = "Energy", final unit = "J");
      type HeatFlowRate = Real(final quantity = "Power", final unit = "W");
      type HeatFlux = Real(final quantity = "HeatFlux", final unit = "W/m2");
      type ThermalConductivity = Real(final quantity = "ThermalConductivity", final unit = "W/(m.K)");
      type CoefficientOfHeatTransfer = Real(final quantity = "CoefficientOfHeatTransfer", final unit = "W/(m2.K)");
      type ThermalResistance = Real(final quantity = "ThermalResistance", final unit = "K/W");
      type ThermalConductance = Real(final quantity = "ThermalConductance", final unit = "W/K");
      type ThermalDiffusivity = Real(final quantity = "ThermalDiffusivity", final unit = "m2/s");
      type HeatCapacity = Real(final quantity = "HeatCapacity", final unit = "J/K");
      type SpecificHeatCapacity = Real(final quantity = "SpecificHeatCapacity", final unit = "J/(kg.K)");
      type Entropy = Real(final quantity = "Entropy", final unit = "J/K");
      type EntropyFlowRate = Real(final quantity = "EntropyFlowRate", final unit = "J/(K.s)");
      type SpecificEntropy = Real(final quantity = "SpecificEntropy", final unit = "J/(kg.K)");
      type InternalEnergy = Real(final quantity = "Energy", final unit = "J");
      type Enthalpy = Real(final quantity = "Energy", final unit = "J");
      type SpecificEnergy = Real(final quantity = "SpecificEnergy", final unit = "J/kg");
      type SpecificInternalEnergy = Real(final quantity = "SpecificEnergy", final unit = "J/kg");
      type SpecificEnthalpy = Real(final quantity = "SpecificEnergy", final unit = "J/kg");

      // Electricity and magnetism
      type ElectricCurrent = Real(final quantity = "ElectricCurrent", final unit = "A");
      type Current = Real(final quantity = "ElectricCurrent", final unit = "A");
      type CurrentSlope = Real(final quantity = "CurrentSlope", final unit = "A/s");
      type ElectricCharge = Real(final quantity = "ElectricCharge", final unit = "C");
      type Charge = Real(final quantity = "ElectricCharge", final unit = "C");
      type ElectricFieldStrength = Real(final quantity = "ElectricFieldStrength", final unit = "V/m");
      type ElectricPotential = Real(final quantity = "ElectricPotential", final unit = "V");
      type Voltage = Real(final quantity = "ElectricPotential", final unit = "V");
      type PotentialDifference = Real(final quantity = "ElectricPotential", final unit = "V");
      type ElectromotiveForce = Real(final quantity = "ElectricPotential", final unit = "V");
      type VoltageSecond = Real(final quantity = "VoltageSecond", final unit = "V.s");
      type VoltageSlope = Real(final quantity = "VoltageSlope", final unit = "V/s");
      type Capacitance = Real(final quantity = "Capacitance", final unit = "F", min = 0);
      type Permittivity = Real(final quantity = "Permittivity", final unit = "F/m", min = 0);
      type MagneticFluxDensity = Real(final quantity = "MagneticFluxDensity", final unit = "T");
      type MagneticFlux = Real(final quantity = "MagneticFlux", final unit = "Wb");
      type Inductance = Real(final quantity = "Inductance", final unit = "H");
      type Permeability = Real(final quantity = "Permeability", final unit = "V.s/(A.m)");
      type Resistance = Real(final quantity = "Resistance", final unit = "Ohm");
      type Conductance = Real(final quantity = "Conductance", final unit = "S");
      type ActivePower = Real(final quantity = "Power", final unit = "W");
      type ApparentPower = Real(final quantity = "Power", final unit = "V.A");
      type ReactivePower = Real(final quantity = "Power", final unit = "var");
      type PowerFactor = Real(final quantity = "PowerFactor", final unit = "1");
      type ElectricalForceConstant = Real(final quantity = "ElectricalForceConstant", final unit = "N/A");

      // Physical chemistry
      type AmountOfSubstance = Real(final quantity = "AmountOfSubstance", final unit = "mol", min = 0);
      type MolarMass = Real(final quantity = "MolarMass", final unit = "kg/mol", min = 0);
      type MolarVolume = Real(final quantity = "MolarVolume", final unit = "m3/mol", min = 0);
      type MassFraction = Real(final quantity = "MassFraction", final unit = "1", min = 0, max = 1);
      type MoleFraction = Real(final quantity = "MoleFraction", final unit = "1", min = 0, max = 1);
      type ElementaryCharge = Real(final quantity = "ElementaryCharge", final unit = "C");
      type FaradayConstant = Real(final quantity = "FaradayConstant", final unit = "C/mol");

      // Other types not defined in ISO 31-1992
      type PerUnit = Real(unit = "1");
      type DimensionlessRatio = Real(unit = "1");
    end SI;

    package NonSI "Type definitions of non SI units"
      type Temperature_degC = Real(final quantity = "ThermodynamicTemperature", final unit = "degC") "Absolute temperature in degree Celsius";
      type Temperature_degF = Real(final quantity = "ThermodynamicTemperature", final unit = "degF") "Absolute temperature in degree Fahrenheit";
      type Temperature_degRk = Real(final quantity = "ThermodynamicTemperature", final unit = "degRk") "Absolute temperature in degree Rankine";
      type Angle_deg = Real(final quantity = "Angle", final unit = "deg") "Angle in degree";
      type AngularVelocity_rpm = Real(final quantity = "AngularVelocity", final unit = "rev/min") "Angular velocity in revolutions per minute";
      type Velocity_kmh = Real(final quantity = "Velocity", final unit = "km/h") "Velocity in kilometres per hour";
      type Time_day = Real(final quantity = "Time", final unit = "d") "Time in days";
      type Time_hour = Real(final quantity = "Time", final unit = "h") "Time in hours";
      type Time_minute = Real(final quantity = "Time", final unit = "min") "Time in minutes";
      type Volume_litre = Real(final quantity = "Volume", final unit = "l") "Volume in litres";
      type ElectricCharge_Ah = Real(final quantity = "ElectricCharge", final unit = "A.h") "Electric charge in Ampere hours";
      type Energy_Wh = Real(final quantity = "Energy", final unit = "W.h") "Energy in Watt hours";
      type Energy_kWh = Real(final quantity = "Energy", final unit = "kW.h") "Energy in kilo watt hours";
      type Pressure_bar = Real(final quantity = "Pressure", final unit = "bar") "Absolute pressure in bar";
      type MassFlowRate_gps = Real(final quantity = "MassFlowRate", final unit = "g/s") "Mass flow rate in gram per second";
    end NonSI;

    package Conversions "Conversion functions to/from non SI units"
      import SI = Modelica.Units.SI;
      import NonSI = Modelica.Units.NonSI;

      function to_unit1 "Change the unit of a Real number to unit 1"
        input Real r "Real number";
        output Real result(unit = "1") "Real number r with unit 1";
      end to_unit1;

      function to_deg "Convert from radian to degree"
        input SI.Angle radian "Value in radian";
        output NonSI.Angle_deg degree "Value in degree";
      algorithm
        degree := (180.0/Modelica.Constants.pi)*radian;
      end to_deg;

      function from_deg "Convert from degree to radian"
        input NonSI.Angle_deg degree "Value in degree";
        output SI.Angle radian "Value in radian";
      algorithm
        radian := (Modelica.Constants.pi/180.0)*degree;
      end from_deg;

      function to_rpm "Convert from radian per second to revolutions per minute"
        input SI.AngularVelocity rs "Value in radian per second";
        output NonSI.AngularVelocity_rpm rpm "Value in revolutions per minute";
      algorithm
        rpm := (30/Modelica.Constants.pi)*rs;
      end to_rpm;

      function from_rpm "Convert from revolutions per minute to radian per second"
        input NonSI.AngularVelocity_rpm rpm "Value in revolutions per minute";
        output SI.AngularVelocity rs "Value in radian per second";
      algorithm
        rs := (Modelica.Constants.pi/30)*rpm;
      end from_rpm;

      function to_degC "Convert from kelvin to degree Celsius"
        input SI.Temperature Kelvin "Value in kelvin";
        output NonSI.Temperature_degC Celsius "Value in degree Celsius";
      end to_degC;

      function from_degC "Convert from degree Celsius to kelvin"
        input NonSI.Temperature_degC Celsius "Value in degree Celsius";
        output SI.Temperature Kelvin "Value in kelvin";
      end from_degC;

      function to_kmh "Convert from metre per second to kilometre per hour"
        input SI.Velocity ms "Value in metre per second";
        output NonSI.Velocity_kmh kmh "Value in kilometre per hour";
      end to_kmh;

      function from_kmh "Convert from kilometre per hour to metre per second"
        input NonSI.Velocity_kmh kmh "Value in kilometre per hour";
        output SI.Velocity ms "Value in metre per second";
      end from_kmh;

      function from_Hz "Convert from Hz to rad/s"
        input SI.Frequency f "Value in hertz";
        output SI.AngularVelocity w "Value in radian per second";
      end from_Hz;

      function to_Hz "Convert from rad/s to Hz"
        input SI.AngularVelocity w "Value in radian per second";
        output SI.Frequency f "Value in hertz";
      end to_Hz;
    end Conversions;
  end Units;

  package SIunits "MSL 3 names: the SI types of Modelica.Units.SI, the conversion functions and non-SI units"
    extends Modelica.Units.SI;

    package Conversions "MSL 3 conversion functions (Modelica.Units.Conversions in MSL 4)"
      package NonSIunits = Modelica.Units.NonSI "MSL 3 name of Modelica.Units.NonSI";

      function to_deg "Convert from radian to degree"
        input Modelica.Units.SI.Angle radian "Value in radian";
        output Modelica.Units.NonSI.Angle_deg degree "Value in degree";
      algorithm
        degree := (180.0/Modelica.Constants.pi)*radian;
      end to_deg;

      function from_deg "Convert from degree to radian"
        input Modelica.Units.NonSI.Angle_deg degree "Value in degree";
        output Modelica.Units.SI.Angle radian "Value in radian";
      algorithm
        radian := (Modelica.Constants.pi/180.0)*degree;
      end from_deg;

      function to_rpm "Convert from radian per second to revolutions per minute"
        input Modelica.Units.SI.AngularVelocity rs "Value in radian per second";
        output Modelica.Units.NonSI.AngularVelocity_rpm rpm "Value in revolutions per minute";
      algorithm
        rpm := (30/Modelica.Constants.pi)*rs;
      end to_rpm;

      function from_rpm "Convert from revolutions per minute to radian per second"
        input Modelica.Units.NonSI.AngularVelocity_rpm rpm "Value in revolutions per minute";
        output Modelica.Units.SI.AngularVelocity rs "Value in radian per second";
      algorithm
        rs := (Modelica.Constants.pi/30)*rpm;
      end from_rpm;
    end Conversions;
  end SIunits;

  package Math "Mathematical functions"
    import SI = Modelica.Units.SI;

    function sin "Sine"
      input SI.Angle u "Independent variable";
      output Real y "Dependent variable y=sin(u)";
    end sin;

    function cos "Cosine"
      input SI.Angle u "Independent variable";
      output Real y "Dependent variable y=cos(u)";
    end cos;

    function tan "Tangent (u shall not be -pi/2, pi/2, 3*pi/2, ...)"
      input SI.Angle u "Independent variable";
      output Real y "Dependent variable y=tan(u)";
    end tan;

    function asin "Inverse sine (-1 <= u <= 1)"
      input Real u "Independent variable";
      output SI.Angle y "Dependent variable y=asin(u)";
    end asin;

    function acos "Inverse cosine (-1 <= u <= 1)"
      input Real u "Independent variable";
      output SI.Angle y "Dependent variable y=acos(u)";
    end acos;

    function atan "Inverse tangent"
      input Real u "Independent variable";
      output SI.Angle y "Dependent variable y=atan(u)";
    end atan;

    function atan2 "Four quadrant inverse tangent"
      input Real u1 "First independent variable";
      input Real u2 "Second independent variable";
      output SI.Angle y "Dependent variable y=atan2(u1, u2)=atan(u1/u2)";
    end atan2;

    function atan3 "Four quadrant inverse tangent (select solution that is closest to given angle y0)"
      input Real u1 "First independent variable";
      input Real u2 "Second independent variable";
      input SI.Angle y0 = 0 "y shall be in the range: -pi < y-y0 <= pi";
      output SI.Angle y "Dependent variable y=atan3(u1, u2, y0)=atan(u1/u2)";
    end atan3;

    function sinh "Hyperbolic sine"
      input Real u "Independent variable";
      output Real y "Dependent variable y=sinh(u)";
    end sinh;

    function cosh "Hyperbolic cosine"
      input Real u "Independent variable";
      output Real y "Dependent variable y=cosh(u)";
    end cosh;

    function tanh "Hyperbolic tangent"
      input Real u "Independent variable";
      output Real y "Dependent variable y=tanh(u)";
    end tanh;

    function asinh "Inverse of sinh (area hyperbolic sine)"
      input Real u "Independent variable";
      output Real y "Dependent variable y=asinh(u)";
    end asinh;

    function acosh "Inverse of cosh (area hyperbolic cosine)"
      input Real u "Independent variable";
      output Real y "Dependent variable y=acosh(u)";
    end acosh;

    function exp "Exponential, base e"
      input Real u "Independent variable";
      output Real y "Dependent variable y=exp(u)";
    end exp;

    function log "Natural (base e) logarithm (u shall be > 0)"
      input Real u "Independent variable";
      output Real y "Dependent variable y=ln(u)";
    end log;

    function log10 "Base 10 logarithm (u shall be > 0)"
      input Real u "Independent variable";
      output Real y "Dependent variable y=lg(u)";
    end log10;

    package Vectors "Functions operating on vectors"

      function length "Return length of a vector (better as norm(), if further symbolic processing is performed)"
        input Real v[:] "Real vector";
        output Real result "Length of vector v";
      algorithm
        result := sqrt(v*v);
      end length;

      function norm "Return the p-norm of a vector"
        input Real v[:] "Real vector";
        input Real p(min = 1) = 2 "Type of p-norm (often used: 1, 2, or Modelica.Constants.inf)";
        output Real result "p-norm of vector v";
      end norm;

      function normalize "Return normalized vector such that length = 1 and prevent zero-division for zero vector"
        input Real v[:] "Real vector";
        input Real eps(min = 0.0) = 100*Modelica.Constants.eps "if |v| < eps then result = v/eps";
        output Real result[size(v, 1)] "Input vector v normalized to length=1";
      algorithm
        result := smooth(0, if length(v) >= eps then v/length(v) else v/eps);
      end normalize;

      function normalizeWithAssert "Return normalized vector such that length = 1 (trigger an assert for zero vector)"
        input Real v[:] "Real vector";
        output Real result[size(v, 1)] "Input vector v normalized to length=1";
      end normalizeWithAssert;

      function relNodePositions "Return vector of relative node positions (0..1)"
        input Integer nNodes "Number of nodes (including node at left and right position)";
        output Real xsi[nNodes] "Relative node positions";
      end relNodePositions;
    end Vectors;
  end Math;

  package Icons "Icon classes (empty partial classes that examples and libraries extend)"
    partial class Information "Icon for general information packages"
    end Information;

    partial class Contact "Icon for contact information"
    end Contact;

    partial class ReleaseNotes "Icon for release notes in documentation"
    end ReleaseNotes;

    partial class References "Icon for external references"
    end References;

    partial package Package "Icon for standard packages"
    end Package;

    partial package Library "Icon for library (obsolete, kept for old models)"
    end Library;

    partial package ExamplesPackage "Icon for packages containing runnable examples"
    end ExamplesPackage;

    partial model Example "Icon for runnable examples"
    end Example;

    partial package BasesPackage "Icon for packages containing base classes"
    end BasesPackage;

    partial package VariantsPackage "Icon for package containing variants"
    end VariantsPackage;

    partial package InterfacesPackage "Icon for packages containing interfaces"
    end InterfacesPackage;

    partial package SourcesPackage "Icon for packages containing sources"
    end SourcesPackage;

    partial package SensorsPackage "Icon for packages containing sensors"
    end SensorsPackage;

    partial package UtilitiesPackage "Icon for utility packages"
    end UtilitiesPackage;

    partial package TypesPackage "Icon for packages containing type definitions"
    end TypesPackage;

    partial package FunctionsPackage "Icon for packages containing functions"
    end FunctionsPackage;

    partial package IconsPackage "Icon for packages containing icons"
    end IconsPackage;

    partial package InternalPackage "Icon for an internal package"
    end InternalPackage;

    partial package MaterialPropertiesPackage "Icon for package containing property classes"
    end MaterialPropertiesPackage;

    partial package RecordsPackage "Icon for package containing records"
    end RecordsPackage;

    partial class MaterialProperty "Icon for property classes"
    end MaterialProperty;

    partial class RoundSensor "Icon representing a round measurement device"
    end RoundSensor;

    partial class RotationalSensor "Icon representing a round measurement device (obsolete)"
    end RotationalSensor;

    partial class TranslationalSensor "Icon representing a linear measurement device (obsolete)"
    end TranslationalSensor;

    partial function Function "Icon for functions"
    end Function;

    partial record Record "Icon for records"
    end Record;

    partial class UnderConstruction "Icon for classes that are still under construction"
    end UnderConstruction;

    partial class ObsoleteModel "Icon for classes that are obsolete"
    end ObsoleteModel;

    // MSL writes these as long-form types 'extends Real;' etc.; the short form is equivalent.
    type TypeReal = Real "Icon for Real types";
    type TypeInteger = Integer "Icon for Integer types";
    type TypeBoolean = Boolean "Icon for Boolean types";
    type TypeString = String "Icon for String types";
  end Icons;

end Modelica;
