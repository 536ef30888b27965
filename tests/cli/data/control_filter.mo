// Blocks.Continuous.Filter in every characteristic and type, each driven by a sine of frequency
// f (run_filter.sh measures the steady amplitudes: -3 dB at f_cut, the band's centre, ...). The
// band filters are Butterworth's, whose real pole is 1: the MSL 4.0.0 band pass of another odd
// order has 1/cr at its centre, and its band stop of complex base poles puts the pairs' zeros
// at their own sqrt(c0), not at the centre (mbens computes what the MSL computes).
model ControlFilter
  import Modelica.Blocks.Types;
  parameter Real f = 2 "the sine's frequency";
  Modelica.Blocks.Sources.Sine sine(f=f);
  Modelica.Blocks.Continuous.Filter lpCD(order=3, f_cut=2);
  Modelica.Blocks.Continuous.Filter lpBes(analogFilter=Types.AnalogFilter.Bessel, order=4,
    f_cut=2);
  Modelica.Blocks.Continuous.Filter lpCh(analogFilter=Types.AnalogFilter.ChebyshevI, order=3,
    f_cut=2, A_ripple=1);
  Modelica.Blocks.Continuous.Filter lpB(analogFilter=Types.AnalogFilter.Butterworth, order=3,
    f_cut=2);
  Modelica.Blocks.Continuous.Filter hpB(analogFilter=Types.AnalogFilter.Butterworth,
    filterType=Types.FilterType.HighPass, order=3, f_cut=2);
  Modelica.Blocks.Continuous.Filter hpCh(analogFilter=Types.AnalogFilter.ChebyshevI,
    filterType=Types.FilterType.HighPass, order=4, f_cut=2);
  Modelica.Blocks.Continuous.Filter hpBes(analogFilter=Types.AnalogFilter.Bessel,
    filterType=Types.FilterType.HighPass, order=5, f_cut=2, gain=2);
  Modelica.Blocks.Continuous.Filter bp(analogFilter=Types.AnalogFilter.Butterworth,
    filterType=Types.FilterType.BandPass, order=2, f_min=1, f_cut=3);
  Modelica.Blocks.Continuous.Filter bs(analogFilter=Types.AnalogFilter.Butterworth,
    filterType=Types.FilterType.BandStop, order=1, f_min=1, f_cut=3);
  Modelica.Blocks.Continuous.Filter bp3(analogFilter=Types.AnalogFilter.Butterworth,
    filterType=Types.FilterType.BandPass, order=3, f_min=1, f_cut=3);
equation
  connect(sine.y, lpCD.u);
  connect(sine.y, lpBes.u);
  connect(sine.y, lpCh.u);
  connect(sine.y, lpB.u);
  connect(sine.y, hpB.u);
  connect(sine.y, hpCh.u);
  connect(sine.y, hpBes.u);
  connect(sine.y, bp.u);
  connect(sine.y, bs.u);
  connect(sine.y, bp3.u);
end ControlFilter;
