// SPDX-License-Identifier: Apache-2.0
// Where errors point: an error found in a class the user did not write (the catalogue) moves to
// the user's text that caused it, and the library's place stays in the message as a note line.
// Nothing is evaluated here; names are matched against the flat model's variables.
#include <stdio.h>
#include <string.h>

#include "model.h"

enum { MAX_SCAN_DEPTH = 16, EXPR_TEXT_MAX = 160 };

static const char* const ATTR_NAMES[] = {"start", "fixed", "stateSelect", "min", "max", "nominal"};

bool mbe_spec_is_user_file(const MbeSpec* spec, const char* file) {
  if (!spec || !file || !file[0]) {
    return false;
  }
  for (size_t i = 0; i < spec->nfiles; i++) {
    const MbeFile* f = spec->files[i];
    if (!f->is_catalogue && strcmp(f->path, file) == 0) {
      return true;
    }
  }
  return false;
}

static bool is_user(const MbeFlat* f, MbeLoc loc) {
  return mbe_spec_is_user_file(f->spec, loc.file);
}

static bool same_loc(MbeLoc a, MbeLoc b) {
  return a.file && b.file && strcmp(a.file, b.file) == 0 && a.line == b.line && a.col == b.col;
}

// what failed: a variable's binding or attribute, or an expression in an instance
typedef struct Site {
  int var;              // -1: none
  int attr;             // MbeAttr of var; -1: its binding; -2: not known (found by name)
  int inst;             // the instance the failing element belongs to
  const MbeExpr* expr;  // the failing expression, NULL if not known
  int scope;            // instance where its names resolve
} Site;

// the binding that site names, NULL if none
static const MbeBinding* site_binding(const MbeFlat* f, const Site* s) {
  if (s->var < 0 || s->attr < -1) {
    return NULL;
  }
  const MbeVar* v = &f->vars[s->var];
  const MbeBinding* b = s->attr < 0 ? &v->binding : &v->attr[s->attr];
  return b->expr ? b : NULL;
}

// ---- the values a failing expression reads ------------------------------------------------

typedef struct Scan {
  const MbeFlat* f;
  int within;           // only variables of this instance's subtree count
  unsigned char* seen;  // (nvars)
  MbeLoc found;         // the first user's modifier found
  int nfound;           // distinct ones found
} Scan;

static bool inside(const MbeFlat* f, int inst, int within) {
  for (int p = inst; p >= 0; p = f->insts[p].parent) {
    if (p == within) {
      return true;
    }
  }
  return false;
}

static int find_var(const MbeFlat* f, const char* name) {
  for (size_t i = 0; i < f->nvars; i++) {
    if (strcmp(f->vars[i].name, name) == 0) {
      return (int)i;
    }
  }
  return -1;
}

// the variable a name written in instance scope refers to (its longest prefix that is one), -1
static int name_var(const MbeFlat* f, const MbeName* n, int scope) {
  char buf[512];
  int len = snprintf(buf, sizeof buf, "%s", scope >= 0 ? f->insts[scope].name : "");
  int found = -1;
  for (size_t i = 0; i < n->nparts && len > -1 && (size_t)len < sizeof buf; i++) {
    len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%s", len ? "." : "", n->parts[i].ident);
    int v = (size_t)len < sizeof buf ? find_var(f, buf) : -1;
    found = v >= 0 ? v : found;
  }
  return found;
}

static void scan_expr(Scan* s, const MbeExpr* e, int scope, int depth);

// a variable the failing expression reads: its user's modifier, or what its binding reads
static void scan_var(Scan* s, int v, int depth) {
  if (s->seen[v]) {
    return;
  }
  s->seen[v] = 1;
  const MbeVar* x = &s->f->vars[v];
  if (!inside(s->f, x->inst, s->within) || !x->binding.expr) {
    return;
  }
  if (is_user(s->f, x->binding.loc)) {
    if (s->nfound == 0 || !same_loc(s->found, x->binding.loc)) {
      s->found = s->nfound == 0 ? x->binding.loc : s->found;
      s->nfound++;
    }
    return;
  }
  if (depth < MAX_SCAN_DEPTH) {
    scan_expr(s, x->binding.expr, x->binding.scope, depth + 1);
  }
}

static void scan_expr(Scan* s, const MbeExpr* e, int scope, int depth) {
  if (!e) {
    return;
  }
  if (e->kind == MBE_EX_NAME) {
    int v = name_var(s->f, &e->name, scope);
    if (v >= 0) {
      scan_var(s, v, depth);
    }
  }

  // operands, call arguments, and the subscripts inside names
  for (size_t i = 0; i < e->nargs; i++) {
    scan_expr(s, e->args[i], scope, depth);
  }
  for (size_t i = 0; i < e->nnamed; i++) {
    scan_expr(s, e->named[i].value, scope, depth);
  }
  if (e->kind == MBE_EX_NAME || e->kind == MBE_EX_CALL) {
    for (size_t i = 0; i < e->name.nparts; i++) {
      for (size_t k = 0; k < e->name.parts[i].nsubs; k++) {
        scan_expr(s, e->name.parts[i].subs[k], scope, depth);
      }
    }
  }
}

// ---- the user's side ----------------------------------------------------------------------

// the innermost instance on inst's path that a user's file declares; -1 if none
static int boundary(const MbeFlat* f, int inst) {
  for (int p = inst; p >= 0; p = f->insts[p].parent) {
    if (is_user(f, f->insts[p].loc)) {
      return p;
    }
  }
  return -1;
}

// where the user's text caused what failed at site s (inside instance b)
static bool user_loc(const MbeFlat* f, const Site* s, int b, MbeLoc* out) {
  // the failing binding itself is the user's (an error reported at the declaration it modifies)
  const MbeBinding* bd = site_binding(f, s);
  if (bd && is_user(f, bd->loc)) {
    *out = bd->loc;
    return true;
  }

  // the one user's modifier whose value the failing expression reads
  const MbeExpr* e = bd ? bd->expr : s->expr;
  int scope = bd ? bd->scope : s->scope;
  if (e && b >= 0) {
    Scan sc = {f, b, mbe_calloc(f->nvars + 1, 1), {0}, 0};
    if (sc.seen) {
      scan_expr(&sc, e, scope, 0);
      mbe_free(sc.seen);
      if (sc.nfound == 1) {
        *out = sc.found;
        return true;
      }
    }
  }

  // the declaration of the instance, else the top class
  if (b >= 0) {
    *out = f->insts[b].loc;
    return true;
  }
  *out = f->top ? f->top->loc : (MbeLoc){0};
  return is_user(f, *out);
}

// ---- the message ----------------------------------------------------------------------------

// full dotted name of cls into buf
static void class_name(const MbeClass* cls, char* buf, size_t size) {
  const MbeClass* path[64];
  int n = 0;
  for (const MbeClass* c = cls; c && n < 64; c = c->parent) {
    path[n++] = c;
  }
  size_t len = 0;
  buf[0] = '\0';
  for (int i = n; i-- > 0 && len + 1 < size;) {
    len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "." : "", path[i]->name);
  }
}

// e as text, cut to EXPR_TEXT_MAX characters
static void expr_text(const MbeExpr* e, char* buf, size_t size) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_expr_print(&sb, e);
  const char* t = sb.data ? sb.data : "";
  if (strlen(t) > EXPR_TEXT_MAX) {
    snprintf(buf, size, "%.*s...", EXPR_TEXT_MAX, t);
  } else {
    snprintf(buf, size, "%s", t);
  }
  mbe_strbuf_deinit(&sb);
}

// the class whose text holds loc, the innermost: of the classes written in loc's file, the one
// that starts last before it (classes follow each other in a file; none when they all start
// after it)
static void class_at(const MbeClass* c, MbeLoc loc, const MbeClass** best) {
  for (size_t i = 0; i < c->nclasses; i++) {
    const MbeClass* k = c->classes[i];
    if (k->loc.file && strcmp(k->loc.file, loc.file) == 0 && k->loc.offset <= loc.offset &&
        (!*best || k->loc.offset > (*best)->loc.offset)) {
      *best = k;
    }
    class_at(k, loc, best);
  }
}

// the name of the class at loc, else of cls
static void class_name_at(const MbeFlat* f, MbeLoc loc, const MbeClass* cls, char* buf,
                          size_t size) {
  const MbeClass* found = NULL;
  if (loc.file) {
    class_at(&f->spec->root, loc, &found);
  }
  class_name(found ? found : cls, buf, size);
}

// what lies at the library's place at (the note's text)
static void note_text(const MbeFlat* f, const Site* s, MbeLoc at, char* buf, size_t size) {
  char cls[256] = "", ex[EXPR_TEXT_MAX + 8] = "";
  const MbeVar* v = s->var >= 0 ? &f->vars[s->var] : NULL;
  const char* inst = f->insts[s->inst].name;
  const char* shortname = v ? v->name + (inst[0] ? strlen(inst) + 1 : 0) : "";

  // the place: the variable's declaration, one of its attributes or its binding, an expression
  if (v && same_loc(v->loc, at)) {
    class_name_at(f, at, f->insts[s->inst].cls, cls, sizeof cls);
    snprintf(buf, size, "in %s: the declaration of %s", cls, shortname);
    return;
  }
  int attr = s->attr;
  for (int a = 0; v && attr == -2 && a < MBE_ATTR_COUNT; a++) {
    attr = v->attr[a].expr && same_loc(v->attr[a].loc, at) ? a : attr;
  }
  attr = v && attr == -2 && v->binding.expr && same_loc(v->binding.loc, at) ? -1 : attr;
  const MbeBinding* b = v && attr >= -1 ? (attr < 0 ? &v->binding : &v->attr[attr]) : NULL;
  b = b && b->expr ? b : NULL;
  if (b) {
    class_name(b->lex, cls, sizeof cls);
    expr_text(b->expr, ex, sizeof ex);
    if (attr >= 0) {
      snprintf(buf, size, "in %s: %s(%s = %s)", cls, shortname, ATTR_NAMES[attr], ex);
    } else {
      snprintf(buf, size, "in %s: %s = %s", cls, shortname, ex);
    }
    return;
  }
  class_name_at(f, at, f->insts[s->inst].cls, cls, sizeof cls);
  if (s->expr) {
    expr_text(s->expr, ex, sizeof ex);
    snprintf(buf, size, "in %s: %s", cls, ex);
  } else {
    snprintf(buf, size, "in %s", cls);
  }
}

// true when msg starts with name followed by ':', '.' or '['
static bool starts_with_name(const char* msg, const char* name) {
  size_t n = strlen(name);
  return n > 0 && strncmp(msg, name, n) == 0 && (msg[n] == ':' || msg[n] == '.' || msg[n] == '[');
}

// the moved message: a label naming what failed in front, the note line after
static void rewrite(const MbeFlat* f, const Site* s, int b, MbeLoc to, MbeError* err) {
  MbeLoc at = {0};
  char file[sizeof err->file];
  snprintf(file, sizeof file, "%s", err->file);
  at.file = file;
  at.line = err->line;
  at.col = err->column;
  at.offset = err->offset;
  char note[360];
  note_text(f, s, at, note, sizeof note);

  // the label: the variable unless the message names it, else the user's instance
  const char* label = "";
  if (s->var >= 0 && !strstr(err->message, f->vars[s->var].name)) {
    label = f->vars[s->var].name;
  } else if (b >= 0 && !starts_with_name(err->message, f->insts[b].name)) {
    label = f->insts[b].name;
  }

  // the first line cut where the note line would not fit
  MbeStrbuf first, second;
  mbe_strbuf_init(&first);
  mbe_strbuf_init(&second);
  mbe_strbuf_printf(&first, "%s%s%s", label, label[0] ? ": " : "", err->message);
  mbe_strbuf_printf(&second, "\n%s:%d:%d: note: %s", file, at.line, at.col, note);
  if (!first.data || !second.data) {
    mbe_strbuf_deinit(&first);
    mbe_strbuf_deinit(&second);
    return;  // out of memory: the error stays as it was
  }
  size_t cap = sizeof err->message - 1;
  size_t n2 = second.len < cap / 2 ? second.len : cap / 2;
  size_t n1 = first.len <= cap - n2 ? first.len : cap - n2;
  memcpy(err->message, first.data, n1);
  if (n1 < first.len && n1 >= 3) {
    memcpy(err->message + n1 - 3, "...", 3);
  }
  memcpy(err->message + n1, second.data, n2);
  err->message[n1 + n2] = '\0';
  mbe_strbuf_deinit(&first);
  mbe_strbuf_deinit(&second);
  snprintf(err->file, sizeof err->file, "%s", to.file ? to.file : "");
  err->line = to.line;
  err->column = to.col;
  err->offset = to.offset;
}

static void relocate(const MbeFlat* f, const Site* s, MbeError* err) {
  if (!f || !err || err->code == MBE_OK || !err->file[0] ||
      mbe_spec_is_user_file(f->spec, err->file) || s->inst < 0 || (size_t)s->inst >= f->ninsts) {
    return;
  }
  int b = boundary(f, s->inst);
  MbeLoc to;
  if (user_loc(f, s, b, &to)) {
    rewrite(f, s, b, to, err);
  }
}

void mbe_flat_error_at_var(const MbeFlat* flat, int var, int attr, MbeError* err) {
  if (!flat || var < 0 || (size_t)var >= flat->nvars) {
    return;
  }
  Site s = {var, attr, flat->vars[var].inst, NULL, -1};
  relocate(flat, &s, err);
}

void mbe_flat_error_at_inst(const MbeFlat* flat, int inst, const MbeExpr* expr, MbeError* err) {
  Site s = {-1, -2, inst, expr, inst};
  relocate(flat, &s, err);
}

// true when name occurs in msg as a whole name (not inside a longer one)
static bool names(const char* msg, const char* name) {
  size_t n = strlen(name);
  for (const char* p = strstr(msg, name); n && p; p = strstr(p + 1, name)) {
    char before = p == msg ? ' ' : p[-1], after = p[n];
    bool word = !(before == '.' || before == '_' || (before >= 'A' && before <= 'Z') ||
                  (before >= 'a' && before <= 'z') || (before >= '0' && before <= '9'));
    bool end = !(after == '_' || (after >= 'A' && after <= 'Z') || (after >= 'a' && after <= 'z') ||
                 (after >= '0' && after <= '9'));
    if (word && end) {
      return true;
    }
  }
  return false;
}

// the site of a message that names what failed: the variable, else the instance, with the
// longest name the message holds (a variable of a component: a name of the root may be a word
// of the message); the root (instance 0) when none
static Site site_from_message(const MbeFlat* flat, const char* msg) {
  int var = -1, inst = -1;
  size_t best = 0;
  for (size_t i = 0; i < flat->nvars; i++) {
    size_t n = strlen(flat->vars[i].name);
    if (n > best && strchr(flat->vars[i].name, '.') && names(msg, flat->vars[i].name)) {
      best = n;
      var = (int)i;
    }
  }
  for (size_t i = 1; i < flat->ninsts; i++) {
    size_t n = strlen(flat->insts[i].name);
    if (n > best && names(msg, flat->insts[i].name)) {
      best = n;
      var = -1;
      inst = (int)i;
    }
  }
  Site s = {var, -2, var >= 0 ? flat->vars[var].inst : inst, NULL, -1};
  s.inst = s.inst < 0 && flat->ninsts > 0 ? 0 : s.inst;
  return s;
}

void mbe_flat_error_to_user(const MbeFlat* flat, MbeError* err) {
  if (!flat || !err || err->code == MBE_OK || !err->file[0] ||
      mbe_spec_is_user_file(flat->spec, err->file)) {
    return;
  }
  Site s = site_from_message(flat, err->message);
  relocate(flat, &s, err);
}

void mbe_flat_warnings_to_user(MbeFlat* flat) {
  for (size_t i = 0; i < flat->nwarnings; i++) {
    MbeWarning* w = &flat->warnings[i];
    if (w->note || !w->loc.file || is_user(flat, w->loc)) {
      continue;
    }
    Site s = site_from_message(flat, w->message);
    MbeLoc to;
    if (s.inst < 0 || !user_loc(flat, &s, boundary(flat, s.inst), &to)) {
      continue;
    }
    char note[360];
    note_text(flat, &s, w->loc, note, sizeof note);
    w->note = mbe_arena_strdup(&flat->arena, note);
    w->note_loc = w->loc;
    w->loc = w->note ? to : w->loc;
  }
}
