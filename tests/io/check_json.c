// SPDX-License-Identifier: Apache-2.0
// Tests of host/io/io_json.c: the writer's exact layout and escaping, number round trips, the
// reader's tree and lookups, located errors for malformed text, and a run manifest.
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "io_json.h"
#include "mbe_check.h"

static MbeJsonDoc* parse_ok(const char* text, size_t size) {
  MbeJsonDoc* doc = NULL;
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_json_parse("t.json", text, size, &doc, &err);
  ck_assert_msg(st == MBE_OK, "parse failed: %s:%d:%d: %s", err.file, err.line, err.column,
                err.message);
  ck_assert_ptr_nonnull(doc);
  return doc;
}

//---------------------------------- writer ------------------------------------------------------

START_TEST(test_writer_layout) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  MbeJsonWriter w;
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "name");
  mbe_json_write_string(&w, "pendulum");
  mbe_json_write_key(&w, "n");
  mbe_json_write_int(&w, 3);
  mbe_json_write_key(&w, "x");
  mbe_json_write_number(&w, 0.5);
  mbe_json_write_key(&w, "ok");
  mbe_json_write_bool(&w, true);
  mbe_json_write_key(&w, "none");
  mbe_json_write_null(&w);
  mbe_json_write_key(&w, "nan");
  mbe_json_write_number(&w, NAN);
  mbe_json_write_key(&w, "empty_obj");
  mbe_json_write_object_begin(&w);
  mbe_json_write_object_end(&w);
  mbe_json_write_key(&w, "empty_arr");
  mbe_json_write_array_begin(&w);
  mbe_json_write_array_end(&w);
  mbe_json_write_key(&w, "list");
  mbe_json_write_array_begin(&w);
  mbe_json_write_int(&w, 1);
  mbe_json_write_string(&w, "a");
  mbe_json_write_array_begin(&w);
  mbe_json_write_array_end(&w);
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "k");
  mbe_json_write_bool(&w, false);
  mbe_json_write_object_end(&w);
  mbe_json_write_array_end(&w);
  mbe_json_write_key(&w, "nested");
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "a");
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "b");
  mbe_json_write_array_begin(&w);
  mbe_json_write_number(&w, 1.5);
  mbe_json_write_number(&w, -INFINITY);
  mbe_json_write_array_end(&w);
  mbe_json_write_object_end(&w);
  mbe_json_write_object_end(&w);
  ck_assert(!mbe_json_writer_is_done(&w));
  mbe_json_write_object_end(&w);
  ck_assert(mbe_json_writer_is_done(&w));
  ck_assert(!sb.is_oom);
  ck_assert_str_eq(sb.data,
                   "{\n"
                   "  \"name\": \"pendulum\",\n"
                   "  \"n\": 3,\n"
                   "  \"x\": 0.5,\n"
                   "  \"ok\": true,\n"
                   "  \"none\": null,\n"
                   "  \"nan\": null,\n"
                   "  \"empty_obj\": {},\n"
                   "  \"empty_arr\": [],\n"
                   "  \"list\": [\n"
                   "    1,\n"
                   "    \"a\",\n"
                   "    [],\n"
                   "    {\n"
                   "      \"k\": false\n"
                   "    }\n"
                   "  ],\n"
                   "  \"nested\": {\n"
                   "    \"a\": {\n"
                   "      \"b\": [\n"
                   "        1.5,\n"
                   "        null\n"
                   "      ]\n"
                   "    }\n"
                   "  }\n"
                   "}\n");
  mbe_strbuf_deinit(&sb);

  // a scalar is a whole document too
  mbe_strbuf_init(&sb);
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_int(&w, -42);
  ck_assert(mbe_json_writer_is_done(&w));
  ck_assert_str_eq(sb.data, "-42\n");
  mbe_strbuf_deinit(&sb);
}
END_TEST

static int g_nassert;

static void count_assert(const char* expr, const char* file, int line) {
  (void)expr;
  (void)file;
  (void)line;
  g_nassert++;
}

START_TEST(test_writer_misuse_asserts) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  MbeJsonWriter w;
  mbe_set_assert_fn(count_assert);
  g_nassert = 0;

  // a value where a key is needed, a key in an array, a mismatched end, a second document
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_object_begin(&w);
  mbe_json_write_int(&w, 1);
  ck_assert_int_eq(g_nassert, 1);
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_array_begin(&w);
  mbe_json_write_key(&w, "k");
  ck_assert_int_eq(g_nassert, 2);
  mbe_json_write_object_end(&w);
  ck_assert_int_eq(g_nassert, 3);
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_null(&w);
  mbe_json_write_null(&w);
  ck_assert_int_eq(g_nassert, 4);

  // an object ended while its key waits for a value
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "k");
  mbe_json_write_object_end(&w);
  ck_assert_int_eq(g_nassert, 5);
  mbe_set_assert_fn(NULL);
  mbe_strbuf_deinit(&sb);
}
END_TEST

START_TEST(test_writer_escaping) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  MbeJsonWriter w;

  // every control character, NUL included
  char ctl[32];
  for (int i = 0; i < 32; i++) {
    ctl[i] = (char)i;
  }
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_string_n(&w, ctl, 32);
  const char* expect_ctl =
      "\"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e"
      "\\u000f\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a"
      "\\u001b\\u001c\\u001d\\u001e\\u001f\"\n";
  ck_assert_str_eq(sb.data, expect_ctl);
  MbeJsonDoc* doc = parse_ok(sb.data, sb.len);
  ck_assert_int_eq(mbe_json_root(doc)->type, MBE_JSON_STRING);
  ck_assert_uint_eq(mbe_json_root(doc)->len, 32);
  ck_assert_mem_eq(mbe_json_root(doc)->text, ctl, 32);
  mbe_json_destroy(doc);

  // quotes, backslash, slash and DEL; UTF-8 of 2, 3 and 4 bytes passes through
  const char* text = "q\"b\\s/d\x7F \xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E";
  sb.len = 0;
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_array_begin(&w);
  mbe_json_write_string(&w, text);
  mbe_json_write_array_end(&w);
  ck_assert_str_eq(sb.data,
                   "[\n  \"q\\\"b\\\\s/d\x7F \xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E\"\n]\n");
  doc = parse_ok(sb.data, sb.len);
  ck_assert_str_eq(mbe_json_as_string(mbe_json_at(mbe_json_root(doc), 0), NULL), text);
  mbe_json_destroy(doc);

  // invalid UTF-8 becomes U+FFFD per byte: a stray continuation, an overlong, a surrogate, a
  // truncated sequence, 0xFF
  sb.len = 0;
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_string(&w,
                        "a\x80"
                        "b\xC0\xAF"
                        "c\xED\xA0\x80"
                        "d\xE2\x82"
                        "e\xFF");
  ck_assert_str_eq(sb.data,
                   "\"a\xEF\xBF\xBD"
                   "b\xEF\xBF\xBD\xEF\xBF\xBD"
                   "c\xEF\xBF\xBD\xEF\xBF\xBD\xEF"
                   "\xBF\xBD"
                   "d\xEF\xBF\xBD\xEF\xBF\xBD"
                   "e\xEF\xBF\xBD\"\n");

  // keys are escaped the same way
  sb.len = 0;
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "a\"\n");
  mbe_json_write_int(&w, 1);
  mbe_json_write_object_end(&w);
  ck_assert_str_eq(sb.data, "{\n  \"a\\\"\\n\": 1\n}\n");
  doc = parse_ok(sb.data, sb.len);
  ck_assert_int_eq(mbe_json_as_int(mbe_json_find(mbe_json_root(doc), "a\"\n"), 0), 1);
  mbe_json_destroy(doc);
  mbe_strbuf_deinit(&sb);
}
END_TEST

//---------------------------------- numbers -----------------------------------------------------

static void write_number_text(double x, const char* expect) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  MbeJsonWriter w;
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_number(&w, x);
  sb.data[sb.len - 1] = '\0';
  ck_assert_str_eq(sb.data, expect);
  mbe_strbuf_deinit(&sb);
}

static uint64_t bits_of(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

START_TEST(test_number_round_trip) {
  // the texts: shortest exact form
  write_number_text(0.1, "0.1");
  write_number_text(-0.0, "-0");
  write_number_text(1e-300, "1e-300");
  write_number_text(5e-324, "4.94065645841247e-324");
  write_number_text(1.0 / 3.0, "0.3333333333333333");
  write_number_text(0.1 + 0.2, "0.30000000000000004");
  write_number_text(1e22, "1e+22");
  write_number_text(INFINITY, "null");

  // fixed and random bit patterns through writer and reader, compared bit for bit
  enum { NFIXED = 14, NRAND = 20000 };
  static double xs[NFIXED + NRAND];
  const double fixed[NFIXED] = {0.1,
                                1e-300,
                                5e-324,
                                2.2250738585072009e-308,
                                DBL_MIN,
                                DBL_MAX,
                                -DBL_MAX,
                                -0.0,
                                0.0,
                                1.0 / 3,
                                3.141592653589793,
                                123456789012345680.0,
                                1e23,
                                -7.5e-310};
  memcpy(xs, fixed, sizeof fixed);
  uint64_t state = 0x9E3779B97F4A7C15u;
  size_t n = NFIXED;
  while (n < NFIXED + NRAND) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    uint64_t u = state ^ (state >> 29);
    double x;
    memcpy(&x, &u, sizeof x);
    if (isfinite(x)) {
      xs[n++] = x;
    }
  }
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  MbeJsonWriter w;
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_array_begin(&w);
  for (size_t i = 0; i < n; i++) {
    mbe_json_write_number(&w, xs[i]);
  }
  mbe_json_write_array_end(&w);
  ck_assert(!sb.is_oom);
  MbeJsonDoc* doc = parse_ok(sb.data, sb.len);
  const MbeJsonValue* arr = mbe_json_root(doc);
  ck_assert_uint_eq(mbe_json_size(arr), n);
  for (size_t i = 0; i < n; i++) {
    double y = mbe_json_as_number(mbe_json_at(arr, i), NAN);
    ck_assert_msg(bits_of(y) == bits_of(xs[i]), "item %zu: wrote %a, read %a", i, xs[i], y);
  }
  mbe_json_destroy(doc);
  mbe_strbuf_deinit(&sb);

  // int64 extremes, exactly
  const int64_t ints[] = {INT64_MIN, INT64_MAX, 0, -1, (INT64_C(1) << 53) + 1};
  mbe_strbuf_init(&sb);
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_array_begin(&w);
  for (int i = 0; i < 5; i++) {
    mbe_json_write_int(&w, ints[i]);
  }
  mbe_json_write_array_end(&w);
  ck_assert_str_eq(sb.data,
                   "[\n  -9223372036854775808,\n  9223372036854775807,\n  0,\n  -1,\n"
                   "  9007199254740993\n]\n");
  doc = parse_ok(sb.data, sb.len);
  for (int i = 0; i < 5; i++) {
    int64_t x = 0;
    ck_assert(mbe_json_get_int(mbe_json_at(mbe_json_root(doc), (size_t)i), &x));
    ck_assert_msg(x == ints[i], "item %d", i);
  }
  mbe_json_destroy(doc);
  mbe_strbuf_deinit(&sb);

  // what counts as an integer
  const char* text =
      "[9223372036854775808, -9223372036854775809, 1e3, 2.0, 2.5, -0, 1e19, \"7\", null]";
  doc = parse_ok(text, strlen(text));
  const MbeJsonValue* a = mbe_json_root(doc);
  const int64_t expect[] = {-5, -5, 1000, 2, -5, 0, -5, -5, -5};
  for (size_t i = 0; i < 9; i++) {
    ck_assert_msg(mbe_json_as_int(mbe_json_at(a, i), -5) == expect[i], "item %zu", i);
  }
  ck_assert_str_eq(mbe_json_at(a, 0)->text, "9223372036854775808");
  ck_assert_double_eq(mbe_json_as_number(mbe_json_at(a, 8), 7.0), 7.0);
  mbe_json_destroy(doc);
}
END_TEST

//---------------------------------- reader ------------------------------------------------------

START_TEST(test_reader_tree) {
  const char* text =
      "\xEF\xBB\xBF{\r\n"
      "  \"b\": [true, false, null],\r\n"
      "  \"a\": {\"x\": \"\\u00e9\\u20AC\\ud834\\udd1e\\/\", \"n\\u0000ul\": 1},\r\n"
      "  \"empty\": {}, \"list\": [],\n"
      "  \"z\": -12.5e-1, \"a\": 2\n"
      "}";
  MbeJsonDoc* doc = parse_ok(text, strlen(text));
  ck_assert_str_eq(mbe_json_name(doc), "t.json");
  const MbeJsonValue* r = mbe_json_root(doc);
  ck_assert_int_eq(r->type, MBE_JSON_OBJECT);
  ck_assert_uint_eq(mbe_json_size(r), 6);

  // members keep file order; find returns the first of duplicate keys
  const char* order[] = {"b", "a", "empty", "list", "z", "a"};
  for (size_t i = 0; i < 6; i++) {
    ck_assert_str_eq(mbe_json_at(r, i)->key, order[i]);
  }
  const MbeJsonValue* a = mbe_json_find(r, "a");
  ck_assert_int_eq(a->type, MBE_JSON_OBJECT);
  ck_assert_int_eq(a->line, 3);
  ck_assert_int_eq(a->column, 8);
  ck_assert_ptr_null(mbe_json_find(r, "missing"));
  ck_assert_ptr_null(mbe_json_find(mbe_json_find(r, "b"), "x"));
  ck_assert_ptr_null(mbe_json_find(NULL, "x"));

  // escapes: 2-, 3- and 4-byte UTF-8 from \u, a surrogate pair, an escaped slash, NUL in a key
  ck_assert_str_eq(mbe_json_as_string(mbe_json_find(a, "x"), NULL),
                   "\xC3\xA9\xE2\x82\xAC\xF0\x9D\x84\x9E/");
  const MbeJsonValue* nul = mbe_json_at(a, 1);
  ck_assert_uint_eq(nul->key_len, 4);
  ck_assert_mem_eq(nul->key, "n\0ul", 4);

  // arrays, scalars and typed defaults
  const MbeJsonValue* b = mbe_json_find(r, "b");
  ck_assert_uint_eq(mbe_json_size(b), 3);
  ck_assert(mbe_json_as_bool(mbe_json_at(b, 0), false));
  ck_assert(!mbe_json_as_bool(mbe_json_at(b, 1), true));
  ck_assert_int_eq(mbe_json_at(b, 2)->type, MBE_JSON_NULL);
  ck_assert_ptr_null(mbe_json_at(b, 3));
  ck_assert(mbe_json_as_bool(mbe_json_at(b, 2), true));
  ck_assert_double_eq(mbe_json_as_number(mbe_json_find(r, "z"), 0), -1.25);
  ck_assert_str_eq(mbe_json_find(r, "z")->text, "-12.5e-1");
  ck_assert_int_eq(mbe_json_find(r, "z")->line, 5);
  ck_assert_int_eq(mbe_json_find(r, "z")->column, 8);
  ck_assert_str_eq(mbe_json_as_string(mbe_json_find(r, "z"), "dflt"), "dflt");
  ck_assert_uint_eq(mbe_json_size(mbe_json_find(r, "empty")), 0);
  ck_assert_int_eq(mbe_json_find(r, "list")->type, MBE_JSON_ARRAY);
  ck_assert_uint_eq(mbe_json_size(mbe_json_find(r, "z")), 0);
  ck_assert_str_eq(mbe_json_type_str(MBE_JSON_OBJECT), "object");

  // a schema error located at a value
  MbeError err;
  ck_assert_int_eq(mbe_json_error_at(doc, mbe_json_find(r, "z"), &err, "expected a %s", "string"),
                   MBE_ERR_INVALID_ARG);
  ck_assert_str_eq(err.file, "t.json");
  ck_assert_int_eq(err.line, 5);
  ck_assert_int_eq(err.column, 8);
  ck_assert_str_eq(err.message, "expected a string");
  mbe_json_destroy(doc);
  mbe_json_destroy(NULL);

  // nesting up to the limit is fine
  char deep[2 * MBE_JSON_MAX_DEPTH];
  memset(deep, '[', MBE_JSON_MAX_DEPTH);
  memset(deep + MBE_JSON_MAX_DEPTH, ']', MBE_JSON_MAX_DEPTH);
  doc = parse_ok(deep, sizeof deep);
  mbe_json_destroy(doc);
}
END_TEST

typedef struct BadCase {
  const char* text;
  int line, column;
  const char* what;  // a part of the message
} BadCase;

START_TEST(test_reader_errors) {
  static const BadCase cases[] = {
      {"", 1, 1, "expected a value, found the end of the text"},
      {"  \n   ", 2, 4, "expected a value, found the end of the text"},
      {"{\"a\": 1,}", 1, 9, "expected a string key after ',', found '}'"},
      {"[1, 2,]", 1, 7, "trailing comma: expected a value after ','"},
      {"[\"abc", 1, 2, "unterminated string"},
      {"[\"a\\qb\"]", 1, 4, "invalid escape: expected one of"},
      {"\"\\ud800\"", 1, 2, "lone high surrogate \\uD800: expected a low surrogate"},
      {"\"\\ud800\\u0041\"", 1, 2, "lone high surrogate"},
      {"\"x\\udc00\"", 1, 3, "lone low surrogate \\uDC00"},
      {"\"\\u12G4\"", 1, 2, "expected 4 hex digits after \\u"},
      {"[01]", 1, 3, "leading zeros are not allowed"},
      {"-", 1, 2, "expected a digit after '-', found the end of the text"},
      {"[1.]", 1, 4, "expected a digit after '.', found ']'"},
      {"1e+", 1, 4, "expected a digit in the exponent"},
      {".5", 1, 1,
       "expected a value (object, array, string, number, true, false or null), found "
       "'.'"},
      {"{} x", 1, 4, "expected the end of the text after the top-level value, found 'x'"},
      {"{\"a\" 1}", 1, 6, "expected ':' after the key, found '1'"},
      {"{1: 2}", 1, 2, "expected a string key or '}', found '1'"},
      {"[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"},
      {"{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' after an object member"},
      {"{\n  \"a\": tru\n}", 2, 8, "invalid literal: expected 'true'"},
      {"\"a\nb\"", 1, 3, "control character U+000A in a string"},
      {"[\"\xC3\xA9\xFF\"]", 1, 5, "invalid UTF-8 byte 0xFF"},
      {"1e400", 1, 1, "out of the range of a double"},
      {"NaN", 1, 1, "expected a value"},
      {"{\n  \"a\": [1,\n    2,,\n  ]\n}", 3, 7, "found ','"},
      {"\x01", 1, 1, "found byte 0x01"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const BadCase* c = &cases[i];
    MbeJsonDoc* doc = (MbeJsonDoc*)&doc;
    MbeError err;
    mbe_error_clear(&err);
    MbeStatus st = mbe_json_parse("t.json", c->text, strlen(c->text), &doc, &err);
    ck_assert_msg(st == MBE_ERR_INVALID_ARG, "case %zu: status %d", i, st);
    ck_assert_ptr_null(doc);
    ck_assert_str_eq(err.file, "t.json");
    ck_assert_msg(err.line == c->line && err.column == c->column,
                  "case %zu: at %d:%d, expected %d:%d (%s)", i, err.line, err.column, c->line,
                  c->column, err.message);
    ck_assert_msg(strstr(err.message, c->what), "case %zu: message '%s' lacks '%s'", i, err.message,
                  c->what);
  }

  // a depth bomb stops at the first bracket past the limit
  enum { DEEP = 100000 };
  static char bomb[DEEP];
  memset(bomb, '[', DEEP);
  MbeJsonDoc* doc = NULL;
  MbeError err;
  ck_assert_int_eq(mbe_json_parse("t.json", bomb, DEEP, &doc, &err), MBE_ERR_INVALID_ARG);
  ck_assert_int_eq(err.line, 1);
  ck_assert_int_eq(err.column, MBE_JSON_MAX_DEPTH + 1);
  ck_assert_ptr_nonnull(strstr(err.message, "nesting deeper than 256"));

  // a missing file
  ck_assert_int_eq(mbe_json_read("/nonexistent/manifest.json", &doc, &err), MBE_ERR_IO);
  ck_assert_ptr_null(doc);
}
END_TEST

//---------------------------------- a run manifest ----------------------------------------------

START_TEST(test_manifest_example) {
  // the manifest of a 10000-member run of an MSL-sized model with 40 varied parameters
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  MbeJsonWriter w;
  mbe_json_writer_init(&w, &sb);
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "version");
  mbe_json_write_string(&w, "0.1.0");
  mbe_json_write_key(&w, "model");
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "name");
  mbe_json_write_string(&w, "Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum");
  mbe_json_write_key(&w, "sha256");
  mbe_json_write_string(&w, "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
  mbe_json_write_object_end(&w);
  mbe_json_write_key(&w, "command_line");
  mbe_json_write_array_begin(&w);
  const char* argv[] = {"mbens", "run",          "models/double_pendulum.mo", "--members", "10000",
                        "--out", "runs/dp \"1\""};
  for (int i = 0; i < 7; i++) {
    mbe_json_write_string(&w, argv[i]);
  }
  mbe_json_write_array_end(&w);
  mbe_json_write_key(&w, "seed");
  mbe_json_write_int(&w, INT64_C(18446744073709) * 497);
  mbe_json_write_key(&w, "design");
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "method");
  mbe_json_write_string(&w, "sobol");
  mbe_json_write_key(&w, "members");
  mbe_json_write_int(&w, 10000);
  mbe_json_write_key(&w, "parameters");
  mbe_json_write_array_begin(&w);
  for (int p = 0; p < 40; p++) {
    char name[64];
    snprintf(name, sizeof name, "body%d.m", p);
    mbe_json_write_object_begin(&w);
    mbe_json_write_key(&w, "name");
    mbe_json_write_string(&w, name);
    mbe_json_write_key(&w, "distribution");
    mbe_json_write_string(&w, "uniform");
    mbe_json_write_key(&w, "low");
    mbe_json_write_number(&w, 0.9 * (p + 1));
    mbe_json_write_key(&w, "high");
    mbe_json_write_number(&w, 1.1 * (p + 1));
    mbe_json_write_object_end(&w);
  }
  mbe_json_write_array_end(&w);
  mbe_json_write_object_end(&w);
  mbe_json_write_key(&w, "backend");
  mbe_json_write_string(&w, "opencl");
  mbe_json_write_key(&w, "device");
  mbe_json_write_string(&w, "NVIDIA H100 80GB HBM3");
  mbe_json_write_key(&w, "precision");
  mbe_json_write_string(&w, "double");
  mbe_json_write_key(&w, "tolerances");
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "rtol");
  mbe_json_write_number(&w, 1e-6);
  mbe_json_write_key(&w, "atol");
  mbe_json_write_number(&w, 1e-9);
  mbe_json_write_object_end(&w);
  mbe_json_write_key(&w, "timings_s");
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "compile");
  mbe_json_write_number(&w, 0.61803398874989485);
  mbe_json_write_key(&w, "run");
  mbe_json_write_number(&w, 12.25);
  mbe_json_write_object_end(&w);
  mbe_json_write_key(&w, "status_counts");
  mbe_json_write_object_begin(&w);
  mbe_json_write_key(&w, "ok");
  mbe_json_write_int(&w, 9997);
  mbe_json_write_key(&w, "nonfinite");
  mbe_json_write_int(&w, 2);
  mbe_json_write_key(&w, "max_steps");
  mbe_json_write_int(&w, 1);
  mbe_json_write_object_end(&w);
  mbe_json_write_key(&w, "batches_done");
  mbe_json_write_array_begin(&w);
  for (int b = 0; b < 40; b++) {
    mbe_json_write_int(&w, b);
  }
  mbe_json_write_array_end(&w);
  mbe_json_write_object_end(&w);
  ck_assert(mbe_json_writer_is_done(&w) && !sb.is_oom);

  // through a file and back
  char path[4096];
  snprintf(path, sizeof path, "%s/check_json_manifest_%ld.json", mbe_test_build_dir(),
           (long)getpid());
  MbeError err;
  ck_assert_int_eq(mbe_file_write_atomic(path, sb.data, sb.len, &err), MBE_OK);
  MbeJsonDoc* doc = NULL;
  ck_assert_int_eq(mbe_json_read(path, &doc, &err), MBE_OK);
  remove(path);
  const MbeJsonValue* r = mbe_json_root(doc);
  ck_assert_str_eq(mbe_json_name(doc), path);
  ck_assert_str_eq(mbe_json_as_string(mbe_json_find(r, "version"), ""), "0.1.0");
  ck_assert_str_eq(mbe_json_as_string(mbe_json_find(mbe_json_find(r, "model"), "sha256"), ""),
                   "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
  const MbeJsonValue* cl = mbe_json_find(r, "command_line");
  ck_assert_uint_eq(mbe_json_size(cl), 7);
  ck_assert_str_eq(mbe_json_as_string(mbe_json_at(cl, 6), ""), "runs/dp \"1\"");
  ck_assert(mbe_json_as_int(mbe_json_find(r, "seed"), 0) == INT64_C(18446744073709) * 497);
  const MbeJsonValue* params = mbe_json_find(mbe_json_find(r, "design"), "parameters");
  ck_assert_uint_eq(mbe_json_size(params), 40);
  for (int p = 0; p < 40; p++) {
    const MbeJsonValue* e = mbe_json_at(params, (size_t)p);
    ck_assert_double_eq(mbe_json_as_number(mbe_json_find(e, "low"), NAN), 0.9 * (p + 1));
    ck_assert_double_eq(mbe_json_as_number(mbe_json_find(e, "high"), NAN), 1.1 * (p + 1));
  }
  const MbeJsonValue* tol = mbe_json_find(r, "tolerances");
  ck_assert_double_eq(mbe_json_as_number(mbe_json_find(tol, "rtol"), 0), 1e-6);
  ck_assert_str_eq(mbe_json_find(tol, "rtol")->text, "1e-06");
  ck_assert_double_eq(
      mbe_json_as_number(mbe_json_find(mbe_json_find(r, "timings_s"), "compile"), 0),
      0.61803398874989485);
  const MbeJsonValue* counts = mbe_json_find(r, "status_counts");
  int64_t total = 0;
  for (size_t i = 0; i < mbe_json_size(counts); i++) {
    total += mbe_json_as_int(mbe_json_at(counts, i), 0);
  }
  ck_assert(total == 10000);
  ck_assert_uint_eq(mbe_json_size(mbe_json_find(r, "batches_done")), 40);
  ck_assert_str_eq(mbe_json_as_string(mbe_json_find(r, "device"), ""), "NVIDIA H100 80GB HBM3");

  // writing the tree again gives the same text
  MbeStrbuf again;
  mbe_strbuf_init(&again);
  mbe_json_writer_init(&w, &again);
  // (copy the tree by walking it)
  const MbeJsonValue* stack[MBE_JSON_MAX_DEPTH];
  size_t next[MBE_JSON_MAX_DEPTH];
  int depth = 0;
  stack[0] = r;
  next[0] = 0;
  mbe_json_write_object_begin(&w);
  while (depth >= 0) {
    const MbeJsonValue* c = stack[depth];
    if (next[depth] == c->len) {
      if (c->type == MBE_JSON_OBJECT) {
        mbe_json_write_object_end(&w);
      } else {
        mbe_json_write_array_end(&w);
      }
      depth--;
      continue;
    }
    const MbeJsonValue* v = &c->items[next[depth]++];
    if (v->key) {
      mbe_json_write_key(&w, v->key);
    }
    switch (v->type) {
      case MBE_JSON_NULL: mbe_json_write_null(&w); break;
      case MBE_JSON_BOOL: mbe_json_write_bool(&w, v->boolean); break;
      case MBE_JSON_STRING: mbe_json_write_string_n(&w, v->text, v->len); break;
      case MBE_JSON_NUMBER:
        if (strpbrk(v->text, ".eE")) {
          mbe_json_write_number(&w, v->number);
        } else {
          mbe_json_write_int(&w, mbe_json_as_int(v, 0));
        }
        break;
      default:
        if (v->type == MBE_JSON_OBJECT) {
          mbe_json_write_object_begin(&w);
        } else {
          mbe_json_write_array_begin(&w);
        }
        depth++;
        stack[depth] = v;
        next[depth] = 0;
    }
  }
  ck_assert_str_eq(again.data, sb.data);
  mbe_strbuf_deinit(&again);
  mbe_json_destroy(doc);
  mbe_strbuf_deinit(&sb);
}
END_TEST

static Suite* make_json_suite(void) {
  Suite* s = suite_create("json");
  TCase* tc = mbe_tcase_create("writer");
  tcase_add_test(tc, test_writer_layout);
  tcase_add_test(tc, test_writer_misuse_asserts);
  tcase_add_test(tc, test_writer_escaping);
  tcase_add_test(tc, test_number_round_trip);
  suite_add_tcase(s, tc);
  tc = mbe_tcase_create("reader");
  tcase_add_test(tc, test_reader_tree);
  tcase_add_test(tc, test_reader_errors);
  tcase_add_test(tc, test_manifest_example);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_json_suite, NULL};
