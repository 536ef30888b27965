// SPDX-License-Identifier: Apache-2.0
// libmbens, everything public: `#include <mbe.h>`, link with `pkg-config --cflags --libs mbens`
// (or CMake's find_package(mbens) and the target mbens::mbens).
//
//   mbe/mbe_evaluator.h  models (load, list parameters and signals) and evaluators (compile once,
//                        evaluate batches of parameter vectors): where most programs start
//   mbe/mbe_optimize.h   CMA-ES over an evaluator (mbens optimize)
//   mbe/mbe_fit.h        least squares against measured trajectories (mbens fit)
//   mbe/mbe_study.h      run directories of studies: merging shards
//   mbe/mbe_runtime.h    backends, programs and runs of a system in the kernel dialect
//   mbe/mbe_spec.h       Modelica sources parsed into a spec
//   mbe/mbe_flat.h       a spec's class flattened, parameters made to vary
//   mbe/mbe_status.h     status codes and the error record every fallible call fills
//   mbe/mbe_hooks.h      the allocator, log and assert hooks
#ifndef MBE_H
#define MBE_H

#include "mbe/mbe_evaluator.h"
#include "mbe/mbe_fit.h"
#include "mbe/mbe_flat.h"
#include "mbe/mbe_hooks.h"
#include "mbe/mbe_optimize.h"
#include "mbe/mbe_runtime.h"
#include "mbe/mbe_spec.h"
#include "mbe/mbe_status.h"
#include "mbe/mbe_study.h"

// the library's version, "MAJOR.MINOR.PATCH"
MBE_BEGIN_DECLS
MBE_API const char* mbe_version(void);
// sizeof the public structure of that name ("MbeRunDef", "MbeEvalBatch", ...), 0 for none: for
// bindings from other languages to check their copies of the layouts
MBE_API size_t mbe_struct_size(const char* name);
MBE_END_DECLS

#endif
