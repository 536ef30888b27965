// SPDX-License-Identifier: Apache-2.0
// Sorting and solving a user's force law (mech_user.h): the equations' residuals, written in the
// unknowns' placeholder leaves, are matched to the unknowns (augmenting paths), sorted into
// blocks (Tarjan: BLT) and solved block by block on the DAG, each solved value substituted
// (`subst`) into what follows. One equation linear in its unknown: x = -r(0)/r'; nonlinear:
// NEWTON_STEPS unrolled Newton steps from its start value with a convergence flag (newton-fail);
// a loop of up to MAX_BLOCK equations: the same on the block, by elimination on the DAG.
#include <string.h>

#include "mech_user.h"

// the placeholder index of node id, -1 when it is none
int mbe_user_placeholder(const Solve* q, MbeSymId id) {
  const MbeSymNode* n = &q->m->s->nodes[id];
  if (id < q->first || n->op != MBE_SYM_PARAM || n->index < PH_BASE) {
    return -1;
  }
  for (size_t j = 0; j < q->u->nunk; j++) {
    if (q->ph[j] == id) {
      return (int)j;
    }
  }
  return -1;
}

// root with every placeholder j replaced by with[j] (where nonzero), rebuilt above q->first
static MbeSymId subst(Solve* q, MbeSymId root, const MbeSymId* with) {
  MbeSym* s = q->m->s;
  if (root < q->first) {
    return root;
  }
  size_t n = (size_t)(root - q->first) + 1;
  MbeSymId* map = mbe_malloc(n * sizeof *map);
  if (!map) {
    s->is_oom = true;
    return 0;
  }
  for (size_t i = 0; i < n; i++) {
    MbeSymId id = q->first + (MbeSymId)i;
    MbeSymNode nd = s->nodes[id];  // a copy: creating nodes may move the array
    int j = mbe_user_placeholder(q, id);
    int ar = mbe_sym_op_arity((MbeSymOp)nd.op);
    if (j >= 0 && with[j]) {
      map[i] = with[j];
    } else if (ar == 0) {
      map[i] = id;
    } else {
      MbeSymId a[3] = {0, 0, 0};
      for (int k = 0; k < ar; k++) {
        a[k] = nd.arg[k] < q->first ? nd.arg[k] : map[nd.arg[k] - q->first];
      }
      map[i] = mbe_sym_op(s, (MbeSymOp)nd.op, a[0], a[1], a[2]);
    }
  }
  MbeSymId r = map[n - 1];
  mbe_free(map);
  return r;
}

// which placeholders node root reaches (inc[j] = 1)
static void incidence(Solve* q, MbeSymId root, unsigned char* inc) {
  MbeSym* s = q->m->s;
  memset(inc, 0, q->u->nunk);
  if (root < q->first) {
    return;
  }
  size_t n = (size_t)(root - q->first) + 1;
  unsigned char* seen = mbe_calloc(n, 1);
  if (!seen) {
    s->is_oom = true;
    return;
  }
  seen[n - 1] = 1;
  for (size_t i = n; i-- > 0;) {
    if (!seen[i]) {
      continue;
    }
    MbeSymId id = q->first + (MbeSymId)i;
    int j = mbe_user_placeholder(q, id);
    if (j >= 0) {
      inc[j] = 1;
    }
    const MbeSymNode* nd = &s->nodes[id];
    for (int k = 0; k < mbe_sym_op_arity((MbeSymOp)nd->op); k++) {
      if (nd->arg[k] >= q->first) {
        seen[nd->arg[k] - q->first] = 1;
      }
    }
  }
  mbe_free(seen);
}

// ---- matching and BLT -------------------------------------------------------------------------

typedef struct Graph {
  size_t ne, nu;
  const unsigned char* inc;  // ne x nu
  int* eq_of;                // unknown -> matched equation, -1
  int* un_of;                // equation -> matched unknown, -1
  unsigned char* seen;
  // Tarjan
  int *index, *low, *stack, *block;  // block: equation -> block number (solve order)
  bool* on;
  int next, sp, nblocks;
} Graph;

static bool augment(Graph* g, size_t e) {
  for (size_t j = 0; j < g->nu; j++) {
    if (!g->inc[e * g->nu + j] || g->seen[j]) {
      continue;
    }
    g->seen[j] = 1;
    if (g->eq_of[j] < 0 || augment(g, (size_t)g->eq_of[j])) {
      g->eq_of[j] = (int)e;
      g->un_of[e] = (int)j;
      return true;
    }
  }
  return false;
}

// Tarjan's strongly connected components: an equation depends on the equations that solve the
// other unknowns it uses; components come out dependencies first, which is the solving order
static void strong(Graph* g, size_t e) {
  g->index[e] = g->low[e] = g->next++;
  g->stack[g->sp++] = (int)e;
  g->on[e] = true;
  for (size_t j = 0; j < g->nu; j++) {
    if (!g->inc[e * g->nu + j] || (int)j == g->un_of[e]) {
      continue;
    }
    size_t d = (size_t)g->eq_of[j];
    if (g->index[d] < 0) {
      strong(g, d);
      g->low[e] = g->low[e] < g->low[d] ? g->low[e] : g->low[d];
    } else if (g->on[d]) {
      g->low[e] = g->low[e] < g->index[d] ? g->low[e] : g->index[d];
    }
  }
  if (g->low[e] == g->index[e]) {
    int w;
    do {
      w = g->stack[--g->sp];
      g->on[w] = false;
      g->block[w] = g->nblocks;
    } while (w != (int)e);
    g->nblocks++;
  }
}

MbeLoc mbe_user_eq_loc(const Solve* q, size_t e) {
  int i = q->u->eqs[e];
  return i < 0 ? q->m->flat->vars[-1 - i].binding.loc : q->m->flat->eqs[i].loc;
}

static const char* unknown_name(const Solve* q, size_t j) {
  const MbeVar* v = &q->m->flat->vars[q->u->uvar[j]];
  if (j >= q->u->nvals) {  // der() of a state (an array's element: the unknown's order)
    size_t k = j - q->u->nvals;
    bool state = k < q->u->nstates;
    return mbe_arena_printf(q->m->arena, "der(%s)",
                            state && v->ndims ? mbe_mech_element_name(q->m, v, q->u->selem[k])
                                              : v->name);
  }
  return v->ndims ? mbe_arena_printf(q->m->arena, "%s[%d]", v->name, q->u->uelem[j] + 1) : v->name;
}

// every equation matched to an unknown of its own and every unknown to an equation, else the
// error that names the equation or the unknown left over
static MbeStatus match(Solve* q, Graph* g) {
  MbeMech* m = q->m;
  const char* cn = m->comps[q->c].name;
  int left = -1;  // the first equation left without an unknown
  for (size_t e = 0; e < g->ne; e++) {
    bool any = false;
    for (size_t j = 0; j < g->nu; j++) {
      any = any || g->inc[e * g->nu + j];
    }
    if (!any) {
      return mbe_error_at(m->err, MBE_ERR_MODEL, mbe_user_eq_loc(q, e),
                          "%s: this equation has no unknown (it relates only known quantities: "
                          "kinematics, parameters, states)",
                          cn);
    }
    memset(g->seen, 0, g->nu);
    if (!augment(g, e) && left < 0) {
      left = (int)e;
    }
  }
  if (left >= 0 && g->ne > g->nu) {
    return mbe_error_at(m->err, MBE_ERR_MODEL, mbe_user_eq_loc(q, (size_t)left),
                        "%s: more equations than unknowns (%zu equations for %zu unknowns); "
                        "this one is left without an unknown to solve for",
                        cn, g->ne, g->nu);
  }
  for (size_t j = 0; j < g->nu; j++) {
    if (g->eq_of[j] < 0) {
      const MbeVar* v = &m->flat->vars[q->u->uvar[j]];
      if (left >= 0) {
        return mbe_error_at(m->err, MBE_ERR_MODEL, mbe_user_eq_loc(q, (size_t)left),
                            "%s: this equation and others determine the same unknowns while no "
                            "equation determines %s (a singular system)",
                            cn, unknown_name(q, j));
      }
      if (!mbe_spec_is_user_file(m->flat->spec, v->loc.file)) {
        // declared by the partial (f, tau, frame_b.f): at the user's component
        return mbe_mech_error(m, MBE_ERR_MODEL, q->c,
                              "no equation determines %s (%zu equations for %zu unknowns)",
                              unknown_name(q, j), g->ne, g->nu);
      }
      return mbe_error_at(m->err, MBE_ERR_MODEL, v->loc,
                          "%s: no equation determines %s (%zu equations for %zu unknowns)", cn,
                          unknown_name(q, j), g->ne, g->nu);
    }
  }
  return MBE_OK;
}

static MbeStatus loop_error(Solve* q, const Graph* g, int b) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  size_t first = 0, n = 0;
  for (size_t e = 0; e < g->ne; e++) {
    if (g->block[e] == b) {
      MbeLoc l = mbe_user_eq_loc(q, e);
      first = n++ == 0 ? e : first;
      mbe_strbuf_printf(&sb, "%s%d:%d", n > 1 ? ", " : "", l.line, l.col);
    }
  }
  MbeStatus st = mbe_error_at(q->m->err, MBE_ERR_UNSUPPORTED, mbe_user_eq_loc(q, first),
                              "%s: an algebraic loop of %zu equations (at %s) is not supported "
                              "yet: mbens solves blocks of up to 8 equations together",
                              q->m->comps[q->c].name, n, sb.data ? sb.data : "?");
  mbe_strbuf_deinit(&sb);
  return st;
}

// ---- solving ------------------------------------------------------------------------------------

// r(x) = 0 for placeholder j by unrolled Newton steps from the unknown's start value; a
// residual above 1e-9 of the terms' scale (or NaN) after them fails the member (m->fail)
static MbeSymId newton(Solve* q, size_t j, MbeSymId r, MbeSymId dr) {
  MbeMech* m = q->m;
  MbeSym* s = m->s;
  MbeSymId* with = mbe_calloc(q->u->nunk + 1, sizeof *with);
  if (!with) {
    s->is_oom = true;
    return 0;
  }
  const MbeVar* v = &m->flat->vars[q->u->uvar[j]];
  MbeSymId x =
      j < q->u->nvals ? mbe_mech_start_sym(m, v->name, q->u->uelem[j]) : mbe_sym_const(s, 0);
  MbeSymId rx = 0, dx = 0;
  for (int it = 0; it <= NEWTON_STEPS; it++) {
    with[j] = x;
    rx = subst(q, r, with);
    if (it == NEWTON_STEPS) {
      break;
    }
    dx = subst(q, dr, with);
    MbeSymId step = mbe_sym_div(s, rx, dx);
    x = mbe_sym_sub(s, x, step);
  }
  mbe_free(with);
  // converged: |r| <= 1e-9 (1 + |x r'|); ok > 0 passes, a NaN compares false and fails
  MbeSymId xd = mbe_sym_mul(s, x, dx);
  MbeSymId ax = mbe_sym_fn(s, MBE_SYM_ABS, xd);
  MbeSymId one = mbe_sym_const(s, 1.0);
  MbeSymId sc = mbe_sym_add(s, one, ax);
  MbeSymId tol = mbe_sym_mul(s, mbe_sym_const(s, 1e-9), sc);
  MbeSymId ar = mbe_sym_fn(s, MBE_SYM_ABS, rx);
  MbeSymId ok = mbe_sym_sub(s, tol, ar);
  MbeSymId pass = mbe_sym_const(s, -1.0);
  MbeSymId failed = mbe_sym_const(s, 1.0);
  MbeSymId bad = mbe_sym_op(s, MBE_SYM_SELECT, ok, pass, failed);
  m->fail = m->fail ? mbe_sym_op(s, MBE_SYM_MAX, m->fail, bad, 0) : bad;
  m->newton_1e9 = "its force laws' nonlinear equations are solved to 1e-9";
  return x;
}

// equation e for its matched unknown j, the unknowns of earlier blocks already solved
static MbeStatus solve_one(Solve* q, size_t e, size_t j, MbeSymId r0) {
  MbeMech* m = q->m;
  MbeSym* s = m->s;
  MbeSymId r = subst(q, r0, q->val);
  MbeSymId dr, ddr;
  MbeStatus st = mbe_sym_diff(s, r, q->ph[j], &dr, m->err);
  if (st == MBE_OK) {
    st = mbe_sym_diff(s, dr, q->ph[j], &ddr, m->err);
  }
  if (st != MBE_OK) {
    return st;
  }
  if (dr == 0) {
    return mbe_error_at(m->err, MBE_ERR_MODEL, mbe_user_eq_loc(q, e),
                        "%s: this equation does not depend on %s, the unknown it must determine",
                        m->comps[q->c].name, unknown_name(q, j));
  }
  if (ddr == 0) {
    // linear: r = r(0) + r' x, so x = -r(0) / r'
    MbeSymId* with = mbe_calloc(q->u->nunk + 1, sizeof *with);
    if (!with) {
      return mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
    }
    with[j] = mbe_sym_const(s, 0);
    MbeSymId rz = subst(q, r, with);
    mbe_free(with);
    MbeSymId x = mbe_sym_div(s, rz, dr);
    q->val[j] = mbe_sym_neg(s, x);
  } else {
    q->val[j] = newton(q, j, r, dr);
  }
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

enum { MAX_BLOCK = 8 };

// a block's residuals r (n) and Jacobian J (n x n) with the unknowns js set to `at` (NULL: left
// as placeholders); J from dr (the derivatives at the placeholders)
static void block_eval(Solve* q, int n, const size_t* js, const MbeSymId* r, const MbeSymId* dr,
                       const MbeSymId* at, MbeSymId* rx, MbeSymId* jx) {
  MbeSymId* with = mbe_calloc(q->u->nunk + 1, sizeof *with);
  if (!with) {
    q->m->s->is_oom = true;
    return;
  }
  for (int k = 0; at && k < n; k++) {
    with[js[k]] = at[k];
  }
  for (int e = 0; e < n; e++) {
    rx[e] = at ? subst(q, r[e], with) : r[e];
    for (int k = 0; jx && k < n; k++) {
      jx[e * n + k] = at ? subst(q, dr[e * n + k], with) : dr[e * n + k];
    }
  }
  mbe_free(with);
}

// the convergence flag of a block's Newton: every |r_e| <= 1e-9 (1 + |x_e J_ee|), else the
// member stops with newton-fail (a NaN fails too)
static void block_converged(MbeMech* m, int n, const MbeSymId* rx, const MbeSymId* jx,
                            const MbeSymId* x) {
  MbeSym* s = m->s;
  for (int e = 0; e < n; e++) {
    MbeSymId xd = mbe_sym_mul(s, x[e], jx[e * n + e]);
    MbeSymId ax = mbe_sym_fn(s, MBE_SYM_ABS, xd);
    MbeSymId sc = mbe_sym_add(s, mbe_sym_const(s, 1.0), ax);
    MbeSymId tol = mbe_sym_mul(s, mbe_sym_const(s, 1e-9), sc);
    MbeSymId ar = mbe_sym_fn(s, MBE_SYM_ABS, rx[e]);
    MbeSymId ok = mbe_sym_sub(s, tol, ar);
    MbeSymId bad = mbe_sym_op(s, MBE_SYM_SELECT, ok, mbe_sym_const(s, -1.0),
                              mbe_sym_const(s, 1.0));
    m->fail = m->fail ? mbe_sym_op(s, MBE_SYM_MAX, m->fail, bad, 0) : bad;
  }
  m->newton_1e9 = "its force laws' nonlinear equations are solved to 1e-9";
}

// A block of n equations (es, in matching order) for its n unknowns (js) solved together: when
// the residuals are linear in the unknowns, exactly (x = -J^-1 r(0)); otherwise by NEWTON_STEPS
// unrolled Newton steps from the unknowns' start values, each solving J dx = r on the DAG
static MbeStatus solve_block(Solve* q, int n, const size_t* es, const size_t* js,
                             const MbeSymId* res) {
  MbeMech* m = q->m;
  MbeSym* s = m->s;
  MbeSymId r[MAX_BLOCK], dr[MAX_BLOCK * MAX_BLOCK], rx[MAX_BLOCK], jx[MAX_BLOCK * MAX_BLOCK];
  MbeSymId x[MAX_BLOCK], dx[MAX_BLOCK];
  bool linear = true;
  for (int e = 0; e < n; e++) {
    r[e] = subst(q, res[es[e]], q->val);
    for (int k = 0; k < n; k++) {
      MbeSymId dd;
      MbeStatus st = mbe_sym_diff(s, r[e], q->ph[js[k]], &dr[e * n + k], m->err);
      for (int l = 0; st == MBE_OK && l < n && linear; l++) {
        st = mbe_sym_diff(s, dr[e * n + k], q->ph[js[l]], &dd, m->err);
        linear = dd == 0;
      }
      if (st != MBE_OK) {
        return st;
      }
    }
  }
  for (int k = 0; k < n; k++) {
    const MbeVar* v = &m->flat->vars[q->u->uvar[js[k]]];
    x[k] = linear || js[k] >= q->u->nvals ? mbe_sym_const(s, 0)
                                          : mbe_mech_start_sym(m, v->name, q->u->uelem[js[k]]);
  }
  for (int it = 0; it < (linear ? 1 : NEWTON_STEPS); it++) {
    block_eval(q, n, js, r, dr, x, rx, jx);
    mbe_sym_solve_dense(s, n, jx, rx, dx);
    for (int k = 0; k < n; k++) {
      x[k] = mbe_sym_sub(s, x[k], dx[k]);
    }
  }
  if (!linear) {
    block_eval(q, n, js, r, dr, x, rx, jx);
    block_converged(m, n, rx, jx, x);
  }
  for (int k = 0; k < n; k++) {
    q->val[js[k]] = x[k];
  }
  return s->is_oom ? mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory") : MBE_OK;
}

// the equations of block b in matching order and their unknowns; a block larger than MAX_BLOCK
// is refused naming its equations
static MbeStatus block(Solve* q, const Graph* g, int b, const MbeSymId* res) {
  size_t es[MAX_BLOCK], js[MAX_BLOCK];
  int n = 0;
  for (size_t e = 0; e < g->ne; e++) {
    if (g->block[e] != b) {
      continue;
    }
    if (n == MAX_BLOCK) {
      return loop_error(q, g, b);
    }
    es[n] = e;
    js[n++] = (size_t)g->un_of[e];
  }
  return solve_block(q, n, es, js, res);
}

// matching, BLT order, and the blocks solved in that order
MbeStatus mbe_user_sort_and_solve(Solve* q, const MbeSymId* res) {
  MbeMech* m = q->m;
  size_t ne = q->u->neqs, nu = q->u->nunk;
  Graph g = {.ne = ne, .nu = nu};
  unsigned char* inc = mbe_calloc(ne * nu + 1, 1);
  int* ints = mbe_malloc((nu + 5 * ne + 1) * sizeof *ints);
  g.seen = mbe_calloc(nu + 1, 1);
  g.on = mbe_calloc(ne + 1, sizeof *g.on);
  MbeStatus st = MBE_OK;
  if (!inc || !ints || !g.seen || !g.on) {
    st = mbe_error_set(m->err, MBE_ERR_NOMEM, "out of memory");
    goto done;
  }
  for (size_t e = 0; e < ne; e++) {
    incidence(q, res[e], inc + e * nu);
  }
  g.inc = inc;
  g.eq_of = ints, g.un_of = ints + nu, g.index = g.un_of + ne, g.low = g.index + ne;
  g.stack = g.low + ne, g.block = g.stack + ne;
  for (size_t i = 0; i < nu + 5 * ne; i++) {
    ints[i] = -1;
  }
  if ((st = match(q, &g)) != MBE_OK) {
    goto done;
  }
  for (size_t e = 0; e < ne; e++) {
    if (g.index[e] < 0) {
      strong(&g, e);
    }
  }
  for (int b = 0; b < g.nblocks && st == MBE_OK; b++) {
    size_t n = 0, e1 = 0;
    for (size_t e = 0; e < ne; e++) {
      if (g.block[e] == b) {
        n++, e1 = e;
      }
    }
    st = n > 1 ? block(q, &g, b, res) : solve_one(q, e1, (size_t)g.un_of[e1], res[e1]);
  }
done:
  mbe_free(inc), mbe_free(ints), mbe_free(g.seen), mbe_free(g.on);
  return st;
}
