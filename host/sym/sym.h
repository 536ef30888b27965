// SPDX-License-Identifier: Apache-2.0
// The expression DAG of x' = f(t, x, p), y = g(t, x, p): hash-consed nodes (the same operation on
// the same operands is the same node, so common subexpressions are shared by construction),
// constant folding only where IEEE arithmetic gives the same bits, forward differentiation, and
// an interpreter that evaluates with the kernels' own math (the oracle of the code generator).
// Nodes are numbered in creation order, operands before users: that order is topological and,
// for the same construction sequence, the same on every run. Create nodes in separate statements,
// not as arguments of one call: C leaves the order of argument evaluation open, so nested calls
// could number (and emit) the same model differently with another compiler.
#ifndef MBE_SYM_H
#define MBE_SYM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base.h"

typedef uint32_t MbeSymId;

#include "sym_ops.h"

typedef struct MbeSymNode {
  uint8_t op;       // MbeSymOp
  MbeSymId arg[3];  // operands (arity of op)
  double value;     // CONST
  int32_t index;    // STATE, PARAM: index into x or p
  uint32_t region;  // the region it was created in (0: none), see mbe_sym_region_begin
} MbeSymNode;

typedef struct MbeSym {
  MbeSymNode* nodes;  // (nnodes), operands before users
  size_t nnodes, cap;
  MbeSymId* table;  // open-addressing hash table of node ids + 1 (0 = empty) (ntable)
  size_t ntable;
  bool fold_zero_products;  // x*0 -> 0: differs from IEEE only for non-finite x or the sign
                            // of a zero; true where the generator knows the zero comes from
                            // the model (an axis component), see mbe_sym_init
  uint32_t* region_family;  // (nregions + 1) the family of each region (index 0: none)
  size_t nregions, region_cap;
  uint32_t cur_region;  // the region new nodes join (0: none)
  bool is_oom;      // an allocation failed; every later call returns node 0 (the constant 0)
  bool is_too_big;  // the DAG reached MBE_SYM_MAX_NODES (is_oom is set too)
} MbeSym;

// the most nodes a DAG may hold: a model whose equations grow past it is refused, not compiled
// for hours (about 1 GiB of nodes and table)
#define MBE_SYM_MAX_NODES ((size_t)1 << 24)

// Starts an empty DAG (node 0 is the constant +0). fold_zero_products is false: exact IEEE.
void mbe_sym_init(MbeSym* s);
void mbe_sym_deinit(MbeSym* s);

MbeSymId mbe_sym_const(MbeSym* s, double v);
MbeSymId mbe_sym_time(MbeSym* s);
MbeSymId mbe_sym_state(MbeSym* s, int index);
MbeSymId mbe_sym_param(MbeSym* s, int index);

// Makes (or finds) the node op(a, b, c); operands beyond the op's arity are ignored. Folds
// constants and the IEEE-exact identities: x*1, x/1, x-0, x+(-0), -(-x), x*(-1) = -x;
// commutative operands are ordered so that a+b and b+a are one node.
MbeSymId mbe_sym_op(MbeSym* s, MbeSymOp op, MbeSymId a, MbeSymId b, MbeSymId c);

MbeSymId mbe_sym_add(MbeSym* s, MbeSymId a, MbeSymId b);
MbeSymId mbe_sym_sub(MbeSym* s, MbeSymId a, MbeSymId b);
MbeSymId mbe_sym_mul(MbeSym* s, MbeSymId a, MbeSymId b);
MbeSymId mbe_sym_div(MbeSym* s, MbeSymId a, MbeSymId b);
MbeSymId mbe_sym_neg(MbeSym* s, MbeSymId a);
MbeSymId mbe_sym_fn(MbeSym* s, MbeSymOp op, MbeSymId a);  // one-operand functions

// Regions mark where the same construction repeats, such as one pass's step for each edge of a
// tree: the nodes created after mbe_sym_region_begin(s, family) belong to a new region of that
// family (a number > 0 the caller chooses) until the next begin or mbe_sym_region_end; a node
// found again by hash-consing keeps its region. Regions change no node and no value: the code
// generator writes consecutive regions whose nodes repeat the same operations as one loop over
// tables (host/codegen).
void mbe_sym_region_begin(MbeSym* s, uint32_t family);
void mbe_sym_region_end(MbeSym* s);

// no node: the empty slot of an import map
#define MBE_SYM_NONE ((MbeSymId)0xffffffffu)

// Copies node id of src, with the nodes it depends on, into dst, and returns its id there.
// map (src->nnodes entries, MBE_SYM_NONE where not copied yet) says where src nodes already are
// in dst and is filled with the new ones; copies are made in src's node order, so the same
// imports give the same dst on every run. Leaves keep their indices.
MbeSymId mbe_sym_import(MbeSym* dst, const MbeSym* src, MbeSymId id, MbeSymId* map);

// the index of a PARAM leaf with index >= from that nodes ids reach, -1 if none (-2: out of
// memory)
int mbe_sym_param_reached(const MbeSym* s, const MbeSymId* ids, size_t n, int from);

// Replaces the leaves from[0..nfrom) by the nodes to[0..nfrom) in each of roots[0..nroots)
// (rewritten in place): the nodes above a replaced leaf are rebuilt, in node order, the others
// kept. The to[] nodes are taken as they are, so they may depend on the from[] leaves (a
// Newton's start); a root built from a to[] node would be rebuilt through it.
void mbe_sym_substitute(MbeSym* s, const MbeSymId* from, const MbeSymId* to, size_t nfrom,
                        MbeSymId* roots, size_t nroots);

// true when node id is the constant v (bitwise, so -0 and +0 differ)
bool mbe_sym_is_const(const MbeSym* s, MbeSymId id, double v);

// Forward derivative of node f with respect to the leaf `wrt` (a STATE, PARAM or TIME node),
// computed over the nodes 0..f in their topological order (no recursion, any depth); the new
// nodes are appended to the DAG. *out is node 0 (the constant zero) where f does not depend on
// wrt. Statuses: MBE_ERR_INVALID_ARG (wrt not a leaf), MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_sym_diff(MbeSym* s, MbeSymId f, MbeSymId wrt, MbeSymId* out, MbeError* err);

// Evaluates every node 0 .. n-1 (n <= s->nnodes) into values[n] with the kernels' math in
// double precision: bitwise what the generated code computes on the OpenMP backend.
void mbe_sym_eval(const MbeSym* s, double t, const double* x, const double* p, double* values,
                  size_t n);

// The values of nodes ids[0..n) into out, as mbe_sym_eval computes them, evaluating only the
// nodes they depend on (so leaves nothing reads, such as placeholders, are never read); *oom set
// when out of memory.
void mbe_sym_eval_nodes(const MbeSym* s, double t, const double* x, const double* p,
                        const MbeSymId* ids, size_t n, double* out, bool* oom);

const char* mbe_sym_op_str(MbeSymOp op);
int mbe_sym_op_arity(MbeSymOp op);

#endif
