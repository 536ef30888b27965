// SPDX-License-Identifier: Apache-2.0
// Ensemble studies' run directories (what `mbens run` writes: members.csv, stats.csv,
// stats.state, manifest.json, trajectories). For now: merging the shards of one study; running a
// study through the API is planned (host/ensemble/README.md).
#ifndef MBE_STUDY_H
#define MBE_STUDY_H

#include <stddef.h>

#include "mbe_export.h"
#include "mbe_status.h"

MBE_BEGIN_DECLS

// Combines the run directories of the shards of one study (`mbens run --shard K/N`) into out,
// which then holds exactly the members.csv, stats.csv and saved trajectories one unsharded run
// would have written (its stats.state and manifest.json record the shards' summed run time).
// The shards must be complete, of the same model and options, and together cover every member
// once, in any order; out is created, and refused where it already holds a run. The checkpoint
// is written last: until it is there out is no run and the merge may be repeated. *members (NULL:
// not wanted) receives the study's member count. Errors: MBE_ERR_USAGE saying why the shards do
// not belong together, MBE_ERR_IO, MBE_ERR_NOMEM. Nullable: members, err.
MBE_API MbeStatus mbe_study_merge(const char* const* dirs, size_t n, const char* out,
                                  size_t* members, MbeError* err);

MBE_END_DECLS

#endif
