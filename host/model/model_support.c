// SPDX-License-Identifier: Apache-2.0
// What the flattener does not simulate yet, reported when a class being flattened reaches it.
// The parser keeps the whole Modelica 3.6 grammar in the tree (a library may use anything); a
// construct matters only in a class that the simulated model instantiates or extends.
#include <string.h>

#include "model.h"

static MbeStatus unsupported(MbeError* err, MbeLoc loc, const char* what, const char* hint) {
  return mbe_error_at(err, MBE_ERR_UNSUPPORTED, loc, "%s is not supported by mbens%s%s", what,
                      hint ? "; " : "", hint ? hint : "");
}

static MbeStatus check_equation(const MbeEquation* eq, MbeError* err) {
  switch (eq->kind) {
    case MBE_EQ_CONNECT:
    case MBE_EQ_SIMPLE:
      if (eq->lhs && eq->lhs->kind == MBE_EX_TUPLE) {
        return unsupported(err, eq->loc, "an equation with several outputs '(a, b) = f(x)'",
                           NULL);
      }
      return MBE_OK;
    case MBE_EQ_IF:
    case MBE_EQ_FOR:
    case MBE_EQ_CALL: return MBE_OK;  // resolved while flattening (model_unroll.c)
    case MBE_EQ_WHEN: return unsupported(err, eq->loc, "a when-equation (discrete events)", NULL);
    default: return unsupported(err, eq->loc, "this equation", NULL);
  }
}

static MbeStatus check_component(const MbeComp* c, MbeError* err) {
  if (c->is_stream) {
    return unsupported(err, c->prefix_loc, "a 'stream' connector variable", NULL);
  }
  return MBE_OK;
}

// the class itself: its kind, its sections, its own declarations (not its nested classes)
static MbeStatus check_class_kind(const MbeClass* cls, MbeError* err) {
  if (cls->is_expandable) {
    return unsupported(err, cls->prefix_loc, "an expandable connector", NULL);
  }
  if (cls->is_operator || cls->restriction == MBE_CLASS_OPERATOR) {
    return unsupported(err, cls->prefix_loc, "an operator or operator record", NULL);
  }
  if (cls->is_class_extends) {
    return unsupported(err, cls->loc, "a class extending a redeclared class ('model extends X')",
                       NULL);
  }
  if (cls->short_der) {
    return unsupported(err, cls->loc, "a derivative function 'der(f, x)'", NULL);
  }
  if (cls->is_open_enumeration) {
    return unsupported(err, cls->loc, "an unspecified enumeration 'enumeration(:)'", NULL);
  }
  return MBE_OK;
}

MbeStatus mbe_class_check_supported(const MbeClass* cls, MbeError* err) {
  MbeStatus st = check_class_kind(cls, err);
  if (st != MBE_OK) {
    return st;
  }
  if (cls->restriction != MBE_CLASS_FUNCTION) {
    if (cls->nalgorithms) {
      return unsupported(err, cls->algorithms[0].loc, "an algorithm section",
                         "write the relations as equations");
    }
    if (cls->external) {
      return unsupported(err, cls->external->loc, "an external function", NULL);
    }
  }
  for (size_t i = 0; i < cls->ncomps; i++) {
    if ((st = check_component(&cls->comps[i], err)) != MBE_OK) {
      return st;
    }
  }
  for (size_t i = 0; i < cls->neqs; i++) {
    if ((st = check_equation(&cls->eqs[i], err)) != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}
