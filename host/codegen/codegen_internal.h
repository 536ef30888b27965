// SPDX-License-Identifier: Apache-2.0
// What the emitter (codegen_emit.c) and the loop planner (codegen_loops.c) share: the state of
// writing one system, and the loops found in the function being written.
#ifndef MBE_CODEGEN_INTERNAL_H
#define MBE_CODEGEN_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "codegen.h"

// A loop: `count` consecutive groups of `p` regions each (sym.h, mbe_sym_region_begin) that
// perform the same `m` operations in the same order on operands that differ only in where they
// come from. The loop's body is the first group's operations; what differs between groups is read
// through tables indexed by the trip.
typedef struct CgRun {
  int32_t count;          // groups: the loop's trips
  int32_t m;              // operations per group
  MbeSymId* nodes;        // (count * m) group by group, each group's nodes in node order
  unsigned char* varies;  // (m * 3) operand j of operation i comes from another node in some
                          // group than in the first (read through a table), not its own group
  int32_t* carry;  // (m * 3) q + 1 where operand j of operation i is, from the second group on,
                   // operation q of the group before: carried from trip to trip in a variable
                   // (the first trip's from outside); else 0
} CgRun;

// what the emitter knows of each node
typedef struct Emit {
  const MbeSym* s;
  unsigned char* dyn;     // depends on a state or on time (computed in every call)
  int32_t* slot;          // a member-constant node computed by mbe_prep: its p index, else -1
  unsigned char* used;    // scratch for marking
  int32_t* ev;            // a relation that generates events (a moving EVENT node): its mode's
                          // index in w, else -1
  size_t np;              // parameters the kernel takes
  bool in_prep;           // writing mbe_prep: every node is a temporary there
  bool into_events;       // marking: descend into the relations of EVENT nodes too
  int32_t* part;          // the function being written: which part computes the node (-1: none)
  int32_t* spill;         // its index in sv[] where it is read from there, else -1
  int32_t cur_part;       // the part being written
  int32_t nparts;         // the function's part functions (0: none)
  MbeSymId extra_root;    // a node the function reads besides its roots (its failure test), or 0
  int32_t* trig_pair;     // the cos node of a sin node's argument and the other way round, else -1
  MbeCodegenLoops loops;  // whether functions are written with loops (def->loops)
  // the loops of the function being written (codegen_loops.c)
  int32_t* loop;  // the loop (index into runs) that computes the node, else -1
  int32_t* lpos;  // a loop's node: its position in its group
  int32_t* lgrp;  // a loop's node: its group
  CgRun* runs;
  size_t nruns;
  int64_t* order;  // the written order: a node's id, or -(loop + 1) for a whole loop
  size_t norder;
  unsigned char* noloop;  // the function being written: a node whose region stays out of loops
                          // (their tables would pass the budget)
  size_t max_spill;       // the largest sv[] of the functions written
} Emit;

// a literal that MBE_R() can suffix: always with a '.' or an exponent, round-trip precision
void mbe_cg_literal(MbeStrbuf* sb, double v);

// Writes node id's operation (the right-hand side of its temporary), each operand j written by
// arg(sb, ctx, j).
void mbe_cg_write_expr(MbeStrbuf* sb, const Emit* em, MbeSymId id,
                       void (*arg)(MbeStrbuf* sb, const void* ctx, int j), const void* ctx);

// whether the function being written computes node i itself (marked, not a member constant, not
// a mode, not a leaf)
bool mbe_cg_computed_here(const Emit* em, size_t i);

// Finds the loops of the function whose nodes are marked in em->used and the order in which its
// operations and loops are written (em->order; every computed node once, in node order where
// there are no loops). Returns false when out of memory.
bool mbe_cg_plan_loops(Emit* em);

// Frees what mbe_cg_plan_loops found (idempotent).
void mbe_cg_clear_loops(Emit* em);

// whether operand j of loop run's operation i reads a node outside its own group through a table
bool mbe_cg_reads_outside(const CgRun* run, int32_t i, int j);

// whether computed node x, operand j of node `user` (in a loop or not), is read from sv[]
bool mbe_cg_read_from_sv(const Emit* em, MbeSymId user, int j, MbeSymId x);

// The bytes of the tables loop r would write (indices that step evenly need none; equal tables
// counted apart); SIZE_MAX when out of memory
size_t mbe_cg_table_bytes(const Emit* em, size_t r);

// Writes loop `r` of the function `fn` (a unique prefix for its tables): its tables into tables,
// the loop into sb. operand writes a node read the same way by every trip.
void mbe_cg_emit_loop(MbeStrbuf* sb, MbeStrbuf* tables, const Emit* em, size_t r, const char* fn,
                      void (*operand)(MbeStrbuf*, const Emit*, MbeSymId));

#endif
