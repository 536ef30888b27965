// SPDX-License-Identifier: Apache-2.0
// Stage 2, model: the flat model made from a spec. Class lookup the Modelica way, the built-in
// catalogue, hierarchical flattening with modifier merging, parameter evaluation in dependency
// order. Knows names and values, not the physics of any class (host/mech does).
#ifndef MBE_MODEL_H
#define MBE_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "base.h"
#include "mbe/mbe_flat.h"
#include "parse.h"
#include "sym.h"

enum { MBE_MAX_DIMS = 4 };

typedef enum MbeBaseType {
  MBE_T_REAL,
  MBE_T_INTEGER,
  MBE_T_BOOLEAN,
  MBE_T_STRING,
  MBE_T_ENUM,
  MBE_T_COUNT
} MbeBaseType;

// an evaluated value: a scalar (ndims 0) or an array of one base type, row-major
typedef struct MbeValue {
  MbeBaseType type;
  const MbeClass* enum_type;  // ENUM: the enumeration class
  int ndims;
  int dims[MBE_MAX_DIMS];
  size_t n;          // number of elements (product of dims)
  double* num;       // REAL, INTEGER, BOOLEAN (0/1), ENUM (1-based literal index) (n)
  const char** str;  // STRING (n)
  MbeSymId* sym;     // REAL: each element as an expression of the varied parameters (nodes of
                     // MbeFlat.psym, PARAM k = MbeFlat.vary[k]); NULL where it depends on none (n)
} MbeValue;

// a binding: an expression, where its names resolve, and which element of its value is meant
// (a modifier on an array of components gives element i of its value to component i)
typedef struct MbeBinding {
  const MbeExpr* expr;    // NULL: none
  int scope;              // instance whose elements the names see; -1 = none (package constant)
  const MbeClass* lex;    // class the text is written in (lexical lookup of classes, constants)
  int nsel;               // selection depth
  int sel[MBE_MAX_DIMS];  // 0-based element indices applied to the value, outermost first
  bool is_each;           // written with `each`: applies to every element
  bool is_final;
  MbeLoc loc;
} MbeBinding;

typedef enum MbeAttr {
  MBE_ATTR_START,
  MBE_ATTR_FIXED,
  MBE_ATTR_STATESELECT,
  MBE_ATTR_MIN,
  MBE_ATTR_MAX,
  MBE_ATTR_NOMINAL,
  MBE_ATTR_COUNT
} MbeAttr;

typedef enum MbeInstKind {
  MBE_INST_ROOT,       // the model being flattened
  MBE_INST_MODEL,      // a user's model or block, flattened into its parts
  MBE_INST_BUILTIN,    // a catalogue leaf: mech implements it
  MBE_INST_CONNECTOR,  // a structured connector (frame, flange)
  MBE_INST_RECORD,     // a record inside a connector or model (Orientation)
  MBE_INST_KIND_COUNT
} MbeInstKind;

// one instance of a structured class
typedef struct MbeInst {
  const char* name;  // full dotted path ("" for the root), e.g. "referenceSystem.body", "k[2]"
  int parent;        // enclosing instance; -1 for the root
  MbeInstKind kind;
  const MbeClass* cls;      // its class (short forms followed)
  const char* class_name;   // full name, e.g. "Modelica.Mechanics.MultiBody.Joints.Revolute"
  const MbeClass* builtin;  // the catalogue class this instance is or extends (NULL if none)
  bool is_present;          // false for a conditional component whose condition is false
  MbeLoc loc;               // declaration (the root: the class name)
  // element table, built lazily by the flattener
  struct MbeSlot* slots;
  size_t nslots;
  bool is_expanded;       // slots collected
  const char* signature;  // connector: its variables, for connect() compatibility (lazily)
  // classes redeclared for this instance (`redeclare model M = D` in a modifier or in a class
  // body): a component of type M takes the redeclared class (nredecl)
  const MbeClass** redecl;
  int* redecl_scope;  // the instance each one's modifiers see (where it is written)
  size_t nredecl;
  // a record instance given whole, `Orientation R = body.frame_a.R` or an equation
  // `R = Frames.nullRotation()`: its fields are those of that value (expr NULL: none)
  MbeBinding record_binding;
} MbeInst;

// one primitive variable (a Real/Integer/Boolean/String/enumeration component, scalar or array)
typedef struct MbeVar {
  const char* name;  // full dotted path, e.g. "revolute1.phi", "world.n"
  int inst;          // owning instance
  MbeBaseType type;
  const MbeClass* enum_type;
  const MbeClass* type_class;  // declared type (SI.Angle ...), NULL for a predefined type
  int ndims;
  int dims[MBE_MAX_DIMS];
  MbeVariability variability;
  MbeCausality causality;
  bool is_flow, is_final, is_protected;
  bool is_structural;  // a non-Real parameter: fixed for a compiled kernel
  bool is_evaluate;    // declared with annotation(Evaluate=true)
  bool is_visual;      // only the animation reads it (mbe_flat_mark_visual): varying it changes
                       // no simulated quantity
  const char* description;  // the declaration's description string, "" if none
  const char* unit;         // the unit attribute (its own or its type's, SI.Mass: "kg"), "" none
  bool is_free;        // a parameter with fixed=false: computed by initialization, its start
                       // value is the guess (Modelica 8.6)
  bool is_modified;    // the value comes from a modifier or the user's own declaration
  MbeBinding binding;
  MbeBinding attr[MBE_ATTR_COUNT];
  int eval_state;                       // 0 not evaluated, 1 in progress (cycle check), 2 done
  MbeValue value;                       // parameters and constants, once evaluated
  MbeValue attr_value[MBE_ATTR_COUNT];  // evaluated attributes; absent ones take the Modelica
  bool has_attr_value[MBE_ATTR_COUNT];  // defaults (start 0, fixed true for parameters and
                                        // false for variables, stateSelect default)
  MbeLoc loc;                           // declaration
} MbeVar;

// one end of a connection, after array expansion: an instance (structured connector) or one
// element of a primitive variable (RealInput u[3] -> element 2)
typedef struct MbeConnEnd {
  int inst;          // structured connector instance, -1 if var
  int var;           // primitive connector variable, -1 if inst
  int elem;          // element of var (0-based, row-major); 0 for scalars
  const char* name;  // "revolute1.frame_a", "forceAndTorque.force[2]"
} MbeConnEnd;

typedef struct MbeConnection {
  MbeConnEnd a, b;
  int scope;  // instance whose equation section holds the connect
  MbeLoc loc;
} MbeConnection;

// a user's equation `lhs = rhs`, resolved in scope
typedef struct MbeFlatEq {
  const MbeExpr* lhs;
  const MbeExpr* rhs;
  int scope;
  const MbeClass* lex;
  bool is_initial;
  MbeLoc loc;
} MbeFlatEq;

// an assert(condition, message, level) of the model, kept for the run: one on variables (or on
// parameters the initialization computes) is checked per member during the integration; one on
// parameters was checked when flattening, and again per member when a varied parameter enters it
typedef struct MbeFlatAssert {
  const MbeExpr* cond;
  const char* message;  // evaluated
  bool is_warning;      // level = AssertionLevel.warning: reported, the member goes on
  bool uses_variables;  // mbe_expr_uses_variables: checked during the run
  int scope;
  const MbeClass* lex;
  MbeLoc loc;  // the assert
} MbeFlatAssert;

typedef struct MbeWarning {
  char* message;
  MbeLoc loc;        // in a user's file where the warning concerns the catalogue's classes
  const char* note;  // what lies at note_loc, the library's place (NULL: none)
  MbeLoc note_loc;
} MbeWarning;

// an expression whose value the flat model's structure depends on (a dimension, the condition of
// a conditional component): mbe_flat_vary evaluates it again to refuse a varied value in it
typedef struct MbeStructExpr {
  const MbeExpr* expr;
  int scope;
  const MbeClass* lex;
} MbeStructExpr;

// a parameter element, or a start value, that varies per member of an ensemble (mbe_flat_vary)
typedef struct MbeVaried {
  const char* name;    // canonical: "body.m", "boxBody1.r[1]", "revolute1.phi.start"
  int var;             // flat var
  int elem;            // element of the var's value (row-major), 0 for scalars
  bool is_start;       // the start attribute, not the value
  double nominal;      // the model's own value
  double min, max;     // the variable's min and max attributes; -inf and inf where it has none
  const char* origin;  // where the user asked for it ("--vary 'body.m=uniform(1,2)'"), or NULL
} MbeVaried;

// The flat model. Arrays are owned by the flat model's arena; the spec must outlive it (names of
// classes and source locations point into it).
struct MbeFlat {
  MbeArena arena;
  const MbeSpec* spec;
  const MbeClass* top;   // the flattened class
  const char* top_name;  // its full name
  MbeInst* insts;
  size_t ninsts;
  size_t cap_insts;
  MbeVar* vars;
  size_t nvars;
  size_t cap_vars;
  MbeConnection* conns;
  size_t nconns;
  size_t cap_conns;
  MbeFlatEq* eqs;
  size_t neqs;
  size_t cap_eqs;
  MbeWarning* warnings;
  size_t nwarnings;
  size_t cap_warnings;
  MbeFlatAssert* asserts;  // in the order of flattening
  size_t nasserts, cap_asserts;
  // experiment annotation of the top class; has_* false where absent
  bool has_experiment;
  bool has_start_time, has_stop_time, has_interval, has_tolerance;
  double start_time, stop_time, interval, tolerance;
  MbeLoc experiment_loc;
  // per-member parameters (mbe_flat_vary): every value that depends on one carries its
  // expression in psym (MbeValue.sym); nvary = 0: none, and psym is empty
  MbeVaried* vary;
  size_t nvary;
  MbeSym psym;
  MbeStructExpr* sexprs;  // the dimensions and conditions the flattening evaluated
  size_t nsexprs, cap_sexprs;
};

// As mbe_flat_vary; origins[k] says where names[k] comes from, for the messages of errors that
// name the parameter: "--vary 'world.n[1]=uniform(-0.1,0.1)'", "params.txt:3:1" (the caller's
// words; the text is copied). Nullable: origins and each of its entries.
MbeStatus mbe_flat_vary_from(MbeFlat* flat, const char* const* names, const char* const* origins,
                             size_t n, MbeError* err);

// element elem (row-major) of v as users write it: "body.m", "boxBody1.r[1]", "body.I[2,1]",
// followed by suffix (".start" or ""), into buf (always NUL-terminated)
void mbe_var_element_name(const MbeVar* v, size_t elem, const char* suffix, char* buf,
                          size_t size);

// one parameter element or start value users may name, for the listings of the API
typedef struct MbeFlatParam {
  const char* name;         // canonical: "body.m", "boxBody1.r[1]", "revolute1.phi.start"
  const char* unit;         // "" where the declaration and its type state none
  const char* description;  // the declaration's description string, "" if none
  double nominal;           // the model's own value (Integer, Boolean, enumeration: as numbers)
  double min, max;          // the declared bounds; -inf and inf where there are none
  bool is_start;            // the start value of a variable, not a parameter's value
  const char* why_not;      // NULL where it may vary per member, else why not (the message
                            // mbe_flat_vary gives, or that only the animation reads it)
} MbeFlatParam;

// Every element of the parameters the model shows its users (not protected, not inside
// connectors, records or the built-ins' own parts unless the model sets them; String
// parameters left out), in declaration order, into an array of the flat model's arena. Strings
// point into the arena. Statuses: MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_flat_params(MbeFlat* flat, MbeFlatParam** out, size_t* n, MbeError* err);

// What mbe_flat_params says of one name as mbe_flat_vary takes it ("revolute1.phi.start"):
// MBE_OK with out filled (why_not set where it may not vary), MBE_ERR_USAGE when the name
// is none of the model's. Nullable: err.
MbeStatus mbe_flat_param(MbeFlat* flat, const char* name, MbeFlatParam* out, MbeError* err);

// true for a variable inside a connector or record, or inside a built-in's own sub-components
// where the model sets nothing of it: what listings leave out
bool mbe_flat_is_internal(const MbeFlat* flat, const MbeVar* v);

// Names the varied parameters that node id (of flat->psym) depends on, as "a, b and c", each
// followed by its origin in parentheses where it has one, into buf (always NUL-terminated).
// Returns the number of them.
size_t mbe_flat_varied_names(const MbeFlat* flat, MbeSymId id, char* buf, size_t size);

// varied parameter k as messages name it: "body.m", or "body.m (--vary 'body.m=uniform(1,2)')"
// where it has an origin; into buf (always NUL-terminated), which it returns
const char* mbe_flat_varied_label(const MbeFlat* flat, size_t k, char* buf, size_t size);

// true when element i of v depends on a varied parameter
bool mbe_value_varies(const MbeValue* v, const MbeSym* psym, size_t i);

// ---- lookup (model_lookup.c) --------------------------------------------------------------

// result of looking up a name as a class: the class, or a predefined type
typedef enum MbePredef {
  MBE_PREDEF_NONE,
  MBE_PREDEF_REAL,
  MBE_PREDEF_INTEGER,
  MBE_PREDEF_BOOLEAN,
  MBE_PREDEF_STRING,
  MBE_PREDEF_COUNT
} MbePredef;

// Looks up the first nparts parts of name as a class, starting lexically at scope (enclosing
// classes, their imports, their inherited classes, up to the root). Sets *out or *predef.
// Fails with an error naming the unknown part and the closest known name.
MbeStatus mbe_lookup_class(const MbeSpec* spec, const MbeClass* scope, const MbeName* name,
                           size_t nparts, const MbeClass** out, MbePredef* predef, MbeError* err);

// Like mbe_lookup_class but returns MBE_OK with *out NULL and *predef NONE when the first part
// is not found (the caller tries other interpretations); errors in later parts still fail.
MbeStatus mbe_lookup_class_opt(const MbeSpec* spec, const MbeClass* scope, const MbeName* name,
                               size_t nparts, const MbeClass** out, MbePredef* predef,
                               MbeError* err);

// Finds a named element class directly in cls, its short-form target or its base classes.
const MbeClass* mbe_class_member(const MbeSpec* spec, const MbeClass* cls, const char* ident);

// follows short class definitions (package SIunits = Modelica.Units.SI) to the long form
MbeStatus mbe_class_resolve_short(const MbeSpec* spec, const MbeClass* cls, const MbeClass** out,
                                  MbeError* err);

// The base class of extends clause i of cls; an unknown or cyclic base is a located error.
// The first construct of cls itself (not of its nested classes) that mbens does not simulate,
// as MBE_ERR_UNSUPPORTED at its location; MBE_OK when there is none (model_support.c).
MbeStatus mbe_class_check_supported(const MbeClass* cls, MbeError* err);

// The class of a dotted full name ("Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum"),
// loading it from the libraries when needed; NULL when there is none.
const MbeClass* mbe_lookup_full_name(const MbeSpec* spec, const char* name);

MbeStatus mbe_lookup_extends(const MbeSpec* spec, const MbeClass* cls, size_t i,
                             const MbeClass** out, MbeError* err);

// full dotted name of a class, allocated in arena
const char* mbe_class_full_name(MbeArena* arena, const MbeClass* cls);

// the closest name to ident among the classes visible from scope (for "did you mean")
const char* mbe_lookup_suggest(const MbeSpec* spec, const MbeClass* scope, const char* ident);

// ---- values and evaluation (model_eval.c) -------------------------------------------------

typedef struct MbeFlatten MbeFlatten;

MbeStatus mbe_value_alloc(MbeArena* a, MbeValue* v, MbeBaseType type, int ndims, const int* dims,
                          MbeError* err);
void mbe_value_print(MbeStrbuf* sb, const MbeValue* v);
const char* mbe_base_type_str(MbeBaseType t);

// Evaluates e with names resolved in instance scope and class lex. Only parameters and constants
// may be referenced; their values are evaluated on demand (cycles are errors).
MbeStatus mbe_eval(MbeFlatten* fl, const MbeExpr* e, int scope, const MbeClass* lex, MbeValue* out,
                   MbeError* err);

// Evaluates a subscript expression of a dimension of the given size ('end' stands for size).
MbeStatus mbe_eval_subscript(MbeFlatten* fl, const MbeExpr* e, int scope, const MbeClass* lex,
                             int size, MbeValue* out, MbeError* err);

// Evaluates a binding (applies its selection).
MbeStatus mbe_eval_binding(MbeFlatten* fl, const MbeBinding* b, MbeValue* out, MbeError* err);

// ---- flattening (model_flatten.c) ---------------------------------------------------------

// what a name in an expression refers to
typedef enum MbeRefKind {
  MBE_REF_VAR,
  MBE_REF_INST,
  MBE_REF_CONST,
  MBE_REF_ENUM,
  MBE_REF_CLASS
} MbeRefKind;

typedef struct MbeRef {
  MbeRefKind kind;
  int index;            // VAR: var, INST: inst
  size_t nparts_used;   // name parts consumed
  MbeValue value;       // CONST (package constant) and ENUM (literal)
  const MbeClass* cls;  // CLASS
} MbeRef;

// Resolves a component reference (without subscripts on the final var) in scope/lex.
MbeStatus mbe_flatten_resolve(MbeFlatten* fl, const MbeName* name, int scope, const MbeClass* lex,
                              MbeRef* out, MbeError* err);

// Evaluates an expression the flat model's structure depends on (a dimension, a condition, a
// for-range) and keeps it for mbe_flat_vary, which refuses a varied parameter in it.
MbeStatus mbe_flatten_eval_structural(MbeFlatten* fl, const MbeExpr* e, int scope,
                                      const MbeClass* lex, MbeValue* out, MbeError* err);

// ---- equation sections (model_unroll.c) ------------------------------------------------------

// a list of equations in an arena
typedef struct MbeEqList {
  MbeEquation* eq;
  size_t n, cap;
} MbeEqList;

// Appends the equations of eq with its structure resolved: the branch of an if-equation whose
// parameter condition holds, each iteration of a for-equation over a parameter range with the
// iterator's value written in; other equations as they are. A condition or range that varies in
// time is MBE_ERR_UNSUPPORTED at its place.
MbeStatus mbe_unroll_equation(MbeFlatten* fl, MbeArena* arena, const MbeEquation* eq, int scope,
                              const MbeClass* lex, MbeEqList* out, MbeError* err);

// Reads assert(condition, message[, level]) into *out (evaluating the message and level) and
// checks one on parameters: *failed is the message when its condition is false (NULL when it
// holds, and for an assert on variables, which out->uses_variables marks for the run).
// MBE_ERR_INVALID_ARG when eq is not an assert.
MbeStatus mbe_flatten_assert(MbeFlatten* fl, const MbeEquation* eq, int scope, const MbeClass* lex,
                             MbeFlatAssert* out, const char** failed, MbeError* err);

// Whether e refers to time, a variable that is not a parameter or constant, or a parameter that
// the initialization computes (fixed=false).
bool mbe_expr_uses_variables(MbeFlatten* fl, const MbeExpr* e, int scope, const MbeClass* lex);

// Evaluates variable v's value (parameters and constants).
MbeStatus mbe_flatten_var_value(MbeFlatten* fl, int v, MbeError* err);

// Evaluates every parameter's value and every attribute that is set, in dependency order.
MbeStatus mbe_flatten_eval_all(MbeFlatten* fl, MbeError* err);

// A context for evaluating again after flattening (model_vary.c): fl must be zeroed memory of
// mbe_flatten_ctx_size() bytes; init binds it to spec and flat, which it borrows and which must
// outlive it. It owns nothing else: free its memory when done.
size_t mbe_flatten_ctx_size(void);
void mbe_flatten_ctx_init(MbeFlatten* fl, MbeSpec* spec, MbeFlat* flat);

// Gives the elements of val (the value, or with is_start the start attribute, of var) that are
// varied parameters their PARAM leaves (model_vary.c); a no-op when nothing varies.
MbeStatus mbe_flat_vary_leaves(MbeFlat* flat, int var, bool is_start, MbeValue* val, MbeError* err);

// the flat model under construction
MbeFlat* mbe_flatten_flat(MbeFlatten* fl);
const MbeSpec* mbe_flatten_spec(MbeFlatten* fl);

// ---- the model's own values (model_bounds.c) -----------------------------------------------

// Checks every parameter value the model fixes (Real and Integer, not fixed=false) against the
// min and max its declaration or type states. The first value outside them is an MBE_ERR_MODEL
// at the binding that gives it, naming the element, its value and the bound with the bound's
// place; a binding in the library moves to the user's line (mbe_flat_error_at_var). The values
// users write are checked first, so a wrong one is reported where it is written, not at a
// library value computed from it. Nullable: err.
MbeStatus mbe_flat_check_bounds(const MbeFlat* flat, MbeError* err);

// ---- what only the animation reads (model_visual.c) ----------------------------------------

// the mark a catalogue declaration's description ends with when only the animation reads it
#define MBE_ANIMATION_MARK "[animation]"

// Sets MbeVar.is_visual on every variable only the animation reads: one declared with the mark
// (host/mech never reads it), or a parameter of the user's files that something reads, when
// everything that reads it (bindings and attributes of other variables, equations, dimensions
// and conditions) is itself visual. A marked parameter that a simulated value reads (the World's
// defaultWidthFraction where a BodyBox takes its default width) is not visual in that model.
// Statuses: MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_flat_mark_visual(MbeFlatten* fl, MbeError* err);

// ---- where errors point (model_where.c) ---------------------------------------------------
//
// An error found in a class the user did not write (the catalogue; the rule: a file the user did
// not give the spec) is reported where the user's text caused it. The library's place becomes
// the message's last line, "FILE:LINE:COL: note: in CLASS: WHAT IS THERE"; mbens prints
//   bad6.mo:3:79: error: body: the initialization found no solution ...
//   <catalogue>/.../Parts.mo:194:37: note: in ...Parts.Body: w_a(fixed = fill(w_0_fixed, 3))
// The user's place is the modifier in a user's file that set a value the failing expression
// reads (through the library's own bindings) when there is exactly one, else the declaration of
// the innermost instance on the failing element's path that a user's file declares. An error a
// varied value causes names the parameter and its origin (mbe_flat_vary_from).

// true when file is one the user gave the spec (mbe_spec_add_file/_text), not the catalogue's
bool mbe_spec_is_user_file(const MbeSpec* spec, const char* file);

// Moves err to the user's side when its location is in no user's file. What failed: the binding
// (attr -1) or attribute attr (MbeAttr) of variable var. The message gains the variable's name
// in front unless it names it. A no-op when err is NULL, holds no location or already points
// into a user's file. Nullable: err.
void mbe_flat_error_at_var(const MbeFlat* flat, int var, int attr, MbeError* err);

// As mbe_flat_error_at_var for expression expr (nullable) evaluated in instance inst, or for
// instance inst itself (a component's declaration). The message gains the instance's name.
void mbe_flat_error_at_inst(const MbeFlat* flat, int inst, const MbeExpr* expr, MbeError* err);

// The last resort at the end of each stage for an error still in no user's file: the variable
// or instance whose name the message holds (the longest), else the top class's declaration.
void mbe_flat_error_to_user(const MbeFlat* flat, MbeError* err);

// As mbe_flat_error_to_user for every warning of the flat model in no user's file: its loc
// moves, its old place goes to note_loc with note.
void mbe_flat_warnings_to_user(MbeFlat* flat);

// Adds the built-in catalogue to the spec once (model_catalogue.c).
MbeStatus mbe_catalogue_load(MbeSpec* spec, MbeError* err);

#endif
