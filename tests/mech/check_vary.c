// SPDX-License-Identifier: Apache-2.0
// Parameters that vary per member (mbe_flat_vary, the PARAM leaves of host/mech) against the truth
// of the same model with the values written into it: a member of the varied system, its derived
// parameters computed from the varied ones (a BodyBox's mass and inertia from its length and
// width), its initial state from varied start values, must move like the edited model. And every
// way to ask for something that cannot vary is refused with a message that names it.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"
#include "mbe_check.h"
#include "mech.h"
#include "mech_fixture.h"
#include "model.h"
#include "sym.h"

#define MAXX 64

static const char DP[] = "Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum";

typedef struct Model {
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
  double* v;  // node values
  double p[32];
} Model;

// the double pendulum of models/msl, plus text (a wrapper model) when given; the class `cls`;
// origins (nullable) say where each varied name comes from
static MbeStatus model_open_from(Model* m, const char* text, const char* cls,
                                 const char* const* vary, const char* const* origins, size_t nvary,
                                 MbeError* err) {
  memset(m, 0, sizeof *m);
  char path[1024];
  snprintf(path, sizeof path,
           "%s/models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum.mo",
           mbe_test_source_dir());
  MbeStatus st = mbe_spec_create(&m->spec, err);
  if (st == MBE_OK) {
    st = mbe_spec_add_file(m->spec, path, err);
  }
  if (st == MBE_OK && text) {
    st = mbe_spec_add_text(m->spec, "wrapper.mo", text, strlen(text), err);
  }
  if (st == MBE_OK) {
    st = mbe_flat_create(m->spec, cls, &m->flat, err);
  }
  if (st == MBE_OK) {
    st = mbe_flat_vary_from(m->flat, vary, origins, nvary, err);
  }
  if (st == MBE_OK) {
    st = mbe_system_build(m->flat, &m->sys, err);
  }
  if (st == MBE_OK) {
    m->v = malloc(m->sys->sym.nnodes * sizeof *m->v);
    ck_assert_ptr_nonnull(m->v);
    ck_assert_uint_le(m->sys->np, 32);
    ck_assert_uint_le(m->sys->nx, MAXX);
    memcpy(m->p, m->sys->p0, m->sys->np * sizeof *m->p);
  }
  return st;
}

static MbeStatus model_open(Model* m, const char* text, const char* cls, const char* const* vary,
                            size_t nvary, MbeError* err) {
  return model_open_from(m, text, cls, vary, NULL, nvary, err);
}

static void model_close(Model* m) {
  free(m->v);
  mbe_system_destroy(m->sys);
  mbe_flat_destroy(m->flat);
  mbe_spec_destroy(m->spec);
}

// the message's first line starts with first; a note line in the catalogue follows with note
static void expect_first_then_note(const MbeError* err, const char* first, const char* note) {
  ck_assert_msg(strncmp(err->message, first, strlen(first)) == 0, "'%s' does not start with '%s'",
                err->message, first);
  const char* nl = strchr(err->message, '\n');
  ck_assert_msg(nl != NULL && strncmp(nl + 1, "<catalogue>/", 12) == 0 &&
                    strstr(nl, ": note: ") != NULL && strstr(nl, note) != NULL,
                "no catalogue note with '%s' in '%s'", note, err->message);
}

static void eval(Model* m, double t, const double* x) {
  mbe_sym_eval(&m->sys->sym, t, x, m->p, m->v, m->sys->sym.nnodes);
}

// the initial state the kernel computes from the parameters (x0sym)
static void initial_state(Model* m, double* x) {
  double none[MAXX] = {0};
  eval(m, 0, none);
  for (size_t i = 0; i < m->sys->nx; i++) {
    x[i] = m->v[m->sys->x0sym[i]];
  }
}

static void deriv(Model* m, double t, const double* x, double* dx) {
  eval(m, t, x);
  for (size_t i = 0; i < m->sys->nx; i++) {
    dx[i] = m->v[m->sys->xdot[i]];
  }
}

// RK4 over [0, t1] with step h on the DAG interpreter
static void integrate(Model* m, double* x, double t1, double h) {
  size_t n = m->sys->nx;
  double k1[MAXX], k2[MAXX], k3[MAXX], k4[MAXX], y[MAXX];
  int steps = (int)lround(t1 / h);
  for (int s = 0; s < steps; s++) {
    double t = s * h;
    deriv(m, t, x, k1);
    for (size_t i = 0; i < n; i++)
      y[i] = x[i] + 0.5 * h * k1[i];
    deriv(m, t + 0.5 * h, y, k2);
    for (size_t i = 0; i < n; i++)
      y[i] = x[i] + 0.5 * h * k2[i];
    deriv(m, t + 0.5 * h, y, k3);
    for (size_t i = 0; i < n; i++)
      y[i] = x[i] + h * k3[i];
    deriv(m, t + h, y, k4);
    for (size_t i = 0; i < n; i++)
      x[i] += h / 6 * (k1[i] + 2 * (k2[i] + k3[i]) + k4[i]);
  }
}

static double signal_value(Model* m, const double* x, const char* name) {
  const MbeSignal* s = mbe_system_signal(m->sys, name);
  ck_assert_msg(s != NULL, "no signal %s", name);
  eval(m, 0, x);
  return m->v[s->id];
}

/* ---- a varied member moves like the edited model ----------------------------------------------
 */

static const char* const VARY[] = {"boxBody1.r[1]", "boxBody2.width",      "world.g",
                                   "damper.d",      "revolute1.phi.start", "revolute2.w.start",
                                   "boxBody2.r[2]"};
enum { NVARY = sizeof VARY / sizeof VARY[0] };
static const double VALUES[NVARY] = {0.42, 0.05, 3.7, 0.37, 0.7, -0.3, 0.1};

static const char EDITED[] =
    "model Edited\n"
    "  extends Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum(\n"
    "    boxBody1(r={0.42,0,0}), boxBody2(width=0.05, r={0.5,0.1,0}), world(g=3.7),\n"
    "    damper(d=0.37), revolute1(phi(start=0.7)), revolute2(w(start=-0.3)));\n"
    "end Edited;\n";

START_TEST(test_varied_member_equals_edited_model) {
  MbeError err;
  mbe_error_clear(&err);
  Model var, ref;
  ck_assert_msg(model_open(&var, NULL, DP, VARY, NVARY, &err) == MBE_OK, "%s", err.message);
  ck_assert_msg(model_open(&ref, EDITED, "Edited", NULL, 0, &err) == MBE_OK, "%s", err.message);
  ck_assert_uint_eq(var.sys->nvary, NVARY);
  ck_assert_uint_eq(var.sys->nx, ref.sys->nx);
  for (size_t k = 0; k < NVARY; k++) {
    ck_assert_str_eq(var.sys->param_names[k], VARY[k]);
    var.p[k] = VALUES[k];
  }

  // the nominal values are the model's own
  ck_assert_double_eq(var.sys->p0[0], 0.5);
  ck_assert_double_eq(var.sys->p0[2], 9.80665);

  // the initial state from the varied starts
  double xv[MAXX], xr[MAXX];
  initial_state(&var, xv);
  memcpy(xr, ref.sys->x0, ref.sys->nx * sizeof *xr);
  for (size_t i = 0; i < var.sys->nx; i++) {
    ck_assert_str_eq(var.sys->state_names[i], ref.sys->state_names[i]);
    ck_assert_msg(xv[i] == xr[i], "%s: %.17g vs %.17g", var.sys->state_names[i], xv[i], xr[i]);
  }

  // derived parameters follow: a box's mass from its length, width and height (= width)
  const char* derived[] = {"boxBody1.m", "boxBody2.m", "boxBody2.height", "boxBody1.length",
                           "boxBody2.length"};
  for (size_t i = 0; i < sizeof derived / sizeof derived[0]; i++) {
    double a = signal_value(&var, xv, derived[i]), b = signal_value(&ref, xr, derived[i]);
    MBE_CK_NEAR(a, b, 4e-16, 0);
  }
  double m1 = signal_value(&var, xv, "boxBody1.m");
  MBE_CK_NEAR(m1, 7700 * 0.42 * 0.06 * 0.06, 1e-15, 0);

  // and the motion: the same to the rounding of the derived values
  integrate(&var, xv, 1.0, 1e-3);
  integrate(&ref, xr, 1.0, 1e-3);
  for (size_t i = 0; i < var.sys->nx; i++) {
    MBE_CK_NEAR(xv[i], xr[i], 1e-10, 1e-10);
  }

  // the nominal values give the unedited model's motion
  Model plain;
  ck_assert_msg(model_open(&plain, NULL, DP, NULL, 0, &err) == MBE_OK, "%s", err.message);
  Model nom;
  ck_assert_msg(model_open(&nom, NULL, DP, VARY, NVARY, &err) == MBE_OK, "%s", err.message);
  double xp[MAXX], xn[MAXX];
  memcpy(xp, plain.sys->x0, plain.sys->nx * sizeof *xp);
  initial_state(&nom, xn);
  integrate(&plain, xp, 1.0, 1e-3);
  integrate(&nom, xn, 1.0, 1e-3);
  for (size_t i = 0; i < nom.sys->nx; i++) {
    MBE_CK_NEAR(xn[i], xp[i], 1e-12, 1e-12);
  }
  model_close(&nom);
  model_close(&plain);
  model_close(&var);
  model_close(&ref);
}
END_TEST

// a parameter of the user's own model that components read: varying it moves them all
START_TEST(test_users_parameter_drives_components) {
  static const char text[] =
      "model Arm\n"
      "  parameter Real L = 0.5;\n"
      "  parameter Real w = L / 10;\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed=true, start=1), "
      "w(fixed=true));\n"
      "  Modelica.Mechanics.MultiBody.Parts.BodyCylinder link(r={L,0,0}, diameter=w);\n"
      "equation\n"
      "  connect(world.frame_b, rev.frame_a);\n"
      "  connect(rev.frame_b, link.frame_a);\n"
      "end Arm;\n"
      "model Arm2 extends Arm(L=0.8); end Arm2;\n";
  MbeError err;
  mbe_error_clear(&err);
  const char* vary[] = {"L"};
  Model var, ref;
  ck_assert_msg(model_open(&var, text, "Arm", vary, 1, &err) == MBE_OK, "%s", err.message);
  ck_assert_msg(model_open(&ref, text, "Arm2", NULL, 0, &err) == MBE_OK, "%s", err.message);
  var.p[0] = 0.8;
  double xv[MAXX], xr[MAXX];
  initial_state(&var, xv);
  memcpy(xr, ref.sys->x0, ref.sys->nx * sizeof *xr);
  MBE_CK_NEAR(signal_value(&var, xv, "link.m"), signal_value(&ref, xr, "link.m"), 4e-16, 0);
  integrate(&var, xv, 0.5, 1e-3);
  integrate(&ref, xr, 0.5, 1e-3);
  for (size_t i = 0; i < var.sys->nx; i++) {
    MBE_CK_NEAR(xv[i], xr[i], 1e-11, 1e-11);
  }

  // the period of a physical pendulum depends on L; the varied one is not the nominal one
  Model nom;
  ck_assert_msg(model_open(&nom, text, "Arm", vary, 1, &err) == MBE_OK, "%s", err.message);
  double xn[MAXX];
  initial_state(&nom, xn);
  integrate(&nom, xn, 0.5, 1e-3);
  ck_assert(fabs(xn[0] - xv[0]) > 1e-3);
  model_close(&nom);
  model_close(&var);
  model_close(&ref);
}
END_TEST

// a free body's position: both spellings of an element's start name the same value
START_TEST(test_free_body_start_spellings) {
  static const char text[] =
      "model Free\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_0(each fixed=true, start={0,1,0}),\n"
      "    v_0(each fixed=true, start={0.5,0,0}));\n"
      "end Free;\n"
      "model Free2 extends Free(body(r_0(start={0,1.7,0}))); end Free2;\n";
  static const char* const spellings[] = {"body.r_0.start[2]", "body.r_0[2].start"};
  MbeError err;
  mbe_error_clear(&err);
  Model ref;
  ck_assert_msg(model_open(&ref, text, "Free2", NULL, 0, &err) == MBE_OK, "%s", err.message);
  for (size_t k = 0; k < 2; k++) {
    Model var;
    ck_assert_msg(model_open(&var, text, "Free", &spellings[k], 1, &err) == MBE_OK, "%s: %s",
                  spellings[k], err.message);
    ck_assert_str_eq(var.sys->param_names[0], "body.r_0[2].start");
    ck_assert_double_eq(var.sys->p0[0], 1);
    var.p[0] = 1.7;
    double xv[MAXX];
    initial_state(&var, xv);
    ck_assert_uint_eq(var.sys->nx, ref.sys->nx);
    for (size_t i = 0; i < var.sys->nx; i++) {
      ck_assert_msg(xv[i] == ref.sys->x0[i], "%s: %s = %.17g, not %.17g", spellings[k],
                    var.sys->state_names[i], xv[i], ref.sys->x0[i]);
    }
    // and the free fall from there: y(t) = 1.7 - g t^2 / 2
    integrate(&var, xv, 0.5, 1e-3);
    MBE_CK_NEAR(signal_value(&var, xv, "body.r_0[2]"), 1.7 - 9.80665 * 0.125, 1e-12, 0);
    model_close(&var);
  }
  model_close(&ref);
}
END_TEST

/* ---- rotations -------------------------------------------------------------------------------
 */

// every kind of rotation state, each started from angles and an angular velocity: a free body
// with quaternions and one with angles, FreeMotion and Spherical with states, a body on a
// Spherical joint without states, FreeMotionScalarInit with w_rel_b
static const char ROTATIONS[] =
    "model Rot\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body sat(m=100, I_11=10, I_22=20, I_33=30, I_21=1,\n"
    "    r_0(each fixed=true), v_0(each fixed=true), angles_fixed=true,\n"
    "    angles_start={0.1,0.2,0.3}, w_0_fixed=true, w_0_start={0.5,0.01,0.02});\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body pod(m=2, I_11=0.1, I_22=0.2, I_33=0.3,\n"
    "    useQuaternions=false, r_0(each fixed=true), v_0(each fixed=true), angles_fixed=true,\n"
    "    angles_start={0.4,-0.3,0.2}, w_0_fixed=true, w_0_start={0.1,0.2,-0.6});\n"
    "  Modelica.Mechanics.MultiBody.Joints.FreeMotion free(enforceStates=true,\n"
    "    r_rel_a(each fixed=true, start={1,0,0}), v_rel_a(each fixed=true), angles_fixed=true,\n"
    "    angles_start={-0.2,0.5,0.1}, w_rel_a_fixed=true, w_rel_a_start={0.3,-0.2,0.4});\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body b2(m=1, r_CM={0.1,0.2,0}, I_11=0.01);\n"
    "  Modelica.Mechanics.MultiBody.Joints.Spherical sph(enforceStates=true, angles_fixed=true,\n"
    "    angles_start={0.3,0.2,-0.1}, w_rel_a_fixed=true, w_rel_a_start={0.2,0.1,0.5});\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body b3(m=1, r_CM={0.5,0,0}, I_11=0.01);\n"
    "  Modelica.Mechanics.MultiBody.Joints.Spherical sph2(angles_fixed=true,\n"
    "    angles_start={-0.3,0.4,0.2}, w_rel_a_fixed=true, w_rel_a_start={0.1,-0.5,0.3});\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body b4(m=1, r_CM={0,-0.5,0.1}, I_11=0.01);\n"
    "  Modelica.Mechanics.MultiBody.Joints.FreeMotionScalarInit fmsi(use_r=true, use_v=true,\n"
    "    use_angle=true, use_w=true, sequence_start={3,1,2},\n"
    "    r_rel_a_1(start=0.2, fixed=true), r_rel_a_2(start=-1, fixed=true),\n"
    "    r_rel_a_3(start=0.1, fixed=true), v_rel_a_1(fixed=true), v_rel_a_2(fixed=true),\n"
    "    v_rel_a_3(fixed=true), angle_1(start=0.2, fixed=true), angle_2(start=-0.1, fixed=true),\n"
    "    angle_3(start=0.3, fixed=true), w_rel_b_1(start=0.4, fixed=true),\n"
    "    w_rel_b_2(start=-0.2, fixed=true), w_rel_b_3(start=0.1, fixed=true));\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body b5(m=1, r_CM={0.1,0,0}, I_11=0.01);\n"
    "equation\n"
    "  connect(world.frame_b, free.frame_a);\n"
    "  connect(free.frame_b, b2.frame_a);\n"
    "  connect(world.frame_b, sph.frame_a);\n"
    "  connect(sph.frame_b, b3.frame_a);\n"
    "  connect(world.frame_b, sph2.frame_a);\n"
    "  connect(sph2.frame_b, b4.frame_a);\n"
    "  connect(world.frame_b, fmsi.frame_a);\n"
    "  connect(fmsi.frame_b, b5.frame_a);\n"
    "end Rot;\n"
    "model RotEdited\n"
    "  extends Rot(sat(w_0_start={0.7,0.01,0.02}, angles_start={0.1,-0.4,0.3}),\n"
    "    pod(angles_start={1.1,-0.3,0.2}, w_0_start={0.1,0.2,0.3}),\n"
    "    free(angles_start={-0.2,0.5,2.5}, w_rel_a_start={-0.6,-0.2,0.4}),\n"
    "    sph(angles_start={-0.8,0.2,-0.1}, w_rel_a_start={0.2,0.45,0.5}),\n"
    "    sph2(angles_start={-0.3,-0.35,0.2}, w_rel_a_start={0.1,-0.5,0.9}),\n"
    "    fmsi(angle_2(start=0.6), w_rel_b_1(start=-0.3)));\n"
    "end RotEdited;\n";

static const char* const ROT_VARY[] = {
    "sat.w_0_start[1]",     "sat.angles_start[2]",   "pod.angles_start[1]", "pod.w_0_start[3]",
    "free.angles_start[3]", "free.w_rel_a_start[1]", "sph.angles_start[1]", "sph.w_rel_a_start[2]",
    "sph2.angles_start[2]", "sph2.w_rel_a_start[3]", "fmsi.angle_2.start",  "fmsi.w_rel_b_1.start"};
enum { NROT = sizeof ROT_VARY / sizeof ROT_VARY[0] };
static const double ROT_VALUES[NROT] = {0.7,  -0.4, 1.1,   0.3, 2.5, -0.6,
                                        -0.8, 0.45, -0.35, 0.9, 0.6, -0.3};

// axesRotations({1,2,3}, a) with the C library's sin and cos: T = A3 A2 A1
static void axes123(const double a[3], double T[9]) {
  double c1 = cos(a[0]), s1 = sin(a[0]), c2 = cos(a[1]), s2 = sin(a[1]);
  double c3 = cos(a[2]), s3 = sin(a[2]);
  double A1[9] = {1, 0, 0, 0, c1, s1, 0, -s1, c1};
  double A2[9] = {c2, 0, -s2, 0, 1, 0, s2, 0, c2};
  double A3[9] = {c3, s3, 0, -s3, c3, 0, 0, 0, 1};
  double B[9];
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      B[3 * i + j] = A2[3 * i] * A1[j] + A2[3 * i + 1] * A1[3 + j] + A2[3 * i + 2] * A1[6 + j];
    }
  }
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      T[3 * i + j] = A3[3 * i] * B[j] + A3[3 * i + 1] * B[3 + j] + A3[3 * i + 2] * B[6 + j];
    }
  }
}

// the frame's orientation R.T (signals prefix.R.T[i,j]) is T to rounding, and the vector signal
// prefix.var[i] is T v
static void expect_rotation(Model* m, const double* x, const char* frame, const double T[9],
                            const char* var, const double v[3]) {
  char name[128];
  for (int i = 0; i < 3; i++) {
    double Tv = 0;
    for (int j = 0; j < 3; j++) {
      snprintf(name, sizeof name, "%s.R.T[%d,%d]", frame, i + 1, j + 1);
      MBE_CK_NEAR(signal_value(m, x, name), T[3 * i + j], 0, 1e-15);
      Tv += T[3 * i + j] * v[j];
    }
    snprintf(name, sizeof name, "%s[%d]", var, i + 1);
    MBE_CK_NEAR(signal_value(m, x, name), Tv, 0, 2e-15);
  }
}

// A member whose rotation starts vary starts from the bits of the model with those values
// written in (the kernel computes the same expressions the compiler folds), and each rotation is
// the one its angles and angular velocity describe
START_TEST(test_rotation_starts_vary) {
  MbeError err;
  mbe_error_clear(&err);
  Model var, ref;
  ck_assert_msg(model_open(&var, ROTATIONS, "Rot", ROT_VARY, NROT, &err) == MBE_OK, "%s",
                err.message);
  ck_assert_msg(model_open(&ref, ROTATIONS, "RotEdited", NULL, 0, &err) == MBE_OK, "%s",
                err.message);
  ck_assert_uint_eq(var.sys->nvary, NROT);
  ck_assert_uint_eq(var.sys->nx, ref.sys->nx);
  for (size_t k = 0; k < NROT; k++) {
    var.p[k] = ROT_VALUES[k];
  }
  double xv[MAXX], xr[MAXX], xn[MAXX];
  initial_state(&var, xv);
  memcpy(xr, ref.sys->x0, ref.sys->nx * sizeof *xr);
  for (size_t i = 0; i < var.sys->nx; i++) {
    ck_assert_str_eq(var.sys->state_names[i], ref.sys->state_names[i]);
    ck_assert_msg(xv[i] == xr[i], "%s: %.17g vs %.17g", var.sys->state_names[i], xv[i], xr[i]);
  }

  // the nominal values are the model's own start: every varied rotation moves a state
  memcpy(var.p, var.sys->p0, var.sys->np * sizeof *var.p);
  initial_state(&var, xn);
  for (size_t i = 0; i < var.sys->nx; i++) {
    ck_assert_msg(xn[i] == var.sys->x0[i], "%s", var.sys->state_names[i]);
  }
  const char* moved[] = {"sat.Q[1]",  "sat.w_a[2]",      "pod.phi[1]",   "pod.phi_d[3]",
                         "free.Q[3]", "free.w_rel_b[1]", "sph.Q[1]",     "sph.w_rel[2]",
                         "b4.Q[2]",   "b4.w_a[3]",       "fmsi.angle_2", "fmsi.w_rel_b_1"};
  for (size_t k = 0; k < sizeof moved / sizeof moved[0]; k++) {
    const MbeSignal* sg = mbe_system_signal(var.sys, moved[k]);
    ck_assert_msg(sg != NULL, "no %s", moved[k]);
    size_t i = 0;
    while (i < var.sys->nx && strcmp(var.sys->state_names[i], moved[k]) != 0) {
      i++;
    }
    ck_assert_msg(i < var.sys->nx && xn[i] != xv[i], "%s does not move", moved[k]);
  }

  // independent truth: the rotations of the varied angles and the angular velocities they carry
  double T[9], a_sat[3] = {0.1, -0.4, 0.3}, a_pod[3] = {1.1, -0.3, 0.2};
  double a_sph2[3] = {-0.3, -0.35, 0.2}, w_sat[3] = {0.7, 0.01, 0.02}, w_pod[3] = {0.1, 0.2, 0.3};
  double w_sph2[3] = {0.1, -0.5, 0.9};
  memcpy(var.p, ROT_VALUES, sizeof ROT_VALUES);
  axes123(a_sat, T);
  expect_rotation(&var, xv, "sat.frame_a", T, "sat.w_a", w_sat);
  axes123(a_pod, T);
  expect_rotation(&var, xv, "pod.frame_a", T, "pod.w_a", w_pod);
  axes123(a_sph2, T);  // the world above it does not turn: R_b = R_rel, w_b = R_rel w_rel_a
  expect_rotation(&var, xv, "b4.frame_a", T, "b4.w_a", w_sph2);
  double w_b[3] = {-0.3, -0.2, 0.1};  // fmsi's states: the varied w_rel_b
  for (int i = 0; i < 3; i++) {
    char name[64];
    snprintf(name, sizeof name, "fmsi.w_rel_b_%d", i + 1);
    MBE_CK_NEAR(signal_value(&var, xv, name), w_b[i], 0, 1e-15);
  }

  // and the motion is the edited model's, bit for bit
  integrate(&var, xv, 0.2, 1e-3);
  integrate(&ref, xr, 0.2, 1e-3);
  for (size_t i = 0; i < var.sys->nx; i++) {
    ck_assert_msg(xv[i] == xr[i], "%s: %.17g vs %.17g", var.sys->state_names[i], xv[i], xr[i]);
  }
  model_close(&var);
  model_close(&ref);
}
END_TEST

// a rotation whose start the nonlinear initialization computes cannot vary: with angles_fixed
// false, angles_start is only Newton's first guess once the model has a condition to solve (here
// the pendulum's initial acceleration)
START_TEST(test_rotation_unknown_refused) {
  static const char text[] =
      "model Guess\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body sat(m=1, angles_start={0.1,0,0},\n"
      "    r_0(each fixed=true), v_0(each fixed=true), w_0_fixed=true);\n"
      "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(start=0.1), w(fixed=true),\n"
      "    a(fixed=true));\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body bob(m=1, r_CM={0.5,0,0});\n"
      "equation\n"
      "  connect(world.frame_b, rev.frame_a);\n"
      "  connect(rev.frame_b, bob.frame_a);\n"
      "end Guess;\n";
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  const char* vary[] = {"sat.angles_start[1]"};
  ck_assert_int_eq(model_open(&m, text, "Guess", vary, 1, &err), MBE_ERR_UNSUPPORTED);
  ck_assert_msg(strstr(err.message,
                       "the start of sat.Q[1] depends on sat.angles_start[1], which "
                       "varies per member, but the nonlinear initialization "
                       "computes sat.Q[1]") != NULL,
                "%s", err.message);
  ck_assert_str_eq(err.file, "wrapper.mo");
  ck_assert_int_eq(err.line, 3);
  model_close(&m);

  // with angles_fixed the rotation is a start, and it varies
  static const char fixed[] =
      "model Fixed\n"
      "  extends Guess(sat(angles_fixed=true));\n"
      "end Fixed;\n";
  char both[sizeof text + sizeof fixed];
  snprintf(both, sizeof both, "%s%s", text, fixed);
  ck_assert_msg(model_open(&m, both, "Fixed", vary, 1, &err) == MBE_OK, "%s", err.message);
  model_close(&m);
}
END_TEST

/* ---- what cannot vary ---------------------------------------------------------------------- */

typedef struct Refusal {
  const char* name;     // what is varied
  const char* message;  // a piece of the message
} Refusal;

static const Refusal REFUSALS[] = {
    {"boxBody1.r", "is an array; vary its elements one by one, e.g. boxBody1.r[1]"},
    {"boxBody1.r[4]", "index 4 is outside 1..3"},
    {"boxBody1.r[1,1]", "has 1 dimension, not 2"},
    {"boxBody1.lenght",
     "no parameter or variable 'boxBody1.lenght'; did you mean 'boxBody1.length'"},
    {"revolute1.useAxisFlange", "is a Boolean: it decides the model's structure"},
    {"world.gravityType", "it decides the model's structure"},
    {"boxBody1.mo", "is final: its value is computed from other parameters"},
    {"boxBody1.length.start", "is a parameter; vary its value"},
    {"revolute1.phi",
     "is a variable, not a parameter; vary where it starts with revolute1.phi.start"},
    {"Modelica.Constants.pi", "no parameter or variable"},
};

START_TEST(test_refusals) {
  const Refusal* r = &REFUSALS[_i];
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  const char* vary[] = {r->name};
  MbeStatus st = model_open(&m, NULL, DP, vary, 1, &err);
  ck_assert_msg(st == MBE_ERR_USAGE, "%s: status %d (%s)", r->name, st, err.message);
  ck_assert_msg(strstr(err.message, r->message) != NULL, "%s: '%s' lacks '%s'", r->name,
                err.message, r->message);
  model_close(&m);
}
END_TEST

START_TEST(test_twice_is_refused) {
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  const char* vary[] = {"world.g", "world.g"};
  ck_assert_int_eq(model_open(&m, NULL, DP, vary, 2, &err), MBE_ERR_USAGE);
  ck_assert_ptr_nonnull(strstr(err.message, "'world.g' is varied twice"));
  model_close(&m);
}
END_TEST

// a varied value that would decide something fixed at compile time names both, at the binding
START_TEST(test_structural_use_is_located) {
  static const char text[] =
      "model Choice\n"
      "  parameter Real L = 0.5;\n"
      "  parameter Integer n = if L > 0.3 then 2 else 3;\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "end Choice;\n";
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  const char* vary[] = {"L"};
  ck_assert_int_eq(model_open(&m, text, "Choice", vary, 1, &err), MBE_ERR_MODEL);
  ck_assert_str_eq(err.file, "wrapper.mo");
  ck_assert_int_eq(err.line, 3);
  ck_assert_msg(strstr(err.message,
                       "a comparison needs a value fixed when the model is compiled, "
                       "but this one depends on L, which varies per member") != NULL,
                "%s", err.message);
  model_close(&m);
}
END_TEST

// a varied value in a dimension alone (the binding does not read it) is refused there too
START_TEST(test_dimension_use_is_located) {
  static const char text[] =
      "model Dim\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  parameter Real L = 2;\n"
      "  parameter Real q[integer(L)] = {1, 2};\n"
      "end Dim;\n";
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  const char* vary[] = {"L"};
  ck_assert_int_eq(model_open(&m, text, "Dim", vary, 1, &err), MBE_ERR_MODEL);
  ck_assert_str_eq(err.file, "wrapper.mo");
  ck_assert_int_eq(err.line, 4);
  ck_assert_int_eq(err.column, 20);
  ck_assert_msg(strstr(err.message, "depends on L, which varies per member") != NULL, "%s",
                err.message);
  model_close(&m);
}
END_TEST

// a start value that sets no initial state would change nothing: refused, not ignored
START_TEST(test_start_that_sets_nothing) {
  static const char text[] =
      "model Free\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_0(each fixed=true, start={0,1,0}),\n"
      "    v_0(each fixed=true));\n"
      "end Free;\n";
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  const char* vary[] = {"body.a_0.start[1]"};
  ck_assert_int_eq(model_open(&m, text, "Free", vary, 1, &err), MBE_ERR_USAGE);
  ck_assert_msg(strstr(err.message, "body.a_0[1].start sets no initial state") != NULL, "%s",
                err.message);
  model_close(&m);

  // at the user's component, the catalogue's declaration as a note; the --vary text named
  const char* origin[] = {"--vary 'body.a_0.start[1]=uniform(0,1)'"};
  ck_assert_int_eq(model_open_from(&m, text, "Free", vary, origin, 1, &err), MBE_ERR_USAGE);
  ck_assert_str_eq(err.file, "wrapper.mo");
  ck_assert_int_eq(err.line, 3);
  ck_assert_int_eq(err.column, 43);
  expect_first_then_note(&err,
                         "body.a_0[1].start (--vary 'body.a_0.start[1]=uniform(0,1)') sets no "
                         "initial state",
                         "in Modelica.Mechanics.MultiBody.Parts.Body: the declaration of a_0");
  model_close(&m);
}
END_TEST

// mech refuses what it computes on the host from a number (a massless junction's springs)
START_TEST(test_mech_needs_a_number) {
  char path[1024];
  snprintf(path, sizeof path,
           "%s/models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/"
           "ThreeSprings.mo",
           mbe_test_source_dir());
  MbeError err;
  mbe_error_clear(&err);
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  MbeSystem* sys = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
  ck_assert_int_eq(mbe_spec_add_file(spec, path, &err), MBE_OK);
  // the springs' stiffness, and their mass (which decides whether the junction is massless)
  const char* vary[] = {"spring1.c", "spring2.m"};
  const char* message[] = {"'c' depends on spring1.c", "'m' depends on spring2.m"};
  for (size_t k = 0; k < 2; k++) {
    ck_assert_int_eq(mbe_flat_create(spec, NULL, &flat, &err), MBE_OK);
    ck_assert_int_eq(mbe_flat_vary(flat, &vary[k], 1, &err), MBE_OK);
    ck_assert_int_eq(mbe_system_build(flat, &sys, &err), MBE_ERR_UNSUPPORTED);
    ck_assert_msg(strstr(err.message, message[k]) != NULL, "%s", err.message);
    ck_assert_msg(strstr(err.message,
                         "which varies per member, but mbens needs its value when it compiles "
                         "the model") != NULL,
                  "%s", err.message);
    mbe_system_destroy(sys);
    mbe_flat_destroy(flat);
    sys = NULL;
    flat = NULL;
  }
  mbe_spec_destroy(spec);
}
END_TEST

// a varied value that fails a catalogue binding: at the user's component (world), the --vary
// text in the message, the catalogue's binding as the note
START_TEST(test_catalogue_use_names_origin) {
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  const char* vary[] = {"world.n[1]"};
  const char* origin[] = {"--vary 'world.n[1]=uniform(-0.1,0.1)'"};
  ck_assert_int_eq(model_open_from(&m, NULL, DP, vary, origin, 1, &err), MBE_ERR_MODEL);
  const char* file = strrchr(err.file, '/');
  ck_assert_str_eq(file ? file + 1 : err.file, "DoublePendulum.mo");
  ck_assert_int_eq(err.line, 6);
  ck_assert_int_eq(err.column, 44);
  expect_first_then_note(&err,
                         "world.groundAxis_u: a comparison needs a value fixed when the model is "
                         "compiled, but this one depends on world.n[1] (--vary "
                         "'world.n[1]=uniform(-0.1,0.1)'), which varies per member",
                         "in Modelica.Mechanics.MultiBody.World: groundAxis_u = if abs(n[1]) >= "
                         "0.99 then");
  model_close(&m);

  // without origins the parameter alone
  ck_assert_int_eq(model_open(&m, NULL, DP, vary, 1, &err), MBE_ERR_MODEL);
  ck_assert_ptr_nonnull(strstr(err.message, "depends on world.n[1], which varies"));
  model_close(&m);
}
END_TEST

// a pendulum whose body starts turning at w_0_start (w_0_fixed: a condition of the
// initialization on the joint's speed)
static const char W_TEXT[] =
    "model W\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0}, w_0_fixed=true,\n"
    "    w_0_start={0,0,1});\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});\n"
    "equation\n"
    "  connect(world.frame_b, rev.frame_a);\n"
    "  connect(rev.frame_b, body.frame_a);\n"
    "end W;\n";

// every refusal that a varied name causes names where it was asked for
START_TEST(test_origins_named) {
  static const struct {
    const char* name;
    const char* origin;
    MbeStatus code;
    const char* part;
  } CASES[] = {
      {"body.mm", "--vary 'body.mm=uniform(1,2)'", MBE_ERR_USAGE,
       "--vary 'body.mm=uniform(1,2)': the model has no parameter or variable 'body.mm'"},
      // a start the initialization computes
      {"rev.phi.start", "--vary 'rev.phi.start=normal(0,1)'", MBE_ERR_UNSUPPORTED,
       "the start of rev.phi varies per member (--vary 'rev.phi.start=normal(0,1)'), but the "
       "nonlinear initialization computes rev.phi"},
      // a start the initialization computes, through its conditions
      {"rev.w.start", "--vary 'rev.w.start=normal(0,1)'", MBE_ERR_UNSUPPORTED,
       "the start of rev.w varies per member (--vary 'rev.w.start=normal(0,1)'), but the "
       "nonlinear initialization computes rev.w"},
  };
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  const char* vary[] = {CASES[_i].name};
  const char* origin[] = {CASES[_i].origin};
  ck_assert_int_eq(model_open_from(&m, W_TEXT, "W", vary, origin, 1, &err), CASES[_i].code);
  ck_assert_msg(strstr(err.message, CASES[_i].part) != NULL, "'%s' lacks '%s'", err.message,
                CASES[_i].part);
  ck_assert_msg(err.code == MBE_ERR_USAGE || strcmp(err.file, "wrapper.mo") == 0, "at %s: %s",
                err.file, err.message);
  model_close(&m);
}
END_TEST

// a start the initialization's conditions read (w_0_fixed's w_0_start) varies: each member
// solves its own, so its joint turns at its own rate from the start
START_TEST(test_initial_condition_target_varies) {
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  const char* vary[] = {"body.w_0_start[3]"};
  ck_assert_msg(model_open_from(&m, W_TEXT, "W", vary, NULL, 1, &err) == MBE_OK, "%s", err.message);
  ck_assert(m.sys->init_conditions > 0);
  size_t w = 0;
  while (w < m.sys->nx && strcmp(m.sys->state_names[w], "rev.w") != 0)
    w++;
  ck_assert_uint_lt(w, m.sys->nx);
  double x[MAXX];
  for (int k = 0; k < 3; k++) {
    m.p[0] = 0.3 + 0.7 * k;
    initial_state(&m, x);
    MBE_CK_NEAR(x[w], m.p[0], 0, 1e-14);
  }
  model_close(&m);
}
END_TEST

/* ---- what changes nothing ---------------------------------------------------------------- */

// a parameter only the animation reads: at the user's component, the declaration as the note
START_TEST(test_animation_changes_nothing) {
  static const char* const NAMES[] = {"world.axisLength", "revolute1.cylinderLength",
                                      "world.gravityArrowTail[2]"};
  const char* vary[] = {NAMES[_i]};
  char origin_text[128], first[256];
  snprintf(origin_text, sizeof origin_text, "--vary '%s=uniform(0.1,0.2)'", NAMES[_i]);
  const char* origin[] = {origin_text};
  snprintf(first, sizeof first,
           "%s (%s) only affects the animation: no quantity the simulator "
           "computes depends on it",
           NAMES[_i], origin_text);
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  ck_assert_int_eq(model_open_from(&m, NULL, DP, vary, origin, 1, &err), MBE_ERR_USAGE);
  const char* file = strrchr(err.file, '/');
  ck_assert_str_eq(file ? file + 1 : err.file, "DoublePendulum.mo");
  ck_assert_int_eq(err.line, _i == 1 ? 8 : 6);
  expect_first_then_note(&err, first, "the declaration of");
  model_close(&m);
}
END_TEST

// a start parameter whose X_fixed flag is false, a gravity that gravityType switches off, an
// inertia about an axis the body never turns about: refused with the reason
START_TEST(test_flags_switch_off) {
  static const char text[] =
      "model Off\n"
      "  inner Modelica.Mechanics.MultiBody.World world(gravityType=\n"
      "    Modelica.Mechanics.MultiBody.Types.GravityTypes.NoGravity);\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});\n"
      "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1}, useAxisFlange=true,\n"
      "    phi(start=0.5, fixed=true), w(fixed=true));\n"
      "  Modelica.Mechanics.Rotational.Components.Spring spring(c=10);\n"
      "equation\n"
      "  connect(world.frame_b, rev.frame_a);\n"
      "  connect(rev.frame_b, body.frame_a);\n"
      "  connect(rev.support, spring.flange_a);\n"
      "  connect(spring.flange_b, rev.axis);\n"
      "end Off;\n";
  static const struct {
    const char* name;
    const char* part;
  } CASES[] = {
      {"body.z_0_start[3]",
       "body.z_0_start[3] changes no simulated quantity: with body.z_0_fixed = false it is only "
       "a guess, and nothing the simulator computes reads it"},
      {"world.g",
       "world.g changes no simulated quantity: with this model's flags and other values (a "
       "structural choice, a zero it multiplies, an output nothing reads) no state, initial "
       "state or output the simulator computes depends on it"},
      {"body.I_11", "body.I_11 changes no simulated quantity"},
  };
  MbeError err;
  mbe_error_clear(&err);
  Model m;
  const char* vary[] = {CASES[_i].name};
  ck_assert_int_eq(model_open(&m, text, "Off", vary, 1, &err), MBE_ERR_USAGE);
  ck_assert_msg(strstr(err.message, CASES[_i].part) != NULL, "'%s' lacks '%s'", err.message,
                CASES[_i].part);
  ck_assert_str_eq(err.file, "wrapper.mo");
  model_close(&m);

  // what the same model does read varies: the body swings about the revolute's z axis
  const char* used[] = {"body.I_33", "body.m", "rev.phi.start", "spring.c"};
  ck_assert_msg(model_open(&m, text, "Off", used, 4, &err) == MBE_OK, "%s", err.message);
  model_close(&m);
}
END_TEST

// the models of models/msl
static char* msl_paths[256];
static size_t msl_count;

// the visual Real parameter elements of a flat model a user may name in --vary
static size_t visual_names(const MbeFlat* f, char names[][160], size_t cap) {
  size_t n = 0;
  for (size_t i = 0; i < f->nvars; i++) {
    const MbeVar* v = &f->vars[i];
    if (!v->is_visual || v->type != MBE_T_REAL || v->variability != MBE_VAR_PARAMETER ||
        v->is_final || v->is_protected || v->ndims > 1) {
      continue;
    }
    for (int k = 0; k < (v->ndims ? v->dims[0] : 1) && n < cap; k++) {
      if (v->ndims) {
        snprintf(names[n++], 160, "%s[%d]", v->name, k + 1);
      } else {
        snprintf(names[n++], 160, "%s", v->name);
      }
    }
  }
  return n;
}

// The catalogue's [animation] marks agree with host/mech: on every model of models/msl, every
// visual parameter element varied alone reaches nothing the simulator computes, so mech refuses
// it as animation-only.
START_TEST(test_animation_marks_agree_with_mech) {
  char root[1024];
  snprintf(root, sizeof root, "%s/models/msl", mbe_test_source_dir());
  msl_count = 0;
  mbe_test_model_files(root, msl_paths, &msl_count, 256);
  ck_assert_uint_ge(msl_count, 70);
  static char names[512][160];
  size_t checked = 0;
  for (size_t p = 0; p < msl_count; p++) {
    MbeError err;
    mbe_error_clear(&err);
    MbeSpec* spec = NULL;
    MbeFlat* flat = NULL;
    MbeSystem* sys = NULL;
    ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
    ck_assert_int_eq(mbe_spec_add_file(spec, msl_paths[p], &err), MBE_OK);
    ck_assert_msg(mbe_flat_create(spec, NULL, &flat, &err) == MBE_OK, "%s", err.message);
    size_t n = visual_names(flat, names, 512);
    mbe_flat_destroy(flat);
    for (size_t k = 0; k < n; k++) {
      const char* vary[] = {names[k]};
      ck_assert_int_eq(mbe_flat_create(spec, NULL, &flat, &err), MBE_OK);
      ck_assert_msg(mbe_flat_vary(flat, vary, 1, &err) == MBE_OK, "%s: %s", names[k], err.message);
      MbeStatus st = mbe_system_build(flat, &sys, &err);
      ck_assert_msg(st == MBE_ERR_USAGE && strstr(err.message, "only affects the animation"),
                    "%s in %s: a visual parameter the simulation reads (status %d: %s)", names[k],
                    msl_paths[p], st, st == MBE_OK ? "built" : err.message);
      mbe_system_destroy(sys);
      mbe_flat_destroy(flat);
      sys = NULL;
      checked++;
    }
    mbe_spec_destroy(spec);
    free(msl_paths[p]);
  }
  ck_assert_uint_ge(checked, 2000);
}
END_TEST

static Suite* vary_suite(void) {
  Suite* s = suite_create("vary");
  TCase* tc = mbe_tcase_create("truth");
  tcase_add_test(tc, test_varied_member_equals_edited_model);
  tcase_add_test(tc, test_users_parameter_drives_components);
  tcase_add_test(tc, test_free_body_start_spellings);
  tcase_add_test(tc, test_rotation_starts_vary);
  suite_add_tcase(s, tc);
  tc = mbe_tcase_create("refusals");
  tcase_add_loop_test(tc, test_refusals, 0, sizeof REFUSALS / sizeof REFUSALS[0]);
  tcase_add_test(tc, test_twice_is_refused);
  tcase_add_test(tc, test_structural_use_is_located);
  tcase_add_test(tc, test_dimension_use_is_located);
  tcase_add_test(tc, test_start_that_sets_nothing);
  tcase_add_test(tc, test_mech_needs_a_number);
  tcase_add_test(tc, test_rotation_unknown_refused);
  tcase_add_test(tc, test_catalogue_use_names_origin);
  tcase_add_loop_test(tc, test_origins_named, 0, 3);
  tcase_add_test(tc, test_initial_condition_target_varies);
  tcase_add_loop_test(tc, test_animation_changes_nothing, 0, 3);
  tcase_add_loop_test(tc, test_flags_switch_off, 0, 3);
  suite_add_tcase(s, tc);
  tc = mbe_tcase_create("animation");
  tcase_set_timeout(tc, 100);
  tcase_add_test(tc, test_animation_marks_agree_with_mech);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {vary_suite, NULL};
