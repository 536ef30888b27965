// SPDX-License-Identifier: Apache-2.0
// Quantities of interest as users write them: expressions over aggregates of signals in time
// (max(abs(rev1.phi - rev2.phi)), final(body.r_0[1]) / L, integral(tau * w), rms(x),
// time_at_max(x), cross_up(x, L)) and parameters. Compiled into the aggregates the kernels
// compute on the output grid (kernels/reduce/mbe_qoi.h), each of an output the system's DAG
// computes, and the formula that combines a member's aggregates into its quantities.
#ifndef MBE_ENSEMBLE_QOI_H
#define MBE_ENSEMBLE_QOI_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "mech.h"
#include "sym.h"

// A set of quantities of interest of one system. The formulas live in their own DAG whose
// parameter k is aggregate k's value for the member.
typedef struct MbeQoiSet {
  MbeSym formula;      // quantity j is node qoi[j]; PARAM k = aggregate k
  size_t nagg;         // aggregates the kernels compute per member
  int32_t* agg_code;   // (nagg) MbeQoiKind
  MbeSymId* agg_node;  // (nagg) the system DAG node whose values it aggregates (an output)
  double* agg_level;   // (nagg) the level of crossings, 0 for the others
  size_t nqoi;
  MbeSymId* qoi;  // (nqoi) node in formula
  char** name;    // (nqoi) the text as written, blanks removed (members.csv's header)
  size_t cap_agg, cap_qoi;
} MbeQoiSet;

void mbe_qoi_set_init(MbeQoiSet* q);
void mbe_qoi_set_deinit(MbeQoiSet* q);

// Compiles the quantity written as text and appends it to q: the expressions inside aggregates
// become nodes of sys's DAG (to be generated as outputs), the aggregates are shared by quantities
// that use the same one. Grammar: numbers, + - * / ^ (right-associative), parentheses, the
// functions abs sqrt sin cos tan asin acos atan exp log log10 atan2(a,b) min(a,b) max(a,b), the
// aggregates final initial min max mean integral rms time_at_min time_at_max of one argument and
// cross cross_up cross_down (x, level) of signals, parameters and `time`; outside an aggregate
// only parameters (signals constant in time) and numbers. Aggregates do not nest. Errors
// (MBE_ERR_USAGE) carry the 1-based column of the text in err->column and say what is wrong
// there (unknown names with the nearest signal); MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_qoi_add(MbeQoiSet* q, MbeSystem* sys, const char* text, MbeError* err);

// The quantities of one member from its aggregates agg[nagg] into out[nqoi]; scratch holds
// q->formula.nnodes values. NaN aggregates (a failed member) give NaN quantities.
void mbe_qoi_eval(const MbeQoiSet* q, const double* agg, double* scratch, double* out);

#endif
