// SPDX-License-Identifier: Apache-2.0
// Emission of a DAG as straight-line code: one SSA temporary per node that an output uses,
// written in node order, so the text depends on nothing but the DAG and the output lists.
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "codegen.h"

// a literal that MBE_R() can suffix: always with a '.' or an exponent, round-trip precision
static void literal(MbeStrbuf* sb, double v) {
  char buf[40];
  snprintf(buf, sizeof buf, "%.17g", v);
  if (!strpbrk(buf, ".e")) {
    strcat(buf, ".0");
  }
  mbe_strbuf_printf(sb, "MBE_R(%s)", buf);
}

// what the emitter knows of each node
typedef struct Emit {
  const MbeSym* s;
  unsigned char* dyn;   // depends on a state or on time (computed in every call)
  int32_t* slot;        // a member-constant node computed by mbe_prep: its p index, else -1
  unsigned char* used;  // scratch for marking
  int32_t* ev;          // a relation that generates events (a moving EVENT node): its mode's
                        // index in w, else -1
  size_t np;            // parameters the kernel takes
  bool in_prep;         // writing mbe_prep: every node is a temporary there
  bool into_events;     // marking: descend into the relations of EVENT nodes too
} Emit;

static void operand(MbeStrbuf* sb, const Emit* em, MbeSymId id) {
  const MbeSymNode* n = &em->s->nodes[id];
  switch ((MbeSymOp)n->op) {
    case MBE_SYM_CONST: literal(sb, n->value); break;
    case MBE_SYM_TIME: mbe_strbuf_puts(sb, "t"); break;
    case MBE_SYM_STATE: mbe_strbuf_printf(sb, "x[%d]", n->index); break;
    case MBE_SYM_PARAM: mbe_strbuf_printf(sb, "p[%d]", n->index); break;
    default:
      if (em->ev[id] >= 0) {
        mbe_strbuf_printf(sb, "w[%d]", em->ev[id]);  // the mode, held between events
      } else if (em->slot[id] >= 0 && !em->in_prep) {
        mbe_strbuf_printf(sb, "p[%d]", em->slot[id]);
      } else {
        mbe_strbuf_printf(sb, "t%u", id);
      }
  }
}

static void emit_node(MbeStrbuf* sb, const Emit* em, MbeSymId id) {
  const MbeSymNode* n = &em->s->nodes[id];
  MbeSymOp op = (MbeSymOp)n->op;
  mbe_strbuf_printf(sb, "  const mbe_real t%u = ", id);
  switch (op) {
    case MBE_SYM_ADD:
    case MBE_SYM_SUB:
    case MBE_SYM_MUL:
    case MBE_SYM_DIV:
      operand(sb, em, n->arg[0]);
      mbe_strbuf_printf(sb, " %s ", mbe_sym_op_str(op));
      operand(sb, em, n->arg[1]);
      break;
    case MBE_SYM_NEG:
      mbe_strbuf_puts(sb, "-");
      operand(sb, em, n->arg[0]);
      break;
    case MBE_SYM_SELECT:
      mbe_strbuf_puts(sb, "(");
      operand(sb, em, n->arg[0]);
      mbe_strbuf_puts(sb, " > MBE_R(0.0)) ? ");
      operand(sb, em, n->arg[1]);
      mbe_strbuf_puts(sb, " : ");
      operand(sb, em, n->arg[2]);
      break;
    case MBE_SYM_EVENT:  // a member constant: the relation itself
      mbe_strbuf_puts(sb, "(");
      operand(sb, em, n->arg[0]);
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
        operand(sb, em, n->arg[k]);
      }
      mbe_strbuf_puts(sb, ")");
    }
  }
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

// the temporaries of the marked nodes that are computed here, in node order
static void emit_marked(MbeStrbuf* sb, const Emit* em) {
  for (size_t i = 0; i < em->s->nnodes; i++) {
    if (em->used[i] && em->slot[i] < 0 && em->ev[i] < 0 &&
        mbe_sym_op_arity((MbeSymOp)em->s->nodes[i].op) > 0) {
      emit_node(sb, em, (MbeSymId)i);
    }
  }
}

// one function of (t, x, p): the temporaries the roots need, then the stores
static void emit_function(MbeStrbuf* sb, const Emit* em, const char* name, const char* out,
                          const MbeSymId* roots, size_t n, MbeSymId fail, int fail_status) {
  memset(em->used, 0, em->s->nnodes);
  mark_from(em, roots, n, true);
  if (fail != 0) {
    mark_from(em, &fail, 1, true);
  }
  mbe_strbuf_printf(sb,
                    "MBE_FN int %s(mbe_real t, const mbe_real* x, const mbe_real* p, "
                    "mbe_real* %s,\n       mbe_real* w, mbe_int* iw) {\n"
                    "  (void)t;\n  (void)x;\n  (void)p;\n  (void)w;\n  (void)iw;\n",
                    name, out);
  emit_marked(sb, em);
  if (fail != 0) {
    // an algebraic part that did not converge: the member stops with this status
    mbe_strbuf_puts(sb, "  if (");
    operand(sb, em, fail);
    mbe_strbuf_printf(sb, " > MBE_R(0.0)) {\n    return %d;\n  }\n", fail_status);
  }
  for (size_t i = 0; i < n; i++) {
    mbe_strbuf_printf(sb, "  %s[%zu] = ", out, i);
    operand(sb, em, roots[i]);
    mbe_strbuf_puts(sb, ";\n");
  }
  if (n == 0) {
    mbe_strbuf_printf(sb, "  %s[0] = MBE_R(0.0);  // the one slot of an empty system\n", out);
  }
  mbe_strbuf_puts(sb, "  return 0;\n}\n");
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
static void emit_x0(MbeStrbuf* sb, const Emit* em, const MbeSymId* x0, size_t nx) {
  memset(em->used, 0, em->s->nnodes);
  mark_from(em, x0, nx, true);
  mbe_strbuf_puts(sb,
                  "// the member's initial state from its parameters (after mbe_prep)\n"
                  "#define MBE_RHS_HAS_X0 1\n"
                  "MBE_FN int mbe_x0(const mbe_real* p, mbe_real* x) {\n  (void)p;\n");
  emit_marked(sb, em);
  for (size_t i = 0; i < nx; i++) {
    mbe_strbuf_printf(sb, "  x[%zu] = ", i);
    operand(sb, em, x0[i]);
    mbe_strbuf_puts(sb, ";\n");
  }
  if (nx == 0) {
    mbe_strbuf_puts(sb, "  x[0] = MBE_R(0.0);  // the one slot of an empty system\n");
  }
  mbe_strbuf_puts(sb, "  return 0;\n}\n");
}

// mbe_check: the conditions in order; the first false error-level one is the answer, a false
// warning-level one sets *warned when nothing did before
static void emit_check(MbeStrbuf* sb, const Emit* em, const MbeCodegenDef* def) {
  memset(em->used, 0, em->s->nnodes);
  mark_from(em, def->asserts, def->nasserts, true);
  mbe_strbuf_printf(sb,
                    "// the model's assertions (1-based index of the first false error-level one)\n"
                    "#define MBE_RHS_NA %zu\n"
                    "MBE_FN int mbe_check(mbe_real t, const mbe_real* x, const mbe_real* p, "
                    "mbe_real* w,\n       mbe_int* iw, mbe_int* warned) {\n"
                    "  (void)t;\n  (void)x;\n  (void)p;\n  (void)w;\n  (void)iw;\n",
                    def->nasserts);
  emit_marked(sb, em);
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

MbeStatus mbe_codegen_system(const MbeCodegenDef* def, char** text, MbeError* err) {
  *text = NULL;
  const MbeSym* s = def->sym;
  size_t nn = s->nnodes;
  MbeStatus st = check_ids(def, err);
  if (st != MBE_OK) {
    return st;
  }
  size_t nr = def->nx + def->ny + 1 + def->nasserts;
  Emit em = {s,
             mbe_calloc(nn + 1, 1),
             mbe_malloc((nn + 1) * sizeof(int32_t)),
             mbe_calloc(nn + 1, 1),
             mbe_malloc((nn + 1) * sizeof(int32_t)),
             def->np > 0 ? def->np : 1,
             false,
             false};
  MbeSymId* roots = mbe_malloc((nr + nn + 1) * sizeof *roots);  // then the relations
  if (!em.dyn || !em.slot || !em.used || !em.ev || !roots) {
    mbe_free(em.dyn), mbe_free(em.slot), mbe_free(em.used), mbe_free(em.ev), mbe_free(roots);
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
  }
  nr = all_roots(def, roots);
  st = check_nodes(&em, def, roots, nr, err);
  size_t nc = 0;
  size_t ne = st == MBE_OK ? find_events(&em, roots, nr, roots + nr, &nc) : 0;
  size_t nslots = st == MBE_OK ? assign_slots(&em, roots, nr + ne) : 0;

  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  if (st == MBE_OK) {
    mbe_strbuf_printf(&sb,
                      "// generated by mbens from %s: do not edit\n"
                      "#include \"mbe_real.h\"\n#include \"math/mbe_math.h\"\n\n"
                      "#define MBE_RHS_NX %zu\n#define MBE_RHS_NP %zu\n#define MBE_RHS_NQ %zu\n"
                      "#define MBE_RHS_NY %zu\n#define MBE_RHS_NW %zu\n#define MBE_RHS_NIW 1\n\n",
                      def->name ? def->name : "an expression DAG", def->nx > 0 ? def->nx : 1,
                      em.np, em.np + nslots, def->ny, ne > 0 ? ne : 1);
    emit_all(&sb, &em, def, roots + nr, ne, nc);
  }
  mbe_free(em.dyn), mbe_free(em.slot), mbe_free(em.used), mbe_free(em.ev), mbe_free(roots);
  if (st != MBE_OK) {
    mbe_strbuf_deinit(&sb);
    return st;
  }
  if (sb.is_oom) {
    mbe_strbuf_deinit(&sb);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory generating code");
  }
  *text = sb.data;
  return MBE_OK;
}
