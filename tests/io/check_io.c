// SPDX-License-Identifier: Apache-2.0
// Tests of host/io: CSV tables as the MSL references write them, and located errors.
#include <string.h>

#include "io.h"
#include "mbe_check.h"

static MbeTable* parse_ok(const char* text) {
  MbeTable* t = NULL;
  MbeError err;
  ck_assert_int_eq(mbe_csv_parse("t.csv", text, strlen(text), &t, &err), MBE_OK);
  return t;
}

START_TEST(test_msl_reference_format) {
  MbeTable* t = parse_ok(
      "\xEF\xBB\xBF\"time\",\"rev.phi\",\"body.r_0[1]\"\r\n"
      "0,0,1e-3\r\n"
      "0.001,-9.7659509931018758e-06,-2.5\r\n\r\n");
  ck_assert_uint_eq(t->ncols, 3);
  ck_assert_uint_eq(t->nrows, 2);
  ck_assert_str_eq(t->names[1], "rev.phi");
  ck_assert_str_eq(t->names[2], "body.r_0[1]");
  ck_assert_int_eq(mbe_table_column(t, "body.r_0[1]"), 2);
  ck_assert_int_eq(mbe_table_column(t, "nope"), -1);
  ck_assert_double_eq(t->data[1 * 3 + 1], -9.7659509931018758e-06);
  ck_assert_double_eq(t->data[0 * 3 + 2], 1e-3);
  mbe_table_destroy(t);

  // bare names, spaces around fields, "" inside quotes
  t = parse_ok("time , \"a \"\"b\"\"\"\n 1 , 2 \n");
  ck_assert_str_eq(t->names[0], "time");
  ck_assert_str_eq(t->names[1], "a \"b\"");
  ck_assert_double_eq(t->data[1], 2);
  mbe_table_destroy(t);
}
END_TEST

static void expect_error(const char* text, int line, int col, const char* what) {
  MbeTable* t = NULL;
  MbeError err;
  ck_assert_int_eq(mbe_csv_parse("t.csv", text, strlen(text), &t, &err), MBE_ERR_INVALID_ARG);
  ck_assert_ptr_null(t);
  ck_assert_str_eq(err.file, "t.csv");
  ck_assert_int_eq(err.line, line);
  ck_assert_int_eq(err.column, col);
  ck_assert_msg(strstr(err.message, what), "message '%s' lacks '%s'", err.message, what);
}

START_TEST(test_errors_are_located) {
  expect_error("", 1, 1, "empty file");
  expect_error("\"time,a\n", 1, 1, "unterminated");
  expect_error("time,a\n0,1\n1,x\n", 3, 3, "expected a number");
  expect_error("time,a\n0\n", 2, 2, "expected 2 columns, found 1");
  expect_error("time,a\n0,1,2\n", 2, 4, "more than the 2 columns");
  expect_error("\"time\" x,a\n", 1, 8, "expected ','");
}
END_TEST

START_TEST(test_missing_file) {
  MbeTable* t = NULL;
  MbeError err;
  ck_assert_int_eq(mbe_csv_read("/nonexistent/x.csv", &t, &err), MBE_ERR_IO);
  ck_assert_ptr_null(t);
}
END_TEST

static Suite* make_io_suite(void) {
  Suite* s = suite_create("io");
  TCase* tc = mbe_tcase_create("csv");
  tcase_add_test(tc, test_msl_reference_format);
  tcase_add_test(tc, test_errors_are_located);
  tcase_add_test(tc, test_missing_file);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_io_suite, NULL};
