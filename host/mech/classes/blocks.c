// SPDX-License-Identifier: Apache-2.0
// Modelica.Blocks the simulator computes: Sources (Constant, Step, Ramp, Sine, Cosine,
// ContinuousClock) and Math (Gain, Add, Add3, Feedback, Product); any other block has its
// outputs only.
#include <stdio.h>

#include "mech_internal.h"

// a signal source that starts at startTime: offset + (t < startTime ? 0 : y)
static MbeSymId after_start(MbeMech* m, int comp, MbeSymId y, MbeStatus* st) {
  MbeSym* s = m->s;
  MbeSymId t0 = mbe_mech_param(m, comp, "startTime", st);
  MbeSymId off = mbe_mech_param(m, comp, "offset", st);
  MbeSymId t = mbe_sym_time(s);
  MbeSymId before = mbe_sym_sub(s, t0, t);
  MbeSymId sel = mbe_sym_op(s, MBE_SYM_SELECT, before, 0, y);
  return mbe_sym_add(s, off, sel);
}

static MbeSymId block_output(MbeMech* m, int comp, int elem, int depth, MbeStatus* st) {
  MbeSym* s = m->s;
  MbeSymId t = mbe_sym_time(s);
  switch (m->comps[comp].kind) {
    case MBE_MC_CONSTANT: return mbe_mech_param(m, comp, "k", st);
    case MBE_MC_CLOCK: {
      MbeSymId t0 = mbe_mech_param(m, comp, "startTime", st);
      MbeSymId dt = mbe_sym_sub(s, t, t0);
      return after_start(m, comp, dt, st);
    }
    case MBE_MC_STEP: return after_start(m, comp, mbe_mech_param(m, comp, "height", st), st);
    case MBE_MC_RAMP: {
      // height * min(max((t - startTime) / duration, 0), 1)
      MbeSymId h = mbe_mech_param(m, comp, "height", st);
      MbeSymId d = mbe_mech_param(m, comp, "duration", st);
      MbeSymId t0 = mbe_mech_param(m, comp, "startTime", st);
      MbeSymId dt = mbe_sym_sub(s, t, t0);
      MbeSymId x = mbe_sym_div(s, dt, d);
      MbeSymId one = mbe_sym_const(s, 1.0);
      MbeSymId lo = mbe_sym_op(s, MBE_SYM_MAX, x, 0, 0);
      MbeSymId c = mbe_sym_op(s, MBE_SYM_MIN, lo, one, 0);
      MbeSymId y = mbe_sym_mul(s, h, c);
      MbeSymId off = mbe_mech_param(m, comp, "offset", st);
      return mbe_sym_add(s, off, y);
    }
    case MBE_MC_SINE:
    case MBE_MC_COSINE: {
      MbeSymId a = mbe_mech_param(m, comp, "amplitude", st);
      MbeSymId fr = mbe_mech_param(m, comp, "f", st);
      MbeSymId ph = mbe_mech_param(m, comp, "phase", st);
      MbeSymId t0 = mbe_mech_param(m, comp, "startTime", st);
      MbeSymId twopi = mbe_sym_const(s, 2 * 3.14159265358979323846);
      MbeSymId w = mbe_sym_mul(s, twopi, fr);
      MbeSymId dt = mbe_sym_sub(s, t, t0);
      MbeSymId arg = mbe_sym_mul(s, w, dt);
      arg = mbe_sym_add(s, arg, ph);
      MbeSymId sn =
          mbe_sym_fn(s, m->comps[comp].kind == MBE_MC_SINE ? MBE_SYM_SIN : MBE_SYM_COS, arg);
      MbeSymId y = mbe_sym_mul(s, a, sn);
      return after_start(m, comp, y, st);
    }
    case MBE_MC_GAIN: {
      MbeSymId k = mbe_mech_param(m, comp, "k", st);
      MbeSymId u = mbe_mech_block_input(m, comp, "u", 0, depth, st);
      return mbe_sym_mul(s, k, u);
    }
    case MBE_MC_ADD:
    case MBE_MC_ADD3: {
      int n = m->comps[comp].kind == MBE_MC_ADD ? 2 : 3;
      MbeSymId acc = 0;
      for (int i = 0; i < n; i++) {
        char kn[8], un[8];
        snprintf(kn, sizeof kn, "k%d", i + 1);
        snprintf(un, sizeof un, "u%d", i + 1);
        MbeSymId k = mbe_mech_param(m, comp, kn, st);
        MbeSymId u = mbe_mech_block_input(m, comp, un, 0, depth, st);
        MbeSymId ku = mbe_sym_mul(s, k, u);
        acc = i == 0 ? ku : mbe_sym_add(s, acc, ku);
      }
      return acc;
    }
    case MBE_MC_FEEDBACK: {
      MbeSymId u1 = mbe_mech_block_input(m, comp, "u1", 0, depth, st);
      MbeSymId u2 = mbe_mech_block_input(m, comp, "u2", 0, depth, st);
      return mbe_sym_sub(s, u1, u2);
    }
    case MBE_MC_PRODUCT: {
      MbeSymId u1 = mbe_mech_block_input(m, comp, "u1", 0, depth, st);
      MbeSymId u2 = mbe_mech_block_input(m, comp, "u2", 0, depth, st);
      return mbe_sym_mul(s, u1, u2);
    }
    default:
      if (*st == MBE_OK) {
        *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, comp,
                             "its output cannot drive an input yet (only signal sources and "
                             "math blocks can)");
      }
      (void)elem;
      return 0;
  }
}

const MbeMechClass mbe_mc_block = {.role = MBE_ROLE_BLOCK, .block = block_output};
const MbeMechClass mbe_mc_other_block = {.role = MBE_ROLE_NONE};
