// SPDX-License-Identifier: Apache-2.0
// The identity contract on generated code: MSL models compiled by mech and codegen, 1000 chaotic
// members each, integrated by OpenMP with 1 and 2 threads (and another batch size) and by OpenCL
// must give the same bits; a chain written with loops over its links (host/codegen/codegen_loops.c)
// gives the bits of its straight-line text. The one-ulp test shows that a differing bit would be
// seen.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"
#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"
#include "mbe_check.h"
#include "mbe_layout.h"
#include "mech.h"
#include "runtime_fixture.h"

enum { NMEMBER = 1000, NOUT = 21, INFO_N = 9 };  // INFO_N: MBE_INFO_COUNT

typedef struct Generated {
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
  char* source;
} Generated;

// rel: a model of models/msl, or of models/ where it starts with "bench/"
static void generate(Generated* g, const char* rel, MbeCodegenLoops loops) {
  char path[1024];
  bool bench = strncmp(rel, "bench/", 6) == 0;
  snprintf(path, sizeof path, "%s/models/%s%s.mo", mbe_test_source_dir(), bench ? "" : "msl/", rel);
  MbeError err;
  mbe_error_clear(&err);
  memset(g, 0, sizeof *g);
  ck_assert_int_eq(mbe_spec_create(&g->spec, &err), MBE_OK);
  MbeStatus st = mbe_spec_add_file(g->spec, path, &err);
  if (st == MBE_OK)
    st = mbe_flat_create(g->spec, NULL, &g->flat, &err);
  if (st == MBE_OK)
    st = mbe_system_build(g->flat, &g->sys, &err);
  ck_assert_msg(st == MBE_OK, "%s: %s", rel, err.message);
  // outputs: every state
  MbeCodegenDef def = {&g->sys->sym,
                       g->sys->xdot,
                       g->sys->nx,
                       g->sys->xdot,
                       0,
                       g->sys->np,
                       rel,
                       g->sys->fail,
                       MBE_RUN_NEWTON_FAIL,
                       NULL,
                       g->sys->asserts,
                       g->sys->assert_warning,
                       g->sys->nasserts,
                       loops};
  MbeSymId* y = malloc(g->sys->nx * sizeof *y);
  for (size_t i = 0; i < g->sys->nx; i++) {
    y[i] = mbe_system_signal(g->sys, g->sys->state_names[i])->id;
  }
  def.y = y;
  def.ny = g->sys->nx;
  st = mbe_codegen_system(&def, &g->source, &err);
  free(y);
  ck_assert_msg(st == MBE_OK, "%s: %s", rel, err.message);
}

static void release(Generated* g) {
  mbe_free(g->source);
  mbe_system_destroy(g->sys);
  mbe_flat_destroy(g->flat);
  mbe_spec_destroy(g->spec);
}

static int state_index(const MbeSystem* sys, const char* name) {
  for (size_t i = 0; i < sys->nx; i++) {
    if (strcmp(sys->state_names[i], name) == 0)
      return (int)i;
  }
  ck_abort_msg("no state %s", name);
  return -1;
}

// the model's own start, with state `vary` swept over [lo, lo + span] across the members
static void members(const MbeSystem* sys, int vary, double lo, double span, bool bump, double* x0) {
  for (size_t m = 0; m < NMEMBER; m++) {
    memcpy(x0 + m * sys->nx, sys->x0, sys->nx * sizeof *x0);
    double v = lo + span * ((double)m + 0.5) / NMEMBER;
    x0[m * sys->nx + (size_t)vary] = bump ? nextafter(v, INFINITY) : v;
  }
}

// fresh: compiled afresh, not taken from the cache (an OpenMP text with parts compiles them apart
// with 2 threads, as one unit with 1)
static void run(const Generated* g, MbeBackendKind kind, int threads, size_t batch, int method,
                double t1, bool fresh, const double* x0, double* y, int32_t* info) {
  MbeBackendDef def = mbe_backend_def_default();
  def.kind = kind;
  def.threads = threads;
  def.use_cache = !fresh;
  MbeBackend* b = NULL;
  MbeError berr;
  mbe_error_clear(&berr);
  ck_assert_msg(mbe_backend_create(&def, &b, &berr) == MBE_OK, "backend: %s", berr.message);
  MbeProgram* prog = mbe_test_program_create(b, g->source, MBE_PRECISION_DOUBLE);
  MbeRunDef rd = mbe_run_def_default();
  rd.method = method == 0 ? MBE_RUN_METHOD_RK4 : MBE_RUN_METHOD_DOPRI5;
  rd.t1 = t1;
  rd.nout = NOUT;
  rd.h = 2e-3;
  rd.rtol = rd.atol = 1e-9;
  rd.batch_size = batch;
  double* p = calloc(NMEMBER, sizeof *p);  // no parameters: one idle slot per member
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_program_run(prog, &rd, NMEMBER, x0, p, y, info, &err);
  ck_assert_msg(st == MBE_OK, "%s", err.message);
  free(p);
  mbe_program_destroy(prog);
  mbe_backend_destroy(b);
}

static size_t count_diff(const double* a, const double* b, size_t n, size_t* first) {
  size_t nd = 0;
  for (size_t i = 0; i < n; i++) {
    if (memcmp(&a[i], &b[i], sizeof a[i]) != 0 && !(isnan(a[i]) && isnan(b[i]))) {
      if (nd++ == 0)
        *first = i;
    }
  }
  return nd;
}

typedef struct Case {
  const char* model;
  const char* vary;  // the state swept across members
  double lo, span;
  const char* watch;  // the state whose final value shows the growth of a one-ulp change
  double t1;
  double grown;  // how far that change must have grown in most members
  bool parts;    // the generated text has part functions (host/codegen)
  bool loops;    // written with loops, compared with its straight-line text
} Case;

static const Case CASES[] = {
    {"Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum", "revolute1.phi", 1.2, 1.6,
     "revolute2.phi", 12.0, 1e-8, false, false},
    // quaternion joints (the Cardan-angle copy in the same model keeps its own start values)
    {"ModelicaTest/MultiBody/SphericalDoublePendulum", "Spherical3.w_rel[1]", 3.0, 4.0,
     "Spherical4.Q[1]", 10.0, 1e-12, false, false},
    // a 16-link chain: its right-hand side is written as parts, compiled apart or as one unit
    {"bench/Chain16", "j1.phi", 0.2, 0.4, "j16.phi", 3.0, 1e-12, true, false},
    // the same chain written with loops over its links: the straight-line text's bits
    {"bench/Chain16", "j1.phi", 0.2, 0.4, "j16.phi", 3.0, 1e-12, false, true},
};

START_TEST(test_generated_identical_everywhere) {
  const Case* c = &CASES[_i / 2];
  int method = _i % 2;
  Generated g;
  generate(&g, c->model, c->loops ? MBE_CODEGEN_LOOPS_ALWAYS : MBE_CODEGEN_LOOPS_NEVER);
  size_t nx = g.sys->nx, ny = (size_t)NMEMBER * NOUT * nx;
  double* x0 = malloc(NMEMBER * nx * sizeof *x0);
  double* yref = malloc(ny * sizeof *yref);
  double* y = malloc(ny * sizeof *y);
  int32_t* iref = malloc(NMEMBER * INFO_N * sizeof *iref);
  int32_t* info = malloc(NMEMBER * INFO_N * sizeof *info);
  int vary = state_index(g.sys, c->vary), watch = state_index(g.sys, c->watch);
  ck_assert_int_eq(strstr(g.source, MBE_TEXT_PART_BEGIN) != NULL, c->parts);
  ck_assert_int_eq(strstr(g.source, "for (int k = 0;") != NULL, c->loops);
  members(g.sys, vary, c->lo, c->span, false, x0);
  if (c->loops) {  // the reference: the straight-line text
    Generated s;
    generate(&s, c->model, MBE_CODEGEN_LOOPS_NEVER);
    ck_assert_ptr_null(strstr(s.source, "for (int k = 0;"));
    run(&s, MBE_BACKEND_OPENMP, 1, 0, method, c->t1, false, x0, yref, iref);
    release(&s);
  } else {
    run(&g, MBE_BACKEND_OPENMP, 1, 0, method, c->t1, c->parts, x0, yref, iref);
  }
  for (size_t m = 0; m < NMEMBER; m++) {
    ck_assert_int_eq(iref[m * INFO_N], 0);
  }
  struct {
    const char* name;
    MbeBackendKind kind;
    int threads;
    size_t batch;
  } others[] = {{"openmp 1 thread", MBE_BACKEND_OPENMP, 1, 0},
                {"openmp 2 threads", MBE_BACKEND_OPENMP, 2, 0},
                {"openmp 2 threads, batch 300", MBE_BACKEND_OPENMP, 2, 300},
                {"opencl", MBE_BACKEND_OPENCL, 0, 0}};
  bool have_cl = mbe_test_backend_available(MBE_BACKEND_OPENCL);
  for (size_t k = 0; k < sizeof others / sizeof others[0]; k++) {
    if (k == 0 && !c->loops)
      continue;  // the reference itself
    if (others[k].kind == MBE_BACKEND_OPENCL && !have_cl) {
      printf("generated: no OpenCL device here: the OpenCL comparison is skipped\n");
      continue;
    }
    run(&g, others[k].kind, others[k].threads, others[k].batch, method, c->t1, c->parts, x0, y,
        info);
    size_t first = 0, nd = count_diff(yref, y, ny, &first);
    ck_assert_msg(nd == 0, "%s%s, %s: %zu outputs differ from openmp 1 thread (first: member %zu)",
                  c->model, c->loops ? " with loops" : "", others[k].name, nd, first / (NOUT * nx));
    ck_assert_msg(memcmp(iref, info, NMEMBER * INFO_N * sizeof *info) == 0,
                  "%s, %s: statuses or step counts differ", c->model, others[k].name);
  }
  // one ulp in the swept state must grow by many orders of magnitude in most members
  members(g.sys, vary, c->lo, c->span, true, x0);
  run(&g, MBE_BACKEND_OPENMP, 2, 0, method, c->t1, false, x0, y, info);
  size_t n8 = 0;
  for (size_t m = 0; m < NMEMBER; m++) {
    size_t k = (m * NOUT + NOUT - 1) * nx + (size_t)watch;
    n8 += fabs(y[k] - yref[k]) > c->grown;
  }
  printf("generated: %s (%s): one ulp moved %s(T) by > %g in %zu of %d members\n", c->model,
         method == 0 ? "rk4" : "dopri5", c->watch, c->grown, n8, NMEMBER);
  ck_assert_msg(n8 > NMEMBER / 2, "a one-ulp change grew in too few members (%zu)", n8);
  free(x0);
  free(yref);
  free(y);
  free(iref);
  free(info);
  release(&g);
}
END_TEST

static Suite* generated_suite(void) {
  Suite* s = suite_create("generated");
  TCase* tc = mbe_tcase_create("identity");
  tcase_add_loop_test(tc, test_generated_identical_everywhere, 0,
                      (int)(2 * (sizeof CASES / sizeof CASES[0])));
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {generated_suite, NULL};
