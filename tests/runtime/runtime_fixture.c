// SPDX-License-Identifier: Apache-2.0
#include "runtime_fixture.h"

#include <check.h>

#include "mbe/mbe_hooks.h"

bool mbe_test_backend_available(MbeBackendKind kind) {
  MbeBackendDef def = mbe_backend_def_default();
  def.kind = kind;
  MbeBackend* b = NULL;
  MbeError err;
  bool ok = mbe_backend_create(&def, &b, &err) == MBE_OK;
  mbe_backend_destroy(b);
  return ok;
}

MbeBackend* mbe_test_backend_create(MbeBackendKind kind, int threads) {
  MbeBackendDef def = mbe_backend_def_default();
  def.kind = kind;
  def.threads = threads;
  MbeBackend* b = NULL;
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_backend_create(&def, &b, &err);
  ck_assert_msg(st == MBE_OK, "backend: %s", err.message);
  return b;
}

MbeProgram* mbe_test_program_create(MbeBackend* b, const char* system, MbePrecision precision) {
  MbeProgramDef pd = mbe_program_def_default();
  pd.system_source = system;
  pd.precision = precision;
  MbeProgram* prog = NULL;
  MbeError err;
  mbe_error_clear(&err);
  MbeStatus st = mbe_program_create(b, &pd, &prog, &err);
  ck_assert_msg(st == MBE_OK, "program: %s", err.message);
  return prog;
}
