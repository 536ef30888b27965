// SPDX-License-Identifier: Apache-2.0
// Hierarchical flattening: instances of structured classes and their primitive variables, with
// modifiers merged the Modelica way (outer modifiers before declaration modifiers before extends
// modifiers before type modifiers), arrays of components split element-wise unless `each`,
// conditional components, inner/outer, connections expanded over arrays, and users' equations.
// Elements are instantiated lazily so that a dimension or condition can use a parameter declared
// anywhere in the class; parameter values are evaluated on demand with a cycle check.
#include <stdio.h>
#include <string.h>

#include "model.h"

enum { MAX_INST_DEPTH = 64, MAX_INSTANCES = 1000000 };

// one modifier argument that applies to an element, with what has been consumed of its path
typedef struct ModEntry {
  const MbeModArg* arg;
  size_t depth;         // path parts consumed
  int scope;            // instance where its value's names resolve (-1: none)
  const MbeClass* lex;  // class it is written in
  int nsel;             // element selection for arrays of components
  int sel[MBE_MAX_DIMS];
  bool is_type_mod;  // comes from a type's short definition (lowest priority)
} ModEntry;

typedef struct ModSet {
  ModEntry* e;  // highest priority first (n)
  size_t n;
} ModSet;

typedef struct MbeSlot {
  const char* ident;
  const MbeComp* comp;
  const MbeClass* lex;  // class that declares comp
  int decl_scope;       // instance the declaration's expressions see: -1 the owning instance;
                        // a redeclaration from a modifier sees the modifier's instance
  ModSet mods;          // modifiers from outside for the instance owning the slot
  int state;            // 0 pending, 1 in progress, 2 done
  bool is_present;
  int var;     // primitive variable, -1 otherwise
  int* elems;  // instances (nelems; 1 for a scalar component)
  int nelems;
  int ndims;
  int dims[MBE_MAX_DIMS];  // array-of-components shape
  bool is_array;
  int inner;  // outer component: the inner instance it stands for, else -1
} MbeSlot;

typedef struct ConstCache {
  const MbeComp* comp;
  const MbeClass* lex;
  int state;
  MbeValue value;
} ConstCache;

// a class redeclared for an instance and the instance its short definition's modifiers see (the
// one whose modifier or body redeclares it)
typedef struct RedeclScope {
  const MbeClass* cls;
  int scope;
} RedeclScope;

struct MbeFlatten {
  MbeSpec* spec;
  MbeFlat* flat;
  MbeArena* arena;
  ConstCache* consts;
  size_t nconsts, cap_consts;
  int depth;
  RedeclScope* redecl_scopes;
  size_t nredecl_scopes, cap_redecl_scopes;
};

size_t mbe_flatten_ctx_size(void) {
  return sizeof(MbeFlatten);
}

void mbe_flatten_ctx_init(MbeFlatten* fl, MbeSpec* spec, MbeFlat* flat) {
  memset(fl, 0, sizeof *fl);
  fl->spec = spec;
  fl->flat = flat;
  fl->arena = &flat->arena;
}

MbeFlat* mbe_flatten_flat(MbeFlatten* fl) {
  return fl->flat;
}
const MbeSpec* mbe_flatten_spec(MbeFlatten* fl) {
  return fl->spec;
}

static MbeStatus nomem(MbeError* err) {
  return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory while flattening");
}

// grows an arena array to hold n+1 elements
static void* grow(MbeArena* a, void* data, size_t n, size_t* cap, size_t elem) {
  if (n < *cap) {
    return data;
  }
  size_t ncap = *cap ? 2 * *cap : 16;
  void* nd = mbe_arena_alloc(a, ncap * elem);
  if (nd && n) {
    memcpy(nd, data, n * elem);
  }
  if (nd) {
    *cap = ncap;
  }
  return nd;
}

static void warn(MbeFlatten* fl, MbeLoc loc, const char* fmt, ...) MBE_PRINTF(3, 4);

static void warn(MbeFlatten* fl, MbeLoc loc, const char* fmt, ...) {
  MbeFlat* f = fl->flat;
  MbeWarning* w = grow(fl->arena, f->warnings, f->nwarnings, &f->cap_warnings, sizeof *w);
  if (!w) {
    return;
  }
  f->warnings = w;
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  w[f->nwarnings] = (MbeWarning){mbe_arena_strdup(fl->arena, msg), loc, NULL, {0}};
  f->nwarnings++;
}

// ---- modifiers ----------------------------------------------------------------------------

static MbeStatus modset_push(MbeFlatten* fl, ModSet* m, size_t* cap, ModEntry e, MbeError* err) {
  ModEntry* ne = grow(fl->arena, m->e, m->n, cap, sizeof *ne);
  if (!ne) {
    return nomem(err);
  }
  m->e = ne;
  m->e[m->n++] = e;
  return MBE_OK;
}

// appends the arguments of mod as entries (depth 0)
static MbeStatus modset_add_mod(MbeFlatten* fl, ModSet* m, size_t* cap, const MbeMod* mod,
                                int scope, const MbeClass* lex, const ModEntry* inherit,
                                bool is_type_mod, MbeError* err) {
  for (size_t i = 0; mod && i < mod->nargs; i++) {
    ModEntry e = {&mod->args[i], 0, scope, lex, 0, {0}, is_type_mod};
    if (inherit) {
      e.nsel = inherit->nsel;
      memcpy(e.sel, inherit->sel, sizeof e.sel);
    }
    MbeStatus st = modset_push(fl, m, cap, e, err);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

static MbeStatus modset_copy(MbeFlatten* fl, ModSet* dst, size_t* cap, const ModSet* src,
                             MbeError* err) {
  for (size_t i = 0; i < src->n; i++) {
    MbeStatus st = modset_push(fl, dst, cap, src->e[i], err);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

static bool entry_names(const ModEntry* e, const char* ident) {
  return e->depth < e->arg->npath && strcmp(e->arg->path[e->depth], ident) == 0;
}

// the modifiers of element ident, from the modifiers of its owner: entries whose path continues
// into ident, and the nested arguments of entries that end at it. *value gets the highest-
// priority entry with a binding for ident itself (NULL if none).
static MbeStatus modset_child(MbeFlatten* fl, const ModSet* m, const char* ident, ModSet* out,
                              const ModEntry** value, MbeError* err) {
  memset(out, 0, sizeof *out);
  size_t cap = 0;
  *value = NULL;
  for (size_t i = 0; i < m->n; i++) {
    const ModEntry* e = &m->e[i];
    if (!entry_names(e, ident)) {
      continue;
    }
    MbeStatus st;
    if (e->depth + 1 < e->arg->npath) {
      ModEntry d = *e;
      d.depth++;
      st = modset_push(fl, out, &cap, d, err);
    } else {
      if (e->arg->value && !*value) {
        *value = e;
      }
      st = modset_add_mod(fl, out, &cap, e->arg->sub, e->scope, e->lex, e, e->is_type_mod, err);
      // `each` on an argument cancels element selection for everything below it
      if (st == MBE_OK && e->arg->is_each) {
        for (size_t k = out->n; k-- > 0 && out->e[k].arg != e->arg;) {
          if (out->e[k].nsel >= e->nsel) {
            out->e[k].nsel = 0;
          }
        }
      }
    }
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

static MbeBinding binding_from_entry(const ModEntry* e) {
  MbeBinding b;
  memset(&b, 0, sizeof b);
  b.expr = e->arg->value;
  b.scope = e->scope;
  b.lex = e->lex;
  b.is_each = e->arg->is_each;
  b.nsel = e->arg->is_each ? 0 : e->nsel;
  memcpy(b.sel, e->sel, sizeof b.sel);
  b.is_final = e->arg->is_final;
  b.loc = e->arg->value_loc;
  return b;
}

// ---- instances and slots ------------------------------------------------------------------

static MbeStatus new_inst(MbeFlatten* fl, const char* name, int parent, const MbeClass* cls,
                          MbeLoc loc, int* out, MbeError* err) {
  MbeFlat* f = fl->flat;
  if (f->ninsts >= MAX_INSTANCES) {
    return mbe_error_at(err, MBE_ERR_MODEL, loc, "more than %d component instances", MAX_INSTANCES);
  }
  MbeInst* a = grow(fl->arena, f->insts, f->ninsts, &f->cap_insts, sizeof *a);
  if (!a) {
    return nomem(err);
  }
  f->insts = a;
  MbeInst* in = &a[f->ninsts];
  memset(in, 0, sizeof *in);
  in->name = name;
  in->parent = parent;
  in->cls = cls;
  in->class_name = mbe_class_full_name(fl->arena, cls);
  in->is_present = true;
  in->loc = loc;
  if (!in->class_name) {
    return nomem(err);
  }

  // kind: catalogue leaves are built-ins; connectors and records by restriction
  switch (cls->restriction) {
    case MBE_CLASS_CONNECTOR: in->kind = MBE_INST_CONNECTOR; break;
    case MBE_CLASS_RECORD: in->kind = MBE_INST_RECORD; break;
    default:
      in->kind = parent < 0                                ? MBE_INST_ROOT
                 : (cls->is_catalogue && !cls->is_partial) ? MBE_INST_BUILTIN
                                                           : MBE_INST_MODEL;
  }
  if (cls->is_catalogue && !cls->is_partial && in->kind != MBE_INST_CONNECTOR &&
      in->kind != MBE_INST_RECORD) {
    in->builtin = cls;
  }
  *out = (int)f->ninsts++;
  return MBE_OK;
}

typedef struct SlotList {
  MbeSlot* s;
  size_t n, cap;
} SlotList;

// true when cls declares, itself or by inheritance, a public component `name`
static bool declares(const MbeSpec* spec, const MbeClass* cls, const char* name, int depth) {
  if (!cls || depth > MAX_INST_DEPTH) {
    return false;
  }
  if (cls->is_short) {
    const MbeClass* t = NULL;
    return mbe_class_resolve_short(spec, cls, &t, NULL) == MBE_OK &&
           declares(spec, t, name, depth + 1);
  }
  for (size_t i = 0; i < cls->ncomps; i++) {
    if (!cls->comps[i].is_protected && strcmp(cls->comps[i].name, name) == 0) {
      return true;
    }
  }
  for (size_t i = 0; i < cls->nextends; i++) {
    const MbeClass* base = NULL;
    if (mbe_lookup_extends(spec, cls, i, &base, NULL) == MBE_OK &&
        declares(spec, base, name, depth + 1)) {
      return true;
    }
  }
  return false;
}

// the first public component of the constraining class c (own or inherited) that cls lacks,
// NULL when cls has them all (Modelica's subtype rule, by names)
static const MbeComp* lacks(const MbeSpec* spec, const MbeClass* c, const MbeClass* cls,
                            int depth) {
  if (!c || depth > MAX_INST_DEPTH) {
    return NULL;
  }
  if (c->is_short) {
    const MbeClass* t = NULL;
    return mbe_class_resolve_short(spec, c, &t, NULL) == MBE_OK ? lacks(spec, t, cls, depth + 1)
                                                                 : NULL;
  }
  for (size_t i = 0; i < c->ncomps; i++) {
    if (!c->comps[i].is_protected && !declares(spec, cls, c->comps[i].name, 0)) {
      return &c->comps[i];
    }
  }
  for (size_t i = 0; i < c->nextends; i++) {
    const MbeClass* base = NULL;
    const MbeComp* miss = mbe_lookup_extends(spec, c, i, &base, NULL) == MBE_OK
                              ? lacks(spec, base, cls, depth + 1)
                              : NULL;
    if (miss) {
      return miss;
    }
  }
  return NULL;
}

// a redeclaration of slot by `comp`, written in class lex: the original must be replaceable,
// and the new class must have the public components of the constraining class (the
// constrainedby clause, else the original's own class)
static MbeStatus check_redeclaration(MbeFlatten* fl, const MbeSlot* slot, const MbeComp* comp,
                                     const MbeClass* lex, MbeError* err) {
  const MbeComp* old = slot->comp;
  if (old->is_redeclare) {
    return MBE_OK;  // a class body's redeclaration: its original is out of sight here
  }
  if (!old->is_replaceable) {
    return mbe_error_at(err, MBE_ERR_MODEL, comp->loc,
                        "'%s' is not declared replaceable (%s:%d:%d) and cannot be redeclared",
                        slot->ident, old->loc.file, old->loc.line, old->loc.col);
  }
  const MbeName* cname = old->constraint ? &old->constraint->base : &old->type;
  const MbeClass* c = NULL;
  const MbeClass* cls = NULL;
  MbePredef pd;
  if (mbe_lookup_class_opt(fl->spec, slot->lex, cname, cname->nparts, &c, &pd, NULL) != MBE_OK ||
      mbe_lookup_class_opt(fl->spec, lex, &comp->type, comp->type.nparts, &cls, &pd, NULL) !=
          MBE_OK ||
      !c || !cls) {
    return MBE_OK;  // an unknown class is named where the slot is instantiated
  }
  const MbeComp* miss = lacks(fl->spec, c, cls, 0);
  if (miss) {
    return mbe_error_at(err, MBE_ERR_MODEL, comp->loc,
                        "'%s' is redeclared as %s, which has no '%s' of its constraining class "
                        "%s (%s:%d:%d)",
                        slot->ident, cls->name, miss->name, c->name, miss->loc.file,
                        miss->loc.line, miss->loc.col);
  }
  return MBE_OK;
}

// `redeclare Type name(...)` in the modifiers from outside: the slot takes the new declaration,
// whose type and expressions are seen from where the modifier is written (the first entry, of
// the highest priority, wins)
static MbeStatus apply_redeclarations(MbeFlatten* fl, const ModSet* mods, SlotList* out,
                                      MbeError* err) {
  enum { MAX_REDONE = 64 };
  typedef struct Redone {
    const MbeSlot* slot;
    const MbeComp* comp;  // its declaration before the first redeclaration here
  } Redone;
  Redone redone[MAX_REDONE];
  size_t nredone = 0;
  for (size_t i = mods->n; i-- > 0;) {
    const ModEntry* e = &mods->e[i];
    const MbeModArg* a = e->arg;
    if (!a->is_redeclare || !a->redecl_comp || e->depth + 1 != a->npath) {
      continue;
    }
    MbeSlot* slot = NULL;
    for (size_t k = 0; k < out->n && !slot; k++) {
      slot = strcmp(out->s[k].ident, a->path[e->depth]) == 0 ? &out->s[k] : NULL;
    }
    if (!slot) {
      continue;  // check_mod_targets names the element that does not exist
    }
    // an outer modifier's redeclaration replaces an inner one's: both answer to the original
    MbeSlot orig = *slot;
    for (size_t k = 0; k < nredone; k++) {
      orig.comp = redone[k].slot == slot ? redone[k].comp : orig.comp;
    }
    if (slot->comp->is_final) {
      return mbe_error_at(err, MBE_ERR_MODEL, a->redecl_comp->prefix_loc,
                          "'%s' is declared final (%s:%d:%d) and cannot be redeclared",
                          slot->ident, slot->comp->loc.file, slot->comp->loc.line,
                          slot->comp->loc.col);
    }
    MbeStatus st = check_redeclaration(fl, &orig, a->redecl_comp, e->lex, err);
    if (st != MBE_OK) {
      return st;
    }
    if (orig.comp == slot->comp && nredone < MAX_REDONE) {
      redone[nredone++] = (Redone){slot, slot->comp};
    }
    slot->comp = a->redecl_comp;
    slot->lex = e->lex;
    slot->decl_scope = e->scope;
  }
  return MBE_OK;
}

// the instance whose modifier or body redeclared the class cls (its short definition's
// modifiers see that instance), dflt for a class no one redeclared
static int redecl_scope(const MbeFlatten* fl, const MbeClass* cls, int dflt) {
  for (size_t i = fl->nredecl_scopes; i-- > 0;) {
    if (fl->redecl_scopes[i].cls == cls) {
      return fl->redecl_scopes[i].scope;
    }
  }
  return dflt;
}

// true when entry e of a modifier set modifies the element ident
static bool targets(const ModEntry* e, const char* ident) {
  return e->depth < e->arg->npath && strcmp(e->arg->path[e->depth], ident) == 0;
}

// true when x and y modify the element the same way: one modifier, or the same path below it
// and the same binding written the same way
static bool same_mod(const ModEntry* x, const ModEntry* y) {
  if (x->arg == y->arg) {
    return true;
  }
  if (x->arg->npath - x->depth != y->arg->npath - y->depth || x->arg->sub || y->arg->sub ||
      x->arg->is_redeclare || y->arg->is_redeclare || !x->arg->value != !y->arg->value) {
    return false;
  }
  for (size_t i = x->depth; i < x->arg->npath; i++) {
    if (strcmp(x->arg->path[i], y->arg->path[i - x->depth + y->depth]) != 0) {
      return false;
    }
  }
  MbeStrbuf a, b;
  mbe_strbuf_init(&a);
  mbe_strbuf_init(&b);
  if (x->arg->value) {
    mbe_expr_print(&a, x->arg->value);
    mbe_expr_print(&b, y->arg->value);
  }
  bool same = !a.is_oom && !b.is_oom && strcmp(a.data ? a.data : "", b.data ? b.data : "") == 0;
  mbe_strbuf_deinit(&a);
  mbe_strbuf_deinit(&b);
  return same;
}

// the first modifier of ident in `in` that `other` lacks, NULL when there is none
static const ModEntry* unmatched_mod(const ModSet* in, const ModSet* other, const char* ident) {
  for (size_t i = 0; i < in->n; i++) {
    if (!targets(&in->e[i], ident)) {
      continue;
    }
    bool found = false;
    for (size_t j = 0; j < other->n && !found; j++) {
      found = targets(&other->e[j], ident) && same_mod(&in->e[i], &other->e[j]);
    }
    if (!found) {
      return &in->e[i];
    }
  }
  return NULL;
}

// one declaration inherited through two extends paths must be modified the same way on both
// (Modelica 3.6, 7.3: the elements must be identical)
static MbeStatus check_twice_inherited(const MbeSlot* slot, const ModSet* mods, MbeError* err) {
  const ModEntry* d = unmatched_mod(mods, &slot->mods, slot->ident);
  if (!d) {
    d = unmatched_mod(&slot->mods, mods, slot->ident);
  }
  if (!d) {
    return MBE_OK;
  }
  return mbe_error_at(err, MBE_ERR_MODEL, d->arg->loc,
                      "'%s' (%s:%d:%d) is inherited twice, and this modifier applies on one "
                      "path only: both must modify it the same way",
                      slot->ident, slot->comp->loc.file, slot->comp->loc.line,
                      slot->comp->loc.col);
}

// collects the elements of cls (own and inherited) into slots of instance inst; mods are the
// modifiers from outside, highest priority first
static MbeStatus collect_slots(MbeFlatten* fl, int inst, const MbeClass* cls, const ModSet* mods,
                               SlotList* out, int depth, MbeError* err) {
  if (depth > MAX_INST_DEPTH) {
    return mbe_error_at(err, MBE_ERR_MODEL, cls->loc, "extends clauses of %s form a cycle",
                        cls->name);
  }
  MbeStatus st0 = mbe_class_check_supported(cls, err);
  if (st0 != MBE_OK) {
    return st0;
  }

  // a short class (model M = N(mods)) adds its modifiers below the outer ones
  if (cls->is_short && !cls->is_enumeration) {
    const MbeClass* target = NULL;
    MbePredef pd = MBE_PREDEF_NONE;
    MbeStatus st = mbe_lookup_class(fl->spec, cls->parent ? cls->parent : &fl->spec->root,
                                    &cls->short_base, cls->short_base.nparts, &target, &pd, err);
    if (st != MBE_OK) {
      return st;
    }
    if (!target) {
      return mbe_error_at(err, MBE_ERR_MODEL, cls->loc,
                          "%s is a predefined type, not a class with elements", cls->name);
    }
    ModSet m2 = {0};
    size_t cap = 0;
    int mscope = redecl_scope(fl, cls, inst);
    if ((st = modset_copy(fl, &m2, &cap, mods, err)) != MBE_OK ||
        (st = modset_add_mod(fl, &m2, &cap, cls->short_mod, mscope, cls, NULL, false, err)) !=
            MBE_OK) {
      return st;
    }
    return collect_slots(fl, inst, target, &m2, out, depth + 1, err);
  }

  // inherited elements first, with the extends modifiers below the outer ones
  for (size_t i = 0; i < cls->nextends; i++) {
    const MbeClass* base = NULL;
    MbeStatus st = mbe_lookup_extends(fl->spec, cls, i, &base, err);
    if (st != MBE_OK) {
      return st;
    }
    if (base->restriction == MBE_CLASS_PACKAGE || base->restriction == MBE_CLASS_FUNCTION) {
      return mbe_error_at(err, MBE_ERR_MODEL, cls->extends[i].loc,
                          "%s %s cannot be extended by %s %s",
                          mbe_restriction_str(base->restriction), base->name,
                          mbe_restriction_str(cls->restriction), cls->name);
    }
    ModSet m2 = {0};
    size_t cap = 0;
    if ((st = modset_copy(fl, &m2, &cap, mods, err)) != MBE_OK ||
        (st = modset_add_mod(fl, &m2, &cap, cls->extends[i].mod, inst, cls, NULL, false, err)) !=
            MBE_OK) {
      return st;
    }
    if ((st = collect_slots(fl, inst, base, &m2, out, depth + 1, err)) != MBE_OK) {
      return st;
    }
    if (base->is_catalogue && !base->is_partial && !fl->flat->insts[inst].builtin &&
        base->restriction != MBE_CLASS_CONNECTOR && base->restriction != MBE_CLASS_RECORD) {
      fl->flat->insts[inst].builtin = base;
    }
  }

  // own components
  for (size_t i = 0; i < cls->ncomps; i++) {
    const MbeComp* c = &cls->comps[i];
    bool dup = false;
    for (size_t k = 0; k < out->n; k++) {
      if (strcmp(out->s[k].ident, c->name) == 0) {
        // the same declaration inherited twice is allowed (Modelica 7.3); anything else is not
        if (out->s[k].comp == c || (out->s[k].lex->is_catalogue && cls->is_catalogue)) {
          dup = true;  // one declaration reached through two extends paths
          MbeStatus st = check_twice_inherited(&out->s[k], mods, err);
          if (st != MBE_OK) {
            return st;
          }
          break;
        }
        if (c->is_redeclare) {
          // an element redeclaration in the class body replaces the inherited declaration
          out->s[k].comp = c;
          out->s[k].lex = cls;
          dup = true;
          break;
        }
        return mbe_error_at(err, MBE_ERR_MODEL, c->loc,
                            "'%s' is already declared in this class or a base class (%s:%d:%d)",
                            c->name, out->s[k].comp->loc.file, out->s[k].comp->loc.line,
                            out->s[k].comp->loc.col);
      }
    }
    if (dup) {
      continue;
    }
    MbeSlot* s = grow(fl->arena, out->s, out->n, &out->cap, sizeof *s);
    if (!s) {
      return nomem(err);
    }
    out->s = s;
    MbeSlot* slot = &s[out->n++];
    memset(slot, 0, sizeof *slot);
    slot->ident = c->name;
    slot->comp = c;
    slot->lex = cls;
    slot->mods = *mods;
    slot->var = -1;
    slot->inner = -1;
    slot->decl_scope = -1;
    if (c->is_redeclare) {
      return mbe_error_at(err, MBE_ERR_MODEL, c->prefix_loc,
                          "'redeclare %s' redeclares nothing: no base class declares '%s'",
                          c->name, c->name);
    }
  }
  return apply_redeclarations(fl, mods, out, err);
}

static MbeSlot* find_slot(MbeInst* in, const char* ident) {
  for (size_t i = 0; i < in->nslots; i++) {
    if (strcmp(in->slots[i].ident, ident) == 0) {
      return &in->slots[i];
    }
  }
  return NULL;
}

static const char* suggest_slot(const MbeInst* in, const char* ident) {
  const char* best = NULL;
  size_t len = strlen(ident);
  size_t best_d = len < 4 ? 2 : len / 3 + 1;
  for (size_t i = 0; i < in->nslots; i++) {
    size_t d = mbe_edit_distance(ident, in->slots[i].ident, best_d);
    if (d < best_d) {
      best_d = d;
      best = in->slots[i].ident;
    }
  }
  return best;
}

// every modifier reaching inst must name one of its elements
static MbeStatus check_mod_targets(MbeFlatten* fl, int inst, const ModSet* mods, MbeError* err) {
  MbeInst* in = &fl->flat->insts[inst];
  for (size_t i = 0; i < mods->n; i++) {
    const ModEntry* e = &mods->e[i];
    if (e->depth >= e->arg->npath) {
      continue;
    }
    const char* id = e->arg->path[e->depth];
    if (e->arg->redecl_class && e->depth + 1 == e->arg->npath) {
      continue;  // a class redeclaration (expand checks that the class exists)
    }
    if (!find_slot(in, id)) {
      const char* hint = suggest_slot(in, id);
      return mbe_error_at(err, MBE_ERR_MODEL, e->arg->loc, "%s%s%s%s has no element '%s'%s%s%s",
                          in->name[0] ? in->name : "", in->name[0] ? " (" : "", in->class_name,
                          in->name[0] ? ")" : "", id, hint ? " (did you mean '" : "",
                          hint ? hint : "", hint ? "'?)" : "");
    }
  }
  return MBE_OK;
}

// a redeclared function must have the inputs and outputs of its constraining function (the
// constrainedby clause, else the original), whether or not the class ever calls it (a
// visualizer's colour map); an unknown new function is reported where it is resolved
static MbeStatus check_function_redecl(MbeFlatten* fl, const MbeInst* in, const MbeClass* old,
                                       const MbeClass* c, MbeError* err) {
  const MbeClass* target = NULL;
  if (old->restriction != MBE_CLASS_FUNCTION ||
      mbe_class_resolve_short(fl->spec, c, &target, NULL) != MBE_OK || target == NULL) {
    return MBE_OK;
  }
  const MbeClass* cons = old;
  if (old->constraint) {
    const MbeClass* k = NULL;
    MbePredef pd;
    const MbeName* cn = &old->constraint->base;
    if (mbe_lookup_class_opt(fl->spec, old->parent, cn, cn->nparts, &k, &pd, NULL) != MBE_OK ||
        k == NULL) {
      return MBE_OK;
    }
    cons = k;
  }
  const MbeComp* miss = lacks(fl->spec, cons, c, 0);
  if (miss) {
    return mbe_error_at(err, MBE_ERR_MODEL, c->loc,
                        "'%s' of %s is redeclared as %s, which has no '%s' of the function it "
                        "must replace (%s:%d:%d)",
                        c->name, in->class_name, target->name, miss->name, miss->loc.file,
                        miss->loc.line, miss->loc.col);
  }
  return MBE_OK;
}

// records class redeclaration c for instance inst; a later one of the same name replaces it
static MbeStatus add_redecl(MbeFlatten* fl, int inst, const MbeClass* c, int scope,
                            MbeError* err) {
  RedeclScope* rs = grow(fl->arena, fl->redecl_scopes, fl->nredecl_scopes, &fl->cap_redecl_scopes,
                         sizeof *rs);
  if (!rs) {
    return nomem(err);
  }
  fl->redecl_scopes = rs;
  rs[fl->nredecl_scopes++] = (RedeclScope){c, scope};
  MbeInst* in = &fl->flat->insts[inst];
  // a redeclared function (World's gravityAcceleration) is kept with the instance its
  // modifiers see; host/mech inlines it where the class calls it
  const MbeClass* old = mbe_class_member(fl->spec, in->cls, c->name);
  if (!old) {
    return mbe_error_at(err, MBE_ERR_MODEL, c->loc, "%s has no class '%s' to redeclare",
                        in->class_name, c->name);
  }
  if ((old->restriction == MBE_CLASS_FUNCTION) != (c->restriction == MBE_CLASS_FUNCTION)) {
    return mbe_error_at(err, MBE_ERR_MODEL, c->prefix_loc,
                        "'%s' is redeclared as a %s where %s declares a %s", c->name,
                        mbe_restriction_str(c->restriction), in->class_name,
                        mbe_restriction_str(old->restriction));
  }
  MbeStatus st = check_function_redecl(fl, in, old, c, err);
  if (st != MBE_OK) {
    return st;
  }
  for (size_t i = 0; i < in->nredecl; i++) {
    if (strcmp(in->redecl[i]->name, c->name) == 0) {
      in->redecl[i] = c;
      in->redecl_scope[i] = scope;
      return MBE_OK;
    }
  }
  const MbeClass** a = mbe_arena_alloc(fl->arena, (in->nredecl + 1) * sizeof *a);
  int* sc = mbe_arena_alloc(fl->arena, (in->nredecl + 1) * sizeof *sc);
  if (!a || !sc) {
    return nomem(err);
  }
  if (in->nredecl) {
    memcpy(a, in->redecl, in->nredecl * sizeof *a);
    memcpy(sc, in->redecl_scope, in->nredecl * sizeof *sc);
  }
  a[in->nredecl] = c;
  sc[in->nredecl] = scope;
  in->redecl = a;
  in->redecl_scope = sc;
  in->nredecl++;
  return MBE_OK;
}

// the class redeclarations of the bodies of cls and its bases, bases first
static MbeStatus body_redecls(MbeFlatten* fl, int inst, const MbeClass* cls, int depth,
                              MbeError* err) {
  MbeStatus st;
  if (depth > MAX_INST_DEPTH || cls->is_short) {
    return MBE_OK;
  }
  for (size_t i = 0; i < cls->nextends; i++) {
    const MbeClass* base = NULL;
    if ((st = mbe_lookup_extends(fl->spec, cls, i, &base, err)) != MBE_OK ||
        (st = body_redecls(fl, inst, base, depth + 1, err)) != MBE_OK) {
      return st;
    }
  }
  for (size_t i = 0; i < cls->nclasses; i++) {
    if (cls->classes[i]->is_redeclare &&
        (st = add_redecl(fl, inst, cls->classes[i], inst, err)) != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// whether cls reaches the catalogue class `builtin` through extends clauses alone (one each),
// adding no components, equations or algorithms of its own (`model MyBody extends
// Parts.Body(m = 2); end MyBody;`, the MSL's Translational IdealRollingWheel)
static bool only_extends(MbeFlatten* fl, const MbeClass* cls, const MbeClass* builtin) {
  for (int depth = 0; cls != NULL && depth < MAX_INST_DEPTH; depth++) {
    if (cls == builtin)
      return true;
    if (cls->is_catalogue || cls->is_short || cls->nextends != 1 || cls->ncomps > 0 ||
        cls->neqs > 0 || cls->nalgorithms > 0)
      return false;
    const MbeClass* base = NULL;
    MbeError scratch;
    memset(&scratch, 0, sizeof scratch);
    if (mbe_lookup_extends(fl->spec, cls, 0, &base, &scratch) != MBE_OK)
      return false;
    cls = base;
  }
  return false;
}

static MbeStatus expand(MbeFlatten* fl, int inst, const ModSet* mods, MbeError* err) {
  SlotList sl = {0};
  MbeStatus st = collect_slots(fl, inst, fl->flat->insts[inst].cls, mods, &sl, 0, err);
  if (st != MBE_OK) {
    return st;
  }
  MbeInst* in = &fl->flat->insts[inst];
  // a model that only extends a built-in class (with modifiers) is that built-in: the simulator
  // implements it; one that adds to it stays a model of the user's
  if (in->kind == MBE_INST_MODEL && in->builtin != NULL && only_extends(fl, in->cls, in->builtin))
    in->kind = MBE_INST_BUILTIN;
  in->slots = sl.s;
  in->nslots = sl.n;
  in->is_expanded = true;
  if ((st = body_redecls(fl, inst, in->cls, 0, err)) != MBE_OK) {
    return st;
  }
  // the modifiers' redeclarations, lowest priority first so that the first one wins
  for (size_t i = mods->n; i-- > 0;) {
    const ModEntry* e = &mods->e[i];
    if (e->arg->redecl_class && e->depth + 1 == e->arg->npath &&
        (st = add_redecl(fl, inst, e->arg->redecl_class, e->scope, err)) != MBE_OK) {
      return st;
    }
  }
  return check_mod_targets(fl, inst, mods, err);
}

static MbeStatus instantiate_slot(MbeFlatten* fl, int inst, size_t slot_index, MbeError* err);

// ---- types of components ------------------------------------------------------------------

// what a component's type resolves to: a predefined or enumeration base type with the collected
// dims and modifiers of short type definitions, or a structured class
typedef struct TypeInfo {
  MbeBaseType base;
  bool is_primitive;
  const MbeClass* cls;  // structured class, or the enumeration / declared type class
  const MbeClass* enum_type;
  const MbeClass* type_class;  // first named type (SI.Angle), NULL for predefined
  const MbeExpr* dims[MBE_MAX_DIMS];
  const MbeClass* dims_lex[MBE_MAX_DIMS];
  int ndims;
  ModSet mods;  // type modifiers, outermost type first
  MbeCausality causality;
} TypeInfo;

// a class redeclared for instance inst under the one-part name n, or NULL
static const MbeClass* redeclared(const MbeFlatten* fl, int inst, const MbeName* n) {
  const MbeInst* in = &fl->flat->insts[inst];
  for (size_t i = 0; n->nparts == 1 && !n->is_global && i < in->nredecl; i++) {
    if (strcmp(in->redecl[i]->name, n->parts[0].ident) == 0) {
      return in->redecl[i];
    }
  }
  return NULL;
}

static MbeStatus resolve_type(MbeFlatten* fl, const MbeComp* c, const MbeClass* lex, int inst,
                              TypeInfo* ti, MbeError* err) {
  memset(ti, 0, sizeof *ti);
  size_t cap = 0;
  const MbeClass* cls = inst >= 0 ? redeclared(fl, inst, &c->type) : NULL;
  MbePredef pd = MBE_PREDEF_NONE;
  MbeStatus st = cls ? MBE_OK
                     : mbe_lookup_class(fl->spec, lex, &c->type, c->type.nparts, &cls, &pd, err);
  if (st != MBE_OK) {
    return st;
  }
  for (int depth = 0; cls; depth++) {
    if (depth > MAX_INST_DEPTH) {
      return mbe_error_at(err, MBE_ERR_MODEL, c->type.loc, "type definitions form a cycle");
    }
    if (!ti->type_class && cls->is_short) {
      ti->type_class = cls;
    }
    if (cls->restriction == MBE_CLASS_PACKAGE || cls->restriction == MBE_CLASS_FUNCTION) {
      MbeStrbuf sb;
      mbe_strbuf_init(&sb);
      mbe_name_print(&sb, &c->type);
      st = mbe_error_at(err, MBE_ERR_MODEL, c->type.loc,
                        "%s is a %s; a component needs a model, block, connector, record or type",
                        sb.data ? sb.data : "?", mbe_restriction_str(cls->restriction));
      mbe_strbuf_deinit(&sb);
      return st;
    }
    if (cls->is_enumeration) {
      ti->is_primitive = true;
      ti->base = MBE_T_ENUM;
      ti->enum_type = cls;
      ti->cls = cls;
      return MBE_OK;
    }
    if (!cls->is_short) {
      ti->cls = cls;
      return MBE_OK;
    }

    // short form: collect its dims, modifiers and causality, then follow its base
    for (size_t i = 0; i < cls->nshort_dims && ti->ndims < MBE_MAX_DIMS; i++) {
      ti->dims[ti->ndims] = cls->short_dims[i];
      ti->dims_lex[ti->ndims++] = cls->parent;
    }
    if ((st = modset_add_mod(fl, &ti->mods, &cap, cls->short_mod, redecl_scope(fl, cls, -1),
                             cls->parent, NULL, true, err)) != MBE_OK) {
      return st;
    }
    if (cls->short_causality != MBE_CAUS_NONE) {
      ti->causality = cls->short_causality;
    }
    const MbeClass* next = NULL;
    st = mbe_lookup_class(fl->spec, cls->parent ? cls->parent : &fl->spec->root, &cls->short_base,
                          cls->short_base.nparts, &next, &pd, err);
    if (st != MBE_OK) {
      return st;
    }
    cls = next;
  }
  ti->is_primitive = true;
  static const MbeBaseType FROM_PREDEF[] = {MBE_T_REAL, MBE_T_REAL, MBE_T_INTEGER, MBE_T_BOOLEAN,
                                            MBE_T_STRING};
  ti->base = FROM_PREDEF[pd];
  return MBE_OK;
}

// evaluates an expression the flat model's structure depends on, and keeps it for mbe_flat_vary
MbeStatus mbe_flatten_eval_structural(MbeFlatten* fl, const MbeExpr* e, int scope,
                                      const MbeClass* lex, MbeValue* out, MbeError* err) {
  MbeFlat* f = fl->flat;
  MbeStructExpr* g = grow(fl->arena, f->sexprs, f->nsexprs, &f->cap_sexprs, sizeof *g);
  if (!g) {
    return nomem(err);
  }
  f->sexprs = g;
  f->sexprs[f->nsexprs++] = (MbeStructExpr){e, scope, lex};
  MbeStatus st = mbe_eval(fl, e, scope, lex, out, err);
  if (st != MBE_OK) {
    mbe_flat_error_at_inst(f, scope, e, err);
  }
  return st;
}

// evaluates a dimension expression to a non-negative integer
static MbeStatus eval_dim(MbeFlatten* fl, const MbeExpr* e, int scope, const MbeClass* lex,
                          int* out, MbeError* err) {
  MbeValue v;
  MbeStatus st = mbe_flatten_eval_structural(fl, e, scope, lex, &v, err);
  if (st != MBE_OK) {
    return st;
  }
  if (v.ndims != 0 ||
      (v.type != MBE_T_INTEGER && v.type != MBE_T_ENUM && v.type != MBE_T_BOOLEAN)) {
    st = mbe_error_at(err, MBE_ERR_MODEL, e->loc, "an array dimension must be an Integer scalar");
  } else if (v.num[0] < 0 || v.num[0] > 1e6) {
    st = mbe_error_at(err, MBE_ERR_MODEL, e->loc, "array dimension %g is out of range", v.num[0]);
  }
  if (st != MBE_OK) {
    mbe_flat_error_at_inst(fl->flat, scope, e, err);
    return st;
  }
  *out = (int)v.num[0];
  return MBE_OK;
}

// all modifiers of a component, highest priority first: those from outside (own), its
// declaration's, then those of its type's short definitions
static MbeStatus component_mods(MbeFlatten* fl, const ModSet* own, const MbeComp* c, int inst,
                                const MbeClass* lex, const TypeInfo* ti, ModSet* all,
                                MbeError* err) {
  memset(all, 0, sizeof *all);
  size_t cap = 0;
  MbeStatus st;
  if ((st = modset_copy(fl, all, &cap, own, err)) != MBE_OK ||
      (st = modset_add_mod(fl, all, &cap, c->mod, inst, lex, NULL, false, err)) != MBE_OK) {
    return st;
  }
  return modset_copy(fl, all, &cap, &ti->mods, err);
}

static const char* const ATTR_NAMES[] = {"start", "fixed", "stateSelect", "min", "max", "nominal"};
static const char* const IGNORED_ATTRS[] = {"unit", "displayUnit", "quantity", "unbounded"};

// ---- primitive variables ------------------------------------------------------------------

static MbeStatus make_var(MbeFlatten* fl, int inst, MbeSlot* slot_in, const TypeInfo* ti,
                          const ModSet* mods, MbeError* err) {
  MbeFlat* f = fl->flat;
  const MbeComp* c = slot_in->comp;
  const MbeClass* lex = slot_in->lex;
  MbeStatus st;

  // the selection of this slot's own binding and the value entry
  ModSet own = {0};
  const ModEntry* value = NULL;
  if ((st = modset_child(fl, mods, c->name, &own, &value, err)) != MBE_OK) {
    return st;
  }
  ModSet all;
  int dscope = slot_in->decl_scope >= 0 ? slot_in->decl_scope : inst;
  if ((st = component_mods(fl, &own, c, dscope, lex, ti, &all, err)) != MBE_OK) {
    return st;
  }

  MbeVar v;
  memset(&v, 0, sizeof v);
  const char* pname = f->insts[inst].name;
  v.name = pname[0] ? mbe_arena_printf(fl->arena, "%s.%s", pname, c->name)
                    : mbe_arena_strdup(fl->arena, c->name);
  if (!v.name) {
    return nomem(err);
  }
  v.inst = inst;
  v.type = ti->base;
  v.enum_type = ti->enum_type;
  v.type_class = ti->type_class;
  v.variability = c->variability;
  v.causality = c->causality != MBE_CAUS_NONE ? c->causality : ti->causality;
  v.is_flow = c->is_flow;
  v.is_final = c->is_final;
  v.is_protected = c->is_protected;
  v.loc = c->loc;
  // Evaluate=true in the MSL is an optimisation hint (axes carry it); what fixes a parameter for a
  // compiled kernel is its type: Integer, Boolean, String and enumeration parameters select
  // equations, Real ones are numbers that may vary per member
  v.is_evaluate = c->is_evaluate;
  v.description = c->description ? c->description : "";
  v.is_structural = v.variability >= MBE_VAR_PARAMETER && v.type != MBE_T_REAL;

  // binding: an outer modifier's value, else the declaration's
  if (value) {
    if (c->is_final && c->binding) {
      return mbe_error_at(err, MBE_ERR_MODEL, value->arg->loc,
                          "'%s' is declared final (%s:%d:%d) and cannot be modified", c->name,
                          c->loc.file, c->loc.line, c->loc.col);
    }
    v.binding = binding_from_entry(value);
    v.is_modified = !value->lex->is_catalogue;
  } else if (c->binding) {
    v.binding.expr = c->binding;
    v.binding.scope = dscope;
    v.binding.lex = lex;
    v.binding.loc = c->binding_loc;
    v.is_modified = !lex->is_catalogue;
  }
  if (v.binding.expr && v.variability == MBE_VAR_CONSTANT && value && value->lex != lex &&
      c->binding) {
    return mbe_error_at(err, MBE_ERR_MODEL, value->arg->loc,
                        "'%s' is a constant and cannot be modified", c->name);
  }

  // attributes: the first entry that names each one wins; unknown ones are errors
  for (size_t i = 0; i < all.n; i++) {
    const ModEntry* e = &all.e[i];
    const char* an = e->arg->path[e->depth];
    if (e->depth + 1 < e->arg->npath) {
      return mbe_error_at(err, MBE_ERR_MODEL, e->arg->loc, "'%s.%s' is not an attribute of %s", an,
                          e->arg->path[e->depth + 1], v.name);
    }
    int k = -1;
    for (int a = 0; a < MBE_ATTR_COUNT; a++) {
      if (strcmp(an, ATTR_NAMES[a]) == 0) {
        k = a;
      }
    }
    bool ignored = false;
    for (size_t a = 0; a < sizeof IGNORED_ATTRS / sizeof IGNORED_ATTRS[0]; a++) {
      ignored = ignored || strcmp(an, IGNORED_ATTRS[a]) == 0;
    }
    if (k < 0 && !ignored) {
      return mbe_error_at(err, MBE_ERR_MODEL, e->arg->loc,
                          "'%s' is not an attribute of %s (a %s); the attributes are start, fixed, "
                          "stateSelect, min, max, nominal, unit, displayUnit, quantity",
                          an, v.name, mbe_base_type_str(v.type));
    }
    if (e->arg->sub) {
      return mbe_error_at(err, MBE_ERR_MODEL, e->arg->loc,
                          "attribute '%s' takes a value, not a modification", an);
    }
    if (k >= 0 && !v.attr[k].expr && e->arg->value) {
      v.attr[k] = binding_from_entry(e);
    }
    if (!v.unit && strcmp(an, "unit") == 0 && e->arg->value &&
        e->arg->value->kind == MBE_EX_STRING) {
      v.unit = e->arg->value->str;
    }
  }

  // dims: component dims, then type dims; ':' takes the size from the binding
  int ndims = 0;
  bool has_colon = false;
  const MbeExpr* dexpr[2 * MBE_MAX_DIMS];
  const MbeClass* dlex[2 * MBE_MAX_DIMS];
  for (size_t i = 0; i < c->ndims; i++) {
    dexpr[ndims] = c->dims[i];
    dlex[ndims++] = lex;
  }
  for (size_t i = 0; i < c->ntype_dims; i++) {
    dexpr[ndims] = c->type_dims[i];
    dlex[ndims++] = lex;
  }
  for (int i = 0; i < ti->ndims; i++) {
    dexpr[ndims] = ti->dims[i];
    dlex[ndims++] = ti->dims_lex[i];
  }
  if (ndims > MBE_MAX_DIMS) {
    return mbe_error_at(err, MBE_ERR_UNSUPPORTED, c->loc, "arrays of more than %d dimensions",
                        MBE_MAX_DIMS);
  }
  v.ndims = ndims;

  // register the variable before evaluating dims (they may refer to other elements)
  MbeVar* a = grow(fl->arena, f->vars, f->nvars, &f->cap_vars, sizeof *a);
  if (!a) {
    return nomem(err);
  }
  f->vars = a;
  int vi = (int)f->nvars++;
  f->vars[vi] = v;
  slot_in->var = vi;

  for (int i = 0; i < ndims; i++) {
    if (dexpr[i]->kind == MBE_EX_COLON) {
      has_colon = true;
      continue;
    }
    int d;
    if ((st = eval_dim(fl, dexpr[i], i < (int)(c->ndims + c->ntype_dims) ? inst : -1, dlex[i], &d,
                       err)) != MBE_OK) {
      return st;
    }
    f->vars[vi].dims[i] = d;
  }
  if (has_colon) {
    if (!f->vars[vi].binding.expr) {
      return mbe_error_at(err, MBE_ERR_MODEL, c->loc,
                          "'%s' has a ':' dimension but no binding to take its size from", c->name);
    }
    MbeValue bv;
    if ((st = mbe_eval_binding(fl, &f->vars[vi].binding, &bv, err)) != MBE_OK) {
      return st;
    }
    if (bv.ndims != ndims) {
      return mbe_error_at(err, MBE_ERR_MODEL, f->vars[vi].binding.loc,
                          "the binding of '%s' has %d dimensions, the declaration %d", c->name,
                          bv.ndims, ndims);
    }
    for (int i = 0; i < ndims; i++) {
      if (dexpr[i]->kind == MBE_EX_COLON) {
        f->vars[vi].dims[i] = bv.dims[i];
      }
    }
  }
  return MBE_OK;
}

// ---- structured components ----------------------------------------------------------------

static MbeStatus find_inner(MbeFlatten* fl, int inst, const MbeComp* c, int* out, MbeError* err) {
  // the nearest enclosing instance (above the one declaring the outer) with an inner of that name
  for (int p = fl->flat->insts[inst].parent; p >= 0; p = fl->flat->insts[p].parent) {
    MbeInst* in = &fl->flat->insts[p];
    for (size_t i = 0; i < in->nslots; i++) {
      MbeSlot* s = &in->slots[i];
      if (s->comp->is_inner && strcmp(s->ident, c->name) == 0) {
        MbeStatus st = instantiate_slot(fl, p, i, err);
        if (st != MBE_OK) {
          return st;
        }
        s = &fl->flat->insts[p].slots[i];
        if (s->nelems != 1) {
          return mbe_error_at(err, MBE_ERR_UNSUPPORTED, s->comp->loc,
                              "an inner array of components");
        }
        *out = s->elems[0];
        return MBE_OK;
      }
    }
  }
  // report at the user's declaration that brought the outer in, not inside the catalogue
  MbeLoc loc = c->loc;
  for (int p = inst; p >= 0 && loc.file && strncmp(loc.file, "<catalogue>", 11) == 0;
       p = fl->flat->insts[p].parent) {
    loc = fl->flat->insts[p].loc;
  }
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_name_print(&sb, &c->type);
  MbeStatus st =
      mbe_error_at(err, MBE_ERR_MODEL, loc,
                   "'outer %s %s' (in %s) has no matching inner: declare "
                   "'inner %s %s;' in the top-level model",
                   sb.data ? sb.data : "?", c->name,
                   fl->flat->insts[inst].name[0] ? fl->flat->insts[inst].name : fl->flat->top_name,
                   sb.data ? sb.data : "?", c->name);
  mbe_strbuf_deinit(&sb);
  return st;
}

// the binding of a structured component written in its declaration or a modifier (value): a
// record's (Orientation R = body.frame_a.R) gives its fields, host/mech compiles it; another
// class's is refused
static MbeStatus record_binding(const ModEntry* value, const MbeComp* c, int dscope,
                                const MbeClass* lex, const TypeInfo* ti, MbeBinding* out,
                                MbeError* err) {
  bool record = ti->cls->restriction == MBE_CLASS_RECORD && !c->ndims && !c->ntype_dims &&
                !ti->ndims;
  *out = (MbeBinding){0};
  if (!value && !c->binding) {
    return MBE_OK;
  }
  if (!record) {
    return mbe_error_at(err, MBE_ERR_UNSUPPORTED, value ? value->arg->value_loc : c->binding_loc,
                        "binding a whole %s component with '=' (modify its elements instead)",
                        mbe_restriction_str(ti->cls->restriction));
  }
  out->expr = value ? value->arg->value : c->binding;
  out->scope = value ? value->scope : dscope;
  out->lex = value ? value->lex : lex;
  out->loc = value ? value->arg->value_loc : c->binding_loc;
  return MBE_OK;
}

static MbeStatus make_insts(MbeFlatten* fl, int inst, size_t slot_index, const TypeInfo* ti,
                            const ModSet* mods, MbeError* err) {
  MbeStatus st;
  MbeSlot* slot = &fl->flat->insts[inst].slots[slot_index];
  const MbeComp* c = slot->comp;
  const MbeClass* lex = slot->lex;

  // modifiers of the component: outer, then its declaration's, then those of its type
  ModSet own = {0};
  const ModEntry* value = NULL;
  if ((st = modset_child(fl, mods, c->name, &own, &value, err)) != MBE_OK) {
    return st;
  }
  ModSet all;
  int dscope = slot->decl_scope >= 0 ? slot->decl_scope : inst;
  MbeBinding rb;
  if ((st = record_binding(value, c, dscope, lex, ti, &rb, err)) != MBE_OK) {
    return st;
  }
  if ((st = component_mods(fl, &own, c, dscope, lex, ti, &all, err)) != MBE_OK) {
    return st;
  }

  // shape of an array of components
  int ndims = (int)(c->ndims + c->ntype_dims) + ti->ndims;
  if (ndims > MBE_MAX_DIMS) {
    return mbe_error_at(err, MBE_ERR_UNSUPPORTED, c->loc, "arrays of more than %d dimensions",
                        MBE_MAX_DIMS);
  }
  int dims[MBE_MAX_DIMS];
  int n = 1;
  for (int i = 0; i < ndims; i++) {
    const MbeExpr* de = i < (int)c->ndims ? c->dims[i]
                        : i < (int)(c->ndims + c->ntype_dims)
                            ? c->type_dims[i - (int)c->ndims]
                            : ti->dims[i - (int)(c->ndims + c->ntype_dims)];
    if (de->kind == MBE_EX_COLON) {
      return mbe_error_at(err, MBE_ERR_MODEL, de->loc,
                          "an array of components needs a fixed size, not ':'");
    }
    if ((st = eval_dim(fl, de, dscope, lex, &dims[i], err)) != MBE_OK) {
      return st;
    }
    n *= dims[i];
    if (n > 100000) {
      return mbe_error_at(err, MBE_ERR_MODEL, c->loc, "array of more than 100000 components");
    }
  }
  int* elems = mbe_arena_alloc(fl->arena, (size_t)(n ? n : 1) * sizeof *elems);
  if (!elems) {
    return nomem(err);
  }
  slot = &fl->flat->insts[inst].slots[slot_index];
  slot->elems = elems;
  slot->nelems = n;
  slot->ndims = ndims;
  slot->is_array = ndims > 0;
  memcpy(slot->dims, dims, sizeof dims);

  // one instance per element; modifiers select element i unless `each`
  for (int k = 0; k < n; k++) {
    char idx[64] = "";
    int rem = k;
    int sub[MBE_MAX_DIMS];
    for (int i = ndims; i-- > 0;) {
      sub[i] = rem % dims[i];
      rem /= dims[i];
    }
    size_t len = 0;
    for (int i = 0; i < ndims; i++) {
      len += (size_t)snprintf(idx + len, sizeof idx - len, "%s%d", i ? "," : "[", sub[i] + 1);
    }
    if (ndims) {
      snprintf(idx + len, sizeof idx - len, "]");
    }
    const char* pname = fl->flat->insts[inst].name;
    const char* name = pname[0] ? mbe_arena_printf(fl->arena, "%s.%s%s", pname, c->name, idx)
                                : mbe_arena_printf(fl->arena, "%s%s", c->name, idx);
    if (!name) {
      return nomem(err);
    }
    ModSet em = {0};
    size_t ecap = 0;
    for (size_t i = 0; i < all.n; i++) {
      ModEntry e = all.e[i];
      for (int d = 0; d < ndims && e.nsel < MBE_MAX_DIMS; d++) {
        e.sel[e.nsel++] = sub[d];
      }
      if ((st = modset_push(fl, &em, &ecap, e, err)) != MBE_OK) {
        return st;
      }
    }
    int ni;
    if ((st = new_inst(fl, name, inst, ti->cls, c->loc, &ni, err)) != MBE_OK) {
      return st;
    }
    fl->flat->insts[inst].slots[slot_index].elems[k] = ni;
    fl->flat->insts[ni].record_binding = rb;
    if ((st = expand(fl, ni, &em, err)) != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

static MbeStatus instantiate_slot(MbeFlatten* fl, int inst, size_t slot_index, MbeError* err) {
  MbeSlot* slot = &fl->flat->insts[inst].slots[slot_index];
  if (slot->state == 2) {
    return MBE_OK;
  }
  if (slot->state == 1) {
    return mbe_error_at(err, MBE_ERR_MODEL, slot->comp->loc,
                        "the declaration of '%s' depends on itself (through its dimensions, "
                        "condition or type)",
                        slot->ident);
  }
  if (++fl->depth > 4 * MAX_INST_DEPTH) {
    return mbe_error_at(err, MBE_ERR_MODEL, slot->comp->loc,
                        "components nested too deeply (recursive model?)");
  }
  slot->state = 1;
  const MbeComp* c = slot->comp;
  const MbeClass* lex = slot->lex;
  ModSet mods = slot->mods;
  MbeStatus st = MBE_OK;

  // a conditional component exists only when its condition is true
  slot->is_present = true;
  if (c->condition) {
    MbeValue cv;
    int dscope = slot->decl_scope >= 0 ? slot->decl_scope : inst;
    if ((st = mbe_flatten_eval_structural(fl, c->condition, dscope, lex, &cv, err)) != MBE_OK) {
      goto done;
    }
    if (cv.type != MBE_T_BOOLEAN || cv.ndims != 0) {
      st = mbe_error_at(err, MBE_ERR_MODEL, c->condition->loc,
                        "the condition of '%s' must be a Boolean scalar", c->name);
      goto done;
    }
    slot = &fl->flat->insts[inst].slots[slot_index];
    slot->is_present = cv.num[0] != 0;
  }

  TypeInfo ti;
  if ((st = resolve_type(fl, c, lex, inst, &ti, err)) != MBE_OK) {
    goto done;
  }
  slot = &fl->flat->insts[inst].slots[slot_index];
  if (c->is_outer) {
    if (ti.is_primitive) {
      st = mbe_error_at(err, MBE_ERR_UNSUPPORTED, c->loc, "an outer variable of a predefined type");
      goto done;
    }
    int inner = -1;
    if ((st = find_inner(fl, inst, c, &inner, err)) != MBE_OK) {
      goto done;
    }
    slot = &fl->flat->insts[inst].slots[slot_index];
    slot->inner = inner;
    goto done;
  }
  if (!slot->is_present) {
    // still check the modifiers against the class, as a tool would; create nothing
    goto done;
  }
  if (ti.is_primitive) {
    st = make_var(fl, inst, slot, &ti, &mods, err);
  } else if (ti.cls->restriction == MBE_CLASS_FUNCTION ||
             ti.cls->restriction == MBE_CLASS_PACKAGE) {
    st = mbe_error_at(err, MBE_ERR_MODEL, c->type.loc, "a %s cannot be a component",
                      mbe_restriction_str(ti.cls->restriction));
  } else {
    st = make_insts(fl, inst, slot_index, &ti, &mods, err);
  }

done:
  fl->depth--;
  fl->flat->insts[inst].slots[slot_index].state = st == MBE_OK ? 2 : 0;
  return st;
}

// instantiates every element of inst and, recursively, of its sub-instances
static MbeStatus instantiate_all(MbeFlatten* fl, int inst, MbeError* err) {
  for (size_t i = 0; i < fl->flat->insts[inst].nslots; i++) {
    MbeStatus st = instantiate_slot(fl, inst, i, err);
    if (st != MBE_OK) {
      return st;
    }
    MbeSlot* s = &fl->flat->insts[inst].slots[i];
    if (s->inner >= 0 || !s->is_present) {
      continue;
    }
    for (int k = 0; k < s->nelems; k++) {
      int child = fl->flat->insts[inst].slots[i].elems[k];
      if ((st = instantiate_all(fl, child, err)) != MBE_OK) {
        return st;
      }
    }
  }
  return MBE_OK;
}

// ---- name resolution ----------------------------------------------------------------------

static MbeStatus eval_index(MbeFlatten* fl, const MbeExpr* e, int scope, const MbeClass* lex,
                            int size, int* out, MbeError* err) {
  if (e->kind == MBE_EX_COLON) {
    return mbe_error_at(err, MBE_ERR_UNSUPPORTED, e->loc, "a ':' slice here (use single indices)");
  }
  MbeValue val;
  MbeStatus st = mbe_eval_subscript(fl, e, scope, lex, size, &val, err);
  if (st != MBE_OK) {
    return st;
  }
  if (val.ndims != 0 || val.type != MBE_T_INTEGER) {
    return mbe_error_at(err, MBE_ERR_MODEL, e->loc, "an index must be an Integer scalar");
  }
  double v = val.num[0];
  if (v < 1 || v > size) {
    return mbe_error_at(err, MBE_ERR_MODEL, e->loc, "index %g is out of range 1..%d", v, size);
  }
  *out = (int)v - 1;
  return MBE_OK;
}

// looks up a constant of a package (or enumeration literal) along the lexical scope of lex
static MbeStatus resolve_lexical(MbeFlatten* fl, const MbeName* name, int scope,
                                 const MbeClass* lex, MbeRef* out, MbeError* err);

// a reference to a conditional component whose condition is false
static MbeStatus absent_error(const MbeSlot* slot, MbeLoc loc, MbeError* err) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_expr_print(&sb, slot->comp->condition);
  MbeStatus st =
      mbe_error_at(err, MBE_ERR_MODEL, loc,
                   "'%s' is a conditional component that is absent because '%s' is false",
                   slot->ident, sb.data ? sb.data : "?");
  mbe_strbuf_deinit(&sb);
  return st;
}

MbeStatus mbe_flatten_resolve(MbeFlatten* fl, const MbeName* name, int scope, const MbeClass* lex,
                              MbeRef* out, MbeError* err) {
  memset(out, 0, sizeof *out);
  MbeStatus st;
  if (scope < 0 || name->is_global) {
    return resolve_lexical(fl, name, scope, lex, out, err);
  }

  // first part among the elements of the scope instance
  MbeInst* in = &fl->flat->insts[scope];
  MbeSlot* slot = find_slot(in, name->parts[0].ident);
  if (!slot) {
    return resolve_lexical(fl, name, scope, lex, out, err);
  }
  int cur = scope;
  for (size_t j = 0;; j++) {
    const MbeNamePart* part = &name->parts[j];
    size_t si = (size_t)(slot - fl->flat->insts[cur].slots);
    if ((st = instantiate_slot(fl, cur, si, err)) != MBE_OK) {
      return st;
    }
    slot = &fl->flat->insts[cur].slots[si];
    if (!slot->is_present) {
      return absent_error(slot, name->loc, err);
    }
    if (slot->inner >= 0) {
      if (part->nsubs) {
        return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "'%s' is not an array", part->ident);
      }
      cur = slot->inner;
    } else if (slot->var >= 0) {
      out->kind = MBE_REF_VAR;
      out->index = slot->var;
      out->nparts_used = j + 1;
      return MBE_OK;  // subscripts and the rest are the caller's
    } else {
      int k = 0;
      if (slot->is_array) {
        if (part->nsubs == 0) {
          out->kind = MBE_REF_INST;
          out->index = -1;
          out->nparts_used = j;
          return mbe_error_at(err, MBE_ERR_UNSUPPORTED, name->loc,
                              "'%s' is an array of components; name one element, e.g. %s[1]",
                              part->ident, part->ident);
        }
        if ((int)part->nsubs != slot->ndims) {
          return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "'%s' has %d dimensions, not %zu",
                              part->ident, slot->ndims, part->nsubs);
        }
        for (int d = 0; d < slot->ndims; d++) {
          int ix = 0;
          if ((st = eval_index(fl, part->subs[d], scope, lex, slot->dims[d], &ix, err)) != MBE_OK) {
            return st;
          }
          slot = &fl->flat->insts[cur].slots[si];
          k = k * slot->dims[d] + ix;
        }
      } else if (part->nsubs) {
        return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "'%s' is not an array", part->ident);
      }
      cur = slot->elems[k];
    }
    if (j + 1 == name->nparts) {
      out->kind = MBE_REF_INST;
      out->index = cur;
      out->nparts_used = j + 1;
      return MBE_OK;
    }
    MbeInst* ci = &fl->flat->insts[cur];
    slot = find_slot(ci, name->parts[j + 1].ident);
    if (!slot) {
      const char* hint = suggest_slot(ci, name->parts[j + 1].ident);
      return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "%s (%s) has no element '%s'%s%s%s",
                          ci->name, ci->class_name, name->parts[j + 1].ident,
                          hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
    }
  }
}

static MbeStatus const_value(MbeFlatten* fl, const MbeComp* c, const MbeClass* lex, MbeValue* out,
                             MbeError* err) {
  size_t i;
  for (i = 0; i < fl->nconsts; i++) {
    if (fl->consts[i].comp == c) {
      break;
    }
  }
  if (i == fl->nconsts) {
    ConstCache* a = grow(fl->arena, fl->consts, fl->nconsts, &fl->cap_consts, sizeof *a);
    if (!a) {
      return nomem(err);
    }
    fl->consts = a;
    memset(&a[i], 0, sizeof a[i]);
    a[i].comp = c;
    a[i].lex = lex;
    fl->nconsts++;
  }
  if (fl->consts[i].state == 2) {
    *out = fl->consts[i].value;
    return MBE_OK;
  }
  if (fl->consts[i].state == 1) {
    return mbe_error_at(err, MBE_ERR_MODEL, c->loc, "the value of constant '%s' depends on itself",
                        c->name);
  }
  if (!c->binding) {
    return mbe_error_at(err, MBE_ERR_MODEL, c->loc, "constant '%s' has no value", c->name);
  }
  fl->consts[i].state = 1;
  MbeValue v;
  MbeStatus st = mbe_eval(fl, c->binding, -1, lex, &v, err);
  fl->consts[i].state = st == MBE_OK ? 2 : 0;
  if (st == MBE_OK) {
    // a Real constant written as an integer literal is Real
    TypeInfo ti;
    if (resolve_type(fl, c, lex, -1, &ti, err) == MBE_OK && ti.is_primitive && ti.base == MBE_T_REAL &&
        v.type == MBE_T_INTEGER) {
      v.type = MBE_T_REAL;
    }
    fl->consts[i].value = v;
    *out = v;
  }
  return st;
}

// a constant component of a package
static const MbeComp* package_constant(const MbeClass* s, const char* id) {
  if (s->restriction != MBE_CLASS_PACKAGE) {
    return NULL;
  }
  for (size_t i = 0; i < s->ncomps; i++) {
    if (strcmp(s->comps[i].name, id) == 0 && s->comps[i].variability == MBE_VAR_CONSTANT) {
      return &s->comps[i];
    }
  }
  return NULL;
}

// the class the first nparts of an import path name (from the top level), short forms followed
static const MbeClass* import_package(MbeFlatten* fl, const MbeName* path, size_t nparts) {
  const MbeClass* c = NULL;
  MbePredef pd;
  MbeError scratch;
  MbeName global = *path;
  global.is_global = true;
  if (mbe_lookup_class_opt(fl->spec, &fl->spec->root, &global, nparts, &c, &pd, &scratch) !=
          MBE_OK ||
      !c) {
    return NULL;
  }
  const MbeClass* t = c;
  return mbe_class_resolve_short(fl->spec, c, &t, &scratch) == MBE_OK ? t : c;
}

static MbeStatus resolve_lexical(MbeFlatten* fl, const MbeName* name, int scope,
                                 const MbeClass* lex, MbeRef* out, MbeError* err) {
  const char* first = name->parts[0].ident;
  if (name->parts[0].nsubs && name->nparts > 1) {
    return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "'%s' is not an array of components", first);
  }

  // a constant declared in an enclosing package, or imported by name or by a wildcard
  if (!name->is_global) {
    for (const MbeClass* s = lex; s; s = s->parent) {
      const MbeComp* c = package_constant(s, first);
      if (c) {
        out->kind = MBE_REF_CONST;
        out->nparts_used = 1;
        return const_value(fl, c, s, &out->value, err);
      }
      for (size_t k = 0; k < s->nimports; k++) {
        const MbeImport* imp = &s->imports[k];
        const MbeClass* pkg = NULL;
        const char* id = first;
        if (imp->kind == MBE_IMPORT_WILDCARD) {
          pkg = import_package(fl, &imp->path, imp->path.nparts);
        } else if (imp->alias && strcmp(imp->alias, first) == 0 && imp->path.nparts > 1) {
          pkg = import_package(fl, &imp->path, imp->path.nparts - 1);
          id = imp->path.parts[imp->path.nparts - 1].ident;
        }
        const MbeComp* ic = pkg ? package_constant(pkg, id) : NULL;
        if (ic) {
          out->kind = MBE_REF_CONST;
          out->nparts_used = 1;
          return const_value(fl, ic, pkg, &out->value, err);
        }
      }
    }
  }

  // otherwise the longest prefix that is a class, then a constant or a literal of it
  const MbeClass* cls = NULL;
  MbePredef pd = MBE_PREDEF_NONE;
  MbeStatus st =
      mbe_lookup_class_opt(fl->spec, lex ? lex : &fl->spec->root, name, 1, &cls, &pd, err);
  if (st != MBE_OK) {
    return st;
  }
  if (!cls) {
    const char* hint = scope >= 0 ? suggest_slot(&fl->flat->insts[scope], first) : NULL;
    if (!hint) {
      hint = mbe_lookup_suggest(fl->spec, lex, first);
    }
    if (strcmp(first, "time") == 0) {
      return mbe_error_at(err, MBE_ERR_MODEL, name->loc,
                          "'time' varies; it cannot appear in a parameter expression");
    }
    return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "unknown name '%s'%s%s%s", first,
                        hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
  }
  size_t j = 1;
  for (; j < name->nparts; j++) {
    const MbeClass* m = mbe_class_member(fl->spec, cls, name->parts[j].ident);
    if (!m) {
      break;
    }
    cls = m;
  }
  if (j == name->nparts) {
    out->kind = MBE_REF_CLASS;
    out->cls = cls;
    out->nparts_used = j;
    return MBE_OK;
  }
  const char* id = name->parts[j].ident;
  const MbeClass* target = cls;
  if ((st = mbe_class_resolve_short(fl->spec, cls, &target, err)) != MBE_OK) {
    return st;
  }
  if (target->is_enumeration) {
    for (size_t k = 0; k < target->nliterals; k++) {
      if (strcmp(target->literals[k].name, id) == 0) {
        out->kind = MBE_REF_ENUM;
        out->nparts_used = j + 1;
        if ((st = mbe_value_alloc(fl->arena, &out->value, MBE_T_ENUM, 0, NULL, err)) != MBE_OK) {
          return st;
        }
        out->value.enum_type = target;
        out->value.num[0] = (double)(k + 1);
        return MBE_OK;
      }
    }
    return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "enumeration %s has no literal '%s'",
                        target->name, id);
  }
  for (const MbeClass* s = target; s; s = NULL) {
    for (size_t i = 0; i < s->ncomps; i++) {
      if (strcmp(s->comps[i].name, id) == 0) {
        if (s->comps[i].variability != MBE_VAR_CONSTANT) {
          return mbe_error_at(
              err, MBE_ERR_MODEL, name->loc,
              "'%s' of %s is not a constant; only constants of packages can be used "
              "by name",
              id, target->name);
        }
        out->kind = MBE_REF_CONST;
        out->nparts_used = j + 1;
        return const_value(fl, &s->comps[i], s, &out->value, err);
      }
    }
  }
  return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "%s has no constant or class '%s'",
                      target->name, id);
}

// the value of variable vi; *attr says what failed on an error: its binding (-1), or the
// attribute its value came from or depended on (start, fixed)
static MbeStatus var_value(MbeFlatten* fl, int vi, int* attr, MbeError* err) {
  MbeVar* v = &fl->flat->vars[vi];
  *attr = -1;
  if (v->eval_state == 2) {
    return MBE_OK;
  }
  if (v->eval_state == 1) {
    return mbe_error_at(err, MBE_ERR_MODEL, v->binding.expr ? v->binding.loc : v->loc,
                        "the value of '%s' depends on itself (a cycle of parameter bindings)",
                        v->name);
  }
  if (v->variability < MBE_VAR_PARAMETER) {
    return mbe_error_at(err, MBE_ERR_MODEL, v->loc, "'%s' is not a parameter or constant", v->name);
  }
  v->eval_state = 1;
  MbeBinding b = v->binding;
  MbeStatus st;
  bool from_start = false;
  if (!b.expr) {
    // a parameter with fixed=false is computed by initialization from its start value; any
    // other parameter without a value takes its start value with a warning, as tools do
    const MbeBinding fixed = v->attr[MBE_ATTR_FIXED];
    if (fixed.expr) {
      MbeValue fv;
      *attr = MBE_ATTR_FIXED;
      if ((st = mbe_eval_binding(fl, &fixed, &fv, err)) != MBE_OK) {
        fl->flat->vars[vi].eval_state = 0;
        return st;
      }
      v = &fl->flat->vars[vi];
      v->is_free = fv.type == MBE_T_BOOLEAN && fv.n == 1 && fv.num[0] == 0;
    }
    b = v->attr[MBE_ATTR_START];
    *attr = b.expr ? MBE_ATTR_START : -1;
    from_start = b.expr != NULL && !v->is_free;
    if (!b.expr && !(v->is_free && v->type == MBE_T_REAL)) {
      v->eval_state = 0;
      return mbe_error_at(err, MBE_ERR_MODEL, v->loc,
                          "parameter '%s' has no value; set it with a modifier", v->name);
    }
  }
  MbeValue val;
  if (b.expr) {
    st = mbe_eval_binding(fl, &b, &val, err);
  } else {  // fixed=false without a start: the initialization's guess is 0, as the language's
    st = mbe_value_alloc(fl->arena, &val, MBE_T_REAL, v->ndims, v->dims, err);
    for (size_t i = 0; st == MBE_OK && i < val.n; i++) {
      val.num[i] = 0.0;
    }
  }
  v = &fl->flat->vars[vi];
  if (st != MBE_OK) {
    v->eval_state = 0;
    return st;
  }
  if (from_start) {
    warn(fl, v->loc, "parameter '%s' has no value; using its start value", v->name);
  }

  // type and shape must agree with the declaration; Integer widens to Real
  if (v->type == MBE_T_REAL && val.type == MBE_T_INTEGER) {
    val.type = MBE_T_REAL;
  }
  bool ok = val.type == v->type && (v->type != MBE_T_ENUM || val.enum_type == v->enum_type);
  MbeLoc where = b.expr ? b.loc : v->loc;
  if (!ok) {
    v->eval_state = 0;
    return mbe_error_at(err, MBE_ERR_MODEL, where, "'%s' is a%s %s%s%s, but its value is a%s %s",
                        v->name, v->type == MBE_T_INTEGER ? "n" : "", mbe_base_type_str(v->type),
                        v->enum_type ? " " : "", v->enum_type ? v->enum_type->name : "",
                        val.type == MBE_T_INTEGER || val.type == MBE_T_ENUM ? "n" : "",
                        val.type == MBE_T_ENUM && val.enum_type ? val.enum_type->name
                                                                : mbe_base_type_str(val.type));
  }
  if (val.ndims == 0 && v->ndims > 0 && b.is_each) {
    // `each` broadcasts a scalar
    MbeValue arr;
    if ((st = mbe_value_alloc(fl->arena, &arr, val.type, v->ndims, v->dims, err)) != MBE_OK) {
      return st;
    }
    arr.enum_type = val.enum_type;
    for (size_t i = 0; i < arr.n; i++) {
      if (arr.str) {
        arr.str[i] = val.str[0];
      } else {
        arr.num[i] = val.num[0];
      }
    }
    if (val.sym) {
      arr.sym = mbe_arena_alloc(fl->arena, arr.n * sizeof *arr.sym);
      if (!arr.sym) {
        return nomem(err);
      }
      for (size_t i = 0; i < arr.n; i++) {
        arr.sym[i] = val.sym[0];
      }
    }
    val = arr;
  }
  bool shape = val.ndims == v->ndims;
  for (int i = 0; shape && i < v->ndims; i++) {
    shape = val.dims[i] == v->dims[i];
  }
  if (!shape) {
    v->eval_state = 0;
    MbeStrbuf sb;
    mbe_strbuf_init(&sb);
    mbe_value_print(&sb, &val);
    char decl[64] = "a scalar";
    if (v->ndims) {
      size_t n = (size_t)snprintf(decl, sizeof decl, "an array [");
      for (int i = 0; i < v->ndims; i++) {
        n += (size_t)snprintf(decl + n, sizeof decl - n, "%s%d", i ? "," : "", v->dims[i]);
      }
      snprintf(decl + n, sizeof decl - n, "]");
    }
    st = mbe_error_at(
        err, MBE_ERR_MODEL, where, "'%s' is %s, but its value %s has another shape%s", v->name,
        decl, sb.data ? sb.data : "?",
        val.ndims == 0 && v->ndims ? " (use 'each' to give every element the same value)" : "");
    mbe_strbuf_deinit(&sb);
    return st;
  }
  if ((st = mbe_flat_vary_leaves(fl->flat, vi, false, &val, err)) != MBE_OK) {
    v->eval_state = 0;
    return st;
  }
  v->value = val;
  v->eval_state = 2;
  return MBE_OK;
}

MbeStatus mbe_flatten_var_value(MbeFlatten* fl, int vi, MbeError* err) {
  if (fl->flat->vars[vi].eval_state == 2) {
    return MBE_OK;
  }
  int attr;
  MbeStatus st = var_value(fl, vi, &attr, err);
  if (st != MBE_OK) {
    mbe_flat_error_at_var(fl->flat, vi, attr, err);
  }
  return st;
}

// ---- connections and equations ------------------------------------------------------------

typedef struct EndList {
  MbeConnEnd* e;
  size_t n, cap;
  bool is_primitive;
  const char* sig;  // connector signature (class of structured connectors, base type of primitive)
  bool absent;      // a conditional component on the way is absent: the connect is removed
} EndList;

static MbeStatus push_end(MbeFlatten* fl, EndList* l, MbeConnEnd e, MbeError* err) {
  MbeConnEnd* a = grow(fl->arena, l->e, l->n, &l->cap, sizeof *a);
  if (!a) {
    return nomem(err);
  }
  l->e = a;
  l->e[l->n++] = e;
  return MBE_OK;
}

// the potential and flow variables of a connector as "name:type:flow:ndims;" in declaration
// order, for the compatibility check of connect(); computed once per instance
static void signature_of(const MbeFlat* f, int inst, const char* prefix, MbeStrbuf* sb) {
  const MbeInst* in = &f->insts[inst];
  for (size_t i = 0; i < in->nslots; i++) {
    const MbeSlot* s = &in->slots[i];
    if (!s->is_present || s->inner >= 0) {
      continue;
    }
    if (s->var >= 0) {
      const MbeVar* v = &f->vars[s->var];
      if (v->variability < MBE_VAR_PARAMETER) {
        mbe_strbuf_printf(sb, "%s%s:%d:%d:%d;", prefix, s->ident, v->type, v->is_flow, v->ndims);
      }
      continue;
    }
    for (int k = 0; k < s->nelems; k++) {
      MbeStrbuf sub;
      mbe_strbuf_init(&sub);
      mbe_strbuf_printf(&sub, "%s%s[%d].", prefix, s->ident, k);
      signature_of(f, s->elems[k], sub.data ? sub.data : "", sb);
      mbe_strbuf_deinit(&sub);
    }
  }
}

static const char* connector_signature(MbeFlatten* fl, int inst, MbeError* err) {
  MbeInst* in = &fl->flat->insts[inst];
  if (in->signature) {
    return in->signature;
  }
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  signature_of(fl->flat, inst, "", &sb);
  const char* s = sb.is_oom ? NULL : mbe_arena_strdup(fl->arena, sb.data ? sb.data : "");
  mbe_strbuf_deinit(&sb);
  if (!s) {
    nomem(err);
  }
  fl->flat->insts[inst].signature = s;
  return s;
}

// the indices (0-based) one subscript selects in a dimension of size n: an Integer, an Integer
// vector (a range such as 1:3) or ':'
static MbeStatus index_set(MbeFlatten* fl, const MbeExpr* e, int scope, const MbeClass* lex, int n,
                           int** idx, int* count, MbeError* err) {
  MbeValue v;
  MbeStatus st;
  if (!e || e->kind == MBE_EX_COLON) {
    *idx = mbe_arena_alloc(fl->arena, (size_t)(n ? n : 1) * sizeof **idx);
    if (!*idx) {
      return nomem(err);
    }
    for (int i = 0; i < n; i++) {
      (*idx)[i] = i;
    }
    *count = n;
    return MBE_OK;
  }
  if ((st = mbe_eval_subscript(fl, e, scope, lex, n, &v, err)) != MBE_OK) {
    return st;
  }
  if (v.type != MBE_T_INTEGER || v.ndims > 1) {
    return mbe_error_at(err, MBE_ERR_MODEL, e->loc,
                        "a subscript must be an Integer or a range of Integers");
  }
  *idx = mbe_arena_alloc(fl->arena, (v.n ? v.n : 1) * sizeof **idx);
  if (!*idx) {
    return nomem(err);
  }
  for (size_t i = 0; i < v.n; i++) {
    if (v.num[i] < 1 || v.num[i] > n) {
      return mbe_error_at(err, MBE_ERR_MODEL, e->loc, "index %g is out of range 1..%d", v.num[i],
                          n);
    }
    (*idx)[i] = (int)v.num[i] - 1;
  }
  *count = (int)v.n;
  return MBE_OK;
}

// the flat element indices (row-major) that subscripts select from an array of shape dims;
// missing trailing subscripts select everything
static MbeStatus select_elems(MbeFlatten* fl, const MbeNamePart* part, int ndims, const int* dims,
                              int scope, const MbeClass* lex, int** out, int* nout, MbeError* err) {
  if ((int)part->nsubs > ndims) {
    return mbe_error_at(err, MBE_ERR_MODEL, part->nsubs ? part->subs[0]->loc : (MbeLoc){0},
                        "'%s' has %d dimension%s, not %zu", part->ident, ndims,
                        ndims == 1 ? "" : "s", part->nsubs);
  }
  int* sets[MBE_MAX_DIMS];
  int counts[MBE_MAX_DIMS];
  int total = 1;
  for (int d = 0; d < ndims; d++) {
    MbeStatus st = index_set(fl, d < (int)part->nsubs ? part->subs[d] : NULL, scope, lex, dims[d],
                             &sets[d], &counts[d], err);
    if (st != MBE_OK) {
      return st;
    }
    total *= counts[d];
  }
  *out = mbe_arena_alloc(fl->arena, (size_t)(total ? total : 1) * sizeof **out);
  if (!*out) {
    return nomem(err);
  }
  int pos[MBE_MAX_DIMS] = {0};
  for (int k = 0; k < total; k++) {
    int flat = 0;
    for (int d = 0; d < ndims; d++) {
      flat = flat * dims[d] + sets[d][pos[d]];
    }
    (*out)[k] = flat;
    for (int d = ndims; d-- > 0;) {
      if (++pos[d] < counts[d]) {
        break;
      }
      pos[d] = 0;
    }
  }
  *nout = total;
  return MBE_OK;
}

// expands one side of a connect into connector ends: a.b[2].c, a[1:3].y, u[1:2], arr.y
static MbeStatus connect_side(MbeFlatten* fl, const MbeName* name, int scope, const MbeClass* lex,
                              EndList* out, MbeError* err) {
  MbeStatus st;
  int* cur = mbe_arena_alloc(fl->arena, sizeof *cur);
  if (!cur) {
    return nomem(err);
  }
  cur[0] = scope;
  int ncur = 1;
  for (size_t j = 0; j < name->nparts; j++) {
    const MbeNamePart* part = &name->parts[j];
    bool last = j + 1 == name->nparts;
    int* next = NULL;
    size_t nnext = 0, cap = 0;
    for (int c = 0; c < ncur; c++) {
      MbeInst* in = &fl->flat->insts[cur[c]];
      MbeSlot* slot = find_slot(in, part->ident);
      if (!slot) {
        const char* hint = suggest_slot(in, part->ident);
        return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "%s%s%s has no element '%s'%s%s%s",
                            in->name[0] ? in->name : "the model", in->name[0] ? " of " : "",
                            in->name[0] ? in->class_name : "", part->ident,
                            hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
      }
      size_t si = (size_t)(slot - in->slots);
      if ((st = instantiate_slot(fl, cur[c], si, err)) != MBE_OK) {
        return st;
      }
      slot = &fl->flat->insts[cur[c]].slots[si];
      if (!slot->is_present) {
        out->absent = true;  // the specification removes connects to absent components
        return MBE_OK;
      }
      if (slot->inner >= 0) {
        if (part->nsubs) {
          return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "'%s' is not an array", part->ident);
        }
        int* g = grow(fl->arena, next, nnext, &cap, sizeof *g);
        if (!g) {
          return nomem(err);
        }
        next = g;
        next[nnext++] = slot->inner;
        continue;
      }
      if (slot->var >= 0) {
        if (!last) {
          return mbe_error_at(err, MBE_ERR_MODEL, name->loc,
                              "'%s' is a variable; it has no element '%s'",
                              fl->flat->vars[slot->var].name, name->parts[j + 1].ident);
        }
        int vi = slot->var;
        int* el;
        int nel;
        MbeVar* v = &fl->flat->vars[vi];
        int dims[MBE_MAX_DIMS];
        memcpy(dims, v->dims, sizeof dims);
        if ((st = select_elems(fl, part, v->ndims, dims, scope, lex, &el, &nel, err)) != MBE_OK) {
          return st;
        }
        for (int k = 0; k < nel; k++) {
          v = &fl->flat->vars[vi];
          const char* nm =
              v->ndims ? mbe_arena_printf(fl->arena, "%s[%d]", v->name, el[k] + 1) : v->name;
          if (!nm) {
            return nomem(err);
          }
          if ((st = push_end(fl, out, (MbeConnEnd){-1, vi, el[k], nm}, err)) != MBE_OK) {
            return st;
          }
        }
        continue;
      }
      int* el;
      int nel;
      int dims[MBE_MAX_DIMS];
      memcpy(dims, slot->dims, sizeof dims);
      if ((st = select_elems(fl, part, slot->ndims, dims, scope, lex, &el, &nel, err)) != MBE_OK) {
        return st;
      }
      for (int k = 0; k < nel; k++) {
        int* g = grow(fl->arena, next, nnext, &cap, sizeof *g);
        if (!g) {
          return nomem(err);
        }
        next = g;
        next[nnext++] = fl->flat->insts[cur[c]].slots[si].elems[el[k]];
      }
    }
    cur = next;
    ncur = (int)nnext;
  }
  for (int c = 0; c < ncur; c++) {
    if ((st = push_end(fl, out, (MbeConnEnd){cur[c], -1, 0, fl->flat->insts[cur[c]].name}, err)) !=
        MBE_OK) {
      return st;
    }
  }

  // check that every end is a connector
  // every end must be a connector: a connector instance, or a variable declared with a connector
  // type (RealInput) or inside a connector
  for (size_t i = 0; i < out->n; i++) {
    MbeConnEnd* e = &out->e[i];
    bool ok;
    if (e->inst >= 0) {
      ok = fl->flat->insts[e->inst].kind == MBE_INST_CONNECTOR;
    } else {
      const MbeVar* v = &fl->flat->vars[e->var];
      const MbeInst* owner = &fl->flat->insts[v->inst];
      ok = (v->type_class && v->type_class->restriction == MBE_CLASS_CONNECTOR) ||
           owner->kind == MBE_INST_CONNECTOR;
      ok = ok && v->variability < MBE_VAR_PARAMETER;
    }
    if (!ok) {
      return mbe_error_at(err, MBE_ERR_MODEL, name->loc,
                          "'%s' is not a connector; connect() joins connectors such as frame_a, "
                          "flange_b or a RealInput",
                          e->name);
    }
  }
  return MBE_OK;
}

static MbeStatus flatten_connect(MbeFlatten* fl, const MbeEquation* eq, int scope,
                                 const MbeClass* lex, MbeError* err) {
  EndList a = {0}, b = {0};
  MbeStatus st;
  if ((st = connect_side(fl, &eq->a, scope, lex, &a, err)) != MBE_OK ||
      (st = connect_side(fl, &eq->b, scope, lex, &b, err)) != MBE_OK) {
    return st;
  }
  if (a.absent || b.absent) {
    return MBE_OK;
  }
  if (a.n != b.n) {
    return mbe_error_at(err, MBE_ERR_MODEL, eq->loc,
                        "connect() joins %zu connector(s) on the left with %zu on the right", a.n,
                        b.n);
  }
  MbeFlat* f = fl->flat;
  for (size_t i = 0; i < a.n; i++) {
    // compatibility: same base type for primitive ends, same variables for structured ones
    const MbeConnEnd* x = &a.e[i];
    const MbeConnEnd* y = &b.e[i];
    bool ok;
    const char* what_x;
    const char* what_y;
    if ((x->inst >= 0) != (y->inst >= 0)) {
      ok = false;
    } else if (x->inst >= 0) {
      const char* sx = connector_signature(fl, x->inst, err);
      const char* sy = connector_signature(fl, y->inst, err);
      if (!sx || !sy) {
        return MBE_ERR_NOMEM;
      }
      ok = strcmp(sx, sy) == 0;
    } else {
      ok = f->vars[x->var].type == f->vars[y->var].type;
    }
    what_x = x->inst >= 0 ? f->insts[x->inst].class_name : mbe_base_type_str(f->vars[x->var].type);
    what_y = y->inst >= 0 ? f->insts[y->inst].class_name : mbe_base_type_str(f->vars[y->var].type);
    if (!ok) {
      return mbe_error_at(err, MBE_ERR_MODEL, eq->loc,
                          "connect(%s, %s) joins incompatible connectors: %s and %s", x->name,
                          y->name, what_x, what_y);
    }
    if (x->inst == y->inst && x->var == y->var && x->elem == y->elem) {
      return mbe_error_at(err, MBE_ERR_MODEL, eq->loc, "connect() joins %s with itself", x->name);
    }
    MbeConnection* c = grow(fl->arena, f->conns, f->nconns, &f->cap_conns, sizeof *c);
    if (!c) {
      return nomem(err);
    }
    f->conns = c;
    f->conns[f->nconns++] = (MbeConnection){*x, *y, scope, eq->loc};
  }
  return MBE_OK;
}

// whether argument i of call e is the orientation record of Frames.resolve1/resolve2 (first)
// or Frames.resolveRelative (second, third): host/mech reads a frame's R there
static bool frames_orientation_arg(const MbeExpr* e, size_t i) {
  size_t n = e->kind == MBE_EX_CALL ? e->name.nparts : 0;
  if (n < 2 || strcmp(e->name.parts[n - 2].ident, "Frames") != 0) {
    return false;
  }
  const char* f = e->name.parts[n - 1].ident;
  bool rel = strcmp(f, "resolveRelative") == 0;
  return (i == 0 && (strcmp(f, "resolve1") == 0 || strcmp(f, "resolve2") == 0)) ||
         (rel && (i == 1 || i == 2));
}

// every name in a user's equation must resolve to a variable, parameter or constant, or, as a
// function's argument (arg), to a record (Frames.angularVelocity2(frame_a.R): mech inlines the
// function over the record's fields)
static MbeStatus check_eq_names(MbeFlatten* fl, const MbeExpr* e, int scope, const MbeClass* lex,
                                bool arg, MbeError* err) {
  if (!e) {
    return MBE_OK;
  }
  MbeStatus st;
  if (e->kind == MBE_EX_NAME) {
    if (e->name.nparts == 1 && strcmp(e->name.parts[0].ident, "time") == 0 &&
        !e->name.parts[0].nsubs) {
      return MBE_OK;
    }
    MbeRef ref;
    if ((st = mbe_flatten_resolve(fl, &e->name, scope, lex, &ref, err)) != MBE_OK) {
      return st;
    }
    if (ref.kind == MBE_REF_INST && ref.index >= 0 &&
        fl->flat->insts[ref.index].kind == MBE_INST_RECORD && arg) {
      return MBE_OK;
    }
    if (ref.kind == MBE_REF_INST && ref.index >= 0 &&
        fl->flat->insts[ref.index].kind == MBE_INST_RECORD) {
      return mbe_error_at(err, MBE_ERR_UNSUPPORTED, e->loc,
                          "'%s' is a record; records as values in equations (Frames.Orientation "
                          "and functions of it) are not supported by mbens yet",
                          fl->flat->insts[ref.index].name);
    }
    if (ref.kind == MBE_REF_INST || ref.kind == MBE_REF_CLASS) {
      return mbe_error_at(err, MBE_ERR_MODEL, e->loc,
                          "this name is a component or class, not a value");
    }
    if (ref.kind == MBE_REF_VAR && ref.nparts_used != e->name.nparts) {
      return mbe_error_at(err, MBE_ERR_MODEL, e->loc, "'%s' is a variable; it has no element '%s'",
                          fl->flat->vars[ref.index].name, e->name.parts[ref.nparts_used].ident);
    }
  }
  for (size_t i = 0; i < e->nargs; i++) {
    if (frames_orientation_arg(e, i) && e->args[i]->kind == MBE_EX_NAME) {
      continue;  // a frame's R, read by the mechanics (mech_user.c)
    }
    if ((st = check_eq_names(fl, e->args[i], scope, lex, e->kind == MBE_EX_CALL, err)) !=
        MBE_OK) {
      return st;
    }
  }
  for (size_t i = 0; i < e->nnamed; i++) {
    if ((st = check_eq_names(fl, e->named[i].value, scope, lex, e->kind == MBE_EX_CALL, err)) !=
        MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// `R = expr` of a record instance R (R = Frames.nullRotation()): an explicit equation of the
// record, kept as its binding (*rec), which host/mech compiles field by field like a
// declaration's `Orientation R = expr`
static MbeStatus record_equation(MbeFlatten* fl, const MbeEquation* eq, int inst,
                                 const MbeClass* cls, bool* rec, MbeError* err) {
  MbeRef ref;
  MbeError scratch;
  *rec = false;
  if (eq->is_initial || eq->kind != MBE_EQ_SIMPLE || eq->lhs->kind != MBE_EX_NAME ||
      mbe_flatten_resolve(fl, &eq->lhs->name, inst, cls, &ref, &scratch) != MBE_OK ||
      ref.kind != MBE_REF_INST || ref.index < 0 || ref.nparts_used != eq->lhs->name.nparts ||
      fl->flat->insts[ref.index].kind != MBE_INST_RECORD) {
    return MBE_OK;
  }
  MbeInst* r = &fl->flat->insts[ref.index];
  if (r->record_binding.expr) {
    return mbe_error_at(err, MBE_ERR_MODEL, eq->loc,
                        "the record '%s' is given twice: by this equation and at %d:%d", r->name,
                        r->record_binding.loc.line, r->record_binding.loc.col);
  }
  r->record_binding = (MbeBinding){.expr = eq->rhs, .scope = inst, .lex = cls, .loc = eq->loc};
  *rec = true;
  return MBE_OK;
}

// an equation-statement: an assert on parameters is checked here and, like one on variables,
// kept for the run (mech); anything else is not simulated
static MbeStatus flatten_call(MbeFlatten* fl, const MbeEquation* eq, int inst, const MbeClass* cls,
                              MbeError* err) {
  MbeFlatAssert a;
  const char* failed;
  MbeStatus st = mbe_flatten_assert(fl, eq, inst, cls, &a, &failed, err);
  if (st == MBE_ERR_INVALID_ARG) {
    MbeStrbuf sb;
    mbe_strbuf_init(&sb);
    mbe_name_print(&sb, &eq->rhs->name);
    st = mbe_error_at(err, MBE_ERR_UNSUPPORTED, eq->loc,
                      "the equation-statement '%s(...)' is not supported by mbens",
                      sb.data ? sb.data : "?");
    mbe_strbuf_deinit(&sb);
    return st;
  }
  if (st != MBE_OK) {
    return st;
  }
  if (failed && !a.is_warning) {
    return mbe_error_at(err, MBE_ERR_MODEL, eq->loc, "assertion failed: %s", failed);
  }
  if (failed) {
    warn(fl, eq->loc, "assertion failed (warning level): %s", failed);
  }
  MbeFlat* f = fl->flat;
  MbeFlatAssert* g = grow(fl->arena, f->asserts, f->nasserts, &f->cap_asserts, sizeof *g);
  if (!g) {
    return nomem(err);
  }
  f->asserts = g;
  f->asserts[f->nasserts++] = a;
  return MBE_OK;
}

// equations of the class of inst and of its bases (and short-form targets): the connects alone
// (connects) or everything else
static MbeStatus flatten_equations(MbeFlatten* fl, int inst, const MbeClass* cls, int depth,
                                   bool connects, MbeError* err) {
  MbeStatus st;
  if (depth > MAX_INST_DEPTH) {
    return mbe_error_at(err, MBE_ERR_MODEL, cls->loc, "extends clauses form a cycle");
  }
  if (cls->is_short && !cls->is_enumeration) {
    const MbeClass* target = NULL;
    if ((st = mbe_class_resolve_short(fl->spec, cls, &target, err)) != MBE_OK) {
      return st;
    }
    return target && target != cls ? flatten_equations(fl, inst, target, depth + 1, connects, err)
                                   : MBE_OK;
  }
  for (size_t i = 0; i < cls->nextends; i++) {
    const MbeClass* base = NULL;
    if ((st = mbe_lookup_extends(fl->spec, cls, i, &base, err)) != MBE_OK ||
        (st = flatten_equations(fl, inst, base, depth + 1, connects, err)) != MBE_OK) {
      return st;
    }
  }
  MbeEqList list = {0};
  for (size_t i = 0; i < cls->neqs; i++) {
    if ((st = mbe_unroll_equation(fl, fl->arena, &cls->eqs[i], inst, cls, &list, err)) != MBE_OK) {
      return st;
    }
  }
  for (size_t i = 0; i < list.n; i++) {
    const MbeEquation* eq = &list.eq[i];
    if ((eq->kind == MBE_EQ_CONNECT) != connects) {
      continue;
    }
    if (eq->kind == MBE_EQ_CALL) {
      if ((st = flatten_call(fl, eq, inst, cls, err)) != MBE_OK) {
        return st;
      }
      continue;
    }
    if (eq->kind == MBE_EQ_CONNECT) {
      if (eq->is_initial) {
        return mbe_error_at(err, MBE_ERR_MODEL, eq->loc,
                            "connect() is not allowed in an initial equation section");
      }
      if ((st = flatten_connect(fl, eq, inst, cls, err)) != MBE_OK) {
        return st;
      }
      continue;
    }
    bool rec = false;
    if ((st = record_equation(fl, eq, inst, cls, &rec, err)) != MBE_OK) {
      return st;
    }
    if (rec) {
      continue;
    }
    if ((st = check_eq_names(fl, eq->lhs, inst, cls, false, err)) != MBE_OK ||
        (st = check_eq_names(fl, eq->rhs, inst, cls, false, err)) != MBE_OK) {
      return st;
    }
    MbeFlat* f = fl->flat;
    MbeFlatEq* a = grow(fl->arena, f->eqs, f->neqs, &f->cap_eqs, sizeof *a);
    if (!a) {
      return nomem(err);
    }
    f->eqs = a;
    f->eqs[f->neqs++] = (MbeFlatEq){eq->lhs, eq->rhs, inst, cls, eq->is_initial, eq->loc};
  }
  return MBE_OK;
}

// the connects (connects) or the other equations of every user instance
static MbeStatus flatten_pass(MbeFlatten* fl, bool connects, MbeError* err) {
  for (size_t i = 0; i < fl->flat->ninsts; i++) {
    const MbeInst* in = &fl->flat->insts[i];
    if (in->kind == MBE_INST_BUILTIN || in->kind == MBE_INST_CONNECTOR ||
        in->kind == MBE_INST_RECORD) {
      continue;
    }
    bool inside_builtin = false;
    for (int p = in->parent; p >= 0; p = fl->flat->insts[p].parent) {
      inside_builtin = inside_builtin || fl->flat->insts[p].kind == MBE_INST_BUILTIN;
    }
    if (inside_builtin) {
      continue;
    }
    MbeStatus st = flatten_equations(fl, (int)i, in->cls, 0, connects, err);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// connections, then equations of every user instance (built-ins have none in the catalogue):
// an assert's cardinality() counts every connect
static MbeStatus flatten_all_equations(MbeFlatten* fl, MbeError* err) {
  for (int pass = 0; pass < 2; pass++) {
    MbeStatus st = flatten_pass(fl, pass == 0, err);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// ---- evaluation of everything and the experiment ------------------------------------------

// evaluates attribute a of variable i, which is set, and checks its type and shape
static MbeStatus attr_value(MbeFlatten* fl, int i, int a, MbeError* err) {
  const MbeBinding bc = fl->flat->vars[i].attr[a];  // a copy: evaluating may grow the tables
  const MbeBinding* b = &bc;
  MbeValue val;
  MbeStatus st = mbe_eval_binding(fl, b, &val, err);
  if (st != MBE_OK) {
    return st;
  }
  MbeVar* v = &fl->flat->vars[i];
  MbeBaseType want = a == MBE_ATTR_FIXED         ? MBE_T_BOOLEAN
                     : a == MBE_ATTR_STATESELECT ? MBE_T_ENUM
                                                 : v->type;
  if (val.type == MBE_T_INTEGER && want == MBE_T_REAL) {
    val.type = MBE_T_REAL;
  }
  if (val.type != want ||
      (a == MBE_ATTR_STATESELECT && strcmp(val.enum_type->name, "StateSelect") != 0)) {
    return mbe_error_at(err, MBE_ERR_MODEL, b->loc, "attribute %s of '%s' must be a%s %s",
                        ATTR_NAMES[a], v->name, want == MBE_T_INTEGER ? "n" : "",
                        a == MBE_ATTR_STATESELECT ? "StateSelect value" : mbe_base_type_str(want));
  }
  bool shape = val.ndims == 0 || val.ndims == v->ndims;
  for (int d = 0; shape && d < val.ndims; d++) {
    shape = val.dims[d] == v->dims[d];
  }
  if (!shape) {
    return mbe_error_at(err, MBE_ERR_MODEL, b->loc, "attribute %s of '%s' has the wrong shape",
                        ATTR_NAMES[a], v->name);
  }
  if (val.ndims == 0 && v->ndims > 0 && !b->is_each && a != MBE_ATTR_STATESELECT) {
    warn(fl, b->loc, "scalar %s for array '%s' without 'each': applied to every element",
         ATTR_NAMES[a], v->name);
  }
  if (a == MBE_ATTR_START &&
      (st = mbe_flat_vary_leaves(fl->flat, (int)i, true, &val, err)) != MBE_OK) {
    return st;
  }
  v->attr_value[a] = val;
  v->has_attr_value[a] = true;
  return MBE_OK;
}

MbeStatus mbe_flatten_eval_all(MbeFlatten* fl, MbeError* err) {
  MbeStatus st;
  for (size_t i = 0; i < fl->flat->nvars; i++) {
    MbeVar* v = &fl->flat->vars[i];
    if (v->variability >= MBE_VAR_PARAMETER) {
      if ((st = mbe_flatten_var_value(fl, (int)i, err)) != MBE_OK) {
        return st;
      }
    }

    // attributes that are set; absent ones keep their Modelica defaults (see MbeVar)
    for (int a = 0; a < MBE_ATTR_COUNT; a++) {
      if (!fl->flat->vars[i].attr[a].expr) {
        continue;
      }
      if ((st = attr_value(fl, (int)i, a, err)) != MBE_OK) {
        mbe_flat_error_at_var(fl->flat, (int)i, a, err);
        return st;
      }
    }
  }
  return MBE_OK;
}

static MbeStatus experiment(MbeFlatten* fl, MbeError* err) {
  const MbeExperiment* ex = fl->flat->top->experiment;
  if (!ex) {
    return MBE_OK;
  }
  MbeFlat* f = fl->flat;
  f->has_experiment = true;
  f->experiment_loc = ex->loc;
  const MbeExpr* exprs[] = {ex->start_time, ex->stop_time, ex->interval, ex->tolerance};
  bool* has[] = {&f->has_start_time, &f->has_stop_time, &f->has_interval, &f->has_tolerance};
  double* dst[] = {&f->start_time, &f->stop_time, &f->interval, &f->tolerance};
  static const char* const KEYS[] = {"StartTime", "StopTime", "Interval", "Tolerance"};
  for (int i = 0; i < 4; i++) {
    if (!exprs[i]) {
      continue;
    }
    MbeValue v;
    MbeStatus st = mbe_eval(fl, exprs[i], -1, fl->flat->top, &v, err);
    if (st != MBE_OK) {
      return st;
    }
    if (v.ndims || (v.type != MBE_T_REAL && v.type != MBE_T_INTEGER)) {
      return mbe_error_at(err, MBE_ERR_MODEL, exprs[i]->loc, "experiment %s must be a number",
                          KEYS[i]);
    }
    *has[i] = true;
    *dst[i] = v.num[0];
  }
  if (f->has_interval && !(f->interval > 0)) {
    return mbe_error_at(err, MBE_ERR_MODEL, ex->interval->loc,
                        "experiment Interval must be positive");
  }
  if (f->has_tolerance && !(f->tolerance > 0)) {
    return mbe_error_at(err, MBE_ERR_MODEL, ex->tolerance->loc,
                        "experiment Tolerance must be positive");
  }
  double t0 = f->has_start_time ? f->start_time : 0.0;
  if (f->has_stop_time && !(f->stop_time >= t0)) {
    return mbe_error_at(err, MBE_ERR_MODEL, ex->stop_time->loc,
                        "experiment StopTime %g is before StartTime %g", f->stop_time, t0);
  }
  return MBE_OK;
}

// ---- entry --------------------------------------------------------------------------------

static void collect_user_classes(const MbeClass* c, const MbeClass** out, size_t* n, size_t cap) {
  for (size_t i = 0; i < c->nclasses; i++) {
    const MbeClass* k = c->classes[i];
    // every user class: mbe_flat_create says why a package or partial class cannot be flattened
    if (!k->is_implicit && !k->is_catalogue) {
      if (*n < cap) {
        out[*n] = k;
      }
      (*n)++;
    }
    collect_user_classes(k, out, n, cap);
  }
}

// the models a user's file defines: its top-level classes and, inside packages, theirs (classes
// nested in a model are parts of it, not candidates)
static void collect_models_in(const MbeClass* k, const MbeClass** out, size_t* n, size_t cap) {
  if (k->restriction == MBE_CLASS_PACKAGE && !k->is_short) {
    for (size_t i = 0; i < k->nclasses; i++) {
      collect_models_in(k->classes[i], out, n, cap);
    }
    return;
  }
  if ((k->restriction == MBE_CLASS_MODEL || k->restriction == MBE_CLASS_BLOCK ||
       k->restriction == MBE_CLASS_CLASS) &&
      !k->is_partial && !k->is_short) {
    if (*n < cap) {
      out[*n] = k;
    }
    (*n)++;
  }
}

static void collect_file_classes(const MbeSpec* spec, const MbeClass** out, size_t* n, size_t cap) {
  for (size_t f = 0; f < spec->nfiles; f++) {
    if (spec->files[f]->is_catalogue) {
      continue;
    }
    for (size_t i = 0; i < spec->files[f]->nclasses; i++) {
      collect_models_in(spec->files[f]->classes[i], out, n, cap);
    }
  }
}

// why a dotted name with a known first part names no class: "A.B has no class 'C' (did you mean
// 'D'?)", from the lookup itself (its suggestions know the libraries' folders); MBE_OK when the
// first part is unknown too (the caller then looks among the files' classes)
static MbeStatus explain_full_name(const MbeSpec* spec, MbeArena* arena, const char* class_name,
                                   MbeError* err) {
  MbeName name = {0};
  size_t nparts = 1;
  for (const char* p = class_name; *p; p++) {
    nparts += *p == '.';
  }
  name.parts = mbe_arena_alloc(arena, nparts * sizeof *name.parts);
  char* copy = mbe_arena_strdup(arena, class_name);
  if (!name.parts || !copy) {
    return nomem(err);
  }
  for (char* p = copy; p;) {
    char* dot = strchr(p, '.');
    if (dot) {
      *dot = '\0';
    }
    if (*p == '\0') {
      return MBE_OK;  // not a name: the caller's message says so
    }
    name.parts[name.nparts++].ident = p;
    p = dot ? dot + 1 : NULL;
  }
  if (name.nparts < 2 || !mbe_lookup_full_name(spec, name.parts[0].ident)) {
    return MBE_OK;
  }
  const MbeClass* out = NULL;
  MbePredef pd;
  MbeStatus st = mbe_lookup_class(spec, &spec->root, &name, name.nparts, &out, &pd, err);
  return st == MBE_ERR_MODEL ? MBE_ERR_USAGE : st;
}

static MbeStatus pick_class(MbeSpec* spec, MbeArena* arena, const char* class_name,
                            const MbeClass** out, MbeError* err) {
  enum { CAP = 4096 };
  const MbeClass** found = mbe_arena_alloc(arena, CAP * sizeof *found);
  size_t n = 0;
  *out = NULL;
  if (!found) {
    return nomem(err);
  }
  if (!class_name) {
    collect_file_classes(spec, found, &n, CAP);
    if (n == 1) {
      *out = found[0];
      return MBE_OK;
    }
    if (n == 0) {
      return mbe_error_set(err, MBE_ERR_USAGE,
                           "the file defines no model to flatten (only packages, "
                           "partial classes or types)");
    }
    MbeStrbuf sb;
    mbe_strbuf_init(&sb);
    for (size_t i = 0; i < n && i < 8; i++) {
      mbe_strbuf_printf(&sb, "%s%s", i ? ", " : "", mbe_class_full_name(arena, found[i]));
    }
    MbeStatus st = mbe_error_set(err, MBE_ERR_USAGE,
                                 "the file defines %zu models; pick one with --class (%s%s)", n,
                                 sb.data ? sb.data : "", n > 8 ? ", ..." : "");
    mbe_strbuf_deinit(&sb);
    return st;
  }

  // a full name (from the libraries too), else a unique suffix among the user's classes
  const MbeClass* byname = mbe_lookup_full_name(spec, class_name);
  if (byname && !byname->is_catalogue && !byname->is_implicit) {
    *out = byname;
    return MBE_OK;
  }
  if (spec->lib_status != MBE_OK) {
    if (err) {
      *err = spec->lib_err;
    }
    return spec->lib_status;
  }
  if (!byname && spec->nlib_roots) {
    MbeStatus st = explain_full_name(spec, arena, class_name, err);
    if (st != MBE_OK) {
      return st;
    }
  }
  collect_user_classes(&spec->root, found, &n, CAP);
  size_t nmatch = 0;
  const MbeClass* match = NULL;
  size_t len = strlen(class_name);
  for (size_t i = 0; i < n && i < CAP; i++) {
    const char* full = mbe_class_full_name(arena, found[i]);
    if (!full) {
      return nomem(err);
    }
    size_t fl = strlen(full);
    if (strcmp(full, class_name) == 0) {
      *out = found[i];
      return MBE_OK;
    }
    if (fl > len && full[fl - len - 1] == '.' && strcmp(full + fl - len, class_name) == 0) {
      nmatch++;
      match = found[i];
    }
  }
  if (nmatch == 1) {
    *out = match;
    return MBE_OK;
  }
  if (nmatch > 1) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "class '%s' is ambiguous: %zu classes end with it; "
                         "give the full name",
                         class_name, nmatch);
  }
  const char* best = NULL;
  size_t best_d = len / 3 + 2;
  for (size_t i = 0; i < n && i < CAP; i++) {
    const char* full = mbe_class_full_name(arena, found[i]);
    const char* tail = strrchr(full, '.');
    tail = tail ? tail + 1 : full;
    size_t d = mbe_edit_distance(class_name, tail, best_d);
    size_t d2 = mbe_edit_distance(class_name, full, best_d);
    if (d2 < d) {
      d = d2;
    }
    if (d < best_d) {
      best_d = d;
      best = full;
    }
  }
  return mbe_error_set(err, MBE_ERR_USAGE, "no model named '%s' in the given files%s%s%s",
                       class_name, best ? " (did you mean '" : "", best ? best : "",
                       best ? "'?)" : "");
}

MbeStatus mbe_flat_create(MbeSpec* spec, const char* class_name, MbeFlat** out, MbeError* err) {
  if (!out || !spec) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "mbe_flat_create: spec and out are required");
  }
  *out = NULL;
  MbeStatus st = mbe_catalogue_load(spec, err);
  if (st != MBE_OK) {
    return st;
  }
  MbeFlat* f = mbe_calloc(1, sizeof *f);
  if (!f) {
    return nomem(err);
  }
  mbe_arena_init(&f->arena);
  mbe_sym_init(&f->psym);
  f->spec = spec;
  MbeFlatten fl = {spec, f, &f->arena, NULL, 0, 0, 0, NULL, 0, 0};

  const MbeClass* top = NULL;
  if ((st = pick_class(spec, &f->arena, class_name, &top, err)) != MBE_OK) {
    goto fail;
  }
  f->top = top;
  f->top_name = mbe_class_full_name(&f->arena, top);
  if (top->restriction != MBE_CLASS_MODEL && top->restriction != MBE_CLASS_BLOCK &&
      top->restriction != MBE_CLASS_CLASS) {
    st = mbe_error_at(err, MBE_ERR_MODEL, top->loc, "%s is a %s; only a model can be simulated",
                      top->name, mbe_restriction_str(top->restriction));
    goto fail;
  }
  if (top->is_partial) {
    st = mbe_error_at(err, MBE_ERR_MODEL, top->loc,
                      "%s is partial; only a complete model can be simulated", top->name);
    goto fail;
  }

  // the root instance, all elements, connections and equations, values and their bounds, what
  // only the animation reads, experiment
  int root;
  ModSet none = {0};
  if ((st = new_inst(&fl, "", -1, top, top->loc, &root, err)) != MBE_OK ||
      (st = expand(&fl, root, &none, err)) != MBE_OK ||
      (st = instantiate_all(&fl, root, err)) != MBE_OK ||
      (st = flatten_all_equations(&fl, err)) != MBE_OK ||
      (st = mbe_flatten_eval_all(&fl, err)) != MBE_OK ||
      (st = mbe_flat_check_bounds(f, err)) != MBE_OK ||
      (st = mbe_flat_mark_visual(&fl, err)) != MBE_OK || (st = experiment(&fl, err)) != MBE_OK) {
    goto fail;
  }
  mbe_flat_warnings_to_user(f);
  *out = f;
  return MBE_OK;

fail:
  mbe_flat_error_to_user(f, err);
  mbe_flat_destroy(f);
  return st;
}

void mbe_flat_destroy(MbeFlat* flat) {
  if (!flat) {
    return;
  }
  mbe_sym_deinit(&flat->psym);
  mbe_arena_deinit(&flat->arena);
  mbe_free(flat);
}
