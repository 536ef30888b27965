// SPDX-License-Identifier: Apache-2.0
// The syntax tree of the Modelica subset (DESIGN.md "The model language") and the parser that
// builds it. Syntax only: names are not resolved and nothing is evaluated here (host/model does).
#ifndef MBE_PARSE_H
#define MBE_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "base.h"
#include "mbe/mbe_spec.h"

// a position in a source file; file points into the spec's file table
typedef struct MbeLoc {
  const char* file;  // path as given, or a name such as "<catalogue>/Modelica.mo"
  int line;          // 1-based
  int col;           // 1-based, in bytes
  size_t offset;     // byte offset
} MbeLoc;

typedef struct MbeExpr MbeExpr;
typedef struct MbeMod MbeMod;
typedef struct MbeClass MbeClass;

// a dotted name with optional subscripts per part: a.b[1].c[i, 2]
typedef struct MbeNamePart {
  const char* ident;
  MbeExpr** subs;  // subscripts (nsubs); an MBE_EX_COLON entry stands for ':'
  size_t nsubs;
} MbeNamePart;

typedef struct MbeName {
  MbeNamePart* parts;  // (nparts) >= 1
  size_t nparts;
  bool is_global;  // written with a leading '.'
  MbeLoc loc;
} MbeName;

typedef enum MbeExprKind {
  MBE_EX_NUMBER,  // num, is_integer
  MBE_EX_STRING,  // str
  MBE_EX_BOOL,    // boolean
  MBE_EX_NAME,    // name
  MBE_EX_CALL,    // name(args, named args)
  MBE_EX_ARRAY,   // {args}
  MBE_EX_MATRIX,  // [row; row]: args are the rows, each an MBE_EX_ARRAY
  MBE_EX_RANGE,   // args[0]:args[1] or args[0]:args[1]:args[2] (start, step, stop)
  MBE_EX_UNARY,   // op args[0]
  MBE_EX_BINARY,  // args[0] op args[1]
  MBE_EX_IF,      // if args[0] then args[1] (elseif args[2] then args[3])... else args[n-1]
  MBE_EX_COLON,   // ':' as a subscript
  MBE_EX_END,     // 'end' inside a subscript
  MBE_EX_PAREN,   // (args[0]), kept so that printing is faithful
  MBE_EX_TUPLE,   // (a, , b): an output-expression-list; an omitted entry is NULL
  MBE_EX_KIND_COUNT
} MbeExprKind;

typedef enum MbeOp {
  MBE_OP_NONE,
  MBE_OP_ADD,
  MBE_OP_SUB,
  MBE_OP_MUL,
  MBE_OP_DIV,
  MBE_OP_POW,
  MBE_OP_EADD,
  MBE_OP_ESUB,
  MBE_OP_EMUL,
  MBE_OP_EDIV,
  MBE_OP_EPOW,
  MBE_OP_LT,
  MBE_OP_LE,
  MBE_OP_GT,
  MBE_OP_GE,
  MBE_OP_EQ,
  MBE_OP_NE,
  MBE_OP_AND,
  MBE_OP_OR,
  MBE_OP_NOT,
  MBE_OP_NEG,
  MBE_OP_PLUS,
  MBE_OP_COUNT
} MbeOp;

// one iterator of a for-equation, for-statement or reduction: `i in range` (range NULL: `for i`)
typedef struct MbeForIndex {
  const char* ident;
  MbeExpr* range;
  MbeLoc loc;
} MbeForIndex;

typedef struct MbeNamedArg {
  const char* ident;
  MbeExpr* value;
  MbeLoc loc;
} MbeNamedArg;

struct MbeExpr {
  MbeExprKind kind;
  MbeOp op;         // UNARY, BINARY
  double num;       // NUMBER
  bool is_integer;  // NUMBER written without '.' or exponent
  bool boolean;     // BOOL
  const char* str;  // STRING (escapes resolved)
  MbeName name;     // NAME, CALL (the function)
  MbeExpr** args;   // operands, elements, rows, call arguments (nargs)
  size_t nargs;
  MbeNamedArg* named;  // CALL named arguments (nnamed)
  size_t nnamed;
  MbeForIndex* iters;  // ARRAY `{e for i in r}`, CALL `sum(e for i in r)`: args[0] is e (niters)
  size_t niters;
  bool is_function_arg;  // CALL written `function f(a=1)` as an argument (partial application)
  MbeLoc loc;
};

typedef struct MbeComp MbeComp;

// one argument of a modification: [each] [final] a.b(sub) = value "desc", or an element
// redeclaration `redeclare [replaceable] Type a(...)` / `redeclare function f = g`
typedef struct MbeModArg {
  bool is_each;
  bool is_final;
  bool is_redeclare, is_replaceable;
  MbeComp* redecl_comp;    // the redeclared component (path is its name), or NULL
  MbeClass* redecl_class;  // the redeclared short class (path is its name), or NULL
  const char** path;  // dotted element name (npath)
  size_t npath;
  MbeMod* sub;       // nested modification, NULL if none
  MbeExpr* value;    // binding, NULL if none
  MbeLoc loc;        // of the name
  MbeLoc value_loc;  // of the binding
} MbeModArg;

struct MbeMod {
  MbeModArg* args;  // (nargs)
  size_t nargs;
  MbeLoc loc;
};

typedef enum MbeVariability {
  MBE_VAR_CONTINUOUS,
  MBE_VAR_DISCRETE,
  MBE_VAR_PARAMETER,
  MBE_VAR_CONSTANT,
  MBE_VAR_COUNT
} MbeVariability;

typedef enum MbeCausality {
  MBE_CAUS_NONE,
  MBE_CAUS_INPUT,
  MBE_CAUS_OUTPUT,
  MBE_CAUS_COUNT
} MbeCausality;

// `constrainedby A.B(mod)` after a replaceable element
typedef struct MbeConstraint {
  MbeName base;
  MbeMod* mod;  // NULL if none
} MbeConstraint;

// one declared component (a declaration "Real a, b;" gives two)
struct MbeComp {
  const char* name;
  const char* description;  // "" if none
  MbeName type;             // type specifier (no subscripts)
  MbeExpr** type_dims;      // subscripts after the type name (ntype_dims)
  size_t ntype_dims;
  MbeExpr** dims;  // subscripts after the component name (ndims)
  size_t ndims;
  MbeMod* mod;         // class modification, NULL if none
  MbeExpr* binding;    // "= expr", NULL if none
  MbeExpr* condition;  // "if expr", NULL if none
  MbeVariability variability;
  MbeCausality causality;
  bool is_final, is_inner, is_outer, is_flow, is_protected;
  bool is_stream;
  bool is_replaceable, is_redeclare;
  MbeConstraint* constraint;  // constrainedby, NULL if none
  MbeLoc prefix_loc;          // of `replaceable`/`redeclare`/`stream` where written
  bool is_evaluate;           // annotation(Evaluate=true)
  MbeLoc loc;                 // of the name
  MbeLoc binding_loc;         // of the binding expression
};

typedef struct MbeExtends {
  MbeName base;
  MbeMod* mod;  // NULL if none
  bool is_protected;
  MbeLoc loc;
} MbeExtends;

typedef enum MbeImportKind {
  MBE_IMPORT_QUALIFIED,  // import A.B.C;    C -> A.B.C
  MBE_IMPORT_ALIAS,      // import X = A.B;  X -> A.B
  MBE_IMPORT_WILDCARD,   // import A.B.*;    every element of A.B
  MBE_IMPORT_COUNT
} MbeImportKind;

typedef struct MbeImport {
  MbeImportKind kind;
  const char* alias;  // the visible name (QUALIFIED: last part, ALIAS: X, WILDCARD: NULL)
  MbeName path;       // A.B.C
  MbeLoc loc;
} MbeImport;

typedef enum MbeEqKind {
  MBE_EQ_CONNECT,  // connect(a, b)
  MBE_EQ_SIMPLE,   // lhs = rhs
  MBE_EQ_IF,       // if c then ... elseif ... else ... end if: branches
  MBE_EQ_FOR,      // for i in r loop ... end for: iters, branches[0]
  MBE_EQ_WHEN,     // when c then ... elsewhen ... end when: branches
  MBE_EQ_CALL,     // an equation-statement call: assert(...), Connections.root(...), reinit(...)
  MBE_EQ_COUNT
} MbeEqKind;

typedef struct MbeEquation MbeEquation;

// one branch of an if/when equation (cond NULL: the else branch) or the body of a for-equation
typedef struct MbeEqBranch {
  MbeExpr* cond;
  MbeEquation* eqs;  // (neqs)
  size_t neqs;
} MbeEqBranch;

struct MbeEquation {
  MbeEqKind kind;
  MbeName a, b;  // CONNECT
  MbeExpr* lhs;  // SIMPLE (a TUPLE for `(a, b) = f(x)`)
  MbeExpr* rhs;  // SIMPLE; CALL: the call
  MbeEqBranch* branches;  // IF, WHEN, FOR (nbranches)
  size_t nbranches;
  MbeForIndex* iters;  // FOR (niters)
  size_t niters;
  bool is_initial;  // in an "initial equation" section
  MbeLoc loc;
};

typedef enum MbeStmtKind {
  MBE_ST_ASSIGN,  // lhs := rhs (lhs a name, or a TUPLE with rhs a call)
  MBE_ST_CALL,    // rhs: a call as a statement
  MBE_ST_IF,      // branches (cond NULL: else)
  MBE_ST_FOR,     // iters, branches[0]
  MBE_ST_WHILE,   // branches[0] (cond: the loop condition)
  MBE_ST_WHEN,    // branches
  MBE_ST_RETURN,
  MBE_ST_BREAK,
  MBE_ST_COUNT
} MbeStmtKind;

typedef struct MbeStatement MbeStatement;

typedef struct MbeStmtBranch {
  MbeExpr* cond;
  MbeStatement* body;  // (nbody)
  size_t nbody;
} MbeStmtBranch;

struct MbeStatement {
  MbeStmtKind kind;
  MbeExpr* lhs;
  MbeExpr* rhs;
  MbeStmtBranch* branches;  // (nbranches)
  size_t nbranches;
  MbeForIndex* iters;  // FOR (niters)
  size_t niters;
  MbeLoc loc;
};

// one algorithm section
typedef struct MbeAlgorithm {
  MbeStatement* stmts;  // (nstmts)
  size_t nstmts;
  bool is_initial;
  MbeLoc loc;
} MbeAlgorithm;

// `external "C" [lhs =] f(args)`: kept to be named when a simulated model calls the function
typedef struct MbeExternal {
  const char* language;  // "C", "builtin", ...; "" when not written
  MbeExpr* call;         // NULL when the default call is meant
  MbeLoc loc;
} MbeExternal;

typedef enum MbeRestriction {
  MBE_CLASS_CLASS,
  MBE_CLASS_MODEL,
  MBE_CLASS_BLOCK,
  MBE_CLASS_CONNECTOR,
  MBE_CLASS_RECORD,
  MBE_CLASS_PACKAGE,
  MBE_CLASS_TYPE,
  MBE_CLASS_FUNCTION,
  MBE_CLASS_OPERATOR,  // `operator`
  MBE_CLASS_COUNT
} MbeRestriction;

typedef struct MbeEnumLit {
  const char* name;
  const char* description;
  MbeLoc loc;
} MbeEnumLit;

// experiment(StartTime, StopTime, Interval, Tolerance): each NULL when absent
typedef struct MbeExperiment {
  MbeExpr* start_time;
  MbeExpr* stop_time;
  MbeExpr* interval;
  MbeExpr* tolerance;
  MbeLoc loc;
} MbeExperiment;

struct MbeClass {
  MbeRestriction restriction;
  const char* name;
  const char* description;
  bool is_partial, is_encapsulated;
  bool is_expandable;  // expandable connector
  bool is_operator;    // operator record / operator function
  bool is_pure, is_impure;
  bool is_replaceable, is_redeclare;
  MbeConstraint* constraint;  // constrainedby, NULL if none
  bool is_class_extends;      // `model extends B(mod) ... end B;`: class_extends_mod on B
  MbeMod* class_extends_mod;
  bool is_catalogue;  // defined by the built-in catalogue, not by the user
  bool is_implicit;   // a package created for a `within` that no file defines
  MbeClass* parent;   // enclosing class; NULL for top level
  MbeLoc loc;         // of the name
  MbeLoc prefix_loc;  // of the first class prefix (replaceable, operator, expandable...)

  // a library package on disk (host/parse/parse_library.c): its directory, NULL if none; its
  // package.mo merged in; its directory entries are loaded on first lookup
  const char* lib_dir;
  const char** lib_entries;  // the classes lib_dir holds: X.mo files and X/package.mo folders
  size_t nlib_entries;
  bool lib_merged;  // lib_dir/package.mo is in the tree (this class, or merged into it)
  bool lib_probed;  // its library folder was looked for (catalogue and implicit packages)

  // short form: `type X = Real[3](mods)`, `connector C = input Real`, `package P = A.B`
  bool is_short;
  MbeName short_base;
  MbeExpr** short_dims;
  size_t nshort_dims;
  MbeMod* short_mod;
  MbeCausality short_causality;

  MbeExpr* short_der;  // `function df = der(f, x)`: the der(...) call, NULL otherwise

  // `type E = enumeration(a, b)`; is_open_enumeration for `enumeration(:)`
  bool is_enumeration, is_open_enumeration;
  MbeEnumLit* literals;
  size_t nliterals;

  MbeImport* imports;
  size_t nimports;
  MbeExtends* extends;
  size_t nextends;
  MbeComp* comps;
  size_t ncomps;
  MbeClass** classes;
  size_t nclasses;
  MbeEquation* eqs;
  size_t neqs;
  MbeAlgorithm* algorithms;  // algorithm sections (nalgorithms)
  size_t nalgorithms;
  MbeExternal* external;      // external function clause, NULL if none
  MbeExperiment* experiment;  // NULL when the class has none
};

// one source file: its text, its `within` and its top-level classes
typedef struct MbeFile {
  const char* path;
  const char* text;
  size_t size;
  bool has_within;
  MbeName within;  // empty (nparts 0) for `within;`
  MbeClass** classes;
  size_t nclasses;
  bool is_catalogue;
} MbeFile;

// The spec: all parsed files and the tree of top-level classes they define, in one arena.
struct MbeSpec {
  MbeArena arena;
  MbeFile** files;
  size_t nfiles;
  size_t cap_files;
  MbeClass root;       // unnamed root package: top-level classes and implicit `within` packages
  bool has_catalogue;  // the built-in catalogue has been added (host/model)
  // library roots (folders of top-level packages), searched in order; classes are loaded from
  // them on first lookup (parse_library.c). lib_status/lib_err: the first failure of a load,
  // which lookups report in place of "unknown class"
  const char** lib_roots;
  size_t nlib_roots;
  MbeStatus lib_status;
  MbeError lib_err;
};

// Parses text into a file of the spec. On failure err names file:line:column and nothing is added.
MbeStatus mbe_parse_text(MbeSpec* spec, const char* path, const char* text, size_t size,
                         bool is_catalogue, MbeFile** out, MbeError* err);

// Library loading (parse_library.c). Lookups call these with the spec they were given: loading
// on first use is the one change a lookup makes to a spec.
// Makes cls's library content available: for a package without a folder yet (the catalogue's
// and implicit ones) the folder of the same name in the libraries, its package.mo merged in.
void mbe_lib_prepare(const MbeSpec* spec, const MbeClass* cls);
// The class ident loaded from cls's library folder (the library roots when cls is the root), or
// NULL when there is none or it fails to load (spec->lib_status then says why).
const MbeClass* mbe_lib_load(const MbeSpec* spec, const MbeClass* cls, const char* ident);
// After mbe_spec_add_file of a file inside a library: the library root its `within` leads to
// (path: where f was read from).
MbeStatus mbe_lib_discover(MbeSpec* spec, const MbeFile* f, const char* path, MbeError* err);

// As mbe_spec_add_text for the built-in catalogue: its classes are marked is_catalogue.
MbeStatus mbe_spec_add_catalogue_text(MbeSpec* spec, const char* name, const char* text,
                                      size_t size, MbeError* err);

// the restriction's keyword ("model", ...)
const char* mbe_restriction_str(MbeRestriction r);
const char* mbe_op_str(MbeOp op);

// Writes a name / an expression as Modelica text (for messages and the check summary).
void mbe_name_print(MbeStrbuf* sb, const MbeName* n);
void mbe_expr_print(MbeStrbuf* sb, const MbeExpr* e);

// Sets err to a model error at loc: "file:line:col" is filled in the MbeError fields.
MbeStatus mbe_error_at(MbeError* err, MbeStatus code, MbeLoc loc, const char* fmt, ...)
    MBE_PRINTF(4, 5);

#endif
