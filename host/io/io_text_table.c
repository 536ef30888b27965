// SPDX-License-Identifier: Apache-2.0
// The text format of the MSL's table files (ModelicaStandardTables, CombiTimeTable with
// tableOnFile): a first line "#1", then matrices, each a header "double NAME(ROWS,COLS)" (or
// "float") followed by its ROWS x COLS numbers, row by row; '#' starts a comment to the end of
// its line; numbers are separated by blanks, tabs, commas or semicolons.
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

typedef struct Cursor {
  const char* path;
  const char* p;
  const char* end;
  int line;
} Cursor;

// past blanks, separators and comments (counting lines)
static void skip(Cursor* c, bool separators) {
  while (c->p < c->end) {
    char ch = *c->p;
    if (ch == '#') {
      while (c->p < c->end && *c->p != '\n')
        c->p++;
    } else if (ch == '\n') {
      c->line++, c->p++;
    } else if (isspace((unsigned char)ch) || (separators && (ch == ',' || ch == ';'))) {
      c->p++;
    } else {
      return;
    }
  }
}

// a word of letters, digits and '_' into buf; false if there is none
static bool word(Cursor* c, char* buf, size_t n) {
  size_t k = 0;
  while (c->p < c->end && (isalnum((unsigned char)*c->p) || *c->p == '_')) {
    if (k + 1 < n)
      buf[k++] = *c->p;
    c->p++;
  }
  buf[k] = '\0';
  return k > 0;
}

// "(ROWS,COLS)" after a matrix name
static bool dims(Cursor* c, long* rows, long* cols) {
  char* e;
  skip(c, false);
  if (c->p >= c->end || *c->p != '(')
    return false;
  c->p++;
  *rows = strtol(c->p, &e, 10);
  if (e == c->p || *e != ',')
    return false;
  c->p = e + 1;
  *cols = strtol(c->p, &e, 10);
  if (e == c->p || *e != ')')
    return false;
  c->p = e + 1;
  return *rows >= 0 && *cols >= 0;
}

// n numbers into out (NULL: skipped)
static MbeStatus numbers(Cursor* c, size_t n, double* out, MbeError* err) {
  for (size_t i = 0; i < n; i++) {
    skip(c, true);
    char* e;
    errno = 0;
    double v = strtod(c->p, &e);
    if (e == c->p || e > c->end) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                           "%s:%d: a number expected (the matrix has %zu, %zu read)", c->path,
                           c->line, n, i);
    }
    c->p = e;
    if (out)
      out[i] = v;
  }
  return MBE_OK;
}

MbeStatus mbe_text_table_read(const char* path, const char* name, size_t* rows, size_t* cols,
                              double** data, MbeError* err) {
  char* text = NULL;
  size_t size = 0;
  MbeStatus st = mbe_file_read(path, &text, &size, err);
  if (st != MBE_OK)
    return st;
  Cursor c = {path, text, text + size, 1};
  while (c.p < c.end && isspace((unsigned char)*c.p))
    c.line += *c.p++ == '\n';
  if (c.end - c.p < 2 || c.p[0] != '#' || c.p[1] != '1') {
    mbe_free(text);
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "%s: not a table file in the MSL's text format (its first line must be "
                         "#1)",
                         path);
  }
  for (;;) {
    skip(&c, false);
    char kw[32], nm[256];
    long r = 0, k = 0;
    if (c.p >= c.end) {
      mbe_free(text);
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "%s: no matrix named '%s'", path, name);
    }
    int line = c.line;
    if (!word(&c, kw, sizeof kw) || (strcmp(kw, "double") != 0 && strcmp(kw, "float") != 0) ||
        (skip(&c, false), !word(&c, nm, sizeof nm)) || !dims(&c, &r, &k)) {
      mbe_free(text);
      return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                           "%s:%d: a matrix header \"double NAME(ROWS,COLS)\" expected", path,
                           line);
    }
    size_t n = (size_t)r * (size_t)k;
    bool mine = strcmp(nm, name) == 0;
    double* v = mine ? mbe_malloc((n + 1) * sizeof *v) : NULL;
    if (mine && v == NULL) {
      mbe_free(text);
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
    st = numbers(&c, n, v, err);
    if (st != MBE_OK || mine) {
      mbe_free(text);
      if (st != MBE_OK) {
        mbe_free(v);
        return st;
      }
      *rows = (size_t)r, *cols = (size_t)k, *data = v;
      return MBE_OK;
    }
  }
}
