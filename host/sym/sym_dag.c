// SPDX-License-Identifier: Apache-2.0
// The hash-consed expression DAG: node creation with IEEE-exact folding, forward derivatives,
// and the interpreter built on the kernels' own elementary functions.
#include <math.h>
#include <string.h>

#include "sym.h"

#include "sym_math.h"

static const char* const OP_TEXT[] = {
#define MBE_SYM_TEXT_(name, arity, text) text,
    MBE_SYM_OP_LIST(MBE_SYM_TEXT_)
#undef MBE_SYM_TEXT_
};
static const int OP_ARITY[] = {
#define MBE_SYM_ARITY_(name, arity, text) arity,
    MBE_SYM_OP_LIST(MBE_SYM_ARITY_)
#undef MBE_SYM_ARITY_
};

const char* mbe_sym_op_str(MbeSymOp op) {
  return op < MBE_SYM_OP_COUNT ? OP_TEXT[op] : "?";
}
int mbe_sym_op_arity(MbeSymOp op) {
  return op < MBE_SYM_OP_COUNT ? OP_ARITY[op] : 0;
}

// ---- hash-consing -------------------------------------------------------------------------

static uint64_t node_hash(const MbeSymNode* n) {
  uint64_t bits;
  memcpy(&bits, &n->value, sizeof bits);
  uint64_t h = 1469598103934665603ull ^ n->op;
  uint64_t parts[5] = {n->arg[0], n->arg[1], n->arg[2], bits, (uint64_t)(uint32_t)n->index};
  for (int i = 0; i < 5; i++) {
    h = (h ^ parts[i]) * 1099511628211ull;
    h ^= h >> 29;
  }
  return h;
}

static bool node_equal(const MbeSymNode* a, const MbeSymNode* b) {
  return a->op == b->op && a->arg[0] == b->arg[0] && a->arg[1] == b->arg[1] &&
         a->arg[2] == b->arg[2] && a->index == b->index &&
         memcmp(&a->value, &b->value, sizeof a->value) == 0;
}

static bool rehash(MbeSym* s, size_t ntable) {
  MbeSymId* t = mbe_calloc(ntable, sizeof *t);
  if (!t) {
    return false;
  }
  for (size_t i = 0; i < s->nnodes; i++) {
    size_t k = node_hash(&s->nodes[i]) & (ntable - 1);
    while (t[k]) {
      k = (k + 1) & (ntable - 1);
    }
    t[k] = (MbeSymId)(i + 1);
  }
  mbe_free(s->table);
  s->table = t;
  s->ntable = ntable;
  return true;
}

// the id of node n, added when new
static MbeSymId intern(MbeSym* s, MbeSymNode n) {
  if (s->is_oom) {
    return 0;
  }
  if (s->ntable) {
    size_t k = node_hash(&n) & (s->ntable - 1);
    while (s->table[k]) {
      if (node_equal(&s->nodes[s->table[k] - 1], &n)) {
        return s->table[k] - 1;
      }
      k = (k + 1) & (s->ntable - 1);
    }
  }

  if (s->nnodes >= MBE_SYM_MAX_NODES) {
    s->is_oom = s->is_too_big = true;
    return 0;
  }
  // grow the node array and keep the table at most half full
  if (s->nnodes == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 256;
    MbeSymNode* nodes = mbe_realloc(s->nodes, cap * sizeof *nodes);
    if (!nodes) {
      s->is_oom = true;
      return 0;
    }
    s->nodes = nodes;
    s->cap = cap;
  }
  if (2 * (s->nnodes + 1) > s->ntable && !rehash(s, s->ntable ? 2 * s->ntable : 512)) {
    s->is_oom = true;
    return 0;
  }
  MbeSymId id = (MbeSymId)s->nnodes++;
  n.region = s->cur_region;
  s->nodes[id] = n;
  size_t k = node_hash(&n) & (s->ntable - 1);
  while (s->table[k]) {
    k = (k + 1) & (s->ntable - 1);
  }
  s->table[k] = id + 1;
  return id;
}

void mbe_sym_init(MbeSym* s) {
  memset(s, 0, sizeof *s);
  mbe_sym_const(s, 0.0);
}

void mbe_sym_deinit(MbeSym* s) {
  mbe_free(s->nodes);
  mbe_free(s->table);
  mbe_free(s->region_family);
  memset(s, 0, sizeof *s);
}

void mbe_sym_region_begin(MbeSym* s, uint32_t family) {
  if (s->nregions + 1 >= s->region_cap) {
    size_t cap = s->region_cap ? 2 * s->region_cap : 64;
    uint32_t* f = mbe_realloc(s->region_family, cap * sizeof *f);
    if (f == NULL) {
      s->is_oom = true;
      return;
    }
    f[0] = 0;
    s->region_family = f;
    s->region_cap = cap;
  }
  s->region_family[++s->nregions] = family;
  s->cur_region = (uint32_t)s->nregions;
}

void mbe_sym_region_end(MbeSym* s) {
  s->cur_region = 0;
}

static MbeSymId leaf(MbeSym* s, MbeSymOp op, double v, int index) {
  MbeSymNode n;
  memset(&n, 0, sizeof n);
  n.op = (uint8_t)op;
  n.value = v;
  n.index = index;
  return intern(s, n);
}

MbeSymId mbe_sym_const(MbeSym* s, double v) {
  return leaf(s, MBE_SYM_CONST, v, 0);
}
MbeSymId mbe_sym_time(MbeSym* s) {
  return leaf(s, MBE_SYM_TIME, 0, 0);
}
MbeSymId mbe_sym_state(MbeSym* s, int index) {
  return leaf(s, MBE_SYM_STATE, 0, index);
}
MbeSymId mbe_sym_param(MbeSym* s, int index) {
  return leaf(s, MBE_SYM_PARAM, 0, index);
}

// the nodes ids[0..n) depend on, themselves included, as marks over 0..*top (the largest id);
// NULL when out of memory
static unsigned char* reachable(const MbeSym* s, const MbeSymId* ids, size_t n, size_t* top) {
  *top = 0;
  for (size_t k = 0; k < n; k++) {
    *top = ids[k] > *top ? ids[k] : *top;
  }
  unsigned char* need = mbe_calloc(*top + 1, 1);
  if (need == NULL) {
    return NULL;
  }
  for (size_t k = 0; k < n; k++) {
    need[ids[k]] = 1;
  }
  for (size_t i = *top + 1; i-- > 0;) {
    const MbeSymNode* nd = &s->nodes[i];
    for (int k = 0; need[i] && k < mbe_sym_op_arity((MbeSymOp)nd->op); k++) {
      need[nd->arg[k]] = 1;
    }
  }
  return need;
}

int mbe_sym_param_reached(const MbeSym* s, const MbeSymId* ids, size_t n, int from) {
  size_t top;
  unsigned char* need = reachable(s, ids, n, &top);
  int found = need == NULL ? -2 : -1;
  for (size_t i = 0; need != NULL && i <= top && found < 0; i++) {
    const MbeSymNode* nd = &s->nodes[i];
    if (need[i] && nd->op == MBE_SYM_PARAM && nd->index >= from)
      found = nd->index;
  }
  mbe_free(need);
  return found;
}

void mbe_sym_substitute(MbeSym* s, const MbeSymId* from, const MbeSymId* to, size_t nfrom,
                        MbeSymId* roots, size_t nroots) {
  size_t top;
  unsigned char* need = reachable(s, roots, nroots, &top);
  MbeSymId* map = mbe_malloc((top + 1) * sizeof *map);
  if (!need || !map) {
    mbe_free(need), mbe_free(map);
    s->is_oom = true;
    return;
  }
  for (size_t i = 0; i <= top; i++) {
    map[i] = MBE_SYM_NONE;
  }
  for (size_t k = 0; k < nfrom; k++) {
    if (from[k] <= top) {
      map[from[k]] = to[k];
    }
  }
  for (size_t i = 0; i <= top; i++) {
    if (!need[i] || map[i] != MBE_SYM_NONE) {
      continue;
    }
    MbeSymNode n = s->nodes[i];  // a copy: creating nodes may move the array
    int ar = mbe_sym_op_arity((MbeSymOp)n.op);
    if (ar == 0) {
      map[i] = (MbeSymId)i;
      continue;
    }
    MbeSymId a[3] = {0, 0, 0};
    bool same = true;
    for (int k = 0; k < ar; k++) {
      a[k] = map[n.arg[k]];
      same = same && a[k] == n.arg[k];
    }
    map[i] = same ? (MbeSymId)i : mbe_sym_op(s, (MbeSymOp)n.op, a[0], a[1], a[2]);
  }
  for (size_t r = 0; r < nroots; r++) {
    roots[r] = map[roots[r]];
  }
  mbe_free(need);
  mbe_free(map);
}

MbeSymId mbe_sym_import(MbeSym* dst, const MbeSym* src, MbeSymId id, MbeSymId* map) {
  if (map[id] != MBE_SYM_NONE) {
    return map[id];
  }

  // the nodes id needs that are not copied yet, then each in source order (operands first)
  unsigned char* need = mbe_calloc((size_t)id + 1, 1);
  if (!need) {
    dst->is_oom = true;
    return 0;
  }
  need[id] = 1;
  for (size_t i = (size_t)id + 1; i-- > 0;) {
    if (!need[i] || map[i] != MBE_SYM_NONE) {
      need[i] = 0;
      continue;
    }
    const MbeSymNode* n = &src->nodes[i];
    for (int k = 0; k < mbe_sym_op_arity((MbeSymOp)n->op); k++) {
      need[n->arg[k]] = 1;
    }
  }
  for (size_t i = 0; i <= id; i++) {
    if (!need[i]) {
      continue;
    }
    const MbeSymNode* n = &src->nodes[i];
    switch ((MbeSymOp)n->op) {
      case MBE_SYM_CONST: map[i] = mbe_sym_const(dst, n->value); break;
      case MBE_SYM_TIME: map[i] = mbe_sym_time(dst); break;
      case MBE_SYM_STATE: map[i] = mbe_sym_state(dst, n->index); break;
      case MBE_SYM_PARAM: map[i] = mbe_sym_param(dst, n->index); break;
      default: {
        MbeSymId a[3] = {0, 0, 0};
        for (int k = 0; k < mbe_sym_op_arity((MbeSymOp)n->op); k++) {
          a[k] = map[n->arg[k]];
        }
        map[i] = mbe_sym_op(dst, (MbeSymOp)n->op, a[0], a[1], a[2]);
      }
    }
  }
  mbe_free(need);
  return map[id];
}

bool mbe_sym_is_const(const MbeSym* s, MbeSymId id, double v) {
  const MbeSymNode* n = &s->nodes[id];
  return n->op == MBE_SYM_CONST && memcmp(&n->value, &v, sizeof v) == 0;
}

// ---- node construction with folding -------------------------------------------------------

static bool is_commutative(MbeSymOp op) {
  return op == MBE_SYM_ADD || op == MBE_SYM_MUL || op == MBE_SYM_MIN || op == MBE_SYM_MAX;
}

MbeSymId mbe_sym_op(MbeSym* s, MbeSymOp op, MbeSymId a, MbeSymId b, MbeSymId c) {
  int arity = mbe_sym_op_arity(op);
  if (s->is_oom || arity == 0) {
    return 0;
  }
  if (arity < 2) {
    b = 0;
  }
  if (arity < 3) {
    c = 0;
  }
  if (is_commutative(op) && a > b) {
    MbeSymId t = a;
    a = b;
    b = t;
  }

  // every operand constant: fold with the same arithmetic the kernels use
  const MbeSymNode* na = &s->nodes[a];
  const MbeSymNode* nb = &s->nodes[b];
  const MbeSymNode* nc = &s->nodes[c];
  if (na->op == MBE_SYM_CONST && (arity < 2 || nb->op == MBE_SYM_CONST) &&
      (arity < 3 || nc->op == MBE_SYM_CONST)) {
    return mbe_sym_const(s, mbe_sym_apply((int)op, na->value, nb->value, nc->value));
  }

  // IEEE-exact identities (a holds the constant of a commutative pair, ids of constants being
  // small is not guaranteed, so test both sides)
  switch (op) {
    case MBE_SYM_MUL:
      if (mbe_sym_is_const(s, a, 1.0))
        return b;
      if (mbe_sym_is_const(s, b, 1.0))
        return a;
      if (mbe_sym_is_const(s, a, -1.0))
        return mbe_sym_neg(s, b);
      if (mbe_sym_is_const(s, b, -1.0))
        return mbe_sym_neg(s, a);
      if (s->fold_zero_products && (mbe_sym_is_const(s, a, 0.0) || mbe_sym_is_const(s, b, 0.0))) {
        return mbe_sym_const(s, 0.0);
      }
      break;
    case MBE_SYM_DIV:
      if (mbe_sym_is_const(s, b, 1.0))
        return a;
      if (s->fold_zero_products && mbe_sym_is_const(s, a, 0.0))
        return mbe_sym_const(s, 0.0);
      break;
    case MBE_SYM_ADD:
      // x + (-0) == x for every x; x + (+0) is not (-0 + 0 = +0) unless zeros may be folded
      if (mbe_sym_is_const(s, a, -0.0))
        return b;
      if (mbe_sym_is_const(s, b, -0.0))
        return a;
      if (s->fold_zero_products && mbe_sym_is_const(s, a, 0.0))
        return b;
      if (s->fold_zero_products && mbe_sym_is_const(s, b, 0.0))
        return a;
      break;
    case MBE_SYM_SUB:
      // x - (+0) == x for every x; x - (-0) is not (-0 - -0 = +0) unless zeros may be folded
      if (mbe_sym_is_const(s, b, 0.0))
        return a;
      if (s->fold_zero_products && mbe_sym_is_const(s, b, -0.0))
        return a;
      if (s->fold_zero_products && mbe_sym_is_const(s, a, 0.0))
        return mbe_sym_neg(s, b);
      break;
    case MBE_SYM_NEG:
      if (na->op == MBE_SYM_NEG)
        return na->arg[0];
      break;
    case MBE_SYM_FMA:
      // fma(a, b, c) with a zero product is c only where zeros may be folded
      if (s->fold_zero_products && (mbe_sym_is_const(s, a, 0.0) || mbe_sym_is_const(s, b, 0.0))) {
        return c;
      }
      break;
    default: break;
  }
  MbeSymNode n;
  memset(&n, 0, sizeof n);
  n.op = (uint8_t)op;
  n.arg[0] = a;
  n.arg[1] = b;
  n.arg[2] = c;
  return intern(s, n);
}

MbeSymId mbe_sym_add(MbeSym* s, MbeSymId a, MbeSymId b) {
  return mbe_sym_op(s, MBE_SYM_ADD, a, b, 0);
}
MbeSymId mbe_sym_sub(MbeSym* s, MbeSymId a, MbeSymId b) {
  return mbe_sym_op(s, MBE_SYM_SUB, a, b, 0);
}
MbeSymId mbe_sym_mul(MbeSym* s, MbeSymId a, MbeSymId b) {
  return mbe_sym_op(s, MBE_SYM_MUL, a, b, 0);
}
MbeSymId mbe_sym_div(MbeSym* s, MbeSymId a, MbeSymId b) {
  return mbe_sym_op(s, MBE_SYM_DIV, a, b, 0);
}
MbeSymId mbe_sym_neg(MbeSym* s, MbeSymId a) {
  return mbe_sym_op(s, MBE_SYM_NEG, a, 0, 0);
}
MbeSymId mbe_sym_fn(MbeSym* s, MbeSymOp op, MbeSymId a) {
  return mbe_sym_op(s, op, a, 0, 0);
}

// ---- forward derivatives ------------------------------------------------------------------

MbeStatus mbe_sym_diff(MbeSym* s, MbeSymId f, MbeSymId wrt, MbeSymId* out, MbeError* err) {
  *out = 0;
  MbeSymOp wop = (MbeSymOp)s->nodes[wrt].op;
  if (wop != MBE_SYM_STATE && wop != MBE_SYM_PARAM && wop != MBE_SYM_TIME) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "mbe_sym_diff: node %u is not a leaf", wrt);
  }
  if (f < wrt) {
    return MBE_OK;  // f was built before the leaf existed: it cannot depend on it
  }

  // d[i] for the nodes f is made of, from the leaf up to f in topological order (nodes
  // appended meanwhile are not visited); need: f's cone above the leaf, so that no derivative
  // is built of what f does not use
  size_t n = (size_t)f + 1;
  MbeSymId* d = mbe_calloc(n, sizeof *d);
  unsigned char* need = mbe_calloc(n, 1);
  if (!d || !need) {
    mbe_free(d), mbe_free(need);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory differentiating");
  }
  need[f] = 1;
  for (size_t i = n; i-- > (size_t)wrt + 1;) {
    const MbeSymNode* nd = &s->nodes[i];
    if (!need[i])
      continue;
    for (int k = 0; k < mbe_sym_op_arity((MbeSymOp)nd->op); k++)
      need[nd->arg[k]] = 1;
  }
  MbeSymId one = mbe_sym_const(s, 1.0), two = mbe_sym_const(s, 2.0);
  for (size_t i = wrt; i < n; i++) {
    if (i == wrt) {
      d[i] = one;
      continue;
    }
    if (!need[i])
      continue;
    MbeSymNode nd = s->nodes[i];  // copy: the array may move as nodes are added
    MbeSymId a = nd.arg[0], b = nd.arg[1], c = nd.arg[2];
    MbeSymId da = d[a], db = d[b], dc = d[c];
    int arity = mbe_sym_op_arity((MbeSymOp)nd.op);
    if (arity == 0 || (da == 0 && (arity < 2 || db == 0) && (arity < 3 || dc == 0))) {
      continue;
    }
    // one node per statement, so that node numbers do not depend on the compiler's order of
    // evaluating arguments
    MbeSymId self = (MbeSymId)i, r = 0, u = 0, v = 0, q = 0;
    switch ((MbeSymOp)nd.op) {
      case MBE_SYM_ADD: r = mbe_sym_add(s, da, db); break;
      case MBE_SYM_SUB: r = mbe_sym_sub(s, da, db); break;
      case MBE_SYM_NEG: r = mbe_sym_neg(s, da); break;
      case MBE_SYM_MUL:
      case MBE_SYM_FMA:  // da b + a db (+ dc)
        u = da ? mbe_sym_mul(s, da, b) : 0;
        v = db ? mbe_sym_mul(s, a, db) : 0;
        r = mbe_sym_add(s, u, v);
        if (nd.op == MBE_SYM_FMA) {
          r = mbe_sym_add(s, r, dc);
        }
        break;
      case MBE_SYM_DIV:  // (da - (a/b) db) / b
        v = db ? mbe_sym_mul(s, self, db) : 0;
        u = mbe_sym_sub(s, da, v);
        r = mbe_sym_div(s, u, b);
        break;
      case MBE_SYM_SQRT:
        u = mbe_sym_mul(s, two, self);
        r = mbe_sym_div(s, da, u);
        break;
      case MBE_SYM_ABS:
        u = mbe_sym_neg(s, da);
        r = mbe_sym_op(s, MBE_SYM_SELECT, a, da, u);
        break;
      case MBE_SYM_SIN:
        u = mbe_sym_fn(s, MBE_SYM_COS, a);
        r = mbe_sym_mul(s, u, da);
        break;
      case MBE_SYM_COS:
        u = mbe_sym_fn(s, MBE_SYM_SIN, a);
        v = mbe_sym_mul(s, u, da);
        r = mbe_sym_neg(s, v);
        break;
      case MBE_SYM_TAN:  // (1 + tan^2) da
        u = mbe_sym_mul(s, self, self);
        v = mbe_sym_add(s, one, u);
        r = mbe_sym_mul(s, v, da);
        break;
      case MBE_SYM_ASIN:
      case MBE_SYM_ACOS:  // +-da / sqrt(1 - a^2)
        u = mbe_sym_mul(s, a, a);
        v = mbe_sym_sub(s, one, u);
        q = mbe_sym_fn(s, MBE_SYM_SQRT, v);
        r = mbe_sym_div(s, da, q);
        if (nd.op == MBE_SYM_ACOS) {
          r = mbe_sym_neg(s, r);
        }
        break;
      case MBE_SYM_ATAN:
        u = mbe_sym_mul(s, a, a);
        v = mbe_sym_add(s, one, u);
        r = mbe_sym_div(s, da, v);
        break;
      case MBE_SYM_ATAN2:  // atan2(y, x): (x dy - y dx) / (x^2 + y^2)
        u = da ? mbe_sym_mul(s, b, da) : 0;
        v = db ? mbe_sym_mul(s, a, db) : 0;
        q = mbe_sym_sub(s, u, v);
        u = mbe_sym_mul(s, a, a);
        v = mbe_sym_mul(s, b, b);
        v = mbe_sym_add(s, u, v);
        r = mbe_sym_div(s, q, v);
        break;
      case MBE_SYM_EXP: r = mbe_sym_mul(s, self, da); break;
      case MBE_SYM_SINH:
      case MBE_SYM_COSH:  // cosh a da, sinh a da
        u = mbe_sym_fn(s, nd.op == MBE_SYM_SINH ? MBE_SYM_COSH : MBE_SYM_SINH, a);
        r = mbe_sym_mul(s, u, da);
        break;
      case MBE_SYM_TANH:  // (1 - tanh^2) da
        u = mbe_sym_mul(s, self, self);
        v = mbe_sym_sub(s, one, u);
        r = mbe_sym_mul(s, v, da);
        break;
      case MBE_SYM_POW:  // a^b (b da / a + db log a)
        u = da ? mbe_sym_mul(s, b, da) : 0;
        u = da ? mbe_sym_div(s, u, a) : 0;
        v = db ? mbe_sym_fn(s, MBE_SYM_LOG, a) : 0;
        v = db ? mbe_sym_mul(s, db, v) : 0;
        q = mbe_sym_add(s, u, v);
        r = mbe_sym_mul(s, self, q);
        break;
      case MBE_SYM_LOG: r = mbe_sym_div(s, da, a); break;
      case MBE_SYM_MIN:  // a < b ? da : db
        u = mbe_sym_sub(s, b, a);
        r = mbe_sym_op(s, MBE_SYM_SELECT, u, da, db);
        break;
      case MBE_SYM_MAX:  // a > b ? da : db
        u = mbe_sym_sub(s, a, b);
        r = mbe_sym_op(s, MBE_SYM_SELECT, u, da, db);
        break;
      case MBE_SYM_SELECT: r = mbe_sym_op(s, MBE_SYM_SELECT, a, db, dc); break;
      default: break;
    }
    d[i] = r;
  }
  *out = d[f];
  mbe_free(d), mbe_free(need);
  if (s->is_oom) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory differentiating");
  }
  return MBE_OK;
}

// ---- the interpreter ----------------------------------------------------------------------

// the value of node nd, its operands' already in values
static double node_value(const MbeSymNode* nd, double t, const double* x, const double* p,
                         const double* values) {
  switch ((MbeSymOp)nd->op) {
    case MBE_SYM_CONST: return nd->value;
    case MBE_SYM_TIME: return t;
    case MBE_SYM_STATE: return x[nd->index];
    case MBE_SYM_PARAM: return p[nd->index];
    default:
      return mbe_sym_apply(nd->op, values[nd->arg[0]], values[nd->arg[1]], values[nd->arg[2]]);
  }
}

void mbe_sym_eval(const MbeSym* s, double t, const double* x, const double* p, double* values,
                  size_t n) {
  for (size_t i = 0; i < n && i < s->nnodes; i++) {
    values[i] = node_value(&s->nodes[i], t, x, p, values);
  }
}

void mbe_sym_eval_nodes(const MbeSym* s, double t, const double* x, const double* p,
                        const MbeSymId* ids, size_t n, double* out, bool* oom) {
  size_t top;
  unsigned char* need = reachable(s, ids, n, &top);
  double* values = mbe_malloc((top + 1) * sizeof *values);
  if (!need || !values) {
    mbe_free(need), mbe_free(values);
    *oom = true;
    return;
  }
  for (size_t i = 0; i <= top; i++) {
    if (need[i]) {
      values[i] = node_value(&s->nodes[i], t, x, p, values);
    }
  }
  for (size_t k = 0; k < n; k++) {
    out[k] = values[ids[k]];
  }
  mbe_free(need);
  mbe_free(values);
}
