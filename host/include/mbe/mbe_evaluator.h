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

// The run settings of the model's experiment annotation (StartTime, StopTime, Interval,
// Tolerance; else 0, 1, (stop - start)/500, 1e-6) with dopri5.
MBE_API MbeRunDef mbe_model_run_def(const MbeModel* m);

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

// Frees an evaluator. NULL is a no-op.
MBE_API void mbe_evaluator_destroy(MbeEvaluator* ev);

// One call's members and what it returns; arrays are the caller's, member-major.
typedef struct MbeEvalBatch {
  size_t n;         // members
  const double* p;  // (n, nvary) the varied parameters; NULL when nvary = 0
  double* qoi;      // (n, nqoi) out, or NULL
  int32_t* status;  // (n) out, or NULL: MbeRunStatus of kernels/mbe_layout.h (0 ok;
                    // mbe_run_status_word names it)
  int32_t* info;    // (n, MBE_INFO_COUNT = 9) out, or NULL: what mbe_program_run reports
  double* y;        // (n, nout, nsignals) out, or NULL: the signals on the output grid
} MbeEvalBatch;

// Integrates the members (in launches the backend can hold) and fills what b asks for. A member
// whose integration fails has its status and NaN quantities; the call still returns MBE_OK.
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

MBE_END_DECLS

#endif
