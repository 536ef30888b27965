// SPDX-License-Identifier: Apache-2.0
// Models of the public API: loaded from files and libraries, flattened and built once with
// nothing varied, and listed (parameters with their bounds, units and whether they may vary;
// the states' start values; signals; the experiment's run settings).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "ensemble_api.h"
#include "mbe.h"
#include "mbe_layout.h"
#include "model.h"

#define MBE_MODEL_COOKIE 0x6d626d64

#ifndef MBE_VERSION
#define MBE_VERSION "0.0.0"
#endif

// the public names of the member records are the kernels'
#define SAME_(pub, kern) _Static_assert((int)(pub) == (int)(kern), #pub " is " #kern);
SAME_(MBE_MEMBER_STATUS_COUNT, MBE_RUN_COUNT)
SAME_(MBE_MEMBER_NONFINITE, MBE_RUN_NONFINITE)
SAME_(MBE_MEMBER_STEP_UNDERFLOW, MBE_RUN_STEP_UNDERFLOW)
SAME_(MBE_MEMBER_MAX_STEPS, MBE_RUN_MAX_STEPS)
SAME_(MBE_MEMBER_RHS_FAIL, MBE_RUN_RHS_FAIL)
SAME_(MBE_MEMBER_NOT_RUN, MBE_RUN_NOT_RUN)
SAME_(MBE_MEMBER_NEWTON_FAIL, MBE_RUN_NEWTON_FAIL)
SAME_(MBE_MEMBER_ASSERT_FAILED, MBE_RUN_ASSERT)
SAME_(MBE_MEMBER_INIT_FAIL, MBE_RUN_INIT_FAIL)
SAME_(MBE_MEMBER_INFO_COUNT, MBE_INFO_COUNT)
SAME_(MBE_MEMBER_INFO_STEPS, MBE_INFO_STEPS)
SAME_(MBE_MEMBER_INFO_REJECTED, MBE_INFO_REJECTED)
SAME_(MBE_MEMBER_INFO_RHS, MBE_INFO_NRHS)
SAME_(MBE_MEMBER_INFO_ASSERT, MBE_INFO_ASSERT)
SAME_(MBE_MEMBER_INFO_WARNED, MBE_INFO_WARNED)
SAME_(MBE_MEMBER_INFO_ASSERT_TLO, MBE_INFO_ASSERT_TLO)
SAME_(MBE_MEMBER_INFO_ASSERT_THI, MBE_INFO_ASSERT_THI)
SAME_(MBE_MEMBER_INFO_EVENTS, MBE_INFO_EVENTS)
#undef SAME_

const char* mbe_version(void) {
  return MBE_VERSION;
}

size_t mbe_struct_size(const char* name) {
  static const struct {
    const char* name;
    size_t size;
  } SIZES[] = {
      {"MbeError", sizeof(MbeError)},           {"MbeRunDef", sizeof(MbeRunDef)},
      {"MbeBackendDef", sizeof(MbeBackendDef)}, {"MbeBackendInfo", sizeof(MbeBackendInfo)},
      {"MbeProgramDef", sizeof(MbeProgramDef)}, {"MbeModelDef", sizeof(MbeModelDef)},
      {"MbeParamInfo", sizeof(MbeParamInfo)},   {"MbeEvaluatorDef", sizeof(MbeEvaluatorDef)},
      {"MbeEvalBatch", sizeof(MbeEvalBatch)},
      {"MbeOptimizeDef", sizeof(MbeOptimizeDef)},
      {"MbeOptimizeResult", sizeof(MbeOptimizeResult)},
      {"MbeFitDef", sizeof(MbeFitDef)},
      {"MbeFitResult", sizeof(MbeFitResult)},
      {"MbeModelExperiment", sizeof(MbeModelExperiment)},
      {"MbeRunChoice", sizeof(MbeRunChoice)},
      {"MbeStudyDef", sizeof(MbeStudyDef)},
      {"MbeStudyProgress", sizeof(MbeStudyProgress)},
      {"MbeStudyInfo", sizeof(MbeStudyInfo)}};
  for (size_t k = 0; name && k < sizeof SIZES / sizeof SIZES[0]; k++) {
    if (strcmp(name, SIZES[k].name) == 0) {
      return SIZES[k].size;
    }
  }
  return 0;
}

MbeModelDef mbe_model_def_default(void) {
  MbeModelDef d;
  memset(&d, 0, sizeof d);
  d.use_modelicapath = true;
  d.cookie = MBE_MODEL_COOKIE;
  return d;
}

MbeStatus mbe_model_open_spec(const MbeModelDef* def, MbeSpec** spec, MbeError* err) {
  MbeStatus st = mbe_spec_create(spec, err);
  for (size_t i = 0; st == MBE_OK && i < def->nlibraries; i++) {
    st = mbe_spec_add_library(*spec, def->libraries[i], err);
  }
  if (st == MBE_OK && def->use_modelicapath) {
    st = mbe_spec_add_library_path(*spec, getenv("MODELICAPATH"), err);
  }
  for (size_t i = 0; st == MBE_OK && i < def->nfiles; i++) {
    st = mbe_spec_add_file(*spec, def->files[i], err);
  }
  return st;
}

void mbe_param_info_from_flat(const MbeFlatParam* fp, MbeParamInfo* out) {
  out->name = fp->name;
  out->nominal = fp->nominal;
  out->min = fp->min;
  out->max = fp->max;
  out->unit = fp->unit;
  out->description = fp->description;
  out->is_start = fp->is_start;
  out->can_vary = fp->why_not == NULL;
  out->why_not = fp->why_not ? fp->why_not : "";
}

// the parameters, then the start value of each state that names one of the model's variables
static MbeStatus list_params(MbeModel* m, MbeError* err) {
  MbeFlatParam* fp;
  size_t n;
  MbeStatus st = mbe_flat_params(m->flat, &fp, &n, err);
  if (st != MBE_OK) {
    return st;
  }
  m->params = mbe_malloc((n + m->sys->nx + 1) * sizeof *m->params);
  if (!m->params) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t k = 0; k < n; k++) {
    mbe_param_info_from_flat(&fp[k], &m->params[m->nparams++]);
  }
  for (size_t i = 0; i < m->sys->nx; i++) {
    char name[600];
    snprintf(name, sizeof name, "%s.start", m->sys->state_names[i]);
    MbeFlatParam one;
    st = mbe_flat_param(m->flat, name, &one, NULL);
    if (st == MBE_ERR_NOMEM) {
      return mbe_error_set(err, st, "out of memory");
    }
    if (st == MBE_OK) {  // a state of the system's own (a quaternion's) names no variable
      mbe_param_info_from_flat(&one, &m->params[m->nparams]);
      m->params[m->nparams++].nominal = m->sys->x0[i];
    }
  }
  return MBE_OK;
}

MbeStatus mbe_model_load(const MbeModelDef* def, MbeModel** out, MbeError* err) {
  *out = NULL;
  if (!def || def->cookie != MBE_MODEL_COOKIE) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "MbeModelDef not initialised with mbe_model_def_default()");
  }
  if (def->nfiles == 0 && !def->class_name) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "no model: give model files, or a class name to find in the libraries");
  }
  MbeModel* m = mbe_calloc(1, sizeof *m);
  if (!m) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = mbe_model_open_spec(def, &m->spec, err);
  if (st == MBE_OK) {
    st = mbe_flat_create(m->spec, def->class_name, &m->flat, err);
  }
  if (st == MBE_OK) {
    st = mbe_system_build(m->flat, &m->sys, err);
  }
  if (st == MBE_OK) {
    m->top_name = m->flat->top_name;
    st = list_params(m, err);
  }
  if (st != MBE_OK) {
    mbe_model_destroy(m);
    return st;
  }
  *out = m;
  return MBE_OK;
}

void mbe_model_destroy(MbeModel* m) {
  if (!m) {
    return;
  }
  mbe_free(m->params);
  mbe_system_destroy(m->sys);
  mbe_flat_destroy(m->flat);
  mbe_spec_destroy(m->spec);
  mbe_free(m);
}

const char* mbe_model_name(const MbeModel* m) {
  return m->top_name;
}

size_t mbe_model_param_count(const MbeModel* m) {
  return m->nparams;
}

void mbe_model_param(const MbeModel* m, size_t k, MbeParamInfo* out) {
  *out = m->params[k];
}

size_t mbe_model_signal_count(const MbeModel* m) {
  return m->sys->nsignals;
}

const char* mbe_model_signal(const MbeModel* m, size_t k) {
  return m->sys->signals[k].name;
}

size_t mbe_model_state_count(const MbeModel* m) {
  return m->sys->nx;
}

const char* mbe_model_state(const MbeModel* m, size_t k) {
  return m->sys->state_names[k];
}

double mbe_model_state_start(const MbeModel* m, size_t k) {
  return m->sys->x0[k];
}

MbeModelExperiment mbe_flat_experiment(const MbeFlat* f) {
  MbeModelExperiment e = {f->has_start_time, f->has_stop_time, f->has_interval, f->has_tolerance,
                          f->start_time,     f->stop_time,     f->interval,     f->tolerance};
  return e;
}

MbeModelExperiment mbe_model_experiment(const MbeModel* m) {
  return mbe_flat_experiment(m->flat);
}

const char* mbe_model_needs_double(const MbeModel* m) {
  return m->sys->needs_double;
}

MbeRunDef mbe_model_run_def(const MbeModel* m) {
  const MbeFlat* f = m->flat;
  MbeRunDef run = mbe_run_def_default();
  run.method = MBE_RUN_METHOD_DOPRI5;
  run.t0 = f->has_start_time ? f->start_time : 0;
  run.t1 = f->has_stop_time ? f->stop_time : 1;
  if (!(run.t1 > run.t0)) {
    run.t1 = run.t0 + 1;
  }
  double dt = f->has_interval && f->interval > 0 ? f->interval : (run.t1 - run.t0) / 500;
  double steps = (run.t1 - run.t0) / dt;
  run.nout = steps > 1e8 ? 100000001 : (int)floor(steps + 0.5) + 1;
  if (run.nout < 2) {
    run.nout = 2;
  }
  run.rtol = run.atol = f->has_tolerance && f->tolerance > 0 ? f->tolerance : 1e-6;
  return run;
}

MbeRunChoice mbe_run_choice_default(void) {
  MbeRunChoice c = {NAN, NAN, NAN, NAN, NAN, MBE_RUN_METHOD_DOPRI5, 0};
  return c;
}

MbeStatus mbe_run_choose(const MbeModelExperiment* e, const MbeRunChoice* c, MbeRunDef* out,
                         MbeError* err) {
  double t0 = !isnan(c->start_time) ? c->start_time : e->has_start_time ? e->start_time : 0;
  double t1 = !isnan(c->stop_time) ? c->stop_time : e->has_stop_time ? e->stop_time : 1;
  if (!(t1 > t0) || !isfinite(t1 - t0)) {
    return mbe_error_set(err, MBE_ERR_USAGE, "the stop time %g must be after the start time %g",
                         t1, t0);
  }
  double dt = !isnan(c->interval) ? c->interval : e->has_interval ? e->interval : (t1 - t0) / 500;
  double tol = !isnan(c->tolerance) ? c->tolerance : e->has_tolerance ? e->tolerance : 1e-6;
  if (!(dt > 0) || !(tol > 0) || !(isnan(c->step) || c->step > 0) || c->max_steps < 0) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "the interval (%g), tolerance (%g), step (%g) must be above 0 and the "
                         "step budget (%d) not below",
                         dt, tol, c->step, c->max_steps);
  }
  double steps = (t1 - t0) / dt;
  if (steps > 1e8) {
    return mbe_error_set(err, MBE_ERR_USAGE, "--interval %g gives more than 1e8 output points",
                         dt);
  }
  int nout = (int)floor(steps + 0.5) + 1;
  if (nout < 2) {
    nout = 2;
  }
  if (fabs(steps - floor(steps + 0.5)) > 1e-6 * (steps > 1 ? steps : 1)) {
    mbe_log(MBE_LOG_WARN, "(stop - start)/interval = %g is not a whole number; using %d points",
            steps, nout);
  }
  *out = mbe_run_def_default();
  out->method = c->method;
  out->t0 = t0;
  out->t1 = t1;
  out->nout = nout;
  out->rtol = out->atol = tol;
  if (c->method == MBE_RUN_METHOD_RK4) {
    out->h = !isnan(c->step) ? c->step : dt / 10;
  } else if (!isnan(c->step)) {
    out->hmax = c->step;
  }
  if (c->max_steps > 0) {
    out->max_steps = c->max_steps;
  }
  return MBE_OK;
}

// MBENS_KERNEL_LOOPS: how the kernels are written (host/codegen, MbeCodegenLoops): auto (unset),
// never (straight-line) or always (loops wherever the passes repeat); another value is
// ignored with a warning
static MbeCodegenLoops kernel_loops(void) {
  const char* env = getenv("MBENS_KERNEL_LOOPS");
  if (env == NULL || *env == '\0' || strcmp(env, "auto") == 0)
    return MBE_CODEGEN_LOOPS_AUTO;
  if (strcmp(env, "never") == 0)
    return MBE_CODEGEN_LOOPS_NEVER;
  if (strcmp(env, "always") == 0)
    return MBE_CODEGEN_LOOPS_ALWAYS;
  static bool warned = false;  // once per process, not at every kernel written
  if (!warned)
    mbe_log(MBE_LOG_WARN, "MBENS_KERNEL_LOOPS=%s is none of auto, never, always: auto", env);
  warned = true;
  return MBE_CODEGEN_LOOPS_AUTO;
}

MbeCodegenDef mbe_system_codegen_def(const MbeSystem* sys, const MbeSymId* y, size_t ny) {
  MbeCodegenDef cg = {&sys->sym,
                      sys->xdot,
                      sys->nx,
                      y,
                      ny,
                      sys->np,
                      sys->name,
                      sys->fail,
                      MBE_RUN_NEWTON_FAIL,
                      sys->x0sym,
                      sys->asserts,
                      sys->assert_warning,
                      sys->nasserts,
                      kernel_loops()};
  return cg;
}
