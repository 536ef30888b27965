// SPDX-License-Identifier: Apache-2.0
// The spec: files parsed into one arena and their classes merged into one package tree (a file's
// `within` places its classes; packages named by a `within` but defined nowhere are implicit).
// Also printing of names and expressions for messages.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse_internal.h"

MbeStatus mbe_error_at(MbeError* err, MbeStatus code, MbeLoc loc, const char* fmt, ...) {
  char msg[480];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  MbeStatus st =
      mbe_error_set_at(err, code, loc.file ? loc.file : "", loc.line, loc.col, "%s", msg);
  if (err) {
    err->offset = loc.offset;
  }
  return st;
}

MbeStatus mbe_spec_create(MbeSpec** out, MbeError* err) {
  *out = NULL;
  MbeSpec* s = mbe_calloc(1, sizeof *s);
  if (!s) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory creating a spec");
  }
  mbe_arena_init(&s->arena);
  s->root.restriction = MBE_CLASS_PACKAGE;
  s->root.name = "";
  s->root.is_implicit = true;
  *out = s;
  return MBE_OK;
}

void mbe_spec_destroy(MbeSpec* spec) {
  if (!spec) {
    return;
  }
  mbe_free(spec->files);
  mbe_free(spec->lib_roots);
  mbe_arena_deinit(&spec->arena);
  mbe_free(spec);
}

MbeClass* mbe_spec_find_child(const MbeClass* scope, const char* name) {
  for (size_t i = 0; i < scope->nclasses; i++) {
    if (strcmp(scope->classes[i]->name, name) == 0) {
      return scope->classes[i];
    }
  }
  return NULL;
}

MbeStatus mbe_spec_append_child(MbeSpec* spec, MbeClass* scope, MbeClass* c, MbeError* err) {
  MbeClass** a = mbe_arena_alloc(&spec->arena, (scope->nclasses + 1) * sizeof *a);
  if (!a) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  if (scope->nclasses) {
    memcpy(a, scope->classes, scope->nclasses * sizeof *a);
  }
  a[scope->nclasses] = c;
  scope->classes = a;
  scope->nclasses++;
  c->parent = scope == &spec->root ? NULL : scope;
  return MBE_OK;
}

static bool is_long_package(const MbeClass* c) {
  return c->restriction == MBE_CLASS_PACKAGE && !c->is_short;
}

// Two classes of one name in one scope merge when one is an implicit package and the other a
// package with its own elements: *keep stays and takes the classes of *gone. Else they clash.
static bool merges(MbeClass* old, MbeClass* c, MbeClass** keep, MbeClass** gone) {
  if (old->is_implicit && is_long_package(c)) {
    *keep = c;
    *gone = old;
    return true;
  }
  if (c->is_implicit && is_long_package(old)) {
    *keep = old;
    *gone = c;
    return true;
  }
  return false;
}

// checks, without changing the tree, that placing c into scope clashes nowhere; a clash is
// reported at the class of the file being added (the one whose location is in new_file)
static MbeStatus check_place(MbeClass* scope, MbeClass* c, const char* new_file, MbeError* err) {
  MbeClass* old = mbe_spec_find_child(scope, c->name);
  MbeClass *keep, *gone;
  if (!old) {
    return MBE_OK;
  }
  if (!merges(old, c, &keep, &gone)) {
    const MbeClass* here = c->loc.file == new_file ? c : old;
    const MbeClass* there = here == c ? old : c;
    return mbe_error_at(err, MBE_ERR_MODEL, here->loc, "class %s is already defined at %s:%d:%d",
                        c->name, there->loc.file ? there->loc.file : "?", there->loc.line,
                        there->loc.col);
  }
  for (size_t i = 0; i < gone->nclasses; i++) {
    MbeStatus st = check_place(keep, gone->classes[i], new_file, err);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// adds c to scope (after check_place); an implicit package and a package of the same name merge
static MbeStatus place_class(MbeSpec* spec, MbeClass* scope, MbeClass* c, MbeError* err) {
  MbeClass* old = mbe_spec_find_child(scope, c->name);
  MbeClass *keep, *gone;
  if (!old) {
    return mbe_spec_append_child(spec, scope, c, err);
  }
  if (!merges(old, c, &keep, &gone)) {
    return mbe_error_set(err, MBE_ERR_INTERNAL, "class %s placed twice", c->name);
  }
  if (keep == c) {
    for (size_t i = 0; i < scope->nclasses; i++) {
      if (scope->classes[i] == old) {
        scope->classes[i] = c;
      }
    }
    c->parent = scope == &spec->root ? NULL : scope;
  }
  for (size_t i = 0; i < gone->nclasses; i++) {
    MbeStatus st = place_class(spec, keep, gone->classes[i], err);
    if (st != MBE_OK) {
      return st;
    }
  }
  return MBE_OK;
}

// the package a `within` names; missing packages are created as implicit packages when create is
// set, else *out is NULL; a non-package on the path is an error
static MbeStatus within_scope(MbeSpec* spec, const MbeFile* f, bool create, MbeClass** out,
                              MbeError* err) {
  *out = NULL;
  MbeClass* scope = &spec->root;
  for (size_t i = 0; i < f->within.nparts; i++) {
    const char* id = f->within.parts[i].ident;
    MbeClass* c = mbe_spec_find_child(scope, id);
    if (!c) {
      if (!create) {
        return MBE_OK;
      }
      c = mbe_arena_alloc(&spec->arena, sizeof *c);
      if (!c) {
        return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
      }
      c->restriction = MBE_CLASS_PACKAGE;
      c->name = id;
      c->description = "";
      c->is_implicit = true;
      c->is_catalogue = f->is_catalogue;
      c->loc = f->within.loc;
      MbeStatus st = mbe_spec_append_child(spec, scope, c, err);
      if (st != MBE_OK) {
        return st;
      }
    } else if (c->is_short) {
      return mbe_error_at(err, MBE_ERR_MODEL, f->within.loc,
                          "'within' names %s, which is the short class definition '%s %s = ...', "
                          "not a package",
                          id, mbe_restriction_str(c->restriction), id);
    } else if (c->restriction != MBE_CLASS_PACKAGE) {
      return mbe_error_at(err, MBE_ERR_MODEL, f->within.loc,
                          "'within' names %s, which is a %s, not a package", id,
                          mbe_restriction_str(c->restriction));
    }
    scope = c;
  }
  *out = scope;
  return MBE_OK;
}

// room for one more entry in the file table
static MbeStatus reserve_file(MbeSpec* spec, MbeError* err) {
  if (spec->nfiles < spec->cap_files) {
    return MBE_OK;
  }
  size_t cap = spec->cap_files ? 2 * spec->cap_files : 8;
  MbeFile** files = mbe_realloc(spec->files, cap * sizeof *files);
  if (!files) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  spec->files = files;
  spec->cap_files = cap;
  return MBE_OK;
}

MbeStatus mbe_spec_read_file(MbeSpec* spec, const char* path, MbeFile** out, MbeError* err) {
  char* text = NULL;
  size_t size = 0;
  MbeStatus st = mbe_file_read(path, &text, &size, err);
  if (st == MBE_OK && (st = reserve_file(spec, err)) == MBE_OK &&
      (st = mbe_parse_text(spec, path, text, size, false, out, err)) == MBE_OK) {
    spec->files[spec->nfiles++] = *out;
  }
  mbe_free(text);
  return st;
}

static MbeStatus add_parsed(MbeSpec* spec, const char* name, const char* text, size_t size,
                            bool is_catalogue, MbeFile** out, MbeError* err) {
  // parse into the arena; on failure the arena keeps some garbage but the tree is unchanged
  MbeFile* f = NULL;
  MbeStatus st = mbe_parse_text(spec, name, text, size, is_catalogue, &f, err);
  if (st != MBE_OK) {
    return st;
  }

  // check for clashes before changing the tree, so that a failure leaves it as it was; a within
  // scope that does not exist yet will be new and empty
  MbeClass* scope = NULL;
  if ((st = within_scope(spec, f, false, &scope, err)) != MBE_OK) {
    return st;
  }
  for (size_t i = 0; i < f->nclasses; i++) {
    if (scope && (st = check_place(scope, f->classes[i], f->path, err)) != MBE_OK) {
      return st;
    }
    for (size_t j = 0; j < i; j++) {
      if (strcmp(f->classes[j]->name, f->classes[i]->name) == 0) {
        return mbe_error_at(err, MBE_ERR_MODEL, f->classes[i]->loc,
                            "class %s is defined twice in this file (first at line %d)",
                            f->classes[i]->name, f->classes[j]->loc.line);
      }
    }
  }

  // room in the file table, then the changes: the within packages, the classes, the file
  if ((st = reserve_file(spec, err)) != MBE_OK ||
      (st = within_scope(spec, f, true, &scope, err)) != MBE_OK) {
    return st;
  }
  for (size_t i = 0; i < f->nclasses; i++) {
    if ((st = place_class(spec, scope, f->classes[i], err)) != MBE_OK) {
      return st;
    }
  }
  spec->files[spec->nfiles++] = f;
  if (out) {
    *out = f;
  }
  return MBE_OK;
}

MbeStatus mbe_spec_add_text(MbeSpec* spec, const char* name, const char* text, size_t size,
                            MbeError* err) {
  if (!spec || !name || (!text && size)) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "mbe_spec_add_text: spec, name and text are required");
  }
  return add_parsed(spec, name, text ? text : "", size, false, NULL, err);
}

MbeStatus mbe_spec_add_catalogue_text(MbeSpec* spec, const char* name, const char* text,
                                      size_t size, MbeError* err) {
  return add_parsed(spec, name, text, size, true, NULL, err);
}

MbeStatus mbe_spec_add_file(MbeSpec* spec, const char* path, MbeError* err) {
  return mbe_spec_add_file_named(spec, path, path, err);
}

MbeStatus mbe_spec_add_file_named(MbeSpec* spec, const char* path, const char* name,
                                  MbeError* err) {
  if (!spec || !path || !name) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "mbe_spec_add_file: spec, path and name are required");
  }
  char* text = NULL;
  size_t size = 0;
  MbeStatus st = mbe_file_read(path, &text, &size, err);
  if (st != MBE_OK) {
    return st;
  }
  MbeFile* f = NULL;
  st = add_parsed(spec, name, text, size, false, &f, err);
  mbe_free(text);
  return st == MBE_OK ? mbe_lib_discover(spec, f, path, err) : st;
}

// ---- printing -----------------------------------------------------------------------------

const char* mbe_restriction_str(MbeRestriction r) {
  static const char* const NAMES[] = {"class",   "model", "block",    "connector", "record",
                                      "package", "type",  "function", "operator"};
  return r < MBE_CLASS_COUNT ? NAMES[r] : "class";
}

const char* mbe_op_str(MbeOp op) {
  static const char* const NAMES[] = {
      "?", "+",  "-", "*",  "/",  "^",  ".+",  ".-", ".*",  "./", ".^",
      "<", "<=", ">", ">=", "==", "<>", "and", "or", "not", "-",  "+"};
  return op < MBE_OP_COUNT ? NAMES[op] : "?";
}

static void print_list(MbeStrbuf* sb, MbeExpr* const* a, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) {
      mbe_strbuf_puts(sb, ", ");
    }
    mbe_expr_print(sb, a[i]);
  }
}

// the shortest text that reads back as the same double, with a '.' or an exponent so that it
// reads back as a Real, not an Integer
static void print_real(MbeStrbuf* sb, double v) {
  char buf[40];
  mbe_format_shortest(v, buf, sizeof buf);
  mbe_strbuf_puts(sb, buf);
  if (strspn(buf, "-0123456789") == strlen(buf)) {
    mbe_strbuf_puts(sb, ".0");
  }
}

// a string literal with the escapes that read back as the same text
static void print_string(MbeStrbuf* sb, const char* s) {
  static const char FROM[] = "\"\\\n\t\r\a\b\f\v";
  static const char TO[] = "\"\\ntrabfv";
  mbe_strbuf_puts(sb, "\"");
  for (; *s; s++) {
    const char* hit = strchr(FROM, *s);
    if (hit) {
      char esc[2] = {'\\', TO[hit - FROM]};
      mbe_strbuf_append(sb, esc, 2);
    } else {
      mbe_strbuf_append(sb, s, 1);
    }
  }
  mbe_strbuf_puts(sb, "\"");
}

// " for i in r, j" of a reduction or array constructor
static void print_iters(MbeStrbuf* sb, const MbeExpr* e) {
  for (size_t i = 0; i < e->niters; i++) {
    mbe_strbuf_printf(sb, "%s%s", i ? ", " : " for ", e->iters[i].ident);
    if (e->iters[i].range) {
      mbe_strbuf_puts(sb, " in ");
      mbe_expr_print(sb, e->iters[i].range);
    }
  }
}

void mbe_name_print(MbeStrbuf* sb, const MbeName* n) {
  if (n->is_global) {
    mbe_strbuf_puts(sb, ".");
  }
  for (size_t i = 0; i < n->nparts; i++) {
    if (i) {
      mbe_strbuf_puts(sb, ".");
    }
    mbe_strbuf_puts(sb, n->parts[i].ident);
    if (n->parts[i].nsubs) {
      mbe_strbuf_puts(sb, "[");
      print_list(sb, n->parts[i].subs, n->parts[i].nsubs);
      mbe_strbuf_puts(sb, "]");
    }
  }
}

void mbe_expr_print(MbeStrbuf* sb, const MbeExpr* e) {
  switch (e->kind) {
    case MBE_EX_NUMBER:
      if (e->is_integer) {
        mbe_strbuf_printf(sb, "%.0f", e->num);
      } else {
        print_real(sb, e->num);
      }
      break;
    case MBE_EX_STRING: print_string(sb, e->str); break;
    case MBE_EX_BOOL: mbe_strbuf_puts(sb, e->boolean ? "true" : "false"); break;
    case MBE_EX_NAME: mbe_name_print(sb, &e->name); break;
    case MBE_EX_CALL:
      mbe_strbuf_puts(sb, e->is_function_arg ? "function " : "");
      mbe_name_print(sb, &e->name);
      mbe_strbuf_puts(sb, "(");
      print_list(sb, e->args, e->nargs);
      print_iters(sb, e);
      for (size_t i = 0; i < e->nnamed; i++) {
        mbe_strbuf_printf(sb, "%s%s=", (i || e->nargs) ? ", " : "", e->named[i].ident);
        mbe_expr_print(sb, e->named[i].value);
      }
      mbe_strbuf_puts(sb, ")");
      break;
    case MBE_EX_ARRAY:
      mbe_strbuf_puts(sb, "{");
      print_list(sb, e->args, e->nargs);
      print_iters(sb, e);
      mbe_strbuf_puts(sb, "}");
      break;
    case MBE_EX_MATRIX:
      mbe_strbuf_puts(sb, "[");
      for (size_t i = 0; i < e->nargs; i++) {
        if (i) {
          mbe_strbuf_puts(sb, "; ");
        }
        print_list(sb, e->args[i]->args, e->args[i]->nargs);
      }
      mbe_strbuf_puts(sb, "]");
      break;
    case MBE_EX_RANGE:
      for (size_t i = 0; i < e->nargs; i++) {
        if (i) {
          mbe_strbuf_puts(sb, ":");
        }
        mbe_expr_print(sb, e->args[i]);
      }
      break;
    case MBE_EX_UNARY:
      mbe_strbuf_puts(sb, mbe_op_str(e->op));
      if (e->op == MBE_OP_NOT) {
        mbe_strbuf_puts(sb, " ");
      }
      mbe_expr_print(sb, e->args[0]);
      break;
    case MBE_EX_BINARY:
      mbe_expr_print(sb, e->args[0]);
      mbe_strbuf_printf(sb, " %s ", mbe_op_str(e->op));
      mbe_expr_print(sb, e->args[1]);
      break;
    case MBE_EX_IF:
      for (size_t i = 0; i + 1 < e->nargs; i += 2) {
        mbe_strbuf_puts(sb, i ? " elseif " : "if ");
        mbe_expr_print(sb, e->args[i]);
        mbe_strbuf_puts(sb, " then ");
        mbe_expr_print(sb, e->args[i + 1]);
      }
      mbe_strbuf_puts(sb, " else ");
      mbe_expr_print(sb, e->args[e->nargs - 1]);
      break;
    case MBE_EX_COLON: mbe_strbuf_puts(sb, ":"); break;
    case MBE_EX_END: mbe_strbuf_puts(sb, "end"); break;
    case MBE_EX_PAREN:
      mbe_strbuf_puts(sb, "(");
      mbe_expr_print(sb, e->args[0]);
      mbe_strbuf_puts(sb, ")");
      break;
    case MBE_EX_TUPLE:
      mbe_strbuf_puts(sb, "(");
      for (size_t i = 0; i < e->nargs; i++) {
        mbe_strbuf_puts(sb, i ? ", " : "");
        if (e->args[i]) {
          mbe_expr_print(sb, e->args[i]);
        }
      }
      mbe_strbuf_puts(sb, ")");
      break;
    default: mbe_strbuf_puts(sb, "?");
  }
}
