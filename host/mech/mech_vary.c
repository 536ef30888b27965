// SPDX-License-Identifier: Apache-2.0
// Varied parameters that would change nothing: a parameter varied per member whose value reaches
// no state derivative, no initial state, no convergence test and no output of the built system
// (only the animation reads it, or the model's flags switch off what would) is refused with the
// reason, never run N times to the same result.
#include <stdio.h>
#include <string.h>

#include "mech_internal.h"

// marks in used the cones of the system's results: the state derivatives, the initial state, the
// junctions' failure test, the asserts the run checks and every signal except the parameters' own values (signals
// [param_sig0, param_sig1)); then records in hit (nvary) the varied parameters met
static void sweep(const MbeMech* m, unsigned char* used, bool* hit) {
  const MbeSym* s = m->s;
  for (size_t i = 0; i < m->nx; i++) {
    used[m->xdot[i]] = 1;
    if (m->x0sym[i] != MBE_SYM_NONE) {
      used[m->x0sym[i]] = 1;
    }
  }
  if (m->fail > 0) {
    used[m->fail] = 1;
  }
  for (size_t i = 0; i < m->nasserts; i++) {
    used[m->asserts[i].cond] = 1;
  }
  for (size_t i = 0; i < m->nsigs; i++) {
    if (i < m->param_sig0 || i >= m->param_sig1) {
      used[m->sigs[i].id] = 1;
    }
  }

  // operands come before their users: one pass from the last node down
  for (size_t i = s->nnodes; i-- > 0;) {
    const MbeSymNode* n = &s->nodes[i];
    if (!used[i]) {
      continue;
    }
    if (n->op == MBE_SYM_PARAM && (size_t)n->index < m->nvary) {
      hit[n->index] = true;
    }
    for (int k = 0; k < mbe_sym_op_arity((MbeSymOp)n->op); k++) {
      used[n->arg[k]] = 1;
    }
  }
}

// the Boolean flag "X_fixed" next to a start parameter "X_start" (body.z_0_start ->
// body.z_0_fixed) when the model sets it false, else -1
static int false_fixed_flag(const MbeMech* m, const MbeVar* v) {
  size_t n = strlen(v->name);
  if (n < 6 || strcmp(v->name + n - 6, "_start") != 0) {
    return -1;
  }
  char name[512];
  snprintf(name, sizeof name, "%.*s_fixed", (int)(n - 6), v->name);
  int f = mbe_mech_var(m, name);
  if (f < 0) {
    return -1;
  }
  const MbeVar* fv = &m->flat->vars[f];
  bool is_false = fv->type == MBE_T_BOOLEAN && fv->eval_state == 2 && fv->value.num &&
                  fv->value.n > 0 && fv->value.num[0] == 0;
  return is_false ? f : -1;
}

// the refusal of varied parameter k, which reaches nothing: why, at the parameter's declaration
// (moved to the user's line that sets it or declares its component)
static MbeStatus refuse(MbeMech* m, size_t k) {
  const MbeVaried* q = &m->flat->vary[k];
  const MbeVar* v = &m->flat->vars[q->var];
  char label[700];
  mbe_flat_varied_label(m->flat, k, label, sizeof label);
  int flag = false_fixed_flag(m, v);
  if (v->is_visual) {
    mbe_error_at(m->err, MBE_ERR_USAGE, v->loc,
                 "%s only affects the animation: no quantity the simulator computes depends on "
                 "it, so varying it would change nothing (mbens check --all lists these "
                 "parameters apart)",
                 label);
  } else if (flag >= 0) {
    mbe_error_at(m->err, MBE_ERR_USAGE, v->loc,
                 "%s changes no simulated quantity: with %s = false it is only a guess, and "
                 "nothing the simulator computes reads it",
                 label, m->flat->vars[flag].name);
  } else {
    mbe_error_at(m->err, MBE_ERR_USAGE, v->loc,
                 "%s changes no simulated quantity: with this model's flags and other values "
                 "(a structural choice, a zero it multiplies, an output nothing reads) no state, "
                 "initial state or output the simulator computes depends on it",
                 label);
  }
  mbe_flat_error_at_var(m->flat, q->var, q->is_start ? MBE_ATTR_START : -1, m->err);
  return MBE_ERR_USAGE;
}

MbeStatus mbe_mech_check_varied(MbeMech* m) {
  if (m->nvary == 0) {
    return MBE_OK;
  }
  unsigned char* used = mbe_calloc(m->s->nnodes + 1, 1);
  bool* hit = mbe_calloc(m->nvary, sizeof *hit);
  MbeStatus st = MBE_OK;
  if (!used || !hit) {
    st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  } else {
    sweep(m, used, hit);
  }
  for (size_t k = 0; k < m->nvary && st == MBE_OK; k++) {
    if (!hit[k]) {
      st = refuse(m, k);
    }
  }
  mbe_free(used);
  mbe_free(hit);
  return st;
}
