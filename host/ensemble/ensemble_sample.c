// SPDX-License-Identifier: Apache-2.0
// The sampling designs: --vary and --params parsing, design matrices, and the mc, lhs, sobol,
// grid and design samplers (distributions are in ensemble_dist.c, Sobol in ensemble_sobol.c).
#include "ensemble_sample.h"
#include "mbe_saltelli.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "io.h"

#define SAMPLE_DEF_COOKIE 0x6d627364

/* ---- distributions: names, validation, formatting ---------------------------------------- */

static const char* const DIST_NAMES[MBE_DIST_COUNT] = {
    "uniform", "normal", "lognormal", "truncnormal", "triangular", "discrete", "const"};

const char* mbe_dist_name(MbeDistKind kind) {
  return (int)kind >= 0 && kind < MBE_DIST_COUNT ? DIST_NAMES[kind] : "?";
}

// the argument names of each family, for messages
static const char* const DIST_ARGS[MBE_DIST_COUNT] = {
    "a, b", "mu, sigma", "mu, sigma", "mu, sigma, a, b", "a, c, b", "v1, v2, ...", "v"};
static const size_t DIST_NARGS[MBE_DIST_COUNT] = {2, 2, 2, 4, 3, 0, 1};

// shortest text that reads back as x
static const char* num_text(double x, char buf[32]) {
  mbe_format_shortest(x, buf, 32);
  return buf;
}

static MbeStatus check_args(MbeDistKind kind, const double* v, size_t nargs, MbeError* err) {
  char t0[32], t1[32], t2[32];
  const char* name = DIST_NAMES[kind];

  // the count, then finiteness
  if (kind == MBE_DIST_DISCRETE) {
    if (nargs == 0) {
      return mbe_error_set(err, MBE_ERR_USAGE, "discrete takes at least 1 value (v1, v2, ...)");
    }
  } else if (nargs != DIST_NARGS[kind]) {
    return mbe_error_set(err, MBE_ERR_USAGE, "%s takes %zu argument%s (%s), got %zu", name,
                         DIST_NARGS[kind], DIST_NARGS[kind] == 1 ? "" : "s", DIST_ARGS[kind],
                         nargs);
  }
  for (size_t i = 0; i < nargs; i++) {
    if (!isfinite(v[i])) {
      return mbe_error_set(err, MBE_ERR_USAGE, "%s arguments must be finite, argument %zu is %s",
                           name, i + 1, num_text(v[i], t0));
    }
  }

  // the family's own conditions
  switch (kind) {
    case MBE_DIST_UNIFORM:
      if (!(v[0] < v[1])) {
        return mbe_error_set(err, MBE_ERR_USAGE, "uniform(a, b) needs a < b, got a = %s, b = %s",
                             num_text(v[0], t0), num_text(v[1], t1));
      }
      if (!isfinite(v[1] - v[0])) {
        return mbe_error_set(err, MBE_ERR_USAGE,
                             "uniform(a, b) needs a finite b - a, got a = %s, b = %s",
                             num_text(v[0], t0), num_text(v[1], t1));
      }
      break;
    case MBE_DIST_NORMAL:
    case MBE_DIST_LOGNORMAL:
    case MBE_DIST_TRUNCNORMAL:
      if (!(v[1] > 0.0)) {
        return mbe_error_set(err, MBE_ERR_USAGE, "%s(%s) needs sigma > 0, got sigma = %s", name,
                             DIST_ARGS[kind], num_text(v[1], t0));
      }
      if (kind == MBE_DIST_TRUNCNORMAL && !(v[2] < v[3])) {
        return mbe_error_set(err, MBE_ERR_USAGE,
                             "truncnormal(mu, sigma, a, b) needs a < b, got a = %s, b = %s",
                             num_text(v[2], t0), num_text(v[3], t1));
      }
      if (kind == MBE_DIST_TRUNCNORMAL &&
          !(isfinite((v[2] - v[0]) / v[1]) && isfinite((v[3] - v[0]) / v[1]))) {
        return mbe_error_set(err, MBE_ERR_USAGE,
                             "truncnormal(mu, sigma, a, b) needs (a - mu)/sigma and "
                             "(b - mu)/sigma finite, got a = %s, b = %s, mu = %s",
                             num_text(v[2], t0), num_text(v[3], t1), num_text(v[0], t2));
      }
      break;
    case MBE_DIST_TRIANGULAR:
      if (!(v[0] <= v[1] && v[1] <= v[2] && v[0] < v[2]) || !isfinite(v[2] - v[0])) {
        return mbe_error_set(err, MBE_ERR_USAGE,
                             "triangular(a, c, b) needs a <= c <= b, a < b and a finite b - a, "
                             "got a = %s, c = %s, b = %s",
                             num_text(v[0], t0), num_text(v[1], t1), num_text(v[2], t2));
      }
      break;
    default: break;
  }
  return MBE_OK;
}

MbeStatus mbe_dist_init(MbeDist* d, MbeDistKind kind, const double* args, size_t nargs,
                        MbeError* err) {
  memset(d, 0, sizeof *d);
  if ((int)kind < 0 || kind >= MBE_DIST_COUNT) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "unknown distribution kind %d", (int)kind);
  }
  MbeStatus st = check_args(kind, args, nargs, err);
  if (st != MBE_OK) {
    return st;
  }

  // discrete keeps its own copy of the values
  if (kind == MBE_DIST_DISCRETE) {
    d->value = mbe_malloc(nargs * sizeof *d->value);
    if (!d->value) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
    memcpy(d->value, args, nargs * sizeof *d->value);
    d->nvalue = nargs;
  } else {
    memcpy(d->arg, args, nargs * sizeof *args);
  }
  d->kind = kind;

  // derived constants: standardised bounds, the mode's probability
  if (kind == MBE_DIST_TRUNCNORMAL) {
    d->aux[0] = (d->arg[2] - d->arg[0]) / d->arg[1];
    d->aux[1] = (d->arg[3] - d->arg[0]) / d->arg[1];
  } else if (kind == MBE_DIST_TRIANGULAR) {
    d->aux[0] = (d->arg[1] - d->arg[0]) / (d->arg[2] - d->arg[0]);
  }
  return MBE_OK;
}

void mbe_dist_deinit(MbeDist* d) {
  if (!d) {
    return;
  }
  mbe_free(d->value);
  memset(d, 0, sizeof *d);
}

MbeStatus mbe_dist_copy(MbeDist* dst, const MbeDist* src, MbeError* err) {
  *dst = *src;
  if (src->kind != MBE_DIST_DISCRETE) {
    return MBE_OK;
  }
  dst->value = mbe_malloc(src->nvalue * sizeof *dst->value);
  if (!dst->value) {
    memset(dst, 0, sizeof *dst);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  memcpy(dst->value, src->value, src->nvalue * sizeof *dst->value);
  return MBE_OK;
}

// appends s to buf (size bytes) as far as it fits, counting the full length in *len
static void put_text(char* buf, size_t size, size_t* len, const char* s) {
  size_t n = strlen(s);
  if (*len + 1 < size) {
    size_t room = size - 1 - *len;
    memcpy(buf + *len, s, n < room ? n : room);
    buf[*len + (n < room ? n : room)] = '\0';
  }
  *len += n;
}

void mbe_dist_support(const MbeDist* d, double* lo, double* hi) {
  switch (d->kind) {
    case MBE_DIST_UNIFORM: *lo = d->arg[0], *hi = d->arg[1]; break;
    case MBE_DIST_NORMAL: *lo = -HUGE_VAL, *hi = HUGE_VAL; break;
    case MBE_DIST_LOGNORMAL: *lo = 0, *hi = HUGE_VAL; break;
    case MBE_DIST_TRUNCNORMAL: *lo = d->arg[2], *hi = d->arg[3]; break;
    case MBE_DIST_TRIANGULAR: *lo = d->arg[0], *hi = d->arg[2]; break;
    case MBE_DIST_DISCRETE:
      *lo = HUGE_VAL, *hi = -HUGE_VAL;
      for (size_t i = 0; i < d->nvalue; i++) {
        *lo = d->value[i] < *lo ? d->value[i] : *lo;
        *hi = d->value[i] > *hi ? d->value[i] : *hi;
      }
      break;
    default: *lo = *hi = d->arg[0]; break;
  }
}

size_t mbe_dist_format(const MbeDist* d, char* buf, size_t size) {
  if (size > 0) {
    buf[0] = '\0';
  }

  // name(arg, arg, ...)
  bool discrete = d->kind == MBE_DIST_DISCRETE;
  bool known = (int)d->kind >= 0 && d->kind < MBE_DIST_COUNT;
  size_t nargs = discrete ? d->nvalue : (known ? DIST_NARGS[d->kind] : 0);
  size_t len = 0;
  char t[32];
  put_text(buf, size, &len, mbe_dist_name(d->kind));
  put_text(buf, size, &len, "(");
  for (size_t i = 0; i < nargs; i++) {
    put_text(buf, size, &len, i ? ", " : "");
    put_text(buf, size, &len, num_text(discrete ? d->value[i] : d->arg[i], t));
  }
  put_text(buf, size, &len, ")");
  return len;
}

/* ---- scanning one specification ----------------------------------------------------------- */

// a specification being read: a --vary text or one line of a params file
typedef struct Scan {
  const char* s;     // text, not necessarily NUL-terminated
  size_t n;          // its length
  size_t pos;        // next byte
  const char* file;  // file of a params line, NULL for a --vary text
  int line;          // line of s[0] in file
  int col;           // column of s[0] in file
  MbeError* err;
} Scan;

static int peek(const Scan* sc) {
  return sc->pos < sc->n ? (unsigned char)sc->s[sc->pos] : -1;
}

static bool is_blank(int c) {
  return c == ' ' || c == '\t' || c == '\r';
}

static bool is_digit(int c) {
  return c >= '0' && c <= '9';
}

static bool is_ident_start(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident_char(int c) {
  return is_ident_start(c) || is_digit(c);
}

static void skip_blanks(Scan* sc) {
  while (is_blank(peek(sc))) {
    sc->pos++;
  }
}

// fails at byte `at`: file:line:column for a params line, the quoted text for a --vary text
static MbeStatus scan_fail(const Scan* sc, size_t at, const char* fmt, ...) MBE_PRINTF(3, 4);
static MbeStatus scan_fail(const Scan* sc, size_t at, const char* fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (sc->file) {
    return mbe_error_set_at(sc->err, MBE_ERR_INVALID_ARG, sc->file, sc->line, sc->col + (int)at,
                            "%s", msg);
  }
  return mbe_error_set_at(sc->err, MBE_ERR_USAGE, "", 0, (int)at + 1, "--vary '%.*s': %s",
                          (int)sc->n, sc->s, msg);
}

// the length of the text at the scan position up to the next separator (at least one byte when
// any is left), for messages
static int token_len(const Scan* sc) {
  size_t e = sc->pos;
  while (e < sc->n && e - sc->pos < 24 && !is_blank((unsigned char)sc->s[e]) &&
         strchr(",()=", sc->s[e]) == NULL) {
    e++;
  }
  if (e == sc->pos && e < sc->n) {
    e++;
  }
  return (int)(e - sc->pos);
}

// a number in C/Modelica syntax: [+-] (digits [. digits] | . digits) [(e|E) [+-] digits]
static MbeStatus scan_number(Scan* sc, double* out) {
  size_t start = sc->pos;
  if (peek(sc) == '+' || peek(sc) == '-') {
    sc->pos++;
  }

  // mantissa, then the optional exponent
  size_t ndigit = 0;
  while (is_digit(peek(sc))) {
    sc->pos++, ndigit++;
  }
  if (peek(sc) == '.') {
    sc->pos++;
    while (is_digit(peek(sc))) {
      sc->pos++, ndigit++;
    }
  }
  bool ok = ndigit > 0;
  if (ok && (peek(sc) == 'e' || peek(sc) == 'E')) {
    sc->pos++;
    if (peek(sc) == '+' || peek(sc) == '-') {
      sc->pos++;
    }
    ok = is_digit(peek(sc));
    while (is_digit(peek(sc))) {
      sc->pos++;
    }
  }
  if (!ok || is_ident_char(peek(sc)) || peek(sc) == '.') {
    sc->pos = start;
    return scan_fail(sc, start, "expected a number (such as 1, 1.5, -2e-3 or .5), found '%.*s'",
                     token_len(sc), sc->s + start);
  }

  // the conversion, which must take the whole token and stay finite
  char buf[64];
  size_t len = sc->pos - start;
  if (len >= sizeof buf) {
    return scan_fail(sc, start, "number '%.*s' is too long (at most 63 characters)", (int)len,
                     sc->s + start);
  }
  memcpy(buf, sc->s + start, len);
  buf[len] = '\0';
  char* end = NULL;
  *out = strtod(buf, &end);
  if (end != buf + len) {
    return scan_fail(sc, start, "cannot convert '%s' (is the C locale's decimal point '.'?)", buf);
  }
  if (!isfinite(*out)) {
    return scan_fail(sc, start, "number '%s' is out of the range of a double", buf);
  }
  return MBE_OK;
}

// one identifier, plain or 'quoted', appended to sb
static bool scan_ident(Scan* sc, MbeStrbuf* sb) {
  size_t start = sc->pos;
  if (peek(sc) == '\'') {
    sc->pos++;
    while (peek(sc) != -1 && peek(sc) != '\'' && peek(sc) != '\n') {
      sc->pos++;
    }
    if (peek(sc) != '\'' || sc->pos == start + 1) {
      sc->pos = start;
      return false;
    }
    sc->pos++;
  } else if (is_ident_start(peek(sc))) {
    while (is_ident_char(peek(sc))) {
      sc->pos++;
    }
  } else {
    return false;
  }
  mbe_strbuf_append(sb, sc->s + start, sc->pos - start);
  return true;
}

// [i, j, ...] with positive integer subscripts, appended to sb without blanks
static MbeStatus scan_subscripts(Scan* sc, MbeStrbuf* sb) {
  mbe_strbuf_puts(sb, "[");
  sc->pos++;
  for (;;) {
    skip_blanks(sc);
    size_t start = sc->pos;
    while (is_digit(peek(sc))) {
      sc->pos++;
    }
    if (sc->pos == start || sc->s[start] == '0') {
      sc->pos = start;
      return scan_fail(sc, start,
                       "expected a subscript (an integer from 1) in the name, found '%.*s'",
                       token_len(sc), sc->s + start);
    }
    mbe_strbuf_append(sb, sc->s + start, sc->pos - start);
    skip_blanks(sc);
    if (peek(sc) == ']') {
      sc->pos++;
      mbe_strbuf_puts(sb, "]");
      return MBE_OK;
    }
    if (peek(sc) != ',') {
      return scan_fail(sc, sc->pos, "expected ',' or ']' in the subscripts of the name");
    }
    sc->pos++;
    mbe_strbuf_puts(sb, ",");
  }
}

// a Modelica component reference: ident [subscripts] { '.' ident [subscripts] }, canonical in sb
static MbeStatus scan_name(Scan* sc, MbeStrbuf* sb) {
  for (bool first = true;; first = false) {
    size_t start = sc->pos;
    if (!scan_ident(sc, sb)) {
      const char* what = first ? "a parameter name" : "a name after '.'";
      return scan_fail(sc, start,
                       "expected %s (such as body.m, boxBody1.r[1] or revolute1.phi.start), "
                       "found '%.*s'",
                       what, token_len(sc), sc->s + start);
    }
    if (peek(sc) == '[') {
      MbeStatus st = scan_subscripts(sc, sb);
      if (st != MBE_OK) {
        return st;
      }
    }
    if (peek(sc) != '.') {
      return MBE_OK;
    }
    sc->pos++;
    mbe_strbuf_puts(sb, ".");
  }
}

// the family name at the scan position
static MbeStatus scan_dist_kind(Scan* sc, MbeDistKind* kind) {
  size_t start = sc->pos;
  while (is_ident_char(peek(sc))) {
    sc->pos++;
  }
  char word[32];
  size_t len = sc->pos - start;
  snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1),
           sc->s + start);
  for (int k = 0; k < MBE_DIST_COUNT; k++) {
    if (len == strlen(mbe_dist_name((MbeDistKind)k)) &&
        strncmp(sc->s + start, mbe_dist_name((MbeDistKind)k), len) == 0) {
      *kind = (MbeDistKind)k;
      return MBE_OK;
    }
  }

  // unknown: a suggestion when one family is close
  const char* allowed = "uniform, normal, lognormal, truncnormal, triangular, discrete or const";
  if (len == 0) {
    sc->pos = start;
    return scan_fail(sc, start, "expected a distribution (%s), found '%.*s'", allowed,
                     token_len(sc), sc->s + start);
  }
  size_t best = 3;
  const char* near = NULL;
  for (int k = 0; k < MBE_DIST_COUNT; k++) {
    size_t dist = mbe_edit_distance(word, mbe_dist_name((MbeDistKind)k), best);
    if (dist < best) {
      best = dist;
      near = mbe_dist_name((MbeDistKind)k);
    }
  }
  if (near) {
    return scan_fail(sc, start, "unknown distribution '%s' (did you mean '%s'?); use %s", word,
                     near, allowed);
  }
  return scan_fail(sc, start, "unknown distribution '%s'; use %s", word, allowed);
}

// the argument list "( number {, number} )" into a growing array
static MbeStatus scan_args(Scan* sc, const char* dist, double** args, size_t* nargs) {
  size_t cap = 0;
  skip_blanks(sc);
  if (peek(sc) != '(') {
    return scan_fail(sc, sc->pos, "expected '(' after '%s'", dist);
  }
  sc->pos++;
  skip_blanks(sc);
  if (peek(sc) == ')') {
    sc->pos++;
    return MBE_OK;
  }
  for (;;) {
    // one number
    skip_blanks(sc);
    if (*nargs == cap) {
      cap = cap ? 2 * cap : 8;
      double* grown = mbe_realloc(*args, cap * sizeof *grown);
      if (!grown) {
        return mbe_error_set(sc->err, MBE_ERR_NOMEM, "out of memory");
      }
      *args = grown;
    }
    MbeStatus st = scan_number(sc, &(*args)[*nargs]);
    if (st != MBE_OK) {
      return st;
    }
    (*nargs)++;

    // then ',' or ')'
    skip_blanks(sc);
    if (peek(sc) == ')') {
      sc->pos++;
      return MBE_OK;
    }
    if (peek(sc) != ',') {
      return scan_fail(sc, sc->pos, "expected ',' or ')' after argument %zu of %s", *nargs, dist);
    }
    sc->pos++;
  }
}

// "DIST(ARGS)" up to the end of the text
static MbeStatus scan_dist(Scan* sc, MbeDist* d) {
  skip_blanks(sc);
  size_t at = sc->pos;
  MbeDistKind kind = MBE_DIST_UNIFORM;
  MbeStatus st = scan_dist_kind(sc, &kind);
  if (st != MBE_OK) {
    return st;
  }
  double* args = NULL;
  size_t nargs = 0;
  st = scan_args(sc, mbe_dist_name(kind), &args, &nargs);

  // nothing may follow
  if (st == MBE_OK) {
    skip_blanks(sc);
    if (peek(sc) != -1) {
      st = scan_fail(sc, sc->pos, "unexpected '%.*s' after the closing ')'", token_len(sc),
                     sc->s + sc->pos);
    }
  }

  // the family's checks, reported at its name
  if (st == MBE_OK) {
    MbeError e;
    mbe_error_clear(&e);
    st = mbe_dist_init(d, kind, args, nargs, &e);
    if (st == MBE_ERR_NOMEM) {
      mbe_error_set(sc->err, st, "%s", e.message);
    } else if (st != MBE_OK) {
      st = scan_fail(sc, at, "%s", e.message);
    }
  }
  mbe_free(args);
  return st;
}

/* ---- the list of varied parameters -------------------------------------------------------- */

void mbe_vary_list_init(MbeVaryList* l) {
  memset(l, 0, sizeof *l);
}

// drops the entries from index n0 on
static void list_truncate(MbeVaryList* l, size_t n0) {
  for (size_t i = n0; i < l->n; i++) {
    mbe_free(l->name[i]);
    mbe_free(l->file[i]);
    mbe_dist_deinit(&l->dist[i]);
  }
  if (l->n > n0) {
    l->n = n0;
  }
}

void mbe_vary_list_deinit(MbeVaryList* l) {
  if (!l) {
    return;
  }
  list_truncate(l, 0);
  mbe_free(l->name);
  mbe_free(l->dist);
  mbe_free(l->file);
  mbe_free(l->line);
  mbe_free(l->column);
  memset(l, 0, sizeof *l);
}

// grows one parallel array to cap entries of size bytes
static bool grow(void** p, size_t cap, size_t size) {
  void* q = mbe_realloc(*p, cap * size);
  if (q) {
    *p = q;
  }
  return q != NULL;
}

// appends an entry, taking ownership of name and *d (freed on failure)
static MbeStatus list_push(MbeVaryList* l, char* name, MbeDist* d, const char* file, int line,
                           int column, MbeError* err) {
  // room in all five arrays
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 8;
    bool ok = grow((void**)&l->name, cap, sizeof *l->name) &&
              grow((void**)&l->dist, cap, sizeof *l->dist) &&
              grow((void**)&l->file, cap, sizeof *l->file) &&
              grow((void**)&l->line, cap, sizeof *l->line) &&
              grow((void**)&l->column, cap, sizeof *l->column);
    if (!ok) {
      mbe_free(name);
      mbe_dist_deinit(d);
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
    l->cap = cap;
  }

  // the entry
  char* file_copy = file ? mbe_strdup(file) : NULL;
  if (file && !file_copy) {
    mbe_free(name);
    mbe_dist_deinit(d);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  l->name[l->n] = name;
  l->dist[l->n] = *d;
  l->file[l->n] = file_copy;
  l->line[l->n] = line;
  l->column[l->n] = column;
  l->n++;
  memset(d, 0, sizeof *d);
  return MBE_OK;
}

// "NAME = DIST(ARGS)" over the whole scan, appended to l
static MbeStatus scan_spec(Scan* sc, MbeVaryList* l) {
  // the name
  MbeStrbuf name;
  mbe_strbuf_init(&name);
  skip_blanks(sc);
  size_t at = sc->pos;
  MbeStatus st = scan_name(sc, &name);
  if (st != MBE_OK) {
    mbe_strbuf_deinit(&name);
    return st;
  }
  if (name.is_oom) {
    mbe_strbuf_deinit(&name);
    return mbe_error_set(sc->err, MBE_ERR_NOMEM, "out of memory");
  }

  // '=' and the distribution
  skip_blanks(sc);
  if (peek(sc) != '=') {
    st = peek(sc) == -1 ? scan_fail(sc, sc->pos,
                                    "missing '=' after '%s': write NAME=DIST(ARGS), e.g. "
                                    "body.m=normal(1, 0.1)",
                                    name.data)
                        : scan_fail(sc, sc->pos, "expected '=' after the name '%s', found '%.*s'",
                                    name.data, token_len(sc), sc->s + sc->pos);
    mbe_strbuf_deinit(&name);
    return st;
  }
  sc->pos++;
  MbeDist d;
  memset(&d, 0, sizeof d);
  st = scan_dist(sc, &d);
  if (st != MBE_OK) {
    mbe_strbuf_deinit(&name);
    return st;
  }
  return list_push(l, name.data, &d, sc->file, sc->file ? sc->line : 0, sc->col + (int)at, sc->err);
}

MbeStatus mbe_vary_parse(const char* text, MbeVaryList* l, MbeError* err) {
  Scan sc = {text, strlen(text), 0, NULL, 0, 1, err};
  return scan_spec(&sc, l);
}

bool mbe_param_name_is_valid(const char* text) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  Scan sc = {text, strlen(text), 0, NULL, 0, 1, NULL};
  bool ok = scan_name(&sc, &sb) == MBE_OK && sc.pos == sc.n;
  mbe_strbuf_deinit(&sb);
  return ok;
}

// where entry i was given, for messages
static void entry_place(const MbeVaryList* l, size_t i, char* buf, size_t size) {
  if (l->file[i]) {
    snprintf(buf, size, "%s:%d:%d", l->file[i], l->line[i], l->column[i]);
  } else {
    snprintf(buf, size, "--vary");
  }
}

MbeStatus mbe_vary_list_check_unique(const MbeVaryList* l, MbeError* err) {
  for (size_t i = 1; i < l->n; i++) {
    for (size_t k = 0; k < i; k++) {
      if (strcmp(l->name[i], l->name[k]) != 0) {
        continue;
      }
      char first[300], second[300];
      entry_place(l, k, first, sizeof first);
      entry_place(l, i, second, sizeof second);
      return mbe_error_set_at(err, MBE_ERR_USAGE, l->file[i] ? l->file[i] : "", l->line[i],
                              l->file[i] ? l->column[i] : 0,
                              "parameter '%s' is varied twice (%s and %s); give each once",
                              l->name[i], first, second);
    }
  }
  return MBE_OK;
}

/* ---- params files ------------------------------------------------------------------------- */

// a SALib line "name lower upper": blank-separated fields (start, length) of one line
static MbeStatus params_salib(Scan* sc, MbeVaryList* l) {
  // split into fields
  size_t start[4], len[4], nfield = 0;
  sc->pos = 0;
  for (;;) {
    skip_blanks(sc);
    if (peek(sc) == -1 || nfield == 4) {
      break;
    }
    start[nfield] = sc->pos;
    while (peek(sc) != -1 && !is_blank(peek(sc))) {
      sc->pos++;
    }
    len[nfield] = sc->pos - start[nfield];
    nfield++;
  }
  if (nfield != 3) {
    return scan_fail(sc, nfield == 4 ? start[3] : 0,
                     "expected 'name lower upper' or 'name = dist(args)', found %s field%s",
                     nfield == 4 ? "more than 3" : (nfield == 2 ? "2" : "1"),
                     nfield == 1 ? "" : "s");
  }

  // each field read alone
  MbeStrbuf name;
  mbe_strbuf_init(&name);
  double bound[2];
  MbeStatus st = MBE_OK;
  for (size_t f = 0; f < 3 && st == MBE_OK; f++) {
    Scan field = *sc;
    field.n = start[f] + len[f];
    field.pos = start[f];
    st = f == 0 ? scan_name(&field, &name) : scan_number(&field, &bound[f - 1]);
    if (st == MBE_OK && field.pos != field.n) {
      st = scan_fail(&field, field.pos, "unexpected '%.*s' in '%.*s'", (int)(field.n - field.pos),
                     field.s + field.pos, (int)len[f], field.s + start[f]);
    }
  }
  if (st == MBE_OK && !(bound[0] < bound[1])) {
    char t0[32], t1[32];
    st = scan_fail(sc, start[1], "bounds need lower < upper, got lower = %s, upper = %s",
                   num_text(bound[0], t0), num_text(bound[1], t1));
  }
  if (st == MBE_OK && name.is_oom) {
    st = mbe_error_set(sc->err, MBE_ERR_NOMEM, "out of memory");
  }

  // uniform(lower, upper)
  MbeDist d;
  memset(&d, 0, sizeof d);
  if (st == MBE_OK) {
    MbeError e;
    st = mbe_dist_init(&d, MBE_DIST_UNIFORM, bound, 2, &e);
    if (st != MBE_OK) {
      st = st == MBE_ERR_NOMEM ? mbe_error_set(sc->err, st, "out of memory")
                               : scan_fail(sc, start[1], "%s", e.message);
    }
  }
  if (st != MBE_OK) {
    mbe_strbuf_deinit(&name);
    return st;
  }
  return list_push(l, name.data, &d, sc->file, sc->line, sc->col + (int)start[0], sc->err);
}

// one line without its newline: blank, comment, SALib or "name = dist(args)"
static MbeStatus params_line(const char* name, int line, const char* s, size_t n, MbeVaryList* l,
                             MbeError* err) {
  // the comment goes, blanks are skipped
  const char* hash = memchr(s, '#', n);
  if (hash) {
    n = (size_t)(hash - s);
  }
  Scan sc = {s, n, 0, name, line, 1, err};
  skip_blanks(&sc);
  if (peek(&sc) == -1) {
    return MBE_OK;
  }
  if (memchr(s, '=', n)) {
    return scan_spec(&sc, l);
  }
  return params_salib(&sc, l);
}

MbeStatus mbe_params_parse(const char* name, const char* text, size_t size, MbeVaryList* l,
                           MbeError* err) {
  size_t n0 = l->n;
  MbeStatus st = MBE_OK;

  // line by line, after a UTF-8 byte order mark
  size_t pos = size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  for (int line = 1; pos < size && st == MBE_OK; line++) {
    const char* nl = memchr(text + pos, '\n', size - pos);
    size_t end = nl ? (size_t)(nl - text) : size;
    st = params_line(name, line, text + pos, end - pos, l, err);
    pos = end + 1;
  }

  // duplicates anywhere in the list; on failure the list is as before
  if (st == MBE_OK) {
    st = mbe_vary_list_check_unique(l, err);
  }
  if (st != MBE_OK) {
    list_truncate(l, n0);
  }
  return st;
}

MbeStatus mbe_params_file_read(const char* path, MbeVaryList* l, MbeError* err) {
  char* text = NULL;
  size_t size = 0;
  MbeStatus st = mbe_file_read(path, &text, &size, err);
  if (st != MBE_OK) {
    return st;
  }
  st = mbe_params_parse(path, text, size, l, err);
  mbe_free(text);
  return st;
}

/* ---- design matrices ---------------------------------------------------------------------- */

// line and column of field c of a CSV row (row SIZE_MAX: the header), counting non-blank lines
// as mbe_csv_parse does
static void design_locate(const char* text, size_t size, size_t row, size_t c, int* line,
                          int* column) {
  size_t pos = size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  size_t target = row == SIZE_MAX ? 0 : row + 1, seen = 0;
  *line = 1;
  *column = 1;
  for (int ln = 1; pos < size; ln++) {
    const char* nl = memchr(text + pos, '\n', size - pos);
    size_t end = nl ? (size_t)(nl - text) : size;
    size_t i = pos;
    while (i < end && is_blank((unsigned char)text[i])) {
      i++;
    }
    if (i < end && seen++ == target) {
      // skip c fields (quotes may hide commas in the header)
      bool quoted = false;
      for (size_t f = 0; i < end && f < c; i++) {
        if (text[i] == '"') {
          quoted = !quoted;
        } else if (text[i] == ',' && !quoted) {
          f++;
        }
      }
      while (i < end && is_blank((unsigned char)text[i])) {
        i++;
      }
      *line = ln;
      *column = (int)(i - pos) + 1;
      return;
    }
    pos = end + 1;
  }
}

// column names: parameter names, canonical, each once
static MbeStatus design_check_names(const char* name, const char* text, size_t size, MbeTable* t,
                                    MbeError* err) {
  int line, col;
  for (size_t c = 0; c < t->ncols; c++) {
    // canonical form (never longer than the original)
    MbeStrbuf sb;
    mbe_strbuf_init(&sb);
    Scan sc = {t->names[c], strlen(t->names[c]), 0, NULL, 0, 1, NULL};
    bool ok = scan_name(&sc, &sb) == MBE_OK && sc.pos == sc.n && !sb.is_oom;
    if (ok) {
      memcpy(t->names[c], sb.data, sb.len + 1);
    }
    mbe_strbuf_deinit(&sb);
    if (!ok) {
      design_locate(text, size, SIZE_MAX, c, &line, &col);
      return mbe_error_set_at(err, MBE_ERR_INVALID_ARG, name, line, col,
                              "design column '%s' is not a parameter name (such as body.m, "
                              "boxBody1.r[1] or revolute1.phi.start)",
                              t->names[c]);
    }

    // each once
    for (size_t k = 0; k < c; k++) {
      if (strcmp(t->names[k], t->names[c]) == 0) {
        design_locate(text, size, SIZE_MAX, c, &line, &col);
        return mbe_error_set_at(err, MBE_ERR_INVALID_ARG, name, line, col,
                                "design column '%s' appears twice (columns %zu and %zu)",
                                t->names[c], k + 1, c + 1);
      }
    }
  }
  return MBE_OK;
}

MbeStatus mbe_design_parse(const char* name, const char* text, size_t size, MbeTable** out,
                           MbeError* err) {
  *out = NULL;
  MbeTable* t = NULL;
  MbeStatus st = mbe_csv_parse(name, text, size, &t, err);
  if (st != MBE_OK) {
    return st;
  }

  // rows, names, finite entries
  int line, col;
  if (t->nrows == 0) {
    design_locate(text, size, SIZE_MAX, 0, &line, &col);
    st = mbe_error_set_at(err, MBE_ERR_INVALID_ARG, name, line, col,
                          "the design has a header but no rows: write one row of values per "
                          "member");
  }
  if (st == MBE_OK) {
    st = design_check_names(name, text, size, t, err);
  }
  for (size_t i = 0; st == MBE_OK && i < t->nrows * t->ncols; i++) {
    if (!isfinite(t->data[i])) {
      design_locate(text, size, i / t->ncols, i % t->ncols, &line, &col);
      st = mbe_error_set_at(err, MBE_ERR_INVALID_ARG, name, line, col,
                            "design value %g of column '%s' is not finite: every entry must be a "
                            "finite number",
                            t->data[i], t->names[i % t->ncols]);
    }
  }
  if (st != MBE_OK) {
    mbe_table_destroy(t);
    return st;
  }
  *out = t;
  return MBE_OK;
}

MbeStatus mbe_design_read(const char* path, MbeTable** out, MbeError* err) {
  char* text = NULL;
  size_t size = 0;
  *out = NULL;
  MbeStatus st = mbe_file_read(path, &text, &size, err);
  if (st != MBE_OK) {
    return st;
  }
  st = mbe_design_parse(path, text, size, out, err);
  mbe_free(text);
  return st;
}

MbeStatus mbe_design_gather(const MbeTable* t, const char* const* names, size_t ndim, double** out,
                            MbeError* err) {
  *out = NULL;

  // every column is a parameter and every parameter has a column
  for (size_t c = 0; c < t->ncols; c++) {
    size_t j = 0;
    while (j < ndim && strcmp(names[j], t->names[c]) != 0) {
      j++;
    }
    if (j == ndim) {
      return mbe_error_set(err, MBE_ERR_USAGE,
                           "design column '%s' is not one of the %zu varied parameters",
                           t->names[c], ndim);
    }
  }
  for (size_t j = 0; j < ndim; j++) {
    if (mbe_table_column(t, names[j]) < 0) {
      return mbe_error_set(err, MBE_ERR_USAGE, "the design has no column '%s'", names[j]);
    }
  }

  // the matrix in parameter order
  double* m = mbe_malloc((t->nrows * ndim > 0 ? t->nrows * ndim : 1) * sizeof *m);
  if (!m) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  for (size_t j = 0; j < ndim; j++) {
    size_t c = (size_t)mbe_table_column(t, names[j]);
    for (size_t r = 0; r < t->nrows; r++) {
      m[r * ndim + j] = t->data[r * t->ncols + c];
    }
  }
  *out = m;
  return MBE_OK;
}

/* ---- definitions -------------------------------------------------------------------------- */

static const char* const SAMPLER_NAMES[MBE_SAMPLER_COUNT] = {
    "mc", "lhs", "sobol", "grid", "saltelli", "morris", "radial", "design"};

// the most parameters of a Morris design (a trajectory's order is drawn on the stack)
enum { MORRIS_MAX_DIMS = 1024 };

// a radial design's auxiliary point is the base point's Sobol index plus this (Campolongo,
// Saltelli and Cariboni 2011)
enum { RADIAL_SHIFT = 4 };

double mbe_morris_delta(int levels) {
  return levels / (2.0 * (levels - 1));
}

size_t mbe_saltelli_block(size_t ndim, bool first_order_only) {
  return mbe_saltelli_block_rows(ndim, !first_order_only);
}

bool mbe_saltelli_base_is_balanced(size_t nblocks) {
  return nblocks > 0 && (nblocks & (nblocks - 1)) == 0;
}

// SALib's skip: the least power of two >= the blocks
static uint64_t saltelli_skip(size_t nblocks) {
  uint64_t s = 1;
  while (s < nblocks)
    s <<= 1;
  return s;
}

const char* mbe_sampler_name(MbeSampler s) {
  return (int)s >= 0 && s < MBE_SAMPLER_COUNT ? SAMPLER_NAMES[s] : "?";
}

MbeStatus mbe_sampler_parse(const char* text, MbeSampler* out, MbeError* err) {
  for (int s = 0; s < MBE_SAMPLER_DESIGN; s++) {
    if (strcmp(text, SAMPLER_NAMES[s]) == 0) {
      *out = (MbeSampler)s;
      return MBE_OK;
    }
  }
  return mbe_error_set(err, MBE_ERR_USAGE,
                       "--sampler takes mc, lhs, sobol, grid, saltelli, morris or radial, not '%s' (a "
                       "design matrix is given with --design FILE.csv)",
                       text);
}

MbeSampleDef mbe_sample_def_default(void) {
  MbeSampleDef d;
  memset(&d, 0, sizeof d);
  d.sampler = MBE_SAMPLER_MC;
  d.n = 1;
  d.levels = 4;
  d.cookie = SAMPLE_DEF_COOKIE;
  return d;
}

// a^c, or SIZE_MAX when it overflows
static size_t pow_sat(size_t a, size_t c) {
  size_t r = 1;
  for (size_t i = 0; i < c; i++) {
    if (a != 0 && r > SIZE_MAX / a) {
      return SIZE_MAX;
    }
    r *= a;
  }
  return r;
}

// the largest L with L^c <= m (c >= 1)
static size_t int_root(size_t m, size_t c) {
  if (c == 1) {
    return m;
  }
  size_t lo = 0, hi = (size_t)1 << (sizeof(size_t) * 4);
  while (lo < hi) {
    size_t mid = lo + (hi - lo + 1) / 2;
    if (pow_sat(mid, c) <= m) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}

// levels of every continuous grid dimension, checking the product of level counts is n
static MbeStatus grid_levels(const MbeSampleDef* def, size_t* levels, MbeError* err) {
  // the discrete part and the number of continuous dimensions
  size_t ndisc = 1, ncont = 0;
  for (size_t j = 0; j < def->ndim; j++) {
    const MbeDist* d = &def->dists[j];
    if (mbe_dist_is_continuous(d)) {
      ncont++;
    } else if (d->kind == MBE_DIST_DISCRETE) {
      ndisc = ndisc > SIZE_MAX / d->nvalue ? SIZE_MAX : ndisc * d->nvalue;
    }
  }
  if (ncont == 0) {
    *levels = 0;
    if (ndisc == def->n) {
      return MBE_OK;
    }
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "a grid of only discrete and constant dimensions has exactly %zu "
                         "members (the product of their level counts), not %zu",
                         ndisc, def->n);
  }

  // L^ncont * ndisc == n, else the nearest possible sizes
  size_t m = def->n / ndisc;
  size_t L = int_root(m, ncont);
  if (L > 0 && def->n % ndisc == 0 && pow_sat(L, ncont) == m) {
    *levels = L;
    return MBE_OK;
  }
  char shape[160], sizes[64];
  size_t below = pow_sat(L, ncont), above = pow_sat(L + 1, ncont);
  below = below > SIZE_MAX / ndisc ? SIZE_MAX : below * ndisc;
  above = above > SIZE_MAX / ndisc ? SIZE_MAX : above * ndisc;
  if (ndisc == 1) {
    snprintf(shape, sizeof shape, "%zu continuous dimensions has L^%zu", ncont, ncont);
  } else {
    snprintf(shape, sizeof shape,
             "%zu continuous dimension%s and %zu combinations of discrete levels has %zu*L^%zu",
             ncont, ncont == 1 ? "" : "s", ndisc, ndisc, ncont);
  }
  if (L == 0) {
    snprintf(sizes, sizeof sizes, "the smallest is %zu", above);
  } else {
    snprintf(sizes, sizeof sizes, "%zu or %zu", below, above);
  }
  return mbe_error_set(err, MBE_ERR_USAGE, "a grid of %s members: %s, not %zu", shape, sizes,
                       def->n);
}

// the distributions are well-formed (they come from mbe_dist_init)
static MbeStatus check_dists(const MbeSampleDef* def, MbeError* err) {
  if (def->ndim > 0 && !def->dists) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "MbeSampleDef.dists is NULL");
  }
  for (size_t j = 0; j < def->ndim; j++) {
    const MbeDist* d = &def->dists[j];
    bool ok = (int)d->kind >= 0 && d->kind < MBE_DIST_COUNT &&
              (d->kind != MBE_DIST_DISCRETE || (d->value && d->nvalue > 0));
    if (!ok) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                           "distribution %zu was not made by mbe_dist_init", j + 1);
    }
  }
  return MBE_OK;
}

// a Morris design: whole trajectories, an even number of levels, bounded distributions
static MbeStatus morris_check(const MbeSampleDef* def, MbeError* err) {
  if (def->ndim == 0 || def->ndim > MORRIS_MAX_DIMS) {
    return mbe_error_set(err, MBE_ERR_USAGE, "the Morris design takes 1 to %d parameters, not %zu",
                         MORRIS_MAX_DIMS, def->ndim);
  }
  if (def->levels < 2 || def->levels % 2 != 0 || def->levels > 1000) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "the Morris grid takes an even number of levels (2 .. 1000), not %d",
                         def->levels);
  }
  if (def->n % (def->ndim + 1) != 0) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "a Morris design of %zu parameters has r (%zu + 1) = r x %zu members, "
                         "not %zu",
                         def->ndim, def->ndim, def->ndim + 1, def->n);
  }
  MbeStatus st = check_dists(def, err);
  for (size_t j = 0; st == MBE_OK && j < def->ndim; j++) {
    MbeDistKind k = def->dists[j].kind;
    if (k != MBE_DIST_UNIFORM && k != MBE_DIST_TRIANGULAR && k != MBE_DIST_TRUNCNORMAL) {
      st = mbe_error_set(err, MBE_ERR_USAGE,
                         "the Morris design moves parameter %zu over its whole range [0, 1] of "
                         "probability: it needs a bounded, continuous distribution (uniform, "
                         "triangular, truncnormal)",
                         j + 1);
    }
  }
  return st;
}

// a Saltelli design: whole blocks, 2 ndim Sobol dimensions, points below 2^32
static MbeStatus saltelli_check(const MbeSampleDef* def, MbeError* err) {
  size_t blk = mbe_saltelli_block(def->ndim, def->first_order_only);
  if (def->ndim == 0 || 2 * def->ndim > mbe_sobol_max_dims()) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "the Saltelli design takes 1 to %zu parameters, not %zu",
                         mbe_sobol_max_dims() / 2, def->ndim);
  }
  if (def->n % blk != 0) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "a Saltelli design of %zu parameters has N (%s%zu + 2) = N x %zu "
                         "members, not %zu",
                         def->ndim, def->first_order_only ? "" : "2 x ", def->ndim, blk, def->n);
  }
  size_t nblocks = def->n / blk;
  if (saltelli_skip(nblocks) + nblocks > UINT32_MAX) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "a Saltelli design of %zu base points needs Sobol points past 2^32",
                         nblocks);
  }
  return check_dists(def, err);
}

// a radial design: whole blocks of ndim + 1, 2 ndim Sobol dimensions, points below 2^32
static MbeStatus radial_check(const MbeSampleDef* def, MbeError* err) {
  if (def->ndim == 0 || def->ndim > MORRIS_MAX_DIMS || 2 * def->ndim > mbe_sobol_max_dims()) {
    return mbe_error_set(err, MBE_ERR_USAGE, "the radial design takes 1 to %d parameters, not %zu",
                         MORRIS_MAX_DIMS, def->ndim);
  }
  if (def->n % (def->ndim + 1) != 0) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "a radial design of %zu parameters has N (%zu + 1) = N x %zu members, "
                         "not %zu",
                         def->ndim, def->ndim, def->ndim + 1, def->n);
  }
  size_t nblocks = def->n / (def->ndim + 1);
  if (saltelli_skip(nblocks) + nblocks + RADIAL_SHIFT > UINT32_MAX) {
    return mbe_error_set(err, MBE_ERR_USAGE,
                         "a radial design of %zu base points needs Sobol points past 2^32", nblocks);
  }
  return check_dists(def, err);
}

MbeStatus mbe_sample_def_check(const MbeSampleDef* def, MbeError* err) {
  // the definition itself
  if (def->cookie != SAMPLE_DEF_COOKIE) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "MbeSampleDef not initialised with mbe_sample_def_default()");
  }
  if ((int)def->sampler < 0 || def->sampler >= MBE_SAMPLER_COUNT) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "unknown sampler %d", (int)def->sampler);
  }
  if (def->n == 0) {
    return mbe_error_set(err, MBE_ERR_USAGE, "an ensemble needs at least 1 member, got 0");
  }
  if (def->ndim > ((size_t)1 << 31)) {
    return mbe_error_set(err, MBE_ERR_USAGE, "at most 2^31 varied parameters, got %zu", def->ndim);
  }

  // the sampler's own conditions
  switch (def->sampler) {
    case MBE_SAMPLER_DESIGN:
      if (def->ndim > 0 && !def->design) {
        return mbe_error_set(err, MBE_ERR_INVALID_ARG, "MbeSampleDef.design is NULL");
      }
      if (def->n > def->design_rows) {
        return mbe_error_set(err, MBE_ERR_USAGE,
                             "the design has %zu rows, fewer than the %zu members asked for",
                             def->design_rows, def->n);
      }
      return MBE_OK;
    case MBE_SAMPLER_SOBOL:
      if (def->ndim > mbe_sobol_max_dims()) {
        return mbe_error_set(err, MBE_ERR_USAGE,
                             "the Sobol sampler has at most %zu dimensions (Joe-Kuo table), not "
                             "%zu; use lhs or mc",
                             mbe_sobol_max_dims(), def->ndim);
      }
      if ((uint64_t)def->n > UINT32_MAX) {
        return mbe_error_set(err, MBE_ERR_USAGE,
                             "the Sobol sampler has at most %u members (32-bit points), not %zu",
                             (unsigned)UINT32_MAX, def->n);
      }
      return check_dists(def, err);
    case MBE_SAMPLER_GRID: {
      MbeStatus st = check_dists(def, err);
      size_t levels = 0;
      return st != MBE_OK ? st : grid_levels(def, &levels, err);
    }
    case MBE_SAMPLER_SALTELLI: return saltelli_check(def, err);
    case MBE_SAMPLER_MORRIS: return morris_check(def, err);
    case MBE_SAMPLER_RADIAL: return radial_check(def, err);
    default: return check_dists(def, err);
  }
}

/* ---- samplers ----------------------------------------------------------------------------- */

// keyed permutation of 0..n-1 for one LHS dimension: a 4-round Feistel network on 2^bits >= n
typedef struct LhsPerm {
  uint64_t n;       // members
  int bits;         // width of the network
  uint64_t key[4];  // round keys
} LhsPerm;

// murmur3's 64-bit finaliser: the Feistel round function
static uint64_t mix64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

static uint64_t low_mask(int w) {
  return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
}

static LhsPerm lhs_perm(uint64_t seed, size_t n, uint32_t j) {
  LhsPerm p = {n, 0, {0, 0, 0, 0}};
  while (p.bits < 64 && ((uint64_t)1 << p.bits) < p.n) {
    p.bits++;
  }

  // round keys: Philox (seed, member 0, stream j, counters 1 and 2), apart from every draw
  uint32_t w[8];
  mbe_sample_philox(seed, 0, j, 1, w);
  mbe_sample_philox(seed, 0, j, 2, w + 4);
  for (int i = 0; i < 4; i++) {
    p.key[i] = (uint64_t)w[2 * i] | (uint64_t)w[2 * i + 1] << 32;
  }
  return p;
}

// one pass of the network: a bijection of 0..2^bits-1; halves (l, r) -> (r, l ^ F(r)) swap
// widths each round, so four rounds restore them
static uint64_t feistel(const LhsPerm* p, uint64_t x) {
  int wr = p->bits / 2, wl = p->bits - wr;
  uint64_t l = x >> wr, r = x & low_mask(wr);
  for (int i = 0; i < 4; i++) {
    uint64_t f = mix64(r ^ p->key[i]) & low_mask(wl);
    uint64_t t = l ^ f;
    l = r;
    r = t;
    int w = wl;
    wl = wr;
    wr = w;
  }
  return l << wr | r;
}

// pi(k): the network, cycle-walked until it lands below n (expected < 2 passes)
static uint64_t lhs_apply(const LhsPerm* p, uint64_t k) {
  if (p->n <= 1) {
    return 0;
  }
  uint64_t y = feistel(p, k);
  while (y >= p->n) {
    y = feistel(p, y);
  }
  return y;
}

static void sample_mc(const MbeSampleDef* def, size_t first, size_t count, double* out) {
  for (size_t i = 0; i < count; i++) {
    for (size_t j = 0; j < def->ndim; j++) {
      double u = mbe_sample_u01(def->seed, first + i, (uint32_t)j);
      out[i * def->ndim + j] = mbe_dist_quantile(&def->dists[j], u);
    }
  }
}

static void sample_lhs(const MbeSampleDef* def, size_t first, size_t count, double* out) {
  for (size_t j = 0; j < def->ndim; j++) {
    // this dimension's permutation, then a jittered point in each member's stratum
    LhsPerm p = lhs_perm(def->seed, def->n, (uint32_t)j);
    for (size_t i = 0; i < count; i++) {
      uint64_t k = first + i;
      double jitter = mbe_sample_u01(def->seed, k, (uint32_t)(def->ndim + j));
      double u = ((double)lhs_apply(&p, k) + jitter) / (double)def->n;
      out[i * def->ndim + j] = mbe_dist_quantile(&def->dists[j], u);
    }
  }
}

static void sample_sobol(const MbeSampleDef* def, size_t first, size_t count, double* out) {
  // points first + 1 ..: the checks were done, so this cannot fail
  MbeStatus st = mbe_sobol_points(def->ndim, (uint64_t)first + 1, count, out, NULL);
  MBE_ASSERT(st == MBE_OK);
  for (size_t i = 0; i < count * def->ndim; i++) {
    out[i] = mbe_dist_quantile(&def->dists[i % def->ndim], out[i]);
  }
}

// coordinate dim of Sobol point index (as mbe_sobol_points computes it)
static double sobol_coordinate(size_t dim, uint64_t index) {
  uint32_t v[32], x = 0;
  mbe_sobol_directions(dim, v);
  uint64_t gray = index ^ (index >> 1);
  for (int b = 0; b < 32; b++) {
    if ((gray >> b) & 1u)
      x ^= v[b];
  }
  return (double)x * 0x1p-32;
}

void mbe_morris_point(const MbeSampleDef* def, uint64_t t, size_t s, double* u) {
  size_t d = def->ndim;
  int p = def->levels;
  double delta = mbe_morris_delta(p);
  uint32_t stream = (uint32_t)d;
  uint16_t order[MORRIS_MAX_DIMS], pos[MORRIS_MAX_DIMS];
  for (size_t j = 0; j < d; j++)
    order[j] = (uint16_t)j;
  for (size_t j = d; j-- > 1;) {  // Fisher-Yates
    double v = mbe_sample_u01(def->seed, t, 2 * stream + (uint32_t)j);
    size_t r = (size_t)(v * (double)(j + 1));
    uint16_t tmp = order[j];
    order[j] = order[r], order[r] = tmp;
  }
  for (size_t j = 0; j < d; j++)
    pos[order[j]] = (uint16_t)j;
  for (size_t j = 0; j < d; j++) {
    double us = mbe_sample_u01(def->seed, t, (uint32_t)j);
    double start = floor(us * (p / 2)) / (p - 1);
    bool up = mbe_sample_u01(def->seed, t, stream + (uint32_t)j) >= 0.5;
    bool moved = pos[j] < s;
    u[j] = start + (moved == up ? delta : 0.0);
  }
}

// member k of a Morris design: trajectory k / (d + 1) (the candidate it was chosen as), its
// point k % (d + 1)
static void sample_morris(const MbeSampleDef* def, size_t first, size_t count, double* out) {
  size_t d = def->ndim;
  double u[MORRIS_MAX_DIMS];
  for (size_t i = 0; i < count; i++) {
    size_t k = first + i, t = k / (d + 1), s = k % (d + 1);
    mbe_morris_point(def, def->morris_chosen ? def->morris_chosen[t] : t, s, u);
    for (size_t j = 0; j < d; j++) {
      out[i * d + j] = mbe_dist_quantile(&def->dists[j], u[j]);
    }
  }
}

void mbe_radial_points(size_t ndim, size_t nblocks, size_t block, double* a, double* b) {
  uint64_t point = saltelli_skip(nblocks) + block;
  for (size_t j = 0; j < ndim; j++) {
    a[j] = sobol_coordinate(j, point);
    b[j] = sobol_coordinate(ndim + j, point + RADIAL_SHIFT);
  }
}

// member k of a radial design: block k / (d + 1), its row k % (d + 1): a, or a with
// coordinate row - 1 from b
static void sample_radial(const MbeSampleDef* def, size_t first, size_t count, double* out) {
  size_t d = def->ndim, nblocks = def->n / (d + 1);
  double a[MORRIS_MAX_DIMS], b[MORRIS_MAX_DIMS];
  for (size_t i = 0; i < count; i++) {
    size_t k = first + i, row = k % (d + 1);
    mbe_radial_points(d, nblocks, k / (d + 1), a, b);
    for (size_t j = 0; j < d; j++) {
      out[i * d + j] = mbe_dist_quantile(&def->dists[j], row == j + 1 ? b[j] : a[j]);
    }
  }
}

// member k of a Saltelli design: block k / blk, its row k % blk (blk 2 d + 2, or d + 2)
static void sample_saltelli(const MbeSampleDef* def, size_t first, size_t count, double* out) {
  size_t d = def->ndim, blk = mbe_saltelli_block(d, def->first_order_only);
  uint64_t skip = saltelli_skip(def->n / blk);
  for (size_t i = 0; i < count; i++) {
    size_t k = first + i, row = k % blk;
    uint64_t point = skip + k / blk;
    for (size_t j = 0; j < d; j++) {
      double a = sobol_coordinate(j, point), b = sobol_coordinate(d + j, point);
      double u = row == 0                            ? a
                 : row == blk - 1                    ? b
                 : row <= d                          ? (j == row - 1 ? b : a)
                                                     : (j == row - 1 - d ? a : b);
      out[i * d + j] = mbe_dist_quantile(&def->dists[j], u);
    }
  }
}

static void sample_grid(const MbeSampleDef* def, size_t levels, size_t first, size_t count,
                        double* out) {
  for (size_t i = 0; i < count; i++) {
    // mixed-radix digits of k, the last dimension fastest
    size_t rest = first + i;
    for (size_t jj = def->ndim; jj-- > 0;) {
      const MbeDist* d = &def->dists[jj];
      size_t nlevel = d->kind == MBE_DIST_DISCRETE ? d->nvalue
                      : d->kind == MBE_DIST_CONST  ? 1
                                                   : levels;
      size_t digit = rest % nlevel;
      rest /= nlevel;
      double* x = &out[i * def->ndim + jj];
      if (d->kind == MBE_DIST_DISCRETE) {
        *x = d->value[digit];
      } else {
        *x = mbe_dist_quantile(d, ((double)digit + 0.5) / (double)nlevel);
      }
    }
  }
}

MbeStatus mbe_sample_members(const MbeSampleDef* def, size_t first, size_t count, double* out,
                             MbeError* err) {
  MbeStatus st = mbe_sample_def_check(def, err);
  if (st != MBE_OK) {
    return st;
  }
  if (first > def->n || count > def->n - first) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "members %zu to %zu are outside the ensemble of %zu", first,
                         first + count - 1, def->n);
  }

  // u in (0, 1) per member and dimension, through the inverse CDFs
  switch (def->sampler) {
    case MBE_SAMPLER_MC: sample_mc(def, first, count, out); break;
    case MBE_SAMPLER_LHS: sample_lhs(def, first, count, out); break;
    case MBE_SAMPLER_SOBOL: sample_sobol(def, first, count, out); break;
    case MBE_SAMPLER_SALTELLI: sample_saltelli(def, first, count, out); break;
    case MBE_SAMPLER_MORRIS: sample_morris(def, first, count, out); break;
    case MBE_SAMPLER_RADIAL: sample_radial(def, first, count, out); break;
    case MBE_SAMPLER_GRID: {
      size_t levels = 0;
      st = grid_levels(def, &levels, err);
      MBE_ASSERT(st == MBE_OK);
      sample_grid(def, levels, first, count, out);
      break;
    }
    default:
      if (count * def->ndim > 0) {
        memcpy(out, def->design + first * def->ndim, count * def->ndim * sizeof *out);
      }
      break;
  }
  return MBE_OK;
}
