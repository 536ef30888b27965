// SPDX-License-Identifier: Apache-2.0
// Tests of host/model on the MSL models of models/msl: every file flattens without error or
// warning; values, instance names, classes, connection counts and experiments match the fact
// sheets (reference/FACTS.md, found through $MBENS_REFERENCE_DIR, default ../shared/reference).
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check_model.h"

enum { MAX_FILES = 512, PATH_LEN = 1024 };

// ---- the model files ----------------------------------------------------------------------

typedef struct FileList {
  char* path[MAX_FILES];
  size_t n;
} FileList;

static int compare_paths(const void* a, const void* b) {
  return strcmp(*(char* const*)a, *(char* const*)b);
}

// appends every *.mo file under dir, recursively
static void collect_mo(const char* dir, FileList* out) {
  DIR* d = opendir(dir);
  ck_assert_msg(d != NULL, "cannot open %s", dir);
  struct dirent* e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') {
      continue;
    }
    char path[PATH_LEN];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    size_t len = strlen(e->d_name);
    if (S_ISDIR(st.st_mode)) {
      collect_mo(path, out);
    } else if (len > 3 && strcmp(e->d_name + len - 3, ".mo") == 0) {
      ck_assert_uint_lt(out->n, MAX_FILES);
      out->path[out->n] = malloc(strlen(path) + 1);
      ck_assert_ptr_nonnull(out->path[out->n]);
      strcpy(out->path[out->n++], path);
    }
  }
  closedir(d);
}

static void msl_files(FileList* out) {
  char dir[PATH_LEN];
  snprintf(dir, sizeof dir, "%s/models/msl", mbe_test_source_dir());
  out->n = 0;
  collect_mo(dir, out);
  qsort(out->path, out->n, sizeof out->path[0], compare_paths);
}

static void free_files(FileList* l) {
  for (size_t i = 0; i < l->n; i++) {
    free(l->path[i]);
  }
  l->n = 0;
}

// flattens the only model of an MSL file
static void flatten_file(ModelCase* mc, const char* path) {
  memset(mc, 0, sizeof *mc);
  ck_assert_int_eq(mbe_spec_create(&mc->spec, &mc->err), MBE_OK);
  MbeStatus st = mbe_spec_add_file(mc->spec, path, &mc->err);
  if (st == MBE_OK) {
    st = mbe_flat_create(mc->spec, NULL, &mc->flat, &mc->err);
  }
  ck_assert_msg(st == MBE_OK, "%s: %s:%d:%d: %s", path, mc->err.file, mc->err.line, mc->err.column,
                mc->err.message);
}

// the flat model of the MSL file whose path ends with suffix
static void flatten_msl(ModelCase* mc, const char* suffix) {
  char path[PATH_LEN];
  snprintf(path, sizeof path, "%s/models/msl/%s", mbe_test_source_dir(), suffix);
  flatten_file(mc, path);
  ck_assert_msg(mc->flat->nwarnings == 0, "%s: %s", suffix, mc->flat->warnings[0].message);
}

// distinct connect equations (an array connect expands to several scalar connections)
static size_t count_connects(const MbeFlat* f) {
  size_t n = 0;
  for (size_t i = 0; i < f->nconns; i++) {
    bool seen = false;
    for (size_t j = 0; j < i && !seen; j++) {
      seen = f->conns[j].loc.offset == f->conns[i].loc.offset &&
             f->conns[j].loc.file == f->conns[i].loc.file;
    }
    n += !seen;
  }
  return n;
}

// ---- the fact sheets ----------------------------------------------------------------------

static char* g_facts;  // FACTS.md, NULL when absent

static const char* reference_dir(void) {
  static char dir[PATH_LEN];
  const char* env = getenv("MBENS_REFERENCE_DIR");
  if (env && env[0]) {
    return env;
  }
  snprintf(dir, sizeof dir, "%s/../shared/reference", mbe_test_source_dir());
  return dir;
}

static void load_facts(void) {
  char path[PATH_LEN + 16];
  snprintf(path, sizeof path, "%s/FACTS.md", reference_dir());
  FILE* fp = fopen(path, "rb");
  if (!fp) {
    printf(
        "check_model_msl: %s not found (set MBENS_REFERENCE_DIR to the folder of FACTS.md); "
        "the fact-sheet comparisons are skipped\n",
        path);
    return;
  }
  fseek(fp, 0, SEEK_END);
  long size = ftell(fp);
  rewind(fp);
  g_facts = malloc((size_t)size + 1);
  ck_assert_ptr_nonnull(g_facts);
  ck_assert_uint_eq(fread(g_facts, 1, (size_t)size, fp), (size_t)size);
  g_facts[size] = '\0';
  fclose(fp);
}

static void unload_facts(void) {
  free(g_facts);
  g_facts = NULL;
}

// the sheet of class cls: [*begin, *end) of FACTS.md; false when there is none
static bool find_sheet(const char* cls, const char** begin, const char** end) {
  char key[PATH_LEN];
  snprintf(key, sizeof key, "class `%s`.", cls);
  const char* at = strstr(g_facts, key);
  if (!at) {
    return false;
  }
  const char* b = at;
  while (b > g_facts && strncmp(b, "\n### ", 5) != 0) {
    b--;
  }
  const char* e = strstr(at, "\n### ");
  *begin = b;
  *end = e ? e : at + strlen(at);
  return true;
}

// the number N of "Connections (N):" in a sheet; 0 for "Connections: none"; -1 when not given
static int sheet_connections(const char* b, const char* e) {
  for (const char* p = b; p && p < e; p = strchr(p + 1, '\n')) {
    int n;
    if (sscanf(p, "\nConnections (%d):", &n) == 1) {
      return n;
    }
    if (strncmp(p, "\nConnections: none", 18) == 0) {
      return 0;
    }
  }
  return -1;
}

// compares the instance table of a sheet with the flat model: every instance exists (an array
// row "name[n]" as name[1] ... name[n]) and its class ends with the sheet's class
static void check_sheet_instances(const MbeFlat* f, const char* b, const char* e,
                                  const char* file) {
  size_t rows = 0;
  bool in_table = false;
  for (const char* p = b; p && p < e; p = strchr(p + 1, '\n')) {
    const char* line = p + 1;
    if (strncmp(line, "| Instance |", 12) == 0) {
      in_table = true;
      continue;
    }
    if (!in_table || strncmp(line, "|---", 4) == 0) {
      continue;
    }
    if (line[0] != '|') {
      in_table = false;
      continue;
    }

    // "| name[n] | class, notes | ..."
    char name[128], cls[128];
    int count = 0;
    if (sscanf(line, "| %127[A-Za-z0-9_] | %127[A-Za-z0-9_.]", name, cls) != 2) {
      continue;
    }
    const char* after = line + 2 + strlen(name);
    if (*after == '[') {
      count = atoi(after + 1);
    }
    for (int k = count ? 1 : 0; k <= count; k++) {
      char inst[160];
      if (count) {
        snprintf(inst, sizeof inst, "%s[%d]", name, k);
      } else {
        snprintf(inst, sizeof inst, "%s", name);
      }
      const MbeInst* in = model_find_inst(f, inst);
      ck_assert_msg(in != NULL, "%s: the fact sheet's instance '%s' is not in the flat model", file,
                    inst);
      size_t lc = strlen(cls), ln = strlen(in->class_name);
      ck_assert_msg(ln > lc && strcmp(in->class_name + ln - lc, cls) == 0 &&
                        in->class_name[ln - lc - 1] == '.',
                    "%s: %s is a %s, the fact sheet says %s", file, inst, in->class_name, cls);
    }
    rows++;
  }
  ck_assert_msg(rows > 0, "%s: no instance table in the fact sheet", file);
}

// "StopTime X" and "output interval Y" of the sheet's experiment line against the model's
static void check_sheet_experiment(const MbeFlat* f, const char* b, const char* e,
                                   const char* file) {
  const char* ex = strstr(b, "\n- Experiment");
  ck_assert_msg(ex && ex < e, "%s: the fact sheet has no experiment line", file);
  const char* st = strstr(ex, "StopTime ");
  const char* iv = strstr(ex, "output interval ");
  const char* eol = strchr(ex + 1, '\n');
  ck_assert(st && iv && st < eol && iv < eol);
  double stop = atof(st + 9), interval = atof(iv + 16);
  // the MSL's own files state StopTime and leave the interval to the tool; transcriptions carry
  // the reference run's interval
  ck_assert_msg(f->has_stop_time, "%s: no StopTime", file);
  MBE_CK_NEAR(f->stop_time, stop, 1e-12, 0);
  if (f->has_interval) {
    MBE_CK_NEAR(f->interval, interval, 1e-12, 0);
  }
}

// ---- every file ---------------------------------------------------------------------------

// models with a free parameter `c(fixed=false, start=...)`: determined by initialization, the
// start value is the guess, so they flatten without the "no value" warning
static const char* const FREE_PARAMETER_MODELS[] = {
    "Modelica/Mechanics/MultiBody/Examples/Elementary/InitSpringConstant.mo",
    "ModelicaTest/MultiBody/Forces/Spring.mo",
    "ModelicaTest/MultiBody/Joints/PrismaticInit.mo",
    "ModelicaTest/MultiBody/Joints/RevoluteInitialization.mo",
};

START_TEST(test_msl_all_files_flatten) {
  FileList files;
  msl_files(&files);
  ck_assert_uint_ge(files.n, 70);
  size_t nsheets = 0;
  for (size_t i = 0; i < files.n; i++) {
    const char* path = files.path[i];
    const char* file = path + strlen(mbe_test_source_dir()) + strlen("/models/msl/");
    ModelCase mc;
    flatten_file(&mc, path);
    const MbeFlat* f = mc.flat;
    ck_assert_msg(f->nwarnings == 0, "%s: warning %s:%d: %s", file, f->warnings[0].loc.file,
                  f->warnings[0].loc.line, f->warnings[0].message);

    // the file's path is its class's full name (models/msl mirrors the MSL layout)
    char expect[PATH_LEN];
    snprintf(expect, sizeof expect, "%s", file);
    expect[strlen(expect) - 3] = '\0';
    for (char* p = expect; *p; p++) {
      *p = *p == '/' ? '.' : *p;
    }
    ck_assert_str_eq(f->top_name, expect);

    // every model has its world at the top
    const MbeInst* world = model_find_inst(f, "world");
    ck_assert_msg(world != NULL, "%s: no world", file);
    ck_assert_str_eq(world->class_name, "Modelica.Mechanics.MultiBody.World");

    // against the fact sheet: connect equations, instances and classes, experiment
    const char *b, *e;
    if (g_facts && find_sheet(f->top_name, &b, &e)) {
      nsheets++;
      int nconn = sheet_connections(b, e);
      if (nconn >= 0) {
        ck_assert_msg(count_connects(f) == (size_t)nconn,
                      "%s: %zu connect equations, the sheet has %d", file, count_connects(f),
                      nconn);
      }
      check_sheet_instances(f, b, e, file);
      check_sheet_experiment(f, b, e, file);
    }
    model_case_free(&mc);
  }
  if (g_facts) {
    ck_assert_uint_eq(nsheets, files.n);
  }
  free_files(&files);
}
END_TEST

START_TEST(test_msl_free_parameters_no_warning) {
  for (size_t i = 0; i < sizeof FREE_PARAMETER_MODELS / sizeof FREE_PARAMETER_MODELS[0]; i++) {
    ModelCase mc;
    flatten_msl(&mc, FREE_PARAMETER_MODELS[i]);
    model_case_free(&mc);
  }
}
END_TEST

// ---- values of the fact sheets (copied by hand: they need no FACTS.md) ---------------------

START_TEST(test_msl_double_pendulum) {
  ModelCase mc;
  flatten_msl(&mc, "Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum.mo");
  const MbeFlat* f = mc.flat;

  // boxBody1/2: r = (0.5, 0, 0), width = 0.06 -> m = 7700*0.5*0.06*0.06 = 13.86,
  // r_CM = (0.25, 0, 0)
  const char* const boxes[] = {"boxBody1", "boxBody2"};
  for (int i = 0; i < 2; i++) {
    char name[64];
    snprintf(name, sizeof name, "%s.m", boxes[i]);
    MBE_CK_NEAR(model_num(f, name, 0), 13.86, 1e-12, 0);
    snprintf(name, sizeof name, "%s.r_CM", boxes[i]);
    MBE_CK_NEAR(model_num(f, name, 0), 0.25, 1e-15, 0);
    ck_assert_double_eq(model_num(f, name, 1), 0);
    ck_assert_double_eq(model_num(f, name, 2), 0);
    snprintf(name, sizeof name, "%s.height", boxes[i]);
    ck_assert_double_eq(model_num(f, name, 0), 0.06);
  }

  // damper d = 0.1; revolute1 has the axis flange, default axis (0, 0, 1)
  ck_assert_double_eq(model_num(f, "damper.d", 0), 0.1);
  ck_assert_double_eq(model_num(f, "revolute1.useAxisFlange", 0), 1);
  ck_assert_double_eq(model_num(f, "revolute2.useAxisFlange", 0), 0);
  ck_assert_double_eq(model_num(f, "revolute1.n", 2), 1);
  ck_assert_double_eq(model_attr(f, "revolute1.phi", MBE_ATTR_FIXED, 0), 1);
  ck_assert_double_eq(model_attr(f, "revolute2.w", MBE_ATTR_FIXED, 0), 1);

  // world defaults: g = g_n = 9.80665 (not 9.81), n = (0, -1, 0), uniform gravity
  ck_assert_double_eq(model_num(f, "world.g", 0), 9.80665);
  ck_assert_double_eq(model_num(f, "world.n", 1), -1);
  ck_assert_double_eq(model_num(f, "world.gravityType", 0), 2);
  ck_assert_uint_eq(f->nconns, 6);
  ck_assert_double_eq(f->stop_time, 3);
  model_case_free(&mc);
}
END_TEST

START_TEST(test_msl_force_and_torque) {
  ModelCase mc;
  flatten_msl(&mc, "Modelica/Mechanics/MultiBody/Examples/Elementary/ForceAndTorque.mo");
  const MbeFlat* f = mc.flat;

  // BodyCylinder r = (1, 0, 0): diameter 0.05, m = 15.1189 kg, I22 = 1.26227, r_CM = (0.5, 0, 0)
  MBE_CK_NEAR(model_num(f, "body.m", 0), 15.1189, 1e-5, 0);
  MBE_CK_NEAR(model_num(f, "body.I22", 0), 1.26227, 1e-5, 0);
  MBE_CK_NEAR(model_num(f, "body.diameter", 0), 0.05, 1e-15, 0);
  MBE_CK_NEAR(model_num(f, "body.r_CM", 0), 0.5, 1e-15, 0);

  // the sources: torque[3].k = (-100, 100, 0), force[3].k = (0, 1000, 0)
  ck_assert_double_eq(model_num(f, "torque[1].k", 0), -100);
  ck_assert_double_eq(model_num(f, "torque[2].k", 0), 100);
  ck_assert_double_eq(model_num(f, "torque[3].k", 0), 0);
  ck_assert_double_eq(model_num(f, "force[2].k", 0), 1000);

  // fixedRotation 30 degrees about z; revolute2 about y; fixed2 at (1.5, 0.25, 0)
  ck_assert_double_eq(model_num(f, "fixedRotation.angle", 0), 30);
  ck_assert_double_eq(model_num(f, "fixedRotation.n", 2), 1);
  ck_assert_double_eq(model_num(f, "revolute2.n", 1), 1);
  ck_assert_double_eq(model_num(f, "fixed2.r", 0), 1.5);
  ck_assert_double_eq(model_num(f, "fixed2.r", 1), 0.25);
  const MbeVar* rf = model_var(f, "forceAndTorque.resolveInFrame");
  ck_assert_str_eq(rf->value.enum_type->literals[(int)rf->value.num[0] - 1].name, "frame_resolve");

  // 9 connect equations, of which force.y -> forceAndTorque.force and torque.y -> .torque are
  // element-wise over 3 signals: 7 + 2*3 scalar connections
  ck_assert_uint_eq(count_connects(f), 9);
  ck_assert_uint_eq(f->nconns, 13);
  model_case_free(&mc);
}
END_TEST

START_TEST(test_msl_point_gravity) {
  ModelCase mc;
  flatten_msl(&mc, "Modelica/Mechanics/MultiBody/Examples/Elementary/PointGravity.mo");
  const MbeFlat* f = mc.flat;

  // world: PointGravity with mu = 1; no connections
  ck_assert_double_eq(model_num(f, "world.mu", 0), 1);
  const MbeVar* gt = model_var(f, "world.gravityType");
  ck_assert_str_eq(gt->value.enum_type->literals[(int)gt->value.num[0] - 1].name, "PointGravity");
  ck_assert_uint_eq(f->nconns, 0);

  // body1: r_0 = (0, 0.6, 0) and v_0 = (1, 0, 0) fixed; body2: v_0 = (0.6, 0, 0)
  ck_assert_double_eq(model_attr(f, "body1.r_0", MBE_ATTR_START, 1), 0.6);
  ck_assert_double_eq(model_attr(f, "body1.v_0", MBE_ATTR_START, 0), 1);
  for (size_t i = 0; i < 3; i++) {
    ck_assert_double_eq(model_attr(f, "body1.r_0", MBE_ATTR_FIXED, i), 1);
    ck_assert_double_eq(model_attr(f, "body2.v_0", MBE_ATTR_FIXED, i), 1);
  }
  ck_assert_double_eq(model_attr(f, "body2.r_0", MBE_ATTR_START, 0), 0.6);
  ck_assert_double_eq(model_attr(f, "body2.v_0", MBE_ATTR_START, 0), 0.6);
  ck_assert_double_eq(model_num(f, "body1.angles_fixed", 0), 1);
  ck_assert_double_eq(model_num(f, "body2.w_0_fixed", 0), 1);
  ck_assert_double_eq(model_num(f, "body1.I_22", 0), 0.1);
  model_case_free(&mc);

  // PointGravityWithPointMasses2: mu = 5
  flatten_msl(&mc,
              "Modelica/Mechanics/MultiBody/Examples/Elementary/PointGravityWithPointMasses2.mo");
  ck_assert_double_eq(model_num(mc.flat, "world.mu", 0), 5);
  model_case_free(&mc);
}
END_TEST

START_TEST(test_msl_pendulum_and_free_parameter) {
  ModelCase mc;
  flatten_msl(&mc, "Modelica/Mechanics/MultiBody/Examples/Elementary/Pendulum.mo");
  ck_assert_double_eq(model_num(mc.flat, "body.m", 0), 1);
  ck_assert_double_eq(model_num(mc.flat, "body.r_CM", 0), 0.5);
  ck_assert_double_eq(model_num(mc.flat, "body.I_11", 0), 0.001);
  ck_assert_double_eq(model_num(mc.flat, "rev.n", 2), 1);
  ck_assert_double_eq(mc.flat->stop_time, 5);
  model_case_free(&mc);

  // InitSpringConstant: spring.c is free, start (guess) 100, not fixed
  char path[PATH_LEN];
  snprintf(path, sizeof path, "%s/models/msl/%s", mbe_test_source_dir(),
           "Modelica/Mechanics/MultiBody/Examples/Elementary/InitSpringConstant.mo");
  flatten_file(&mc, path);
  ck_assert_double_eq(model_attr(mc.flat, "spring.c", MBE_ATTR_START, 0), 100);
  ck_assert_double_eq(model_attr(mc.flat, "spring.c", MBE_ATTR_FIXED, 0), 0);
  ck_assert_double_eq(model_num(mc.flat, "spring.s_unstretched", 0), 0.1);
  ck_assert_double_eq(model_attr(mc.flat, "rev.a", MBE_ATTR_FIXED, 0), 1);
  model_case_free(&mc);
}
END_TEST

Suite* make_model_msl_suite(void) {
  Suite* s = suite_create("model_msl");
  TCase* tc = mbe_tcase_create("msl");
  tcase_add_unchecked_fixture(tc, load_facts, unload_facts);
  tcase_add_test(tc, test_msl_all_files_flatten);
  tcase_add_test(tc, test_msl_free_parameters_no_warning);
  tcase_add_test(tc, test_msl_double_pendulum);
  tcase_add_test(tc, test_msl_force_and_torque);
  tcase_add_test(tc, test_msl_point_gravity);
  tcase_add_test(tc, test_msl_pendulum_and_free_parameter);
  suite_add_tcase(s, tc);
  return s;
}
