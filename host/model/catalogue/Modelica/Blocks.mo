within Modelica;
// Interface catalogue of Modelica.Blocks (MSL v4.0.0): declarations only, no equations.
package Blocks "Library of basic input/output control blocks (interface subset)"
  import SI = Modelica.Units.SI;

  package Icons "Icons for Blocks"
    partial block Block "Basic graphical layout of input/output block"
    end Block;

    partial block BooleanBlock "Basic graphical layout of Boolean block"
    end BooleanBlock;

    partial block IntegerBlock "Basic graphical layout of Integer block"
    end IntegerBlock;

    partial block DiscreteBlock "Graphical layout of discrete block component icon"
    end DiscreteBlock;

    partial block PartialBooleanBlock "Basic graphical layout of logical block"
    end PartialBooleanBlock;
  end Icons;

  package Interfaces "Connectors and partial models for input/output blocks"
    import SI = Modelica.Units.SI;

    connector RealInput = input Real "'input Real' as connector";
    connector RealOutput = output Real "'output Real' as connector";
    connector BooleanInput = input Boolean "'input Boolean' as connector";
    connector BooleanOutput = output Boolean "'output Boolean' as connector";
    connector IntegerInput = input Integer "'input Integer' as connector";
    connector IntegerOutput = output Integer "'output Integer' as connector";
    connector RealVectorInput = input Real "Real input connector used for vector of connectors";
    connector RealVectorOutput = output Real "Real output connector used for vector of connectors";
    connector BooleanVectorInput = input Boolean "Boolean input connector used for vector of connectors";
    connector IntegerVectorInput = input Integer "Integer input connector used for vector of connectors";

    partial block SO "Single Output continuous control block"
      RealOutput y "Connector of Real output signal";
    end SO;

    partial block MO "Multiple Output continuous control block"
      parameter Integer nout(min = 1) = 1 "Number of outputs";
      RealOutput y[nout] "Connector of Real output signals";
    end MO;

    partial block SISO "Single Input Single Output continuous control block"
      RealInput u "Connector of Real input signal";
      RealOutput y "Connector of Real output signal";
    end SISO;

    partial block SI2SO "2 Single Input / 1 Single Output continuous control block"
      RealInput u1 "Connector of Real input signal 1";
      RealInput u2 "Connector of Real input signal 2";
      RealOutput y "Connector of Real output signal";
    end SI2SO;

    partial block SIMO "Single Input Multiple Output continuous control block"
      parameter Integer nout = 1 "Number of outputs";
      RealInput u "Connector of Real input signal";
      RealOutput y[nout] "Connector of Real output signals";
    end SIMO;

    partial block MISO "Multiple Input Single Output continuous control block"
      parameter Integer nin = 1 "Number of inputs";
      RealInput u[nin] "Connector of Real input signals";
      RealOutput y "Connector of Real output signal";
    end MISO;

    partial block PartialRealMISO "Partial block with a RealVectorInput and a RealOutput signal"
      parameter Integer significantDigits(min = 1) = 3 "Number of significant digits to be shown in dynamic diagram layer for y";
      parameter Integer nu(min = 0) = 0 "Number of input connections";
      RealVectorInput u[nu];
      RealOutput y;
    end PartialRealMISO;

    partial block MIMO "Multiple Input Multiple Output continuous control block"
      parameter Integer nin = 1 "Number of inputs";
      parameter Integer nout = 1 "Number of outputs";
      RealInput u[nin] "Connector of Real input signals";
      RealOutput y[nout] "Connector of Real output signals";
    end MIMO;

    partial block MIMOs "Multiple Input Multiple Output continuous control block with same number of inputs and outputs"
      parameter Integer n = 1 "Number of inputs (= number of outputs)";
      RealInput u[n] "Connector of Real input signals";
      RealOutput y[n] "Connector of Real output signals";
    end MIMOs;

    partial block MI2MO "2 Multiple Input / Multiple Output continuous control block"
      parameter Integer n = 1 "Dimension of input and output vectors";
      RealInput u1[n] "Connector 1 of Real input signals";
      RealInput u2[n] "Connector 2 of Real input signals";
      RealOutput y[n] "Connector of Real output signals";
    end MI2MO;

    partial block SignalSource "Base class for continuous signal source"
      extends SO;
      parameter Real offset = 0 "Offset of output signal y";
      parameter SI.Time startTime = 0 "Output y = offset for time < startTime";
    end SignalSource;

    partial block BooleanSISO "Single Input Single Output control block with signals of type Boolean"
      BooleanInput u "Connector of Boolean input signal";
      BooleanOutput y "Connector of Boolean output signal";
    end BooleanSISO;

    partial block BooleanSignalSource "Base class for Boolean signal sources"
      BooleanOutput y "Connector of Boolean output signal";
    end BooleanSignalSource;

    partial block partialBooleanSISO "Partial block with 1 input and 1 output Boolean signal"
      BooleanInput u "Connector of Boolean input signal";
      BooleanOutput y "Connector of Boolean output signal";
    end partialBooleanSISO;

    partial block partialBooleanSI2SO "Partial block with 2 input and 1 output Boolean signal"
      BooleanInput u1 "Connector of first Boolean input signal";
      BooleanInput u2 "Connector of second Boolean input signal";
      BooleanOutput y "Connector of Boolean output signal";
    end partialBooleanSI2SO;

    partial block partialBooleanSO "Partial block with 1 output Boolean signal"
      BooleanOutput y "Connector of Boolean output signal";
    end partialBooleanSO;

    partial block partialBooleanSource "Partial source block (has 1 output Boolean signal and an appropriate default icon)"
      BooleanOutput y "Connector of Boolean output signal";
    end partialBooleanSource;

    partial block partialBooleanComparison "Partial block with 2 Real input and 1 Boolean output signal (the result of a comparison of the two Real inputs)"
      RealInput u1 "Connector of first Real input signal";
      RealInput u2 "Connector of second Real input signal";
      BooleanOutput y "Connector of Boolean output signal";
    end partialBooleanComparison;

    partial block partialBooleanThresholdComparison "Partial block to compare the Real input u with a threshold and provide the result as 1 Boolean output signal"
      parameter Real threshold = 0 "Comparison with respect to threshold";
      RealInput u "Connector of Real input signal";
      BooleanOutput y "Connector of Boolean output signal";
    end partialBooleanThresholdComparison;
  end Interfaces;

  package Types "Library of constants, external objects and types with choices"
    type Init = enumeration(
      NoInit "No initialization (start values are used as guess values with fixed=false)",
      SteadyState "Steady state initialization (derivatives of states are zero)",
      InitialState "Initialization with initial states",
      InitialOutput "Initialization with initial outputs (and steady state of the states if possible)")
      "Enumeration defining initialization of a block";

    type SimpleController = enumeration(
      P "P controller",
      PI "PI controller",
      PD "PD controller",
      PID "PID controller")
      "Enumeration defining P, PI, PD, or PID simple controller type";

    type Smoothness = enumeration(
      LinearSegments "Table points are linearly interpolated",
      ContinuousDerivative "Table points are interpolated (by Akima splines) such that the first derivative is continuous",
      ConstantSegments "Table points are not interpolated, but the value from the previous abscissa point is returned",
      MonotoneContinuousDerivative1 "Table points are interpolated (by Fritsch-Butland splines) such that the monotonicity is preserved and the first derivative is continuous",
      MonotoneContinuousDerivative2 "Table points are interpolated (by Steffen splines) such that the monotonicity is preserved and the first derivative is continuous",
      ModifiedContinuousDerivative "Table points are interpolated (by modified Akima splines) such that the first derivative is continuous")
      "Enumeration defining the smoothness of table interpolation";

    type Extrapolation = enumeration(
      HoldLastPoint "Hold the first/last table point outside of the table scope",
      LastTwoPoints "Extrapolate by using the derivative at the first/last table points outside of the table scope",
      Periodic "Repeat the table scope periodically",
      NoExtrapolation "Extrapolation triggers an error")
      "Enumeration defining the extrapolation of table interpolation";

    type TimeEvents = enumeration(
      Always "Always generate time events at interval boundaries",
      AtDiscontinuities "Generate time events at discontinuities (defined by duplicated sample points)",
      NoTimeEvents "No time events at interval boundaries")
      "Enumeration defining the time event handling of time table interpolation";

    type LimiterHomotopy = enumeration(
      NoHomotopy "Homotopy is not used",
      Linear "Simplified model without limits",
      UpperLimit "Simplified model fixed at upper limit",
      LowerLimit "Simplified model fixed at lower limit")
      "Enumeration defining use of homotopy in limiter components";

    type AnalogFilter = enumeration(
      CriticalDamping "Filter with critical damping",
      Bessel "Bessel filter",
      Butterworth "Butterworth filter",
      ChebyshevI "Chebyshev I filter")
      "Enumeration defining the method of filtering";

    type FilterType = enumeration(
      LowPass "Low pass filter",
      HighPass "High pass filter",
      BandPass "Band pass filter",
      BandStop "Band stop / notch filter")
      "Enumeration of analog filter types (low, high, band pass or band stop filter)";
  end Types;

  package Sources "Library of signal source blocks generating Real and Boolean signals"
    import SI = Modelica.Units.SI;

    block Constant "Generate constant signal of type Real"
      parameter Real k(start = 1) "Constant output value";
      extends Modelica.Blocks.Interfaces.SO;
    end Constant;

    block Step "Generate step signal of type Real"
      parameter Real height = 1 "Height of step";
      extends Modelica.Blocks.Interfaces.SignalSource;
    end Step;

    block Ramp "Generate ramp signal"
      parameter Real height = 1 "Height of ramps";
      parameter SI.Time duration(min = 0.0, start = 2) "Duration of ramp (= 0.0 gives a Step)";
      extends Modelica.Blocks.Interfaces.SignalSource;
    end Ramp;

    block Sine "Generate sine signal"
      parameter Real amplitude = 1 "Amplitude of sine wave";
      parameter SI.Frequency f(start = 1) "Frequency of sine wave";
      parameter SI.Angle phase = 0 "Phase of sine wave";
      extends Modelica.Blocks.Interfaces.SignalSource;
    end Sine;

    block Cosine "Generate cosine signal"
      parameter Real amplitude = 1 "Amplitude of cosine wave";
      parameter SI.Frequency f(start = 1) "Frequency of cosine wave";
      parameter SI.Angle phase = 0 "Phase of cosine wave";
      extends Modelica.Blocks.Interfaces.SignalSource;
    end Cosine;

    block ExpSine "Generate exponentially damped sine signal"
      parameter Real amplitude = 1 "Amplitude of sine wave";
      parameter SI.Frequency f(start = 2) "Frequency of sine wave";
      parameter SI.Angle phase = 0 "Phase of sine wave";
      parameter SI.Damping damping(start = 1) "Damping coefficient of sine wave";
      extends Modelica.Blocks.Interfaces.SignalSource;
    end ExpSine;

    block Exponentials "Generate a rising and falling exponential signal"
      parameter Real outMax = 1 "Height of output for infinite riseTime";
      parameter SI.Time riseTime(min = 0, start = 0.5) "Rise time";
      parameter SI.Time riseTimeConst(min = Modelica.Constants.small) = 0.1 "Rise time constant; rising is defined as outMax*(1-exp(-riseTime/riseTimeConst))";
      parameter SI.Time fallTimeConst(min = Modelica.Constants.small) = riseTimeConst "Fall time constant";
      extends Modelica.Blocks.Interfaces.SignalSource;
    end Exponentials;

    block Pulse "Generate pulse signal of type Real"
      parameter Real amplitude = 1 "Amplitude of pulse";
      parameter Real width(final min = Modelica.Constants.small, final max = 100) = 50 "Width of pulse in % of period";
      parameter SI.Time period(final min = Modelica.Constants.small, start = 1) "Time for one period";
      parameter Integer nperiod = -1 "Number of periods (< 0 means infinite number of periods)";
      extends Modelica.Blocks.Interfaces.SignalSource;
    end Pulse;

    block SawTooth "Generate saw tooth signal"
      parameter Real amplitude = 1 "Amplitude of saw tooth";
      parameter SI.Time period(final min = Modelica.Constants.small, start = 1) "Time for one period";
      parameter Integer nperiod = -1 "Number of periods (< 0 means infinite number of periods)";
      extends Modelica.Blocks.Interfaces.SignalSource;
    end SawTooth;

    block Trapezoid "Generate trapezoidal signal of type Real"
      parameter Real amplitude = 1 "Amplitude of trapezoid";
      parameter SI.Time rising(final min = 0) = 0 "Rising duration of trapezoid";
      parameter SI.Time width(final min = 0) = 0.5 "Width duration of trapezoid";
      parameter SI.Time falling(final min = 0) = 0 "Falling duration of trapezoid";
      parameter SI.Time period(final min = Modelica.Constants.small, start = 1) "Time for one period";
      parameter Integer nperiod = -1 "Number of periods (< 0 means infinite number of periods)";
      extends Modelica.Blocks.Interfaces.SignalSource;
    end Trapezoid;

    block TimeTable "Generate a (possibly discontinuous) signal by linear interpolation in a table"
      parameter Real table[:, 2] = fill(0.0, 0, 2) "Table matrix (time = first column; e.g., table=[0, 0; 1, 1; 2, 4])";
      parameter SI.Time timeScale(min = Modelica.Constants.eps) = 1 "Time scale of first table column";
      extends Interfaces.SignalSource;
      parameter SI.Time shiftTime = startTime "Shift time of first table column";
    end TimeTable;

    block CombiTimeTable "Table look-up with respect to time and linear/periodic extrapolation methods (data from matrix/file)"
      extends Modelica.Blocks.Interfaces.MO(final nout = max([size(columns, 1); size(offset, 1)]));
      parameter Boolean tableOnFile = false "= true, if table is defined on file or in function usertab" annotation(Evaluate = true);
      parameter Real table[:, :] = fill(0.0, 0, 2) "Table matrix (time = first column; e.g., table=[0, 0; 1, 1; 2, 4])";
      parameter String tableName = "NoName" "Table name on file or in function usertab (see docu)";
      parameter String fileName = "NoName" "File where matrix is stored";
      parameter Boolean verboseRead = true "= true, if info message that file is loading is to be printed";
      parameter Integer columns[:] = 2:size(table, 2) "Columns of table to be interpolated" annotation(Evaluate = true);
      parameter Modelica.Blocks.Types.Smoothness smoothness = Modelica.Blocks.Types.Smoothness.LinearSegments "Smoothness of table interpolation" annotation(Evaluate = true);
      parameter Modelica.Blocks.Types.Extrapolation extrapolation = Modelica.Blocks.Types.Extrapolation.LastTwoPoints "Extrapolation of data outside the definition range" annotation(Evaluate = true);
      parameter SI.Time timeScale(min = Modelica.Constants.eps) = 1 "Time scale of first table column";
      parameter Real offset[:] = {0} "Offsets of output signals";
      parameter SI.Time startTime = 0 "Output = offset for time < startTime";
      parameter SI.Time shiftTime = startTime "Shift time of first table column";
      parameter Modelica.Blocks.Types.TimeEvents timeEvents = Modelica.Blocks.Types.TimeEvents.Always "Time event handling of table interpolation" annotation(Evaluate = true);
      parameter Boolean verboseExtrapolation = false "= true, if warning messages are to be printed if time is outside the table definition range";
    end CombiTimeTable;

    block KinematicPTP "Move as fast as possible along a distance within given kinematic constraints"
      parameter Real deltaq[:] = {1} "Distance to move";
      parameter Real qd_max[:](each final min = Modelica.Constants.small) = {1} "Maximum velocities der(q)";
      parameter Real qdd_max[:](each final min = Modelica.Constants.small) = {1} "Maximum accelerations der(qd)";
      parameter SI.Time startTime = 0 "Time instant at which movement starts";
      extends Interfaces.MO(final nout = max([size(deltaq, 1); size(qd_max, 1); size(qdd_max, 1)]));
    end KinematicPTP;

    block ContinuousClock "Generate current time signal"
      extends Modelica.Blocks.Interfaces.SignalSource;
    end ContinuousClock;

    block BooleanConstant "Generate constant signal of type Boolean"
      parameter Boolean k = true "Constant output value";
      extends Modelica.Blocks.Interfaces.partialBooleanSource;
    end BooleanConstant;

    block BooleanStep "Generate step signal of type Boolean"
      parameter SI.Time startTime = 0 "Time instant of step start";
      parameter Boolean startValue = false "Output before startTime";
      extends Modelica.Blocks.Interfaces.partialBooleanSource;
    end BooleanStep;
  end Sources;

  package Math "Library of Real mathematical functions as input/output blocks"
    import SI = Modelica.Units.SI;

    block Gain "Output the product of a gain value with the input signal"
      parameter Real k(start = 1, unit = "1") "Gain value multiplied with input signal";
      Modelica.Blocks.Interfaces.RealInput u "Input signal connector";
      Modelica.Blocks.Interfaces.RealOutput y "Output signal connector";
    end Gain;

    block Sum "Output the sum of the elements of the input vector"
      extends Modelica.Blocks.Interfaces.MISO;
      parameter Real k[nin] = ones(nin) "Optional: sum coefficients";
    end Sum;

    block MultiSum "Sum of Reals: y = k[1]*u[1] + k[2]*u[2] + ... + k[n]*u[n]"
      extends Modelica.Blocks.Interfaces.PartialRealMISO;
      parameter Real k[nu] = fill(1, nu) "Input gains";
    end MultiSum;

    block Feedback "Output difference between commanded and feedback input"
      Modelica.Blocks.Interfaces.RealInput u1 "Commanded input";
      Modelica.Blocks.Interfaces.RealInput u2 "Feedback input";
      Modelica.Blocks.Interfaces.RealOutput y;
    end Feedback;

    block Add "Output the sum of the two inputs"
      extends Modelica.Blocks.Interfaces.SI2SO;
      parameter Real k1 = 1 "Gain of input signal 1";
      parameter Real k2 = 1 "Gain of input signal 2";
    end Add;

    block Add3 "Output the sum of the three inputs"
      parameter Real k1 = 1 "Gain of input signal 1";
      parameter Real k2 = 1 "Gain of input signal 2";
      parameter Real k3 = 1 "Gain of input signal 3";
      Modelica.Blocks.Interfaces.RealInput u1 "Connector of Real input signal 1";
      Modelica.Blocks.Interfaces.RealInput u2 "Connector of Real input signal 2";
      Modelica.Blocks.Interfaces.RealInput u3 "Connector of Real input signal 3";
      Modelica.Blocks.Interfaces.RealOutput y "Connector of Real output signal";
    end Add3;

    block Product "Output product of the two inputs"
      extends Modelica.Blocks.Interfaces.SI2SO;
    end Product;

    block Division "Output first input divided by second input"
      extends Modelica.Blocks.Interfaces.SI2SO;
    end Division;

    block Abs "Output the absolute value of the input"
      extends Modelica.Blocks.Interfaces.SISO;
      parameter Boolean generateEvent = false "Choose whether events shall be generated" annotation(Evaluate = true);
    end Abs;

    block Sign "Output the sign of the input"
      extends Modelica.Blocks.Interfaces.SISO;
      parameter Boolean generateEvent = false "Choose whether events shall be generated" annotation(Evaluate = true);
    end Sign;

    block Sqrt "Output the square root of the input (input >= 0 required)"
      extends Modelica.Blocks.Interfaces.SISO;
    end Sqrt;

    block Sin "Output the sine of the input"
      extends Modelica.Blocks.Interfaces.SISO(u(unit = "rad"));
    end Sin;

    block Cos "Output the cosine of the input"
      extends Modelica.Blocks.Interfaces.SISO(u(unit = "rad"));
    end Cos;

    block Tan "Output the tangent of the input"
      extends Modelica.Blocks.Interfaces.SISO(u(unit = "rad"));
    end Tan;

    block Atan2 "Output atan(u1/u2) of the inputs u1 and u2"
      extends Modelica.Blocks.Interfaces.SI2SO(y(unit = "rad"));
    end Atan2;

    block Exp "Output the exponential (base e) of the input"
      extends Modelica.Blocks.Interfaces.SISO;
    end Exp;

    block Max "Pass through the largest signal"
      extends Modelica.Blocks.Interfaces.SI2SO;
    end Max;

    block Min "Pass through the smallest signal"
      extends Modelica.Blocks.Interfaces.SI2SO;
    end Min;
  end Math;

  package Continuous "Library of continuous control blocks with internal states"
    import SI = Modelica.Units.SI;

    block Der "Derivative of input (= analytic differentiations)"
      extends Modelica.Blocks.Interfaces.SISO;
    end Der;

    block Integrator "Output the integral of the input signal with optional reset"
      parameter Real k(unit = "1") = 1 "Integrator gain";
      parameter Boolean use_reset = false "= true, if reset port enabled" annotation(Evaluate = true);
      parameter Boolean use_set = false "= true, if set port enabled and used as reinitialization value when reset" annotation(Evaluate = true);
      parameter Modelica.Blocks.Types.Init initType = Modelica.Blocks.Types.Init.InitialState "Type of initialization (1: no init, 2: steady state, 3,4: initial output)" annotation(Evaluate = true);
      parameter Real y_start = 0 "Initial or guess value of output (= state)";
      extends Modelica.Blocks.Interfaces.SISO(y(start = y_start));
      Modelica.Blocks.Interfaces.BooleanInput reset if use_reset "Optional connector of reset signal";
      Modelica.Blocks.Interfaces.RealInput set if use_reset and use_set "Optional connector of set signal";
    end Integrator;

    block Derivative "Approximated derivative block"
      parameter Real k(unit = "1") = 1 "Gains";
      parameter SI.Time T(min = Modelica.Constants.small) = 0.01 "Time constants (T>0 required; T=0 is ideal derivative block)";
      parameter Modelica.Blocks.Types.Init initType = Modelica.Blocks.Types.Init.NoInit "Type of initialization (1: no init, 2: steady state, 3: initial state, 4: initial output)" annotation(Evaluate = true);
      parameter Real x_start = 0 "Initial or guess value of state";
      parameter Real y_start = 0 "Initial value of output (= state)";
      extends Modelica.Blocks.Interfaces.SISO;
      output Real x(start = x_start) "State of block";
    end Derivative;

    block FirstOrder "First order transfer function block (= 1 pole)"
      parameter Real k(unit = "1") = 1 "Gain";
      parameter SI.Time T(start = 1) "Time Constant";
      parameter Modelica.Blocks.Types.Init initType = Modelica.Blocks.Types.Init.NoInit "Type of initialization (1: no init, 2: steady state, 3/4: initial output)" annotation(Evaluate = true);
      parameter Real y_start = 0 "Initial or guess value of output (= state)";
      extends Modelica.Blocks.Interfaces.SISO(y(start = y_start));
    end FirstOrder;

    block SecondOrder "Second order transfer function block (= 2 poles)"
      parameter Real k(unit = "1") = 1 "Gain";
      parameter Real w(start = 1) "Angular frequency";
      parameter Real D(start = 1) "Damping";
      parameter Modelica.Blocks.Types.Init initType = Modelica.Blocks.Types.Init.NoInit "Type of initialization (1: no init, 2: steady state, 3/4: initial output)" annotation(Evaluate = true);
      parameter Real y_start = 0 "Initial or guess value of output (= state)";
      parameter Real yd_start = 0 "Initial or guess value of derivative of output (= state)";
      extends Modelica.Blocks.Interfaces.SISO(y(start = y_start));
      output Real yd(start = yd_start) "Derivative of y";
    end SecondOrder;

    block TransferFunction "Linear transfer function"
      import Modelica.Blocks.Types.Init;
      extends Modelica.Blocks.Interfaces.SISO;
      parameter Real b[:] = {1} "Numerator coefficients of transfer function (e.g., 2*s+3 is specified as {2,3})";
      parameter Real a[:] = {1} "Denominator coefficients of transfer function (e.g., 5*s+6 is specified as {5,6})";
      parameter Modelica.Blocks.Types.Init initType = Modelica.Blocks.Types.Init.NoInit "Type of initialization (1: no init, 2: steady state, 3: initial state, 4: initial output)" annotation(Evaluate = true);
      parameter Real x_start[size(a, 1) - 1] = zeros(size(a, 1) - 1) "Initial or guess values of states";
      parameter Real y_start = 0 "Initial value of output (derivatives of y are zero up to nx-1-th derivative)";
      output Real x[size(a, 1) - 1](start = x_start) "State of transfer function from controller canonical form";
    end TransferFunction;

    block StateSpace "Linear state space system"
      parameter Real A[:, :] = [1, 0; 0, 1] "Matrix A of state space model (e.g., A=[1, 0; 0, 1])";
      parameter Real B[:, :] = [1; 1] "Matrix B of state space model (e.g., B=[1; 1])";
      parameter Real C[:, :] = [1, 1] "Matrix C of state space model (e.g., C=[1, 1])";
      parameter Real D[size(C, 1), size(B, 2)] = zeros(size(C, 1), size(B, 2)) "Matrix D of state space model";
      parameter Modelica.Blocks.Types.Init initType = Modelica.Blocks.Types.Init.NoInit "Type of initialization (1: no init, 2: steady state, 3: initial state, 4: initial output)" annotation(Evaluate = true);
      parameter Real x_start[size(A, 1)] = zeros(size(A, 1)) "Initial or guess values of states";
      parameter Real y_start[size(C, 1)] = zeros(size(C, 1)) "Initial values of outputs (remaining states are in steady state if possible)";
      extends Modelica.Blocks.Interfaces.MIMO(final nin = size(B, 2), final nout = size(C, 1));
      output Real x[size(A, 1)](start = x_start) "State vector";
    end StateSpace;

    block CriticalDamping "Output the input signal filtered with an n-th order filter with critical damping"
      extends Modelica.Blocks.Interfaces.SISO;
      parameter Integer n = 2 "Order of filter";
      parameter SI.Frequency f(start = 1) "Cut-off frequency";
      parameter Boolean normalized = true "= true, if amplitude at f_cut is 3 dB, otherwise unmodified filter";
      parameter Modelica.Blocks.Types.Init initType = Modelica.Blocks.Types.Init.NoInit "Type of initialization (1: no init, 2: steady state, 3: initial state, 4: initial output)";
      parameter Real x_start[n] = zeros(n) "Initial or guess values of states";
      parameter Real y_start = 0.0 "Initial value of output (remaining states are in steady state)";
      output Real x[n](start = x_start) "Filter states";
    end CriticalDamping;

    block Filter "Continuous low pass, high pass, band pass or band stop IIR-filter of type CriticalDamping, Bessel, Butterworth or ChebyshevI"
      extends Modelica.Blocks.Interfaces.SISO;
      parameter Modelica.Blocks.Types.AnalogFilter analogFilter = Modelica.Blocks.Types.AnalogFilter.CriticalDamping "Analog filter characteristics (CriticalDamping/Bessel/Butterworth/ChebyshevI)";
      parameter Modelica.Blocks.Types.FilterType filterType = Modelica.Blocks.Types.FilterType.LowPass "Type of filter (LowPass/HighPass/BandPass/BandStop)";
      parameter Integer order(min = 1) = 2 "Order of filter";
      parameter SI.Frequency f_cut "Cut-off frequency";
      parameter Real gain = 1.0 "Gain (= amplitude of frequency response at zero frequency)";
      parameter Real A_ripple(unit = "dB") = 0.5 "Pass band ripple for Chebyshev filter (otherwise not used); > 0 required";
      parameter SI.Frequency f_min = 0 "Band of band pass/stop filter is f_min (A=-3db*gain) .. f_cut (A=-3db*gain)";
      parameter Boolean normalized = true "= true, if amplitude at f_cut = -3db, otherwise unmodified filter";
      parameter Modelica.Blocks.Types.Init init = Modelica.Blocks.Types.Init.SteadyState "Type of initialization (no init/steady state/initial state/initial output)";
      final parameter Integer nx = if filterType == Modelica.Blocks.Types.FilterType.LowPass or filterType == Modelica.Blocks.Types.FilterType.HighPass then order else 2*order;
      parameter Real x_start[nx] = zeros(nx) "Initial or guess values of states";
      parameter Real y_start = 0 "Initial value of output";
      parameter Real u_nominal = 1.0 "Nominal value of input (used for scaling the states)";
      Modelica.Blocks.Interfaces.RealOutput x[nx] "Filter states";
    end Filter;
  end Continuous;

  package Nonlinear "Library of discontinuous or non-differentiable algebraic control blocks"
    import SI = Modelica.Units.SI;

    block Limiter "Limit the range of a signal"
      parameter Real uMax(start = 1) "Upper limits of input signals";
      parameter Real uMin = -uMax "Lower limits of input signals";
      parameter Boolean strict = false "= true, if strict limits with noEvent(..)" annotation(Evaluate = true);
      parameter Modelica.Blocks.Types.LimiterHomotopy homotopyType = Modelica.Blocks.Types.LimiterHomotopy.Linear "Simplified model for homotopy-based initialization" annotation(Evaluate = true);
      extends Modelica.Blocks.Interfaces.SISO;
    end Limiter;
  end Nonlinear;

  package Routing "Library of blocks to combine and extract signals"
    block RealPassThrough "Pass a Real signal through without modification"
      Modelica.Blocks.Interfaces.RealInput u "Input signal";
      Modelica.Blocks.Interfaces.RealOutput y "Output signal";
    end RealPassThrough;

    block Replicator "Signal replicator"
      extends Modelica.Blocks.Interfaces.SIMO;
    end Replicator;

    block Multiplex2 "Multiplexer block for 2 input connectors"
      parameter Integer n1 = 1 "dimension of input signal connector 1" annotation(HideResult = true);
      parameter Integer n2 = 1 "dimension of input signal connector 2" annotation(HideResult = true);
      Modelica.Blocks.Interfaces.RealInput u1[n1] "Connector of Real input signals 1";
      Modelica.Blocks.Interfaces.RealInput u2[n2] "Connector of Real input signals 2";
      Modelica.Blocks.Interfaces.RealOutput y[n1+n2] "Connector of Real output signals";
    end Multiplex2;

    block DeMultiplex2 "DeMultiplexer block for 2 output connectors"
      parameter Integer n1 = 1 "dimension of input signal connector 1" annotation(HideResult = true);
      parameter Integer n2 = 1 "dimension of input signal connector 2" annotation(HideResult = true);
      Modelica.Blocks.Interfaces.RealInput u[n1+n2] "Connector of Real input signals";
      Modelica.Blocks.Interfaces.RealOutput y1[n1] "Connector of Real output signals 1";
      Modelica.Blocks.Interfaces.RealOutput y2[n2] "Connector of Real output signals 2";
    end DeMultiplex2;

    block Multiplex3 "Multiplexer block for 3 input connectors"
      parameter Integer n1 = 1 "dimension of input signal connector 1" annotation(HideResult = true);
      parameter Integer n2 = 1 "dimension of input signal connector 2" annotation(HideResult = true);
      parameter Integer n3 = 1 "dimension of input signal connector 3" annotation(HideResult = true);
      Modelica.Blocks.Interfaces.RealInput u1[n1] "Connector of Real input signals 1";
      Modelica.Blocks.Interfaces.RealInput u2[n2] "Connector of Real input signals 2";
      Modelica.Blocks.Interfaces.RealInput u3[n3] "Connector of Real input signals 3";
      Modelica.Blocks.Interfaces.RealOutput y[n1+n2+n3] "Connector of Real output signals";
    end Multiplex3;

    block DeMultiplex3 "DeMultiplexer block for 3 output connectors"
      parameter Integer n1 = 1 "dimension of input signal connector 1" annotation(HideResult = true);
      parameter Integer n2 = 1 "dimension of input signal connector 2" annotation(HideResult = true);
      parameter Integer n3 = 1 "dimension of input signal connector 3" annotation(HideResult = true);
      Modelica.Blocks.Interfaces.RealInput u[n1+n2+n3] "Connector of Real input signals";
      Modelica.Blocks.Interfaces.RealOutput y1[n1] "Connector of Real output signals 1";
      Modelica.Blocks.Interfaces.RealOutput y2[n2] "Connector of Real output signals 2";
      Modelica.Blocks.Interfaces.RealOutput y3[n3] "Connector of Real output signals 3";
    end DeMultiplex3;

    block Multiplex4 "Multiplexer block for 4 input connectors"
      parameter Integer n1 = 1 "dimension of input signal connector 1" annotation(HideResult = true);
      parameter Integer n2 = 1 "dimension of input signal connector 2" annotation(HideResult = true);
      parameter Integer n3 = 1 "dimension of input signal connector 3" annotation(HideResult = true);
      parameter Integer n4 = 1 "dimension of input signal connector 4" annotation(HideResult = true);
      Modelica.Blocks.Interfaces.RealInput u1[n1] "Connector of Real input signals 1";
      Modelica.Blocks.Interfaces.RealInput u2[n2] "Connector of Real input signals 2";
      Modelica.Blocks.Interfaces.RealInput u3[n3] "Connector of Real input signals 3";
      Modelica.Blocks.Interfaces.RealInput u4[n4] "Connector of Real input signals 4";
      Modelica.Blocks.Interfaces.RealOutput y[n1+n2+n3+n4] "Connector of Real output signals";
    end Multiplex4;

    block DeMultiplex4 "DeMultiplexer block for 4 output connectors"
      parameter Integer n1 = 1 "dimension of input signal connector 1" annotation(HideResult = true);
      parameter Integer n2 = 1 "dimension of input signal connector 2" annotation(HideResult = true);
      parameter Integer n3 = 1 "dimension of input signal connector 3" annotation(HideResult = true);
      parameter Integer n4 = 1 "dimension of input signal connector 4" annotation(HideResult = true);
      Modelica.Blocks.Interfaces.RealInput u[n1+n2+n3+n4] "Connector of Real input signals";
      Modelica.Blocks.Interfaces.RealOutput y1[n1] "Connector of Real output signals 1";
      Modelica.Blocks.Interfaces.RealOutput y2[n2] "Connector of Real output signals 2";
      Modelica.Blocks.Interfaces.RealOutput y3[n3] "Connector of Real output signals 3";
      Modelica.Blocks.Interfaces.RealOutput y4[n4] "Connector of Real output signals 4";
    end DeMultiplex4;

    block Multiplex5 "Multiplexer block for 5 input connectors"
      parameter Integer n1 = 1 "dimension of input signal connector 1" annotation(HideResult = true);
      parameter Integer n2 = 1 "dimension of input signal connector 2" annotation(HideResult = true);
      parameter Integer n3 = 1 "dimension of input signal connector 3" annotation(HideResult = true);
      parameter Integer n4 = 1 "dimension of input signal connector 4" annotation(HideResult = true);
      parameter Integer n5 = 1 "dimension of input signal connector 5" annotation(HideResult = true);
      Modelica.Blocks.Interfaces.RealInput u1[n1] "Connector of Real input signals 1";
      Modelica.Blocks.Interfaces.RealInput u2[n2] "Connector of Real input signals 2";
      Modelica.Blocks.Interfaces.RealInput u3[n3] "Connector of Real input signals 3";
      Modelica.Blocks.Interfaces.RealInput u4[n4] "Connector of Real input signals 4";
      Modelica.Blocks.Interfaces.RealInput u5[n5] "Connector of Real input signals 5";
      Modelica.Blocks.Interfaces.RealOutput y[n1+n2+n3+n4+n5] "Connector of Real output signals";
    end Multiplex5;

    block DeMultiplex5 "DeMultiplexer block for 5 output connectors"
      parameter Integer n1 = 1 "dimension of input signal connector 1" annotation(HideResult = true);
      parameter Integer n2 = 1 "dimension of input signal connector 2" annotation(HideResult = true);
      parameter Integer n3 = 1 "dimension of input signal connector 3" annotation(HideResult = true);
      parameter Integer n4 = 1 "dimension of input signal connector 4" annotation(HideResult = true);
      parameter Integer n5 = 1 "dimension of input signal connector 5" annotation(HideResult = true);
      Modelica.Blocks.Interfaces.RealInput u[n1+n2+n3+n4+n5] "Connector of Real input signals";
      Modelica.Blocks.Interfaces.RealOutput y1[n1] "Connector of Real output signals 1";
      Modelica.Blocks.Interfaces.RealOutput y2[n2] "Connector of Real output signals 2";
      Modelica.Blocks.Interfaces.RealOutput y3[n3] "Connector of Real output signals 3";
      Modelica.Blocks.Interfaces.RealOutput y4[n4] "Connector of Real output signals 4";
      Modelica.Blocks.Interfaces.RealOutput y5[n5] "Connector of Real output signals 5";
    end DeMultiplex5;

    block Multiplex6 "Multiplexer block for 6 input connectors"
      parameter Integer n1 = 1 "dimension of input signal connector 1" annotation(HideResult = true);
      parameter Integer n2 = 1 "dimension of input signal connector 2" annotation(HideResult = true);
      parameter Integer n3 = 1 "dimension of input signal connector 3" annotation(HideResult = true);
      parameter Integer n4 = 1 "dimension of input signal connector 4" annotation(HideResult = true);
      parameter Integer n5 = 1 "dimension of input signal connector 5" annotation(HideResult = true);
      parameter Integer n6 = 1 "dimension of input signal connector 6" annotation(HideResult = true);
      Modelica.Blocks.Interfaces.RealInput u1[n1] "Connector of Real input signals 1";
      Modelica.Blocks.Interfaces.RealInput u2[n2] "Connector of Real input signals 2";
      Modelica.Blocks.Interfaces.RealInput u3[n3] "Connector of Real input signals 3";
      Modelica.Blocks.Interfaces.RealInput u4[n4] "Connector of Real input signals 4";
      Modelica.Blocks.Interfaces.RealInput u5[n5] "Connector of Real input signals 5";
      Modelica.Blocks.Interfaces.RealInput u6[n6] "Connector of Real input signals 6";
      Modelica.Blocks.Interfaces.RealOutput y[n1+n2+n3+n4+n5+n6] "Connector of Real output signals";
    end Multiplex6;

    block DeMultiplex6 "DeMultiplexer block for 6 output connectors"
      parameter Integer n1 = 1 "dimension of input signal connector 1" annotation(HideResult = true);
      parameter Integer n2 = 1 "dimension of input signal connector 2" annotation(HideResult = true);
      parameter Integer n3 = 1 "dimension of input signal connector 3" annotation(HideResult = true);
      parameter Integer n4 = 1 "dimension of input signal connector 4" annotation(HideResult = true);
      parameter Integer n5 = 1 "dimension of input signal connector 5" annotation(HideResult = true);
      parameter Integer n6 = 1 "dimension of input signal connector 6" annotation(HideResult = true);
      Modelica.Blocks.Interfaces.RealInput u[n1+n2+n3+n4+n5+n6] "Connector of Real input signals";
      Modelica.Blocks.Interfaces.RealOutput y1[n1] "Connector of Real output signals 1";
      Modelica.Blocks.Interfaces.RealOutput y2[n2] "Connector of Real output signals 2";
      Modelica.Blocks.Interfaces.RealOutput y3[n3] "Connector of Real output signals 3";
      Modelica.Blocks.Interfaces.RealOutput y4[n4] "Connector of Real output signals 4";
      Modelica.Blocks.Interfaces.RealOutput y5[n5] "Connector of Real output signals 5";
      Modelica.Blocks.Interfaces.RealOutput y6[n6] "Connector of Real output signals 6";
    end DeMultiplex6;
  end Routing;

  package Logical "Library of components with Boolean input and output signals"

    block GreaterThreshold "Output y is true, if input u is greater than threshold"
      extends Modelica.Blocks.Interfaces.partialBooleanThresholdComparison;
    end GreaterThreshold;

    block GreaterEqualThreshold "Output y is true, if input u is greater than or equal to threshold"
      extends Modelica.Blocks.Interfaces.partialBooleanThresholdComparison;
    end GreaterEqualThreshold;

    block LessThreshold "Output y is true, if input u is less than threshold"
      extends Modelica.Blocks.Interfaces.partialBooleanThresholdComparison;
    end LessThreshold;

    block LessEqualThreshold "Output y is true, if input u is less than or equal to threshold"
      extends Modelica.Blocks.Interfaces.partialBooleanThresholdComparison;
    end LessEqualThreshold;

    block Greater "Output y is true, if input u1 is greater than input u2"
      extends Modelica.Blocks.Interfaces.partialBooleanComparison;
    end Greater;

    block GreaterEqual "Output y is true, if input u1 is greater than or equal to input u2"
      extends Modelica.Blocks.Interfaces.partialBooleanComparison;
    end GreaterEqual;

    block Less "Output y is true, if input u1 is less than input u2"
      extends Modelica.Blocks.Interfaces.partialBooleanComparison;
    end Less;

    block LessEqual "Output y is true, if input u1 is less than or equal to input u2"
      extends Modelica.Blocks.Interfaces.partialBooleanComparison;
    end LessEqual;

    block Not "Logical 'not': y = not u"
      extends Modelica.Blocks.Interfaces.partialBooleanSISO;
    end Not;

    block And "Logical 'and': y = u1 and u2"
      extends Modelica.Blocks.Interfaces.partialBooleanSI2SO;
    end And;

    block Or "Logical 'or': y = u1 or u2"
      extends Modelica.Blocks.Interfaces.partialBooleanSI2SO;
    end Or;

    block Xor "Logical 'xor': y = u1 xor u2"
      extends Modelica.Blocks.Interfaces.partialBooleanSI2SO;
    end Xor;

    block Switch "Switch between two Real signals"
      Modelica.Blocks.Interfaces.RealInput u1 "Connector of first Real input signal";
      Modelica.Blocks.Interfaces.BooleanInput u2 "Connector of Boolean input signal";
      Modelica.Blocks.Interfaces.RealInput u3 "Connector of second Real input signal";
      Modelica.Blocks.Interfaces.RealOutput y "Connector of Real output signal";
    end Switch;
  end Logical;

end Blocks;
