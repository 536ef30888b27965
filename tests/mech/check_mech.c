// SPDX-License-Identifier: Apache-2.0
// Tests of host/mech against truth that does not come from mech: the small-angle period of a
// pendulum, conservation of energy and momentum (with RK4's fourth-order convergence), a Kepler
// orbit that closes after its analytic period, the Dzhanibekov flip of a free body, the equations
// of motion of a 4-link chain against a textbook recursive Newton-Euler solved with LAPACKE, and
// static cut forces against the weight and its moment. The models are Modelica text; the ODE is
// integrated here with a fixed-step RK4 that calls the DAG interpreter.
// Set CHECK_MECH_VERBOSE=1 to print the measured errors (to re-justify the tolerances).
#include <lapacke.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"
#include "mbe_check.h"
#include "mech_fixture.h"
#include "mech.h"
#include "sym.h"

#define G 9.80665  // m/s^2, the World's default gravity (along -y)
#define PI 3.14159265358979323846
#define MAXX 64  // states of the largest model here, with room

/* ---- a model, its DAG values and an RK4 over it --------------------------------------------- */

typedef struct Mech {
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
  double* v;  // (sym.nnodes) the value of every DAG node after the last eval
} Mech;

static void note(const char* fmt, ...) {
  if (getenv("CHECK_MECH_VERBOSE") == NULL) {
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
}

static void mech_open(Mech* m, const char* text) {
  memset(m, 0, sizeof *m);
  mbe_test_system_build(text, &m->spec, &m->flat, &m->sys);
  ck_assert_uint_le(m->sys->nx, MAXX);
  m->v = mbe_malloc(m->sys->sym.nnodes * sizeof *m->v);
  ck_assert_ptr_nonnull(m->v);
}

static void mech_close(Mech* m) {
  mbe_free(m->v);
  mbe_test_system_free(m->spec, m->flat, m->sys);
}

static MbeSymId sig(const Mech* m, const char* fmt, ...) {
  char name[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(name, sizeof name, fmt, ap);
  va_end(ap);
  const MbeSignal* s = mbe_system_signal(m->sys, name);
  ck_assert_msg(s != NULL, "no signal %s", name);
  return s->id;
}

static size_t state_index(const Mech* m, const char* name) {
  for (size_t i = 0; i < m->sys->nx; i++) {
    if (strcmp(m->sys->state_names[i], name) == 0) {
      return i;
    }
  }
  ck_abort_msg("no state %s", name);
  return 0;
}

static void eval(Mech* m, double t, const double* x) {
  static const double none[1] = {0};  // a model without states reads no x
  mbe_sym_eval(&m->sys->sym, t, x != NULL ? x : none, m->sys->p0, m->v, m->sys->sym.nnodes);
}

static void deriv(Mech* m, double t, const double* x, double* dx) {
  eval(m, t, x);
  for (size_t i = 0; i < m->sys->nx; i++) {
    dx[i] = m->v[m->sys->xdot[i]];
  }
}

// one classical RK4 step of x' = f(t, x); afterwards m->v holds the values at the new (t+h, x)
static void rk4_step(Mech* m, double t, double* x, double h) {
  size_t n = m->sys->nx;
  double k1[MAXX], k2[MAXX], k3[MAXX], k4[MAXX], y[MAXX];
  deriv(m, t, x, k1);
  for (size_t i = 0; i < n; i++) {
    y[i] = x[i] + 0.5 * h * k1[i];
  }
  deriv(m, t + 0.5 * h, y, k2);
  for (size_t i = 0; i < n; i++) {
    y[i] = x[i] + 0.5 * h * k2[i];
  }
  deriv(m, t + 0.5 * h, y, k3);
  for (size_t i = 0; i < n; i++) {
    y[i] = x[i] + h * k3[i];
  }
  deriv(m, t + h, y, k4);
  for (size_t i = 0; i < n; i++) {
    x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  eval(m, t + h, x);
}

/* ---- small vector helpers ------------------------------------------------------------------- */

static void cross(const double a[3], const double b[3], double c[3]) {
  double r[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
  memcpy(c, r, sizeof r);
}

static double dot(const double a[3], const double b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void mat_vec(const double A[9], const double x[3], double y[3]) {
  for (int i = 0; i < 3; i++) {
    y[i] = A[3 * i] * x[0] + A[3 * i + 1] * x[1] + A[3 * i + 2] * x[2];
  }
}

static void mat_tvec(const double A[9], const double x[3], double y[3]) {
  for (int i = 0; i < 3; i++) {
    y[i] = A[i] * x[0] + A[3 + i] * x[1] + A[6 + i] * x[2];
  }
}

static void mat_mul(const double A[9], const double B[9], double C[9]) {
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
    }
  }
}

/* ---- a body's energy and momenta from its output signals ------------------------------------ */

// the parameters of a Parts.Body and the ids of the signals that give its motion
typedef struct BodyRef {
  const char* name;
  double m, rcm[3], inertia[9];  // kg, m (frame_a), kg m^2 about the CM in frame_a axes
  MbeSymId T[9], r0[3], v0[3], w[3];
} BodyRef;

static void body_bind(const Mech* m, BodyRef* b) {
  for (int i = 0; i < 3; i++) {
    b->r0[i] = sig(m, "%s.r_0[%d]", b->name, i + 1);
    b->v0[i] = sig(m, "%s.v_0[%d]", b->name, i + 1);
    b->w[i] = sig(m, "%s.w_a[%d]", b->name, i + 1);
    for (int j = 0; j < 3; j++) {
      b->T[3 * i + j] = sig(m, "%s.frame_a.R.T[%d,%d]", b->name, i + 1, j + 1);
    }
  }
}

typedef struct BodyState {
  double T[9], rcm[3], vcm[3], w[3], Lcm[3];  // CM position and velocity, L about the CM (world)
  double kin, pot;                            // J; pot for the World's uniform gravity
} BodyState;

static void body_state(const Mech* m, const BodyRef* b, BodyState* s) {
  double r0[3], v0[3], wr[3], d[3], Iw[3];
  for (int i = 0; i < 3; i++) {
    r0[i] = m->v[b->r0[i]];
    v0[i] = m->v[b->v0[i]];
    s->w[i] = m->v[b->w[i]];
  }
  for (int i = 0; i < 9; i++) {
    s->T[i] = m->v[b->T[i]];
  }
  // T maps world to frame_a: world vectors are T^T times frame_a vectors
  cross(s->w, b->rcm, wr);
  mat_tvec(s->T, wr, d);
  for (int i = 0; i < 3; i++) {
    s->vcm[i] = v0[i] + d[i];
  }
  mat_tvec(s->T, b->rcm, d);
  for (int i = 0; i < 3; i++) {
    s->rcm[i] = r0[i] + d[i];
  }
  mat_vec(b->inertia, s->w, Iw);
  mat_tvec(s->T, Iw, s->Lcm);
  s->kin = 0.5 * b->m * dot(s->vcm, s->vcm) + 0.5 * dot(s->w, Iw);
  s->pot = b->m * G * s->rcm[1];
}

/* ---- 1. the small-angle period of a pendulum ------------------------------------------------ */

// asserts compiled by mbe_mech_expr over the system's signals: relations, and/or/not,
// if-expressions, abs/max, time, a parameter and a signal block's output; each condition's node
// is 1 where it holds and 0 where not
START_TEST(test_assert_conditions) {
  static const char text[] =
      "model A\n"
      "  parameter Real lim = 0.5;\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1}, phi(fixed=true),\n"
      "    w(fixed=true));\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={1,0,0});\n"
      "  Modelica.Blocks.Sources.Ramp ramp(height=2, duration=1);\n"
      "equation\n"
      "  connect(world.frame_b, rev.frame_a);\n"
      "  connect(rev.frame_b, body.frame_a);\n"
      "  assert(rev.phi < lim and not rev.w >= 1 or time > 3, \"a\");\n"
      "  assert(if rev.phi > 0 then abs(rev.w) <= 2 else max(rev.phi, -1) > -1, \"b\",\n"
      "    AssertionLevel.warning);\n"
      "  assert(ramp.y < 1.5, \"c\");\n"
      "  assert(lim > 0, \"holds, and nothing varies: checked when compiling\");\n"
      "end A;\n";
  Mech mc;
  mech_open(&mc, text);
  ck_assert_uint_eq(mc.sys->nasserts, 3);
  ck_assert_str_eq(mc.sys->assert_src[1]->message, "b");
  ck_assert_int_eq(mc.sys->assert_src[1]->loc.line, 12);
  ck_assert(!mc.sys->assert_warning[0] && mc.sys->assert_warning[1] && !mc.sys->assert_warning[2]);
  size_t iphi = state_index(&mc, "rev.phi"), iw = state_index(&mc, "rev.w");
  static const struct {
    double t, phi, w;
    double want[3];
  } cases[] = {
      {0, 0.2, 0.5, {1, 1, 1}},   {0, 0.7, 0, {0, 1, 1}},     {0, 0.2, 1, {0, 1, 1}},
      {4, 0.7, 2.5, {1, 0, 0}},   {0.5, -0.5, 0, {1, 1, 1}},  {0.8, -2, 0, {1, 0, 0}},
      {0.74, 0.1, -2, {1, 1, 1}}, {0.76, 0.1, -2.1, {1, 0, 0}},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    double x[MAXX] = {0};
    x[iphi] = cases[k].phi;
    x[iw] = cases[k].w;
    eval(&mc, cases[k].t, x);
    for (size_t a = 0; a < 3; a++) {
      ck_assert_msg(mc.v[mc.sys->asserts[a]] == cases[k].want[a],
                    "case %zu assert %zu: %g, expected %g", k, a, mc.v[mc.sys->asserts[a]],
                    cases[k].want[a]);
    }
  }
  mech_close(&mc);
}
END_TEST

START_TEST(test_small_angle_period) {
  const double m = 2, L = 0.7, I33 = 0.05, amp = 0.01;  // kg, m, kg m^2, rad
  const double down = -PI / 2;  // phi where r_CM = (L, 0, 0) points along -y
  char text[1024];
  snprintf(text, sizeof text,
           "model P\n"
           "  inner Modelica.Mechanics.MultiBody.World world;\n"
           "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1},\n"
           "    phi(start=%.17g, fixed=true), w(fixed=true));\n"
           "  Modelica.Mechanics.MultiBody.Parts.Body body(m=%g, r_CM={%g,0,0}, I_33=%g);\n"
           "equation\n"
           "  connect(world.frame_b, rev.frame_a);\n"
           "  connect(rev.frame_b, body.frame_a);\n"
           "end P;\n",
           down + amp, m, L, I33);
  Mech mc;
  mech_open(&mc, text);
  ck_assert_uint_eq(mc.sys->nx, 2);
  size_t iphi = state_index(&mc, "rev.phi");
  double x[MAXX];
  memcpy(x, mc.sys->x0, mc.sys->nx * sizeof *x);
  MBE_CK_NEAR(x[iphi], down + amp, 0, 1e-15);

  // the physical pendulum's period, and the amplitude's correction theta0^2/16 = 6.25e-6 (the
  // next term, 11/3072 theta0^4, is 4e-11)
  double T0 = 2 * PI * sqrt((I33 + m * L * L) / (m * G * L));
  double T_expect = T0 * (1 + amp * amp / 16);
  // 1000 steps a period (omega h = 6e-3): RK4's phase error, (omega h)^4/120 a radian, is 1e-11;
  // at a zero crossing the curvature of phi vanishes, so the linear interpolation there errs by
  // O(h^3); the period is the mean over the crossings of ~6.5 periods
  double h = T0 / 1000, t = 0, prev = x[iphi] - down, first = -1, last = -1;
  int ncross = 0;
  for (int k = 0; k < 6500; k++) {
    rk4_step(&mc, t, x, h);
    t += h;
    double y = x[iphi] - down;
    if (prev < 0 && y >= 0) {
      double tc = t - h + h * (-prev) / (y - prev);
      if (ncross == 0) {
        first = tc;
      }
      last = tc;
      ncross++;
    }
    prev = y;
  }
  ck_assert_int_ge(ncross, 6);
  double T = (last - first) / (ncross - 1);
  note("period: %.15g expected %.15g (small-angle %.15g), rel err %.3g\n", T, T_expect, T0,
       (T - T_expect) / T_expect);
  // 1e-7 relative (measured 8.5e-11): tight enough that a period without the amplitude's
  // correction (6e-6 off) fails, so the nonlinear pendulum is checked, not only its linearisation;
  // a lost I_33 or a wrong g or L is off by percent
  MBE_CK_NEAR(T, T_expect, 1e-7, 0);
  mech_close(&mc);
}
END_TEST

/* ---- 2. energy of a 3-D chain: conserved, with RK4's h^4 convergence ------------------------ */

static const char chain_text[] =
    "model Chain\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1},\n"
    "    phi(start=-1.3, fixed=true), w(start=1.2, fixed=true));\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body b1(m=1.5, r_CM={0.3,0.05,-0.02},\n"
    "    I_11=0.02, I_22=0.05, I_33=0.06, I_21=0.004, I_31=-0.003, I_32=0.002);\n"
    "  Modelica.Mechanics.MultiBody.Parts.FixedTranslation t1(r={0.6,0,0.05});\n"
    "  Modelica.Mechanics.MultiBody.Joints.Universal uni(n_a={1,0,0}, n_b={0,1,0},\n"
    "    phi_a(start=0.3, fixed=true), phi_b(start=-0.5, fixed=true),\n"
    "    w_a(start=-0.8, fixed=true), w_b(start=0.8, fixed=true));\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body b2(m=1.0, r_CM={0.25,-0.04,0.06},\n"
    "    I_11=0.01, I_22=0.03, I_33=0.035, I_21=-0.002, I_31=0.001, I_32=0.003);\n"
    "  Modelica.Mechanics.MultiBody.Parts.FixedTranslation t2(r={0.5,0.05,0});\n"
    "  Modelica.Mechanics.MultiBody.Joints.Spherical sph(enforceStates=true,\n"
    "    angles_fixed=true, angles_start={0.2,-0.3,0.5},\n"
    "    w_rel_a_fixed=true, w_rel_a_start={0.4,-0.6,0.3});\n"
    "  Modelica.Mechanics.MultiBody.Parts.Body b3(m=0.8, r_CM={0.2,0.1,-0.05},\n"
    "    I_11=0.02, I_22=0.03, I_33=0.04, I_21=0.003, I_31=-0.004, I_32=0.002);\n"
    "equation\n"
    "  connect(world.frame_b, rev.frame_a);\n"
    "  connect(rev.frame_b, b1.frame_a);\n"
    "  connect(rev.frame_b, t1.frame_a);\n"
    "  connect(t1.frame_b, uni.frame_a);\n"
    "  connect(uni.frame_b, b2.frame_a);\n"
    "  connect(uni.frame_b, t2.frame_a);\n"
    "  connect(t2.frame_b, sph.frame_a);\n"
    "  connect(sph.frame_b, b3.frame_a);\n"
    "end Chain;\n";

static BodyRef chain_bodies[3] = {
    {.name = "b1",
     .m = 1.5,
     .rcm = {0.3, 0.05, -0.02},
     .inertia = {0.02, 0.004, -0.003, 0.004, 0.05, 0.002, -0.003, 0.002, 0.06}},
    {.name = "b2",
     .m = 1.0,
     .rcm = {0.25, -0.04, 0.06},
     .inertia = {0.01, -0.002, 0.001, -0.002, 0.03, 0.003, 0.001, 0.003, 0.035}},
    {.name = "b3",
     .m = 0.8,
     .rcm = {0.2, 0.1, -0.05},
     .inertia = {0.02, 0.003, -0.004, 0.003, 0.03, 0.002, -0.004, 0.002, 0.04}},
};

static double chain_energy(const Mech* mc, double* kin) {
  double e = 0, k = 0;
  for (int b = 0; b < 3; b++) {
    BodyState s;
    body_state(mc, &chain_bodies[b], &s);
    e += s.kin + s.pot;
    k += s.kin;
  }
  if (kin != NULL) {
    *kin = k;
  }
  return e;
}

// the largest |E(t) - E(0)| over [0, tend] with step h; *kin_max: the largest kinetic energy
static double chain_drift(Mech* mc, double h, double tend, double* kin_max) {
  double x[MAXX], kin;
  memcpy(x, mc->sys->x0, mc->sys->nx * sizeof *x);
  eval(mc, 0, x);
  double e0 = chain_energy(mc, &kin), drift = 0, t = 0, kmax = kin;
  long n = lround(tend / h);
  for (long k = 0; k < n; k++) {
    rk4_step(mc, t, x, h);
    t += h;
    drift = fmax(drift, fabs(chain_energy(mc, &kin) - e0));
    kmax = fmax(kmax, kin);
  }
  if (kin_max != NULL) {
    *kin_max = kmax;
  }
  return drift;
}

START_TEST(test_energy_chain) {
  Mech mc;
  mech_open(&mc, chain_text);
  for (int b = 0; b < 3; b++) {
    body_bind(&mc, &chain_bodies[b]);
  }
  // 1 + 2 + 4 (Q) rotational coordinates and 1 + 2 + 3 speeds
  ck_assert_uint_eq(mc.sys->nx, 13);
  note("chain: nodes %zu\n", mc.sys->sym.nnodes);

  // the scale is the largest kinetic energy (J), the energy that moves between kinetic and
  // potential: the potential's zero is arbitrary
  double kin;
  double d_fine = chain_drift(&mc, 1e-3, 2, &kin);
  note("chain: max kinetic %.6g J, drift at h=1e-3: %.3g J\n", kin, d_fine);
  ck_assert_double_gt(kin, 1);
  // 1e-8 of it: the chain swings from near hanging, its links reach 16 rad/s and RK4 at
  // h = 1e-3 drifts by 3.4e-9 J (14x below; it scales as h^4, checked next); a wrong inertia,
  // Coriolis or gravity term breaks conservation by orders of magnitude more
  ck_assert_msg(d_fine < 1e-8 * kin, "drift %g J at h = 1e-3", d_fine);

  // halving the step divides RK4's error by 16; steps this coarse keep the drift (1e-5, 1e-6 J)
  // far above round-off (1e-14 J)
  double d1 = chain_drift(&mc, 8e-3, 2, NULL), d2 = chain_drift(&mc, 4e-3, 2, NULL);
  note("chain: drift %.3g at h=8e-3, %.3g at h=4e-3, ratio %.3g\n", d1, d2, d1 / d2);
  ck_assert_double_gt(d2, 1e-11 * kin);  // above round-off, so the ratio is meaningful
  // at least 8: an inconsistent right-hand side (a derivative that does not match its state,
  // e.g. Q' from the wrong w) lowers the order and the ratio to 2 or 4; asymptotically 16
  ck_assert_msg(d1 / d2 > 8, "drift ratio %g for halving h (RK4: 16)", d1 / d2);
  mech_close(&mc);
}
END_TEST

/* ---- 3. a Kepler orbit ---------------------------------------------------------------------- */

// the CM's position and velocity (world): a point mass's own, a body's from its frame_a motion
typedef struct Orbiter {
  bool is_body;
  BodyRef b;
  MbeSymId r[3], v[3];
} Orbiter;

static void orbiter_cm(const Mech* mc, const Orbiter* o, double p[3], double u[3]) {
  if (o->is_body) {
    BodyState s;
    body_state(mc, &o->b, &s);
    memcpy(p, s.rcm, 3 * sizeof *p);
    memcpy(u, s.vcm, 3 * sizeof *u);
    return;
  }
  for (int i = 0; i < 3; i++) {
    p[i] = mc->v[o->r[i]];
    u[i] = mc->v[o->v[i]];
  }
}

// a point mass (rcm NULL) or a body whose CM starts at (1, 0, 0) with (0, 1.2, 0) m/s, mu = 1
static void kepler(const char* body_decl, const char* name, const double rcm[3]) {
  char text[1024];
  snprintf(text, sizeof text,
           "model K\n"
           "  inner Modelica.Mechanics.MultiBody.World world(\n"
           "    gravityType=Modelica.Mechanics.MultiBody.Types.GravityTypes.PointGravity, "
           "mu=1);\n"
           "  %s\n"
           "end K;\n",
           body_decl);
  Mech mc;
  mech_open(&mc, text);
  Orbiter o = {.is_body = rcm != NULL, .b = {.name = name, .m = 1}};
  if (o.is_body) {
    memcpy(o.b.rcm, rcm, sizeof o.b.rcm);
    body_bind(&mc, &o.b);
  }
  for (int i = 0; i < 3; i++) {
    o.r[i] = sig(&mc, "%s.r_0[%d]", name, i + 1);
    o.v[i] = sig(&mc, "%s.v_0[%d]", name, i + 1);
  }
  double x[MAXX], p[3], u[3];
  memcpy(x, mc.sys->x0, mc.sys->nx * sizeof *x);
  eval(&mc, 0, x);
  orbiter_cm(&mc, &o, p, u);
  const double p0[3] = {1, 0, 0}, u0[3] = {0, 1.2, 0};
  for (int i = 0; i < 3; i++) {
    MBE_CK_NEAR(p[i], p0[i], 0, 1e-15);
    MBE_CK_NEAR(u[i], u0[i], 0, 1e-15);
  }
  // vis-viva: a = 1/(2/r - v^2/mu); an ellipse of eccentricity 0.44 from periapsis r = 1 to
  // apoapsis 2a - 1 = 2.57, reached after half the period T = 2 pi sqrt(a^3/mu)
  double a = 1 / (2 - 1.2 * 1.2), T = 2 * PI * sqrt(a * a * a), r_apo = 2 * a - 1;
  double E0 = 0.5 * 1.2 * 1.2 - 1, H0 = 1.2;  // specific energy and angular momentum
  const double p_half[3] = {-r_apo, 0, 0}, u_half[3] = {0, -H0 / r_apo, 0};
  int n = 8000;  // h = 1.9e-3: at periapsis the step turns the radius by v h / r = 2.3e-3 rad
  double h = T / n, t = 0, dE = 0, dH = 0, dz = 0, d_half = 0;
  for (int k = 1; k <= n; k++) {
    rk4_step(&mc, t, x, h);
    t += h;
    orbiter_cm(&mc, &o, p, u);
    double c[3];
    cross(p, u, c);
    dE = fmax(dE, fabs(0.5 * dot(u, u) - 1 / sqrt(dot(p, p)) - E0));
    dH = fmax(dH, fabs(c[2] - H0));
    dz = fmax(dz, fmax(fabs(p[2]), fabs(u[2])));
    if (k == n / 2) {
      for (int i = 0; i < 3; i++) {
        d_half = fmax(d_half, fabs(p[i] - p_half[i]) + fabs(u[i] - u_half[i]));
      }
    }
  }
  double d_end = 0;
  for (int i = 0; i < 3; i++) {
    d_end = fmax(d_end, fabs(p[i] - p0[i]) + fabs(u[i] - u0[i]));
  }
  note("kepler %s: T = %.12g: |dr|+|dv| %.3g at T/2, %.3g at T; dE %.3g, dH %.3g\n", name, T,
       d_half, d_end, dE, dH);
  // 1e-8 in position and velocity at apoapsis and back at the start: RK4 at this step closes
  // the orbit to 5e-12; a wrong law (1/r instead of 1/r^2, gravity at frame_a instead of the
  // CM, mu misread) misses by O(0.1) or more
  ck_assert_msg(d_half < 1e-8, "not at apoapsis after T/2: %g", d_half);
  ck_assert_msg(d_end < 1e-8, "the orbit does not close after T: %g", d_end);
  // 1e-9 of energy and angular momentum (both O(1)): RK4 drifts by 5e-14 here
  ck_assert_msg(dE < 1e-9 && dH < 1e-9, "dE %g, dH %g", dE, dH);
  ck_assert_double_eq(dz, 0);  // nothing pushes out of the plane: exactly zero
  mech_close(&mc);
}

START_TEST(test_kepler) {
  kepler(
      "Modelica.Mechanics.MultiBody.Parts.PointMass mass(m=1, "
      "r_0(start={1,0,0}, each fixed=true), v_0(start={0,1.2,0}, each fixed=true));",
      "mass", NULL);
  // a body whose CM is off frame_a: gravity acts at the CM, which must follow the same orbit
  // (no torque about the CM, so it does not start to spin)
  const double rcm[3] = {0.1, 0.2, 0};
  kepler(
      "Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={0.1,0.2,0}, "
      "I_11=0.1, I_22=0.2, I_33=0.25, "
      "r_0(start={0.9,-0.2,0}, each fixed=true), v_0(start={0,1.2,0}, each fixed=true), "
      "w_0_fixed=true);",
      "body", rcm);
}
END_TEST

/* ---- 4. a torque-free body ------------------------------------------------------------------ */

static void free_body_text(char* text, size_t n, const char* params) {
  snprintf(text, n,
           "model F\n"
           "  inner Modelica.Mechanics.MultiBody.World world(\n"
           "    gravityType=Modelica.Mechanics.MultiBody.Types.GravityTypes.NoGravity);\n"
           "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1.5, %s);\n"
           "end F;\n",
           params);
}

// L = R^T I w_a about the CM, the CM's velocity and the kinetic energy stay constant
static void torque_free(const char* params, const double rcm[3], const double inertia[9],
                        const double w0[3]) {
  char text[1024];
  free_body_text(text, sizeof text, params);
  Mech mc;
  mech_open(&mc, text);
  BodyRef b = {.name = "body", .m = 1.5};
  memcpy(b.rcm, rcm, sizeof b.rcm);
  memcpy(b.inertia, inertia, sizeof b.inertia);
  body_bind(&mc, &b);
  double x[MAXX];
  memcpy(x, mc.sys->x0, mc.sys->nx * sizeof *x);
  eval(&mc, 0, x);
  BodyState s0, s;
  body_state(&mc, &b, &s0);
  // w_0_start is the world's angular velocity: R^T w_a at t = 0
  double w_world[3];
  mat_tvec(s0.T, s0.w, w_world);
  for (int i = 0; i < 3; i++) {
    MBE_CK_NEAR(w_world[i], w0[i], 1e-14, 1e-14);
  }

  double Lmag = sqrt(dot(s0.Lcm, s0.Lcm)), dL = 0, dK = 0, dv = 0, t = 0, h = 1e-3;
  for (int k = 0; k < 5000; k++) {
    rk4_step(&mc, t, x, h);
    t += h;
    body_state(&mc, &b, &s);
    for (int i = 0; i < 3; i++) {
      dL = fmax(dL, fabs(s.Lcm[i] - s0.Lcm[i]));
      dv = fmax(dv, fabs(s.vcm[i] - s0.vcm[i]));
    }
    dK = fmax(dK, fabs(s.kin - s0.kin));
  }
  note("free body: |L| %.6g dL %.3g, K %.6g dK %.3g, dv_cm %.3g\n", Lmag, dL, s0.kin, dK, dv);
  // 1e-9 relative over 5 s at h = 1e-3 (|w| h ~ 2e-3): RK4 holds these to ~1e-13; a gyroscopic
  // term with the wrong sign or a transposed inertia tensor changes L at O(1)
  ck_assert_msg(dL < 1e-9 * Lmag, "angular momentum drifts by %g (|L| %g)", dL, Lmag);
  ck_assert_msg(dK < 1e-9 * s0.kin, "kinetic energy drifts by %g (K %g)", dK, s0.kin);
  ck_assert_msg(dv < 1e-9 * (1 + sqrt(dot(s0.vcm, s0.vcm))), "CM velocity drifts by %g", dv);
  mech_close(&mc);
}

START_TEST(test_torque_free_body) {
  const double I_diag[9] = {1, 0, 0, 0, 2, 0, 0, 0, 3}, zero[3] = {0, 0, 0};
  const double w0[3] = {0.4, -0.7, 1.1};
  torque_free(
      "r_CM={0,0,0}, I_11=1, I_22=2, I_33=3, angles_fixed=true, "
      "angles_start={0.3,-0.2,0.5}, w_0_fixed=true, w_0_start={0.4,-0.7,1.1}",
      zero, I_diag, w0);
  // products of inertia, an offset CM (frame_a circles it) and an initial velocity
  const double I_full[9] = {1, 0.3, -0.2, 0.3, 2, 0.1, -0.2, 0.1, 3}, rcm[3] = {0.1, -0.2, 0.3};
  torque_free(
      "r_CM={0.1,-0.2,0.3}, I_11=1, I_22=2, I_33=3, I_21=0.3, I_31=-0.2, I_32=0.1, "
      "v_0(start={0.2,0,-0.1}, each fixed=true), "
      "angles_fixed=true, angles_start={-0.4,0.6,0.1}, "
      "w_0_fixed=true, w_0_start={0.4,-0.7,1.1}",
      rcm, I_full, w0);
}
END_TEST

// spin about principal axis `axis` (0-based) at 2 rad/s, perturbed by 1e-3 rad/s about the next
// axis; returns the smallest w_a[axis] / 2 over 20 s
static double spin(int axis) {
  double w[3] = {0, 0, 0};
  w[axis] = 2;
  w[(axis + 1) % 3] = 1e-3;
  char params[256], text[1024];
  snprintf(params, sizeof params,
           "r_CM={0,0,0}, I_11=1, I_22=2, I_33=3, w_0_fixed=true, w_0_start={%g,%g,%g}", w[0], w[1],
           w[2]);
  free_body_text(text, sizeof text, params);
  Mech mc;
  mech_open(&mc, text);
  MbeSymId wa = sig(&mc, "body.w_a[%d]", axis + 1);
  double x[MAXX];
  memcpy(x, mc.sys->x0, mc.sys->nx * sizeof *x);
  double t = 0, h = 5e-3, lo = 1;
  for (int k = 0; k < 4000; k++) {
    rk4_step(&mc, t, x, h);
    t += h;
    lo = fmin(lo, mc.v[wa] / 2);
  }
  mech_close(&mc);
  return lo;
}

START_TEST(test_intermediate_axis_flip) {
  // I = (1, 2, 3): about axis 2 the perturbation grows as exp(2 sqrt(1/3) t), ~1000x in 6 s, and
  // the spin reverses (Dzhanibekov); about axes 1 and 3 it stays a small nutation
  double lo1 = spin(0), lo2 = spin(1), lo3 = spin(2);
  note("spin: min w/w0 about axis 1 %.6g, axis 2 %.6g, axis 3 %.6g\n", lo1, lo2, lo3);
  ck_assert_msg(lo2 < -0.9, "no flip about the intermediate axis (min w_a[2]/w0 %g)", lo2);
  // stable axes: the nutation amplitude is ~1e-3 of the spin, so 0.99 has a wide margin
  ck_assert_msg(lo1 > 0.99, "spin about axis 1 is not stable (min %g)", lo1);
  ck_assert_msg(lo3 > 0.99, "spin about axis 3 is not stable (min %g)", lo3);
}
END_TEST

/* ---- 5. equations of motion against recursive Newton-Euler ---------------------------------- */

#define NLINK 4

// link k: Revolute rev<k>(n) -> Body b<k>(m, r_CM, I), and FixedTranslation t<k>(d) from the
// joint's frame_b to the next joint
typedef struct Link {
  double n[3], m, rcm[3], inertia[9], d[3];
} Link;

static const Link links[NLINK] = {
    {.n = {0, 0, 1},
     .m = 1.3,
     .rcm = {0.4, 0.05, -0.03},
     .inertia = {0.03, 0.004, -0.002, 0.004, 0.05, 0.003, -0.002, 0.003, 0.06},
     .d = {0.8, 0.1, 0}},
    {.n = {1, 0, 0},
     .m = 0.9,
     .rcm = {0.1, 0.3, 0.07},
     .inertia = {0.02, -0.003, 0.001, -0.003, 0.015, -0.002, 0.001, -0.002, 0.025},
     .d = {0.05, 0.6, -0.1}},
    {.n = {0, 1, 0},
     .m = 1.7,
     .rcm = {-0.05, 0.1, 0.35},
     .inertia = {0.04, 0.002, 0.005, 0.002, 0.045, -0.004, 0.005, -0.004, 0.02},
     .d = {0.1, -0.05, 0.7}},
    // not a coordinate axis, and not of unit length: the Revolute normalizes n
    {.n = {0.3, -0.5, 0.8},
     .m = 0.6,
     .rcm = {0.2, -0.15, 0.1},
     .inertia = {0.01, 0.001, -0.002, 0.001, 0.012, 0.0015, -0.002, 0.0015, 0.008},
     .d = {0, 0, 0}},
};

// Rodrigues: the rotation by q about unit n, mapping frame_b coordinates to frame_a coordinates
static void rodrigues(const double n[3], double q, double R[9]) {
  double c = cos(q), s = sin(q), v = 1 - c;
  R[0] = c + n[0] * n[0] * v;
  R[1] = n[0] * n[1] * v - n[2] * s;
  R[2] = n[0] * n[2] * v + n[1] * s;
  R[3] = n[1] * n[0] * v + n[2] * s;
  R[4] = c + n[1] * n[1] * v;
  R[5] = n[1] * n[2] * v - n[0] * s;
  R[6] = n[2] * n[0] * v - n[1] * s;
  R[7] = n[2] * n[1] * v + n[0] * s;
  R[8] = c + n[2] * n[2] * v;
}

// inverse dynamics of the chain (textbook recursive Newton-Euler, world coordinates): the joint
// torques for q, qd, qdd under gravity g along -y
static void newton_euler(const double* q, const double* qd, const double* qdd, double g,
                         double* tau) {
  double R[NLINK][9], p[NLINK][3], z[NLINK][3], w[NLINK][3], al[NLINK][3], c[NLINK][3];
  double F[NLINK][3], N[NLINK][3];
  double Rp[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, pp[3] = {0, 0, 0}, wp[3] = {0, 0, 0};
  double alp[3] = {0, 0, 0}, ap[3] = {0, g, 0};  // the base accelerates up: gravity for all
  for (int i = 0; i < NLINK; i++) {
    double n[3], ln = sqrt(dot(links[i].n, links[i].n)), Rr[9], t1[3], t2[3], t3[3];
    for (int k = 0; k < 3; k++) {
      n[k] = links[i].n[k] / ln;
    }
    rodrigues(n, q[i], Rr);
    mat_mul(Rp, Rr, R[i]);
    mat_vec(Rp, n, z[i]);
    if (i == 0) {
      memset(p[i], 0, sizeof p[i]);
    } else {
      mat_vec(R[i - 1], links[i - 1].d, t1);
      for (int k = 0; k < 3; k++) {
        p[i][k] = p[i - 1][k] + t1[k];
      }
    }
    // the joint's origin accelerates with the parent's frame
    double dp[3], a[3];
    for (int k = 0; k < 3; k++) {
      dp[k] = p[i][k] - pp[k];
    }
    cross(alp, dp, t1);
    cross(wp, dp, t2);
    cross(wp, t2, t3);
    for (int k = 0; k < 3; k++) {
      a[k] = ap[k] + t1[k] + t3[k];
    }
    double zq[3] = {z[i][0] * qd[i], z[i][1] * qd[i], z[i][2] * qd[i]};
    cross(wp, zq, t1);
    for (int k = 0; k < 3; k++) {
      w[i][k] = wp[k] + zq[k];
      al[i][k] = alp[k] + z[i][k] * qdd[i] + t1[k];
    }
    // the CM, its acceleration, the body's force and torque about its CM
    mat_vec(R[i], links[i].rcm, c[i]);
    cross(al[i], c[i], t1);
    cross(w[i], c[i], t2);
    cross(w[i], t2, t3);
    for (int k = 0; k < 3; k++) {
      F[i][k] = links[i].m * (a[k] + t1[k] + t3[k]);
    }
    double Iw[9], RI[9], Rt[9], Iwv[3];
    for (int r = 0; r < 3; r++) {
      for (int k = 0; k < 3; k++) {
        Rt[3 * r + k] = R[i][3 * k + r];
      }
    }
    mat_mul(R[i], links[i].inertia, RI);
    mat_mul(RI, Rt, Iw);
    mat_vec(Iw, al[i], t1);
    mat_vec(Iw, w[i], Iwv);
    cross(w[i], Iwv, t2);
    for (int k = 0; k < 3; k++) {
      N[i][k] = t1[k] + t2[k];
    }
    memcpy(Rp, R[i], sizeof Rp);
    memcpy(pp, p[i], sizeof pp);
    memcpy(wp, w[i], sizeof wp);
    memcpy(alp, al[i], sizeof alp);
    memcpy(ap, a, sizeof ap);
  }
  // backward: the force and the torque (about the joint's origin) the joint transmits
  double f[3] = {0, 0, 0}, nn[3] = {0, 0, 0};
  for (int i = NLINK - 1; i >= 0; i--) {
    double t1[3], t2[3], dp[3] = {0, 0, 0};
    if (i + 1 < NLINK) {
      for (int k = 0; k < 3; k++) {
        dp[k] = p[i + 1][k] - p[i][k];
      }
    }
    cross(c[i], F[i], t1);
    cross(dp, f, t2);
    for (int k = 0; k < 3; k++) {
      nn[k] = N[i][k] + t1[k] + nn[k] + t2[k];
      f[k] = F[i][k] + f[k];
    }
    tau[i] = dot(z[i], nn);
  }
}

static void chain4_text(char* text, size_t size) {
  size_t o = (size_t)snprintf(text, size,
                              "model Chain4\n"
                              "  inner Modelica.Mechanics.MultiBody.World world;\n");
  for (int i = 0; i < NLINK; i++) {
    const Link* l = &links[i];
    o += (size_t)snprintf(text + o, size - o,
                          "  Modelica.Mechanics.MultiBody.Joints.Revolute rev%d("
                          "n={%.17g,%.17g,%.17g});\n"
                          "  Modelica.Mechanics.MultiBody.Parts.Body b%d(m=%.17g, "
                          "r_CM={%.17g,%.17g,%.17g}, I_11=%.17g, I_22=%.17g, I_33=%.17g, "
                          "I_21=%.17g, I_31=%.17g, I_32=%.17g);\n",
                          i + 1, l->n[0], l->n[1], l->n[2], i + 1, l->m, l->rcm[0], l->rcm[1],
                          l->rcm[2], l->inertia[0], l->inertia[4], l->inertia[8], l->inertia[3],
                          l->inertia[6], l->inertia[7]);
    if (i + 1 < NLINK) {
      o += (size_t)snprintf(text + o, size - o,
                            "  Modelica.Mechanics.MultiBody.Parts.FixedTranslation t%d("
                            "r={%.17g,%.17g,%.17g});\n",
                            i + 1, l->d[0], l->d[1], l->d[2]);
    }
  }
  o += (size_t)snprintf(text + o, size - o, "equation\n  connect(world.frame_b, rev1.frame_a);\n");
  for (int i = 1; i <= NLINK; i++) {
    o += (size_t)snprintf(text + o, size - o, "  connect(rev%d.frame_b, b%d.frame_a);\n", i, i);
    if (i < NLINK) {
      o += (size_t)snprintf(text + o, size - o,
                            "  connect(rev%d.frame_b, t%d.frame_a);\n"
                            "  connect(t%d.frame_b, rev%d.frame_a);\n",
                            i, i, i, i + 1);
    }
  }
  o += (size_t)snprintf(text + o, size - o, "end Chain4;\n");
  ck_assert_uint_lt(o, size);
}

START_TEST(test_mass_matrix_vs_newton_euler) {
  char text[8192];
  chain4_text(text, sizeof text);
  Mech mc;
  mech_open(&mc, text);
  ck_assert_uint_eq(mc.sys->nx, 2 * NLINK);
  size_t iq[NLINK], iu[NLINK];
  for (int i = 0; i < NLINK; i++) {
    char name[32];
    snprintf(name, sizeof name, "rev%d.phi", i + 1);
    iq[i] = state_index(&mc, name);
    snprintf(name, sizeof name, "rev%d.w", i + 1);
    iu[i] = state_index(&mc, name);
  }
  unsigned long long seed = 12345;
  for (int trial = 0; trial < 6; trial++) {
    double q[NLINK], qd[NLINK], x[MAXX];
    for (int i = 0; i < NLINK; i++) {
      // a 64-bit LCG (Knuth's MMIX constants): reproducible states over the whole circle
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      q[i] = ((double)(seed >> 11) / 9007199254740992.0 * 2 - 1) * PI;
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      qd[i] = ((double)(seed >> 11) / 9007199254740992.0 * 2 - 1) * 3;
      x[iq[i]] = q[i];
      x[iu[i]] = qd[i];
    }
    // M by columns from inverse dynamics without gravity; the bias with gravity and speeds
    double zero[NLINK] = {0}, M[NLINK * NLINK], C[NLINK], tau[NLINK];
    for (int k = 0; k < NLINK; k++) {
      double e[NLINK] = {0};
      e[k] = 1;
      newton_euler(q, zero, e, 0, tau);
      for (int i = 0; i < NLINK; i++) {
        M[i * NLINK + k] = tau[i];
      }
    }
    newton_euler(q, qd, zero, G, C);
    double qdd[NLINK];
    for (int i = 0; i < NLINK; i++) {
      qdd[i] = -C[i];
    }
    lapack_int ipiv[NLINK];
    ck_assert_int_eq(LAPACKE_dgesv(LAPACK_ROW_MAJOR, NLINK, 1, M, NLINK, ipiv, qdd, 1), 0);

    double dx[MAXX], scale = 0;
    deriv(&mc, 0, x, dx);
    for (int i = 0; i < NLINK; i++) {
      scale = fmax(scale, fabs(qdd[i]));
    }
    for (int i = 0; i < NLINK; i++) {
      note("trial %d joint %d: qdd %.17g newton-euler %.17g\n", trial, i + 1, dx[iu[i]], qdd[i]);
      ck_assert_double_eq(dx[iq[i]], qd[i]);  // phi' = w exactly
      // 1e-10 of the largest acceleration: both sides are exact up to round-off in sums of
      // O(10) terms and a solve with a well-conditioned M (cond ~1e2), ~1e-14
      MBE_CK_NEAR(dx[iu[i]], qdd[i], 1e-10, 1e-10 * scale);
    }
  }
  mech_close(&mc);
}
END_TEST

/* ---- 6. static cut forces ------------------------------------------------------------------- */

START_TEST(test_cut_force_static) {
  // a body held by the world through a rigid offset: no states; the support carries its weight
  const double m = 3, r[3] = {1, 0, 0.4}, rcm[3] = {0.5, 0.2, -0.3};
  char text[1024];
  snprintf(text, sizeof text,
           "model S\n"
           "  inner Modelica.Mechanics.MultiBody.World world;\n"
           "  Modelica.Mechanics.MultiBody.Parts.FixedTranslation frameTranslation("
           "r={%g,%g,%g});\n"
           "  Modelica.Mechanics.MultiBody.Parts.Body body(m=%g, r_CM={%g,%g,%g});\n"
           "equation\n"
           "  connect(world.frame_b, frameTranslation.frame_a);\n"
           "  connect(frameTranslation.frame_b, body.frame_a);\n"
           "end S;\n",
           r[0], r[1], r[2], m, rcm[0], rcm[1], rcm[2]);
  Mech mc;
  mech_open(&mc, text);
  ck_assert_uint_eq(mc.sys->nx, 0);
  eval(&mc, 0, NULL);
  // frame.f is the force acting on the connector's owner, resolved in that frame (all frames are
  // world-aligned here). The body is held up: body.frame_a.f = +m g e_y, and the support's torque
  // about frame_a balances the weight's moment there: r_CM x (m g e_y). At the world the offset
  // adds its lever: (r + r_CM) x (m g e_y). frame_b of the translation is the body's reaction.
  double up[3] = {0, m * G, 0}, down[3] = {0, -m * G, 0}, tb[3], ta[3], lever[3];
  cross(rcm, up, tb);
  for (int i = 0; i < 3; i++) {
    lever[i] = r[i] + rcm[i];
  }
  cross(lever, up, ta);
  for (int i = 0; i < 3; i++) {
    // 1e-12 relative (atol 1e-12 N for the zeros): a few products of exact inputs
    MBE_CK_NEAR(mc.v[sig(&mc, "body.frame_a.f[%d]", i + 1)], up[i], 1e-12, 1e-12);
    MBE_CK_NEAR(mc.v[sig(&mc, "body.frame_a.t[%d]", i + 1)], tb[i], 1e-12, 1e-12);
    MBE_CK_NEAR(mc.v[sig(&mc, "frameTranslation.frame_b.f[%d]", i + 1)], down[i], 1e-12, 1e-12);
    MBE_CK_NEAR(mc.v[sig(&mc, "frameTranslation.frame_b.t[%d]", i + 1)], -tb[i], 1e-12, 1e-12);
    MBE_CK_NEAR(mc.v[sig(&mc, "frameTranslation.frame_a.f[%d]", i + 1)], up[i], 1e-12, 1e-12);
    MBE_CK_NEAR(mc.v[sig(&mc, "frameTranslation.frame_a.t[%d]", i + 1)], ta[i], 1e-12, 1e-12);
    MBE_CK_NEAR(mc.v[sig(&mc, "body.r_0[%d]", i + 1)], r[i], 1e-15, 0);
    MBE_CK_NEAR(mc.v[sig(&mc, "body.a_0[%d]", i + 1)], 0, 0, 1e-15);
  }
  mech_close(&mc);
}
END_TEST

START_TEST(test_cut_force_pendulum) {
  // the pendulum of test 1: hanging straight down at rest, then at phi = 0.3 with w = 1.5
  const double m = 2, L = 0.7, I33 = 0.05;
  const char* text =
      "model P\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={0.7,0,0}, I_33=0.05);\n"
      "equation\n"
      "  connect(world.frame_b, rev.frame_a);\n"
      "  connect(rev.frame_b, body.frame_a);\n"
      "end P;\n";
  Mech mc;
  mech_open(&mc, text);
  size_t iphi = state_index(&mc, "rev.phi"), iw = state_index(&mc, "rev.w");
  const double cases[2][2] = {{-PI / 2, 0}, {0.3, 1.5}};
  for (int c = 0; c < 2; c++) {
    double phi = cases[c][0], w = cases[c][1], x[2];
    x[iphi] = phi;
    x[iw] = w;
    eval(&mc, 0, x);
    // about the pivot: (I33 + m L^2) a = -m g L cos(phi) (the weight's moment about +z)
    double a = -m * G * L * cos(phi) / (I33 + m * L * L);
    // in frame_b (x along the rod): the CM accelerates by (-L w^2, L a); gravity is
    // (-g sin(phi), -g cos(phi)); the body's frame_a.f = m (a_cm - g), and the joint's frame_b
    // carries the reaction; no torque passes about the axis, none about x or y (planar)
    double fb[3] = {-m * (-L * w * w + G * sin(phi)), -m * (L * a + G * cos(phi)), 0};
    // 1e-12 relative with atol 1e-12 (the zeros, and cos(-pi/2) = 6e-17 in rev.a)
    MBE_CK_NEAR(mc.v[sig(&mc, "rev.a")], a, 1e-12, 1e-12);
    for (int i = 0; i < 3; i++) {
      MBE_CK_NEAR(mc.v[sig(&mc, "rev.frame_b.f[%d]", i + 1)], fb[i], 1e-12, 1e-12);
      MBE_CK_NEAR(mc.v[sig(&mc, "body.frame_a.f[%d]", i + 1)], -fb[i], 1e-12, 1e-12);
      MBE_CK_NEAR(mc.v[sig(&mc, "rev.frame_b.t[%d]", i + 1)], 0, 0, 1e-12);
    }
    if (c == 0) {
      // at rest straight down: the rod pulls the body up with its weight, along -x of frame_b;
      // the world holds the joint up: rev.frame_a.f = +m g e_y (frame_a is world-aligned)
      MBE_CK_NEAR(mc.v[sig(&mc, "rev.frame_b.f[1]")], m * G, 1e-12, 0);
      MBE_CK_NEAR(mc.v[sig(&mc, "rev.frame_a.f[1]")], 0, 0, 1e-12);
      MBE_CK_NEAR(mc.v[sig(&mc, "rev.frame_a.f[2]")], m * G, 1e-12, 0);
      MBE_CK_NEAR(mc.v[sig(&mc, "rev.a")], 0, 0, 1e-12);
    }
  }
  mech_close(&mc);
}
END_TEST

/* ---- rotation angles: axesRotationsAngles inverts axesRotations ------------------------------ */

// A spherical joint started at angles_start about sequence_start: relative and absolute sensors
// with the same sequence must read those angles back (MSL: axesRotationsAngles is the inverse of
// axesRotations where the first angle is the solution nearer guessAngle1 = 0, i.e. in
// (-pi/2, pi/2); the second in (-pi/2, pi/2) for Cardan or (0, pi) for Euler sequences).
START_TEST(test_rotation_angles_round_trip) {
  static const struct {
    int seq[3];
    double ang[3];
  } cases[] = {{{1, 2, 3}, {0.3, -0.4, 1.1}},
               {{3, 1, 3}, {0.5, 0.7, -1.2}},
               {{2, 3, 1}, {-1.2, 1.2, 2.9}},
               {{3, 2, 1}, {1.0, -1.4, -0.2}}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const int* q = cases[k].seq;
    const double* a = cases[k].ang;
    char text[2048];
    snprintf(text, sizeof text,
             "model A\n"
             "  inner Modelica.Mechanics.MultiBody.World world;\n"
             "  Modelica.Mechanics.MultiBody.Joints.Spherical sph(enforceStates=true,\n"
             "    angles_fixed=true, sequence_start={%d,%d,%d}, angles_start={%.17g,%.17g,%.17g});\n"
             "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.2,-0.3,0.1});\n"
             "  Modelica.Mechanics.MultiBody.Sensors.RelativeSensor rel(get_angles=true,\n"
             "    sequence={%d,%d,%d});\n"
             "  Modelica.Mechanics.MultiBody.Sensors.AbsoluteSensor abs(get_angles=true,\n"
             "    sequence={%d,%d,%d});\n"
             "equation\n"
             "  connect(world.frame_b, sph.frame_a);\n"
             "  connect(sph.frame_b, body.frame_a);\n"
             "  connect(rel.frame_a, sph.frame_a);\n"
             "  connect(rel.frame_b, sph.frame_b);\n"
             "  connect(abs.frame_a, body.frame_a);\n"
             "end A;\n",
             q[0], q[1], q[2], a[0], a[1], a[2], q[0], q[1], q[2], q[0], q[1], q[2]);
    Mech m;
    mech_open(&m, text);
    eval(&m, 0.0, m.sys->x0);
    for (int i = 0; i < 3; i++) {
      // the quaternion round trip (to_Q, from_Q) and atan2 leave a few ulps
      MBE_CK_NEAR(m.v[sig(&m, "rel.angles[%d]", i + 1)], a[i], 0, 1e-14);
      MBE_CK_NEAR(m.v[sig(&m, "abs.angles[%d]", i + 1)], a[i], 0, 1e-14);
    }
    mech_close(&m);
  }
}
END_TEST

/* ---- a 1-D inertia on a joint axis ------------------------------------------------------------ */

// A Rotational.Components.Inertia J on the axis of a horizontal pendulum adds J to the
// coordinate's inertia: phi'' = -m g L / (I_33 + m L^2 + J) at rest, and the joint's drive torque
// is what accelerates the inertia, tau = -J phi''.
START_TEST(test_axis_inertia) {
  static const char text[] =
      "model AxisInertia\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(useAxisFlange=true,\n"
      "    phi(fixed=true), w(fixed=true));\n"
      "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=0.3);\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={0.7,0,0}, I_33=0.05);\n"
      "equation\n"
      "  connect(world.frame_b, rev.frame_a);\n"
      "  connect(rev.frame_b, body.frame_a);\n"
      "  connect(inertia.flange_a, rev.axis);\n"
      "end AxisInertia;\n";
  Mech m;
  mech_open(&m, text);
  eval(&m, 0.0, m.sys->x0);
  double a = -2 * G * 0.7 / (0.05 + 2 * 0.7 * 0.7 + 0.3);
  MBE_CK_NEAR(m.v[sig(&m, "rev.a")], a, 1e-14, 0);
  MBE_CK_NEAR(m.v[sig(&m, "inertia.a")], a, 1e-14, 0);
  MBE_CK_NEAR(m.v[sig(&m, "rev.tau")], -0.3 * a, 1e-14, 0);
  mech_close(&m);
}
END_TEST

/* ---- SpringDamperSeries: its own first-order state ----------------------------------------- */

// Between two ground frames at the fixed distance L the damper length obeys
// s_damper' = c/d (L - s_unstretched - s_damper): an exponential approach with time constant d/c.
START_TEST(test_spring_damper_series_relaxation) {
  static const char text[] =
      "model Series\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Parts.Fixed fixed(r={0.6,0.8,0});\n"
      "  Modelica.Mechanics.MultiBody.Forces.SpringDamperSeries sds(c=20, d=5,\n"
      "    s_unstretched=0.3, s_damper_start=0.1);\n"
      "equation\n"
      "  connect(world.frame_b, sds.frame_a);\n"
      "  connect(sds.frame_b, fixed.frame_b);\n"
      "end Series;\n";
  Mech m;
  mech_open(&m, text);
  ck_assert_uint_eq(m.sys->nx, 1);
  size_t k = state_index(&m, "sds.s_damper");
  double x[MAXX];
  memcpy(x, m.sys->x0, sizeof x[0]);
  MBE_CK_NEAR(x[k], 0.1, 0, 0);
  const double L = 1.0, s0 = 0.3, tau = 5.0 / 20.0, h = 1e-3;
  double t = 0;
  for (int i = 0; i < 1000; i++, t += h) {
    rk4_step(&m, t, x, h);
  }
  // RK4's error at h/tau = 4e-3 is ~1e-12 here
  double exact = (L - s0) + (0.1 - (L - s0)) * exp(-t / tau);
  MBE_CK_NEAR(x[k], exact, 0, 1e-10);
  eval(&m, t, x);
  MBE_CK_NEAR(m.v[sig(&m, "sds.f")], 20 * (L - s0 - x[k]), 1e-14, 1e-14);
  mech_close(&m);
}
END_TEST

/* ---- a point mass on a line force --------------------------------------------------------- */

// A body M on a vertical prismatic joint hangs from the world by a spring without stiffness that
// carries a point mass mm at lengthFraction h: the mass sits at h times the body's height and moves
// h times as fast, so M_eff = M + mm h^2 and the weight's generalized force is -(M + mm h) g.
START_TEST(test_line_force_point_mass) {
  static const char text[] =
      "model LineMass\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Joints.Prismatic slider(n={0,1,0},\n"
      "    s(start=-0.8, fixed=true), v(start=0.3, fixed=true));\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={0,0,0});\n"
      "  Modelica.Mechanics.MultiBody.Forces.Spring spring(c=0, m=0.5, lengthFraction=0.3);\n"
      "equation\n"
      "  connect(world.frame_b, slider.frame_a);\n"
      "  connect(slider.frame_b, body.frame_a);\n"
      "  connect(world.frame_b, spring.frame_a);\n"
      "  connect(spring.frame_b, body.frame_a);\n"
      "end LineMass;\n";
  Mech m;
  mech_open(&m, text);
  eval(&m, 0.0, m.sys->x0);
  double a = -G * (2 + 0.5 * 0.3) / (2 + 0.5 * 0.3 * 0.3);
  MBE_CK_NEAR(m.v[sig(&m, "slider.a")], a, 1e-14, 0);
  // the world side carries the rest: frame_a of the spring holds mm (1 - h) (a_cm - g)
  double acm = 0.3 * a;
  MBE_CK_NEAR(m.v[sig(&m, "spring.frame_a.f[2]")], 0.5 * 0.7 * (acm + G), 1e-14, 1e-14);
  mech_close(&m);
}
END_TEST

/* ---- nonlinear initialization --------------------------------------------------------------- */

static const char init_spring_text[] =
    "model InitSpring\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed=true), w(fixed=true),\n"
    "    a(fixed=true));\n"
    "  Modelica.Mechanics.MultiBody.Parts.BodyShape body(r={1,0,0}, r_CM={0.5,0,0}, m=1);\n"
    "  Modelica.Mechanics.MultiBody.Parts.Fixed fixed(r={1,0.2,0});\n"
    "  Modelica.Mechanics.MultiBody.Forces.Spring spring(s_unstretched=0.1,\n"
    "    c(fixed=false, start=100));\n"
    "equation\n"
    "  connect(world.frame_b, rev.frame_a);\n"
    "  connect(rev.frame_b, body.frame_a);\n"
    "  connect(fixed.frame_b, spring.frame_a);\n"
    "  connect(body.frame_b, spring.frame_b);\n"
    "end InitSpring;\n";

// The spring constant that holds a horizontal pendulum at rest: the vertical spring (stretched by
// 0.1 m, arm 1 m) balances the weight's moment m g 0.5, so c = 5 g.
START_TEST(test_init_free_parameter) {
  Mech m;
  mech_open(&m, init_spring_text);
  ck_assert_uint_eq(m.sys->np, 1);
  ck_assert_str_eq(m.sys->param_names[0], "spring.c");
  MBE_CK_NEAR(m.sys->p0[0], 5 * G, 1e-12, 0);
  ck_assert_uint_eq(m.sys->init_conditions, 1);
  ck_assert_int_le(m.sys->init_iterations, 3);  // linear in c: one step, one to confirm
  mbe_sym_eval(&m.sys->sym, 0, m.sys->x0, m.sys->p0, m.v, m.sys->sym.nnodes);
  MBE_CK_NEAR(m.v[sig(&m, "rev.a")], 0, 0, 1e-12);
  mech_close(&m);
}
END_TEST

// Conditions no state can meet: the error names them with their residuals, at the first one.
START_TEST(test_init_impossible) {
  static const char text[] =
      "model Impossible\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(w(fixed=true), a(start=100, fixed=true));\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});\n"
      "equation\n"
      "  connect(world.frame_b, rev.frame_a);\n"
      "  connect(rev.frame_b, body.frame_a);\n"
      "end Impossible;\n";
  MbeError err = {0};
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  MbeSystem* sys = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
  ck_assert_int_eq(mbe_spec_add_text(spec, "i.mo", text, strlen(text), &err), MBE_OK);
  ck_assert_int_eq(mbe_flat_create(spec, NULL, &flat, &err), MBE_OK);
  ck_assert_int_eq(mbe_system_build(flat, &sys, &err), MBE_ERR_MODEL);
  ck_assert_ptr_null(sys);
  ck_assert_msg(strstr(err.message, "rev.a = 100 (residual") != NULL, "%s", err.message);
  ck_assert_str_eq(err.file, "i.mo");  // at the fixed=true that states it
  ck_assert_int_eq(err.line, 3);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
}
END_TEST

/* ---- the initial conditions of bodies the joints move ---------------------------------------- */

// a body on a revolute joint about z with the body's own initial conditions (its modifiers)
static void body_on_revolute(char* text, size_t n, const char* cls, const char* body) {
  snprintf(text, n,
           "model B\n"
           "  inner Modelica.Mechanics.MultiBody.World world;\n"
           "  Modelica.Mechanics.MultiBody.Parts.%s body(%s);\n"
           "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});\n"
           "equation\n"
           "  connect(world.frame_b, rev.frame_a);\n"
           "  connect(rev.frame_b, body.frame_a);\n"
           "end B;\n",
           cls, body);
}

// builds text, which must fail; returns the status, the error in *err
static MbeStatus build_error(const char* text, MbeError* err) {
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  MbeSystem* sys = NULL;
  mbe_error_clear(err);
  ck_assert_int_eq(mbe_spec_create(&spec, err), MBE_OK);
  ck_assert_int_eq(mbe_spec_add_text(spec, "test.mo", text, strlen(text), err), MBE_OK);
  MbeStatus st = mbe_flat_create(spec, NULL, &flat, err);
  if (st == MBE_OK) {
    st = mbe_system_build(flat, &sys, err);
  }
  ck_assert_int_ne(st, MBE_OK);
  ck_assert_ptr_null(sys);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
  return st;
}

// the error's first line holds first, and the catalogue's place follows as a note holding note
static void expect_catalogue_note(const MbeError* err, const char* first, const char* note) {
  const char* nl = strchr(err->message, '\n');
  ck_assert_msg(nl != NULL, "no note line: %s", err->message);
  const char* hit = strstr(err->message, first);
  ck_assert_msg(hit != NULL && hit < nl, "the first line of '%s' lacks '%s'", err->message, first);
  ck_assert_msg(strncmp(nl + 1, "<catalogue>/Modelica/Mechanics/MultiBody/", 41) == 0 &&
                    strstr(nl, ": note: ") != NULL && strstr(nl, note) != NULL,
                "the note line '%s' lacks '%s'", nl + 1, note);
}

// w_0_fixed on a body the joints move: w_a = resolve2(R_start, w_0_start), as the MSL states it;
// the revolute about z meets it with its speed (the start of w_a is not 0)
START_TEST(test_init_body_rate) {
  static const struct {
    const char* cls;
    const char* body;
    double w;  // rad/s, rev.w that meets it
  } CASES[] = {
      {"Body", "m=1, r_CM={0.5,0,0}, w_0_fixed=true, w_0_start={0,0,1}", 1},
      // R_start turns the world's -y into frame_a's z: w_a = {0, -cos(pi/2), 1}
      {"Body",
       "m=1, r_CM={0.5,0,0}, w_0_fixed=true, w_0_start={0,-1,0}, angles_start={1.5707963267948966,"
       "0,0}",
       1},
      // a composite body states it through its inner body
      {"BodyBox", "r={0.5,0,0}, w_0_fixed=true, w_0_start={0,0,2}", 2},
  };
  char text[1024];
  body_on_revolute(text, sizeof text, CASES[_i].cls, CASES[_i].body);
  Mech m;
  mech_open(&m, text);
  ck_assert_uint_eq(m.sys->init_conditions, 3);
  MBE_CK_NEAR(m.sys->x0[state_index(&m, "rev.w")], CASES[_i].w, 1e-12, 1e-12);
  mech_close(&m);
}
END_TEST

// z_0_fixed the same way: z_a = resolve2(R_start, z_0_start), met by where the weight's moment
// gives the revolute an angular acceleration of 2 rad/s^2 (Newton from phi = 0.5)
START_TEST(test_init_body_acceleration) {
  char text[1024];
  body_on_revolute(text, sizeof text, "Body",
                   "m=1, r_CM={0.5,0,0}, z_0_fixed=true, z_0_start={0,0,2}");
  char* rev = strstr(text, "rev(n={0,0,1})");
  ck_assert_ptr_nonnull(rev);
  char started[1200];
  snprintf(started, sizeof started, "%.*srev(n={0,0,1}, phi(start=0.5))%s", (int)(rev - text), text,
           rev + strlen("rev(n={0,0,1})"));
  Mech m;
  mech_open(&m, started);
  ck_assert_uint_eq(m.sys->init_conditions, 3);
  eval(&m, 0, m.sys->x0);
  MBE_CK_NEAR(m.v[sig(&m, "rev.a")], 2, 1e-9, 0);
  mech_close(&m);
}
END_TEST

// a condition the joints cannot meet fails at the user's modifier that states it, with the
// catalogue's place as a note
START_TEST(test_init_body_rate_impossible) {
  char text[1024];
  body_on_revolute(text, sizeof text, "Body",
                   "m=1, r_CM={0.5,0,0}, w_0_fixed=true, w_0_start={1,0,0}");
  MbeError err;
  ck_assert_int_eq(build_error(text, &err), MBE_ERR_MODEL);
  ck_assert_str_eq(err.file, "test.mo");
  ck_assert_int_eq(err.line, 3);
  ck_assert_int_eq(err.column, 79);  // w_0_fixed=true
  expect_catalogue_note(&err,
                        "body: the initialization found no solution after 60 Newton steps; the "
                        "conditions not met: body.w_a[1] = 1 (residual -1)",
                        "note: in Modelica.Mechanics.MultiBody.Parts.Body: w_a(fixed = "
                        "fill(w_0_fixed, 3))");

  // every state fixed too: overdetermined, at the same place
  body_on_revolute(text, sizeof text, "Body", "m=1, r_CM={0.5,0,0}, w_0_fixed=true");
  char* rev = strstr(text, "rev(n={0,0,1})");
  ck_assert_ptr_nonnull(rev);
  char fixed[1200];
  snprintf(fixed, sizeof fixed, "%.*srev(n={0,0,1}, phi(fixed=true), w(fixed=true))%s",
           (int)(rev - text), text, rev + strlen("rev(n={0,0,1})"));
  ck_assert_int_eq(build_error(fixed, &err), MBE_ERR_MODEL);
  ck_assert_str_eq(err.file, "test.mo");
  ck_assert_int_eq(err.line, 3);
  expect_catalogue_note(&err, "body.w_a[1] has fixed=true, but every state is fixed too",
                        "w_a(fixed = fill(w_0_fixed, 3))");
}
END_TEST

// `each fixed=true` on an array fixes every element: a body moved by three prismatic joints
// (x, y, z) with r_0(each fixed=true) gets all three positions, and v_0 all three speeds
START_TEST(test_init_each_fixed) {
  static const char text[] =
      "model Each\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Joints.Prismatic px(n={1,0,0});\n"
      "  Modelica.Mechanics.MultiBody.Joints.Prismatic py(n={0,1,0});\n"
      "  Modelica.Mechanics.MultiBody.Joints.Prismatic pz(n={0,0,1});\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_0(each fixed=true, "
      "start={0.1,0.2,0.3}),\n"
      "    v_0(each fixed=true, start={-1,2,-3}));\n"
      "equation\n"
      "  connect(world.frame_b, px.frame_a);\n"
      "  connect(px.frame_b, py.frame_a);\n"
      "  connect(py.frame_b, pz.frame_a);\n"
      "  connect(pz.frame_b, body.frame_a);\n"
      "end Each;\n";
  Mech m;
  mech_open(&m, text);
  ck_assert_uint_eq(m.sys->init_conditions, 6);
  const char* joint[3] = {"px", "py", "pz"};
  double r[3] = {0.1, 0.2, 0.3}, v[3] = {-1, 2, -3};
  for (int i = 0; i < 3; i++) {
    char name[16];
    snprintf(name, sizeof name, "%s.s", joint[i]);
    MBE_CK_NEAR(m.sys->x0[state_index(&m, name)], r[i], 0, 1e-12);
    snprintf(name, sizeof name, "%s.v", joint[i]);
    MBE_CK_NEAR(m.sys->x0[state_index(&m, name)], v[i], 0, 1e-12);
  }
  mech_close(&m);
}
END_TEST

// an input of a catalogue class left open is reported at the user's component
START_TEST(test_open_input_at_component) {
  static const char text[] =
      "model Open\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1);\n"
      "  Modelica.Mechanics.MultiBody.Forces.WorldForce force;\n"
      "equation\n"
      "  connect(force.frame_b, body.frame_a);\n"
      "end Open;\n";
  MbeError err;
  ck_assert_int_eq(build_error(text, &err), MBE_ERR_MODEL);
  ck_assert_str_eq(err.file, "test.mo");
  ck_assert_int_eq(err.line, 4);
  ck_assert_int_eq(err.column, 50);
  expect_catalogue_note(&err, "force: input force.force[",
                        "in Modelica.Mechanics.MultiBody.Forces.WorldForce: the declaration of "
                        "force");
}
END_TEST

// the rotation matrix (row-major, the MSL's planarRotation convention) of angle about coordinate
// axis a, built with the C library's sin and cos
static void axis_rotation(int a, double angle, double out[9]) {
  double c = cos(angle), sn = sin(angle);
  int b = (a + 1) % 3, d = (a + 2) % 3;
  memset(out, 0, 9 * sizeof *out);
  out[4 * a] = 1;
  out[4 * b] = out[4 * d] = c;
  out[3 * b + d] = sn;
  out[3 * d + b] = -sn;
}

// A body with angle states about another sequence than its start angles': the states are the
// angles of R_start about sequence_angleStates (the MSL's axesRotationsAngles) and their rates
// give w_0_start; checked on the orientation and angular velocity the outputs report, against
// axesRotations({3,1,3}, angles_start) with the C library's sin and cos
START_TEST(test_body_angles_other_sequence) {
  static const char text[] =
      "model Seq\n"
      "  inner Modelica.Mechanics.MultiBody.World world(g=0);\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, I_11=0.1, I_22=0.2, I_33=0.3,\n"
      "    useQuaternions=false, sequence_angleStates={1,2,3}, r_0(each fixed=true),\n"
      "    v_0(each fixed=true), angles_fixed=true, sequence_start={3,1,3},\n"
      "    angles_start={0.7,-0.4,1.9}, w_0_fixed=true, w_0_start={0.3,-0.2,0.5});\n"
      "end Seq;\n";
  Mech m;
  mech_open(&m, text);
  eval(&m, 0, m.sys->x0);
  const double ang[3] = {0.7, -0.4, 1.9}, w0[3] = {0.3, -0.2, 0.5};
  const int axis[3] = {2, 0, 2};
  double A[3][9];
  for (int k = 0; k < 3; k++) {
    axis_rotation(axis[k], ang[k], A[k]);
  }
  double B[9], T[9], w[3];
  mat_mul(A[1], A[0], B);
  mat_mul(A[2], B, T);
  mat_vec(T, w0, w);  // w_a = resolve2(R_start, w_0_start)
  for (int i = 0; i < 9; i++) {
    MBE_CK_NEAR(m.v[sig(&m, "body.frame_a.R.T[%d,%d]", i / 3 + 1, i % 3 + 1)], T[i], 0, 1e-15);
  }
  for (int i = 0; i < 3; i++) {
    MBE_CK_NEAR(m.v[sig(&m, "body.w_a[%d]", i + 1)], w[i], 0, 1e-15);
  }
  mech_close(&m);
}
END_TEST

/* ---- FreeMotionScalarInit with some of its coordinates ------------------------------------- */

// The MSL's Examples.Elementary.DoublePendulumInitTip (two 0.5 m boxes on revolutes): the tip's
// position {0.7, 0.3} and velocity 0 in x and y are fixed through a FreeMotionScalarInit with
// use_r and use_v only, which constrains nothing; the initialization finds the joint angles.
static const char init_tip_text[] =
    "model DoublePendulumInitTip\n"
    "  inner Modelica.Mechanics.MultiBody.World world;\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute revolute1(useAxisFlange=true);\n"
    "  Modelica.Mechanics.Rotational.Components.Damper damper(d=0.1);\n"
    "  Modelica.Mechanics.MultiBody.Parts.BodyBox boxBody1(r={0.5,0,0}, width=0.06);\n"
    "  Modelica.Mechanics.MultiBody.Joints.Revolute revolute2(phi(start="
    "Modelica.Constants.pi/2));\n"
    "  Modelica.Mechanics.MultiBody.Parts.BodyBox boxBody2(r={0.5,0,0}, width=0.06);\n"
    "  Modelica.Mechanics.MultiBody.Joints.FreeMotionScalarInit freeMotionScalarInit(\n"
    "    use_r=true, r_rel_a_1(start=0.7, fixed=true), r_rel_a_2(start=0.3, fixed=true),\n"
    "    use_v=true, v_rel_a_1(fixed=true), v_rel_a_2(fixed=true));\n"
    "equation\n"
    "  connect(damper.flange_b, revolute1.axis);\n"
    "  connect(revolute1.support, damper.flange_a);\n"
    "  connect(revolute1.frame_b, boxBody1.frame_a);\n"
    "  connect(revolute2.frame_b, boxBody2.frame_a);\n"
    "  connect(boxBody1.frame_b, revolute2.frame_a);\n"
    "  connect(world.frame_b, revolute1.frame_a);\n"
    "  connect(world.frame_b, freeMotionScalarInit.frame_a);\n"
    "  connect(freeMotionScalarInit.frame_b, boxBody2.frame_b);\n"
    "end DoublePendulumInitTip;\n";

// After initialization the tip is where the start values put it, at rest, and the angles are
// the two-link arm's inverse kinematics (law of cosines, the elbow the guess pi/2 is nearer);
// while it swings, the element's outputs are the tip's position in the world and its rate.
START_TEST(test_scalar_init_tip) {
  Mech m;
  mech_open(&m, init_tip_text);
  ck_assert_uint_eq(m.sys->nx, 4);  // the revolutes' phi and w: the element adds no states
  ck_assert_uint_eq(m.sys->init_conditions, 4);
  double x[MAXX];
  memcpy(x, m.sys->x0, m.sys->nx * sizeof *x);
  double phi2 = acos((0.7 * 0.7 + 0.3 * 0.3 - 0.5) / 0.5);
  double phi1 = atan2(0.3, 0.7) - atan2(0.5 * sin(phi2), 0.5 + 0.5 * cos(phi2));
  MBE_CK_NEAR(x[state_index(&m, "revolute1.phi")], phi1, 0, 1e-9);
  MBE_CK_NEAR(x[state_index(&m, "revolute2.phi")], phi2, 0, 1e-9);
  MBE_CK_NEAR(x[state_index(&m, "revolute1.w")], 0, 0, 1e-12);
  MBE_CK_NEAR(x[state_index(&m, "revolute2.w")], 0, 0, 1e-12);
  eval(&m, 0, x);
  MBE_CK_NEAR(m.v[sig(&m, "boxBody2.frame_b.r_0[1]")], 0.7, 0, 1e-9);
  MBE_CK_NEAR(m.v[sig(&m, "boxBody2.frame_b.r_0[2]")], 0.3, 0, 1e-9);
  ck_assert_ptr_null(mbe_system_signal(m.sys, "freeMotionScalarInit.angle_1"));  // no use_angle

  // swinging: r_rel_a is the tip in world coordinates, v_rel_a its rate (central differences of
  // steps of +-d from t = 0.3 s: error d^2 |r'''| / 6, about 1e-8 here)
  for (int k = 0; k < 300; k++) {
    rk4_step(&m, k * 1e-3, x, 1e-3);
    MBE_CK_NEAR(m.v[sig(&m, "freeMotionScalarInit.r_rel_a_1")],
                m.v[sig(&m, "boxBody2.frame_b.r_0[1]")], 0, 1e-15);
    MBE_CK_NEAR(m.v[sig(&m, "freeMotionScalarInit.r_rel_a_2")],
                m.v[sig(&m, "boxBody2.frame_b.r_0[2]")], 0, 1e-15);
  }
  double v = m.v[sig(&m, "freeMotionScalarInit.v_rel_a_1")], r[2], d = 1e-5;
  for (int k = 0; k < 2; k++) {
    double y[MAXX];
    memcpy(y, x, m.sys->nx * sizeof *y);
    rk4_step(&m, 0.3, y, k ? -d : d);
    r[k] = m.v[sig(&m, "freeMotionScalarInit.r_rel_a_1")];
  }
  double fd = (r[0] - r[1]) / (2 * d);
  note("tip: v_rel_a_1 %.12g, central difference %.12g\n", v, fd);
  ck_assert(fabs(v) > 0.1);  // it moves
  MBE_CK_NEAR(fd, v, 0, 1e-7 * fabs(v));
  mech_close(&m);
}
END_TEST

// use_angle without use_r: the element is a branch (its angles and rates are states) and the
// translation it leaves open follows from the body's own fixed position and velocity; the
// rotation is axesRotations(sequence_start, angles) and w_rel_b its rate
START_TEST(test_scalar_init_angles_only) {
  static const char text[] =
      "model Angles\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Joints.FreeMotionScalarInit fmsi(use_angle=true,\n"
      "    sequence_start={3,1,3}, angle_1(start=0.3, fixed=true),\n"
      "    angle_2(start=-0.5, fixed=true), angle_3(start=1.2, fixed=true), use_w=true,\n"
      "    w_rel_b_1(start=0.2, fixed=true), w_rel_b_2(start=-1, fixed=true),\n"
      "    w_rel_b_3(start=0.4, fixed=true));\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=2, r_CM={0.1,0,0}, I_11=0.1,\n"
      "    r_0(each fixed=true, start={1,2,3}), v_0(each fixed=true, start={0,0.5,0}));\n"
      "equation\n"
      "  connect(world.frame_b, fmsi.frame_a);\n"
      "  connect(fmsi.frame_b, body.frame_a);\n"
      "end Angles;\n";
  Mech m;
  mech_open(&m, text);
  ck_assert_uint_eq(m.sys->nx, 12);  // the element's edge: the body floats on nothing else
  ck_assert_uint_eq(m.sys->init_conditions, 6);
  eval(&m, 0, m.sys->x0);
  double want_r[3] = {1, 2, 3}, want_v[3] = {0, 0.5, 0}, ang[3] = {0.3, -0.5, 1.2};
  for (int i = 0; i < 3; i++) {
    MBE_CK_NEAR(m.v[sig(&m, "body.r_0[%d]", i + 1)], want_r[i], 0, 1e-12);
    MBE_CK_NEAR(m.v[sig(&m, "body.v_0[%d]", i + 1)], want_v[i], 0, 1e-12);
    MBE_CK_NEAR(m.v[sig(&m, "fmsi.angle_%d", i + 1)], ang[i], 0, 0);
  }
  double w_b[3] = {0.2, -1, 0.4};
  for (int i = 0; i < 3; i++) {
    MBE_CK_NEAR(m.v[sig(&m, "fmsi.w_rel_b_%d", i + 1)], w_b[i], 0, 1e-15);
    MBE_CK_NEAR(m.v[sig(&m, "body.w_a[%d]", i + 1)], w_b[i], 0, 1e-15);
  }
  // R = A3(1.2 about z) A2(-0.5 about x) A1(0.3 about z), with the C library's sin and cos
  double T[9], A[3][9];
  int axis[3] = {2, 0, 2};
  for (int k = 0; k < 3; k++) {
    axis_rotation(axis[k], ang[k], A[k]);
  }
  double B[9];
  mat_mul(A[1], A[0], B);
  mat_mul(A[2], B, T);
  for (int i = 0; i < 9; i++) {
    MBE_CK_NEAR(m.v[sig(&m, "body.frame_a.R.T[%d,%d]", i / 3 + 1, i % 3 + 1)], T[i], 0, 1e-15);
  }
  mech_close(&m);
}
END_TEST

// use_angle where a joint connects the frames already: the element's angles and w_rel_b are the
// motion's (the loop the MSL closes through the angles), and fixing them fixes the joint
START_TEST(test_scalar_init_closing_loop) {
  static const char text[] =
      "model Loop\n"
      "  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(n={0,0,1});\n"
      "  Modelica.Mechanics.MultiBody.Parts.Body body(m=1, r_CM={0.5,0,0});\n"
      "  Modelica.Mechanics.MultiBody.Joints.FreeMotionScalarInit fmsi(use_angle=true,\n"
      "    use_angle_d=true, angle_3(start=0.4, fixed=true), use_w=true,\n"
      "    w_rel_b_3(start=2, fixed=true), use_r=true, use_v=true, use_a=true);\n"
      "equation\n"
      "  connect(world.frame_b, rev.frame_a);\n"
      "  connect(rev.frame_b, body.frame_a);\n"
      "  connect(world.frame_b, fmsi.frame_a);\n"
      "  connect(fmsi.frame_b, body.frame_a);\n"
      "end Loop;\n";
  Mech m;
  mech_open(&m, text);
  ck_assert_uint_eq(m.sys->nx, 2);
  ck_assert_uint_eq(m.sys->init_conditions, 2);
  MBE_CK_NEAR(m.sys->x0[state_index(&m, "rev.phi")], 0.4, 0, 1e-12);
  MBE_CK_NEAR(m.sys->x0[state_index(&m, "rev.w")], 2, 0, 1e-12);
  double x[MAXX];
  memcpy(x, m.sys->x0, m.sys->nx * sizeof *x);
  for (int k = 0; k < 200; k++) {
    rk4_step(&m, k * 1e-3, x, 1e-3);
  }
  // a rotation about z by phi has the angles {0, 0, phi} about {1,2,3}; the rates follow
  double phi = x[state_index(&m, "rev.phi")], w = x[state_index(&m, "rev.w")];
  MBE_CK_NEAR(m.v[sig(&m, "fmsi.angle_1")], 0, 0, 1e-15);
  MBE_CK_NEAR(m.v[sig(&m, "fmsi.angle_3")], phi, 0, 1e-15);
  MBE_CK_NEAR(m.v[sig(&m, "fmsi.angle_d_3")], w, 0, 1e-14);
  MBE_CK_NEAR(m.v[sig(&m, "fmsi.w_rel_b_3")], w, 0, 1e-14);
  MBE_CK_NEAR(m.v[sig(&m, "fmsi.r_rel_a_1")], 0, 0, 0);  // frame_b is at the origin
  MBE_CK_NEAR(m.v[sig(&m, "fmsi.a_rel_a_2")], 0, 0, 0);
  mech_close(&m);
}
END_TEST

/* ---- a massless junction of springs ------------------------------------------------------- */

static void junction_text(char* text, size_t n, bool flag, double c3) {
  snprintf(text, n,
           "model Junction\n"
           "  inner Modelica.Mechanics.MultiBody.World world;\n"
           "  Modelica.Mechanics.MultiBody.Parts.Fixed f1(r={0.3,0,0});\n"
           "  Modelica.Mechanics.MultiBody.Parts.Fixed f2(r={0,0,0.3});\n"
           "  Modelica.Mechanics.MultiBody.Parts.Fixed f3(r={0.1,-0.6,0.2});\n"
           "  Modelica.Mechanics.MultiBody.Forces.Spring s1(c=20, s_unstretched=0.1);\n"
           "  Modelica.Mechanics.MultiBody.Forces.Spring s2(c=40, s_unstretched=0.2);\n"
           "  Modelica.Mechanics.MultiBody.Forces.Spring s3(c=%.17g, s_unstretched=0.1,\n"
           "    fixedRotationAtFrame_b=%s);\n"
           "equation\n"
           "  connect(f1.frame_b, s1.frame_a);\n"
           "  connect(f2.frame_b, s2.frame_a);\n"
           "  connect(f3.frame_b, s3.frame_a);\n"
           "  connect(s1.frame_b, s2.frame_b);\n"
           "  connect(s1.frame_b, s3.frame_b);\n"
           "end Junction;\n",
           c3, flag ? "true" : "false");
}

static double spring_energy(const double r[3]) {
  static const double p[3][3] = {{0.3, 0, 0}, {0, 0, 0.3}, {0.1, -0.6, 0.2}};
  static const double c[3] = {20, 40, 30}, s0[3] = {0.1, 0.2, 0.1};
  double e = 0;
  for (int i = 0; i < 3; i++) {
    double d[3] = {r[0] - p[i][0], r[1] - p[i][1], r[2] - p[i][2]};
    double x = sqrt(dot(d, d)) - s0[i];
    e += 0.5 * c[i] * x * x;
  }
  return e;
}

// The junction the generated Newton finds is the minimum of the springs' energy, found here
// independently by a derivative-free coordinate search.
START_TEST(test_junction_energy_minimum) {
  char text[2048];
  junction_text(text, sizeof text, true, 30);
  Mech m;
  mech_open(&m, text);
  eval(&m, 0.0, m.sys->x0);
  double r[3] = {0, 0, 0};
  for (double h = 0.1; h > 1e-13; h *= 0.5) {
    for (bool better = true; better;) {
      better = false;
      for (int k = 0; k < 3; k++) {
        for (int sg = -1; sg <= 1; sg += 2) {
          double t[3] = {r[0], r[1], r[2]};
          t[k] += sg * h;
          if (spring_energy(t) < spring_energy(r)) {
            memcpy(r, t, sizeof r);
            better = true;
          }
        }
      }
    }
  }
  // an energy search resolves the minimum only to ~sqrt(eps) (the energy is flat there)
  double rj[3];
  for (int k = 0; k < 3; k++) {
    rj[k] = m.v[sig(&m, "s1.frame_b.r_0[%d]", k + 1)];
    MBE_CK_NEAR(rj[k], r[k], 0, 1e-7);
  }
  // and the energy is stationary at the junction: central differences (error ~h^2 E''' ~ 1e-10)
  for (int k = 0; k < 3; k++) {
    double a[3] = {rj[0], rj[1], rj[2]}, b[3] = {rj[0], rj[1], rj[2]};
    a[k] += 1e-5;
    b[k] -= 1e-5;
    double grad = (spring_energy(a) - spring_energy(b)) / 2e-5;
    MBE_CK_NEAR(grad, 0, 0, 1e-8);
  }
  mech_close(&m);
}
END_TEST

// Without the flag the junction has no orientation root: the MSL's error, worded for mbens.
START_TEST(test_junction_needs_flag) {
  char text[2048];
  junction_text(text, sizeof text, false, 30);
  MbeError err = {0};
  MbeSpec* spec = NULL;
  MbeFlat* flat = NULL;
  MbeSystem* sys = NULL;
  ck_assert_int_eq(mbe_spec_create(&spec, &err), MBE_OK);
  ck_assert_int_eq(mbe_spec_add_text(spec, "j.mo", text, strlen(text), &err), MBE_OK);
  ck_assert_int_eq(mbe_flat_create(spec, NULL, &flat, &err), MBE_OK);
  ck_assert_int_eq(mbe_system_build(flat, &sys, &err), MBE_ERR_MODEL);
  ck_assert_msg(strstr(err.message, "s1.frame_b, s2.frame_b, s3.frame_b are connected but do not "
                                    "have any root defined") != NULL &&
                    strstr(err.message, "set fixedRotationAtFrame_a or _b = true") != NULL,
                "%s", err.message);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
}
END_TEST

static Suite* make_mech_suite(void) {
  Suite* s = suite_create("mech");
  TCase* tc = mbe_tcase_create("physics");
  tcase_add_test(tc, test_small_angle_period);
  tcase_add_test(tc, test_assert_conditions);
  tcase_add_test(tc, test_energy_chain);
  tcase_add_test(tc, test_kepler);
  tcase_add_test(tc, test_torque_free_body);
  tcase_add_test(tc, test_intermediate_axis_flip);
  tcase_add_test(tc, test_mass_matrix_vs_newton_euler);
  tcase_add_test(tc, test_cut_force_static);
  tcase_add_test(tc, test_cut_force_pendulum);
  tcase_add_test(tc, test_rotation_angles_round_trip);
  tcase_add_test(tc, test_axis_inertia);
  tcase_add_test(tc, test_spring_damper_series_relaxation);
  tcase_add_test(tc, test_line_force_point_mass);
  tcase_add_test(tc, test_init_free_parameter);
  tcase_add_test(tc, test_init_impossible);
  tcase_add_loop_test(tc, test_init_body_rate, 0, 3);
  tcase_add_test(tc, test_init_body_acceleration);
  tcase_add_test(tc, test_init_body_rate_impossible);
  tcase_add_test(tc, test_init_each_fixed);
  tcase_add_test(tc, test_open_input_at_component);
  tcase_add_test(tc, test_body_angles_other_sequence);
  tcase_add_test(tc, test_scalar_init_tip);
  tcase_add_test(tc, test_scalar_init_angles_only);
  tcase_add_test(tc, test_scalar_init_closing_loop);
  tcase_add_test(tc, test_junction_energy_minimum);
  tcase_add_test(tc, test_junction_needs_flag);
  tcase_set_timeout(tc, 120);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_mech_suite, NULL};
