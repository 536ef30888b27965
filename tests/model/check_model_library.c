// SPDX-License-Identifier: Apache-2.0
// Tests of libraries on disk (host/parse/parse_library.c with the lookups of host/model): a
// user's two-level library written to a temporary folder, the catalogue's precedence over a
// library's Modelica package, lazy loading (a broken file nobody uses does not matter), the
// errors of a broken or misplaced library file, and Engine1a's siblings in the MSL sources
// ($MBENS_MSL_DIR, default ../shared/msl/v4.0.0; that test is skipped when they are absent).
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_model.h"

static char root[256];

static void put(const char* rel, const char* text) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", root, rel);
  for (char* s = strchr(path + strlen(root) + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = '\0';
    mkdir(path, 0755);
    *s = '/';
  }
  FILE* f = fopen(path, "w");
  ck_assert_msg(f != NULL, "cannot write %s", path);
  fputs(text, f);
  fclose(f);
}

// MyLib with Components and Examples; a Modelica package whose World must never be used; a
// broken file in MyLib that no model reaches
static void write_library(void) {
  snprintf(root, sizeof root, "/tmp/mbens-lib-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(root));
  put("MyLib/package.mo", "package MyLib \"a user's library\"\n  import SI = Modelica.Units.SI;\n"
                          "end MyLib;\n");
  put("MyLib/package.order", "Components\nExamples\n");
  put("MyLib/Components/package.mo", "within MyLib;\npackage Components\nend Components;\n");
  put("MyLib/Components/Arm.mo",
      "within MyLib.Components;\nmodel Arm\n  parameter SI.Length L = 0.5;\n"
      "  Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a;\n"
      "  Modelica.Mechanics.MultiBody.Joints.Revolute rev;\n"
      "  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {L, 0, 0});\nequation\n"
      "  connect(frame_a, rev.frame_a);\n  connect(rev.frame_b, box.frame_a);\nend Arm;\n");
  put("MyLib/Components/Broken.mo", "within MyLib.Components;\nmodel Broken\n  Real x\nend Broken;\n");
  put("MyLib/Components/Misplaced.mo", "within Other;\nmodel Misplaced\nend Misplaced;\n");
  put("MyLib/Examples/package.mo", "within MyLib;\npackage Examples\nend Examples;\n");
  put("MyLib/Examples/Swing.mo",
      "within MyLib.Examples;\nmodel Swing\n  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  Components.Arm arm(L = 0.4);\n  Components.Broken2 b;\nequation\n"
      "  connect(world.frame_b, arm.frame_a);\nend Swing;\n");
  put("MyLib/Examples/Good.mo",
      "within MyLib.Examples;\nmodel Good\n  inner Modelica.Mechanics.MultiBody.World world;\n"
      "  MyLib.Components.Arm arm(L = 0.4);\nequation\n  connect(world.frame_b, arm.frame_a);\n"
      "end Good;\n");
  put("Modelica/package.mo", "package Modelica\nend Modelica;\n");
  put("Modelica/Mechanics/package.mo", "within Modelica;\npackage Mechanics\nend Mechanics;\n");
  put("Modelica/Mechanics/MultiBody/package.mo",
      "within Modelica.Mechanics;\npackage MultiBody\n  model Extra\n    Real z = 1;\n  end Extra;\n"
      "end MultiBody;\n");
  put("Modelica/Units.mo",
      "within Modelica;\npackage Units\n  package SI\n    type Extra = Real(unit = \"J/s\");\n"
      "    type Length = Integer \"not the catalogue's\";\n  end SI;\nend Units;\n");
  put("Modelica/Mechanics/MultiBody/World.mo",
      "within Modelica.Mechanics.MultiBody;\nmodel World \"not the catalogue's\"\n  Real bogus;\n"
      "end World;\n");
}

static void remove_library(void) {
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  ck_assert_int_eq(system(cmd), 0);
}

static MbeStatus flatten_lib(const char* cls, MbeSpec** spec, MbeFlat** flat, MbeError* err) {
  *flat = NULL;
  ck_assert_int_eq(mbe_spec_create(spec, err), MBE_OK);
  ck_assert_int_eq(mbe_spec_add_library(*spec, root, err), MBE_OK);
  return mbe_flat_create(*spec, cls, flat, err);
}

START_TEST(test_two_level_library) {
  write_library();
  MbeSpec* spec;
  MbeFlat* flat;
  MbeError err;
  MbeStatus st = flatten_lib("MyLib.Examples.Good", &spec, &flat, &err);
  ck_assert_msg(st == MBE_OK, "%s:%d:%d: %s", err.file, err.line, err.column, err.message);
  // the library's import, its sibling package, the catalogue's classes
  ck_assert_double_eq(model_num(flat, "arm.L", 0), 0.4);
  ck_assert_double_eq(model_num(flat, "arm.box.r", 0), 0.4);
  const MbeInst* w = model_find_inst(flat, "world");
  ck_assert_ptr_nonnull(w);
  ck_assert_int_eq(w->kind, MBE_INST_BUILTIN);
  ck_assert_ptr_null(model_find_var(flat, "world.bogus"));
  // loaded on use only: Swing, Broken and Misplaced were never read
  for (size_t i = 0; i < spec->nfiles; i++) {
    ck_assert_msg(!strstr(spec->files[i]->path, "Broken") && !strstr(spec->files[i]->path, "Swing") &&
                      !strstr(spec->files[i]->path, "Misplaced"),
                  "%s was read", spec->files[i]->path);
  }
  // a class of the library's Modelica package that the catalogue lacks is there, also inside a
  // package the catalogue defines and the library holds as a file (Units.mo); the catalogue's
  // own class of a name both define stays
  ck_assert_ptr_nonnull(mbe_lookup_full_name(spec, "Modelica.Mechanics.MultiBody.Extra"));
  ck_assert_ptr_nonnull(mbe_lookup_full_name(spec, "Modelica.Units.SI.Extra"));
  const MbeClass* len = mbe_lookup_full_name(spec, "Modelica.Units.SI.Length");
  ck_assert_ptr_nonnull(len);
  ck_assert(len->is_catalogue);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);

  // a class that does not exist in a library package: the suggestion comes from its folder
  st = flatten_lib("MyLib.Examples.Swing", &spec, &flat, &err);
  ck_assert_int_eq(st, MBE_ERR_MODEL);
  ck_assert_msg(strstr(err.file, "MyLib/Examples/Swing.mo") && err.line == 5 && err.column == 3,
                "%s:%d:%d", err.file, err.line, err.column);
  ck_assert_msg(strstr(err.message, "MyLib.Components has no class 'Broken2' (did you mean"),
                "%s", err.message);
  mbe_spec_destroy(spec);
  remove_library();
}
END_TEST

START_TEST(test_broken_library_files) {
  write_library();
  MbeSpec* spec;
  MbeFlat* flat;
  MbeError err;
  // a syntax error in a library file: its own place
  MbeStatus st = flatten_lib("MyLib.Components.Broken", &spec, &flat, &err);
  ck_assert_int_eq(st, MBE_ERR_MODEL);
  ck_assert_msg(strstr(err.file, "MyLib/Components/Broken.mo") && err.line == 4 && err.column == 1,
                "%s:%d:%d: %s", err.file, err.line, err.column, err.message);
  mbe_spec_destroy(spec);
  // a file whose within does not match its folder
  st = flatten_lib("MyLib.Components.Misplaced", &spec, &flat, &err);
  ck_assert_int_eq(st, MBE_ERR_MODEL);
  ck_assert_msg(strstr(err.file, "Misplaced.mo") && err.line == 1 && err.column == 8, "%s:%d:%d",
                err.file, err.line, err.column);
  ck_assert_msg(strstr(err.message, "must start with 'within MyLib.Components;'"), "%s",
                err.message);
  mbe_spec_destroy(spec);
  remove_library();
}
END_TEST

// adds the file at path to a new spec and flattens its only model, failing the test on an error
static void flatten_file_ok(const char* path, MbeSpec** spec, MbeFlat** flat) {
  MbeError err;
  *flat = NULL;
  ck_assert_int_eq(mbe_spec_create(spec, &err), MBE_OK);
  ck_assert_int_eq(mbe_spec_add_file(*spec, path, &err), MBE_OK);
  MbeStatus st = mbe_flat_create(*spec, NULL, flat, &err);
  ck_assert_msg(st == MBE_OK, "%s:%d:%d: %s", err.file, err.line, err.column, err.message);
}

// a file given by itself inside a library finds its package and siblings through `within`
START_TEST(test_file_in_library) {
  write_library();
  char path[512];
  snprintf(path, sizeof path, "%s/MyLib/Examples/Good.mo", root);
  MbeSpec* spec;
  MbeFlat* flat;
  flatten_file_ok(path, &spec, &flat);
  ck_assert_str_eq(flat->top_name, "MyLib.Examples.Good");
  ck_assert_double_eq(model_num(flat, "arm.L", 0), 0.4);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
  remove_library();
}
END_TEST

// Engine1a extends Utilities.Engine1Base, its sibling package in the MSL sources
START_TEST(test_msl_siblings) {
  const char* msl = getenv("MBENS_MSL_DIR");
  char path[1024];
  snprintf(path, sizeof path, "%s/Modelica/Mechanics/MultiBody/Examples/Loops/Engine1a.mo",
           msl ? msl : MBENS_MSL_DEFAULT);
  if (access(path, R_OK) != 0) {
    fprintf(stderr, "skipped: %s not found (set MBENS_MSL_DIR)\n", path);
    return;
  }
  MbeSpec* spec;
  MbeFlat* flat;
  flatten_file_ok(path, &spec, &flat);
  // its base class Utilities.Engine1Base came from the sibling folder, with its components
  ck_assert_ptr_nonnull(model_find_inst(flat, "piston"));
  bool read = false;
  for (size_t i = 0; i < spec->nfiles; i++) {
    read = read || strstr(spec->files[i]->path, "Loops/Utilities/Engine1Base.mo") != NULL;
  }
  ck_assert(read);
  mbe_flat_destroy(flat);
  mbe_spec_destroy(spec);
}
END_TEST

Suite* make_model_library_suite(void) {
  Suite* s = suite_create("model_library");
  TCase* tc = mbe_tcase_create("library");
  tcase_add_test(tc, test_two_level_library);
  tcase_add_test(tc, test_broken_library_files);
  tcase_add_test(tc, test_file_in_library);
  tcase_add_test(tc, test_msl_siblings);
  suite_add_tcase(s, tc);
  return s;
}
