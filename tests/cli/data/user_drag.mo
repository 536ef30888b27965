model UserDrag "a spinning free body that falls and slides against a user's linear drag (PartialOneFrame_a), lifted by a user's world force (PartialOneFrame_b), its spin damped by a user's torque (PartialOneFrame_a)"
  model Drag "f = -k v at the body's frame, v from der(frame_a.r_0), resolved into the turning frame"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_a;
    parameter Real k = 0.5 "N.s/m";
    Real v[3] "velocity of frame_a, world";
  equation
    v = der(frame_a.r_0);
    frame_a.f = k*Modelica.Mechanics.MultiBody.Frames.resolve2(frame_a.R, v);
    frame_a.t = zeros(3);
  end Drag;
  model Lift "a constant upward force F (world), resolved into the turning frame_b"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_b;
    parameter Real F = 4 "N";
  equation
    frame_b.f = -Modelica.Mechanics.MultiBody.Frames.resolve2(frame_b.R, {0, F, 0});
    frame_b.t = zeros(3);
  end Lift;
  model SpinDrag "a torque against the spin; the angular velocity from skew(w) = T der(T)'"
    extends Modelica.Mechanics.MultiBody.Interfaces.PartialOneFrame_a;
    parameter Real d = 0.05 "N.m.s/rad";
    Real w[3] "rad/s, resolved in frame_a";
  equation
    w[1] = frame_a.R.T[3, 1]*der(frame_a.R.T[2, 1]) + frame_a.R.T[3, 2]*der(frame_a.R.T[2, 2])
      + frame_a.R.T[3, 3]*der(frame_a.R.T[2, 3]);
    w[2] = frame_a.R.T[1, 1]*der(frame_a.R.T[3, 1]) + frame_a.R.T[1, 2]*der(frame_a.R.T[3, 2])
      + frame_a.R.T[1, 3]*der(frame_a.R.T[3, 3]);
    w[3] = frame_a.R.T[2, 1]*der(frame_a.R.T[1, 1]) + frame_a.R.T[2, 2]*der(frame_a.R.T[1, 2])
      + frame_a.R.T[2, 3]*der(frame_a.R.T[1, 3]);
    frame_a.t = d*w;
    frame_a.f = zeros(3);
  end SpinDrag;
  inner Modelica.Mechanics.MultiBody.World world;
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = {0, 0, 0},
    I_11 = 0.2, I_22 = 0.2, I_33 = 0.2,
    v_0(start = {3, 0, 0}, each fixed = true), r_0(each fixed = true),
    w_0_fixed = true, w_0_start = {1, 2, 0.5});
  Drag drag;
  Lift lift;
  SpinDrag spin;
equation
  connect(body.frame_a, drag.frame_a);
  connect(lift.frame_b, body.frame_a);
  connect(body.frame_a, spin.frame_a);
end UserDrag;
