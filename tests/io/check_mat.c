// SPDX-License-Identifier: Apache-2.0
// MAT result files (host/io/io_mat.c) read back through libmatio: Dymola's binTrans layout as
// DyMat and the MSL's tools expect it (Aclass, name and description as columns, dataInfo, data_1
// with the time at both ends, data_2 a row per variable).
#include <matio.h>
#include <stdio.h>
#include <string.h>

#include "io.h"
#include "mbe_check.h"

// column k of a char matrix variable, its blank padding cut
static void column(const matvar_t* v, size_t k, char* out) {
  size_t len = v->dims[0];
  memcpy(out, (const char*)v->data + k * len, len);
  out[len] = '\0';
  for (size_t n = len; n > 0 && out[n - 1] == ' '; n--)
    out[n - 1] = '\0';
}

START_TEST(test_dymola_layout) {
  char path[4096];
  snprintf(path, sizeof path, "%s/check_mat.mat", mbe_test_build_dir());
  const double time[3] = {0, 0.5, 1};
  const double y[6] = {1, 10, 2, 20, 3, 30};  // nout 3 x nsig 2
  const char* names[2] = {"rev.phi", "body.r_0[2]"};
  MbeError err;
  ck_assert_int_eq(mbe_mat_write_trajectory(path, 3, 2, time, names, y, &err), MBE_OK);
  mat_t* mat = Mat_Open(path, MAT_ACC_RDONLY);
  ck_assert_ptr_nonnull(mat);
  ck_assert_int_eq(Mat_GetVersion(mat), MAT_FT_MAT4);
  matvar_t* a = Mat_VarRead(mat, "Aclass");
  ck_assert(a && a->dims[0] == 4 && a->dims[1] == 11);
  char row[12] = {0};
  for (int c = 0; c < 11; c++)
    row[c] = ((const char*)a->data)[3 + c * 4];
  ck_assert_str_eq(row, "binTrans   ");
  matvar_t* n = Mat_VarRead(mat, "name");
  ck_assert(n && n->dims[1] == 3);
  char s[64];
  column(n, 0, s);
  ck_assert_str_eq(s, "time");
  column(n, 2, s);
  ck_assert_str_eq(s, "body.r_0[2]");
  matvar_t* info = Mat_VarRead(mat, "dataInfo");
  ck_assert(info && info->dims[0] == 4 && info->dims[1] == 3);
  const double* di = info->data;  // v4 stores numbers as double
  if (info->data_type == MAT_T_INT32) {
    const int32_t* ii = info->data;
    ck_assert(ii[0] == 0 && ii[1] == 1 && ii[4] == 2 && ii[5] == 2 && ii[9] == 3);
  } else {
    ck_assert(di[0] == 0 && di[1] == 1 && di[4] == 2 && di[5] == 2 && di[9] == 3);
  }
  matvar_t* d2 = Mat_VarRead(mat, "data_2");
  ck_assert(d2 && d2->dims[0] == 3 && d2->dims[1] == 3);
  const double* v = d2->data;  // column-major: row r (a variable), column i (a time)
  ck_assert(v[0 + 2 * 3] == 1 && v[1 + 2 * 3] == 3 && v[2 + 1 * 3] == 20);
  matvar_t* d1 = Mat_VarRead(mat, "data_1");
  ck_assert(d1 && ((const double*)d1->data)[1] == 1);
  Mat_VarFree(a), Mat_VarFree(n), Mat_VarFree(info), Mat_VarFree(d2), Mat_VarFree(d1);
  Mat_Close(mat);
  ck_assert_int_eq(mbe_mat_write_trajectory("/nonexistent/dir/x.mat", 3, 2, time, names, y, &err),
                   MBE_ERR_IO);
}
END_TEST

static Suite* make_mat_suite(void) {
  Suite* s = suite_create("mat");
  TCase* tc = mbe_tcase_create("write");
  tcase_add_test(tc, test_dymola_layout);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_mat_suite, NULL};
