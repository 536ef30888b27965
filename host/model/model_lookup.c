// SPDX-License-Identifier: Apache-2.0
// Class lookup the Modelica way (Modelica 3.6 section 5.3): the first part of a name is searched in
// the enclosing classes from the inside out (their nested and inherited classes, then their
// imports), then among the top-level classes and the predefined types; the other parts are
// members of what the first part found. Names starting with '.' start at the top level.
#include <string.h>

#include "model.h"

enum { MAX_INHERIT_DEPTH = 32 };  // extends chains deeper than this are reported as cycles

static const char* const PREDEF_NAMES[] = {NULL, "Real", "Integer", "Boolean", "String"};

static MbePredef predef_of(const char* ident) {
  for (int i = 1; i < MBE_PREDEF_COUNT; i++) {
    if (strcmp(ident, PREDEF_NAMES[i]) == 0) {
      return (MbePredef)i;
    }
  }
  return MBE_PREDEF_NONE;
}

// a top-level class: the tree's, else one loaded from the library roots
static const MbeClass* root_child(const MbeSpec* spec, const char* ident) {
  for (size_t i = 0; i < spec->root.nclasses; i++) {
    if (strcmp(spec->root.classes[i]->name, ident) == 0) {
      return spec->root.classes[i];
    }
  }
  return spec->nlib_roots ? mbe_lib_load(spec, &spec->root, ident) : NULL;
}

// resolves a name from the top level, class parts only (import paths, global names)
static const MbeClass* lookup_global(const MbeSpec* spec, const MbeName* name, size_t nparts,
                                     int depth);

static const MbeClass* member(const MbeSpec* spec, const MbeClass* cls, const char* ident,
                              int depth);

// the class a short definition stands for (package P = A.B;), or NULL
static const MbeClass* short_target(const MbeSpec* spec, const MbeClass* cls, int depth) {
  if (!cls->is_short || cls->is_enumeration || depth > MAX_INHERIT_DEPTH) {
    return NULL;
  }
  const MbeClass* scope = cls->parent;
  const MbeClass* out = NULL;
  MbePredef pd = MBE_PREDEF_NONE;
  MbeError scratch;
  if (cls->short_base.is_global || !scope) {
    return lookup_global(spec, &cls->short_base, cls->short_base.nparts, depth + 1);
  }
  if (mbe_lookup_class(spec, scope, &cls->short_base, cls->short_base.nparts, &out, &pd,
                       &scratch) != MBE_OK) {
    return NULL;
  }
  return out;
}

// base class of an extends clause of cls; lookup starts in the enclosing class
static const MbeClass* extends_base(const MbeSpec* spec, const MbeClass* cls, size_t i, int depth) {
  const MbeName* n = &cls->extends[i].base;
  if (depth > MAX_INHERIT_DEPTH) {
    return NULL;
  }
  if (n->is_global) {
    return lookup_global(spec, n, n->nparts, depth + 1);
  }
  const MbeClass* out = NULL;
  MbePredef pd;
  MbeError scratch;
  const MbeClass* scope = cls->parent;
  // the class's own imports apply to its extends clauses
  for (size_t k = 0; k < cls->nimports; k++) {
    const MbeImport* imp = &cls->imports[k];
    if (imp->alias && strcmp(imp->alias, n->parts[0].ident) == 0) {
      const MbeClass* c = lookup_global(spec, &imp->path, imp->path.nparts, depth + 1);
      for (size_t j = 1; c && j < n->nparts; j++) {
        c = member(spec, c, n->parts[j].ident, depth + 1);
      }
      return c;
    }
  }
  if (!scope) {
    return lookup_global(spec, n, n->nparts, depth + 1);
  }
  if (mbe_lookup_class(spec, scope, n, n->nparts, &out, &pd, &scratch) != MBE_OK) {
    return NULL;
  }
  return out;
}

// a class named ident inside cls: its nested classes, those of its base classes, or those of the
// class a short definition names
static const MbeClass* member(const MbeSpec* spec, const MbeClass* cls, const char* ident,
                              int depth) {
  if (!cls || depth > MAX_INHERIT_DEPTH) {
    return NULL;
  }
  if (cls->is_short) {
    return member(spec, short_target(spec, cls, depth), ident, depth + 1);
  }
  if (spec->nlib_roots) {
    mbe_lib_prepare(spec, cls);
  }
  for (size_t i = 0; i < cls->nclasses; i++) {
    if (strcmp(cls->classes[i]->name, ident) == 0) {
      return cls->classes[i];
    }
  }
  for (size_t i = 0; i < cls->nextends; i++) {
    const MbeClass* c = member(spec, extends_base(spec, cls, i, depth + 1), ident, depth + 1);
    if (c) {
      return c;
    }
  }
  return cls->lib_dir ? mbe_lib_load(spec, cls, ident) : NULL;
}

const MbeClass* mbe_class_member(const MbeSpec* spec, const MbeClass* cls, const char* ident) {
  return member(spec, cls, ident, 0);
}

static const MbeClass* lookup_global(const MbeSpec* spec, const MbeName* name, size_t nparts,
                                     int depth) {
  const MbeClass* c = root_child(spec, name->parts[0].ident);
  for (size_t j = 1; c && j < nparts; j++) {
    c = member(spec, c, name->parts[j].ident, depth + 1);
  }
  return c;
}

// the first part of a name, searched lexically from scope outwards
static const MbeClass* lookup_first(const MbeSpec* spec, const MbeClass* scope, const char* ident) {
  for (const MbeClass* s = scope; s; s = s->parent) {
    const MbeClass* c = member(spec, s, ident, 0);
    if (c) {
      return c;
    }

    // imports of this class: qualified and alias ones by name, then wildcard ones
    for (size_t k = 0; k < s->nimports; k++) {
      const MbeImport* imp = &s->imports[k];
      if (imp->alias && strcmp(imp->alias, ident) == 0) {
        return lookup_global(spec, &imp->path, imp->path.nparts, 0);
      }
    }
    for (size_t k = 0; k < s->nimports; k++) {
      const MbeImport* imp = &s->imports[k];
      if (imp->kind == MBE_IMPORT_WILDCARD) {
        const MbeClass* pkg = lookup_global(spec, &imp->path, imp->path.nparts, 0);
        const MbeClass* m = pkg ? member(spec, pkg, ident, 0) : NULL;
        if (m) {
          return m;
        }
      }
    }
    if (s->is_encapsulated) {
      break;
    }
  }
  return root_child(spec, ident);
}

const MbeClass* mbe_lookup_full_name(const MbeSpec* spec, const char* name) {
  char part[256];
  const MbeClass* c = NULL;
  for (const char* p = name; p && *p;) {
    size_t len = strcspn(p, ".");
    if (len == 0 || len >= sizeof part) {
      return NULL;
    }
    memcpy(part, p, len);
    part[len] = '\0';
    c = c ? member(spec, c, part, 0) : root_child(spec, part);
    if (!c) {
      return NULL;
    }
    p = p[len] ? p + len + 1 : p + len;
  }
  return c;
}

const char* mbe_class_full_name(MbeArena* arena, const MbeClass* cls) {
  const MbeClass* chain[64];
  size_t n = 0;
  for (const MbeClass* c = cls; c && n < 64; c = c->parent) {
    chain[n++] = c;
  }
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  for (size_t i = n; i-- > 0;) {
    mbe_strbuf_puts(&sb, chain[i]->name);
    if (i) {
      mbe_strbuf_puts(&sb, ".");
    }
  }
  const char* out = mbe_arena_strdup(arena, sb.data ? sb.data : "");
  mbe_strbuf_deinit(&sb);
  return out;
}

// closest class name to ident among the classes of c (and its bases)
static void suggest_in(const MbeSpec* spec, const MbeClass* c, const char* ident, const char** best,
                       size_t* best_d, int depth) {
  if (!c || depth > 4) {
    return;
  }
  if (c->is_short) {
    suggest_in(spec, short_target(spec, c, 0), ident, best, best_d, depth + 1);
    return;
  }
  for (size_t i = 0; i < c->nclasses + c->nlib_entries; i++) {
    const char* name = i < c->nclasses ? c->classes[i]->name : c->lib_entries[i - c->nclasses];
    size_t d = mbe_edit_distance(ident, name, *best_d);
    if (d < *best_d) {
      *best_d = d;
      *best = name;
    }
  }
  for (size_t i = 0; i < c->nextends; i++) {
    suggest_in(spec, extends_base(spec, c, i, 0), ident, best, best_d, depth + 1);
  }
}

const char* mbe_lookup_suggest(const MbeSpec* spec, const MbeClass* scope, const char* ident) {
  const char* best = NULL;
  size_t len = strlen(ident);
  size_t best_d = len < 4 ? 2 : len / 3 + 1;
  for (const MbeClass* s = scope; s; s = s->parent) {
    suggest_in(spec, s, ident, &best, &best_d, 0);
    if (s->is_encapsulated) {
      break;  // as in lookup_first: the enclosing classes are not visible from here
    }
  }
  suggest_in(spec, &spec->root, ident, &best, &best_d, 0);
  return best;
}

// a library file that failed to load while looking a name up: its own error
static MbeStatus lib_error(const MbeSpec* spec, MbeError* err) {
  if (err) {
    *err = spec->lib_err;
  }
  return spec->lib_status;
}

static MbeStatus lookup(const MbeSpec* spec, const MbeClass* scope, const MbeName* name,
                        size_t nparts, const MbeClass** out, MbePredef* predef, bool optional,
                        MbeError* err) {
  *out = NULL;
  *predef = MBE_PREDEF_NONE;
  const char* first = name->parts[0].ident;
  const MbeClass* c = name->is_global ? root_child(spec, first) : lookup_first(spec, scope, first);
  if (!c) {
    MbePredef pd = name->is_global ? MBE_PREDEF_NONE : predef_of(first);
    if (pd != MBE_PREDEF_NONE && nparts == 1) {
      *predef = pd;
      return MBE_OK;
    }
    if (spec->lib_status != MBE_OK) {
      return lib_error(spec, err);
    }
    if (optional) {
      return MBE_OK;
    }
    const char* hint = mbe_lookup_suggest(spec, scope, first);
    return mbe_error_at(err, MBE_ERR_MODEL, name->loc, "unknown class '%s'%s%s%s", first,
                        hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
  }

  // the other parts are members of what the first found
  for (size_t j = 1; j < nparts; j++) {
    const MbeClass* m = member(spec, c, name->parts[j].ident, 0);
    if (!m && spec->lib_status != MBE_OK) {
      return lib_error(spec, err);
    }
    if (!m) {
      MbeArena tmp;
      mbe_arena_init(&tmp);
      const char* cname = mbe_class_full_name(&tmp, c);
      const char* best = NULL;
      size_t len = strlen(name->parts[j].ident);
      size_t best_d = len < 4 ? 2 : len / 3 + 1;
      suggest_in(spec, c, name->parts[j].ident, &best, &best_d, 0);
      MbeStatus st =
          mbe_error_at(err, MBE_ERR_MODEL, name->loc, "%s has no class '%s'%s%s%s",
                       cname ? cname : "?", name->parts[j].ident, best ? " (did you mean '" : "",
                       best ? best : "", best ? "'?)" : "");
      mbe_arena_deinit(&tmp);
      return st;
    }
    c = m;
  }
  *out = c;
  return MBE_OK;
}

MbeStatus mbe_lookup_class(const MbeSpec* spec, const MbeClass* scope, const MbeName* name,
                           size_t nparts, const MbeClass** out, MbePredef* predef, MbeError* err) {
  return lookup(spec, scope, name, nparts, out, predef, false, err);
}

MbeStatus mbe_lookup_class_opt(const MbeSpec* spec, const MbeClass* scope, const MbeName* name,
                               size_t nparts, const MbeClass** out, MbePredef* predef,
                               MbeError* err) {
  return lookup(spec, scope, name, nparts, out, predef, true, err);
}

MbeStatus mbe_class_resolve_short(const MbeSpec* spec, const MbeClass* cls, const MbeClass** out,
                                  MbeError* err) {
  const MbeClass* c = cls;
  for (int depth = 0; c && c->is_short && !c->is_enumeration; depth++) {
    if (depth > MAX_INHERIT_DEPTH) {
      return mbe_error_at(err, MBE_ERR_MODEL, cls->loc,
                          "short class definitions of %s form a cycle", cls->name);
    }
    const MbeClass* next = NULL;
    MbePredef pd = MBE_PREDEF_NONE;
    MbeStatus st = c->short_base.is_global || !c->parent
                       ? ((next = lookup_global(spec, &c->short_base, c->short_base.nparts, 0))
                              ? MBE_OK
                              : mbe_lookup_class(spec, &spec->root, &c->short_base,
                                                 c->short_base.nparts, &next, &pd, err))
                       : mbe_lookup_class(spec, c->parent, &c->short_base, c->short_base.nparts,
                                          &next, &pd, err);
    if (st != MBE_OK) {
      return st;
    }
    if (!next) {
      break;  // a predefined type: the short class is as far as classes go
    }
    c = next;
  }
  *out = c;
  return MBE_OK;
}

MbeStatus mbe_lookup_extends(const MbeSpec* spec, const MbeClass* cls, size_t i,
                             const MbeClass** out, MbeError* err) {
  *out = extends_base(spec, cls, i, 0);
  if (*out) {
    return MBE_OK;
  }
  // repeat the lookup with errors to name the unknown part
  const MbeName* n = &cls->extends[i].base;
  MbePredef pd;
  MbeStatus st =
      mbe_lookup_class(spec, cls->parent ? cls->parent : &spec->root, n, n->nparts, out, &pd, err);
  if (st == MBE_OK && !*out) {
    return mbe_error_at(err, MBE_ERR_UNSUPPORTED, n->loc,
                        "extending a predefined type is not supported");
  }
  if (st == MBE_OK) {
    return mbe_error_at(err, MBE_ERR_MODEL, n->loc,
                        "cannot resolve the base class (cyclic extends?)");
  }
  return st;
}
