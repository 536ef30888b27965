// SPDX-License-Identifier: Apache-2.0
// libmbens from a program of one's own: compile a model once, evaluate three batches with it.
//
//   cc evaluate_batches.c $(pkg-config --cflags --libs mbens) -o evaluate_batches
//   ./evaluate_batches DoublePendulum.mo damper.d 'max(abs(revolute2.phi))'
//
// Each batch sweeps the parameter over [nominal/2, 2 nominal] with more members than the one
// before (1, 64, 4096) and prints the smallest and largest quantity and the failed members.
#include <mbe.h>
#include <stdio.h>
#include <stdlib.h>

static int fail(const MbeError* err) {
  if (err->file[0] != '\0') {
    fprintf(stderr, "%s:%d:%d: ", err->file, err->line, err->column);
  }
  fprintf(stderr, "error: %s\n", err->message);
  return 1;
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s MODEL.mo PARAMETER QUANTITY\n", argv[0]);
    return 2;
  }
  MbeError err;
  MbeModelDef md = mbe_model_def_default();
  const char* files[] = {argv[1]};
  md.files = files;
  md.nfiles = 1;
  MbeModel* model = NULL;
  if (mbe_model_load(&md, &model, &err) != MBE_OK) {
    return fail(&err);
  }
  MbeEvaluatorDef ed = mbe_evaluator_def_default(model);
  const char* vary[] = {argv[2]};
  const char* qoi[] = {argv[3]};
  ed.vary = vary;
  ed.nvary = 1;
  ed.qoi = qoi;
  ed.nqoi = 1;
  MbeEvaluator* ev = NULL;
  if (mbe_evaluator_create(model, &ed, &ev, &err) != MBE_OK) {
    mbe_model_destroy(model);
    return fail(&err);
  }
  MbeParamInfo p0;
  mbe_evaluator_param(ev, 0, &p0);
  printf("libmbens %s: %s, %s = %g %s varied\n", mbe_version(), mbe_model_name(model), p0.name,
         p0.nominal, p0.unit);

  const size_t sizes[] = {1, 64, 4096};
  int rc = 0;
  for (size_t b = 0; b < 3 && rc == 0; b++) {
    size_t n = sizes[b];
    double* p = malloc(n * sizeof *p);
    double* q = malloc(n * sizeof *q);
    int32_t* status = malloc(n * sizeof *status);
    for (size_t k = 0; k < n; k++) {
      p[k] = n == 1 ? p0.nominal : p0.nominal * (0.5 + 1.5 * (double)k / (double)(n - 1));
    }
    MbeEvalBatch batch = {.n = n, .p = p, .qoi = q, .status = status};
    if (mbe_evaluator_run(ev, &batch, &err) != MBE_OK) {
      rc = fail(&err);
    } else {
      double lo = q[0], hi = q[0];
      size_t failed = 0;
      for (size_t k = 0; k < n; k++) {
        lo = q[k] < lo ? q[k] : lo;
        hi = q[k] > hi ? q[k] : hi;
        failed += status[k] != 0;
      }
      printf("batch of %4zu: %s from %.6g to %.6g, %zu failed\n", n, mbe_evaluator_qoi_name(ev, 0),
             lo, hi, failed);
    }
    free(p), free(q), free(status);
  }
  mbe_evaluator_destroy(ev);
  mbe_model_destroy(model);
  return rc;
}
