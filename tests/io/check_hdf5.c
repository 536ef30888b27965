// SPDX-License-Identifier: Apache-2.0
// Tests of host/io/io_hdf5.c: trajectory files written in batches and read back bit for bit,
// resume equal to one go (byte-identical files, also after a killed writer), mismatch and file
// errors, no leaked HDF5 identifiers, and the single-member CSV table.
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "io_hdf5.h"
#include "mbe_check.h"

//---------------------------------- fixture -----------------------------------------------------

// HDF5 has no public count of open dataspaces, datatypes and property lists, but it numbers
// the identifiers of each kind consecutively: a probe identifier made before and after a test
// bounds the ones the test made, and none of those may still be open at the end
enum { NPROBE = 3 };
static hid_t g_probe[NPROBE];
static char g_dir[4096];

static hid_t make_probe(int i) {
  hid_t id = i == 0   ? H5Screate(H5S_SCALAR)
             : i == 1 ? H5Tcopy(H5T_NATIVE_INT)
                      : H5Pcreate(H5P_DATASET_CREATE);
  ck_assert_int_ge(id, 0);
  return id;
}

static void close_probe(hid_t id) {
  H5I_type_t type = H5Iget_type(id);
  herr_t rc = type == H5I_DATASPACE  ? H5Sclose(id)
              : type == H5I_DATATYPE ? H5Tclose(id)
                                     : H5Pclose(id);
  ck_assert_int_ge(rc, 0);
}

static void h5_setup(void) {
  ck_assert_int_ge(H5open(), 0);
  for (int i = 0; i < NPROBE; i++) {
    g_probe[i] = make_probe(i);
    close_probe(g_probe[i]);
  }
  snprintf(g_dir, sizeof g_dir, "%s/check_hdf5_XXXXXX", mbe_test_build_dir());
  ck_assert_ptr_nonnull(mkdtemp(g_dir));
}

static void h5_teardown(void) {
  // files, groups, datasets, attributes, committed types
  ck_assert_int_eq(H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_ALL), 0);

  // dataspaces, datatypes, property lists made during the test
  for (int i = 0; i < NPROBE; i++) {
    hid_t last = make_probe(i);
    close_probe(last);
    ck_assert_int_gt(last, g_probe[i]);
    for (hid_t id = g_probe[i] + 1; id < last; id++) {
      ck_assert_msg(H5Iis_valid(id) <= 0, "HDF5 identifier %lld (type %d) is still open",
                    (long long)id, (int)H5Iget_type(id));
    }
  }

  // the temporary folder and the files the test left in it (tests make no sub-folders)
  DIR* dir = opendir(g_dir);
  ck_assert_ptr_nonnull(dir);
  struct dirent* e;
  while ((e = readdir(dir))) {
    if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
      char path[4400];
      snprintf(path, sizeof path, "%s/%s", g_dir, e->d_name);
      ck_assert_int_eq(remove(path), 0);
    }
  }
  closedir(dir);
  ck_assert_int_eq(rmdir(g_dir), 0);
}

static void path_in_dir(char* out, size_t size, const char* name) {
  snprintf(out, size, "%s/%s", g_dir, name);
}

//---------------------------------- data --------------------------------------------------------

enum { NMEM = 7, NOUT = 5, NSIG = 3 };

static const int64_t g_member[NMEM] = {INT64_MIN, 0, 3, 4, 1000000007, INT64_MAX, -2};
static const double g_time[NOUT] = {0.0, 0.1, 0.2, 0.30000000000000004, 1e300};
static const char* const g_signal[NSIG] = {"rev.phi", "body.r_0[1]", "\xCF\x86 \"quoted\""};

static MbeTrajDef test_def(bool is_compressed) {
  MbeTrajDef d = {.model = "DoublePendulum",
                  .nmem = NMEM,
                  .nout = NOUT,
                  .nsig = NSIG,
                  .member = g_member,
                  .time = g_time,
                  .signal = g_signal,
                  .is_compressed = is_compressed};
  return d;
}

// every row different, with the awkward values: -0, a denormal, infinities, a NaN with payload
static void fill_rows(double* y) {
  for (size_t i = 0; i < NMEM * NOUT * NSIG; i++) {
    y[i] = (double)i * 1.25 - 17.0 + 1.0 / 3.0;
  }
  uint64_t nan_bits = 0x7FF8000000012345u;
  memcpy(&y[1], &nan_bits, sizeof(double));
  y[2] = -0.0;
  y[3] = 4.9e-324;
  y[NOUT * NSIG + 4] = INFINITY;
  y[NMEM * NOUT * NSIG - 1] = -INFINITY;
}

static uint64_t bits_of(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

static size_t row_size(void) {
  return NOUT * NSIG;
}

static MbeTrajFile* create_ok(const char* path, const MbeTrajDef* d) {
  MbeTrajFile* f = NULL;
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_traj_file_create(path, d, &f, &err);
  ck_assert_msg(st == MBE_OK, "create: %s", err.message);
  return f;
}

static void write_ok(MbeTrajFile* f, size_t first, size_t count, const double* y) {
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_traj_file_write(f, first, count, y + first * row_size(), &err);
  ck_assert_msg(st == MBE_OK, "write: %s", err.message);
}

static void close_ok(MbeTrajFile* f) {
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_traj_file_close(f, &err);
  ck_assert_msg(st == MBE_OK, "close: %s", err.message);
}

static MbeTrajFile* reopen_ok(const char* path, const MbeTrajDef* d) {
  MbeTrajFile* f = NULL;
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_traj_file_reopen(path, d, &f, &err);
  ck_assert_msg(st == MBE_OK, "reopen: %s", err.message);
  return f;
}

static void check_labels(const MbeTrajDef* d) {
  ck_assert_str_eq(d->model, "DoublePendulum");
  ck_assert_uint_eq(d->nmem, NMEM);
  ck_assert_uint_eq(d->nout, NOUT);
  ck_assert_uint_eq(d->nsig, NSIG);
  ck_assert_mem_eq(d->member, g_member, sizeof g_member);
  ck_assert_mem_eq(d->time, g_time, sizeof g_time);
  for (int j = 0; j < NSIG; j++) {
    ck_assert_str_eq(d->signal[j], g_signal[j]);
  }
}

//---------------------------------- tests -------------------------------------------------------

// loop 0: uncompressed, 1: deflate
START_TEST(test_batches_read_back) {
  bool is_compressed = _i == 1;
  char path[4200];
  path_in_dir(path, sizeof path, "traj.h5");
  MbeTrajDef d = test_def(is_compressed);
  double y[NMEM * NOUT * NSIG], back[NMEM * NOUT * NSIG];
  fill_rows(y);

  // three batches out of order, the last one missing at first
  MbeTrajFile* f = create_ok(path, &d);
  write_ok(f, 3, 1, y);
  write_ok(f, 0, 3, y);
  MbeError err;
  ck_assert_int_eq(mbe_traj_file_flush(f, &err), MBE_OK);
  ck_assert_int_eq(mbe_traj_file_write(f, 2, 0, y, &err), MBE_OK);
  bool is_written[NMEM];
  ck_assert_int_eq(mbe_traj_file_read_written(f, 0, NMEM, is_written, &err), MBE_OK);
  for (int m = 0; m < NMEM; m++) {
    ck_assert_int_eq(is_written[m], m < 4);
  }
  ck_assert_int_eq(mbe_traj_file_read(f, 0, 4, back, &err), MBE_OK);
  ck_assert_mem_eq(back, y, 4 * row_size() * sizeof(double));

  // rows not yet written read as zeros
  ck_assert_int_eq(mbe_traj_file_read(f, 4, 3, back, &err), MBE_OK);
  for (size_t i = 0; i < 3 * row_size(); i++) {
    ck_assert_msg(bits_of(back[i]) == 0, "unwritten value %zu is %g", i, back[i]);
  }
  write_ok(f, 4, 3, y);
  check_labels(mbe_traj_file_def(f));
  close_ok(f);

  // read-only: labels, all rows, one row, the marks
  ck_assert_int_eq(mbe_traj_file_open(path, &f, &err), MBE_OK);
  const MbeTrajDef* got = mbe_traj_file_def(f);
  check_labels(got);
  ck_assert_int_eq(got->is_compressed, is_compressed && mbe_traj_has_deflate());
  memset(back, 0, sizeof back);
  ck_assert_int_eq(mbe_traj_file_read(f, 0, NMEM, back, &err), MBE_OK);
  ck_assert_mem_eq(back, y, sizeof y);
  ck_assert_int_eq(mbe_traj_file_read(f, 5, 1, back, &err), MBE_OK);
  ck_assert_mem_eq(back, y + 5 * row_size(), row_size() * sizeof(double));
  ck_assert_int_eq(mbe_traj_file_read_written(f, 0, NMEM, is_written, &err), MBE_OK);
  for (int m = 0; m < NMEM; m++) {
    ck_assert(is_written[m]);
  }

  // writing to a read-only file is a usage error
  ck_assert_int_eq(mbe_traj_file_write(f, 0, 1, y, &err), MBE_ERR_USAGE);
  ck_assert_ptr_nonnull(strstr(err.message, "read-only"));
  close_ok(f);
  ck_assert_int_eq(mbe_traj_file_close(NULL, &err), MBE_OK);
}
END_TEST

static void read_file(const char* path, char** data, size_t* size) {
  MbeError err;
  ck_assert_int_eq(mbe_file_read(path, data, size, &err), MBE_OK);
}

// writes the rows in batches {0..1}, {2..4}, {5..6}; reopen_after[b] closes and reopens after b
static void write_in_batches(const char* path, bool is_compressed, const bool* reopen_after) {
  MbeTrajDef d = test_def(is_compressed);
  double y[NMEM * NOUT * NSIG];
  fill_rows(y);
  const size_t first[3] = {0, 2, 5}, count[3] = {2, 3, 2};
  MbeTrajFile* f = create_ok(path, &d);
  for (int b = 0; b < 3; b++) {
    write_ok(f, first[b], count[b], y);
    if (reopen_after[b] && b < 2) {
      close_ok(f);
      f = reopen_ok(path, &d);
    }
  }
  close_ok(f);
}

START_TEST(test_resume_equals_one_go) {
  char one[4200], resumed[4200], later[4200];
  path_in_dir(one, sizeof one, "one.h5");
  path_in_dir(resumed, sizeof resumed, "resumed.h5");
  path_in_dir(later, sizeof later, "later.h5");
  const bool never[3] = {false, false, false}, always[3] = {true, true, true};

  // uncompressed: the same bytes, also a second later (no object times in the file)
  write_in_batches(one, false, never);
  write_in_batches(resumed, false, always);
  struct timespec pause = {1, 100000000};
  nanosleep(&pause, NULL);
  write_in_batches(later, false, never);
  char *a = NULL, *b = NULL, *c = NULL;
  size_t na = 0, nb = 0, nc = 0;
  read_file(one, &a, &na);
  read_file(resumed, &b, &nb);
  read_file(later, &c, &nc);
  ck_assert_uint_eq(na, nb);
  ck_assert_msg(memcmp(a, b, na) == 0, "resumed file differs from the one written in one go");
  ck_assert_uint_eq(na, nc);
  ck_assert_msg(memcmp(a, c, na) == 0, "the same content a second later gives other bytes");
  mbe_free(a);
  mbe_free(b);
  mbe_free(c);

  // the /y region is sparse until written: a file with no rows is as long but mostly holes
  char empty[4200];
  path_in_dir(empty, sizeof empty, "empty.h5");
  MbeTrajDef d = test_def(false);
  close_ok(create_ok(empty, &d));
  struct stat st_one, st_empty;
  ck_assert_int_eq(stat(one, &st_one), 0);
  ck_assert_int_eq(stat(empty, &st_empty), 0);
  ck_assert_int_eq(st_one.st_size, st_empty.st_size);

  // deflate: the same data (resuming need not give the same bytes)
  write_in_batches(one, true, never);
  write_in_batches(resumed, true, always);
  MbeTrajFile *f1 = NULL, *f2 = NULL;
  MbeError err;
  ck_assert_int_eq(mbe_traj_file_open(one, &f1, &err), MBE_OK);
  ck_assert_int_eq(mbe_traj_file_open(resumed, &f2, &err), MBE_OK);
  double y1[NMEM * NOUT * NSIG], y2[NMEM * NOUT * NSIG], y[NMEM * NOUT * NSIG];
  ck_assert_int_eq(mbe_traj_file_read(f1, 0, NMEM, y1, &err), MBE_OK);
  ck_assert_int_eq(mbe_traj_file_read(f2, 0, NMEM, y2, &err), MBE_OK);
  fill_rows(y);
  ck_assert_mem_eq(y1, y, sizeof y);
  ck_assert_mem_eq(y2, y, sizeof y);
  close_ok(f1);
  close_ok(f2);
}
END_TEST

START_TEST(test_resume_after_kill) {
  char one[4200], killed[4200];
  path_in_dir(one, sizeof one, "one.h5");
  path_in_dir(killed, sizeof killed, "killed.h5");
  const bool never[3] = {false, false, false};
  write_in_batches(one, false, never);
  MbeTrajDef d = test_def(false);
  double y[NMEM * NOUT * NSIG], back[NMEM * NOUT * NSIG];
  fill_rows(y);

  // a writer that dies after two batches, without closing the file
  fflush(NULL);
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    MbeTrajFile* f = NULL;
    int ok = mbe_traj_file_create(killed, &d, &f, NULL) == MBE_OK &&
             mbe_traj_file_write(f, 0, 2, y, NULL) == MBE_OK &&
             mbe_traj_file_write(f, 2, 3, y + 2 * row_size(), NULL) == MBE_OK;
    _exit(ok ? 0 : 1);
  }
  int status = -1;
  ck_assert_int_eq(waitpid(pid, &status, 0), pid);
  ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);

  // what it wrote is there and marked, the rest is not
  MbeTrajFile* f = NULL;
  MbeError err;
  mbe_error_clear(&err);
  ck_assert_msg(mbe_traj_file_open(killed, &f, &err) == MBE_OK, "open: %s", err.message);
  bool is_written[NMEM];
  ck_assert_int_eq(mbe_traj_file_read_written(f, 0, NMEM, is_written, &err), MBE_OK);
  for (int m = 0; m < NMEM; m++) {
    ck_assert_int_eq(is_written[m], m < 5);
  }
  ck_assert_int_eq(mbe_traj_file_read(f, 0, 5, back, &err), MBE_OK);
  ck_assert_mem_eq(back, y, 5 * row_size() * sizeof(double));
  close_ok(f);

  // resuming gives the file of an uninterrupted run
  f = reopen_ok(killed, &d);
  write_ok(f, 5, 2, y);
  close_ok(f);
  char *a = NULL, *b = NULL;
  size_t na = 0, nb = 0;
  read_file(one, &a, &na);
  read_file(killed, &b, &nb);
  ck_assert_uint_eq(na, nb);
  ck_assert_msg(memcmp(a, b, na) == 0, "resumed file differs from the one written in one go");
  mbe_free(a);
  mbe_free(b);
}
END_TEST

static void expect_mismatch(const char* path, const MbeTrajDef* d, const char* what) {
  MbeTrajFile* f = (MbeTrajFile*)&f;
  MbeError err;
  mbe_error_clear(&err);
  ck_assert_int_eq(mbe_traj_file_reopen(path, d, &f, &err), MBE_ERR_INVALID_ARG);
  ck_assert_ptr_null(f);
  ck_assert_msg(strstr(err.message, "does not match this run") && strstr(err.message, what),
                "message '%s' lacks '%s'", err.message, what);
}

START_TEST(test_reopen_mismatch) {
  char path[4200];
  path_in_dir(path, sizeof path, "traj.h5");
  MbeTrajDef d = test_def(false);
  close_ok(create_ok(path, &d));

  // each label in turn
  MbeTrajDef x = d;
  x.model = "Other";
  expect_mismatch(path, &x, "the model is 'DoublePendulum' in the file, 'Other' in this run");
  x = d;
  x.nmem = NMEM - 1;
  expect_mismatch(path, &x, "it holds 7 member rows, this run has 6");
  x = d;
  x.nout = NOUT + 1;
  double time[NOUT + 1] = {0};
  x.time = time;
  expect_mismatch(path, &x, "it holds 5 output times, this run has 6");
  x = d;
  x.nsig = NSIG - 1;
  expect_mismatch(path, &x, "it holds 3 signals, this run has 2");
  int64_t member[NMEM];
  memcpy(member, g_member, sizeof member);
  member[2] = 17;
  x = d;
  x.member = member;
  expect_mismatch(path, &x, "member row 2 is id 3 in the file, 17 in this run");
  double t2[NOUT];
  memcpy(t2, g_time, sizeof t2);
  t2[3] = 0.3;
  x = d;
  x.time = t2;
  expect_mismatch(path, &x,
                  "output time 3 is 0.30000000000000004 s in the file, 0.29999999999999999 s");
  const char* sig[NSIG] = {g_signal[0], "body.r_0[2]", g_signal[2]};
  x = d;
  x.signal = sig;
  expect_mismatch(path, &x, "signal 1 is 'body.r_0[1]' in the file, 'body.r_0[2]' in this run");

  // compression is not part of the comparison, and the file is still fine
  x = d;
  x.is_compressed = true;
  close_ok(reopen_ok(path, &x));
}
END_TEST

START_TEST(test_file_errors) {
  MbeTrajDef d = test_def(false);
  MbeTrajFile* f = (MbeTrajFile*)&f;
  MbeError err;

  // an unwritable path: a missing folder, and a folder itself
  char path[4200];
  path_in_dir(path, sizeof path, "missing/traj.h5");
  ck_assert_int_eq(mbe_traj_file_create(path, &d, &f, &err), MBE_ERR_IO);
  ck_assert_ptr_null(f);
  ck_assert_msg(strstr(err.message, "cannot create") && strstr(err.message, path), "message: %s",
                err.message);
  ck_assert_int_eq(mbe_traj_file_create(g_dir, &d, &f, &err), MBE_ERR_IO);
  ck_assert_ptr_null(f);

  // a missing file, a text file, an HDF5 file of something else
  ck_assert_int_eq(mbe_traj_file_open(path, &f, &err), MBE_ERR_IO);
  ck_assert_ptr_null(f);
  ck_assert_ptr_nonnull(strstr(err.message, "cannot open"));
  path_in_dir(path, sizeof path, "text.h5");
  const char* text = "\"time\",\"x\"\n0,1\n";
  ck_assert_int_eq(mbe_file_write_atomic(path, text, strlen(text), &err), MBE_OK);
  ck_assert_int_eq(mbe_traj_file_open(path, &f, &err), MBE_ERR_IO);
  ck_assert_ptr_null(f);
  ck_assert_msg(strstr(err.message, "not an HDF5 file") && strstr(err.message, path), "message: %s",
                err.message);
  ck_assert_int_eq(mbe_traj_file_reopen(path, &d, &f, &err), MBE_ERR_IO);
  ck_assert_ptr_null(f);
  path_in_dir(path, sizeof path, "other.h5");
  hid_t h = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  ck_assert_int_ge(h, 0);
  ck_assert_int_ge(H5Fclose(h), 0);
  ck_assert_int_eq(mbe_traj_file_open(path, &f, &err), MBE_ERR_IO);
  ck_assert_ptr_null(f);
  ck_assert_msg(strstr(err.message, "not a trajectory file"), "message: %s", err.message);

  // a trajectory file without /y
  path_in_dir(path, sizeof path, "broken.h5");
  close_ok(create_ok(path, &d));
  h = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
  ck_assert_int_ge(h, 0);
  ck_assert_int_ge(H5Ldelete(h, "y", H5P_DEFAULT), 0);
  ck_assert_int_ge(H5Fclose(h), 0);
  ck_assert_int_eq(mbe_traj_file_open(path, &f, &err), MBE_ERR_IO);
  ck_assert_ptr_null(f);
  ck_assert_msg(strstr(err.message, "cannot open the dataset /y"), "message: %s", err.message);

  // a zero size
  d.nsig = 0;
  path_in_dir(path, sizeof path, "zero.h5");
  ck_assert_int_eq(mbe_traj_file_create(path, &d, &f, &err), MBE_ERR_INVALID_ARG);
  ck_assert_ptr_null(f);
  ck_assert_int_ne(access(path, F_OK), 0);
}
END_TEST

START_TEST(test_csv_trajectory) {
  const double time[3] = {0, 0.5, 1};
  const char* const names[2] = {"rev.phi", "a \"b\""};
  const double y[6] = {0.1, -0.0, 1e-300, 2.5, 1.0 / 3.0, -4};
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  mbe_csv_format_trajectory(&sb, 3, 2, time, names, y);
  ck_assert_str_eq(sb.data,
                   "\"time\",\"rev.phi\",\"a \"\"b\"\"\"\n"
                   "0,0.10000000000000001,-0\n"
                   "0.5,1e-300,2.5\n"
                   "1,0.33333333333333331,-4\n");
  mbe_strbuf_deinit(&sb);

  // through a file and the CSV reader
  char path[4200];
  path_in_dir(path, sizeof path, "member.csv");
  MbeError err;
  ck_assert_int_eq(mbe_csv_write_trajectory(path, 3, 2, time, names, y, &err), MBE_OK);
  MbeTable* t = NULL;
  ck_assert_int_eq(mbe_csv_read(path, &t, &err), MBE_OK);
  ck_assert_uint_eq(t->ncols, 3);
  ck_assert_uint_eq(t->nrows, 3);
  ck_assert_str_eq(t->names[0], "time");
  ck_assert_str_eq(t->names[2], "a \"b\"");
  for (size_t k = 0; k < 3; k++) {
    ck_assert_mem_eq(&t->data[k * 3], &time[k], sizeof(double));
    ck_assert_mem_eq(&t->data[k * 3 + 1], &y[k * 2], 2 * sizeof(double));
  }
  mbe_table_destroy(t);

  // an unwritable path
  path_in_dir(path, sizeof path, "missing/member.csv");
  ck_assert_int_eq(mbe_csv_write_trajectory(path, 3, 2, time, names, y, &err), MBE_ERR_IO);
}
END_TEST

static Suite* make_hdf5_suite(void) {
  Suite* s = suite_create("hdf5");
  TCase* tc = mbe_tcase_create("trajectories");
  tcase_add_checked_fixture(tc, h5_setup, h5_teardown);
  tcase_add_loop_test(tc, test_batches_read_back, 0, 2);
  tcase_add_test(tc, test_resume_equals_one_go);
  tcase_add_test(tc, test_resume_after_kill);
  tcase_add_test(tc, test_reopen_mismatch);
  tcase_add_test(tc, test_file_errors);
  tcase_add_test(tc, test_csv_trajectory);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_hdf5_suite, NULL};
