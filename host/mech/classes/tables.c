// SPDX-License-Identifier: Apache-2.0
// Blocks.Sources.CombiTimeTable: the table in the model (a matrix parameter, whose entries may
// vary per member) or in a text file (tableOnFile: fileName, tableName, the MSL's text format; a
// relative fileName from the working directory, else beside the model file that gives it),
// its first column the time. Output i is offset[i] + f(tau) of column columns[i], tau =
// (time - shiftTime) / timeScale, and offset[i] alone before startTime (as
// ModelicaStandardTables does). f is written into the DAG in closed form, no search:
//   LinearSegments: y_0 + sum_i s_i ((tau - t_i) from t_i on - (tau - t_{i+1}) from t_{i+1} on),
//     s_i the segment's slope (a repeated time is a jump: (y_{i+1} - y_i) from t_i on);
//     LastTwoPoints leaves the first segment open below and the last above, HoldLastPoint
//     closes both; each "from t on" is a time event (timeEvents = Always, the default; at the
//     jumps only with AtDiscontinuities; none with NoTimeEvents), so a step never straddles a
//     knot and the result does not depend on where steps land;
//   ConstantSegments: y_0 + sum_i (y_i - y_{i-1}) from t_i on, always with time events;
//   NoExtrapolation as HoldLastPoint, and a member whose tau leaves [t_0, t_n] stops (the RHS
//     fails);
//   ContinuousDerivative: Akima's cubic Hermite spline with the slopes ModelicaStandardTables
//     takes (the divided differences extended by two on each side linearly, each knot's slope
//     their weighted mean), selected segment by segment; LastTwoPoints extrapolates with the
//     end slopes; a 2-row table is a line; repeated times are refused; no time events (as the
//     MSL's);
//   Periodic: tau taken back into the table's span by its period number, a count that changes at
//     each period's start (an event), then as HoldLastPoint; not with ContinuousDerivative;
// the monotone splines are refused. Which times repeat is decided by the model's own values.
//
// Blocks.Sources.TimeTable is the same with its fixed choices: table[:, 2] in the model (its
// first time 0, as the MSL asserts), LinearSegments, LastTwoPoints, time events at every knot,
// shiftTime = startTime by default.
#include <stdio.h>
#include <string.h>

#include "io.h"
#include "mech_internal.h"

enum { SM_LINEAR = 1, SM_AKIMA = 2, SM_CONSTANT = 3 };
enum { EX_HOLD = 1, EX_TWO_POINTS = 2, EX_PERIODIC = 3, EX_NONE = 4 };
enum { TE_ALWAYS = 1, TE_DISCONTINUITIES = 2, TE_NONE = 3 };

// the table: its nodes and the model's own values, row-major
typedef struct Table {
  size_t rows, cols;
  MbeSymId* node;
  double* value;
} Table;

static MbeStatus string_param(MbeMech* m, int c, const char* name, const char** out) {
  int v = mbe_mech_var(m, mbe_mech_cname(m, c, name));
  const MbeVar* x = v >= 0 ? &m->flat->vars[v] : NULL;
  if (x == NULL || x->value.type != MBE_T_STRING || x->value.n != 1)
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "%s must be a String", name);
  *out = x->value.str[0];
  return MBE_OK;
}

// a relative fileName: as given (from the working directory), else beside the model file that
// gives it
static const char* table_path(MbeMech* m, int c, const char* file) {
  FILE* f = fopen(file, "r");
  if (f != NULL || file[0] == '/') {
    if (f)
      fclose(f);
    return file;
  }
  int v = mbe_mech_var(m, mbe_mech_cname(m, c, "fileName"));
  const char* at = v >= 0 ? m->flat->vars[v].binding.loc.file : NULL;
  const char* slash = at ? strrchr(at, '/') : NULL;
  if (slash == NULL)
    return file;
  const char* beside = mbe_arena_printf(m->arena, "%.*s/%s", (int)(slash - at), at, file);
  f = beside ? fopen(beside, "r") : NULL;
  if (f)
    fclose(f);
  return f ? beside : file;
}

static MbeStatus table_from_file(MbeMech* m, int c, Table* t) {
  const char *file, *name;
  MbeStatus st = string_param(m, c, "fileName", &file);
  if (st == MBE_OK)
    file = table_path(m, c, file);
  if (st == MBE_OK)
    st = string_param(m, c, "tableName", &name);
  double* data = NULL;
  if (st == MBE_OK)
    st = mbe_text_table_read(file, name, &t->rows, &t->cols, &data, m->err);
  if (st != MBE_OK && st != MBE_ERR_NOMEM) {
    char msg[sizeof m->err->message];
    snprintf(msg, sizeof msg, "%s", m->err->message);
    return mbe_mech_error(m, st, c, "its table file: %s", msg);
  }
  if (st != MBE_OK)
    return st;
  size_t n = t->rows * t->cols;
  t->node = mbe_arena_alloc(m->arena, (n + 1) * sizeof *t->node);
  t->value = mbe_arena_alloc(m->arena, (n + 1) * sizeof *t->value);
  for (size_t i = 0; t->node && t->value && i < n; i++) {
    t->value[i] = data[i];
    t->node[i] = mbe_sym_const(m->s, data[i]);
  }
  mbe_free(data);
  return t->node && t->value ? MBE_OK : mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
}

static MbeStatus table_of(MbeMech* m, int c, Table* t) {
  if (m->comps[c].kind != MBE_MC_TIME_TABLE && mbe_mech_bool(m, c, "tableOnFile"))
    return table_from_file(m, c, t);
  int v = mbe_mech_var(m, mbe_mech_cname(m, c, "table"));
  const MbeVar* x = v >= 0 ? &m->flat->vars[v] : NULL;
  if (x == NULL || x->ndims != 2)
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "table must be a matrix");
  t->rows = (size_t)x->dims[0], t->cols = (size_t)x->dims[1];
  size_t n = t->rows * t->cols;
  t->node = mbe_arena_alloc(m->arena, (n + 1) * sizeof *t->node);
  t->value = mbe_arena_alloc(m->arena, (n + 1) * sizeof *t->value);
  if (!t->node || !t->value)
    return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
  MbeStatus st = MBE_OK;
  for (size_t i = 0; i < n && st == MBE_OK; i++) {
    t->node[i] = mbe_mech_psym(m, c, "table", (int)i, &st);
    if (st == MBE_OK)
      st = mbe_mech_nominal(m, c, "table", (int)i, &t->value[i]);
  }
  return st;
}

// the table's rows: at least one, times not decreasing
static MbeStatus check_table(MbeMech* m, int c, const Table* t, int col) {
  if (t->rows == 0)
    return mbe_mech_error(m, MBE_ERR_MODEL, c, "the table is empty");
  if (col < 2 || (size_t)col > t->cols) {
    return mbe_mech_error(m, MBE_ERR_MODEL, c,
                          "columns asks for column %d; the table's are 2 to %zu", col, t->cols);
  }
  for (size_t i = 1; i < t->rows; i++) {
    if (t->value[i * t->cols] < t->value[(i - 1) * t->cols]) {
      return mbe_mech_error(m, MBE_ERR_MODEL, c,
                            "the table's times decrease at row %zu (%g after %g)", i + 1,
                            t->value[i * t->cols], t->value[(i - 1) * t->cols]);
    }
  }
  return MBE_OK;
}

// 1 from tau = ti on, 0 before (the value at a repeated time is the later one's); with event, a
// time event there (the kernel locates ti and holds the value between events)
static MbeSymId past(MbeSym* s, MbeSymId tau, MbeSymId ti, bool event) {
  MbeSymId before = mbe_sym_sub(s, ti, tau), one = mbe_sym_const(s, 1.0);
  if (event)
    return mbe_sym_sub(s, one, mbe_sym_fn(s, MBE_SYM_EVENT, before));
  return mbe_sym_op(s, MBE_SYM_SELECT, before, mbe_sym_const(s, 0.0), one);
}

MbeSymId mbe_mech_from_time(MbeMech* m, MbeSymId t0) {
  return past(m->s, mbe_sym_time(m->s), t0, true);
}

// f(tau) of column col (1-based) by smoothness sm (linear or constant) and extrapolation ex; te:
// time events at every knot (TE_ALWAYS), at jumps only, or none
static MbeSymId interpolate(MbeMech* m, const Table* t, int col, MbeSymId tau, int sm, int ex,
                            int te) {
  MbeSym* s = m->s;
  size_t n = t->rows, w = t->cols, j = (size_t)col - 1;
  bool jumps = te != TE_NONE, knots = te == TE_ALWAYS;
  MbeSymId y = t->node[j];
  for (size_t i = 0; i + 1 < n; i++) {
    MbeSymId t0 = t->node[i * w], t1 = t->node[(i + 1) * w];
    MbeSymId dy = mbe_sym_sub(s, t->node[(i + 1) * w + j], t->node[i * w + j]);
    if (sm == SM_CONSTANT || t->value[(i + 1) * w] == t->value[i * w]) {
      y = mbe_sym_add(s, y, mbe_sym_mul(s, dy, past(s, tau, sm == SM_CONSTANT ? t1 : t0, jumps)));
      continue;
    }
    // the slope times the time spent in the segment: (tau - t0 from t0 on) - (tau - t1 from t1
    // on); LastTwoPoints leaves the first segment open below and the last above
    MbeSymId one = mbe_sym_const(s, 1.0), zero = mbe_sym_const(s, 0.0);
    MbeSymId lo = ex == EX_TWO_POINTS && i == 0 ? one : past(s, tau, t0, knots);
    MbeSymId hi = ex == EX_TWO_POINTS && i + 2 == n ? zero : past(s, tau, t1, knots);
    MbeSymId x = mbe_sym_sub(s, mbe_sym_mul(s, lo, mbe_sym_sub(s, tau, t0)),
                             mbe_sym_mul(s, hi, mbe_sym_sub(s, tau, t1)));
    y = mbe_sym_add(s, y, mbe_sym_mul(s, mbe_sym_div(s, dy, mbe_sym_sub(s, t1, t0)), x));
  }
  return y;
}

// Akima's slope at knot k from the extended divided differences e[0 .. n + 2]
static MbeSymId akima_slope(MbeSym* s, const MbeSymId* e, size_t k) {
  MbeSymId w1 = mbe_sym_fn(s, MBE_SYM_ABS, mbe_sym_sub(s, e[k + 3], e[k + 2]));
  MbeSymId w2 = mbe_sym_fn(s, MBE_SYM_ABS, mbe_sym_sub(s, e[k + 1], e[k]));
  MbeSymId sum = mbe_sym_add(s, w1, w2);
  MbeSymId half = mbe_sym_const(s, 0.5);
  MbeSymId mean = mbe_sym_mul(s, half, mbe_sym_add(s, e[k + 1], e[k + 2]));
  // (w1 e[k+1] + w2 e[k+2]) / (w1 + w2), as (1 - a) e[k+1] + a e[k+2] with a = w2 / (w1 + w2)
  MbeSymId safe = mbe_sym_op(s, MBE_SYM_SELECT, sum, sum, mbe_sym_const(s, 1.0));
  MbeSymId a = mbe_sym_div(s, w2, safe);
  MbeSymId one = mbe_sym_const(s, 1.0);
  MbeSymId weighted =
      mbe_sym_add(s, mbe_sym_mul(s, mbe_sym_sub(s, one, a), e[k + 1]), mbe_sym_mul(s, a, e[k + 2]));
  return mbe_sym_op(s, MBE_SYM_SELECT, sum, weighted, mean);
}

// Akima's spline of column j (0-based) at tau, the extrapolation ex outside
static MbeSymId akima(MbeMech* m, const Table* t, size_t j, MbeSymId tau, int ex) {
  MbeSym* s = m->s;
  size_t n = t->rows, w = t->cols;
  MbeSymId* e = mbe_arena_alloc(m->arena, (n + 3) * sizeof *e);
  MbeSymId* sl = mbe_arena_alloc(m->arena, (n + 1) * sizeof *sl);
  if (e == NULL || sl == NULL) {
    s->is_oom = true;
    return 0;
  }
  for (size_t i = 0; i + 1 < n; i++) {
    MbeSymId dy = mbe_sym_sub(s, t->node[(i + 1) * w + j], t->node[i * w + j]);
    e[i + 2] = mbe_sym_div(s, dy, mbe_sym_sub(s, t->node[(i + 1) * w], t->node[i * w]));
  }
  MbeSymId two = mbe_sym_const(s, 2.0), three = mbe_sym_const(s, 3.0);
  e[0] = mbe_sym_sub(s, mbe_sym_mul(s, three, e[2]), mbe_sym_mul(s, two, e[3]));
  e[1] = mbe_sym_sub(s, mbe_sym_mul(s, two, e[2]), e[3]);
  e[n + 1] = mbe_sym_sub(s, mbe_sym_mul(s, two, e[n]), e[n - 1]);
  e[n + 2] = mbe_sym_sub(s, mbe_sym_mul(s, three, e[n]), mbe_sym_mul(s, two, e[n - 1]));
  for (size_t k = 0; k < n; k++)
    sl[k] = akima_slope(s, e, k);
  // right of the table, then each segment from the last, then left of it
  MbeSymId tn = t->node[(n - 1) * w], yn = t->node[(n - 1) * w + j];
  MbeSymId y = ex == EX_TWO_POINTS
                   ? mbe_sym_add(s, yn, mbe_sym_mul(s, sl[n - 1], mbe_sym_sub(s, tau, tn)))
                   : yn;
  for (size_t i = n - 1; i-- > 0;) {
    MbeSymId ti = t->node[i * w], h = mbe_sym_sub(s, t->node[(i + 1) * w], ti);
    MbeSymId x = mbe_sym_sub(s, tau, ti), d = e[i + 2];
    MbeSymId c1 = mbe_sym_div(
        s,
        mbe_sym_sub(s, mbe_sym_sub(s, mbe_sym_mul(s, three, d), mbe_sym_mul(s, two, sl[i])),
                    sl[i + 1]),
        h);
    MbeSymId c0 =
        mbe_sym_div(s, mbe_sym_sub(s, mbe_sym_add(s, sl[i], sl[i + 1]), mbe_sym_mul(s, two, d)),
                    mbe_sym_mul(s, h, h));
    // y_i + x (s_i + x (c1 + x c0))
    MbeSymId p = mbe_sym_add(s, c1, mbe_sym_mul(s, x, c0));
    p = mbe_sym_add(s, sl[i], mbe_sym_mul(s, x, p));
    p = mbe_sym_add(s, t->node[i * w + j], mbe_sym_mul(s, x, p));
    y = mbe_sym_op(s, MBE_SYM_SELECT, mbe_sym_sub(s, t->node[(i + 1) * w], tau), p, y);
  }
  MbeSymId t0 = t->node[0], y0 = t->node[j];
  MbeSymId left =
      ex == EX_TWO_POINTS ? mbe_sym_add(s, y0, mbe_sym_mul(s, sl[0], mbe_sym_sub(s, tau, t0))) : y0;
  return mbe_sym_op(s, MBE_SYM_SELECT, mbe_sym_sub(s, t0, tau), left, y);
}

// a member whose tau leaves the table stops (NoExtrapolation)
static void fail_outside(MbeMech* m, const Table* t, MbeSymId tau) {
  MbeSym* s = m->s;
  MbeSymId lo = mbe_sym_sub(s, t->node[0], tau);
  MbeSymId hi = mbe_sym_sub(s, tau, t->node[(t->rows - 1) * t->cols]);
  MbeSymId out = mbe_sym_op(s, MBE_SYM_MAX, lo, hi, 0);
  MbeSymId bad = mbe_sym_op(s, MBE_SYM_SELECT, out, mbe_sym_const(s, 1.0), mbe_sym_const(s, -1.0));
  m->fail = m->fail ? mbe_sym_op(s, MBE_SYM_MAX, m->fail, bad, 0) : bad;
}

// Periodic extrapolation: tau - k T, T the table's span and k the period number, a count (an
// event at each period's start, floor((tau - t_0) / T) held between them), so the knots of
// every period are the table's own, and their relations stay monotone between events
static MbeSymId periodic_tau(MbeMech* m, const Table* t, MbeSymId tau) {
  if (t->rows < 2)
    return tau;
  MbeSym* s = m->s;
  MbeSymId t0 = t->node[0];
  MbeSymId span = mbe_sym_sub(s, t->node[(t->rows - 1) * t->cols], t0);
  MbeSymId k = mbe_sym_fn(s, MBE_SYM_FLOOR, mbe_sym_div(s, mbe_sym_sub(s, tau, t0), span));
  return mbe_sym_sub(s, tau, mbe_sym_mul(s, k, span));
}

// a CombiTimeTable's options (a TimeTable's are fixed)
static MbeStatus table_options(MbeMech* m, int c, int elem, int* sm, int* ex, int* te, int* col) {
  *sm = SM_LINEAR, *ex = EX_TWO_POINTS, *te = TE_ALWAYS, *col = 2;
  if (m->comps[c].kind == MBE_MC_TIME_TABLE)
    return MBE_OK;
  MbeStatus st = mbe_mech_int(m, c, "smoothness", 0, sm);
  if (st == MBE_OK)
    st = mbe_mech_int(m, c, "extrapolation", 0, ex);
  if (st == MBE_OK)
    st = mbe_mech_int(m, c, "columns", elem, col);
  if (st == MBE_OK)
    st = mbe_mech_int(m, c, "timeEvents", 0, te);
  *te = *sm == SM_CONSTANT ? TE_ALWAYS : *te;  // as the MSL's CombiTimeTable passes it on
  return st;
}

static MbeSymId table_y(MbeMech* m, int c, int elem, int depth, MbeStatus* st) {
  (void)depth;
  MbeSym* s = m->s;
  int sm, ex, te, col;
  Table t = {0};
  *st = table_options(m, c, elem, &sm, &ex, &te, &col);
  if (*st == MBE_OK)
    *st = table_of(m, c, &t);
  if (*st == MBE_OK)
    *st = check_table(m, c, &t, col);
  if (*st == MBE_OK && m->comps[c].kind == MBE_MC_TIME_TABLE && t.rows > 1 && t.value[0] != 0) {
    *st = mbe_mech_error(m, MBE_ERR_MODEL, c,
                         "the first point in time has to be set to 0, but is table[1,1] = %g",
                         t.value[0]);
  }
  if (*st == MBE_OK && sm != SM_LINEAR && sm != SM_CONSTANT && sm != SM_AKIMA) {
    *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                         "smoothness: the monotone and modified splines are not supported yet "
                         "(LinearSegments, ConstantSegments and ContinuousDerivative are)");
  }
  for (size_t i = 1; *st == MBE_OK && sm == SM_AKIMA && i < t.rows; i++) {
    if (t.value[i * t.cols] == t.value[(i - 1) * t.cols])
      *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                           "smoothness = ContinuousDerivative with a repeated time (row %zu) is "
                           "not supported yet",
                           i + 1);
  }
  if (*st == MBE_OK && ex == EX_PERIODIC && sm == SM_AKIMA && t.rows > 2) {
    *st = mbe_mech_error(m, MBE_ERR_UNSUPPORTED, c,
                         "extrapolation = Periodic with smoothness = ContinuousDerivative is not "
                         "supported yet (with LinearSegments and ConstantSegments it is)");
  }
  if (*st == MBE_OK && ex == EX_PERIODIC && t.rows > 1 &&
      !(t.value[(t.rows - 1) * t.cols] > t.value[0])) {
    *st = mbe_mech_error(m, MBE_ERR_MODEL, c,
                         "extrapolation = Periodic needs a table whose times span a period (its "
                         "first and last are both %g)",
                         t.value[0]);
  }
  if (*st != MBE_OK)
    return 0;
  MbeSymId time = mbe_sym_time(s);
  MbeSymId shift = mbe_mech_param(m, c, "shiftTime", st);
  MbeSymId scale = mbe_mech_param(m, c, "timeScale", st);
  MbeSymId start = mbe_mech_param(m, c, "startTime", st);
  int ov = mbe_mech_var(m, mbe_mech_cname(m, c, "offset"));
  int noff = ov >= 0 && m->flat->vars[ov].ndims == 1 ? m->flat->vars[ov].dims[0] : 1;
  MbeSymId off = mbe_mech_psym(m, c, "offset", noff == 1 ? 0 : elem, st);
  if (*st != MBE_OK)
    return 0;
  MbeSymId tau = mbe_sym_div(s, mbe_sym_sub(s, time, shift), scale);
  if (ex == EX_PERIODIC)
    tau = periodic_tau(m, &t, tau), ex = EX_HOLD;
  MbeSymId f = sm == SM_AKIMA && t.rows > 2
                   ? akima(m, &t, (size_t)col - 1, tau, ex)
                   : interpolate(m, &t, col, tau, sm == SM_AKIMA ? SM_LINEAR : sm, ex,
                                 sm == SM_AKIMA ? TE_NONE : te);
  if (ex == EX_NONE)
    fail_outside(m, &t, tau);
  // offset alone before startTime, a time event (the slope of the extrapolated table may jump)
  return mbe_sym_add(s, off, mbe_sym_mul(s, mbe_mech_from_time(m, start), f));
}

const MbeMechClass mbe_mc_combi_time_table = {.role = MBE_ROLE_BLOCK, .block = table_y};
