// SPDX-License-Identifier: Apache-2.0
// Parameters that vary per member of an ensemble: the names users give (body.m, boxBody1.r[1],
// revolute1.phi.start) resolved and checked, and every parameter evaluated again so that each
// value computed from a varied one carries its expression (model_eval.c does the carrying).
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

// ---- names ----------------------------------------------------------------------------------

static int find_var(const MbeFlat* f, const char* name, size_t len) {
  for (size_t i = 0; i < f->nvars; i++) {
    if (strncmp(f->vars[i].name, name, len) == 0 && f->vars[i].name[len] == '\0') {
      return (int)i;
    }
  }
  return -1;
}

// the Real variable or parameter closest to name, for "did you mean"
static const char* suggest(const MbeFlat* f, const char* name) {
  const char* best = NULL;
  size_t best_d = strlen(name) / 3 + 2;
  for (size_t i = 0; i < f->nvars; i++) {
    if (f->vars[i].type != MBE_T_REAL || f->vars[i].is_protected) {
      continue;
    }
    size_t d = mbe_edit_distance(name, f->vars[i].name, best_d);
    if (d < best_d) {
      best_d = d;
      best = f->vars[i].name;
    }
  }
  return best;
}

// parses "i" or "i,j,..." (1-based) into the row-major element of var; -1 on error (reported)
static int element_of(const MbeVar* v, const char* subs, const char* name, MbeError* err) {
  int idx[MBE_MAX_DIMS], n = 0;
  const char* p = subs;
  while (*p && n < MBE_MAX_DIMS) {
    char* end;
    long k = strtol(p, &end, 10);
    if (end == p || k < INT_MIN || k > INT_MAX) {
      break;
    }
    idx[n++] = (int)k;
    p = end;
    while (*p == ' ') {
      p++;
    }
    if (*p != ',') {
      break;
    }
    p++;
  }
  if (*p != ']' || p[1] != '\0' || n == 0) {
    mbe_error_set(err, MBE_ERR_USAGE, "'%s': subscripts must be whole numbers, e.g. %s[1]", name,
                  v->name);
    return -1;
  }
  if (n != v->ndims) {
    mbe_error_set(err, MBE_ERR_USAGE, "'%s': %s has %d dimension%s, not %d", name, v->name,
                  v->ndims, v->ndims == 1 ? "" : "s", n);
    return -1;
  }
  int elem = 0;
  for (int d = 0; d < n; d++) {
    if (idx[d] < 1 || idx[d] > v->dims[d]) {
      mbe_error_set(err, MBE_ERR_USAGE, "'%s': index %d is outside 1..%d", name, idx[d],
                    v->dims[d]);
      return -1;
    }
    elem = elem * v->dims[d] + idx[d] - 1;
  }
  return elem;
}

// element elem of attribute a of v (its value in the model), or dflt where v has none
static double attr_element(const MbeVar* v, int a, int elem, double dflt) {
  if (!v->has_attr_value[a] || v->attr_value[a].n == 0 || !v->attr_value[a].num) {
    return dflt;
  }
  const MbeValue* x = &v->attr_value[a];
  return x->num[x->n > (size_t)elem ? (size_t)elem : 0];
}

// the variable, element and kind (value or start) a name means; an error for none of the model's
static MbeStatus locate(const MbeFlat* f, const char* name, int* var, int* element, bool* start,
                        MbeError* err) {
  char base[512];
  if (strlen(name) >= sizeof base) {
    return mbe_error_set(err, MBE_ERR_USAGE, "parameter name too long: '%.60s...'", name);
  }
  snprintf(base, sizeof base, "%s", name);

  // ".start" at the end (the last one), or ".start[i]" whose subscript belongs to the variable
  bool is_start = false;
  char subs[64] = "";  // the subscripts as "i]" or "i,j]", "" for none (element_of's form)
  size_t len = strlen(base);
  char* st = NULL;
  for (char* p = strstr(base, ".start"); p; p = strstr(p + 1, ".start")) {
    st = p;
  }
  if (st && (st[6] == '\0' || (st[6] == '[' && strchr(st + 7, '[') == NULL))) {
    is_start = true;
    if (st[6] == '[') {
      snprintf(subs, sizeof subs, "%s", st + 7);
    }
    *st = '\0';
    len = strlen(base);
  }
  if (!subs[0] && len > 0 && base[len - 1] == ']') {
    char* open = strrchr(base, '[');
    if (open) {
      snprintf(subs, sizeof subs, "%s", open + 1);
      *open = '\0';
    }
  }
  int vi = find_var(f, base, strlen(base));
  if (vi < 0) {
    const char* near = suggest(f, base);
    return mbe_error_set(err, MBE_ERR_USAGE, "the model has no parameter or variable '%s'%s%s%s",
                         base, near ? "; did you mean '" : "", near ? near : "",
                         near ? "'?" : " (mbens check --all lists the parameters)");
  }
  const MbeVar* v = &f->vars[vi];

  // which element (an array's element must be named)
  int elem = 0;
  if (subs[0]) {
    if ((elem = element_of(v, subs, name, err)) < 0) {
      return err ? err->code : MBE_ERR_USAGE;
    }
  } else if (v->ndims > 0) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "'%s' is an array; vary its elements one by one, e.g. %s[1]%s", name,
                         v->name, is_start ? ".start" : "");
  }
  *var = vi;
  *element = elem;
  *start = is_start;
  return MBE_OK;
}

// whether element elem of v (its value, or with is_start its start) may vary; the error says
// why not and what to vary instead
static MbeStatus check_may_vary(const MbeVar* v, const char* name, bool is_start,
                                MbeError* err) {
  if (v->type != MBE_T_REAL) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "'%s' is a%s %s: it decides the model's structure and is fixed when "
                         "the kernel is compiled; only Real parameters and start values vary",
                         name, v->type == MBE_T_INTEGER || v->type == MBE_T_ENUM ? "n" : "",
                         mbe_base_type_str(v->type));
  }
  if (v->variability == MBE_VAR_CONSTANT) {
    return mbe_error_set(err, MBE_ERR_USAGE, "'%s' is a constant and cannot vary", name);
  }
  if (is_start && v->variability == MBE_VAR_PARAMETER) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "'%s': %s is a parameter; vary its value (%s) rather than its start", name,
                         v->name, v->name);
  }
  if (!is_start && v->variability < MBE_VAR_PARAMETER) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "'%s' is a variable, not a parameter; vary where it starts with "
                         "%s.start",
                         name, name);
  }
  if (!is_start && v->is_final) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "'%s' is final: its value is computed from other parameters "
                         "(%s:%d:%d); vary those instead",
                         name, v->binding.loc.file ? v->binding.loc.file : v->loc.file,
                         v->binding.expr ? v->binding.loc.line : v->loc.line,
                         v->binding.expr ? v->binding.loc.col : v->loc.col);
  }
  if (v->is_protected) {
    return mbe_error_set(err, MBE_ERR_USAGE, "'%s' is protected (internal to its component)", name);
  }
  if (!is_start && v->is_free) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "'%s' has fixed=false: the initialization computes it from the initial "
                         "conditions",
                         name);
  }
  return MBE_OK;
}

// resolves one name; the checks say what may vary and what to vary instead
static MbeStatus resolve(MbeFlat* f, const char* name, MbeVaried* out, MbeError* err) {
  int vi, elem;
  bool is_start;
  MbeStatus st = locate(f, name, &vi, &elem, &is_start, err);
  if (st != MBE_OK || (st = check_may_vary(&f->vars[vi], name, is_start, err)) != MBE_OK) {
    return st;
  }
  const MbeVar* v = &f->vars[vi];

  // the model's own value is the nominal one
  double nominal = 0;
  if (!is_start) {
    nominal = v->value.num[elem];
  } else if (v->has_attr_value[MBE_ATTR_START]) {
    const MbeValue* s = &v->attr_value[MBE_ATTR_START];
    nominal = s->num[s->n > (size_t)elem ? (size_t)elem : 0];
  }
  char canon[600];
  mbe_var_element_name(v, (size_t)elem, is_start ? ".start" : "", canon, sizeof canon);
  out->name = mbe_arena_strdup(&f->arena, canon);
  out->var = vi;
  out->elem = elem;
  out->is_start = is_start;
  out->nominal = nominal;
  out->min = attr_element(v, MBE_ATTR_MIN, elem, -HUGE_VAL);
  out->max = attr_element(v, MBE_ATTR_MAX, elem, HUGE_VAL);
  return out->name ? MBE_OK : mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
}

// ---- listings ------------------------------------------------------------------------------

// element elem of v (its value, or with is_start its start) as the listings describe it
static MbeStatus describe(MbeFlat* f, int vi, int elem, bool is_start, MbeFlatParam* out,
                          MbeError* err) {
  const MbeVar* v = &f->vars[vi];
  char name[600];
  mbe_var_element_name(v, (size_t)elem, is_start ? ".start" : "", name, sizeof name);
  MbeError why;
  mbe_error_clear(&why);
  const char* why_not = NULL;
  if (check_may_vary(v, name, is_start, &why) != MBE_OK) {
    why_not = why.message;
  } else if (v->is_visual) {
    why_not = "only the animation reads it: varying it changes nothing simulated";
  }
  const MbeValue* val = is_start ? &v->attr_value[MBE_ATTR_START] : &v->value;
  bool has = (!is_start || v->has_attr_value[MBE_ATTR_START]) && val->num && val->n > 0;
  out->nominal = has ? val->num[val->n > (size_t)elem ? (size_t)elem : 0] : is_start ? 0 : NAN;
  out->min = attr_element(v, MBE_ATTR_MIN, elem, -HUGE_VAL);
  out->max = attr_element(v, MBE_ATTR_MAX, elem, HUGE_VAL);
  out->unit = v->unit ? v->unit : "";
  out->description = v->description ? v->description : "";
  out->is_start = is_start;
  out->name = mbe_arena_strdup(&f->arena, name);
  out->why_not = why_not ? mbe_arena_strdup(&f->arena, why_not) : NULL;
  if (!out->name || (why_not && !out->why_not)) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  return MBE_OK;
}

MbeStatus mbe_flat_param(MbeFlat* f, const char* name, MbeFlatParam* out, MbeError* err) {
  int vi, elem;
  bool is_start;
  MbeStatus st = locate(f, name, &vi, &elem, &is_start, err);
  return st == MBE_OK ? describe(f, vi, elem, is_start, out, err) : st;
}

// whether the listings show v: a parameter users see, with numbers for values
static bool is_listed(const MbeFlat* f, const MbeVar* v) {
  return v->variability == MBE_VAR_PARAMETER && v->type != MBE_T_STRING && !v->is_protected &&
         v->value.num != NULL && !mbe_flat_is_internal(f, v);
}

MbeStatus mbe_flat_params(MbeFlat* f, MbeFlatParam** out, size_t* n, MbeError* err) {
  size_t count = 0;
  for (size_t i = 0; i < f->nvars; i++) {
    count += is_listed(f, &f->vars[i]) ? f->vars[i].value.n : 0;
  }
  *n = 0;
  *out = mbe_arena_alloc(&f->arena, (count ? count : 1) * sizeof **out);
  if (!*out) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t i = 0; i < f->nvars; i++) {
    if (!is_listed(f, &f->vars[i])) {
      continue;
    }
    for (size_t e = 0; e < f->vars[i].value.n; e++) {
      MbeStatus st = describe(f, (int)i, (int)e, false, &(*out)[(*n)++], err);
      if (st != MBE_OK) {
        return st;
      }
    }
  }
  return MBE_OK;
}

// ---- leaves and re-evaluation -------------------------------------------------------------

MbeStatus mbe_flat_vary_leaves(MbeFlat* f, int var, bool is_start, MbeValue* val, MbeError* err) {
  const MbeVar* v = &f->vars[var];
  for (size_t k = 0; k < f->nvary; k++) {
    const MbeVaried* q = &f->vary[k];
    if (q->var != var || q->is_start != is_start) {
      continue;
    }

    // a scalar start of an array applies to every element: make the array, one element varies
    if (val->ndims == 0 && v->ndims > 0) {
      MbeValue arr;
      MbeStatus st = mbe_value_alloc(&f->arena, &arr, val->type, v->ndims, v->dims, err);
      if (st != MBE_OK) {
        return st;
      }
      for (size_t i = 0; i < arr.n; i++) {
        arr.num[i] = val->num[0];
      }
      if (val->sym) {
        arr.sym = mbe_arena_alloc(&f->arena, arr.n * sizeof *arr.sym);
        if (!arr.sym) {
          return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
        }
        for (size_t i = 0; i < arr.n; i++) {
          arr.sym[i] = val->sym[0];
        }
      }
      *val = arr;
    }

    // a fresh expression array (the value may share its arrays with another variable's)
    MbeSymId* sym = mbe_arena_alloc(&f->arena, val->n * sizeof *sym);
    if (!sym) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
    for (size_t i = 0; i < val->n; i++) {
      sym[i] = val->sym ? val->sym[i] : mbe_sym_const(&f->psym, val->num[i]);
    }
    sym[q->elem] = mbe_sym_param(&f->psym, (int)k);
    val->sym = sym;
  }
  return MBE_OK;
}

// the names resolved into f->vary with their origins; an error a name causes says where it came
// from
static MbeStatus resolve_all(MbeFlat* f, const char* const* names, const char* const* origins,
                             size_t n, MbeVaried* vary, MbeError* err) {
  for (size_t k = 0; k < n; k++) {
    const char* origin = origins ? origins[k] : NULL;
    MbeStatus st = resolve(f, names[k], &vary[k], err);
    for (size_t j = 0; j < k && st == MBE_OK; j++) {
      if (vary[j].var == vary[k].var && vary[j].elem == vary[k].elem &&
          vary[j].is_start == vary[k].is_start) {
        st = mbe_error_set(err, MBE_ERR_USAGE, "'%s' is varied twice (as '%s' and '%s')",
                           vary[k].name, names[j], names[k]);
      }
    }
    if (st != MBE_OK && st != MBE_ERR_NOMEM && origin && err) {
      char msg[sizeof err->message];
      snprintf(msg, sizeof msg, "%s", err->message);
      mbe_error_set(err, st, "%s: %s", origin, msg);
    }
    if (st != MBE_OK) {
      return st;
    }
    vary[k].origin = origin ? mbe_arena_strdup(&f->arena, origin) : NULL;
    if (origin && !vary[k].origin) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
  }
  return MBE_OK;
}

// every parameter evaluated again, now with expressions of the varied ones; then the dimensions
// and conditions: reaching an Integer or Boolean from a varied value takes an operation that
// refuses it (integer(), a comparison), here at the place of use
static MbeStatus evaluate_again(MbeFlat* f, MbeError* err) {
  for (size_t i = 0; i < f->nvars; i++) {
    if (f->vars[i].variability >= MBE_VAR_PARAMETER) {
      f->vars[i].eval_state = 0;
    }
  }
  MbeFlatten* fl = mbe_calloc(1, mbe_flatten_ctx_size());
  if (!fl) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  mbe_flatten_ctx_init(fl, (MbeSpec*)f->spec, f);
  MbeStatus st = mbe_flatten_eval_all(fl, err);
  for (size_t i = 0; i < f->nsexprs && st == MBE_OK; i++) {
    const MbeStructExpr* x = &f->sexprs[i];
    MbeValue v;
    st = mbe_eval(fl, x->expr, x->scope, x->lex, &v, err);
    if (st != MBE_OK) {
      mbe_flat_error_at_inst(f, x->scope, x->expr, err);
    }
  }
  mbe_free(fl);
  return st;
}

// a varied start that the model leaves at its default (0) gets an array of its own
static MbeStatus default_starts(MbeFlat* f, MbeError* err) {
  for (size_t k = 0; k < f->nvary; k++) {
    MbeVar* v = &f->vars[f->vary[k].var];
    if (!f->vary[k].is_start || v->has_attr_value[MBE_ATTR_START]) {
      continue;
    }
    MbeValue val;
    MbeStatus st;
    if ((st = mbe_value_alloc(&f->arena, &val, MBE_T_REAL, v->ndims, v->dims, err)) != MBE_OK ||
        (st = mbe_flat_vary_leaves(f, f->vary[k].var, true, &val, err)) != MBE_OK) {
      return st;
    }
    v->attr_value[MBE_ATTR_START] = val;
    v->has_attr_value[MBE_ATTR_START] = true;
  }
  return MBE_OK;
}

MbeStatus mbe_flat_vary_from(MbeFlat* f, const char* const* names, const char* const* origins,
                             size_t n, MbeError* err) {
  if (f->nvary) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "the flat model already has varied parameters");
  }
  if (n == 0) {
    return MBE_OK;
  }
  MbeVaried* vary = mbe_arena_alloc(&f->arena, n * sizeof *vary);
  if (!vary) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = resolve_all(f, names, origins, n, vary, err);
  if (st != MBE_OK) {
    return st;
  }

  // the leaves first (PARAM k is node k + 1), then every value again, now with expressions;
  // the warnings of the first evaluation stand
  f->vary = vary;
  f->nvary = n;
  for (size_t k = 0; k < n; k++) {
    mbe_sym_param(&f->psym, (int)k);
  }
  size_t nwarnings = f->nwarnings;
  st = evaluate_again(f, err);
  f->nwarnings = nwarnings;
  if (st == MBE_OK) {
    st = default_starts(f, err);
  }
  if (st == MBE_OK && f->psym.is_oom) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  mbe_flat_error_to_user(f, err);
  return st;
}

MbeStatus mbe_flat_vary(MbeFlat* f, const char* const* names, size_t n, MbeError* err) {
  return mbe_flat_vary_from(f, names, NULL, n, err);
}

const char* mbe_flat_varied_label(const MbeFlat* f, size_t k, char* buf, size_t size) {
  const MbeVaried* q = &f->vary[k];
  if (q->origin) {
    snprintf(buf, size, "%s (%s)", q->name, q->origin);
  } else {
    snprintf(buf, size, "%s", q->name);
  }
  return buf;
}

size_t mbe_flat_varied_names(const MbeFlat* f, MbeSymId id, char* buf, size_t size) {
  buf[0] = '\0';
  if (id >= f->psym.nnodes) {
    return 0;
  }

  // the PARAM leaves of the node's cone (operands come before their users)
  unsigned char* used = mbe_calloc(id + 1, 1);
  if (!used) {
    return 0;
  }
  used[id] = 1;
  size_t count = 0;
  for (size_t i = id + 1; i-- > 0;) {
    const MbeSymNode* nd = &f->psym.nodes[i];
    if (!used[i]) {
      continue;
    }
    if (nd->op == MBE_SYM_PARAM) {
      count++;
    }
    for (int k = 0; k < mbe_sym_op_arity((MbeSymOp)nd->op); k++) {
      used[nd->arg[k]] = 1;
    }
  }

  // "a", "a and b", "a, b and c", in the order they were varied
  size_t seen = 0, len = 0;
  for (size_t i = 0; i <= id; i++) {
    const MbeSymNode* nd = &f->psym.nodes[i];
    if (!used[i] || nd->op != MBE_SYM_PARAM || len + 1 >= size) {
      continue;
    }
    const char* sep = seen == 0 ? "" : seen + 1 == count ? " and " : ", ";
    char label[600];
    mbe_flat_varied_label(f, (size_t)nd->index, label, sizeof label);
    len += (size_t)snprintf(buf + len, size - len, "%s%s", sep, label);
    len = len < size ? len : size - 1;
    seen++;
  }
  mbe_free(used);
  return count;
}
