// SPDX-License-Identifier: Apache-2.0
// The articulated-body algorithm (host/mech/mech_aba.c) against a second algorithm, the
// composite-inertia method with L^T D L (mech_eom.c), on every bundled model: where a system is
// solved by articulated bodies, its state derivatives equal the other method's at the start
// and at states moved away from it, to rounding.
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbe/mbe_spec.h"
#include "mbe_check.h"
#include "mech.h"
#include "mech_fixture.h"
#include "model.h"

static char* paths[512];
static size_t npaths;

// the state derivatives of sys at (t, x) with the model's parameters
static void derivatives(const MbeSystem* sys, double t, const double* x, double* xdot) {
  bool oom = false;
  mbe_sym_eval_nodes(&sys->sym, t, x, sys->p0, sys->xdot, sys->nx, xdot, &oom);
  ck_assert(!oom);
}

// a deterministic state near x0: every coordinate moved by up to +-0.3 (quaternions stay
// quaternions of rotations: the systems normalize them)
static void moved(const double* x0, size_t nx, unsigned k, double* x) {
  unsigned r = 12345u + 977u * k;
  for (size_t i = 0; i < nx; i++) {
    r = r * 1103515245u + 12345u;
    x[i] = x0[i] + 0.6 * ((double)(r >> 8) / (double)(1u << 24) - 0.5);
  }
}

// builds the model in path (or in text, or, both NULL, the class cls of the library in lib) with
// the method asked for; NULL where mbens refuses it
static MbeSystem* build_text(const char* path, const char* text, const char* lib, const char* cls,
                             MbeDynamics dyn) {
  MbeError err;
  mbe_error_clear(&err);
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  MbeSystem* sys = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
  if (path)
    ck_assert_int_eq(mbe_spec_add_file(spec, path, &err), MBE_OK);
  else if (text)
    ck_assert_int_eq(mbe_spec_add_text(spec, "test.mo", text, strlen(text), &err), MBE_OK);
  else
    ck_assert_int_eq(mbe_spec_add_library(spec, lib, &err), MBE_OK);
  MbeSystemOptions opt = {dyn};
  if (mbe_flat_create(spec, cls, &flat, &err) == MBE_OK)
    mbe_system_build_with(flat, &opt, &sys, &err);
  ck_assert_msg(text == NULL || sys != NULL, "%s", err.message);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
  return sys;
}

static MbeSystem* build(const char* path, const char* lib, const char* cls, MbeDynamics dyn) {
  return build_text(path, NULL, lib, cls, dyn);
}

// the MSL sources (MBENS_MSL_DIR, else the build's), or NULL where they are absent
static const char* msl_dir(void) {
  const char* d = getenv("MBENS_MSL_DIR");
  d = d && *d ? d : MBE_TEST_MSL_DIR;
  char probe[1200];
  snprintf(probe, sizeof probe, "%s/Modelica/package.mo", d);
  FILE* f = fopen(probe, "r");
  if (f == NULL)
    return NULL;
  fclose(f);
  return d;
}

// the classes of tests/reference/models.txt simulated from the MSL sources, as dotted names
static size_t reference_classes(char names[][256], size_t cap) {
  char path[1200];
  snprintf(path, sizeof path, "%s/tests/reference/models.txt", mbe_test_source_dir());
  FILE* f = fopen(path, "r");
  ck_assert_ptr_nonnull(f);
  char line[1024];
  size_t n = 0;
  while (fgets(line, sizeof line, f) && n < cap) {
    char rel[256], gates[16], source[32];
    if (line[0] == '#' || sscanf(line, "%255s %15s %31s", rel, gates, source) != 3 ||
        strcmp(source, "msl") != 0)
      continue;
    for (char* c = rel; *c; c++)
      *c = *c == '/' ? '.' : *c;
    snprintf(names[n++], 256, "%s", rel);
  }
  fclose(f);
  return n;
}

// the derivatives of the system by articulated bodies against the composite inertias' at the
// start and at eight states around it (1e-9 relative); returns the states compared
static size_t compare(const MbeSystem* a, const MbeSystem* c, const char* what) {
  ck_assert_str_eq(c->dynamics, "crba");
  ck_assert_uint_eq(a->nx, c->nx);
  size_t nx = a->nx, states = 0;
  double *x = malloc((nx + 1) * sizeof *x), *fa = malloc((nx + 1) * sizeof *fa),
         *fc = malloc((nx + 1) * sizeof *fc);
  for (unsigned k = 0; k < 9; k++) {
    if (k == 0)
      memcpy(x, a->x0, nx * sizeof *x);
    else
      moved(a->x0, nx, k, x);
    derivatives(a, a->t0, x, fa);
    derivatives(c, c->t0, x, fc);
    bool finite = true;
    for (size_t i = 0; i < nx; i++)
      finite = finite && isfinite(fc[i]);
    if (!finite)
      continue;  // a state the model cannot be in (a junction that does not solve there)
    for (size_t i = 0; i < nx; i++) {
      ck_assert_msg(fabs(fa[i] - fc[i]) <= 1e-9 * (1 + fabs(fc[i])),
                    "%s, state %u: d/dt %s is %.17g by articulated bodies, %.17g by composite "
                    "inertias",
                    what, k, a->state_names[i], fa[i], fc[i]);
    }
    states++;
  }
  free(x), free(fa), free(fc);
  return states;
}

// Every bundled model and every MSL model of the reference tests that builds with articulated
// bodies gives the composite-inertia method's derivatives to 1e-9 relative, at the start and at
// eight states around it.
START_TEST(test_aba_equals_crba) {
  const char* dirs[] = {"models/msl", "models/bench", "models/examples"};
  npaths = 0;
  for (int d = 0; d < 3; d++) {
    char root[1024];
    snprintf(root, sizeof root, "%s/%s", mbe_test_source_dir(), dirs[d]);
    mbe_test_model_files(root, paths, &npaths, 512);
  }
  ck_assert_uint_ge(npaths, 70);
  size_t compared = 0, from_msl = 0, states = 0;
  static char classes[256][256];
  const char* lib = msl_dir();
  size_t ncls = lib ? reference_classes(classes, 256) : 0;
  for (size_t p = 0; p < npaths + ncls; p++) {
    const char* path = p < npaths ? paths[p] : NULL;
    const char* cls = p < npaths ? NULL : classes[p - npaths];
    MbeSystem* a = build(path, lib, cls, MBE_DYNAMICS_AUTO);
    MbeSystem* c = NULL;
    if (a && strcmp(a->dynamics, "aba") == 0)
      c = build(path, lib, cls, MBE_DYNAMICS_CRBA);
    if (c != NULL) {
      states += compare(a, c, path ? path : cls);
      compared++;
      from_msl += path == NULL;
    }
    mbe_system_destroy(a);
    mbe_system_destroy(c);
    if (p < npaths)
      free(paths[p]);
  }
  // most models are trees (the loops, masses on line forces and gear couplings use the
  // composite inertias only)
  printf(
      "articulated bodies = composite inertias: %zu models (%zu of them the MSL's), %zu "
      "states\n",
      compared, from_msl, states);
  ck_assert_uint_ge(compared, lib ? 100 : 40);
  ck_assert_uint_ge(states, lib ? 800 : 300);
}
END_TEST

// What the bundled models leave out: rotors on joint axes (one behind a gear), a universal
// joint, a prismatic joint with a mass and a spring-damper on its axis, a free body behind a
// spherical joint with states, and a cylindrical joint
static const char* const ARM =
    "model Arm\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange=true, n={0,0,1},\n"
    "    phi(start=0.2, fixed=true), w(start=0.1, fixed=true));\n"
    "  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r={0.5,0.1,0}, width=0.05);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia rotor(J=0.3);\n"
    "  Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=3);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia motor(J=0.01);\n"
    "  Modelica.Mechanics.MultiBody.Joints.Universal uni(n_a={0,0,1}, n_b={0,1,0});\n"
    "  Modelica.Mechanics.MultiBody.Parts.BodyShape arm2(r={0.4,0,0.1}, r_CM={0.2,0,0}, m=2);\n"
    "  Modelica.Mechanics.MultiBody.Joints.Prismatic pri(n={1,0,0}, useAxisFlange=true);\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body slider(m=0.5, r_CM={0,0.05,0});\n"
    "  Modelica.Mechanics.Translational.Components.Mass m1(m=0.7);\n"
    "  Modelica.Mechanics.Translational.Components.SpringDamper sd(c=50, d=1);\n"
    "  Modelica.Mechanics.MultiBody.Joints.Spherical sph(enforceStates=true,\n"
    "    angles_start={0.1,0.2,0.3}, w_rel_a_start={0.3,-0.2,0.5}, angles_fixed=true,\n"
    "    w_rel_a_fixed=true);\n"
    "  Modelica.Mechanics.MultiBody.Parts.BodyBox tip(r={0.2,0.1,0.05}, width=0.04);\n"
    "  Modelica.Mechanics.MultiBody.Joints.Cylindrical cyl(n={0,1,0});\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body b3(m=1.5, r_CM={0.1,0,0.1}, I_11=0.1,\n"
    "    I_22=0.2, I_33=0.15, I_21=0.01);\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body freeBody(m=0.8, r_CM={0.05,0,0},\n"
    "    r_0(start={1,2,0}, each fixed=true), v_0(start={0.1,0,0.2}, each fixed=true),\n"
    "    w_0_start={1,2,3}, w_0_fixed=true, angles_fixed=true);\n"
    "equation\n"
    "  connect(world.frame_b, rev.frame_a);\n"
    "  connect(rev.frame_b, box.frame_a);\n"
    "  connect(rev.axis, rotor.flange_a);\n"
    "  connect(rev.axis, gear.flange_b);\n"
    "  connect(gear.flange_a, motor.flange_b);\n"
    "  connect(box.frame_b, uni.frame_a);\n"
    "  connect(uni.frame_b, arm2.frame_a);\n"
    "  connect(arm2.frame_b, pri.frame_a);\n"
    "  connect(pri.frame_b, slider.frame_a);\n"
    "  connect(pri.axis, m1.flange_a);\n"
    "  connect(pri.axis, sd.flange_b);\n"
    "  connect(pri.support, sd.flange_a);\n"
    "  connect(box.frame_b, sph.frame_a);\n"
    "  connect(sph.frame_b, tip.frame_a);\n"
    "  connect(tip.frame_b, cyl.frame_a);\n"
    "  connect(cyl.frame_b, b3.frame_a);\n"
    "end Arm;\n";

START_TEST(test_aba_equals_crba_joints) {
  MbeSystem* a = build_text(NULL, ARM, NULL, NULL, MBE_DYNAMICS_AUTO);
  MbeSystem* c = build_text(NULL, ARM, NULL, NULL, MBE_DYNAMICS_CRBA);
  ck_assert_str_eq(a->dynamics, "aba");
  ck_assert_uint_eq(compare(a, c, "Arm"), 9);
  mbe_system_destroy(a);
  mbe_system_destroy(c);
}
END_TEST

static Suite* dynamics_suite(void) {
  Suite* s = suite_create("dynamics");
  TCase* tc = mbe_tcase_create("second algorithm");
  tcase_add_test(tc, test_aba_equals_crba);
  tcase_add_test(tc, test_aba_equals_crba_joints);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {dynamics_suite, NULL};
