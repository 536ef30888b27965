// SPDX-License-Identifier: Apache-2.0
// What the public models and evaluators (mbe/mbe_evaluator.h) hold, for the files that implement
// them: ensemble_model.c (loading, listings) and ensemble_eval.c (compiling, batches).
#ifndef MBE_ENSEMBLE_API_H
#define MBE_ENSEMBLE_API_H

#include "codegen.h"
#include "mbe/mbe_evaluator.h"
#include "mbe/mbe_flat.h"
#include "mbe/mbe_spec.h"
#include "mech.h"

// a loaded model: its sources, the flat model and system with nothing varied, the listings
struct MbeModel {
  MbeSpec* spec;
  MbeFlat* flat;
  MbeSystem* sys;
  const char* top_name;  // the flattened class's full name (in flat)
  MbeParamInfo* params;  // (nparams) parameters, then the states' start values
  size_t nparams;
};

// Opens the files and libraries of def into a spec (the libraries, $MODELICAPATH, then the
// files). Out: owned, also on failure (the caller destroys it). Nullable: err.
MbeStatus mbe_model_open_spec(const MbeModelDef* def, MbeSpec** spec, MbeError* err);

// the experiment annotation of a flat model
MbeModelExperiment mbe_flat_experiment(const MbeFlat* flat);

// what the kernel of sys with outputs y (ny nodes) is generated from: its derivatives, its start
// from the parameters, its failure test and assertions
MbeCodegenDef mbe_system_codegen_def(const MbeSystem* sys, const MbeSymId* y, size_t ny);

// What the kernel of sys with outputs y (ny nodes) computes per call (MbeKernelStats.name is
// the system's). Errors: those of mbe_codegen_stats. Nullable: err.
MbeStatus mbe_system_kernel_stats(const MbeSystem* sys, const MbeSymId* y, size_t ny,
                                  MbeKernelStats* out, MbeError* err);

// assertion k of sys (1-based) into out; false for a k it lacks
bool mbe_system_assert(const MbeSystem* sys, int32_t k, MbeAssertInfo* out);

// an MbeParamInfo of a model listing entry (strings borrowed from the flat model's arena)
void mbe_param_info_from_flat(const MbeFlatParam* fp, MbeParamInfo* out);

// the evaluator's program, run def and the parameter and reduction arrays of a launch of n
// members at the model's values, for bench/eval_overhead.c to time the bare launch beside a
// call: p (n, np) and agg (n, nqoi aggregates) are allocated (mbe_free), red borrows the
// evaluator's arrays
MbeProgram* mbe_evaluator_program(const MbeEvaluator* ev);
MbeStatus mbe_evaluator_launch_arrays(const MbeEvaluator* ev, size_t n, MbeReduceDef* red,
                                      double** p, double** agg, MbeError* err);

#endif
