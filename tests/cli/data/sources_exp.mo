within;
model sources_exp "ExpSine (amplitude 2, f 1.5, phase 0.3, damping 0.7, offset 0.1, from 0.2) and Exponentials (outMax 3, riseTime 0.5, riseTimeConst 0.2, fallTimeConst 0.4, offset -1, from 0.3), each integrated"
  Modelica.Blocks.Sources.ExpSine es(amplitude=2, f=1.5, phase=0.3, damping=0.7, offset=0.1, startTime=0.2);
  Modelica.Blocks.Sources.Exponentials ex(outMax=3, riseTime=0.5, riseTimeConst=0.2, fallTimeConst=0.4, offset=-1, startTime=0.3);
  Modelica.Blocks.Continuous.Integrator i1;
  Modelica.Blocks.Continuous.Integrator i2;
equation
  connect(es.y, i1.u);
  connect(ex.y, i2.u);
end sources_exp;
