// SPDX-License-Identifier: Apache-2.0
// Loops over repeating regions: where consecutive groups of regions of the DAG (one edge's step
// of a pass after another, sym.h) perform the same operations in the same order, the function
// computes them in one loop whose body is the first group's operations; an operand that comes
// from another node in each group is read through a table indexed by the trip (a state's, a
// parameter's or a mode's index, a literal, or a slot of sv[] where the value was stored). The
// operations and their order per group are those of the straight-line code, so the results are
// the same bits; only the text's size stops growing with the mechanism's.
#include <stdio.h>
#include <string.h>

#include "codegen_internal.h"

enum {
  PERIOD_MAX = 16,  // the most regions a group may span (a link of a chain: its joint's edges
                    // and its body's rigid offsets)
  TRIPS_MIN = 2,
};

// how an operand outside its group is read
typedef enum Kind { K_CONST, K_TIME, K_STATE, K_PARAM, K_MODE, K_VALUE } Kind;

static Kind kind(const Emit* em, MbeSymId id) {
  switch ((MbeSymOp)em->s->nodes[id].op) {
    case MBE_SYM_CONST: return K_CONST;
    case MBE_SYM_TIME: return K_TIME;
    case MBE_SYM_STATE: return K_STATE;
    case MBE_SYM_PARAM: return K_PARAM;
    default: break;
  }
  if (em->ev[id] >= 0)
    return K_MODE;
  return em->slot[id] >= 0 ? K_PARAM : K_VALUE;
}

// the regions (instances) among the computed nodes, in node order
typedef struct Regions {
  MbeSymId* list;    // the computed nodes that belong to a region, in node order
  int32_t* first;    // (n) each instance's first entry in list
  int32_t* len;      // (n) its nodes
  uint32_t* family;  // (n)
  size_t n;
  int32_t* inst;  // (nnodes) a node's instance, else -1
  int32_t* ipos;  // (nnodes) its position in its instance
} Regions;

static void regions_free(Regions* r) {
  mbe_free(r->list), mbe_free(r->first), mbe_free(r->len), mbe_free(r->family);
  mbe_free(r->inst), mbe_free(r->ipos);
}

static bool regions_find(const Emit* em, Regions* r) {
  const MbeSym* s = em->s;
  size_t nn = s->nnodes;
  memset(r, 0, sizeof *r);
  r->list = mbe_malloc((nn + 1) * sizeof *r->list);
  r->first = mbe_malloc((nn + 1) * sizeof *r->first);
  r->len = mbe_malloc((nn + 1) * sizeof *r->len);
  r->family = mbe_malloc((nn + 1) * sizeof *r->family);
  r->inst = mbe_malloc((nn + 1) * sizeof *r->inst);
  r->ipos = mbe_malloc((nn + 1) * sizeof *r->ipos);
  if (!r->list || !r->first || !r->len || !r->family || !r->inst || !r->ipos)
    return false;
  size_t nl = 0;
  uint32_t cur = 0;
  for (size_t i = 0; i < nn; i++) {
    r->inst[i] = -1;
    uint32_t reg = s->nodes[i].region;
    if (reg == 0 || !mbe_cg_computed_here(em, i))
      continue;
    if (reg != cur || r->n == 0) {  // a region's new nodes are consecutive in node order
      r->first[r->n] = (int32_t)nl;
      r->len[r->n] = 0;
      r->family[r->n] = s->region_family[reg];
      r->n++;
      cur = reg;
    }
    r->inst[i] = (int32_t)(r->n - 1);
    r->ipos[i] = r->len[r->n - 1]++;
    r->list[nl++] = (MbeSymId)i;
  }
  return true;
}

// the position of node x in the group of p instances from instance a (goff: the instances'
// offsets in the group), -1 outside it
static int32_t group_pos(const Regions* r, MbeSymId x, size_t a, int p, const int32_t* goff) {
  int32_t k = r->inst[x];
  if (k < (int32_t)a || k >= (int32_t)a + p)
    return -1;
  return goff[k - (int32_t)a] + r->ipos[x];
}

// whether the groups of p instances from a and from b perform the same operations on operands
// from the same positions of their groups or of the same kinds outside them (neither holding an
// instance kept out of loops: em->noloop)
static bool same_group(const Emit* em, const Regions* r, size_t a, size_t b, int p) {
  int32_t goff[PERIOD_MAX + 1];
  goff[0] = 0;
  for (int t = 0; t < p; t++) {
    if (r->family[a + t] != r->family[b + t] || r->len[a + t] != r->len[b + t] ||
        em->noloop[r->list[r->first[a + t]]] || em->noloop[r->list[r->first[b + t]]])
      return false;
    goff[t + 1] = goff[t] + r->len[a + t];
  }
  const MbeSymNode* nodes = em->s->nodes;
  for (int t = 0; t < p; t++) {
    for (int32_t q = 0; q < r->len[a + t]; q++) {
      const MbeSymNode* x = &nodes[r->list[r->first[a + t] + q]];
      const MbeSymNode* y = &nodes[r->list[r->first[b + t] + q]];
      if (x->op != y->op)
        return false;
      for (int j = 0; j < mbe_sym_op_arity((MbeSymOp)x->op); j++) {
        int32_t ga = group_pos(r, x->arg[j], a, p, goff);
        int32_t gb = group_pos(r, y->arg[j], b, p, goff);
        if (ga != gb || (ga < 0 && kind(em, x->arg[j]) != kind(em, y->arg[j])))
          return false;
      }
    }
  }
  return true;
}

// the nodes of instances [a, a + p) in order
static int32_t group_size(const Regions* r, size_t a, int p) {
  int32_t m = 0;
  for (int t = 0; t < p; t++)
    m += r->len[a + t];
  return m;
}

// How many groups of p instances from a can be one loop: the groups that repeat the first, cut
// before the first group that reads (outside the loop) a value computed from an earlier group:
// that value would have to be computed between two trips. dep: scratch of nnodes zero bytes,
// left zero.
static int32_t loop_trips(const Emit* em, const Regions* r, size_t a, int p, int32_t count,
                          unsigned char* dep) {
  const MbeSym* s = em->s;
  size_t end = a + (size_t)count * (size_t)p;
  MbeSymId lo = r->list[r->first[a]];
  MbeSymId hi = r->list[r->first[end - 1] + r->len[end - 1] - 1];
  int32_t ok = count;
  for (MbeSymId i = lo; i <= hi && ok == count; i++) {
    if (!mbe_cg_computed_here(em, i))
      continue;
    int32_t k = r->inst[i];
    bool in_run = k >= (int32_t)a && k < (int32_t)end;
    for (int j = 0; j < mbe_sym_op_arity((MbeSymOp)s->nodes[i].op); j++) {
      MbeSymId x = s->nodes[i].arg[j];
      int32_t kx = r->inst[x];
      bool x_in_run = kx >= (int32_t)a && kx < (int32_t)end;
      if (in_run && !x_in_run && dep[x]) {
        ok = (k - (int32_t)a) / p;  // this group needs a value that needs an earlier one
        break;
      }
      if (!in_run && (x_in_run || dep[x]))
        dep[i] = 1;
    }
  }
  for (MbeSymId i = lo; i <= hi; i++)
    dep[i] = 0;
  return ok;
}

// the best loop from instance a: the period covering the most nodes (the shortest of equals);
// *p_out and the trips, 0 when no loop starts there
static int32_t best_loop(const Emit* em, const Regions* r, size_t a, int* p_out,
                         unsigned char* dep) {
  int32_t best = 0;
  size_t best_cover = 0;
  for (int p = 1; p <= PERIOD_MAX && a + 2 * (size_t)p <= r->n; p++) {
    int32_t count = 1;
    while (a + (size_t)(count + 1) * p <= r->n && same_group(em, r, a, a + (size_t)count * p, p))
      count++;
    if (count < TRIPS_MIN)
      continue;
    count = loop_trips(em, r, a, p, count, dep);
    size_t cover = (size_t)count * (size_t)group_size(r, a, p);
    if (count >= TRIPS_MIN && cover > best_cover) {
      best = count, best_cover = cover, *p_out = p;
    }
  }
  return best;
}

// q + 1 where operand j of operation i is operation q of the group before in every group but
// the first, else 0
static int32_t carried_from(const Emit* em, const CgRun* run, int32_t r, int32_t i, int j) {
  int32_t q = -1;
  for (int32_t g = 1; g < run->count; g++) {
    MbeSymId x = em->s->nodes[run->nodes[(size_t)g * run->m + i]].arg[j];
    if (em->loop[x] != r || em->lgrp[x] != g - 1 || (q >= 0 && em->lpos[x] != q))
      return 0;
    q = em->lpos[x];
  }
  return q + 1;
}

static bool add_run(Emit* em, const Regions* r, size_t a, int p, int32_t count) {
  if (em->nruns % 16 == 0) {
    CgRun* runs = mbe_realloc(em->runs, (em->nruns + 16) * sizeof *runs);
    if (runs == NULL)
      return false;
    em->runs = runs;
  }
  int32_t m = group_size(r, a, p);
  CgRun* run = &em->runs[em->nruns];
  *run = (CgRun){count,
                 m,
                 mbe_malloc((size_t)count * m * sizeof(MbeSymId)),
                 mbe_calloc((size_t)m * 3 + 1, 1),
                 mbe_calloc((size_t)m * 3 + 1, sizeof(int32_t))};
  if (run->nodes == NULL || run->varies == NULL || run->carry == NULL) {
    mbe_free(run->nodes), mbe_free(run->varies), mbe_free(run->carry);
    return false;
  }
  for (int32_t g = 0; g < count; g++) {
    int32_t i = 0;
    for (int t = 0; t < p; t++) {
      size_t k = a + (size_t)g * p + t;
      for (int32_t q = 0; q < r->len[k]; q++, i++) {
        MbeSymId id = r->list[r->first[k] + q];
        run->nodes[(size_t)g * m + i] = id;
        em->loop[id] = (int32_t)em->nruns;
        em->lpos[id] = i;
        em->lgrp[id] = g;
      }
    }
  }
  const MbeSymNode* nodes = em->s->nodes;
  for (int32_t i = 0; i < m; i++) {
    const MbeSymNode* first = &nodes[run->nodes[i]];
    for (int j = 0; j < mbe_sym_op_arity((MbeSymOp)first->op); j++) {
      for (int32_t g = 1; g < count; g++) {
        MbeSymId x = nodes[run->nodes[(size_t)g * m + i]].arg[j];
        bool own = em->loop[x] == (int32_t)em->nruns && em->lgrp[x] == g;
        run->varies[i * 3 + j] |= !own && x != first->arg[j];
      }
      if (run->varies[i * 3 + j])
        run->carry[i * 3 + j] = carried_from(em, run, (int32_t)em->nruns, i, j);
    }
  }
  em->nruns++;
  return true;
}

// a binary heap of items keyed by their first node
typedef struct Heap {
  int64_t* key;
  int32_t* item;
  size_t n;
} Heap;

static void heap_push(Heap* h, int32_t item, int64_t key) {
  size_t i = h->n++;
  while (i > 0 && h->key[(i - 1) / 2] > key) {
    h->key[i] = h->key[(i - 1) / 2], h->item[i] = h->item[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  h->key[i] = key, h->item[i] = item;
}

static int32_t heap_pop(Heap* h) {
  int32_t top = h->item[0];
  int64_t key = h->key[--h->n];
  int32_t item = h->item[h->n];
  size_t i = 0;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= h->n)
      break;
    if (c + 1 < h->n && h->key[c + 1] < h->key[c])
      c++;
    if (h->key[c] >= key)
      break;
    h->key[i] = h->key[c], h->item[i] = h->item[c];
    i = c;
  }
  if (h->n > 0)
    h->key[i] = key, h->item[i] = item;
  return top;
}

// item of a computed node: its loop (0 .. nruns), else nruns + its id
static int32_t item_of(const Emit* em, MbeSymId id) {
  return em->loop[id] >= 0 ? em->loop[id] : (int32_t)(em->nruns + id);
}

// The written order: operations and whole loops, each after what it reads, the earliest first
// node first (node order where nothing moves). Returns 0, 1 on a cycle (two loops each reading
// the other), -1 when out of memory.
static int order_items(Emit* em) {
  const MbeSym* s = em->s;
  size_t nn = s->nnodes, ni = em->nruns + nn;
  int32_t* indeg = mbe_calloc(ni + 1, sizeof *indeg);
  int32_t* start = mbe_calloc(ni + 2, sizeof *start);
  int32_t* adj = mbe_malloc((3 * nn + 1) * sizeof *adj);
  Heap h = {mbe_malloc((ni + 1) * sizeof(int64_t)), mbe_malloc((ni + 1) * sizeof(int32_t)), 0};
  em->order = mbe_malloc((ni + 1) * sizeof *em->order);
  int rc = -1;
  if (!indeg || !start || !adj || !h.key || !h.item || !em->order)
    goto done;
  for (int pass = 0; pass < 2; pass++) {  // count the edges, then place them
    for (size_t i = 0; i < nn; i++) {
      if (!mbe_cg_computed_here(em, i))
        continue;
      int32_t to = item_of(em, (MbeSymId)i);
      for (int j = 0; j < mbe_sym_op_arity((MbeSymOp)s->nodes[i].op); j++) {
        MbeSymId x = s->nodes[i].arg[j];
        int32_t from = mbe_cg_computed_here(em, x) ? item_of(em, x) : to;
        if (from == to)
          continue;
        if (pass == 0)
          start[from + 1]++, indeg[to]++;
        else
          adj[start[from]++] = to;
      }
    }
    for (size_t k = 0; pass == 0 && k < ni; k++)
      start[k + 1] += start[k];
  }
  for (size_t k = ni; k > 0; k--)  // start[] moved one item on while placing: back
    start[k] = start[k - 1];
  start[0] = 0;
  size_t nitems = 0;
  for (size_t k = 0; k < ni; k++) {
    bool live = k < em->nruns || mbe_cg_computed_here(em, k - em->nruns);
    if (k >= em->nruns && em->loop[k - em->nruns] >= 0)
      live = false;
    nitems += live;
    if (live && indeg[k] == 0)
      heap_push(&h, (int32_t)k, k < em->nruns ? em->runs[k].nodes[0] : (int64_t)(k - em->nruns));
  }
  em->norder = 0;
  while (h.n > 0) {
    int32_t it = heap_pop(&h);
    em->order[em->norder++] = it < (int32_t)em->nruns ? -(int64_t)it - 1 : it - (int32_t)em->nruns;
    for (int32_t e = start[it]; e < start[it + 1]; e++) {
      int32_t to = adj[e];
      if (--indeg[to] == 0)
        heap_push(
            &h, to,
            to < (int32_t)em->nruns ? em->runs[to].nodes[0] : (int64_t)(to - (int32_t)em->nruns));
    }
  }
  rc = em->norder == nitems ? 0 : 1;
done:
  mbe_free(indeg), mbe_free(start), mbe_free(adj), mbe_free(h.key), mbe_free(h.item);
  return rc;
}

void mbe_cg_clear_loops(Emit* em) {
  for (size_t r = 0; r < em->nruns; r++)
    mbe_free(em->runs[r].nodes), mbe_free(em->runs[r].varies), mbe_free(em->runs[r].carry);
  mbe_free(em->runs), mbe_free(em->order);
  em->runs = NULL, em->order = NULL;
  em->nruns = em->norder = 0;
  for (size_t i = 0; em->loop && i < em->s->nnodes; i++)
    em->loop[i] = -1;
}

// the loops wanted for the marked function: not below the size where they pay (AUTO)
static bool wants_loops(const Emit* em) {
  if (em->loops == MBE_CODEGEN_LOOPS_NEVER || em->in_prep)
    return false;
  if (em->loops == MBE_CODEGEN_LOOPS_ALWAYS)
    return true;
  size_t n = 0;
  for (size_t i = 0; i < em->s->nnodes; i++)
    n += mbe_cg_computed_here(em, i);
  return n > MBE_CODEGEN_LOOPS_FROM;
}

static bool find_runs(Emit* em) {
  Regions r;
  memset(&r, 0, sizeof r);
  unsigned char* dep = mbe_calloc(em->s->nnodes + 1, 1);
  bool ok = dep != NULL && regions_find(em, &r);
  for (size_t a = 0; ok && a < r.n;) {
    int p = 0;
    int32_t count = best_loop(em, &r, a, &p, dep);
    if (count == 0) {
      a++;
      continue;
    }
    ok = add_run(em, &r, a, p, count);
    a += (size_t)count * (size_t)p;
  }
  regions_free(&r);
  mbe_free(dep);
  return ok;
}

bool mbe_cg_plan_loops(Emit* em) {
  mbe_cg_clear_loops(em);
  if (wants_loops(em) && !find_runs(em))
    return false;
  int rc = order_items(em);
  if (rc == 1) {  // loops that would each have to come first: written straight-line
    mbe_cg_clear_loops(em);
    rc = order_items(em);
  }
  return rc == 0;
}

bool mbe_cg_reads_outside(const CgRun* run, int32_t i, int j) {
  return run->varies[i * 3 + j] && run->carry[i * 3 + j] == 0;
}

bool mbe_cg_read_from_sv(const Emit* em, MbeSymId user, int j, MbeSymId x) {
  int32_t r = em->loop[user];
  if (r >= 0) {
    const CgRun* run = &em->runs[r];
    int32_t i = em->lpos[user];
    if (em->loop[x] == r && em->lgrp[x] == em->lgrp[user])
      return false;  // the trip's own value
    if (run->carry[i * 3 + j] != 0 && em->lgrp[user] > 0)
      return false;  // the trip before's, carried
    if (mbe_cg_reads_outside(run, i, j))
      return true;  // through a table
  }
  return em->loop[x] >= 0 || em->part[x] < em->part[user];
}

// ---- writing a loop ----------------------------------------------------------------------

// the tables of one loop written so far (equal ones are written once)
typedef struct Tables {
  MbeStrbuf* sb;
  const char* fn;
  size_t run;
  int32_t count;
  int32_t** ints;  // each int table's values
  size_t n;
} Tables;

// An index each trip computes, v[k] for trip k, into out: `a + b * k` where the values step
// evenly (a chain's states, parameters and slots mostly do), else the table's read (the table
// written when new). Takes v.
// Whether v[from .. to) steps evenly by period P (1 or 2): v[g] = a[g % P] + step * (g / P)
static bool steps_evenly(const int32_t* v, int32_t from, int32_t to, int P, int32_t* a,
                         int32_t* step) {
  *step = to - from > P ? v[from + P] - v[from] : 0;
  for (int32_t g = from; g < to && g < from + P; g++)
    a[g % P] = v[g] - *step * (g / P);
  for (int32_t g = from; g < to; g++) {
    if (v[g] != a[g % P] + *step * (g / P))
      return false;
  }
  return true;
}

// the text of a[k % P] + step * (k / P)
static void linear_text(char* out, size_t n, int P, const int32_t* a, int32_t step) {
  char base[40], trip[24];
  if (P == 1 || a[0] == a[1])
    snprintf(base, sizeof base, "%d", a[0]);
  else
    snprintf(base, sizeof base, "(k & 1 ? %d : %d)", a[1], a[0]);
  snprintf(trip, sizeof trip, P == 1 ? "k" : "(k >> 1)");
  bool zero = strcmp(base, "0") == 0;
  if (step == 0)
    snprintf(out, n, "%s", base);
  else if (step == 1)
    snprintf(out, n, zero ? "%.0s%s" : "%s + %s", base, trip);
  else
    snprintf(out, n, zero ? "%.0s%d * %s" : "%s + %d * %s", base, step, trip);
}

// An index each trip computes, v[k] for trip k, into out: `a + b * k` where the values step
// evenly (a chain's states, parameters and slots mostly do), by twos where two sequences
// alternate (a pass over bodies reading a pass over links of two edges), with the first, the
// last or both trips apart (a chain's end links computed outside the loop); else the table's
// read (the table written when new). Takes v; out holds at least 160 bytes.
// the formula of index_text into out (n > 0), or false where the values need a table
static bool index_formula(const int32_t* v, int32_t c, char* out, size_t n) {
  int32_t a[2], step;
  char lin[80];
  for (int P = 1; P <= 2; P++) {
    if (steps_evenly(v, 0, c, P, a, &step)) {
      linear_text(out, n, P, a, step);
      return true;
    }
    if (c > 2 * P + 1 && steps_evenly(v, 1, c, P, a, &step)) {
      linear_text(lin, sizeof lin, P, a, step);
      snprintf(out, n, "(k == 0 ? %d : %s)", v[0], lin);
      return true;
    }
    if (c > 2 * P + 1 && steps_evenly(v, 0, c - 1, P, a, &step)) {
      linear_text(lin, sizeof lin, P, a, step);
      snprintf(out, n, "(k == %d ? %d : %s)", c - 1, v[c - 1], lin);
      return true;
    }
    if (c > 2 * P + 2 && steps_evenly(v, 1, c - 1, P, a, &step)) {
      linear_text(lin, sizeof lin, P, a, step);
      snprintf(out, n, "(k == 0 ? %d : k == %d ? %d : %s)", v[0], c - 1, v[c - 1], lin);
      return true;
    }
  }
  return false;
}

static void index_text(Tables* t, int32_t* v, char* out, size_t n) {
  if (index_formula(v, t->count, out, n)) {
    mbe_free(v);
    return;
  }
  size_t k = 0;
  while (k < t->n && !(t->ints[k] && memcmp(t->ints[k], v, (size_t)t->count * sizeof *v) == 0))
    k++;
  if (k < t->n) {
    mbe_free(v);
  } else {
    int32_t** ints = mbe_realloc(t->ints, (t->n + 1) * sizeof *ints);
    if (ints == NULL) {
      mbe_free(v);
      t->sb->is_oom = true;
      snprintf(out, n, "0");
      return;
    }
    t->ints = ints;
    t->ints[t->n++] = v;
    mbe_strbuf_printf(t->sb, "MBE_CONSTANT int %s_L%zu_%zu[%d] = {", t->fn, t->run, k, t->count);
    for (int32_t g = 0; g < t->count; g++)
      mbe_strbuf_printf(t->sb, g ? (g % 16 ? ", %d" : ",\n    %d") : "%d", v[g]);
    mbe_strbuf_puts(t->sb, "};\n");
  }
  snprintf(out, n, "%s_L%zu_%zu[k]", t->fn, t->run, k);
}

// a table of literals (named after the int tables' count, with an r)
static int real_table(Tables* t, const double* v) {
  int k = (int)t->n;
  int32_t** ints = mbe_realloc(t->ints, (t->n + 1) * sizeof *ints);
  if (ints == NULL) {
    t->sb->is_oom = true;
    return -1;
  }
  t->ints = ints;
  t->ints[t->n++] = NULL;
  mbe_strbuf_printf(t->sb, "MBE_CONSTANT mbe_real %s_L%zu_%d[%d] = {", t->fn, t->run, k, t->count);
  for (int32_t g = 0; g < t->count; g++) {
    mbe_strbuf_puts(t->sb, g ? (g % 4 ? ", " : ",\n    ") : "");
    mbe_cg_literal(t->sb, v[g]);
  }
  mbe_strbuf_puts(t->sb, "};\n");
  return k;
}

// the index operand j of operation i reads in each trip (a state's, a parameter's, a mode's or
// an sv[] slot) into v[count]
static void operand_indices(const Emit* em, const CgRun* run, int32_t i, int j, Kind kd,
                            int32_t* v) {
  const MbeSymNode* nodes = em->s->nodes;
  for (int32_t g = 0; g < run->count; g++) {
    MbeSymId x = nodes[run->nodes[(size_t)g * run->m + i]].arg[j];
    switch (kd) {
      case K_STATE: v[g] = nodes[x].index; break;
      case K_PARAM: v[g] = nodes[x].op == MBE_SYM_PARAM ? nodes[x].index : em->slot[x]; break;
      case K_MODE: v[g] = em->ev[x]; break;
      default: v[g] = em->spill[x]; break;
    }
  }
}

size_t mbe_cg_table_bytes(const Emit* em, size_t r) {
  const CgRun* run = &em->runs[r];
  int32_t* v = mbe_malloc((size_t)run->count * sizeof *v);
  size_t bytes = 0, rows = (size_t)run->count;
  char formula[160];
  for (int32_t i = 0; v != NULL && i < run->m; i++) {
    const MbeSymNode* n = &em->s->nodes[run->nodes[i]];
    for (int j = 0; j < mbe_sym_op_arity((MbeSymOp)n->op); j++) {
      if (!mbe_cg_reads_outside(run, i, j))
        continue;
      Kind kd = kind(em, n->arg[j]);
      if (kd == K_CONST) {
        bytes += rows * sizeof(double);
        continue;
      }
      operand_indices(em, run, i, j, kd, v);
      bytes += index_formula(v, run->count, formula, sizeof formula) ? 0 : rows * sizeof *v;
    }
    bool stored = false;
    for (int32_t g = 0; g < run->count; g++) {
      v[g] = em->spill[run->nodes[(size_t)g * run->m + i]];
      stored = stored || v[g] >= 0;
    }
    if (stored && !index_formula(v, run->count, formula, sizeof formula))
      bytes += rows * sizeof *v;
  }
  mbe_free(v);
  return v == NULL && run->count > 0 ? SIZE_MAX : bytes;
}

// What each trip reads for operand j of operation i into sb: an element of x, p, w or sv[] (at
// an index_text) or, for literals, of a table of them
static void operand_read(MbeStrbuf* sb, Tables* t, const Emit* em, const CgRun* run, int32_t i,
                         int j) {
  const MbeSymNode* nodes = em->s->nodes;
  Kind kd = kind(em, nodes[run->nodes[i]].arg[j]);
  if (kd == K_CONST) {
    double* v = mbe_malloc((size_t)run->count * sizeof *v);
    if (v == NULL) {
      sb->is_oom = true;
      return;
    }
    for (int32_t g = 0; g < run->count; g++)
      v[g] = nodes[nodes[run->nodes[(size_t)g * run->m + i]].arg[j]].value;
    int k = real_table(t, v);
    mbe_free(v);
    mbe_strbuf_printf(sb, "%s_L%zu_%d[k]", t->fn, t->run, k);
    return;
  }
  int32_t* v = mbe_malloc((size_t)run->count * sizeof *v);
  if (v == NULL) {
    sb->is_oom = true;
    return;
  }
  operand_indices(em, run, i, j, kd, v);
  char index[160];
  index_text(t, v, index, sizeof index);
  static const char* const ARRAY[] = {"", "", "x", "p", "w", "sv"};
  mbe_strbuf_printf(sb, "%s[%s]", ARRAY[kd], index);
}

typedef struct LoopCtx {
  const Emit* em;
  const CgRun* run;
  int32_t i;
  Tables* tables;
  void (*operand)(MbeStrbuf*, const Emit*, MbeSymId);
} LoopCtx;

static void loop_operand(MbeStrbuf* sb, const void* ctx_, int j) {
  const LoopCtx* c = ctx_;
  const Emit* em = c->em;
  MbeSymId x = em->s->nodes[c->run->nodes[c->i]].arg[j];
  if (em->loop[x] == em->loop[c->run->nodes[0]] && em->lgrp[x] == 0) {
    mbe_strbuf_printf(sb, "l%d", em->lpos[x]);  // this trip's own value
    return;
  }
  if (c->run->carry[c->i * 3 + j] != 0) {
    mbe_strbuf_printf(sb, "L%zu_c%d_%d", c->tables->run, c->i, j);  // the trip before's value
    return;
  }
  if (!c->run->varies[c->i * 3 + j]) {
    c->operand(sb, em, x);  // the same node in every trip
    return;
  }
  operand_read(sb, c->tables, em, c->run, c->i, j);
}

void mbe_cg_emit_loop(MbeStrbuf* sb, MbeStrbuf* tables, const Emit* em, size_t r, const char* fn,
                      void (*operand)(MbeStrbuf*, const Emit*, MbeSymId)) {
  const CgRun* run = &em->runs[r];
  Tables t = {tables, fn, r, run->count, NULL, 0};
  for (int32_t q = 0; q < run->m * 3; q++) {
    if (run->carry[q] != 0) {  // the first trip's from outside the loop
      mbe_strbuf_printf(sb, "  mbe_real L%zu_c%d_%d = ", r, q / 3, q % 3);
      operand(sb, em, em->s->nodes[run->nodes[q / 3]].arg[q % 3]);
      mbe_strbuf_puts(sb, ";\n");
    }
  }
  mbe_strbuf_printf(sb, "  for (int k = 0; k < %d; k++) {  // %d groups of %d operations\n",
                    run->count, run->count, run->m);
  for (int32_t i = 0; i < run->m; i++) {
    LoopCtx c = {em, run, i, &t, operand};
    mbe_strbuf_printf(sb, "    const mbe_real l%d = ", i);
    mbe_cg_write_expr(sb, em, run->nodes[i], loop_operand, &c);
    mbe_strbuf_puts(sb, ";\n");
    bool stored = false;
    for (int32_t g = 0; g < run->count && !stored; g++)
      stored = em->spill[run->nodes[(size_t)g * run->m + i]] >= 0;
    if (!stored)
      continue;
    int32_t* v = mbe_malloc((size_t)run->count * sizeof *v);
    if (v == NULL) {
      sb->is_oom = true;
      break;
    }
    for (int32_t g = 0; g < run->count; g++)
      v[g] = em->spill[run->nodes[(size_t)g * run->m + i]];
    char index[160];
    index_text(&t, v, index, sizeof index);
    mbe_strbuf_printf(sb, "    sv[%s] = l%d;\n", index, i);
  }
  for (int32_t q = 0; q < run->m * 3; q++) {
    if (run->carry[q] != 0)
      mbe_strbuf_printf(sb, "    L%zu_c%d_%d = l%d;\n", r, q / 3, q % 3, run->carry[q] - 1);
  }
  mbe_strbuf_puts(sb, "  }\n");
  for (size_t k = 0; k < t.n; k++)
    mbe_free(t.ints[k]);
  mbe_free(t.ints);
}
