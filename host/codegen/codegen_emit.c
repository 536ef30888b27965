// SPDX-License-Identifier: Apache-2.0
// Emission of a DAG as straight-line code: one SSA temporary per node that an output uses,
// written in node order, so the text depends on nothing but the DAG and the output lists.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "codegen.h"

// marks the nodes the roots depend on (node order is topological: one backward sweep)
static void mark(const MbeSym* s, const MbeSymId* roots, size_t n, unsigned char* used) {
  size_t hi = 0;
  for (size_t i = 0; i < n; i++) {
    used[roots[i]] = 1;
    hi = roots[i] + 1 > hi ? roots[i] + 1 : hi;
  }
  for (size_t i = hi; i-- > 0;) {
    if (!used[i]) {
      continue;
    }
    int arity = mbe_sym_op_arity((MbeSymOp)s->nodes[i].op);
    for (int k = 0; k < arity; k++) {
      used[s->nodes[i].arg[k]] = 1;
    }
  }
}

// a literal that MBE_R() can suffix: always with a '.' or an exponent, round-trip precision
static void literal(MbeStrbuf* sb, double v) {
  char buf[40];
  snprintf(buf, sizeof buf, "%.17g", v);
  if (!strpbrk(buf, ".e")) {
    strcat(buf, ".0");
  }
  mbe_strbuf_printf(sb, "MBE_R(%s)", buf);
}

static void operand(MbeStrbuf* sb, const MbeSym* s, MbeSymId id) {
  const MbeSymNode* n = &s->nodes[id];
  switch ((MbeSymOp)n->op) {
    case MBE_SYM_CONST: literal(sb, n->value); break;
    case MBE_SYM_TIME: mbe_strbuf_puts(sb, "t"); break;
    case MBE_SYM_STATE: mbe_strbuf_printf(sb, "x[%d]", n->index); break;
    case MBE_SYM_PARAM: mbe_strbuf_printf(sb, "p[%d]", n->index); break;
    default: mbe_strbuf_printf(sb, "t%u", id);
  }
}

static void emit_node(MbeStrbuf* sb, const MbeSym* s, MbeSymId id) {
  const MbeSymNode* n = &s->nodes[id];
  MbeSymOp op = (MbeSymOp)n->op;
  mbe_strbuf_printf(sb, "  const mbe_real t%u = ", id);
  switch (op) {
    case MBE_SYM_ADD:
    case MBE_SYM_SUB:
    case MBE_SYM_MUL:
    case MBE_SYM_DIV:
      operand(sb, s, n->arg[0]);
      mbe_strbuf_printf(sb, " %s ", mbe_sym_op_str(op));
      operand(sb, s, n->arg[1]);
      break;
    case MBE_SYM_NEG:
      mbe_strbuf_puts(sb, "-");
      operand(sb, s, n->arg[0]);
      break;
    case MBE_SYM_SELECT:
      mbe_strbuf_puts(sb, "(");
      operand(sb, s, n->arg[0]);
      mbe_strbuf_puts(sb, " > MBE_R(0.0)) ? ");
      operand(sb, s, n->arg[1]);
      mbe_strbuf_puts(sb, " : ");
      operand(sb, s, n->arg[2]);
      break;
    default: {
      // functions: the kernels' mbe_ versions (mbe_fma, mbe_sqrt, mbe_sin, ..., mbe_fmin)
      mbe_strbuf_printf(sb, "mbe_%s(", mbe_sym_op_str(op));
      int arity = mbe_sym_op_arity(op);
      for (int k = 0; k < arity; k++) {
        if (k) {
          mbe_strbuf_puts(sb, ", ");
        }
        operand(sb, s, n->arg[k]);
      }
      mbe_strbuf_puts(sb, ")");
    }
  }
  mbe_strbuf_puts(sb, ";\n");
}

// one function: the temporaries the roots need, then the stores
static void emit_function(MbeStrbuf* sb, const MbeSym* s, const char* name, const char* out,
                          const MbeSymId* roots, size_t n, MbeSymId fail, int fail_status,
                          unsigned char* used) {
  memset(used, 0, s->nnodes);
  mark(s, roots, n, used);
  if (fail != 0) {
    mark(s, &fail, 1, used);
  }
  mbe_strbuf_printf(sb,
                    "MBE_FN int %s(mbe_real t, const mbe_real* x, const mbe_real* p, "
                    "mbe_real* %s,\n       mbe_real* w, mbe_int* iw) {\n"
                    "  (void)t;\n  (void)x;\n  (void)p;\n  (void)w;\n  (void)iw;\n",
                    name, out);
  for (size_t i = 0; i < s->nnodes; i++) {
    if (used[i] && mbe_sym_op_arity((MbeSymOp)s->nodes[i].op) > 0) {
      emit_node(sb, s, (MbeSymId)i);
    }
  }
  if (fail != 0) {
    // an algebraic part that did not converge: the member stops with this status
    mbe_strbuf_puts(sb, "  if (");
    operand(sb, s, fail);
    mbe_strbuf_printf(sb, " > MBE_R(0.0)) {\n    return %d;\n  }\n", fail_status);
  }
  for (size_t i = 0; i < n; i++) {
    mbe_strbuf_printf(sb, "  %s[%zu] = ", out, i);
    operand(sb, s, roots[i]);
    mbe_strbuf_puts(sb, ";\n");
  }
  if (n == 0) {
    mbe_strbuf_printf(sb, "  %s[0] = MBE_R(0.0);  // the one slot of an empty system\n", out);
  }
  mbe_strbuf_puts(sb, "  return 0;\n}\n");
}

MbeStatus mbe_codegen_system(const MbeCodegenDef* def, char** text, MbeError* err) {
  *text = NULL;
  const MbeSym* s = def->sym;

  for (size_t i = 0; i < def->nx + def->ny; i++) {
    MbeSymId id = i < def->nx ? def->xdot[i] : def->y[i - def->nx];
    if (id >= s->nnodes) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "output node %u does not exist", id);
    }
  }
  if (def->fail >= s->nnodes) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "failure node %u does not exist", def->fail);
  }
  unsigned char* used = mbe_malloc(s->nnodes ? s->nnodes : 1);
  if (!used) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory generating code");
  }
  // every node the text will hold: its leaves must fit the sizes, its constants be finite
  // literals (other nodes of the DAG, never emitted, may be anything)
  memset(used, 0, s->nnodes);
  mark(s, def->xdot, def->nx, used);
  mark(s, def->y, def->ny, used);
  if (def->fail != 0) {
    mark(s, &def->fail, 1, used);
  }
  for (size_t i = 0; i < s->nnodes; i++) {
    const MbeSymNode* n = &s->nodes[i];
    MbeStatus bad = MBE_OK;
    if (!used[i]) {
      continue;
    }
    if (n->op == MBE_SYM_STATE && (n->index < 0 || (size_t)n->index >= def->nx)) {
      bad = mbe_error_set(err, MBE_ERR_INVALID_ARG, "state x[%d] outside the %zu states", n->index,
                          def->nx);
    } else if (n->op == MBE_SYM_PARAM && (n->index < 0 || (size_t)n->index >= def->np)) {
      bad = mbe_error_set(err, MBE_ERR_INVALID_ARG, "parameter p[%d] outside the %zu parameters",
                          n->index, def->np);
    } else if (n->op == MBE_SYM_CONST && !isfinite(n->value)) {
      bad = mbe_error_set(err, MBE_ERR_INVALID_ARG, "node %zu is a non-finite constant", i);
    }
    if (bad != MBE_OK) {
      mbe_free(used);
      return bad;
    }
  }
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_strbuf_printf(&sb,
                    "// generated by mbens from %s: do not edit\n"
                    "#include \"mbe_real.h\"\n#include \"math/mbe_math.h\"\n\n"
                    "#define MBE_RHS_NX %zu\n#define MBE_RHS_NP %zu\n#define MBE_RHS_NY %zu\n"
                    "#define MBE_RHS_NW 1\n#define MBE_RHS_NIW 1\n\n",
                    def->name ? def->name : "an expression DAG", def->nx > 0 ? def->nx : 1,
                    def->np > 0 ? def->np : 1, def->ny);
  emit_function(&sb, s, "mbe_rhs", "xdot", def->xdot, def->nx, def->fail, def->fail_status, used);
  mbe_strbuf_puts(&sb, "\n");
  emit_function(&sb, s, "mbe_out", "y", def->y, def->ny, def->fail, def->fail_status, used);
  mbe_free(used);
  if (sb.is_oom) {
    mbe_strbuf_deinit(&sb);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory generating code");
  }
  *text = sb.data;
  return MBE_OK;
}
