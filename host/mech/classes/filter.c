// SPDX-License-Identifier: Apache-2.0
// Blocks.Continuous.Filter: the MSL's low pass, high pass, band pass and band stop filters of
// CriticalDamping, Bessel, Butterworth or ChebyshevI characteristics, as its equations state them:
// real poles der(x) = r (x - u_i), complex pairs der(x1) = a x1 - b x2 + ku u_i, der(x2) = b x1 +
// a x2, the sections in series (u_1 = u / u_nominal), y = gain u_nominal u_(nr+na+1).
// The MSL finds the coefficients in its initial equations (fixed=false parameters from
// Internal.Filter.base and .roots); here:
// - the base filter (low pass at 1 rad/s: cr, c0, c1) is computed on the host from order,
//   normalized and A_ripple, as Internal.Filter.base does (the -3 dB normalization by bisection
//   where the MSL takes Brent's method, both to the last digits); Bessel's factors are read from
//   the loaded MSL's own table (Internal.Filter.Utilities.BesselBaseCoefficients);
// - the roots (r, a, b, ku, k1, k2) of a low or high pass are expressions of f_cut in the DAG, so
//   f_cut and gain may vary per member; a band pass or stop needs its band's alpha factors, a root
//   of the MSL's bandPassAlpha equation, found on the host: f_min and f_cut may not vary there.
// init (Blocks.Types.Init): InitialState and NoInit start at x_start; SteadyState solves der(x) =
// 0 section by section from u at the start; InitialOutput also the last state from y = y_start.
#include <math.h>
#include <string.h>

#include "mech_internal.h"

enum { AF_CRITICAL = 1, AF_BESSEL = 2, AF_BUTTERWORTH = 3, AF_CHEBYSHEV = 4 };
enum { FT_LOW = 1, FT_HIGH = 2, FT_BAND_PASS = 3, FT_BAND_STOP = 4 };
enum { MAX_ORDER = 64 };

#define PI 3.14159265358979323846

// the base low pass at 1 rad/s: nr real poles s + cr, nc pairs s^2 + c1 s + c0
typedef struct Base {
  int nr, nc;
  double cr[MAX_ORDER], c0[MAX_ORDER], c1[MAX_ORDER];
} Base;

// the block's structure: its characteristics and type, order, and the sections' counts
typedef struct Shape {
  int af, ft, order;
  int nr, na;  // real sections, complex sections (the MSL's nr, na)
} Shape;

// the shape from the parameters; false where order is outside 1 .. MAX_ORDER (Bessel: 41)
static bool shape_counts(MbeMech* m, int c, Shape* f) {
  f->af = f->ft = f->order = 0;
  if (mbe_mech_int(m, c, "analogFilter", 0, &f->af) != MBE_OK ||
      mbe_mech_int(m, c, "filterType", 0, &f->ft) != MBE_OK ||
      mbe_mech_int(m, c, "order", 0, &f->order) != MBE_OK)
    return false;
  bool band = f->ft == FT_BAND_PASS || f->ft == FT_BAND_STOP;
  bool critical = f->af == AF_CRITICAL;
  f->na = band ? f->order : critical ? 0 : f->order / 2;
  f->nr = band ? 0 : critical ? f->order : f->order % 2;
  return f->order >= 1 && f->order <= (f->af == AF_BESSEL ? 41 : MAX_ORDER);
}

static MbeStatus shape_of(MbeMech* m, int c, Shape* f) {
  if (!shape_counts(m, c, f)) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "order = %d: 1 to %d (Bessel: 41) are supported",
                          f->order, MAX_ORDER);
  }
  return MBE_OK;
}

static int filter_states(MbeMech* m, int c) {
  Shape f;
  return shape_counts(m, c, &f) ? f.nr + 2 * f.na : 0;  // a bad order: an error with the outputs
}

// ---- the base filter (Internal.Filter.base, on the host) -------------------------------------

// den1[i] s + 1 and den2[i][0] s^2 + den2[i][1] s + 1 to highest power one (toHighestPowerOne)
static void to_highest_power_one(Base* b, const double* den1, double (*den2)[2]) {
  for (int i = 0; i < b->nr; i++)
    b->cr[i] = 1 / den1[i];
  for (int i = 0; i < b->nc; i++) {
    b->c1[i] = den2[i][1] / den2[i][0];
    b->c0[i] = 1 / den2[i][0];
  }
}

// 1 / |H(j)| - 10^(-3/20) of the denominators with p replaced by alpha p (normalizationResidue)
static double norm_residue(const Base* b, const double* den1, double (*den2)[2],
                           double alpha) {
  double a2 = alpha * alpha, a4 = a2 * a2, A2 = 1.0;
  if (b->nr == 1)
    A2 *= 1 + den1[0] * den1[0] * a2;
  for (int i = 0; i < b->nc; i++) {
    double cc1 = den2[i][1] * den2[i][1] - 2 * den2[i][0], cc2 = den2[i][0] * den2[i][0];
    A2 *= 1 + cc1 * a2 + cc2 * a4;
  }
  return 1 / sqrt(A2) - pow(10.0, -3.0 / 20.0);
}

// the factor alpha that puts -3 dB at 1 rad/s (normalizationFactor): its interval as the MSL's
// findInterval, then bisection until the interval holds no other double
static double norm_factor(const Base* b, const double* den1, double (*den2)[2]) {
  double lo = 0, hi = 1.0;
  while (norm_residue(b, den1, den2, hi) >= 0 && hi < 1e300)
    hi *= 1.1;
  for (int it = 0; it < 2000; it++) {
    double mid = 0.5 * (lo + hi);
    if (!(mid > lo && mid < hi))
      break;
    if (norm_residue(b, den1, den2, mid) >= 0)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

// den *= alpha (p replaced by alpha p)
static void scale_den(const Base* b, double* den1, double (*den2)[2], double alpha) {
  for (int i = 0; i < b->nc; i++) {
    den2[i][0] *= alpha * alpha;
    den2[i][1] *= alpha;
  }
  if (b->nr == 1)
    den1[0] *= alpha;
}

// a number written in the MSL's table: a literal, possibly negated
static bool literal(const MbeExpr* e, double* v) {
  if (e->kind == MBE_EX_NUMBER) {
    *v = e->num;
    return true;
  }
  if (e->kind == MBE_EX_UNARY && e->op == MBE_OP_NEG && literal(e->args[0], v)) {
    *v = -*v;
    return true;
  }
  return false;
}

// the assignments of one order's branch: alpha := v; c1[1] := v; c2[i, j] := v
static bool bessel_branch(const MbeStmtBranch* br, int order, double* den1, double (*den2)[2],
                          double* alpha) {
  int n = 0;
  for (size_t k = 0; k < br->nbody; k++) {
    const MbeStatement* a = &br->body[k];
    double v, i = 0, j = 0;
    if (a->kind != MBE_ST_ASSIGN || a->lhs->kind != MBE_EX_NAME || !literal(a->rhs, &v))
      return false;
    const MbeNamePart* p = &a->lhs->name.parts[0];
    if (strcmp(p->ident, "alpha") == 0 && p->nsubs == 0) {
      *alpha = v, n++;
    } else if (strcmp(p->ident, "c1") == 0 && p->nsubs == 1 && literal(p->subs[0], &i) &&
               i == 1 && order % 2) {
      den1[0] = v, n++;
    } else if (strcmp(p->ident, "c2") == 0 && p->nsubs == 2 && literal(p->subs[0], &i) &&
               literal(p->subs[1], &j) && i >= 1 && i <= order / 2 && (j == 1 || j == 2)) {
      den2[(int)i - 1][(int)j - 1] = v, n++;
    } else {
      return false;
    }
  }
  return n == 1 + order % 2 + 2 * (order / 2);
}

// Bessel's normalized factors and alpha for this order from the loaded MSL's
// Internal.Filter.Utilities.BesselBaseCoefficients (an if-chain on order of literal assignments)
static MbeStatus bessel_table(MbeMech* m, int c, int order, double* den1, double (*den2)[2],
                              double* alpha) {
  const MbeSpec* spec = m->flat->spec;
  const char* path[] = {"Modelica", "Blocks", "Continuous", "Internal", "Filter", "Utilities",
                        "BesselBaseCoefficients"};
  MbeNamePart parts[7];
  for (size_t k = 0; k < 7; k++)
    parts[k] = (MbeNamePart){path[k], NULL, 0};
  MbeName name = {parts, 7, true, {0}};
  const MbeClass* cls = NULL;
  MbePredef pd = MBE_PREDEF_NONE;
  MbeError scratch;
  if (mbe_lookup_class_opt(spec, &spec->root, &name, 7, &cls, &pd, &scratch) != MBE_OK)
    cls = NULL;
  for (size_t a = 0; cls && a < cls->nalgorithms; a++) {
    const MbeAlgorithm* alg = &cls->algorithms[a];
    for (size_t k = 0; k < alg->nstmts; k++) {
      const MbeStatement* s = &alg->stmts[k];
      for (size_t b = 0; s->kind == MBE_ST_IF && b < s->nbranches; b++) {
        const MbeExpr* cond = s->branches[b].cond;
        double n = 0;
        if (cond && cond->kind == MBE_EX_BINARY && cond->op == MBE_OP_EQ &&
            literal(cond->args[1], &n) && n == order)
          return bessel_branch(&s->branches[b], order, den1, den2, alpha)
                     ? MBE_OK
                     : mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                                      "Bessel: the MSL's BesselBaseCoefficients for order %d is "
                                      "not the table of literals mbens reads",
                                      order);
      }
    }
  }
  return mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                        "Bessel: its coefficients are the MSL's table (Blocks.Continuous.Internal."
                        "Filter.Utilities.BesselBaseCoefficients), and no table for order %d is "
                        "loaded: load the MSL sources (--library)",
                        order);
}

// Internal.Filter.base.CriticalDamping, Bessel, Butterworth, ChebyshevI
static MbeStatus base_filter(MbeMech* m, int c, const Shape* f, Base* b) {
  int n = f->order;
  bool normalized = mbe_mech_bool(m, c, "normalized");
  double den1[MAX_ORDER], den2[MAX_ORDER][2];
  b->nr = f->af == AF_CRITICAL ? n : n % 2;
  b->nc = f->af == AF_CRITICAL ? 0 : n / 2;
  MbeStatus st = MBE_OK;
  if (f->af == AF_CRITICAL) {
    double alpha = normalized ? sqrt(pow(10.0, 3.0 / 10.0 / n) - 1) : 1.0;
    for (int i = 0; i < n; i++)
      den1[i] = alpha;
  } else if (f->af == AF_BESSEL) {
    double alpha = 1.0;
    st = bessel_table(m, c, n, den1, den2, &alpha);
    if (st == MBE_OK && !normalized)
      scale_den(b, den1, den2, alpha);
  } else if (f->af == AF_BUTTERWORTH) {
    for (int i = 0; i < b->nc; i++) {
      den2[i][0] = 1.0;
      den2[i][1] = -2 * cos(PI * (0.5 + (i + 0.5) / n));
    }
    den1[0] = 1.0;
  } else if (f->af == AF_CHEBYSHEV) {
    double ripple = 0;
    st = mbe_mech_real(m, c, "A_ripple", 0, &ripple);
    if (st == MBE_OK && !(ripple > 0))
      st = mbe_mech_error(m, MBE_ERR_MODEL, c, "A_ripple > 0 required (it is %g)", ripple);
    double eps = sqrt(pow(10.0, ripple / 10) - 1), fac = asinh(1 / eps) / n;
    den1[0] = 1 / sinh(fac);
    for (int i = 0; i < b->nc; i++) {
      double cw = b->nr == 0 ? cos((2 * i + 1) * PI / (2 * n)) : cos((i + 1) * PI / n);
      den2[i][0] = 1 / (cosh(fac) * cosh(fac) - cw * cw);
      den2[i][1] = 2 * den2[i][0] * sinh(fac) * cw;
    }
    if (st == MBE_OK && normalized)
      scale_den(b, den1, den2, norm_factor(b, den1, den2));
  } else {
    st = mbe_mech_error(m, MBE_ERR_MODEL, c, "analogFilter = %d is not one of the four", f->af);
  }
  if (st == MBE_OK)
    to_highest_power_one(b, den1, den2);
  return st;
}

// ---- the roots (Internal.Filter.roots) ----------------------------------------------------------

// a section's coefficients: a real pole r, or a pair a +- jb with ku and the output gains k1, k2
typedef struct Roots {
  MbeSymId r[MAX_ORDER], a[2 * MAX_ORDER], b[2 * MAX_ORDER], ku[2 * MAX_ORDER];
  MbeSymId k1[2 * MAX_ORDER], k2[2 * MAX_ORDER];
} Roots;

// a = -c1/2, b = sqrt(c0 - a^2), ku = c0 / b of s^2 + c1 s + c0
static void pair(MbeSym* s, MbeSymId c0, MbeSymId c1, Roots* R, int i) {
  R->a[i] = mbe_sym_mul(s, mbe_sym_const(s, -0.5), c1);
  R->b[i] = mbe_sym_fn(s, MBE_SYM_SQRT, mbe_sym_sub(s, c0, mbe_sym_mul(s, R->a[i], R->a[i])));
  R->ku[i] = mbe_sym_div(s, c0, R->b[i]);
}

// roots.lowPass and roots.highPass at w = 2 pi f_cut (a DAG expression)
static void pass_roots(MbeMech* m, const Shape* f, const Base* B, MbeSymId w, Roots* R) {
  MbeSym* s = m->s;
  bool high = f->ft == FT_HIGH;
  MbeSymId w2 = mbe_sym_mul(s, w, w), one = mbe_sym_const(s, 1.0), two = mbe_sym_const(s, 2.0);
  for (int i = 0; i < B->nr; i++) {
    MbeSymId cr = high ? mbe_sym_div(s, w, mbe_sym_const(s, B->cr[i]))
                       : mbe_sym_mul(s, w, mbe_sym_const(s, B->cr[i]));
    R->r[i] = mbe_sym_neg(s, cr);
  }
  for (int i = 0; i < B->nc; i++) {
    MbeSymId c0 = high ? mbe_sym_div(s, w2, mbe_sym_const(s, B->c0[i]))
                       : mbe_sym_mul(s, w2, mbe_sym_const(s, B->c0[i]));
    MbeSymId c1 = high ? mbe_sym_div(s, mbe_sym_mul(s, w, mbe_sym_const(s, B->c1[i])),
                                     mbe_sym_const(s, B->c0[i]))
                       : mbe_sym_mul(s, w, mbe_sym_const(s, B->c1[i]));
    pair(s, c0, c1, R, i);
    if (high) {  // k1 = 2 a / ku, k2 = (1 - (b/a)^2) / (1 + (b/a)^2)
      R->k1[i] = mbe_sym_div(s, mbe_sym_mul(s, two, R->a[i]), R->ku[i]);
      MbeSymId ba = mbe_sym_div(s, R->b[i], R->a[i]);
      MbeSymId ba2 = mbe_sym_mul(s, ba, ba);
      R->k2[i] = mbe_sym_div(s, mbe_sym_sub(s, one, ba2), mbe_sym_add(s, one, ba2));
    }
  }
}

// z^2 + (a w z / (1 + z))^2 - (2 + b w^2) z + 1 (bandPassAlpha's residue)
static double band_residue(double a, double b, double w, double z) {
  double q = a * w * z / (1 + z);
  return z * z + q * q - (2 + b * w * w) * z + 1;
}

// bandPassAlpha: sqrt of the root z in [0, 1] (residue 1 at 0, w^2 (a^2/4 - b) < 0 at 1)
static double band_alpha(double a, double b, double w) {
  double lo = 0, hi = 1;
  for (int it = 0; it < 2000; it++) {
    double mid = 0.5 * (lo + hi);
    if (!(mid > lo && mid < hi))
      break;
    if (band_residue(a, b, w, mid) > 0)
      lo = mid;
    else
      hi = mid;
  }
  return sqrt(0.5 * (lo + hi));
}

// coefficients.bandPass / bandStop then roots.bandPass / bandStop, on the host (f_min and f_cut
// numbers): every base section becomes pairs s^2 + c1 s + c0
static MbeStatus band_roots(MbeMech* m, int c, const Shape* f, const Base* B, Roots* R) {
  MbeSym* s = m->s;
  bool stop = f->ft == FT_BAND_STOP;
  double fmin = 0, fmax = 0;
  MbeStatus st = mbe_mech_real(m, c, "f_min", 0, &fmin);
  if (st == MBE_OK)
    st = mbe_mech_real(m, c, "f_cut", 0, &fmax);
  if (st == MBE_OK && !(fmin > 0 && fmax > fmin)) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c,
                          "a band filter needs 0 < f_min < f_cut (f_min = %g, f_cut = %g)", fmin,
                          fmax);
  }
  if (st != MBE_OK)
    return st;
  double f0 = sqrt(fmin * fmax), w = 2 * PI * f0, wb = (fmax - fmin) / f0, w2 = w * w;
  double c0[2 * MAX_ORDER], c1[2 * MAX_ORDER];
  for (int i = 0; i < B->nr; i++) {
    c1[i] = stop ? w * wb / B->cr[i] : w * B->cr[i] * wb;
    c0[i] = w2;
  }
  for (int i = 0; i < B->nc; i++) {
    double ww = stop ? wb / B->c0[i] : wb;
    double alpha = band_alpha(B->c1[i], B->c0[i], ww);
    double cc = B->c1[i] * ww / (alpha + 1 / alpha);
    int j = B->nr + 2 * i;
    c1[j] = w * cc / alpha, c1[j + 1] = w * cc * alpha;
    c0[j] = w2 / (alpha * alpha), c0[j + 1] = w2 * alpha * alpha;
  }
  double cn = wb * w;
  for (int i = 0; i < f->na; i++) {
    double a = -c1[i] / 2, bb = c0[i] - a * a;
    if (!(bb >= 0)) {
      return mbe_mech_error(m, MBE_ERR_MODEL, c,
                            "the band %s filter has no conjugate complex poles (the MSL's assert); "
                            "try another analogFilter",
                            stop ? "stop" : "pass");
    }
    double b = sqrt(bb), ku = c0[i] / b;
    R->a[i] = mbe_sym_const(s, a), R->b[i] = mbe_sym_const(s, b), R->ku[i] = mbe_sym_const(s, ku);
    R->k1[i] = mbe_sym_const(s, stop ? 2 * a / ku : cn / ku);
    R->k2[i] = mbe_sym_const(s, stop ? (c0[i] + a * a - b * b) / (b * ku) : cn * a / (b * ku));
  }
  return MBE_OK;
}

// the shape, base filter and roots of component c
static MbeStatus filter_roots(MbeMech* m, int c, Shape* f, Roots* R) {
  Base B;
  MbeStatus st = shape_of(m, c, f);
  if (st == MBE_OK)
    st = base_filter(m, c, f, &B);
  if (st != MBE_OK)
    return st;
  if (f->ft == FT_LOW || f->ft == FT_HIGH) {
    MbeSymId fc = mbe_mech_param(m, c, "f_cut", &st);
    pass_roots(m, f, &B, mbe_sym_mul(m->s, mbe_sym_const(m->s, 2 * PI), fc), R);
    return st;
  }
  if (f->ft == FT_BAND_PASS || f->ft == FT_BAND_STOP)
    return band_roots(m, c, f, &B, R);
  return mbe_mech_error(m, MBE_ERR_MODEL, c, "filterType = %d is not one of the four", f->ft);
}

// ---- the equations -------------------------------------------------------------------------------

// section k's output u_(k+1) from its input uu and its states (x, or x1 and x2)
static MbeSymId section_out(MbeSym* s, const Shape* f, const Roots* R, int k, MbeSymId uu,
                            MbeSymId x1, MbeSymId x2) {
  if (k < f->nr)  // real: x (low), u - x (high)
    return f->ft == FT_LOW ? x1 : mbe_sym_sub(s, uu, x1);
  int i = k - f->nr;
  if (f->ft == FT_LOW)
    return x2;
  MbeSymId y = mbe_sym_add(s, mbe_sym_mul(s, R->k1[i], x1), mbe_sym_mul(s, R->k2[i], x2));
  return f->ft == FT_BAND_PASS ? y : mbe_sym_add(s, y, uu);
}

static MbeSymId xs(MbeMech* m, int c, int k) {
  return mbe_sym_state(m->s, m->comps[c].state + k);
}

// y from u: the sections in series
static MbeSymId filter_y_of(MbeMech* m, int c, const Shape* f, const Roots* R, MbeSymId u,
                            MbeStatus* st) {
  MbeSym* s = m->s;
  MbeSymId un = mbe_mech_param(m, c, "u_nominal", st);
  MbeSymId uu = mbe_sym_div(s, u, un);
  for (int k = 0; k < f->nr + f->na; k++) {
    int j = k < f->nr ? k : f->nr + 2 * (k - f->nr);
    uu = section_out(s, f, R, k, uu, xs(m, c, j), k < f->nr ? 0 : xs(m, c, j + 1));
  }
  return mbe_sym_mul(s, mbe_sym_mul(s, mbe_mech_param(m, c, "gain", st), un), uu);
}

// a low pass's output is a state; the others pass u through
static MbeSymId filter_block(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  (void)elem;
  Shape f;
  Roots R;
  *st = filter_roots(m, c, &f, &R);
  if (*st != MBE_OK)
    return 0;
  MbeSymId u = f.ft == FT_LOW ? mbe_sym_const(m->s, 0.0)
                              : mbe_mech_block_input(m, c, "u", 0, depth + 1, st);
  return filter_y_of(m, c, &f, &R, u, st);
}

static MbeStatus filter_outputs(MbeMech* m, int c) {
  MbeSym* s = m->s;
  const MbeMechComp* comp = &m->comps[c];
  Shape f;
  Roots R;
  MbeStatus st = filter_roots(m, c, &f, &R);
  MbeSymId u = st == MBE_OK ? mbe_mech_block_input(m, c, "u", 0, 1, &st) : 0;
  MbeSymId un = mbe_mech_param(m, c, "u_nominal", &st);
  if (st != MBE_OK)
    return st;
  MbeSymId uu = mbe_sym_div(s, u, un);
  MbeSymId* dx = &m->xdot[comp->state];
  for (int k = 0; k < f.nr + f.na; k++) {
    if (k < f.nr) {  // der(x) = r (x - uu)
      dx[k] = mbe_sym_mul(s, R.r[k], mbe_sym_sub(s, xs(m, c, k), uu));
      uu = section_out(s, &f, &R, k, uu, xs(m, c, k), 0);
      continue;
    }
    int i = k - f.nr, j = f.nr + 2 * i;
    MbeSymId x1 = xs(m, c, j), x2 = xs(m, c, j + 1);
    MbeSymId d1 = mbe_sym_sub(s, mbe_sym_mul(s, R.a[i], x1), mbe_sym_mul(s, R.b[i], x2));
    dx[j] = mbe_sym_add(s, d1, mbe_sym_mul(s, R.ku[i], uu));
    dx[j + 1] = mbe_sym_add(s, mbe_sym_mul(s, R.b[i], x1), mbe_sym_mul(s, R.a[i], x2));
    uu = section_out(s, &f, &R, k, uu, x1, x2);
  }
  mbe_mech_signal_at(m, comp->name, "u", u);
  mbe_mech_signal_at(m, comp->name, "y", filter_y_of(m, c, &f, &R, u, &st));
  return mbe_mech_status(m, st);
}

// the steady state of section k for input uu (x, or x1 and x2), and its output
static MbeSymId steady_section(MbeMech* m, int c, const Shape* f, const Roots* R, int k,
                               MbeSymId uu) {
  MbeSym* s = m->s;
  if (k < f->nr) {
    mbe_mech_block_start_at(m, c, k, uu);  // der(x) = 0: x = uu
    return section_out(s, f, R, k, uu, uu, 0);
  }
  int i = k - f->nr, j = f->nr + 2 * i;
  // a x1 - b x2 + ku uu = 0, b x1 + a x2 = 0: x1 = -a ku uu / n, x2 = b ku uu / n, n = a^2 + b^2
  MbeSymId n = mbe_sym_add(s, mbe_sym_mul(s, R->a[i], R->a[i]), mbe_sym_mul(s, R->b[i], R->b[i]));
  MbeSymId q = mbe_sym_div(s, mbe_sym_mul(s, R->ku[i], uu), n);
  MbeSymId x1 = mbe_sym_neg(s, mbe_sym_mul(s, R->a[i], q)), x2 = mbe_sym_mul(s, R->b[i], q);
  mbe_mech_block_start_at(m, c, j, x1);
  mbe_mech_block_start_at(m, c, j + 1, x2);
  return section_out(s, f, R, k, uu, x1, x2);
}

// InitialOutput: the last section's der of its first state 0 (real: none) and y = y_start,
// linear in its last state
static MbeStatus last_for_output(MbeMech* m, int c, const Shape* f, const Roots* R, MbeSymId uu,
                                 MbeStatus st) {
  MbeSym* s = m->s;
  int k = f->nr + f->na - 1, nx = f->nr + 2 * f->na;
  MbeSymId un = mbe_mech_param(m, c, "u_nominal", &st);
  MbeSymId want = mbe_sym_div(
      s, mbe_mech_param(m, c, "y_start", &st),
      mbe_sym_mul(s, mbe_mech_param(m, c, "gain", &st), un));  // the last uu wanted
  MbeSymId zero = mbe_sym_const(s, 0.0), one = mbe_sym_const(s, 1.0), x1at0 = 0, x1at1 = 0;
  if (k >= f->nr) {  // x1 = (b x2 - ku uu) / a from der(x1) = 0
    int i = k - f->nr;
    MbeSymId kuu = mbe_sym_mul(s, R->ku[i], uu);
    x1at0 = mbe_sym_div(s, mbe_sym_neg(s, kuu), R->a[i]);
    x1at1 = mbe_sym_div(s, mbe_sym_sub(s, R->b[i], kuu), R->a[i]);
  }
  MbeSymId y0 = k < f->nr ? section_out(s, f, R, k, uu, zero, 0)
                          : section_out(s, f, R, k, uu, x1at0, zero);
  MbeSymId y1 = k < f->nr ? section_out(s, f, R, k, uu, one, 0)
                          : section_out(s, f, R, k, uu, x1at1, one);
  MbeSymId last = mbe_sym_div(s, mbe_sym_sub(s, want, y0), mbe_sym_sub(s, y1, y0));
  mbe_mech_block_start_at(m, c, nx - 1, last);
  if (k >= f->nr) {
    MbeSymId x1 = mbe_sym_add(s, x1at0, mbe_sym_mul(s, mbe_sym_sub(s, x1at1, x1at0), last));
    mbe_mech_block_start_at(m, c, nx - 2, x1);
  }
  return st;
}

static MbeStatus filter_start(MbeMech* m, int c) {
  MbeSym* s = m->s;
  Shape f;
  Roots R;
  int init = MBE_INIT_STEADY, nx = m->comps[c].nstates;
  MbeStatus st = mbe_mech_int(m, c, "init", 0, &init);
  if (st == MBE_OK)
    st = filter_roots(m, c, &f, &R);
  if (st != MBE_OK)
    return st;
  if (init == MBE_INIT_NO || init == MBE_INIT_STATE) {
    for (int i = 0; i < nx && st == MBE_OK; i++)
      mbe_mech_block_start_at(m, c, i, mbe_mech_psym(m, c, "x_start", i, &st));
    return st;
  }
  MbeSymId uu = mbe_sym_div(s, mbe_mech_block_u_start(m, c), mbe_mech_param(m, c, "u_nominal", &st));
  int n = f.nr + f.na - (init == MBE_INIT_OUTPUT ? 1 : 0);
  for (int k = 0; k < n; k++)
    uu = steady_section(m, c, &f, &R, k, uu);
  if (init == MBE_INIT_OUTPUT)
    st = last_for_output(m, c, &f, &R, uu, st);
  return mbe_mech_status(m, st);
}

const MbeMechClass mbe_mc_filter = {.role = MBE_ROLE_BLOCK,
                                    .nstates_of = filter_states,
                                    .state_vector = "x",
                                    .block = filter_block,
                                    .outputs = filter_outputs,
                                    .start = filter_start};
