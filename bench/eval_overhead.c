// SPDX-License-Identifier: Apache-2.0
// The fixed cost of one evaluator call (mbe_evaluator_run) over the bare launch of the same
// members on the same compiled program (mbe_program_run_batch): parameter copies, bounds checks,
// the quantities' formulas. The MSL double pendulum (or MODEL), damper.d varied, one quantity;
// members 1, 64, 4096; the median of REPS calls each.
//   eval_overhead [MODEL.mo] [PARAM] [QOI] [STOP_TIME]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "ensemble_api.h"
#include "mbe.h"
#include "mbe_layout.h"

static int cmp(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

static double median(double* t, int n) {
  qsort(t, (size_t)n, sizeof *t, cmp);
  return t[n / 2];
}

int main(int argc, char** argv) {
  const char* model = argc > 1 ? argv[1]
                               : "models/msl/Modelica/Mechanics/MultiBody/Examples/"
                                 "Elementary/DoublePendulum.mo";
  const char* vary[] = {argc > 2 ? argv[2] : "damper.d"};
  const char* qoi[] = {argc > 3 ? argv[3] : "max(abs(revolute2.phi))"};
  MbeError err;
  MbeModelDef md = mbe_model_def_default();
  md.files = &model;
  md.nfiles = 1;
  MbeModel* m = NULL;
  MbeEvaluator* ev = NULL;
  MbeEvaluatorDef ed = mbe_evaluator_def_default(NULL);
  if (mbe_model_load(&md, &m, &err) == MBE_OK) {
    ed = mbe_evaluator_def_default(m);
    ed.vary = vary, ed.nvary = 1, ed.qoi = qoi, ed.nqoi = 1;
    if (argc > 4) {
      ed.run.t1 = ed.run.t0 + atof(argv[4]);
    }
  }
  if (!m || mbe_evaluator_create(m, &ed, &ev, &err) != MBE_OK) {
    fprintf(stderr, "eval_overhead: %s\n", err.message);
    return 1;
  }
  MbeParamInfo pi;
  mbe_evaluator_param(ev, 0, &pi);
  printf("%s, %s varied, %s, %g s, %zu output points\n", mbe_model_name(m), pi.name, qoi[0],
         ed.run.t1 - ed.run.t0, mbe_evaluator_nout(ev));
  printf("%8s %14s %14s %14s\n", "members", "launch_us", "call_us", "fixed_us");
  const size_t sizes[] = {1, 64, 4096};
  for (size_t s = 0; s < 3; s++) {
    size_t n = sizes[s];
    int reps = n == 4096 ? 15 : 201;
    double *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q), *pp, *agg;
    int32_t* status = malloc(n * sizeof *status);
    int32_t* info = malloc(n * MBE_INFO_COUNT * sizeof *info);
    double *tl = malloc((size_t)reps * sizeof *tl), *tc = malloc((size_t)reps * sizeof *tc);
    for (size_t k = 0; k < n; k++) {
      p[k] = pi.nominal;
    }
    MbeReduceDef red;
    if (mbe_evaluator_launch_arrays(ev, n, &red, &pp, &agg, &err) != MBE_OK) {
      return 1;
    }
    MbeBatch bt = {.n = n, .p = pp, .info = info, .qoi = agg};
    MbeEvalBatch b = {.n = n, .p = p, .qoi = q, .status = status};
    for (int r = -2; r < reps; r++) {  // two calls of each to warm up
      double t0 = mbe_seconds();
      mbe_program_run_batch(mbe_evaluator_program(ev), mbe_evaluator_run_def(ev), &red, &bt, &err);
      double t1 = mbe_seconds();
      mbe_evaluator_run(ev, &b, &err);
      double t2 = mbe_seconds();
      if (r >= 0) {
        tl[r] = (t1 - t0) * 1e6;
        tc[r] = (t2 - t1) * 1e6;
      }
    }
    double ml = median(tl, reps), mc = median(tc, reps);
    printf("%8zu %14.1f %14.1f %14.1f\n", n, ml, mc, mc - ml);
    free(p), free(q), free(status), free(info), free(tl), free(tc);
    mbe_free(pp), mbe_free(agg);
  }
  mbe_evaluator_destroy(ev);
  mbe_model_destroy(m);
  return 0;
}
