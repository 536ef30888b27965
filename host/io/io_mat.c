// SPDX-License-Identifier: Apache-2.0
// Result files in the MATLAB format with Dymola's trajectory layout (Aclass "binTrans"), through
// libmatio: what the MSL's tools, DyMat and scipy.io.loadmat read.
#include <matio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

// a char matrix whose columns are the strings (binTrans: name, description), blank padded
static matvar_t* char_columns(const char* var, const char* const* s, size_t n) {
  size_t len = 1;
  for (size_t k = 0; k < n; k++)
    len = strlen(s[k]) > len ? strlen(s[k]) : len;
  char* buf = malloc(len * n + 1);
  if (!buf)
    return NULL;
  memset(buf, ' ', len * n);
  for (size_t k = 0; k < n; k++)
    memcpy(buf + k * len, s[k], strlen(s[k]));  // column k, contiguous (column-major)
  size_t dims[2] = {len, n};
  matvar_t* v = Mat_VarCreate(var, MAT_C_CHAR, MAT_T_UINT8, 2, dims, buf, 0);  // copies
  free(buf);
  return v;
}

// Aclass: "Atrajectory", "1.1", "", "binTrans", one per row, blank padded
static matvar_t* aclass(void) {
  static const char* const rows[4] = {"Atrajectory", "1.1", "", "binTrans"};
  char buf[4 * 11];
  memset(buf, ' ', sizeof buf);
  for (size_t r = 0; r < 4; r++) {
    for (size_t c = 0; rows[r][c]; c++)
      buf[r + c * 4] = rows[r][c];  // column-major
  }
  size_t dims[2] = {4, 11};
  return Mat_VarCreate("Aclass", MAT_C_CHAR, MAT_T_UINT8, 2, dims, buf, 0);
}

static bool put(mat_t* mat, matvar_t* v) {
  bool ok = v && Mat_VarWrite(mat, v, MAT_COMPRESSION_NONE) == 0;
  Mat_VarFree(v);
  return ok;
}

MbeStatus mbe_mat_write_trajectory(const char* path, size_t nout, size_t nsig, const double* time,
                                   const char* const* signal, const double* y, MbeError* err) {
  size_t nvar = nsig + 1;
  const char** names = malloc(nvar * sizeof *names);
  const char** descr = malloc(nvar * sizeof *descr);
  int32_t* info = malloc(4 * nvar * sizeof *info);
  double* d2 = malloc(nvar * (nout ? nout : 1) * sizeof *d2);
  if (!names || !descr || !info || !d2) {
    free(names), free(descr), free(info), free(d2);
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory writing %s", path);
  }
  names[0] = "time", descr[0] = "Time in [s]";
  int32_t time_info[4] = {0, 1, 0, -1};  // the abscissa of every block
  memcpy(info, time_info, sizeof time_info);
  for (size_t k = 0; k < nsig; k++) {
    names[k + 1] = signal[k], descr[k + 1] = "";
    int32_t col[4] = {2, (int32_t)(k + 2), 0, -1};  // data_2, column k + 2
    memcpy(info + 4 * (k + 1), col, sizeof col);
  }
  // data_2 (binTrans: a row per variable, a column per time; column-major storage)
  for (size_t i = 0; i < nout; i++) {
    d2[i * nvar] = time[i];
    for (size_t k = 0; k < nsig; k++)
      d2[i * nvar + k + 1] = y[i * nsig + k];
  }
  double d1[2] = {nout ? time[0] : 0, nout ? time[nout - 1] : 0};  // data_1: time at the ends
  size_t dinfo[2] = {4, nvar}, dd1[2] = {1, 2}, dd2[2] = {nvar, nout};
  mat_t* mat = Mat_CreateVer(path, NULL, MAT_FT_MAT4);
  bool ok = mat && put(mat, aclass()) && put(mat, char_columns("name", names, nvar)) &&
            put(mat, char_columns("description", descr, nvar)) &&
            put(mat, Mat_VarCreate("dataInfo", MAT_C_INT32, MAT_T_INT32, 2, dinfo, info, 0)) &&
            put(mat, Mat_VarCreate("data_1", MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dd1, d1, 0)) &&
            put(mat, Mat_VarCreate("data_2", MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dd2, d2, 0));
  if (mat)
    Mat_Close(mat);
  free(names), free(descr), free(info), free(d2);
  return ok ? MBE_OK : mbe_error_set(err, MBE_ERR_IO, "%s: cannot write the MAT file", path);
}
