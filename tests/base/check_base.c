// SPDX-License-Identifier: Apache-2.0
// Tests of host/base: SHA-256 against the FIPS 180-4 examples, the growable string, counted
// allocation, error filling, atomic file writes and the cache directory.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base.h"
#include "mbe_check.h"

START_TEST(test_sha256_fips_vectors) {
  char hex[65];
  mbe_sha256_hex("abc", 3, hex);
  ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  mbe_sha256_hex("", 0, hex);
  ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  const char* two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  mbe_sha256_hex(two, strlen(two), hex);
  ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");

  // one million 'a', fed in uneven pieces (crosses block boundaries every way)
  MbeSha256 s;
  mbe_sha256_init(&s);
  char chunk[997];
  memset(chunk, 'a', sizeof chunk);
  size_t left = 1000000;
  while (left) {
    size_t n = left < sizeof chunk ? left : sizeof chunk;
    mbe_sha256_update(&s, chunk, n);
    left -= n;
  }
  mbe_sha256_final_hex(&s, hex);
  ck_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
END_TEST

START_TEST(test_strbuf_grows_and_formats) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  for (int i = 0; i < 1000; i++) {
    mbe_strbuf_printf(&sb, "%d,", i);
  }
  ck_assert(!sb.is_oom);
  ck_assert_uint_eq(sb.len, strlen(sb.data));
  ck_assert(strncmp(sb.data, "0,1,2,", 6) == 0);
  ck_assert(strstr(sb.data, "998,999,") == sb.data + sb.len - 8);
  mbe_strbuf_deinit(&sb);
}
END_TEST

START_TEST(test_alloc_counts_bytes) {
  size_t before = mbe_alloc_bytes();
  char* a = mbe_malloc(100);
  char* b = mbe_calloc(10, 10);
  ck_assert_uint_eq(mbe_alloc_bytes(), before + 200);
  for (int i = 0; i < 100; i++) {
    ck_assert_int_eq(b[i], 0);
  }
  a = mbe_realloc(a, 1000);
  ck_assert_uint_eq(mbe_alloc_bytes(), before + 1100);
  mbe_free(a);
  mbe_free(b);
  mbe_free(NULL);
  ck_assert_uint_eq(mbe_alloc_bytes(), before);

  // an overflowing request fails cleanly
  ck_assert_ptr_null(mbe_calloc(SIZE_MAX / 2, 4));
}
END_TEST

START_TEST(test_error_fields) {
  MbeError err;
  mbe_error_clear(&err);
  ck_assert_int_eq(mbe_error_set_at(&err, MBE_ERR_MODEL, "m.mo", 3, 7, "bad %s", "thing"),
                   MBE_ERR_MODEL);
  ck_assert_int_eq(err.code, MBE_ERR_MODEL);
  ck_assert_str_eq(err.message, "bad thing");
  ck_assert_str_eq(err.file, "m.mo");
  ck_assert_int_eq(err.line, 3);
  ck_assert_int_eq(err.column, 7);
  ck_assert_int_eq(mbe_error_set(NULL, MBE_ERR_IO, "ignored"), MBE_ERR_IO);
  ck_assert_str_eq(mbe_status_str(MBE_OK), "success");
  ck_assert_str_eq(mbe_status_str(MBE_ERR_NO_FP64), "device lacks double precision");
  ck_assert_str_eq(mbe_status_str(12345), "unknown status");
}
END_TEST

START_TEST(test_files_atomic_and_cache_dir) {
  char dir[] = "/tmp/mbe-check-base-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char path[512], nested[256];
  snprintf(nested, sizeof nested, "%s/a/b/c", dir);
  MbeError err;
  mbe_error_clear(&err);
  ck_assert_int_eq(mbe_mkdir_p(nested, &err), MBE_OK);
  ck_assert_int_eq(mbe_mkdir_p(nested, &err), MBE_OK); // exists: fine

  // write, read back, overwrite atomically; no temporary file is left behind
  snprintf(path, sizeof path, "%s/file.txt", nested);
  ck_assert_int_eq(mbe_file_write_atomic(path, "hello\n", 6, &err), MBE_OK);
  ck_assert_int_eq(mbe_file_write_atomic(path, "world!\n", 7, &err), MBE_OK);
  char* text = NULL;
  size_t size = 0;
  ck_assert_int_eq(mbe_file_read(path, &text, &size, &err), MBE_OK);
  ck_assert_uint_eq(size, 7);
  ck_assert_str_eq(text, "world!\n");
  mbe_free(text);
  char tmp[600];
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
  ck_assert_int_ne(access(tmp, F_OK), 0);

  // a missing file is an I/O error naming the path
  ck_assert_int_eq(mbe_file_read("/nonexistent/x", &text, NULL, &err), MBE_ERR_IO);
  ck_assert_ptr_nonnull(strstr(err.message, "/nonexistent/x"));

  // the cache directory: explicit override, then MBENS_CACHE_DIR
  char cache[512];
  ck_assert_int_eq(mbe_cache_dir(dir, "programs", cache, sizeof cache, &err), MBE_OK);
  snprintf(path, sizeof path, "%s/programs", dir);
  ck_assert_str_eq(cache, path);
  struct stat st;
  ck_assert_int_eq(stat(cache, &st), 0);

  // a file where a directory should be is reported
  snprintf(path, sizeof path, "%s/a/b/c/file.txt", dir);
  ck_assert_int_eq(mbe_mkdir_p(path, &err), MBE_ERR_IO);
  remove(path);
}
END_TEST

static Suite* make_base_suite(void) {
  Suite* s = suite_create("base");
  TCase* tc = mbe_tcase_create("base");
  tcase_add_test(tc, test_sha256_fips_vectors);
  tcase_add_test(tc, test_strbuf_grows_and_formats);
  tcase_add_test(tc, test_alloc_counts_bytes);
  tcase_add_test(tc, test_error_fields);
  tcase_add_test(tc, test_files_atomic_and_cache_dir);
  suite_add_tcase(s, tc);
  return s;
}

MbeSuiteFactory* const mbe_check_suites[] = {make_base_suite, NULL};
