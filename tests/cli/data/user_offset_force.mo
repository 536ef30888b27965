model UserOffsetForce "a user's world force at an offset point (PartialOneFrame_a, resolve2 and cross) against the MSL's WorldForce on a FixedTranslation"
  model OffsetForce "the world force F at r (frame_a coordinates): f = -resolve2(R, F), t = cross(r, f)"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_a;
    parameter Real F[3] = {1, 2, 0.5} "N, world";
    parameter Real r[3] = {0.2, 0.1, 0.05} "m, frame_a";
  equation
    frame_a.f = -Modelica.Mechanics.MultiBody.Frames.resolve2(frame_a.R, F);
    frame_a.t = cross(r, frame_a.f);
  end OffsetForce;
  inner Modelica.Mechanics.MultiBody.World world;
  // the reference: the catalogue's WorldForce at the end of a FixedTranslation
  Modelica.Mechanics.MultiBody.Joints.Spherical sphA(angles_fixed = true, w_rel_a_fixed = true,
    angles_start = {0.3, -0.2, 0.4}, w_rel_a_start = {0.5, -1, 2});
  Modelica.Mechanics.MultiBody.Parts.Body bodyA(m = 1, r_CM = {0.5, 0, 0}, I_11 = 0.01, I_22 = 0.02, I_33 = 0.03);
  Modelica.Mechanics.MultiBody.Parts.FixedTranslation armA(r = {0.2, 0.1, 0.05});
  Modelica.Mechanics.MultiBody.Forces.WorldForce forceA;
  Modelica.Blocks.Sources.Constant fx(k = 1), fy(k = 2), fz(k = 0.5);
  // the user's component
  Modelica.Mechanics.MultiBody.Joints.Spherical sphB(angles_fixed = true, w_rel_a_fixed = true,
    angles_start = {0.3, -0.2, 0.4}, w_rel_a_start = {0.5, -1, 2});
  Modelica.Mechanics.MultiBody.Parts.Body bodyB(m = 1, r_CM = {0.5, 0, 0}, I_11 = 0.01, I_22 = 0.02, I_33 = 0.03);
  OffsetForce forceB;
equation
  connect(world.frame_b, sphA.frame_a);
  connect(sphA.frame_b, bodyA.frame_a);
  connect(bodyA.frame_a, armA.frame_a);
  connect(armA.frame_b, forceA.frame_b);
  connect(fx.y, forceA.force[1]);
  connect(fy.y, forceA.force[2]);
  connect(fz.y, forceA.force[3]);
  connect(world.frame_b, sphB.frame_a);
  connect(sphB.frame_b, bodyB.frame_a);
  connect(bodyB.frame_a, forceB.frame_a);
end UserOffsetForce;
