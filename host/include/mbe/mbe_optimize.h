// SPDX-License-Identifier: Apache-2.0
// Design optimization over an evaluator: CMA-ES (analysis/mbe_cmaes.h) in the box of the varied
// parameters, each generation's population evaluated as one batch on the backend, IPOP restarts
// with doubled populations while the budget lasts. The objective and the constraints are
// quantities of interest in mbens run's grammar ("max(abs(rev.phi))"; "final(x) <= 0.1",
// "integral(tau^2) >= 2 * final(E)"); a constraint's two sides are quantities of their own, so
// errors point into the text the user wrote.
#ifndef MBE_OPTIMIZE_H
#define MBE_OPTIMIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mbe_evaluator.h"
#include "mbe_export.h"

MBE_BEGIN_DECLS

// where an optimization stands after a generation
typedef struct MbeOptimizeStep {
  int restart;                  // 0 for the first run, then 1, 2, ...
  size_t generation;            // in this run
  size_t evaluations;           // members evaluated in all
  size_t population;            // this run's population
  double sigma;                 // the step size (unit box)
  double gen_best, gen_median;  // the generation's best and median objective (feasible ones;
                                // NaN where none is)
  size_t feasible, failed;      // members of the generation meeting the constraints; failing
  double best_f, best_v;        // the best so far: objective (as stated: maximized values are
                                // not negated) and violation (0: feasible)
  const double* best_p;         // (nvary) its parameters
} MbeOptimizeStep;

typedef MbeStatus MbeOptimizeProgressFn(void* ctx, const MbeOptimizeStep* s, MbeError* err);

typedef struct MbeOptimizeDef {
  const MbeModel* model;
  const char* const* vary;  // (nvary) the parameters, searched within [lo, hi]
  const double* lo;
  const double* hi;
  size_t nvary;
  const char* objective;           // a quantity of interest
  bool maximize;                   // default: minimize
  const char* const* constraints;  // (nconstraints) "LEFT <= RIGHT" or "LEFT >= RIGHT"
  size_t nconstraints;
  MbeRunDef run;
  MbeBackendDef backend;
  MbePrecision precision;
  size_t budget;      // members to evaluate in all (default 0: 200 (nvary + 1)^2)
  size_t population;  // of the first run; 0: 4 + 3 ln(nvary)
  int restarts;       // IPOP restarts after the first run stops (default 4)
  uint64_t seed;
  double sigma0;        // the first step on the unit scale of each parameter's range (0.3)
  double tolfun;        // a run stops when its values span less (1e-12)
  const char* history;  // a CSV of every generation, or NULL
  MbeOptimizeProgressFn* progress;  // after every generation, or NULL; an error stops
  void* ctx;
} MbeOptimizeDef;

// the defaults (run settings from the model's annotation, OpenMP); fill the rest
MBE_API MbeOptimizeDef mbe_optimize_def_default(const MbeModel* m);

typedef struct MbeOptimizeResult {
  double* p;    // (nvary) the best parameters, owned (mbe_free)
  double f, v;  // their objective and constraint violation (0: feasible)
  double* g;    // (nconstraints) LEFT - RIGHT of each constraint there, owned
  size_t evaluations;
  int restarts;      // restarts begun
  const char* stop;  // why the last run stopped: "budget", "tolfun", "tolx", ...
} MbeOptimizeResult;

// Runs the optimization. Errors: those of mbe_evaluator_create (a parameter that cannot vary, a
// quantity or a constraint that does not parse: MBE_ERR_USAGE naming it), MBE_ERR_USAGE for a
// bad box or a constraint without <= or >=, the backend's. Nullable: err.
MBE_API MbeStatus mbe_optimize(const MbeOptimizeDef* def, MbeOptimizeResult* out, MbeError* err);

MBE_API void mbe_optimize_result_deinit(MbeOptimizeResult* r);

// Writes the best parameters as NAME=VALUE lines (%.17g) under # comments saying what they
// achieve, the file `mbens simulate --override @FILE` reads. Errors: MBE_ERR_IO.
MBE_API MbeStatus mbe_optimize_write_best(const char* path, const MbeOptimizeDef* def,
                                  const MbeOptimizeResult* r, MbeError* err);

MBE_END_DECLS

#endif
