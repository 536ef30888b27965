// SPDX-License-Identifier: Apache-2.0
// JSON writer (indented text into an MbeStrbuf) and reader (recursive descent, depth-limited,
// into one arena per document). Knows the grammar of RFC 8259, not the manifest's schema.
#include "io_json.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// length of the valid UTF-8 sequence at s (RFC 3629: no overlongs, no surrogates, at most
// U+10FFFF), or 0 when the bytes there are not one
static size_t utf8_len(const unsigned char* s, size_t n) {
  unsigned char c = s[0];
  if (c < 0x80) {
    return 1;
  }
  size_t len;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    lo = c == 0xE0 ? 0xA0 : 0x80;
    hi = c == 0xED ? 0x9F : 0xBF;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    lo = c == 0xF0 ? 0x90 : 0x80;
    hi = c == 0xF4 ? 0x8F : 0xBF;
  } else {
    return 0;
  }
  if (n < len || s[1] < lo || s[1] > hi) {
    return 0;
  }
  for (size_t i = 2; i < len; i++) {
    if (s[i] < 0x80 || s[i] > 0xBF) {
      return 0;
    }
  }
  return len;
}

//---------------------------------- writer ------------------------------------------------------

void mbe_json_writer_init(MbeJsonWriter* w, MbeStrbuf* out) {
  memset(w, 0, sizeof *w);
  w->out = out;
}

bool mbe_json_writer_is_done(const MbeJsonWriter* w) {
  return w->is_done;
}

static void newline_indent(MbeJsonWriter* w, int depth) {
  static const char spaces[] = "                                ";
  mbe_strbuf_append(w->out, "\n", 1);
  size_t n = 2 * (size_t)depth;
  while (n > 0) {
    size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;
    mbe_strbuf_append(w->out, spaces, k);
    n -= k;
  }
}

// the separator and indentation before a value; checks that a value may come here
static void before_value(MbeJsonWriter* w) {
  MBE_ASSERT(!w->is_done);
  if (w->depth == 0) {
    return;
  }
  int top = w->depth - 1;
  if (w->is_object[top]) {
    MBE_ASSERT(w->has_key);
    w->has_key = false;
    return;
  }
  if (w->has_items[top]) {
    mbe_strbuf_append(w->out, ",", 1);
  }
  newline_indent(w, w->depth);
  w->has_items[top] = 1;
}

// a complete top-level value ends the document with a newline
static void after_value(MbeJsonWriter* w) {
  if (w->depth == 0) {
    w->is_done = true;
    mbe_strbuf_append(w->out, "\n", 1);
  }
}

static void begin(MbeJsonWriter* w, bool is_object) {
  before_value(w);
  MBE_ASSERT(w->depth < MBE_JSON_MAX_DEPTH);
  if (w->depth >= MBE_JSON_MAX_DEPTH) {
    return;
  }
  mbe_strbuf_append(w->out, is_object ? "{" : "[", 1);
  w->is_object[w->depth] = is_object;
  w->has_items[w->depth] = 0;
  w->depth++;
}

static void end(MbeJsonWriter* w, bool is_object) {
  MBE_ASSERT(w->depth > 0 && w->is_object[w->depth - 1] == is_object && !w->has_key);
  if (w->depth == 0) {
    return;
  }
  w->depth--;
  if (w->has_items[w->depth]) {
    newline_indent(w, w->depth);
  }
  mbe_strbuf_append(w->out, is_object ? "}" : "]", 1);
  after_value(w);
}

void mbe_json_write_object_begin(MbeJsonWriter* w) {
  begin(w, true);
}

void mbe_json_write_object_end(MbeJsonWriter* w) {
  end(w, true);
}

void mbe_json_write_array_begin(MbeJsonWriter* w) {
  begin(w, false);
}

void mbe_json_write_array_end(MbeJsonWriter* w) {
  end(w, false);
}

// a quoted, escaped string; invalid UTF-8 bytes become U+FFFD
static void put_string(MbeStrbuf* sb, const char* s, size_t n) {
  const unsigned char* u = (const unsigned char*)s;
  mbe_strbuf_append(sb, "\"", 1);
  size_t run = 0;  // start of the bytes not yet appended
  size_t i = 0;
  while (i < n) {
    unsigned char c = u[i];

    // plain ASCII and valid multi-byte sequences pass through in runs
    if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
      i++;
      continue;
    }
    size_t len = c >= 0x80 ? utf8_len(u + i, n - i) : 0;
    if (len > 0) {
      i += len;
      continue;
    }
    mbe_strbuf_append(sb, s + run, i - run);

    // the escapes
    char esc[8];
    switch (c) {
      case '"': mbe_strbuf_append(sb, "\\\"", 2); break;
      case '\\': mbe_strbuf_append(sb, "\\\\", 2); break;
      case '\b': mbe_strbuf_append(sb, "\\b", 2); break;
      case '\f': mbe_strbuf_append(sb, "\\f", 2); break;
      case '\n': mbe_strbuf_append(sb, "\\n", 2); break;
      case '\r': mbe_strbuf_append(sb, "\\r", 2); break;
      case '\t': mbe_strbuf_append(sb, "\\t", 2); break;
      default:
        if (c < 0x20) {
          snprintf(esc, sizeof esc, "\\u%04x", c);
          mbe_strbuf_append(sb, esc, 6);
        } else {
          mbe_strbuf_append(sb, "\xEF\xBF\xBD", 3);
        }
    }
    i++;
    run = i;
  }
  mbe_strbuf_append(sb, s + run, n - run);
  mbe_strbuf_append(sb, "\"", 1);
}

void mbe_json_write_key(MbeJsonWriter* w, const char* key) {
  MBE_ASSERT(!w->is_done && w->depth > 0 && w->is_object[w->depth - 1] && !w->has_key);
  if (w->depth == 0) {
    return;
  }
  int top = w->depth - 1;
  if (w->has_items[top]) {
    mbe_strbuf_append(w->out, ",", 1);
  }
  newline_indent(w, w->depth);
  put_string(w->out, key, strlen(key));
  mbe_strbuf_append(w->out, ": ", 2);
  w->has_items[top] = 1;
  w->has_key = true;
}

void mbe_json_write_string(MbeJsonWriter* w, const char* s) {
  mbe_json_write_string_n(w, s, strlen(s));
}

void mbe_json_write_string_n(MbeJsonWriter* w, const char* s, size_t n) {
  before_value(w);
  put_string(w->out, s, n);
  after_value(w);
}

void mbe_json_write_number(MbeJsonWriter* w, double x) {
  if (!isfinite(x)) {
    mbe_json_write_null(w);
    return;
  }

  char buf[40];
  mbe_format_shortest(x, buf, sizeof buf);
  before_value(w);
  mbe_strbuf_puts(w->out, buf);
  after_value(w);
}

void mbe_json_write_int(MbeJsonWriter* w, int64_t x) {
  before_value(w);
  mbe_strbuf_printf(w->out, "%" PRId64, x);
  after_value(w);
}

void mbe_json_write_bool(MbeJsonWriter* w, bool b) {
  before_value(w);
  mbe_strbuf_puts(w->out, b ? "true" : "false");
  after_value(w);
}

void mbe_json_write_null(MbeJsonWriter* w) {
  before_value(w);
  mbe_strbuf_puts(w->out, "null");
  after_value(w);
}

//---------------------------------- reader ------------------------------------------------------

struct MbeJsonDoc {
  MbeArena arena;      // every value, key and string of the document
  MbeJsonValue* root;  // the top-level value
  const char* name;    // file name for messages (in arena)
};

typedef struct Parser {
  const char* name;     // for messages
  const char* s;        // the text (n bytes)
  size_t n, pos;        // size and current byte
  int line;             // 1-based line of pos
  size_t line_start;    // offset of the first byte of the current line
  int depth;            // open arrays and objects
  MbeArena* arena;      // the document's arena
  MbeJsonValue* stack;  // finished items of the open containers, innermost last (nstack)
  size_t nstack, capstack;
  MbeError* err;
} Parser;

static MbeStatus fail_at(Parser* p, size_t pos, const char* fmt, ...) MBE_PRINTF(3, 4);

// an input error at byte pos of the current line
static MbeStatus fail_at(Parser* p, size_t pos, const char* fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  int col = (int)(pos - p->line_start) + 1;
  mbe_error_set_at(p->err, MBE_ERR_INVALID_ARG, p->name, p->line, col, "%s", msg);
  if (p->err) {
    p->err->offset = pos;
  }
  return MBE_ERR_INVALID_ARG;
}

static MbeStatus nomem(Parser* p) {
  return mbe_error_set(p->err, MBE_ERR_NOMEM, "out of memory reading '%s'", p->name);
}

static int peek(const Parser* p) {
  return p->pos < p->n ? (unsigned char)p->s[p->pos] : -1;
}

static void skip_ws(Parser* p) {
  while (p->pos < p->n) {
    char c = p->s[p->pos];
    if (c == '\n') {
      p->line++;
      p->line_start = p->pos + 1;
    } else if (c != ' ' && c != '\t' && c != '\r') {
      return;
    }
    p->pos++;
  }
}

// a printable description of the byte at pos for messages
static const char* found(const Parser* p, char* buf, size_t size) {
  int c = peek(p);
  if (c == -1) {
    return "the end of the text";
  }
  if (c >= 0x21 && c < 0x7F) {
    snprintf(buf, size, "'%c'", c);
  } else {
    snprintf(buf, size, "byte 0x%02X", (unsigned)c);
  }
  return buf;
}

static int hex4(const char* s) {
  int v = 0;
  for (int i = 0; i < 4; i++) {
    char c = s[i];
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0) {
      return -1;
    }
    v = v * 16 + d;
  }
  return v;
}

static size_t put_utf8(char* out, uint32_t cp) {
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xC0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | (cp >> 18));
  out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
  out[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

// a string at pos (the opening quote): unescaped into the arena
static MbeStatus parse_string(Parser* p, const char** out, size_t* out_len) {
  size_t open = p->pos;

  // find the closing quote first: the unescaped text is never longer than the raw text
  size_t end = open + 1;
  while (end < p->n && p->s[end] != '"') {
    end += p->s[end] == '\\' ? 2 : 1;
  }
  if (end >= p->n) {
    return fail_at(p, open, "unterminated string: expected a closing '\"' for the '\"' here");
  }
  char* d = mbe_arena_alloc(p->arena, end - open);
  if (!d) {
    return nomem(p);
  }

  // decode escapes and check the UTF-8
  size_t len = 0, i = open + 1;
  const unsigned char* u = (const unsigned char*)p->s;
  while (i < end) {
    unsigned char c = u[i];
    if (c < 0x20) {
      return fail_at(p, i,
                     "control character U+%04X in a string: expected it escaped (\\n, \\t, "
                     "\\u00XX)",
                     c);
    }
    if (c >= 0x80) {
      size_t k = utf8_len(u + i, end - i);
      if (k == 0) {
        return fail_at(p, i, "invalid UTF-8 byte 0x%02X in a string", c);
      }
      memcpy(d + len, p->s + i, k);
      len += k;
      i += k;
      continue;
    }
    if (c != '\\') {
      d[len++] = (char)c;
      i++;
      continue;
    }

    // an escape
    char e = p->s[i + 1];
    const char* simple = strchr("\"\\/bfnrt", e);
    if (e != '\0' && e != 'u' && simple) {
      static const char map[] = "\"\\/\b\f\n\r\t";
      d[len++] = map[simple - "\"\\/bfnrt"];
      i += 2;
      continue;
    }
    if (e != 'u') {
      return fail_at(p, i,
                     "invalid escape: expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX "
                     "after '\\'");
    }
    int hi = i + 6 <= end ? hex4(p->s + i + 2) : -1;
    if (hi < 0) {
      return fail_at(p, i, "invalid escape: expected 4 hex digits after \\u");
    }
    uint32_t cp = (uint32_t)hi;
    size_t next = i + 6;
    if (hi >= 0xDC00 && hi <= 0xDFFF) {
      return fail_at(p, i, "lone low surrogate \\u%04X: expected a high surrogate before it", hi);
    }
    if (hi >= 0xD800 && hi <= 0xDBFF) {
      int lo = next + 6 <= end && p->s[next] == '\\' && p->s[next + 1] == 'u'
                   ? hex4(p->s + next + 2)
                   : -1;
      if (lo < 0xDC00 || lo > 0xDFFF) {
        return fail_at(p, i,
                       "lone high surrogate \\u%04X: expected a low surrogate \\uDC00-\\uDFFF "
                       "after it",
                       hi);
      }
      cp = 0x10000 + (((uint32_t)hi - 0xD800) << 10) + ((uint32_t)lo - 0xDC00);
      next += 6;
    }
    len += put_utf8(d + len, cp);
    i = next;
  }
  d[len] = '\0';
  p->pos = end + 1;
  *out = d;
  *out_len = len;
  return MBE_OK;
}

static bool is_digit(int c) {
  return c >= '0' && c <= '9';
}

// a number at pos: checked against the grammar, then read with strtod
static MbeStatus parse_number(Parser* p, MbeJsonValue* v) {
  size_t start = p->pos;
  char buf[16];

  // sign and integer part, without leading zeros
  if (peek(p) == '-') {
    p->pos++;
  }
  if (!is_digit(peek(p))) {
    return fail_at(p, p->pos, "expected a digit after '-', found %s", found(p, buf, sizeof buf));
  }
  if (peek(p) == '0') {
    p->pos++;
    if (is_digit(peek(p))) {
      return fail_at(p, p->pos,
                     "leading zeros are not allowed: expected '.', 'e' or the end of "
                     "the number after '0'");
    }
  } else {
    while (is_digit(peek(p))) {
      p->pos++;
    }
  }

  // fraction and exponent
  if (peek(p) == '.') {
    p->pos++;
    if (!is_digit(peek(p))) {
      return fail_at(p, p->pos, "expected a digit after '.', found %s", found(p, buf, sizeof buf));
    }
    while (is_digit(peek(p))) {
      p->pos++;
    }
  }
  if (peek(p) == 'e' || peek(p) == 'E') {
    p->pos++;
    if (peek(p) == '+' || peek(p) == '-') {
      p->pos++;
    }
    if (!is_digit(peek(p))) {
      return fail_at(p, p->pos, "expected a digit in the exponent, found %s",
                     found(p, buf, sizeof buf));
    }
    while (is_digit(peek(p))) {
      p->pos++;
    }
  }

  // the value, kept with its text
  char* text = mbe_arena_strndup(p->arena, p->s + start, p->pos - start);
  if (!text) {
    return nomem(p);
  }
  double x = strtod(text, NULL);
  if (isinf(x)) {
    return fail_at(p, start, "number %s is out of the range of a double", text);
  }
  v->type = MBE_JSON_NUMBER;
  v->number = x;
  v->text = text;
  return MBE_OK;
}

static MbeStatus push_item(Parser* p, const MbeJsonValue* v) {
  if (p->nstack == p->capstack) {
    size_t cap = p->capstack ? 2 * p->capstack : 64;
    MbeJsonValue* s = mbe_realloc(p->stack, cap * sizeof *s);
    if (!s) {
      return nomem(p);
    }
    p->stack = s;
    p->capstack = cap;
  }
  p->stack[p->nstack++] = *v;
  return MBE_OK;
}

// moves the items pushed since base into the arena as v's items
static MbeStatus pop_items(Parser* p, size_t base, MbeJsonValue* v) {
  v->len = p->nstack - base;
  if (v->len > 0) {
    v->items = mbe_arena_alloc(p->arena, v->len * sizeof *v->items);
    if (!v->items) {
      return nomem(p);
    }
    memcpy(v->items, p->stack + base, v->len * sizeof *v->items);
  }
  p->nstack = base;
  return MBE_OK;
}

static MbeStatus parse_value(Parser* p, MbeJsonValue* v);

// an array or an object at pos (the opening bracket)
static MbeStatus parse_container(Parser* p, MbeJsonValue* v, bool is_object) {
  char close = is_object ? '}' : ']';
  char buf[16];
  if (p->depth >= MBE_JSON_MAX_DEPTH) {
    return fail_at(p, p->pos, "nesting deeper than %d arrays and objects", MBE_JSON_MAX_DEPTH);
  }
  p->depth++;
  p->pos++;
  v->type = is_object ? MBE_JSON_OBJECT : MBE_JSON_ARRAY;
  size_t base = p->nstack;
  MbeStatus st;

  skip_ws(p);
  if (peek(p) == close) {
    p->pos++;
    p->depth--;
    return MBE_OK;
  }
  for (;;) {
    MbeJsonValue item;
    memset(&item, 0, sizeof item);

    // the key of a member
    if (is_object) {
      if (peek(p) != '"') {
        return fail_at(p, p->pos, "expected a string key%s, found %s",
                       p->nstack > base ? " after ','" : " or '}'", found(p, buf, sizeof buf));
      }
      if ((st = parse_string(p, &item.key, &item.key_len)) != MBE_OK) {
        return st;
      }
      skip_ws(p);
      if (peek(p) != ':') {
        return fail_at(p, p->pos, "expected ':' after the key, found %s",
                       found(p, buf, sizeof buf));
      }
      p->pos++;
      skip_ws(p);
    } else if (peek(p) == ']' && p->nstack > base) {
      return fail_at(p, p->pos, "trailing comma: expected a value after ','");
    }

    // the value
    const char* key = item.key;
    size_t key_len = item.key_len;
    if ((st = parse_value(p, &item)) != MBE_OK) {
      return st;
    }
    item.key = key;
    item.key_len = key_len;
    if ((st = push_item(p, &item)) != MBE_OK) {
      return st;
    }

    // a comma or the end
    skip_ws(p);
    int c = peek(p);
    if (c == ',') {
      p->pos++;
      skip_ws(p);
      continue;
    }
    if (c == close) {
      p->pos++;
      break;
    }
    return fail_at(p, p->pos, "expected ',' or '%c' after %s, found %s", close,
                   is_object ? "an object member" : "an array element", found(p, buf, sizeof buf));
  }
  p->depth--;
  return pop_items(p, base, v);
}

// any value at pos (whitespace skipped already)
static MbeStatus parse_value(Parser* p, MbeJsonValue* v) {
  memset(v, 0, sizeof *v);
  v->line = p->line;
  v->column = (int)(p->pos - p->line_start) + 1;
  int c = peek(p);
  switch (c) {
    case '{': return parse_container(p, v, true);
    case '[': return parse_container(p, v, false);
    case '"': v->type = MBE_JSON_STRING; return parse_string(p, &v->text, &v->len);
    case -1: return fail_at(p, p->pos, "expected a value, found the end of the text");
    default: break;
  }
  if (c == '-' || is_digit(c)) {
    return parse_number(p, v);
  }

  // the literals
  static const char* const words[] = {"true", "false", "null"};
  for (int i = 0; i < 3; i++) {
    size_t k = strlen(words[i]);
    if (c != words[i][0]) {
      continue;
    }
    if (p->n - p->pos < k || memcmp(p->s + p->pos, words[i], k) != 0) {
      return fail_at(p, p->pos, "invalid literal: expected '%s'", words[i]);
    }
    p->pos += k;
    v->type = i == 2 ? MBE_JSON_NULL : MBE_JSON_BOOL;
    v->boolean = i == 0;
    return MBE_OK;
  }
  char buf[16];
  return fail_at(p, p->pos,
                 "expected a value (object, array, string, number, true, false or null), found %s",
                 found(p, buf, sizeof buf));
}

MbeStatus mbe_json_parse(const char* name, const char* text, size_t size, MbeJsonDoc** out,
                         MbeError* err) {
  *out = NULL;
  MbeJsonDoc* doc = mbe_calloc(1, sizeof *doc);
  if (!doc) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory reading '%s'", name);
  }
  mbe_arena_init(&doc->arena);
  Parser p = {.name = name, .s = text, .n = size, .line = 1, .arena = &doc->arena, .err = err};
  MbeStatus st = MBE_OK;

  // the name and the root
  doc->name = mbe_arena_strdup(&doc->arena, name);
  doc->root = mbe_arena_alloc(&doc->arena, sizeof *doc->root);
  if (!doc->name || !doc->root) {
    st = nomem(&p);
    goto fail;
  }

  // one value, surrounded by whitespace; a byte order mark may lead
  if (size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
    p.pos = 3;
  }
  skip_ws(&p);
  if ((st = parse_value(&p, doc->root)) != MBE_OK) {
    goto fail;
  }
  skip_ws(&p);
  if (p.pos < p.n) {
    char buf[16];
    st = fail_at(&p, p.pos, "expected the end of the text after the top-level value, found %s",
                 found(&p, buf, sizeof buf));
    goto fail;
  }
  mbe_free(p.stack);
  *out = doc;
  return MBE_OK;

fail:
  mbe_free(p.stack);
  mbe_json_destroy(doc);
  return st;
}

MbeStatus mbe_json_read(const char* path, MbeJsonDoc** out, MbeError* err) {
  char* text = NULL;
  size_t size = 0;
  *out = NULL;
  MbeStatus st = mbe_file_read(path, &text, &size, err);
  if (st != MBE_OK) {
    return st;
  }
  st = mbe_json_parse(path, text, size, out, err);
  mbe_free(text);
  return st;
}

void mbe_json_destroy(MbeJsonDoc* doc) {
  if (!doc) {
    return;
  }
  mbe_arena_deinit(&doc->arena);
  mbe_free(doc);
}

const MbeJsonValue* mbe_json_root(const MbeJsonDoc* doc) {
  return doc->root;
}

const char* mbe_json_name(const MbeJsonDoc* doc) {
  return doc->name;
}

const char* mbe_json_type_str(MbeJsonType type) {
  static const char* const names[MBE_JSON_TYPE_COUNT] = {"null",   "bool",  "number",
                                                         "string", "array", "object"};
  return (unsigned)type < MBE_JSON_TYPE_COUNT ? names[type] : "unknown";
}

//---------------------------------- lookup ------------------------------------------------------

const MbeJsonValue* mbe_json_find(const MbeJsonValue* v, const char* key) {
  if (!v || v->type != MBE_JSON_OBJECT) {
    return NULL;
  }
  size_t n = strlen(key);
  for (size_t i = 0; i < v->len; i++) {
    const MbeJsonValue* m = &v->items[i];
    if (m->key_len == n && memcmp(m->key, key, n) == 0) {
      return m;
    }
  }
  return NULL;
}

const MbeJsonValue* mbe_json_at(const MbeJsonValue* v, size_t i) {
  if (!v || (v->type != MBE_JSON_ARRAY && v->type != MBE_JSON_OBJECT) || i >= v->len) {
    return NULL;
  }
  return &v->items[i];
}

size_t mbe_json_size(const MbeJsonValue* v) {
  return v && (v->type == MBE_JSON_ARRAY || v->type == MBE_JSON_OBJECT) ? v->len : 0;
}

double mbe_json_as_number(const MbeJsonValue* v, double dflt) {
  return v && v->type == MBE_JSON_NUMBER ? v->number : dflt;
}

bool mbe_json_get_int(const MbeJsonValue* v, int64_t* x) {
  if (!v || v->type != MBE_JSON_NUMBER) {
    return false;
  }

  // an integer literal is read exactly from its text
  const char* t = v->text;
  if (!strpbrk(t, ".eE")) {
    errno = 0;
    char* end = NULL;
    long long ll = strtoll(t, &end, 10);
    if (errno == ERANGE || *end != '\0') {
      return false;
    }
    *x = (int64_t)ll;
    return true;
  }

  // otherwise the double must be integral and inside int64
  double d = v->number;
  if (d != floor(d) || d < -9223372036854775808.0 || d >= 9223372036854775808.0) {
    return false;
  }
  *x = (int64_t)d;
  return true;
}

int64_t mbe_json_as_int(const MbeJsonValue* v, int64_t dflt) {
  int64_t x;
  return mbe_json_get_int(v, &x) ? x : dflt;
}

const char* mbe_json_as_string(const MbeJsonValue* v, const char* dflt) {
  return v && v->type == MBE_JSON_STRING ? v->text : dflt;
}

bool mbe_json_as_bool(const MbeJsonValue* v, bool dflt) {
  return v && v->type == MBE_JSON_BOOL ? v->boolean : dflt;
}

MbeStatus mbe_json_error_at(const MbeJsonDoc* doc, const MbeJsonValue* v, MbeError* err,
                            const char* fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return mbe_error_set_at(err, MBE_ERR_INVALID_ARG, doc->name, v ? v->line : 0, v ? v->column : 0,
                          "%s", msg);
}
