// SPDX-License-Identifier: Apache-2.0
// Emission of a DAG as straight-line code: one SSA temporary per node that an output uses,
// written in node order, so the text depends on nothing but the DAG and the output lists.
#include <math.h>
#include <stdio.h>
#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "codegen_internal.h"

void mbe_cg_literal(MbeStrbuf* sb, double v) {
  char buf[40];
  snprintf(buf, sizeof buf, "%.17g", v);
  if (!strpbrk(buf, ".e")) {
    strcat(buf, ".0");
  }
  mbe_strbuf_printf(sb, "MBE_R(%s)", buf);
}

// A function with more temporaries than this is written as parts of this many (the last part
// inline in the function): compilers' register allocation grows faster than linearly with the
// length of straight-line code (GCC 12 -O2: 1.7 s for 6,800 temporaries, 12 s for 28,000), while
// parts keep their work linear. The values a later part reads pass through an array, sv[].
enum { MBE_CODEGEN_PART = 2000 };

static void operand(MbeStrbuf* sb, const Emit* em, MbeSymId id) {
  const MbeSymNode* n = &em->s->nodes[id];
  switch ((MbeSymOp)n->op) {
    case MBE_SYM_CONST: mbe_cg_literal(sb, n->value); break;
    case MBE_SYM_TIME: mbe_strbuf_puts(sb, "t"); break;
    case MBE_SYM_STATE: mbe_strbuf_printf(sb, "x[%d]", n->index); break;
    case MBE_SYM_PARAM: mbe_strbuf_printf(sb, "p[%d]", n->index); break;
    default:
      if (em->ev[id] >= 0) {
        mbe_strbuf_printf(sb, "w[%d]", em->ev[id]);  // the mode, held between events
      } else if (em->slot[id] >= 0 && !em->in_prep) {
        mbe_strbuf_printf(sb, "p[%d]", em->slot[id]);
      } else if (!em->in_prep && em->loop[id] >= 0) {
        mbe_strbuf_printf(sb, "sv[%d]", em->spill[id]);  // stored by its loop
      } else if (!em->in_prep && em->spill[id] >= 0 && em->part[id] < em->cur_part) {
        mbe_strbuf_printf(sb, "sv[%d]", em->spill[id]);  // an earlier part's value
      } else {
        mbe_strbuf_printf(sb, "t%u", id);
      }
  }
}

// whether nodes a and b are written in the same function or part (emit_body, emit_part_nodes,
// emit_prep write the same selections)
static bool written_together(const Emit* em, MbeSymId a, MbeSymId b) {
  if (em->in_prep) {
    return em->used[a] && em->used[b];
  }
  return mbe_cg_computed_here(em, a) && mbe_cg_computed_here(em, b) && em->part[a] == em->part[b] &&
         em->loop[a] < 0 && em->loop[b] < 0;
}

// sin x and cos x of one x written together share one argument reduction: the first of the
// two (in node order) calls mbe_sincos (bitwise equal to mbe_sin and mbe_cos), the second reads
// it. Returns false for a node that is not such a pair.
static bool emit_trig_pair(MbeStrbuf* sb, const Emit* em, MbeSymId id) {
  const MbeSymNode* n = &em->s->nodes[id];
  int32_t other = em->trig_pair[id];
  if (other < 0 || !written_together(em, id, (MbeSymId)other)) {
    return false;
  }
  const char* part = n->op == MBE_SYM_SIN ? "s" : "c";
  if ((MbeSymId)other > id) {
    mbe_strbuf_printf(sb, "  const MbeSinCos sc%u = mbe_sincos(", id);
    operand(sb, em, n->arg[0]);
    mbe_strbuf_printf(sb, ");\n  const mbe_real t%u = sc%u.%s;\n", id, id, part);
  } else {
    mbe_strbuf_printf(sb, "  const mbe_real t%u = sc%d.%s;\n", id, other, part);
  }
  return true;
}

void mbe_cg_write_expr(MbeStrbuf* sb, const Emit* em, MbeSymId id,
                       void (*arg)(MbeStrbuf* sb, const void* ctx, int j), const void* ctx) {
  MbeSymOp op = (MbeSymOp)em->s->nodes[id].op;
  switch (op) {
    case MBE_SYM_ADD:
    case MBE_SYM_SUB:
    case MBE_SYM_MUL:
    case MBE_SYM_DIV:
      arg(sb, ctx, 0);
      mbe_strbuf_printf(sb, " %s ", mbe_sym_op_str(op));
      arg(sb, ctx, 1);
      break;
    case MBE_SYM_NEG:
      mbe_strbuf_puts(sb, "-");
      arg(sb, ctx, 0);
      break;
    case MBE_SYM_SELECT:
      mbe_strbuf_puts(sb, "(");
      arg(sb, ctx, 0);
      mbe_strbuf_puts(sb, " > MBE_R(0.0)) ? ");
      arg(sb, ctx, 1);
      mbe_strbuf_puts(sb, " : ");
      arg(sb, ctx, 2);
      break;
    case MBE_SYM_EVENT:  // a member constant: the relation itself
      mbe_strbuf_puts(sb, "(");
      arg(sb, ctx, 0);
      mbe_strbuf_puts(sb, " > MBE_R(0.0)) ? MBE_R(1.0) : MBE_R(0.0)");
      break;
    default: {
      // functions: the kernels' mbe_ versions (mbe_fma, mbe_sqrt, mbe_sin, ..., mbe_fmin)
      mbe_strbuf_printf(sb, "mbe_%s(", mbe_sym_op_str(op));
      int arity = mbe_sym_op_arity(op);
      for (int k = 0; k < arity; k++) {
        if (k) {
          mbe_strbuf_puts(sb, ", ");
        }
        arg(sb, ctx, k);
      }
      mbe_strbuf_puts(sb, ")");
    }
  }
}

typedef struct NodeCtx {
  const Emit* em;
  MbeSymId id;
} NodeCtx;

static void node_operand(MbeStrbuf* sb, const void* ctx_, int j) {
  const NodeCtx* c = ctx_;
  operand(sb, c->em, c->em->s->nodes[c->id].arg[j]);
}

static void emit_node(MbeStrbuf* sb, const Emit* em, MbeSymId id) {
  MbeSymOp op = (MbeSymOp)em->s->nodes[id].op;
  if ((op == MBE_SYM_SIN || op == MBE_SYM_COS) && emit_trig_pair(sb, em, id)) {
    return;
  }
  mbe_strbuf_printf(sb, "  const mbe_real t%u = ", id);
  NodeCtx c = {em, id};
  mbe_cg_write_expr(sb, em, id, node_operand, &c);
  mbe_strbuf_puts(sb, ";\n");
}

// marks what roots need, stopping at nodes mbe_prep already stored (stop_at_slots)
static void mark_from(const Emit* em, const MbeSymId* roots, size_t n, bool stop_at_slots) {
  const MbeSym* s = em->s;
  size_t hi = 0;
  for (size_t i = 0; i < n; i++) {
    em->used[roots[i]] = 1;
    hi = roots[i] + 1 > hi ? roots[i] + 1 : hi;
  }
  for (size_t i = hi; i-- > 0;) {
    if (!em->used[i] || (stop_at_slots && em->slot[i] >= 0) ||
        (em->ev[i] >= 0 && !em->into_events)) {
      continue;
    }
    int arity = mbe_sym_op_arity((MbeSymOp)s->nodes[i].op);
    for (int k = 0; k < arity; k++) {
      em->used[s->nodes[i].arg[k]] = 1;
    }
  }
}

bool mbe_cg_computed_here(const Emit* em, size_t i) {
  return em->used[i] && em->slot[i] < 0 && em->ev[i] < 0 &&
         mbe_sym_op_arity((MbeSymOp)em->s->nodes[i].op) > 0;
}

// the operations an item stands for in the text: one for an operation, its body for a loop
static size_t item_weight(const Emit* em, int64_t item) {
  return item >= 0 ? 1 : (size_t)em->runs[-item - 1].m;
}

// each computed node's part: that of its item, the items cut into parts of MBE_CODEGEN_PART
// operations of text in the written order (all in part 0 when nparts is 0)
static void assign_parts(Emit* em, int nparts) {
  size_t w = 0;
  for (size_t k = 0; k < em->norder; k++) {
    int64_t item = em->order[k];
    int part = (int)(w / MBE_CODEGEN_PART);
    part = part < nparts ? part : nparts;
    if (item >= 0) {
      em->part[item] = part;
    } else {
      const CgRun* run = &em->runs[-item - 1];
      for (size_t i = 0; i < (size_t)run->count * (size_t)run->m; i++)
        em->part[run->nodes[i]] = part;
    }
    w += item_weight(em, item);
  }
}

// the last item (in the written order) that reads each value from sv[] into last
static void last_reads(const Emit* em, int32_t* last) {
  const MbeSym* s = em->s;
  for (size_t k = 0; k < em->norder; k++) {
    int64_t item = em->order[k];
    const CgRun* run = item < 0 ? &em->runs[-item - 1] : NULL;
    size_t n = run ? (size_t)run->count * (size_t)run->m : 1;
    for (size_t q = 0; q < n; q++) {
      MbeSymId u = run ? run->nodes[q] : (MbeSymId)item;
      for (int a = 0; a < mbe_sym_op_arity((MbeSymOp)s->nodes[u].op); a++) {
        MbeSymId x = s->nodes[u].arg[a];
        if (em->spill[x] >= 0 && mbe_cg_read_from_sv(em, u, a, x))
          last[x] = (int32_t)k;
      }
    }
  }
}

// Slots of sv[] for the values marked in em->spill (>= 0), in the written order: a value's slot
// is free again after the last item that reads it, a root's never. A loop stores each of its
// operations' values (every trip's, where some trip's is read) in a block of new consecutive
// slots, so that its trips find them at `base + k`, and the slots it frees serve only later items
// (its trips read and store in any order). Returns the size of sv[].
static size_t reuse_slots(Emit* em, const MbeSymId* roots, size_t nroots) {
  size_t nn = em->s->nnodes, size = 0;
  int32_t* last = mbe_malloc((nn + 1) * sizeof *last);
  int32_t* free_slots = mbe_malloc((nn + 1) * sizeof *free_slots);
  size_t nfree = 0;
  if (last == NULL || free_slots == NULL) {  // one slot each
    for (size_t i = 0; i < nn; i++)
      em->spill[i] = em->spill[i] >= 0 ? (int32_t)size++ : -1;
    mbe_free(last), mbe_free(free_slots);
    return size;
  }
  for (size_t i = 0; i < nn; i++)
    last[i] = -1;
  last_reads(em, last);
  for (size_t i = 0; i <= nroots; i++)  // roots: read by the function's own stores, at its end
    last[i < nroots ? roots[i] : em->extra_root] = INT32_MAX;
  // the values each item defines, then those it reads for the last time: its nodes in order
  for (size_t k = 0; k < em->norder; k++) {
    int64_t item = em->order[k];
    const CgRun* run = item < 0 ? &em->runs[-item - 1] : NULL;
    size_t n = run ? (size_t)run->count * (size_t)run->m : 1;
    if (run == NULL && em->spill[item] >= 0)
      em->spill[item] = nfree > 0 ? free_slots[--nfree] : (int32_t)size++;
    for (int32_t i = 0; run != NULL && i < run->m; i++) {  // a block of consecutive slots
      bool stored = false;
      for (int32_t g = 0; g < run->count && !stored; g++)
        stored = em->spill[run->nodes[(size_t)g * run->m + i]] >= 0;
      for (int32_t g = 0; stored && g < run->count; g++)
        em->spill[run->nodes[(size_t)g * run->m + i]] = (int32_t)size++;
    }
    for (size_t q = 0; q < n; q++) {
      MbeSymId u = run ? run->nodes[q] : (MbeSymId)item;
      const MbeSymNode* nd = &em->s->nodes[u];
      for (int a = 0; a < mbe_sym_op_arity((MbeSymOp)nd->op); a++) {
        MbeSymId x = nd->arg[a];
        if (em->spill[x] >= 0 && last[x] == (int32_t)k) {
          free_slots[nfree++] = em->spill[x];
          last[x] = -1;  // freed once
        }
      }
    }
  }
  mbe_free(last), mbe_free(free_slots);
  return size;
}

// The values read from sv[] (by a later part, a loop's table or from a loop's store, or by the
// function's own stores: roots) and their slots; *nspill: the size of sv[]
static void assign_spills(Emit* em, const MbeSymId* roots, size_t nroots, size_t* nspill) {
  const MbeSym* s = em->s;
  for (size_t i = 0; i < s->nnodes; i++) {
    for (int a = 0; em->part[i] >= 0 && a < mbe_sym_op_arity((MbeSymOp)s->nodes[i].op); a++) {
      MbeSymId x = s->nodes[i].arg[a];
      if (em->part[x] >= 0 && mbe_cg_read_from_sv(em, (MbeSymId)i, a, x))
        em->spill[x] = 1;
    }
  }
  for (size_t i = 0; i <= nroots; i++) {
    MbeSymId r = i < nroots ? roots[i] : em->extra_root;
    if (em->part[r] >= 0 && (em->part[r] < em->nparts || em->loop[r] >= 0))
      em->spill[r] = 1;
  }
  *nspill = reuse_slots(em, roots, nroots);
}

// Tables are MBE_CONSTANT arrays, and OpenCL devices hold 64 KiB of constant data (NVIDIA's
// CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE): the most the loops of one function may write, so that
// the five functions of a system stay within it
enum { MBE_CODEGEN_TABLE_BYTES = 12288 };

static int plan_once(Emit* em, const MbeSymId* roots, size_t nroots, size_t* nspill);

// The written order of the marked nodes (with loops where wanted, each function's tables within
// MBE_CODEGEN_TABLE_BYTES), which part computes each and which values pass through sv[]. Returns
// the number of part functions (0: the function computes everything itself); *nspill: the size
// of sv[]; -1 when out of memory.
static int plan_parts(Emit* em, const MbeSymId* roots, size_t nroots, size_t* nspill) {
  memset(em->noloop, 0, em->s->nnodes);
  for (;;) {
    int nparts = plan_once(em, roots, nroots, nspill);
    if (nparts < 0)
      return nparts;
    // the loops' tables within the budget, else the loop with the most stays straight-line
    size_t total = 0, most = 0, worst = 0;
    for (size_t r = 0; r < em->nruns; r++) {
      size_t b = mbe_cg_table_bytes(em, r);
      total = b > SIZE_MAX - total ? SIZE_MAX : total + b;
      worst = b > most ? r : worst;
      most = b > most ? b : most;
    }
    if (total <= MBE_CODEGEN_TABLE_BYTES)
      return nparts;
    const CgRun* run = &em->runs[worst];
    for (size_t i = 0; i < (size_t)run->count * (size_t)run->m; i++)
      em->noloop[run->nodes[i]] = 1;
  }
}

// plan_parts with the loops em->noloop allows
static int plan_once(Emit* em, const MbeSymId* roots, size_t nroots, size_t* nspill) {
  const MbeSym* s = em->s;
  for (size_t i = 0; i < s->nnodes; i++) {
    em->part[i] = -1;
    em->spill[i] = -1;
  }
  em->cur_part = 0;
  em->nparts = 0;
  *nspill = 0;
  if (!mbe_cg_plan_loops(em)) {
    return -1;
  }
  size_t n = 0;
  for (size_t k = 0; k < em->norder; k++)
    n += item_weight(em, em->order[k]);
  int nparts = n <= MBE_CODEGEN_PART + MBE_CODEGEN_PART / 2 ? 0 : (int)((n - 1) / MBE_CODEGEN_PART);
  assign_parts(em, nparts);
  em->nparts = nparts;
  assign_spills(em, roots, nroots, nspill);
  em->cur_part = nparts;
  return nparts;
}

// the temporaries and loops of part `part` in the written order, each value read from sv[]
// stored there; the loops' tables into tables
static void emit_part_nodes(MbeStrbuf* sb, MbeStrbuf* tables, Emit* em, int part,
                            const char* name) {
  em->cur_part = part;
  for (size_t k = 0; k < em->norder; k++) {
    int64_t item = em->order[k];
    if (item < 0) {
      size_t r = (size_t)(-item - 1);
      if (em->part[em->runs[r].nodes[0]] == part)
        mbe_cg_emit_loop(sb, tables, em, r, name, operand);
      continue;
    }
    if (em->part[item] != part)
      continue;
    emit_node(sb, em, (MbeSymId)item);
    if (em->spill[item] >= 0)
      mbe_strbuf_printf(sb, "  sv[%d] = t%" PRId64 ";\n", em->spill[item], item);
  }
}

// The temporaries of a function whose roots are marked: its part functions go to pre (written
// before the function), the rest to sb. params and args: the parts' parameters and the calls'
// arguments, both ending with sv; voids: the (void) casts of the other parameters.
static void emit_body(MbeStrbuf* sb, MbeStrbuf* pre, Emit* em, const char* name,
                      const MbeSymId* roots, size_t nroots, const char* params, const char* args,
                      const char* voids) {
  size_t nspill;
  int nparts = plan_parts(em, roots, nroots, &nspill);
  if (nparts < 0) {
    sb->is_oom = true;
    return;
  }
  em->max_spill = nspill > em->max_spill ? nspill : em->max_spill;
  for (int k = 0; k < nparts; k++) {
    // the declaration, then the definition between markers: a backend may compile the parts
    // apart (host/runtime/openmp), the declarations staying in the rest; a part's loops' tables
    // stand with it
    MbeStrbuf body;
    mbe_strbuf_init(&body);
    mbe_strbuf_printf(pre, "MBE_PART_FN void %s_part%d(%s);\n" MBE_TEXT_PART_BEGIN, name, k,
                      params);
    emit_part_nodes(&body, pre, em, k, name);
    mbe_strbuf_printf(pre, "MBE_PART_FN void %s_part%d(%s) {\n%s", name, k, params, voids);
    mbe_strbuf_puts(pre, body.data ? body.data : "");
    pre->is_oom = pre->is_oom || body.is_oom;
    mbe_strbuf_deinit(&body);
    mbe_strbuf_puts(pre, "}\n" MBE_TEXT_PART_END "\n");
  }
  if (nparts > 0) {
    mbe_strbuf_printf(sb, "  mbe_real sv[%zu];  // the values its %d parts pass on\n", nspill,
                      nparts);
  } else if (nspill > 0) {
    mbe_strbuf_printf(sb, "  mbe_real sv[%zu];  // the values its loops pass on\n", nspill);
  }
  for (int k = 0; k < nparts; k++)
    mbe_strbuf_printf(sb, "  %s_part%d(%s);\n", name, k, args);
  emit_part_nodes(sb, pre, em, nparts, name);
}

static const char* const PART_PARAMS =
    "mbe_real t, const mbe_real* x, const mbe_real* p, const mbe_real* w, mbe_real* sv";
static const char* const PART_ARGS = "t, x, p, w, sv";
static const char* const PART_VOIDS = "  (void)t;\n  (void)x;\n  (void)p;\n  (void)w;\n";

// a function's text into sb: its parts (pre) first, then the function itself (fn)
static void join(MbeStrbuf* sb, MbeStrbuf* pre, MbeStrbuf* fn, Emit* em) {
  mbe_cg_clear_loops(em);  // the function's loops: the next function finds its own
  if (pre->len > 0)
    mbe_strbuf_puts(sb, pre->data);
  if (fn->len > 0)
    mbe_strbuf_puts(sb, fn->data);
  sb->is_oom = sb->is_oom || pre->is_oom || fn->is_oom;
  mbe_strbuf_deinit(pre);
  mbe_strbuf_deinit(fn);
}

// one function of (t, x, p): the temporaries the roots need, then the stores
static void emit_function(MbeStrbuf* out_sb, Emit* em, const char* name, const char* out,
                          const MbeSymId* roots, size_t n, MbeSymId fail, int fail_status) {
  memset(em->used, 0, em->s->nnodes);
  mark_from(em, roots, n, true);
  if (fail != 0) {
    mark_from(em, &fail, 1, true);
  }
  MbeStrbuf pre, fn;
  mbe_strbuf_init(&pre);
  mbe_strbuf_init(&fn);
  mbe_strbuf_printf(&fn,
                    "MBE_FN int %s(mbe_real t, const mbe_real* x, const mbe_real* p, "
                    "mbe_real* %s,\n       mbe_real* w, mbe_int* iw) {\n"
                    "  (void)t;\n  (void)x;\n  (void)p;\n  (void)w;\n  (void)iw;\n",
                    name, out);
  em->extra_root = fail;
  emit_body(&fn, &pre, em, name, roots, n, PART_PARAMS, PART_ARGS, PART_VOIDS);
  em->extra_root = 0;
  if (fail != 0) {
    // an algebraic part that did not converge: the member stops with this status
    mbe_strbuf_puts(&fn, "  if (");
    operand(&fn, em, fail);
    mbe_strbuf_printf(&fn, " > MBE_R(0.0)) {\n    return %d;\n  }\n", fail_status);
  }
  for (size_t i = 0; i < n; i++) {
    mbe_strbuf_printf(&fn, "  %s[%zu] = ", out, i);
    operand(&fn, em, roots[i]);
    mbe_strbuf_puts(&fn, ";\n");
  }
  if (n == 0) {
    mbe_strbuf_printf(&fn, "  %s[0] = MBE_R(0.0);  // the one slot of an empty system\n", out);
  }
  mbe_strbuf_puts(&fn, "  return 0;\n}\n");
  join(out_sb, &pre, &fn, em);
}

// mbe_prep: the member-constant nodes the other functions read, stored after the parameters
static void emit_prep(MbeStrbuf* sb, Emit* em) {
  memset(em->used, 0, em->s->nnodes);
  for (size_t i = 0; i < em->s->nnodes; i++) {
    if (em->slot[i] >= 0) {
      MbeSymId id = (MbeSymId)i;
      mark_from(em, &id, 1, false);
    }
  }
  mbe_strbuf_puts(sb,
                  "// the parameter expressions every call needs, once per member: p[0 .. "
                  "MBE_RHS_NP) in,\n// p[MBE_RHS_NP .. MBE_RHS_NQ) out\n"
                  "MBE_FN void mbe_prep(mbe_real* p) {\n  (void)p;\n");
  em->in_prep = true;
  for (size_t i = 0; i < em->s->nnodes; i++) {
    if (em->used[i] && mbe_sym_op_arity((MbeSymOp)em->s->nodes[i].op) > 0) {
      emit_node(sb, em, (MbeSymId)i);  // temporaries only: operands first, stores last
    }
  }
  for (size_t i = 0; i < em->s->nnodes; i++) {
    if (em->slot[i] >= 0) {
      mbe_strbuf_printf(sb, "  p[%d] = t%zu;\n", em->slot[i], i);
    }
  }
  em->in_prep = false;
  mbe_strbuf_puts(sb, "}\n");
}

// mbe_x0: the initial state from the parameters (after mbe_prep)
static void emit_x0(MbeStrbuf* out_sb, Emit* em, const MbeSymId* x0, size_t nx) {
  memset(em->used, 0, em->s->nnodes);
  mark_from(em, x0, nx, true);
  MbeStrbuf pre_, fn;
  MbeStrbuf *pre = &pre_, *sb = &fn;
  mbe_strbuf_init(pre);
  mbe_strbuf_init(sb);
  mbe_strbuf_puts(sb,
                  "// the member's initial state from its parameters (after mbe_prep)\n"
                  "#define MBE_RHS_HAS_X0 1\n"
                  "MBE_FN int mbe_x0(const mbe_real* p, mbe_real* x) {\n  (void)p;\n");
  emit_body(sb, pre, em, "mbe_x0", x0, nx, "const mbe_real* p, mbe_real* sv", "p, sv",
            "  (void)p;\n");
  for (size_t i = 0; i < nx; i++) {
    mbe_strbuf_printf(sb, "  x[%zu] = ", i);
    operand(sb, em, x0[i]);
    mbe_strbuf_puts(sb, ";\n");
  }
  if (nx == 0) {
    mbe_strbuf_puts(sb, "  x[0] = MBE_R(0.0);  // the one slot of an empty system\n");
  }
  mbe_strbuf_puts(sb, "  return 0;\n}\n");
  join(out_sb, pre, sb, em);
}

// mbe_check: the conditions in order; the first false error-level one is the answer, a false
// warning-level one sets *warned when nothing did before
static void emit_check(MbeStrbuf* out_sb, Emit* em, const MbeCodegenDef* def) {
  memset(em->used, 0, em->s->nnodes);
  mark_from(em, def->asserts, def->nasserts, true);
  MbeStrbuf pre_, fn;
  MbeStrbuf *pre = &pre_, *sb = &fn;
  mbe_strbuf_init(pre);
  mbe_strbuf_init(sb);
  mbe_strbuf_printf(sb,
                    "// the model's assertions (1-based index of the first false error-level one)\n"
                    "#define MBE_RHS_NA %zu\n"
                    "MBE_FN int mbe_check(mbe_real t, const mbe_real* x, const mbe_real* p, "
                    "mbe_real* w,\n       mbe_int* iw, mbe_int* warned) {\n"
                    "  (void)t;\n  (void)x;\n  (void)p;\n  (void)w;\n  (void)iw;\n",
                    def->nasserts);
  emit_body(sb, pre, em, "mbe_check", def->asserts, def->nasserts, PART_PARAMS, PART_ARGS,
            PART_VOIDS);
  for (size_t i = 0; i < def->nasserts; i++) {
    mbe_strbuf_puts(sb, "  if (!(");
    operand(sb, em, def->asserts[i]);
    if (def->is_warning && def->is_warning[i]) {
      mbe_strbuf_printf(sb, " > MBE_R(0.5)) && *warned == 0) {\n    *warned = %zu;\n  }\n", i + 1);
    } else {
      mbe_strbuf_printf(sb, " > MBE_R(0.5))) {\n    return %zu;\n  }\n", i + 1);
    }
  }
  mbe_strbuf_puts(sb, "  return 0;\n}\n");
  join(out_sb, pre, sb, em);
}

// every node the text will hold: its leaves must fit the sizes, its constants be finite
static MbeStatus validate(const MbeCodegenDef* def, const unsigned char* used, MbeError* err) {
  const MbeSym* s = def->sym;
  for (size_t i = 0; i < s->nnodes; i++) {
    const MbeSymNode* n = &s->nodes[i];
    if (!used[i]) {
      continue;
    }
    if (n->op == MBE_SYM_STATE && (n->index < 0 || (size_t)n->index >= def->nx)) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "state x[%d] outside the %zu states", n->index,
                           def->nx);
    }
    if (n->op == MBE_SYM_PARAM && (n->index < 0 || (size_t)n->index >= def->np)) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "parameter p[%d] outside the %zu parameters",
                           n->index, def->np);
    }
    if (n->op == MBE_SYM_CONST && !isfinite(n->value)) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "node %zu is a non-finite constant", i);
    }
  }
  return MBE_OK;
}

// the nodes every function of (t, x, p) computes from: derivatives, outputs, the failure flag,
// the assertions (n: their count; roots: room for all of them)
static size_t all_roots(const MbeCodegenDef* def, MbeSymId* roots) {
  size_t n = 0;
  for (size_t i = 0; i < def->nx; i++) {
    roots[n++] = def->xdot[i];
  }
  for (size_t i = 0; i < def->ny; i++) {
    roots[n++] = def->y[i];
  }
  if (def->fail != 0) {
    roots[n++] = def->fail;
  }
  for (size_t i = 0; i < def->nasserts; i++) {
    roots[n++] = def->asserts[i];
  }
  return n;
}

// what generates events: the moving EVENT nodes (relations) the roots reach, then the moving FLOOR
// nodes (counts), each in node order; their modes are w[0 .. nz + nc). zroots receives each one's
// argument. Returns nz + nc, with *nc.
static size_t find_events(Emit* em, const MbeSymId* roots, size_t n, MbeSymId* zroots,
                          size_t* nc) {
  memset(em->used, 0, em->s->nnodes);
  em->into_events = true;
  mark_from(em, roots, n, false);
  em->into_events = false;
  size_t ne = 0, nz = 0;
  for (int kind = 0; kind < 2; kind++) {
    MbeSymOp op = kind == 0 ? MBE_SYM_EVENT : MBE_SYM_FLOOR;
    for (size_t i = 0; i < em->s->nnodes; i++) {
      if (em->used[i] && em->dyn[i] && em->s->nodes[i].op == op) {
        em->ev[i] = (int32_t)ne;
        zroots[ne++] = em->s->nodes[i].arg[0];
      }
    }
    nz = kind == 0 ? ne : nz;
  }
  *nc = ne - nz;
  return ne;
}

// Member constants that the functions of (t, x, p) read (their roots, operands of moving nodes)
// get slots p[np ..]: mbe_prep computes them once per member. Returns their number.
static size_t assign_slots(Emit* em, const MbeSymId* roots, size_t n) {
  const MbeSym* s = em->s;
  memset(em->used, 0, s->nnodes);
  mark_from(em, roots, n, false);
  for (size_t i = 0; i < s->nnodes; i++) {
    const MbeSymNode* nd = &s->nodes[i];
    if (!em->used[i] || !em->dyn[i]) {
      continue;
    }
    for (int k = 0; k < mbe_sym_op_arity((MbeSymOp)nd->op); k++) {
      MbeSymId a = nd->arg[k];
      if (!em->dyn[a] && mbe_sym_op_arity((MbeSymOp)s->nodes[a].op) > 0 && em->slot[a] < 0) {
        em->slot[a] = 1;
      }
    }
  }
  for (size_t i = 0; i < n; i++) {
    if (!em->dyn[roots[i]] && mbe_sym_op_arity((MbeSymOp)s->nodes[roots[i]].op) > 0) {
      em->slot[roots[i]] = 1;
    }
  }
  size_t nslots = 0;
  for (size_t i = 0; i < s->nnodes; i++) {
    if (em->slot[i] >= 0) {
      em->slot[i] = (int32_t)(em->np + nslots++);
    }
  }
  return nslots;
}

// the node ids the definition names exist
static MbeStatus check_ids(const MbeCodegenDef* def, MbeError* err) {
  size_t nn = def->sym->nnodes;
  for (size_t i = 0; i < def->nx + def->ny; i++) {
    MbeSymId id = i < def->nx ? def->xdot[i] : def->y[i - def->nx];
    if (id >= nn || (def->x0 && i < def->nx && def->x0[i] >= nn)) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "output node %u does not exist", id);
    }
  }
  for (size_t i = 0; i < def->nasserts; i++) {
    if (def->asserts[i] >= nn) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "assert node %u does not exist",
                           def->asserts[i]);
    }
  }
  if (def->fail >= nn) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "failure node %u does not exist", def->fail);
  }
  return MBE_OK;
}

// everything the text will hold is valid, and the initial state depends on parameters only
static MbeStatus check_nodes(Emit* em, const MbeCodegenDef* def, const MbeSymId* roots,
                             size_t n, MbeError* err) {
  memset(em->used, 0, em->s->nnodes);
  em->into_events = true;
  mark_from(em, roots, n, false);
  if (def->x0) {
    mark_from(em, def->x0, def->nx, false);
  }
  em->into_events = false;
  MbeStatus st = validate(def, em->used, err);
  for (size_t i = 0; def->x0 && i < def->nx && st == MBE_OK; i++) {
    if (em->dyn[def->x0[i]]) {
      st = mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "initial state %zu depends on time or on the states", i);
    }
  }
  return st;
}

// the functions of the system, after the header
static void emit_all(MbeStrbuf* sb, Emit* em, const MbeCodegenDef* def, const MbeSymId* zroots,
                     size_t ne, size_t nc) {
  emit_prep(sb, em);
  mbe_strbuf_puts(sb, "\n");
  if (def->x0) {
    emit_x0(sb, em, def->x0, def->nx);
    mbe_strbuf_puts(sb, "\n");
  }
  emit_function(sb, em, "mbe_rhs", "xdot", def->xdot, def->nx, def->fail, def->fail_status);
  mbe_strbuf_puts(sb, "\n");
  emit_function(sb, em, "mbe_out", "y", def->y, def->ny, def->fail, def->fail_status);
  if (def->nasserts > 0) {
    mbe_strbuf_puts(sb, "\n");
    emit_check(sb, em, def);
  }
  if (ne > 0) {
    mbe_strbuf_printf(sb,
                      "\n// what generates events: relation i < MBE_RHS_NZ holds while z[i] > 0, "
                      "count i >= MBE_RHS_NZ\n// is floor(z[i]); w[i] is its value held since the "
                      "last event\n#define MBE_RHS_NZ %zu\n#define MBE_RHS_NC %zu\n",
                      ne - nc, nc);
    emit_function(sb, em, "mbe_zc", "z", zroots, ne, def->fail, def->fail_status);
  }
}

// What both the text and its statistics start from: the emitter's tables, every root of the
// functions of (t, x, p) (roots, nr of them, then the ne relations and counts, nc of them
// counts) and the member constants' slots (nslots)
typedef struct Plan {
  Emit em;
  MbeSymId* roots;
  size_t nr, ne, nc, nslots;
} Plan;

static void plan_close(Plan* pl) {
  Emit* em = &pl->em;
  mbe_free(em->dyn), mbe_free(em->slot), mbe_free(em->used), mbe_free(em->ev);
  mbe_free(em->part), mbe_free(em->spill), mbe_free(em->trig_pair), mbe_free(pl->roots);
  mbe_cg_clear_loops(em);
  mbe_free(em->loop), mbe_free(em->lpos), mbe_free(em->lgrp), mbe_free(em->noloop);
}

// pairs each sin node with the cos node of the same argument (the DAG is hash-consed: at most
// one of each), in em->trig_pair (-1: unpaired)
static void pair_trig(Emit* em) {
  const MbeSym* s = em->s;
  size_t nn = s->nnodes;
  for (size_t i = 0; i < nn; i++) {
    em->trig_pair[i] = -1;
  }
  // part[arg] (still all -1 here) remembers the sin or cos node seen first for that argument
  for (size_t i = 0; i < nn; i++) {
    MbeSymOp op = (MbeSymOp)s->nodes[i].op;
    if (op != MBE_SYM_SIN && op != MBE_SYM_COS) {
      continue;
    }
    MbeSymId a = s->nodes[i].arg[0];
    int32_t first = em->part[a];
    if (first < 0) {
      em->part[a] = (int32_t)i;
    } else if (s->nodes[first].op != op && em->trig_pair[first] < 0) {
      em->trig_pair[first] = (int32_t)i;
      em->trig_pair[i] = first;
    }
  }
  for (size_t i = 0; i < nn; i++) {
    em->part[i] = -1;
  }
}

static MbeStatus plan_open(const MbeCodegenDef* def, Plan* pl, MbeError* err) {
  memset(pl, 0, sizeof *pl);
  const MbeSym* s = def->sym;
  size_t nn = s->nnodes;
  MbeStatus st = check_ids(def, err);
  if (st != MBE_OK) {
    return st;
  }
  size_t nr = def->nx + def->ny + 1 + def->nasserts;
  Emit em = {.s = s,
             .dyn = mbe_calloc(nn + 1, 1),
             .slot = mbe_malloc((nn + 1) * sizeof(int32_t)),
             .used = mbe_calloc(nn + 1, 1),
             .ev = mbe_malloc((nn + 1) * sizeof(int32_t)),
             .np = def->np > 0 ? def->np : 1,
             .part = mbe_malloc((nn + 1) * sizeof(int32_t)),
             .spill = mbe_malloc((nn + 1) * sizeof(int32_t)),
             .trig_pair = mbe_malloc((nn + 1) * sizeof(int32_t)),
             .loops = def->loops,
             .loop = mbe_malloc((nn + 1) * sizeof(int32_t)),
             .lpos = mbe_malloc((nn + 1) * sizeof(int32_t)),
             .lgrp = mbe_malloc((nn + 1) * sizeof(int32_t)),
             .noloop = mbe_calloc(nn + 1, 1)};
  pl->em = em;
  pl->roots = mbe_malloc((nr + nn + 1) * sizeof *pl->roots);  // then the relations
  if (!em.dyn || !em.slot || !em.used || !em.ev || !em.part || !em.spill || !em.trig_pair ||
      !em.loop || !em.lpos || !em.lgrp || !em.noloop || !pl->roots) {
    plan_close(pl);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory generating code");
  }
  // which nodes move with the member's state or time; the others are member constants
  for (size_t i = 0; i < nn; i++) {
    const MbeSymNode* n = &s->nodes[i];
    em.dyn[i] = n->op == MBE_SYM_STATE || n->op == MBE_SYM_TIME;
    for (int k = 0; k < mbe_sym_op_arity((MbeSymOp)n->op); k++) {
      em.dyn[i] = em.dyn[i] || em.dyn[n->arg[k]];
    }
    em.slot[i] = -1;
    em.ev[i] = -1;
    em.part[i] = em.spill[i] = -1;
    em.loop[i] = -1;
  }
  pair_trig(&pl->em);
  pl->nr = all_roots(def, pl->roots);
  st = check_nodes(&pl->em, def, pl->roots, pl->nr, err);
  if (st != MBE_OK) {
    plan_close(pl);
    return st;
  }
  pl->ne = find_events(&pl->em, pl->roots, pl->nr, pl->roots + pl->nr, &pl->nc);
  pl->nslots = assign_slots(&pl->em, pl->roots, pl->nr + pl->ne);
  return MBE_OK;
}

MbeStatus mbe_codegen_system(const MbeCodegenDef* def, char** text, MbeError* err) {
  *text = NULL;
  Plan pl;
  MbeStatus st = plan_open(def, &pl, err);
  if (st != MBE_OK)
    return st;
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_strbuf_printf(&sb,
                    "// generated by mbens from %s: do not edit\n"
                    "#include \"mbe_real.h\"\n#include \"math/mbe_math.h\"\n\n"
                    "#define MBE_RHS_NX %zu\n#define MBE_RHS_NP %zu\n#define MBE_RHS_NQ %zu\n"
                    "#define MBE_RHS_NY %zu\n#define MBE_RHS_NW %zu\n#define MBE_RHS_NIW 1\n\n",
                    def->name ? def->name : "an expression DAG", def->nx > 0 ? def->nx : 1,
                    pl.em.np, pl.em.np + pl.nslots, def->ny, pl.ne > 0 ? pl.ne : 1);
  emit_all(&sb, &pl.em, def, pl.roots + pl.nr, pl.ne, pl.nc);
  mbe_strbuf_printf(&sb,
                    "\n// the most values a function passes on through sv[] (private memory)\n"
                    "#define MBE_RHS_NSV %zu\n",
                    pl.em.max_spill);
  plan_close(&pl);
  if (sb.is_oom) {
    mbe_strbuf_deinit(&sb);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory generating code");
  }
  *text = sb.data;
  return MBE_OK;
}

// Open live ranges of values: start, end and the part each one lives in (index: a node; a loop's
// node read from sv[] outside its trip, its id + the DAG's size), closed into delta
typedef struct Ranges {
  int32_t *b, *e, *part, *delta;
} Ranges;

static void range_close(Ranges* r, size_t key) {
  if (r->b[key] >= 0)
    r->delta[r->b[key]]++, r->delta[r->e[key] + 1]--;
  r->b[key] = -1;
}

// computed node x read at position `at` by an operation of part `part`: by name from its
// definition, or from sv[] (an earlier part's or a loop's value: live from its first read in
// this part)
static void range_read(const Emit* em, Ranges* r, MbeSymId x, int32_t at, int32_t part) {
  size_t key = em->loop[x] >= 0 ? em->s->nnodes + x : x;
  if (r->b[key] < 0 || r->part[key] != part) {
    range_close(r, key);
    r->b[key] = at, r->part[key] = part;
  }
  r->e[key] = at;
}

// a loop's body at positions base ..: its own values from definition to last read in the body,
// a table's read a load used at once, a node every trip reads by name live to the body's end
static void loop_ranges(const Emit* em, Ranges* r, size_t run_index, int32_t base) {
  const CgRun* run = &em->runs[run_index];
  int32_t end = base + run->m - 1;
  for (int32_t i = 0; i < run->m; i++) {
    MbeSymId u = run->nodes[i];
    r->b[u] = r->e[u] = base + i, r->part[u] = em->part[u];
    for (int j = 0; j < mbe_sym_op_arity((MbeSymOp)em->s->nodes[u].op); j++) {
      MbeSymId x = em->s->nodes[u].arg[j];
      if (!mbe_cg_computed_here(em, x))
        continue;  // a leaf, a member constant or a mode
      bool carried = run->carry[i * 3 + j] != 0;
      if (carried)  // a variable across the loop, from a value read before it
        r->delta[base]++, r->delta[end + 1]--;
      if (em->loop[x] == (int32_t)run_index && em->lgrp[x] == 0)
        r->e[x] = base + i;
      else if (carried && (em->loop[x] >= 0 || em->part[x] != em->part[u]))
        range_read(em, r, x, base, em->part[u]);
      else if (carried)
        r->e[x] = r->e[x] > base ? r->e[x] : base;
      else if (mbe_cg_reads_outside(run, i, j))
        r->delta[base + i]++, r->delta[base + i + 1]--;
      else if (em->loop[x] >= 0 || em->part[x] != em->part[u])
        range_read(em, r, x, end, em->part[u]);
      else
        r->e[x] = end;
    }
  }
  for (int32_t i = 0; i < run->m; i++)
    range_close(r, run->nodes[i]);
}

// The live ranges of one function's values in the written order (an operation one position, a
// loop its body's operations) into delta (+1 where a range starts, -1 after it ends); the
// function's own roots stay live to its end. n: the positions.
static void live_ranges(const Emit* em, const MbeSymId* roots, size_t nroots, int32_t* delta,
                        size_t n) {
  const MbeSym* s = em->s;
  size_t nk = 2 * s->nnodes + 1;
  Ranges r = {mbe_malloc(nk * sizeof(int32_t)), mbe_malloc(nk * sizeof(int32_t)),
              mbe_malloc(nk * sizeof(int32_t)), delta};
  if (!r.b || !r.e || !r.part) {
    mbe_free(r.b), mbe_free(r.e), mbe_free(r.part);
    return;
  }
  for (size_t k = 0; k < nk; k++)
    r.b[k] = r.e[k] = r.part[k] = -1;
  int32_t at = 0;
  for (size_t k = 0; k < em->norder; k++) {
    int64_t item = em->order[k];
    if (item < 0) {
      loop_ranges(em, &r, (size_t)(-item - 1), at);
      at += em->runs[-item - 1].m;
      continue;
    }
    MbeSymId u = (MbeSymId)item;
    for (int a = 0; a < mbe_sym_op_arity((MbeSymOp)s->nodes[u].op); a++) {
      MbeSymId x = s->nodes[u].arg[a];
      if (mbe_cg_computed_here(em, x))
        range_read(em, &r, x, at, em->part[u]);
    }
    r.b[u] = r.e[u] = at++, r.part[u] = em->part[u];
  }
  for (size_t i = 0; i < nroots; i++) {
    size_t key = roots[i];
    if (r.b[key] >= 0 && (em->nparts == 0 || r.part[key] == em->nparts))
      r.e[key] = (int32_t)n - 1;
  }
  for (size_t k = 0; k < nk; k++)
    range_close(&r, k);
  mbe_free(r.b), mbe_free(r.e), mbe_free(r.part);
}

// the longest chain of dependent operations among the nodes computed here (operands first in
// node order; a leaf, a member constant or a mode is ready at the start); 0 when none is
static size_t depth(const Emit* em) {
  const MbeSym* s = em->s;
  uint32_t* level = mbe_calloc(s->nnodes + 1, sizeof *level);
  if (level == NULL)
    return 0;
  uint32_t deepest = 0;
  for (size_t i = 0; i < s->nnodes; i++) {
    if (!mbe_cg_computed_here(em, i))
      continue;
    uint32_t l = 0;
    for (int a = 0; a < mbe_sym_op_arity((MbeSymOp)s->nodes[i].op); a++) {
      uint32_t la = level[s->nodes[i].arg[a]];
      l = la > l ? la : l;
    }
    level[i] = l + 1;
    deepest = level[i] > deepest ? level[i] : deepest;
  }
  mbe_free(level);
  return deepest;
}

// the sizes of one function of (t, x, p) over roots (and the failure test)
static void fn_stats(Emit* em, const MbeSymId* roots, size_t n, MbeSymId fail,
                     MbeCodegenFnStats* st) {
  const MbeSym* s = em->s;
  memset(st, 0, sizeof *st);
  memset(em->used, 0, s->nnodes);
  mark_from(em, roots, n, true);
  if (fail != 0)
    mark_from(em, &fail, 1, true);
  em->extra_root = fail;
  int nparts = plan_parts(em, roots, n, &st->passed);
  em->extra_root = 0;
  st->parts = nparts > 0 ? (size_t)nparts : 0;
  st->loops = em->nruns;
  for (size_t r = 0; r < em->nruns; r++) {
    st->looped += (size_t)em->runs[r].count * (size_t)em->runs[r].m;
    st->written += (size_t)em->runs[r].m;
  }
  for (size_t i = 0; i < s->nnodes; i++) {
    if (!mbe_cg_computed_here(em, i))
      continue;
    MbeSymOp op = (MbeSymOp)s->nodes[i].op;
    st->temporaries++;
    st->adds += op == MBE_SYM_ADD || op == MBE_SYM_SUB || op == MBE_SYM_NEG;
    st->muls += op == MBE_SYM_MUL;
    st->divs += op == MBE_SYM_DIV;
    st->sqrts += op == MBE_SYM_SQRT;
    st->transcendental += (op >= MBE_SYM_SIN && op <= MBE_SYM_LOG) || op >= MBE_SYM_SINH;
  }
  st->other = st->temporaries - st->adds - st->muls - st->divs - st->sqrts - st->transcendental;
  st->written += st->temporaries - st->looped;
  st->depth = depth(em);
  int32_t* delta = mbe_calloc(st->written + 2, sizeof *delta);
  if (delta != NULL)
    live_ranges(em, roots, n, delta, st->written);
  int32_t live = 0;
  for (size_t i = 0; delta != NULL && i < st->written; i++) {
    live += delta[i];
    st->max_live = (size_t)live > st->max_live ? (size_t)live : st->max_live;
  }
  mbe_free(delta);
  mbe_cg_clear_loops(em);
}

MbeStatus mbe_codegen_stats(const MbeCodegenDef* def, MbeCodegenStats* out, MbeError* err) {
  memset(out, 0, sizeof *out);
  Plan pl;
  MbeStatus st = plan_open(def, &pl, err);
  if (st != MBE_OK)
    return st;
  fn_stats(&pl.em, def->xdot, def->nx, def->fail, &out->rhs);
  fn_stats(&pl.em, def->y, def->ny, def->fail, &out->out);
  out->member_constants = pl.nslots;
  out->modes = pl.ne;
  plan_close(&pl);
  return MBE_OK;
}
