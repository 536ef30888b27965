model UserForceSource "a mass on a prismatic joint held by a user's force law against its support (Translational PartialForce)"
  model Holder "f = c s + d der(s), s measured from the support: the MSL's f = flange.f is the force on the holder, so the mass feels -f"
    extends Modelica.Mechanics.Translational.Interfaces.PartialForce(useSupport = true);
    parameter Real c = 18 "N/m";
    parameter Real d = 1.2 "N.s/m";
  equation
    f = c*s + d*der(s);
  end Holder;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n = {1, 0, 0}, useAxisFlange = true,
    s(start = 0.3, fixed = true), v(start = 0, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0});
  Holder holder;
equation
  connect(world.frame_b, slider.frame_a);
  connect(slider.frame_b, body.frame_a);
  connect(holder.flange, slider.axis);
  connect(holder.support, slider.support);
end UserForceSource;
