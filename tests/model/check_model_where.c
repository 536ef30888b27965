// SPDX-License-Identifier: Apache-2.0
// Tests of host/model/model_where.c: an error or a warning found in a catalogue class points at
// the user's text that caused it (the one modifier whose value the failing expression reads, else
// the user's component declaration), and the catalogue's place follows as a note line.
#include <string.h>

#include "check_model.h"

#define CATALOGUE_PARTS "<catalogue>/Modelica/Mechanics/MultiBody/Parts.mo:"

// the message's first line starts with first, and a note line in the catalogue follows that holds
// note
static void expect_note(const MbeError* err, const char* first, const char* note) {
  ck_assert_msg(strncmp(err->message, first, strlen(first)) == 0, "'%s' does not start with '%s'",
                err->message, first);
  const char* nl = strchr(err->message, '\n');
  ck_assert_msg(nl != NULL, "no note line in '%s'", err->message);
  ck_assert_msg(strncmp(nl + 1, "<catalogue>/", 12) == 0, "the note is not in the catalogue: '%s'",
                nl + 1);
  ck_assert_msg(strstr(nl, ": note: ") != NULL && strstr(nl, note) != NULL,
                "the note line '%s' lacks '%s'", nl + 1, note);
}

static void expect_at(const MbeError* err, int line, int col) {
  ck_assert_str_eq(err->file, MODEL_TEST_FILE);
  ck_assert_msg(err->line == line && err->column == col, "error at %d:%d, expected %d:%d: %s",
                err->line, err->column, line, col, err->message);
}

// a catalogue binding that fails on the user's value: at that modifier (r = {0, 0, 0})
START_TEST(test_binding_at_users_modifier) {
  ModelCase mc;
  ck_assert_int_eq(model_case_flatten(&mc,
                                      "model T\n"
                                      "  inner Modelica.Mechanics.MultiBody.World world;\n"
                                      "  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {0, 0, "
                                      "0});\n"
                                      "end T;\n",
                                      NULL),
                   MBE_ERR_MODEL);
  expect_at(&mc.err, 3, 54);
  expect_note(&mc.err, "box.r_CM: Modelica.Math.Vectors.normalizeWithAssert of a zero vector",
              "note: in Modelica.Mechanics.MultiBody.Parts.BodyBox: r_CM = r_shape + "
              "Modelica.Math.Vectors.normalizeWithAssert(lengthDirection)");
  ck_assert_ptr_nonnull(strstr(mc.err.message, "\n" CATALOGUE_PARTS));
  model_case_free(&mc);
}
END_TEST

// two of the user's values feed the failing binding: at the component's declaration
START_TEST(test_binding_at_declaration) {
  ModelCase mc;
  ck_assert_int_eq(model_case_flatten(&mc,
                                      "model T\n"
                                      "  inner Modelica.Mechanics.MultiBody.World world;\n"
                                      "  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {1, 0, "
                                      "0}, r_shape = {1, 0, 0});\n"
                                      "end T;\n",
                                      NULL),
                   MBE_ERR_MODEL);
  expect_at(&mc.err, 3, 46);
  expect_note(&mc.err, "box.r_CM: ", "Parts.BodyBox: r_CM = ");
  model_case_free(&mc);
}
END_TEST

// inside the user's own component: its modifier of the catalogue part, in the user's class
START_TEST(test_users_class_on_the_path) {
  ModelCase mc;
  ck_assert_int_eq(model_case_flatten(&mc,
                                      "model MyBox\n"
                                      "  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {L, 0, "
                                      "0});\n"
                                      "  parameter Real L = 1;\n"
                                      "end MyBox;\n"
                                      "model T\n"
                                      "  inner Modelica.Mechanics.MultiBody.World world;\n"
                                      "  MyBox b(L = 0);\n"
                                      "end T;\n",
                                      "T"),
                   MBE_ERR_MODEL);
  expect_at(&mc.err, 2, 54);
  expect_note(&mc.err, "b.box.r_CM: ", "r_CM = ");
  model_case_free(&mc);
}
END_TEST

// a catalogue parameter left without a value: the warning at the user's component, the
// catalogue's declaration as its note
START_TEST(test_warning_at_users_component) {
  ModelCase mc;
  ck_assert_int_eq(model_case_flatten(&mc,
                                      "model T\n"
                                      "  inner Modelica.Mechanics.MultiBody.World world;\n"
                                      "  Modelica.Mechanics.MultiBody.Parts.Body body(r_CM = {1, "
                                      "0, 0});\n"
                                      "end T;\n",
                                      NULL),
                   MBE_OK);
  ck_assert_uint_eq(mc.flat->nwarnings, 1);
  const MbeWarning* w = &mc.flat->warnings[0];
  ck_assert_str_eq(w->loc.file, MODEL_TEST_FILE);
  ck_assert_int_eq(w->loc.line, 3);
  ck_assert_int_eq(w->loc.col, 43);
  ck_assert_str_eq(w->message, "parameter 'body.m' has no value; using its start value");
  ck_assert_str_eq(w->note_loc.file, "<catalogue>/Modelica/Mechanics/MultiBody/Parts.mo");
  ck_assert_ptr_nonnull(w->note);
  ck_assert_str_eq(w->note, "in Modelica.Mechanics.MultiBody.Parts.Body: the declaration of m");
  model_case_free(&mc);
}
END_TEST

// the user's files are those given to the spec, not the catalogue's
START_TEST(test_user_files) {
  ModelCase mc;
  model_case_ok(&mc,
                "model T\n"
                "  inner Modelica.Mechanics.MultiBody.World world;\n"
                "end T;\n",
                NULL);
  ck_assert(mbe_spec_is_user_file(mc.spec, MODEL_TEST_FILE));
  ck_assert(!mbe_spec_is_user_file(mc.spec, "<catalogue>/Modelica/Mechanics/MultiBody.mo"));
  ck_assert(!mbe_spec_is_user_file(mc.spec, "other.mo"));
  ck_assert(!mbe_spec_is_user_file(mc.spec, ""));
  ck_assert(!mbe_spec_is_user_file(mc.spec, NULL));
  model_case_free(&mc);
}
END_TEST

// the last resort of each stage: the variable the message names, else the top class
START_TEST(test_last_resort_by_name) {
  ModelCase mc;
  model_case_ok(&mc,
                "model T\n"
                "  inner Modelica.Mechanics.MultiBody.World world;\n"
                "  Modelica.Mechanics.MultiBody.Forces.WorldForce force;\n"
                "end T;\n",
                NULL);
  const MbeVar* v = model_find_var(mc.flat, "force.force");
  ck_assert_ptr_nonnull(v);
  MbeError err;
  mbe_error_at(&err, MBE_ERR_MODEL, v->loc, "input force.force[3] is not connected");
  mbe_flat_error_to_user(mc.flat, &err);
  expect_at(&err, 3, 50);
  expect_note(&err, "force: input force.force[3] is not connected\n",
              "note: in Modelica.Mechanics.MultiBody.Forces.WorldForce: the declaration of force");

  // a message that names nothing: the top class
  mbe_error_at(&err, MBE_ERR_MODEL, v->loc, "something is wrong");
  mbe_flat_error_to_user(mc.flat, &err);
  expect_at(&err, 1, 7);
  expect_note(&err, "something is wrong\n", "note: in Modelica.Mechanics.MultiBody.Forces.");

  // an error in the user's file stays
  MbeError mine;
  mbe_error_set_at(&mine, MBE_ERR_MODEL, MODEL_TEST_FILE, 2, 3, "world: as it was");
  mbe_flat_error_to_user(mc.flat, &mine);
  expect_at(&mine, 2, 3);
  ck_assert_str_eq(mine.message, "world: as it was");
  model_case_free(&mc);
}
END_TEST

Suite* make_model_where_suite(void) {
  Suite* s = suite_create("model_where");
  TCase* tc = mbe_tcase_create("errors");
  tcase_add_test(tc, test_binding_at_users_modifier);
  tcase_add_test(tc, test_binding_at_declaration);
  tcase_add_test(tc, test_users_class_on_the_path);
  tcase_add_test(tc, test_last_resort_by_name);
  suite_add_tcase(s, tc);

  tc = mbe_tcase_create("warnings");
  tcase_add_test(tc, test_warning_at_users_component);
  tcase_add_test(tc, test_user_files);
  suite_add_tcase(s, tc);
  return s;
}
