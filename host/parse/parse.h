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
  MbeLoc loc;
};

// one argument of a modification: [each] [final] a.b(sub) = value "desc"
typedef struct MbeModArg {
  bool is_each;
  bool is_final;
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

// one declared component (a declaration "Real a, b;" gives two)
typedef struct MbeComp {
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
  bool is_evaluate;    // annotation(Evaluate=true)
  MbeLoc loc;          // of the name
  MbeLoc binding_loc;  // of the binding expression
} MbeComp;

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

typedef enum MbeEqKind { MBE_EQ_CONNECT, MBE_EQ_SIMPLE, MBE_EQ_COUNT } MbeEqKind;

typedef struct MbeEquation {
  MbeEqKind kind;
  MbeName a, b;  // CONNECT
  MbeExpr* lhs;  // SIMPLE
  MbeExpr* rhs;
  bool is_initial;  // in an "initial equation" section
  MbeLoc loc;
} MbeEquation;

typedef enum MbeRestriction {
  MBE_CLASS_CLASS,
  MBE_CLASS_MODEL,
  MBE_CLASS_BLOCK,
  MBE_CLASS_CONNECTOR,
  MBE_CLASS_RECORD,
  MBE_CLASS_PACKAGE,
  MBE_CLASS_TYPE,
  MBE_CLASS_FUNCTION,
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
  bool is_catalogue;  // defined by the built-in catalogue, not by the user
  bool is_implicit;   // a package created for a `within` that no file defines
  MbeClass* parent;   // enclosing class; NULL for top level
  MbeLoc loc;         // of the name

  // short form: `type X = Real[3](mods)`, `connector C = input Real`, `package P = A.B`
  bool is_short;
  MbeName short_base;
  MbeExpr** short_dims;
  size_t nshort_dims;
  MbeMod* short_mod;
  MbeCausality short_causality;

  // `type E = enumeration(a, b)`
  bool is_enumeration;
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
};

// Parses text into a file of the spec. On failure err names file:line:column and nothing is added.
MbeStatus mbe_parse_text(MbeSpec* spec, const char* path, const char* text, size_t size,
                         bool is_catalogue, MbeFile** out, MbeError* err);

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
