// SPDX-License-Identifier: Apache-2.0
// Stage 4, codegen: an expression DAG -> the source text of a system in the kernel dialect
// (MBE_RHS_NX/NP/NY/NW/NIW, mbe_rhs, mbe_out; see kernels/integrate/mbe_integrate.h). Text only,
// never compiled here. The same DAG and outputs always give byte-identical text.
#ifndef MBE_CODEGEN_H
#define MBE_CODEGEN_H

#include <stddef.h>

#include "base.h"
#include "sym.h"

// How functions are written: straight-line code (one temporary per operation), or with loops
// where the DAG's regions repeat (sym.h: one edge's step of a pass after another), the values
// that pass between trips and the trips' differing operands in tables. Both give the same bits.
typedef enum MbeCodegenLoops {
  MBE_CODEGEN_LOOPS_AUTO = 0,  // loops in a function of more than MBE_CODEGEN_LOOPS_FROM
                               // operations: there straight-line code would take compilers
                               // long and hold more values than a GPU has registers
  MBE_CODEGEN_LOOPS_NEVER,
  MBE_CODEGEN_LOOPS_ALWAYS,
} MbeCodegenLoops;

enum { MBE_CODEGEN_LOOPS_FROM = 40000 };

typedef struct MbeCodegenDef {
  const MbeSym* sym;
  const MbeSymId* xdot;  // the derivative of each state (nx)
  size_t nx;             // the text declares at least one state (a system without states, all
                         // outputs fixed, gets one that stays 0): pass one initial value
  const MbeSymId* y;     // the outputs (ny)
  size_t ny;
  size_t np;           // parameters the kernel takes (PARAM nodes index 0 .. np-1); the text
                       // declares at least one (no zero-length arrays): pass one unused value
  const char* name;    // for the header comment (borrowed), e.g. the model's full name
  MbeSymId fail;       // when this node is > 0 the functions return fail_status (0: never)
  int fail_status;     // e.g. MBE_RUN_NEWTON_FAIL of kernels/mbe_layout.h
  const MbeSymId* x0;  // the initial state as expressions of the parameters (nx), or NULL: the
                       // caller gives each member's initial state
  const MbeSymId* asserts;  // (nasserts) conditions that must hold (> 0.5: true), or NULL:
  const bool* is_warning;   // (nasserts) a false one stops the member unless it is a warning
  size_t nasserts;          // (kernels/integrate/mbe_integrate.h, mbe_check)
  MbeCodegenLoops loops;
} MbeCodegenDef;

// Writes the system source into *text (owned, free with mbe_free). Each node the outputs use is
// one `const mbe_real tN = ...;` in node order (operands first); literals carry MBE_R().
// Nodes that depend on the parameters only (a BodyBox's mass from its varied length) are
// computed once per member by mbe_prep into p[MBE_RHS_NP ..  MBE_RHS_NQ), which mbe_rhs and
// mbe_out read; with x0, mbe_x0(p, x) computes the initial state and MBE_RHS_HAS_X0 is defined.
// With asserts, mbe_check(t, x, p, w, iw, warned) and MBE_RHS_NA are defined: it returns the
// 1-based index of the first false error-level condition, 0 when none is.
// Statuses: MBE_ERR_INVALID_ARG (a STATE or PARAM index out of range, a non-finite constant, an
// initial state that depends on time or states), MBE_ERR_NOMEM. Nullable: err.
// A function of more than about 3,000 temporaries is written as part functions (MBE_PART_FN,
// kernels/mbe_dialect.h) of 2,000 each that it calls in turn, the values later parts read passed
// through an array: compilers then work in time linear in the model's size. Each part's
// definition stands between the marker lines MBE_TEXT_PART_BEGIN and _END (base.h), after its
// declaration. With loops (def->loops), repeating regions of the DAG are written as loops whose
// tables (MBE_CONSTANT arrays) stand before the function or part that runs them; the values
// they pass on go through sv[] too. MBE_RHS_NSV, at the end of the text, is the largest sv[] of
// the functions (a CPU OpenCL device sizes its work-groups by it).
MbeStatus mbe_codegen_system(const MbeCodegenDef* def, char** text, MbeError* err);

// What one generated function computes per call, as mbe_codegen_system writes it
typedef struct MbeCodegenFnStats {
  size_t temporaries;              // `const mbe_real tN` lines (the operations the call performs)
  size_t adds, muls, divs, sqrts;  // of them: + - and negation, *, /, sqrt
  size_t transcendental;           // sin, cos, tan, asin, acos, atan, atan2, exp, log
  size_t other;                    // fma, fabs, fmin, fmax, selects, relations, floor
  size_t parts;                    // part functions (0: straight-line in the function itself)
  size_t passed;                   // values the parts pass on through sv[]
  size_t max_live;  // the most values live at once along the written order (within a part,
                    // a value read from sv[] live from its first read): the registers the code
                    // needs to run without spilling, in values of mbe_real
  size_t loops;     // loops written (MbeCodegenLoops)
  size_t looped;    // of the temporaries, those computed inside them
  size_t written;   // operations the text writes: temporaries - looped + the loops' bodies
  size_t depth;     // the longest chain of operations each needing the one before: the steps
                    // a call takes however many units compute it (temporaries / depth: the
                    // operations that could run side by side, on average)
} MbeCodegenFnStats;

typedef struct MbeCodegenStats {
  MbeCodegenFnStats rhs;    // mbe_rhs: x' = f(t, x, p), the integrators' whole per-stage work
  MbeCodegenFnStats out;    // mbe_out: the output signals at each output time
  size_t member_constants;  // parameter expressions mbe_prep computes once per member
  size_t modes;             // relations and counts held between events
} MbeCodegenStats;

// The sizes of what mbe_codegen_system would write for def. Statuses: those of
// mbe_codegen_system. Nullable: err.
MbeStatus mbe_codegen_stats(const MbeCodegenDef* def, MbeCodegenStats* out, MbeError* err);

#endif
