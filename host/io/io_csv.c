// SPDX-License-Identifier: Apache-2.0
// CSV tables as the MSL reference results write them: "time","a.b[1]",... then numbers; CR LF
// line ends, blank lines and a UTF-8 byte order mark are accepted.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

void mbe_table_destroy(MbeTable* t) {
  if (!t) {
    return;
  }
  for (size_t i = 0; i < t->ncols; i++) {
    mbe_free(t->names[i]);
  }
  mbe_free(t->names);
  mbe_free(t->data);
  mbe_free(t);
}

long mbe_table_column(const MbeTable* t, const char* name) {
  for (size_t i = 0; i < t->ncols; i++) {
    if (strcmp(t->names[i], name) == 0) {
      return (long)i;
    }
  }
  return -1;
}

typedef struct Reader {
  const char* name;
  const char* s;
  size_t n, pos;
  int line, col;
  MbeError* err;
} Reader;

static MbeStatus bad(Reader* r, const char* what) {
  return mbe_error_set_at(r->err, MBE_ERR_INVALID_ARG, r->name, r->line, r->col, "%s", what);
}

static int peek(const Reader* r) {
  return r->pos < r->n ? (unsigned char)r->s[r->pos] : -1;
}

static void step(Reader* r) {
  if (r->s[r->pos] == '\n') {
    r->line++;
    r->col = 1;
  } else {
    r->col++;
  }
  r->pos++;
}

// skips blank lines; returns false at the end of the text
static bool next_line(Reader* r) {
  while (peek(r) == '\n' || peek(r) == '\r' || peek(r) == ' ' || peek(r) == '\t') {
    step(r);
  }
  return peek(r) != -1;
}

static bool at_line_end(const Reader* r) {
  int c = peek(r);
  return c == -1 || c == '\n' || c == '\r';
}

// one header field, quoted ("a ""b""") or bare; returns owned text
static MbeStatus header_field(Reader* r, char** out) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  while (peek(r) == ' ' || peek(r) == '\t') {
    step(r);
  }
  if (peek(r) == '"') {
    int line = r->line, col = r->col;
    step(r);
    for (;;) {
      int c = peek(r);
      if (c == -1 || c == '\n') {
        mbe_strbuf_deinit(&sb);
        return mbe_error_set_at(r->err, MBE_ERR_INVALID_ARG, r->name, line, col,
                                "unterminated quoted column name: the '\"' here has no match");
      }
      step(r);
      if (c == '"') {
        if (peek(r) != '"') {
          break;
        }
        step(r);
      }
      char ch = (char)c;
      mbe_strbuf_append(&sb, &ch, 1);
    }
  } else {
    while (!at_line_end(r) && peek(r) != ',') {
      char ch = r->s[r->pos];
      mbe_strbuf_append(&sb, &ch, 1);
      step(r);
    }
    while (sb.len && (sb.data[sb.len - 1] == ' ' || sb.data[sb.len - 1] == '\t')) {
      sb.data[--sb.len] = '\0';
    }
  }
  while (peek(r) == ' ' || peek(r) == '\t') {
    step(r);
  }
  if (sb.is_oom) {
    mbe_strbuf_deinit(&sb);
    return mbe_error_set(r->err, MBE_ERR_NOMEM, "out of memory reading %s", r->name);
  }
  *out = sb.data ? sb.data : mbe_strdup("");
  return *out ? MBE_OK : mbe_error_set(r->err, MBE_ERR_NOMEM, "out of memory");
}

MbeStatus mbe_csv_parse(const char* name, const char* text, size_t size, MbeTable** out,
                        MbeError* err) {
  *out = NULL;
  Reader r = {name, text, size, 0, 1, 1, err};
  if (size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
    r.pos = 3;
  }
  MbeTable* t = mbe_calloc(1, sizeof *t);
  if (!t) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = MBE_OK;
  size_t cap_cols = 0, cap_data = 0;

  // the header
  if (!next_line(&r)) {
    st = bad(&r, "empty file: expected a header line of column names");
    goto fail;
  }
  for (;;) {
    char* field = NULL;
    if ((st = header_field(&r, &field)) != MBE_OK) {
      goto fail;
    }
    if (t->ncols == cap_cols) {
      cap_cols = cap_cols ? 2 * cap_cols : 16;
      char** names = mbe_realloc(t->names, cap_cols * sizeof *names);
      if (!names) {
        mbe_free(field);
        st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
        goto fail;
      }
      t->names = names;
    }
    t->names[t->ncols++] = field;
    if (peek(&r) != ',') {
      break;
    }
    step(&r);
  }
  if (!at_line_end(&r)) {
    st = bad(&r, "expected ',' or the end of the header line");
    goto fail;
  }

  // the rows: one number per column
  while (next_line(&r)) {
    for (size_t c = 0; c < t->ncols; c++) {
      while (peek(&r) == ' ' || peek(&r) == '\t') {
        step(&r);
      }
      const char* start = r.s + r.pos;
      char* end = NULL;
      errno = 0;
      double v = strtod(start, &end);
      size_t len = (size_t)(end - start);
      if (len == 0 || r.pos + len > r.n) {
        st = bad(&r, "expected a number");
        goto fail;
      }
      if (t->nrows * t->ncols + c >= cap_data) {
        cap_data = cap_data ? 2 * cap_data : 1024;
        double* d = mbe_realloc(t->data, cap_data * sizeof *d);
        if (!d) {
          st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
          goto fail;
        }
        t->data = d;
      }
      t->data[t->nrows * t->ncols + c] = v;
      for (size_t i = 0; i < len; i++) {
        step(&r);
      }
      while (peek(&r) == ' ' || peek(&r) == '\t') {
        step(&r);
      }
      if (c + 1 < t->ncols) {
        if (peek(&r) != ',') {
          char msg[96];
          snprintf(msg, sizeof msg, "expected %zu columns, found %zu", t->ncols, c + 1);
          st = bad(&r, msg);
          goto fail;
        }
        step(&r);
      }
    }
    if (!at_line_end(&r)) {
      char msg[96];
      snprintf(msg, sizeof msg, "more than the %zu columns of the header", t->ncols);
      st = bad(&r, msg);
      goto fail;
    }
    t->nrows++;
  }
  *out = t;
  return MBE_OK;

fail:
  mbe_table_destroy(t);
  return st;
}

MbeStatus mbe_csv_read(const char* path, MbeTable** out, MbeError* err) {
  char* text = NULL;
  size_t size = 0;
  *out = NULL;
  MbeStatus st = mbe_file_read(path, &text, &size, err);
  if (st != MBE_OK) {
    return st;
  }
  st = mbe_csv_parse(path, text, size, out, err);
  mbe_free(text);
  return st;
}

uint64_t mbe_csv_trajectory_bytes(size_t nout, size_t nsig) {
  return 64 + 32 * (uint64_t)nsig + 21 * (uint64_t)nout * ((uint64_t)nsig + 1);
}

void mbe_csv_format_trajectory(MbeStrbuf* sb, size_t nout, size_t nsig, const double* time,
                               const char* const* signal, const double* y) {
  // the header: names quoted, '"' doubled
  mbe_strbuf_puts(sb, "\"time\"");
  for (size_t j = 0; j < nsig; j++) {
    mbe_strbuf_puts(sb, ",\"");
    for (const char* s = signal[j]; *s; s++) {
      mbe_strbuf_append(sb, s, 1);
      if (*s == '"') {
        mbe_strbuf_append(sb, s, 1);
      }
    }
    mbe_strbuf_puts(sb, "\"");
  }
  mbe_strbuf_puts(sb, "\n");

  // one line per output time
  for (size_t k = 0; k < nout; k++) {
    mbe_strbuf_printf(sb, "%.17g", time[k]);
    for (size_t j = 0; j < nsig; j++) {
      mbe_strbuf_printf(sb, ",%.17g", y[k * nsig + j]);
    }
    mbe_strbuf_puts(sb, "\n");
  }
}

MbeStatus mbe_csv_write_trajectory(const char* path, size_t nout, size_t nsig, const double* time,
                                   const char* const* signal, const double* y, MbeError* err) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_csv_format_trajectory(&sb, nout, nsig, time, signal, y);
  MbeStatus st = sb.is_oom ? mbe_error_set(err, MBE_ERR_NOMEM, "out of memory writing '%s'", path)
                           : mbe_file_write_atomic(path, sb.data ? sb.data : "", sb.len, err);
  mbe_strbuf_deinit(&sb);
  return st;
}

void mbe_csv_field(MbeStrbuf* b, const char* text) {
  if (!strpbrk(text, ",\"\n\r")) {
    mbe_strbuf_puts(b, text);
    return;
  }
  mbe_strbuf_puts(b, "\"");
  for (const char* p = text; *p; p++) {
    mbe_strbuf_append(b, p, 1);
    if (*p == '"') {
      mbe_strbuf_puts(b, "\"");
    }
  }
  mbe_strbuf_puts(b, "\"");
}

bool mbe_csv_next_field(const char** p, char* buf, size_t size) {
  const char* s = *p;
  if (*s == '\0' || *s == '\n' || *s == '\r')
    return false;
  size_t n = 0;
  if (*s == '"') {
    for (s++; *s && !(*s == '"' && s[1] != '"'); s++) {
      if (*s == '"')
        s++;
      if (n + 1 < size)
        buf[n++] = *s;
    }
    if (*s == '"')
      s++;
  } else {
    for (; *s && *s != ',' && *s != '\n' && *s != '\r'; s++) {
      if (n + 1 < size)
        buf[n++] = *s;
    }
  }
  buf[n] = '\0';
  *p = *s == ',' ? s + 1 : s;
  return true;
}
