// SPDX-License-Identifier: Apache-2.0
// Models and evaluators, the library's front door: load a model from its files and libraries,
// list what it offers (parameters, start values, signals), compile it once for a backend with a
// chosen set of varied parameters, quantities of interest and signals, and evaluate batches of
// parameter vectors with it as often as needed (an optimizer's loop, a sensitivity study).
//
//   MbeModelDef md = mbe_model_def_default();
//   const char* files[] = {"Pendulum.mo"};
//   md.files = files, md.nfiles = 1;
//   MbeModel* m;
//   mbe_model_load(&md, &m, &err);
//   MbeEvaluatorDef ed = mbe_evaluator_def_default(m);
//   const char* vary[] = {"damper.d"}, *qoi[] = {"max(abs(rev.phi))"};
//   ed.vary = vary, ed.nvary = 1, ed.qoi = qoi, ed.nqoi = 1;
//   MbeEvaluator* ev;
//   mbe_evaluator_create(m, &ed, &ev, &err);
//   MbeEvalBatch b = {.n = 64, .p = p, .qoi = q, .status = status};
//   mbe_evaluator_run(ev, &b, &err);   // again and again: nothing is compiled twice
#ifndef MBE_EVALUATOR_H
#define MBE_EVALUATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mbe_export.h"
#include "mbe_runtime.h"
#include "mbe_status.h"

MBE_BEGIN_DECLS

/* ---- models ----------------------------------------------------------------------------- */

typedef struct MbeModel MbeModel;

// Where a model comes from; start from mbe_model_def_default().
typedef struct MbeModelDef {
  const char* const* files;  // (nfiles) .mo files, parsed in order
  size_t nfiles;
  const char* const* libraries;  // (nlibraries) library folders (packages as NAME/package.mo or
  size_t nlibraries;             // NAME.mo) loaded by name as the model needs their classes
  bool use_modelicapath;         // then the folders of $MODELICAPATH (default true)
  const char* class_name;        // a full or unique short name; NULL: the only model of files
  int cookie;                    // set by mbe_model_def_default, checked by mbe_model_load
} MbeModelDef;

MBE_API MbeModelDef mbe_model_def_default(void);

// Parses the files, flattens the class and builds its equations. Errors in the model carry its
// file:line:column (MBE_ERR_MODEL, MBE_ERR_UNSUPPORTED); MBE_ERR_IO for a file that cannot be
// read, MBE_ERR_USAGE for an unknown or ambiguous class, MBE_ERR_INVALID_ARG for a bad def.
// Out: owned, NULL on failure. Nullable: err.
MBE_API MbeStatus mbe_model_load(const MbeModelDef* def, MbeModel** out, MbeError* err);

// Frees a model; its evaluators must be destroyed first. NULL is a no-op.
MBE_API void mbe_model_destroy(MbeModel* m);

// the model's full class name ("Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum")
MBE_API const char* mbe_model_name(const MbeModel* m);

// One parameter element or start value of a model.
typedef struct MbeParamInfo {
  const char* name;         // as --vary and MbeEvaluatorDef.vary take it: "body.m",
                            // "boxBody1.r[1]", "revolute1.phi.start"
  double nominal;           // the model's own value (Integer, Boolean, enumeration: as numbers)
  double min, max;          // declared bounds (also through the type: SI.Mass has min 0);
                            // -inf and inf where there are none
  const char* unit;         // "kg", "rad", ...; "" where none is declared
  const char* description;  // the declaration's description string, "" if none
  bool is_start;            // the start value of a state, not a parameter's value
  bool can_vary;            // it may be a member's parameter
  const char* why_not;      // why it may not ("" where it may): structural, final, protected,
                            // fixed=false, only the animation reads it
} MbeParamInfo;

// The parameters the model shows its users (every element; those of the built-in components'
// own parts only where the model sets them), then the start values of its states. Strings live
// as long as the model.
MBE_API size_t mbe_model_param_count(const MbeModel* m);
MBE_API void mbe_model_param(const MbeModel* m, size_t k, MbeParamInfo* out);

// the signals (every name --signals, QoIs and MbeEvaluatorDef.signals take), sorted by name
MBE_API size_t mbe_model_signal_count(const MbeModel* m);
MBE_API const char* mbe_model_signal(const MbeModel* m, size_t k);

// the states the kernel integrates, in its order, with their start values
MBE_API size_t mbe_model_state_count(const MbeModel* m);
MBE_API const char* mbe_model_state(const MbeModel* m, size_t k);
MBE_API double mbe_model_state_start(const MbeModel* m, size_t k);

// The model's experiment annotation; has_* false where it sets none.
typedef struct MbeModelExperiment {
  bool has_start_time, has_stop_time, has_interval, has_tolerance;
  double start_time, stop_time, interval, tolerance;
} MbeModelExperiment;

MBE_API MbeModelExperiment mbe_model_experiment(const MbeModel* m);

// Why single precision cannot run the model (its kinematic loops, ...), NULL where it can.
MBE_API const char* mbe_model_needs_double(const MbeModel* m);

// The run settings of the model's experiment annotation (StartTime, StopTime, Interval,
// Tolerance; else 0, 1, (stop - start)/500, 1e-6) with dopri5.
MBE_API MbeRunDef mbe_model_run_def(const MbeModel* m);

// Run settings as a user chooses them: NaN (or 0) where the model's experiment annotation, or
// the default, decides.
typedef struct MbeRunChoice {
  double start_time, stop_time;  // NaN: StartTime, StopTime (else 0, 1)
  double interval;               // between output points; NaN: Interval (else (stop-start)/500)
  double tolerance;              // relative and absolute; NaN: Tolerance (else 1e-6)
  double step;                   // RK4's step (NaN: interval/10), DOPRI5's largest (NaN: none)
  MbeRunMethod method;           // default DOPRI5
  int max_steps;                 // steps a member may take; 0: the default
} MbeRunChoice;

MBE_API MbeRunChoice mbe_run_choice_default(void);

// The run def of choice c over the experiment e. An interval that does not divide the time
// span is rounded to the nearest number of points (a warning is logged). Errors:
// MBE_ERR_USAGE for a stop time not after the start, more than 1e8 points, a bad tolerance or
// step. Nullable: err.
MBE_API MbeStatus mbe_run_choose(const MbeModelExperiment* e, const MbeRunChoice* c,
                                 MbeRunDef* out, MbeError* err);

/* ---- evaluators ------------------------------------------------------------------------- */

typedef struct MbeEvaluator MbeEvaluator;

// What to compile; start from mbe_evaluator_def_default(model).
typedef struct MbeEvaluatorDef {
  const char* const* vary;     // (nvary) parameters given per member, in this order (names as
  size_t nvary;                // MbeParamInfo.name); the others keep the model's values
  const char* const* qoi;      // (nqoi) quantities of interest per member, in mbens run's
  size_t nqoi;                 // grammar: "max(abs(rev.phi))", "final(body.r_0[1]) / L"
  const char* const* signals;  // (nsignals) signals whose trajectories a batch may ask for
  size_t nsignals;
  MbeRunDef run;           // default: mbe_model_run_def(model)
  MbeBackendDef backend;   // default: mbe_backend_def_default() with OpenMP
  MbePrecision precision;  // default double
  int cookie;              // set by mbe_evaluator_def_default, checked by mbe_evaluator_create
} MbeEvaluatorDef;

MBE_API MbeEvaluatorDef mbe_evaluator_def_default(const MbeModel* m);

// Generates the model's kernel with the varied parameters as inputs and compiles it for the
// backend (or loads it from the program cache). Errors: MBE_ERR_USAGE naming a parameter that
// cannot vary, an unknown signal (with the nearest one) or a quantity that does not parse (its
// 1-based column in err->column); the backend's and compiler's errors (mbe_program_create). Out:
// owned, NULL on failure. Nullable: err.
MBE_API MbeStatus mbe_evaluator_create(const MbeModel* m, const MbeEvaluatorDef* def,
                                       MbeEvaluator** out, MbeError* err);

// What one call of a kernel's function computes.
typedef struct MbeKernelFnStats {
  size_t operations;               // the operations one call performs
  size_t adds, muls, divs, sqrts;  // of them: + - and negation, *, /, sqrt
  size_t transcendental;           // sin, cos, tan, asin, acos, atan, atan2, exp, log
  size_t other;                    // fma, fabs, fmin, fmax, selects, relations, floor
  size_t parts;                    // functions it is written as (0: straight-line in one)
  size_t passed;                   // values the parts pass on
  size_t max_live;                 // the most values live at once: the registers it needs
  size_t depth;                    // the longest chain of operations each needing the one
                                   // before (operations / depth: the average parallelism)
  size_t loops;    // loops over the repeated steps of its passes (one per edge or body), where
                   // the kernel is written with loops (MBENS_KERNEL_LOOPS; by default above
                   // 40,000 operations): the text then stops growing with the mechanism
  size_t looped;   // of the operations, those inside the loops
  size_t written;  // the operations its text writes (the loops' bodies once)
} MbeKernelFnStats;

// What an evaluator's kernel computes, before it is compiled.
typedef struct MbeKernelStats {
  const char* name;  // the model's class (valid as long as the model)
  size_t nstates;
  bool articulated;         // accelerations by articulated bodies (else composite inertias)
  MbeKernelFnStats rhs;     // each derivative evaluation
  MbeKernelFnStats out;     // each output time
  size_t member_constants;  // parameter expressions computed once per member
  size_t modes;             // event relations and counts
} MbeKernelStats;

// Generates the kernel mbe_evaluator_create would compile, without compiling it: its source in
// the kernel dialect into *text (owned, mbe_string_free; NULL: not wanted) and its sizes into
// *stats (NULL: not wanted). Errors: those of mbe_evaluator_create before its compilation.
// Nullable: text, stats, err.
MBE_API MbeStatus mbe_evaluator_kernel(const MbeModel* m, const MbeEvaluatorDef* def, char** text,
                                       MbeKernelStats* stats, MbeError* err);

// Frees an evaluator. NULL is a no-op.
MBE_API void mbe_evaluator_destroy(MbeEvaluator* ev);

// One call's members and what it returns; arrays are the caller's, member-major.
typedef struct MbeEvalBatch {
  size_t n;         // members
  const double* p;  // (n, nvary) the varied parameters; NULL when nvary = 0
  double* qoi;      // (n, nqoi) out, or NULL
  int32_t* status;  // (n) out, or NULL: MbeMemberStatus of mbe_runtime.h (0 ok;
                    // mbe_run_status_word names it)
  int32_t* info;    // (n, MBE_MEMBER_INFO_COUNT) out, or NULL: MbeMemberInfo records
  double* y;        // (n, nout, nsignals) out, or NULL: the signals on the output grid
} MbeEvalBatch;

// Integrates the members (in launches the backend can hold) and fills what b asks for. A member
// whose integration fails has its status and NaN quantities; the call still returns MBE_OK.
// One thread at a time per evaluator (it keeps its launch buffers between calls), and per model
// while evaluators of it are created.
// Member k's results depend only on its parameters: the identity contract holds across
// backends, batch sizes and calls, and the model's own values give what `mbens simulate` gives.
// Errors: MBE_ERR_INVALID_ARG for a parameter that is not finite or lies outside the min and
// max the model declares (naming member, parameter and bound), the backend's errors.
// Nullable: err.
MBE_API MbeStatus mbe_evaluator_run(MbeEvaluator* ev, const MbeEvalBatch* b, MbeError* err);

// Sizes and names of an evaluator's inputs and outputs.
MBE_API size_t mbe_evaluator_nvary(const MbeEvaluator* ev);
MBE_API size_t mbe_evaluator_nqoi(const MbeEvaluator* ev);
MBE_API size_t mbe_evaluator_nsignals(const MbeEvaluator* ev);
MBE_API size_t mbe_evaluator_nout(const MbeEvaluator* ev);
MBE_API size_t mbe_evaluator_nstates(const MbeEvaluator* ev);
// the quantity as written, blanks removed (members.csv's header)
MBE_API const char* mbe_evaluator_qoi_name(const MbeEvaluator* ev, size_t j);
// the varied parameter j's canonical name, model value and bounds
MBE_API void mbe_evaluator_param(const MbeEvaluator* ev, size_t j, MbeParamInfo* out);
// the output grid's times into time[0 .. nout)
MBE_API void mbe_evaluator_times(const MbeEvaluator* ev, double* time);
// the run settings, backend and program it uses
MBE_API const MbeRunDef* mbe_evaluator_run_def(const MbeEvaluator* ev);
MBE_API void mbe_evaluator_backend_info(const MbeEvaluator* ev, MbeBackendInfo* info);
MBE_API void mbe_evaluator_program_info(const MbeEvaluator* ev, MbeProgramInfo* info);

// What the initialization of the evaluator's model solved (at the model's values).
typedef struct MbeInitInfo {
  size_t conditions;  // initial conditions the nonlinear initialization solved (0: none)
  int iterations;     // its Newton steps
} MbeInitInfo;

MBE_API MbeInitInfo mbe_evaluator_init_info(const MbeEvaluator* ev);

// An assertion of the model, as a member's info record names it (MBE_INFO_ASSERT: the one that
// stopped it, MBE_INFO_WARNED: the first warning-level one found false; 1-based).
typedef struct MbeAssertInfo {
  const char* message;  // evaluated
  const char* file;     // where the assert is written
  int line, column;
  bool is_warning;  // level = AssertionLevel.warning: the member went on
} MbeAssertInfo;

// Fills out for assertion k (1-based); false for 0 or a k the model does not have.
MBE_API bool mbe_evaluator_assert(const MbeEvaluator* ev, int32_t k, MbeAssertInfo* out);

// the time (s) a member's info record says its assertion failed at
MBE_API double mbe_info_assert_time(const int32_t* info, MbePrecision precision);

// The modes of the model linearized at the start with the varied parameters p (nvary; NULL:
// the model's values): the eigenvalues of df/dx (1/s) into re and im (nstates each), largest
// |lambda| first, a complex pair as +im then -im. Errors: MBE_ERR_MODEL where f is not finite
// near the start. Nullable: p, err.
MBE_API MbeStatus mbe_evaluator_modes(const MbeEvaluator* ev, const double* p, double* re,
                                      double* im, MbeError* err);

/* ---- result files ---------------------------------------------------------------------- */

// the format of a result file, by its name
typedef enum MbeResultFormat {
  MBE_RESULT_UNKNOWN = 0,  // another extension: refused (a file named for another format would
                           // hold something else)
  MBE_RESULT_CSV,          // .csv, no extension, or "-" (standard output)
  MBE_RESULT_MAT           // .mat: MATLAB v4 in Dymola's result layout
} MbeResultFormat;

MBE_API MbeResultFormat mbe_result_format(const char* path);

// Writes one member's trajectory (time: nout; y: nout rows of nsig signals named names) to path
// in the format its name asks for: CSV ("time" and the names quoted, values "%.17g", written
// atomically; "-" writes standard output) or MAT (what the MSL's tools, DyMat and
// scipy.io.loadmat read). Errors: MBE_ERR_USAGE for a name of no known format, MBE_ERR_IO,
// MBE_ERR_NOMEM. Nullable: err.
MBE_API MbeStatus mbe_result_write(const char* path, size_t nout, size_t nsig, const double* time,
                                   const char* const* names, const double* y, MbeError* err);

// The bytes of the CSV of nout points of nsig signals, estimated before they are computed.
MBE_API uint64_t mbe_result_bytes(size_t nout, size_t nsig);

/* ---- the RK4 step ------------------------------------------------------------------------ */

// RK4's error per radian of a mode's motion above which a step is called inaccurate: about 10.7
// steps a period of an oscillation, an error of 0.6 % of its amplitude a period (mostly phase)
#define MBE_RK4_INACCURATE 1e-3

// what a fixed RK4 step does to the modes
typedef enum MbeStepVerdict {
  MBE_STEP_OK = 0,      // stable, and within max(tol, MBE_RK4_INACCURATE) per radian
  MBE_STEP_INACCURATE,  // stable, but a mode's error per radian passes max(tol, ...INACCURATE)
  MBE_STEP_UNSTABLE,    // |R(h lambda)| > 1 for a mode (a growing mode judged as a neutral one)
  MBE_STEP_VERDICT_COUNT
} MbeStepVerdict;

typedef struct MbeStepAdvice {
  MbeStepVerdict verdict;
  double h_stable;    // largest stable step (s), along each mode's direction; INFINITY: no limit
  double h_accurate;  // largest step whose error per radian is within tol for every mode (s)
  double suggest;     // h_accurate rounded down to 1, 2 or 5 times a power of ten (s)
  size_t mode;        // the mode the verdict is about (index into re, im): UNSTABLE the one with
                      // the smallest h_stable among those h violates, INACCURATE the one that
                      // errs most, OK the fastest (0)
  double error;       // RK4's error per radian of that mode at h
} MbeStepAdvice;

// Judges the fixed RK4 step h (s) against n modes re, im (1/s, as mbe_system_modes gives them).
// Stability is exact for the linearization: |R(h lambda)| <= 1 with R(z) = 1 + z + z^2/2 + z^3/6
// + z^4/24 (2.785 on the negative real axis, sqrt(8) on the imaginary one); a mode with
// re > 0 grows whatever the step, so it is judged with re = 0. Accuracy is the step's error per
// radian of a mode's motion, |exp(z) - R(z)| / |z| with z = h lambda (about |z|^4/120): h_accurate
// keeps it within tol (the run's relative tolerance: 1e-6 gives 60 steps a period). Zero modes
// limit nothing; n = 0 gives OK with infinite steps.
MBE_API MbeStepAdvice mbe_rk4_step_advice(const double* re, const double* im, size_t n, double h,
                                          double tol);

// The warning for an RK4 run whose step (as the kernel takes it: each output interval in equal
// steps) is unstable or clearly inaccurate for the n modes re, im at the start, into buf:
// naming the mode, the largest stable step and a step for accuracy at run->rtol. False (buf
// untouched) for DOPRI5, no modes, or a step that is fine.
MBE_API bool mbe_rk4_step_warning(const MbeRunDef* run, const double* re, const double* im,
                                  size_t n, char* buf, size_t size);

MBE_END_DECLS

#endif
