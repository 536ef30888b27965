within;
model flanges_user_extends "Classes of the user's that only extend built-in ones: a Body with its mass set on a pendulum, the MSL's Translational IdealRollingWheel (it extends the Rotational one) between a wheel (J 1) and a mass (100 kg) braked by 10 N, and the MSL's RollingResistance (a Translational PartialForce: f = flange.f) on a second mass coasting from 1 m/s"
  model MyBody "the MSL's Body with its mass set"
    extends Modelica.Mechanics.MultiBody.Parts.Body(m=2, r_CM={0.5, 0, 0});
  end MyBody;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(start=0.5, fixed=true), w(start=0, fixed=true));
  MyBody body;
  Modelica.Mechanics.Rotational.Components.Inertia wheel(J=1);
  Modelica.Mechanics.Translational.Components.IdealRollingWheel rolling(radius=0.25);
  Modelica.Mechanics.Translational.Components.Mass car(m=100, s(start=0, fixed=true), v(start=1, fixed=true));
  Modelica.Mechanics.Translational.Sources.ConstantForce brake(f_constant=-10);
  Modelica.Mechanics.Translational.Components.Mass cart(m=50, s(start=0, fixed=true), v(start=1, fixed=true));
  Modelica.Mechanics.Translational.Components.RollingResistance resistance(fWeight=50*9.81, CrConstant=0.01, reg=Modelica.Blocks.Types.Regularization.Linear, v0=1e-3);
equation
  connect(world.frame_b, rev.frame_a);
  connect(rev.frame_b, body.frame_a);
  connect(wheel.flange_b, rolling.flangeR);
  connect(rolling.flangeT, car.flange_a);
  connect(brake.flange, car.flange_b);
  connect(resistance.flange, cart.flange_a);
end flanges_user_extends;
