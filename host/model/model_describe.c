// SPDX-License-Identifier: Apache-2.0
// The readable summary of a flat model that `mbens check` prints.
#include <stdio.h>
#include <string.h>

#include "model.h"

// a built-in or user component that the summary lists: not inside a built-in, not a connector
static bool is_listed_component(const MbeFlat* f, size_t i) {
  const MbeInst* in = &f->insts[i];
  if (in->kind != MBE_INST_BUILTIN && in->kind != MBE_INST_MODEL) {
    return false;
  }
  for (int p = in->parent; p >= 0; p = f->insts[p].parent) {
    if (f->insts[p].kind == MBE_INST_BUILTIN || f->insts[p].kind == MBE_INST_CONNECTOR ||
        f->insts[p].kind == MBE_INST_RECORD) {
      return false;
    }
  }
  return true;
}

static bool attr_from_user(const MbeVar* v, MbeAttr a) {
  return v->attr[a].expr && v->attr[a].lex && !v->attr[a].lex->is_catalogue;
}

bool mbe_flat_is_internal(const MbeFlat* f, const MbeVar* v) {
  const MbeInst* in = &f->insts[v->inst];
  if (in->kind == MBE_INST_CONNECTOR || in->kind == MBE_INST_RECORD) {
    return true;
  }
  for (int p = in->parent; p >= 0; p = f->insts[p].parent) {
    if (f->insts[p].kind == MBE_INST_BUILTIN) {
      bool set = v->is_modified;
      for (int a = 0; a < MBE_ATTR_COUNT; a++) {
        set = set || attr_from_user(v, (MbeAttr)a);
      }
      return !set;
    }
  }
  return false;
}

static const char* short_class(const char* full) {
  static const char* const PREFIXES[] = {"Modelica.Mechanics.MultiBody.", "Modelica.Mechanics.",
                                         "Modelica."};
  for (size_t i = 0; i < sizeof PREFIXES / sizeof PREFIXES[0]; i++) {
    size_t n = strlen(PREFIXES[i]);
    if (strncmp(full, PREFIXES[i], n) == 0) {
      return full + n;
    }
  }
  return full;
}

static void print_value(MbeStrbuf* sb, const MbeValue* v) {
  if (v->type == MBE_T_ENUM && v->ndims == 0 && v->enum_type) {
    size_t k = (size_t)v->num[0];
    if (k >= 1 && k <= v->enum_type->nliterals) {
      mbe_strbuf_puts(sb, v->enum_type->literals[k - 1].name);
      return;
    }
  }
  mbe_value_print(sb, v);
}

static bool is_varying_param(const MbeFlat* f, const MbeVar* v) {
  return v->variability == MBE_VAR_PARAMETER && v->type == MBE_T_REAL && !v->is_structural &&
         !v->is_final && !v->is_protected && v->causality == MBE_CAUS_NONE && !v->is_visual &&
         !mbe_flat_is_internal(f, v);
}

// a parameter or input only the animation reads (a shape's size, a colour, animation = false)
static bool is_visual_param(const MbeFlat* f, const MbeVar* v) {
  return v->is_visual && !v->is_final && !v->is_protected &&
         (v->variability == MBE_VAR_PARAMETER || v->causality == MBE_CAUS_INPUT) &&
         !mbe_flat_is_internal(f, v);
}

static void loc_str(char* buf, size_t n, MbeLoc loc) {
  const char* slash = loc.file ? strrchr(loc.file, '/') : NULL;
  snprintf(buf, n, "%s:%d", slash ? slash + 1 : (loc.file ? loc.file : "?"), loc.line);
}

// the value of v, or its binding's text where it has no evaluated value (an input's)
static void value_text(MbeStrbuf* sb, const MbeVar* v) {
  if (v->eval_state == 2 && (v->value.num || v->value.str)) {
    print_value(sb, &v->value);
  } else if (v->binding.expr) {
    mbe_expr_print(sb, v->binding.expr);
  }
}

// components grouped by class, in order of first appearance
static MbeStatus print_components(MbeStrbuf* sb, const MbeFlat* f, MbeError* err) {
  size_t ncomp = 0;
  for (size_t i = 0; i < f->ninsts; i++) {
    ncomp += is_listed_component(f, i);
  }
  mbe_strbuf_printf(sb, "\ncomponents (%zu):\n", ncomp);
  bool* done = mbe_calloc(f->ninsts ? f->ninsts : 1, sizeof *done);
  if (!done) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < f->ninsts; i++) {
    if (done[i] || !is_listed_component(f, i)) {
      continue;
    }
    size_t count = 0;
    for (size_t j = i; j < f->ninsts; j++) {
      count +=
          is_listed_component(f, j) && strcmp(f->insts[j].class_name, f->insts[i].class_name) == 0;
    }
    mbe_strbuf_printf(sb, "  %-40s %3zu  ", short_class(f->insts[i].class_name), count);
    const char* sep = "";
    for (size_t j = i; j < f->ninsts; j++) {
      if (is_listed_component(f, j) &&
          strcmp(f->insts[j].class_name, f->insts[i].class_name) == 0) {
        mbe_strbuf_printf(sb, "%s%s", sep, f->insts[j].name);
        sep = ", ";
        done[j] = true;
      }
    }
    mbe_strbuf_puts(sb, f->insts[i].kind == MBE_INST_MODEL ? "  (user model)\n" : "\n");
  }
  mbe_free(done);
  return MBE_OK;
}

// connections, then the user's equations
static void print_connections(MbeStrbuf* sb, const MbeFlat* f) {
  mbe_strbuf_printf(sb, "\nconnections (%zu):\n", f->nconns);
  for (size_t i = 0; i < f->nconns; i++) {
    char where[128];
    loc_str(where, sizeof where, f->conns[i].loc);
    mbe_strbuf_printf(sb, "  %-36s -- %-36s %s\n", f->conns[i].a.name, f->conns[i].b.name, where);
  }
  if (f->neqs) {
    mbe_strbuf_printf(sb, "\nequations (%zu):\n", f->neqs);
    for (size_t i = 0; i < f->neqs; i++) {
      const MbeFlatEq* q = &f->eqs[i];
      mbe_strbuf_printf(sb, "  %s%s: ", q->is_initial ? "initial " : "",
                        f->insts[q->scope].name[0] ? f->insts[q->scope].name : "(top)");
      mbe_expr_print(sb, q->lhs);
      mbe_strbuf_puts(sb, " = ");
      mbe_expr_print(sb, q->rhs);
      mbe_strbuf_puts(sb, "\n");
    }
  }
}

// the parameters is_in selects, with their values and where the model sets them: those the model
// sets, or with all every one; the header names the section (its counts follow it)
static void print_params(MbeStrbuf* sb, const MbeFlat* f, bool all, const char* header,
                         bool (*is_in)(const MbeFlat*, const MbeVar*)) {
  size_t n = 0, nset = 0;
  for (size_t i = 0; i < f->nvars; i++) {
    if (is_in(f, &f->vars[i])) {
      n++;
      nset += f->vars[i].is_modified;
    }
  }
  mbe_strbuf_printf(sb, "\n%s (%zu set by the model, %zu in all%s):\n", header, nset, n,
                    all ? "" : "; --all lists every one");
  for (size_t i = 0; i < f->nvars; i++) {
    const MbeVar* v = &f->vars[i];
    if (!is_in(f, v) || (!all && !v->is_modified)) {
      continue;
    }
    MbeStrbuf val;
    mbe_strbuf_init(&val);
    value_text(&val, v);
    char where[128] = "";
    if (v->is_modified && v->binding.expr) {
      loc_str(where, sizeof where, v->binding.loc);
    }
    mbe_strbuf_printf(sb, "  %-40s = %-28s %s\n", v->name, val.data ? val.data : "", where);
    mbe_strbuf_deinit(&val);
  }
}

// structural parameters the model sets (those only the animation reads are listed apart)
static void print_structural(MbeStrbuf* sb, const MbeFlat* f) {
  bool header = false;
  for (size_t i = 0; i < f->nvars; i++) {
    const MbeVar* v = &f->vars[i];
    if (v->variability != MBE_VAR_PARAMETER || !v->is_modified || is_varying_param(f, v) ||
        v->is_visual || mbe_flat_is_internal(f, v)) {
      continue;
    }
    if (!header) {
      mbe_strbuf_puts(sb,
                      "\nstructural parameters set by the model (fixed for a compiled kernel):\n");
      header = true;
    }
    MbeStrbuf val;
    mbe_strbuf_init(&val);
    print_value(&val, &v->value);
    mbe_strbuf_printf(sb, "  %-40s = %s\n", v->name, val.data ? val.data : "");
    mbe_strbuf_deinit(&val);
  }
}

// fixed = ... of a start value: "fixed", "guess", or the array where it is mixed
static void fixed_text(MbeStrbuf* fx, const MbeVar* v) {
  if (!v->has_attr_value[MBE_ATTR_FIXED]) {
    mbe_strbuf_puts(fx, "guess");
    return;
  }
  const MbeValue* fv = &v->attr_value[MBE_ATTR_FIXED];
  bool any = false, every = true;
  for (size_t k = 0; k < fv->n; k++) {
    any = any || fv->num[k] != 0;
    every = every && fv->num[k] != 0;
  }
  if (fv->ndims == 0 || every || !any) {
    mbe_strbuf_puts(fx, any ? "fixed" : "guess");
  } else {
    mbe_strbuf_puts(fx, "fixed = ");
    mbe_value_print(fx, fv);
  }
}

// start values: fixed ones are initial conditions, the others guesses
static void print_starts(MbeStrbuf* sb, const MbeFlat* f) {
  bool header = false;
  for (size_t i = 0; i < f->nvars; i++) {
    const MbeVar* v = &f->vars[i];
    if (v->variability >= MBE_VAR_PARAMETER || mbe_flat_is_internal(f, v) ||
        !(attr_from_user(v, MBE_ATTR_START) || attr_from_user(v, MBE_ATTR_FIXED) ||
          attr_from_user(v, MBE_ATTR_STATESELECT))) {
      continue;
    }
    if (!header) {
      mbe_strbuf_puts(sb,
                      "\nstart values the model sets (fixed: initial condition; else a guess):\n");
      header = true;
    }
    MbeStrbuf val;
    mbe_strbuf_init(&val);
    if (v->has_attr_value[MBE_ATTR_START]) {
      print_value(&val, &v->attr_value[MBE_ATTR_START]);
    } else {
      mbe_strbuf_puts(&val, "0 (default)");
    }
    MbeStrbuf fx;
    mbe_strbuf_init(&fx);
    fixed_text(&fx, v);
    if (v->has_attr_value[MBE_ATTR_STATESELECT] && attr_from_user(v, MBE_ATTR_STATESELECT)) {
      mbe_strbuf_puts(&fx, ", stateSelect = ");
      print_value(&fx, &v->attr_value[MBE_ATTR_STATESELECT]);
    }
    mbe_strbuf_printf(sb, "  %-40s start %-24s %s\n", v->name, val.data ? val.data : "",
                      fx.data ? fx.data : "");
    mbe_strbuf_deinit(&val);
    mbe_strbuf_deinit(&fx);
  }
}

// the experiment annotation and the warnings
static void print_experiment(MbeStrbuf* sb, const MbeFlat* f) {
  if (f->has_experiment) {
    mbe_strbuf_puts(sb, "\nexperiment:");
    if (f->has_start_time) {
      mbe_strbuf_printf(sb, " StartTime %g", f->start_time);
    }
    if (f->has_stop_time) {
      mbe_strbuf_printf(sb, " StopTime %g", f->stop_time);
    }
    if (f->has_interval) {
      mbe_strbuf_printf(sb, " Interval %g", f->interval);
    }
    if (f->has_tolerance) {
      mbe_strbuf_printf(sb, " Tolerance %g", f->tolerance);
    }
    mbe_strbuf_puts(sb, "\n");
  } else {
    mbe_strbuf_puts(sb, "\nexperiment: none (the model has no experiment annotation)\n");
  }
  if (f->nwarnings) {
    mbe_strbuf_printf(sb, "\nwarnings (%zu):\n", f->nwarnings);
    for (size_t i = 0; i < f->nwarnings; i++) {
      const MbeWarning* w = &f->warnings[i];
      mbe_strbuf_printf(sb, "  %s:%d:%d: %s\n", w->loc.file, w->loc.line, w->loc.col, w->message);
      if (w->note) {
        mbe_strbuf_printf(sb, "    %s:%d:%d: note: %s\n", w->note_loc.file, w->note_loc.line,
                          w->note_loc.col, w->note);
      }
    }
  }
}

MbeStatus mbe_flat_print(const MbeFlat* f, bool all, FILE* out, MbeError* err) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  const MbeClass* top = f->top;
  mbe_strbuf_printf(&sb, "%s %s  (%s:%d:%d)\n", mbe_restriction_str(top->restriction), f->top_name,
                    top->loc.file, top->loc.line, top->loc.col);
  if (top->description && top->description[0]) {
    mbe_strbuf_printf(&sb, "  \"%s\"\n", top->description);
  }
  MbeStatus st = print_components(&sb, f, err);
  if (st == MBE_OK) {
    print_connections(&sb, f);
    print_params(&sb, f, all, "parameters that may vary per member", is_varying_param);
    print_params(&sb, f, all, "parameters that only affect the animation, not the simulation",
                 is_visual_param);
    print_structural(&sb, f);
    print_starts(&sb, f);
    print_experiment(&sb, f);
  }
  if (st == MBE_OK && sb.is_oom) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  } else if (st == MBE_OK && sb.data && fputs(sb.data, out) == EOF) {
    st = mbe_error_set(err, MBE_ERR_IO, "cannot write the summary");
  }
  mbe_strbuf_deinit(&sb);
  return st;
}
