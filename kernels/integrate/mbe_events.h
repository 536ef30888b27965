// SPDX-License-Identifier: Apache-2.0
// State and time events: what a system's changes of mode are made of (mbe_zc) holds its value, the
// member's mode w[i], between events, so every step sees one smooth right-hand side. Relations
// (i < MBE_RHS_NZ) hold while z[i] > 0; counts (MBE_RHS_NZ <= i < MBE_RHS_NE) are floor(z[i]),
// Modelica's floor of time or the states (a periodic source's period number). After a step, a
// mode that differs from its value says an event lies inside the step: the drivers
// (mbe_integrate.h) locate its time on the step's interpolant by bisection to the resolution of
// the time axis, end the step there, take the new modes at that point and restart. Results then
// do not depend on where a step happened to land. The system must be defined before inclusion;
// one without mbe_zc has no events.
#ifndef MBE_EVENTS_H
#define MBE_EVENTS_H

#include "mbe_real.h"

#if !defined(MBE_RHS_NZ)
#define MBE_RHS_NZ 0
#define MBE_RHS_NC 0
// relation i holds while z[i] > 0 (a system without events has none)
MBE_FN int mbe_zc(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* z, mbe_real* w,
                  mbe_int* iw) {
  (void)t;
  (void)x;
  (void)p;
  (void)z;
  (void)w;
  (void)iw;
  return 0;
}
#endif
#if !defined(MBE_RHS_NC)
#define MBE_RHS_NC 0
#endif
// the modes: relations, then counts
#define MBE_RHS_NE (MBE_RHS_NZ + MBE_RHS_NC)

// the most halvings of one location: a step's time axis has fewer representable points
#define MBE_EVENT_BISECTIONS 64

// mode i's value from its z
MBE_FN mbe_real mbe_event_mode(mbe_int i, mbe_real z) {
  if (i >= MBE_RHS_NZ) {
    return mbe_floor(z);
  }
  return z > MBE_R(0.0) ? MBE_R(1.0) : MBE_R(0.0);
}

// Sets the modes w[0 .. MBE_RHS_NE) to their values at (t, x). A relation may read another mode
// (a limiter fed by a step, a pulse's window its period number), so the values are taken again
// with the new modes until none changes (an event iteration; at most MBE_RHS_NE + 1 passes, as
// each pass settles at least the modes that read no unsettled one). Returns mbe_zc's status.
MBE_FN int mbe_event_modes(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* w,
                           mbe_int* iw) {
  mbe_real z[MBE_RHS_NE > 0 ? MBE_RHS_NE : 1];
  int rc = 0, changed = 1;
  for (mbe_int pass = 0; rc == 0 && changed && pass <= MBE_RHS_NE; pass++) {
    rc = mbe_zc(t, x, p, z, w, iw);
    changed = 0;
    for (mbe_int i = 0; rc == 0 && i < MBE_RHS_NE; i++) {
      const mbe_real now = mbe_event_mode(i, z[i]);
      changed = changed || now != w[i];
      w[i] = now;
    }
  }
  return rc;
}

// *changed = 1 when some mode's value at (t, x) differs from the mode. Returns mbe_zc's status
// (*changed is then 0).
MBE_FN int mbe_event_changed(mbe_real t, const mbe_real* x, const mbe_real* p, mbe_real* w,
                             mbe_int* iw, int* changed) {
  mbe_real z[MBE_RHS_NE > 0 ? MBE_RHS_NE : 1];
  *changed = 0;
  const int rc = mbe_zc(t, x, p, z, w, iw);
  for (mbe_int i = 0; rc == 0 && i < MBE_RHS_NE; i++) {
    *changed = *changed || mbe_event_mode(i, z[i]) != w[i];
  }
  return rc;
}

// Cubic Hermite interpolation on a step from (x0, f0) to (x1, f1) of size h at theta in [0, 1]
// (RK4 has no continuous extension of its own; the cubic keeps the location third order).
MBE_FN void mbe_event_hermite(mbe_real theta, mbe_real h, const mbe_real* x0, const mbe_real* f0,
                              const mbe_real* x1, const mbe_real* f1, mbe_real* xout) {
  const mbe_real th1 = theta - MBE_R(1.0);
  const mbe_real h00 = (MBE_R(1.0) + MBE_R(2.0) * theta) * th1 * th1;
  const mbe_real h10 = theta * th1 * th1;
  const mbe_real h01 = theta * theta * (MBE_R(3.0) - MBE_R(2.0) * theta);
  const mbe_real h11 = theta * theta * th1;
  for (mbe_int i = 0; i < MBE_RHS_NX; i++) {
    xout[i] = h00 * x0[i] + h * h10 * f0[i] + h01 * x1[i] + h * h11 * f1[i];
  }
}

#endif
