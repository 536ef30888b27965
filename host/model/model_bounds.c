// SPDX-License-Identifier: Apache-2.0
// The model's own parameter values checked against the min and max their declarations (or their
// types, such as SI.Mass) state, once every value is known: a value outside them is an error at
// the binding that gives it. Varied values are checked where they are drawn (mbens run).
#include <stdio.h>
#include <string.h>

#include "model.h"

void mbe_var_element_name(const MbeVar* v, size_t elem, const char* suffix, char* buf,
                          size_t size) {
  if (v->ndims == 0) {
    snprintf(buf, size, "%s%s", v->name, suffix);
    return;
  }
  int idx[MBE_MAX_DIMS];
  size_t r = elem;
  for (int d = v->ndims; d-- > 0;) {
    idx[d] = (int)(r % (size_t)v->dims[d]) + 1;
    r /= (size_t)v->dims[d];
  }
  size_t len = (size_t)snprintf(buf, size, "%s[", v->name);
  for (int d = 0; d < v->ndims && len < size; d++) {
    len += (size_t)snprintf(buf + len, size - len, "%s%d", d ? "," : "", idx[d]);
  }
  if (len < size) {
    snprintf(buf + len, size - len, "]%s", suffix);
  }
}

// element elem of bound attribute a of v, or false when v declares none
static bool bound(const MbeVar* v, MbeAttr a, size_t elem, double* out) {
  const MbeValue* b = &v->attr_value[a];
  if (!v->has_attr_value[a] || b->n == 0 || !b->num) {
    return false;
  }
  *out = b->num[b->n > elem ? elem : 0];
  return true;
}

// the first element of v outside its min or max, as an error at the binding that gives the value
static MbeStatus check_var(const MbeFlat* f, int vi, MbeError* err) {
  const MbeVar* v = &f->vars[vi];
  for (size_t i = 0; i < v->value.n; i++) {
    double x = v->value.num[i], lo, hi;
    bool below = bound(v, MBE_ATTR_MIN, i, &lo) && x < lo;
    bool above = !below && bound(v, MBE_ATTR_MAX, i, &hi) && x > hi;
    if (!below && !above) {
      continue;
    }
    char name[320], xs[32], bs[32];
    mbe_var_element_name(v, i, "", name, sizeof name);
    mbe_format_shortest(x, xs, sizeof xs);
    mbe_format_shortest(below ? lo : hi, bs, sizeof bs);
    MbeAttr a = below ? MBE_ATTR_MIN : MBE_ATTR_MAX;
    MbeLoc decl = v->attr[a].expr ? v->attr[a].loc : v->loc;
    MbeLoc at = v->binding.expr ? v->binding.loc : v->loc;
    mbe_error_at(err, MBE_ERR_MODEL, at, "%s = %s is %s its declared %s = %s (%s:%d:%d)", name, xs,
                 below ? "below" : "above", below ? "min" : "max", bs, decl.file, decl.line,
                 decl.col);
    mbe_flat_error_at_var(f, vi, -1, err);
    return MBE_ERR_MODEL;
  }
  return MBE_OK;
}

// a numeric parameter whose value the model fixes (not one the initialization computes)
static bool is_checked(const MbeVar* v) {
  return v->variability == MBE_VAR_PARAMETER && !v->is_free && v->eval_state == 2 && v->value.num &&
         (v->type == MBE_T_REAL || v->type == MBE_T_INTEGER);
}

MbeStatus mbe_flat_check_bounds(const MbeFlat* f, MbeError* err) {
  // the values users write first, so that an error lands on their binding rather than on a
  // library binding computed from it; then every other value
  for (int pass = 0; pass < 2; pass++) {
    for (size_t i = 0; i < f->nvars; i++) {
      const MbeVar* v = &f->vars[i];
      bool user = v->binding.expr && mbe_spec_is_user_file(f->spec, v->binding.loc.file);
      if (is_checked(v) && user == (pass == 0)) {
        MbeStatus st = check_var(f, (int)i, err);
        if (st != MBE_OK) {
          return st;
        }
      }
    }
  }
  return MBE_OK;
}
