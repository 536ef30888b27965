// SPDX-License-Identifier: Apache-2.0
// Tests of host/model/model_visual.c: which parameters only the animation reads. The catalogue's
// [animation] mark makes a parameter visual; it stays visual only while everything that reads it
// is visual too, and a user's parameter that only visual values read is visual as well.
#include "check_model.h"

// a pendulum: a revolute, a box (its width left to the World's default or set) and a body; L feeds
// only the animation, M the mass, K both, U nothing
static const char* model_text(bool box_width_set) {
  return box_width_set ? "model T\n"
                         "  parameter Real L = 0.2;\n"
                         "  parameter Real M = 1;\n"
                         "  parameter Real K = 0.3;\n"
                         "  parameter Real U = 4;\n"
                         "  inner Modelica.Mechanics.MultiBody.World world;\n"
                         "  Modelica.Mechanics.MultiBody.Joints.Revolute rev(cylinderLength = L);\n"
                         "  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {0.5, 0, 0}, "
                         "width = 0.1);\n"
                         "  Modelica.Mechanics.MultiBody.Parts.Body body(m = M, r_CM = {K, 0, 0}, "
                         "sphereDiameter = K, animation = false);\n"
                         "equation\n"
                         "  connect(world.frame_b, rev.frame_a);\n"
                         "  connect(rev.frame_b, box.frame_a);\n"
                         "  connect(box.frame_b, body.frame_a);\n"
                         "end T;\n"
                       : "model T\n"
                         "  inner Modelica.Mechanics.MultiBody.World world;\n"
                         "  Modelica.Mechanics.MultiBody.Joints.Revolute rev;\n"
                         "  Modelica.Mechanics.MultiBody.Parts.BodyBox box(r = {0.5, 0, 0});\n"
                         "equation\n"
                         "  connect(world.frame_b, rev.frame_a);\n"
                         "  connect(rev.frame_b, box.frame_a);\n"
                         "end T;\n";
}

static bool visual(const MbeFlat* f, const char* name) {
  const MbeVar* v = model_find_var(f, name);
  ck_assert_msg(v != NULL, "no variable %s", name);
  return v->is_visual;
}

// the marked declarations of the catalogue, of every type
START_TEST(test_marked_parameters) {
  ModelCase mc;
  model_case_ok(&mc, model_text(true), NULL);
  const char* yes[] = {"world.axisLength",      "world.nominalLength",   "world.defaultJointLength",
                       "world.enableAnimation", "world.label1",          "world.axisColor_x",
                       "rev.cylinderLength",    "rev.cylinderDiameter",  "rev.cylinderColor",
                       "body.animation",        "body.cylinderDiameter", "box.color"};
  for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
    ck_assert_msg(visual(mc.flat, yes[i]), "%s should be visual", yes[i]);
  }
  const char* no[] = {"world.g",   "world.n",   "world.mu",   "rev.n",       "body.m",
                      "body.r_CM", "box.width", "box.length", "box.density", "body.z_0_start"};
  for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
    ck_assert_msg(!visual(mc.flat, no[i]), "%s should not be visual", no[i]);
  }
  model_case_free(&mc);
}
END_TEST

// the user's parameters: visual when only visual values read them, not when a simulated one
// does too, and not when nothing reads them
START_TEST(test_user_parameters) {
  ModelCase mc;
  model_case_ok(&mc, model_text(true), NULL);
  ck_assert(visual(mc.flat, "L"));
  ck_assert(!visual(mc.flat, "M"));
  ck_assert(!visual(mc.flat, "K"));
  ck_assert(!visual(mc.flat, "U"));
  model_case_free(&mc);
}
END_TEST

// the World's defaultWidthFraction sizes a box whose width is the default: then it is not visual
START_TEST(test_default_read_by_geometry) {
  ModelCase mc;
  model_case_ok(&mc, model_text(false), NULL);
  ck_assert(!visual(mc.flat, "world.defaultWidthFraction"));
  ck_assert(visual(mc.flat, "world.defaultJointWidth"));
  model_case_free(&mc);
  model_case_ok(&mc, model_text(true), NULL);
  ck_assert(visual(mc.flat, "world.defaultWidthFraction"));
  model_case_free(&mc);
}
END_TEST

Suite* make_model_visual_suite(void) {
  Suite* s = suite_create("model_visual");
  TCase* tc = mbe_tcase_create("visual");
  tcase_add_test(tc, test_marked_parameters);
  tcase_add_test(tc, test_user_parameters);
  tcase_add_test(tc, test_default_read_by_geometry);
  suite_add_tcase(s, tc);
  return s;
}
