// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the host/model tests (defined in check_model.c): flatten a model text, find
// variables and instances of the flat model by name, expect an error at an exact location.
#ifndef CHECK_MODEL_H
#define CHECK_MODEL_H

#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"
#include "mbe_check.h"
#include "model.h"

// the file name model texts are parsed under, as it appears in MbeError.file and MbeLoc.file
#define MODEL_TEST_FILE "test.mo"

// a spec and the flat model made from it; destroy with model_case_free
typedef struct ModelCase {
  MbeSpec* spec;
  MbeFlat* flat;  // NULL when flattening failed
  MbeError err;
} ModelCase;

// parses text as MODEL_TEST_FILE and flattens class cls (NULL: the only model); returns the status
MbeStatus model_case_flatten(ModelCase* mc, const char* text, const char* cls);

// as model_case_flatten, failing the test on an error or on a warning of the flat model
void model_case_ok(ModelCase* mc, const char* text, const char* cls);

void model_case_free(ModelCase* mc);

// flattens text and asserts the status, MODEL_TEST_FILE:line:col and a part of the message
void model_expect_error(const char* text, const char* cls, MbeStatus code, int line, int col,
                        const char* part);

// the variable or instance with this full dotted name, NULL if none
const MbeVar* model_find_var(const MbeFlat* f, const char* name);
const MbeInst* model_find_inst(const MbeFlat* f, const char* name);

// the variable, failing the test when it does not exist or has no evaluated value
const MbeVar* model_var(const MbeFlat* f, const char* name);

// element i (row-major) of an evaluated parameter value; fails the test when out of range
double model_num(const MbeFlat* f, const char* name, size_t i);

// element i of attribute a of a variable (a scalar attribute value applies to every element)
double model_attr(const MbeFlat* f, const char* name, MbeAttr a, size_t i);

// the suites of the other files of check_model
Suite* make_model_eval_suite(void);
Suite* make_model_errors_suite(void);
Suite* make_model_msl_suite(void);
Suite* make_model_where_suite(void);
Suite* make_model_library_suite(void);
Suite* make_model_visual_suite(void);

#endif
