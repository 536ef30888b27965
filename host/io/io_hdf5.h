// SPDX-License-Identifier: Apache-2.0
// Saved trajectories of chosen ensemble members in one HDF5 file (created with its full shape,
// filled in batches of members, reopened to resume, read back to merge), and the single-member
// trajectory as an MSL-style CSV file. Which members and signals to save is the caller's choice.
#ifndef MBE_IO_HDF5_H
#define MBE_IO_HDF5_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base.h"

// the file layout this build writes; files with a newer version are refused
#define MBE_TRAJ_FORMAT_VERSION 1

//---------------------------------- HDF5 trajectories -------------------------------------------

// The shape and labels of a trajectory file. File layout (little-endian, HDF5 1.8 file format):
//   /time     float64 (nout)               output times, s
//   /member   int64 (nmem)                 member ids, in row order
//   /signal   fixed-length UTF-8 (nsig)    signal names, NUL-padded
//   /y        float64 (nmem x nout x nsig) y[m][k][j]: signal j of member row m at time k;
//             chunked by whole member rows (up to about 1 MiB a chunk)
//   /written  uint8 (nmem)                 1 once the row was written, else 0
//   attributes of /: "format" = "mbens-trajectories", "format_version" (int32), "model"
// Rows not yet written read as 0 in /y and /written.
typedef struct MbeTrajDef {
  const char* model;          // model name, UTF-8; NULL is stored as ""
  size_t nmem;                // member rows, >= 1
  size_t nout;                // output times, >= 1
  size_t nsig;                // signals, >= 1
  const int64_t* member;      // member ids (nmem)
  const double* time;         // output times, s (nout)
  const char* const* signal;  // signal names, UTF-8 (nsig)
  bool is_compressed;         // deflate level 1 on /y when the filter is available; default off
} MbeTrajDef;

// an open trajectory file: the HDF5 handles and a copy of its MbeTrajDef
typedef struct MbeTrajFile MbeTrajFile;

// Creates the file at path (replacing an existing file) with every dataset of def's shape, writes
// /time, /member, /signal and the attributes, and flushes. Without compression /y is allocated in
// full at once (a sparse region: it costs no disk blocks until written), so writing rows later
// changes no HDF5 metadata: a file whose writer was killed can be reopened and resumed, and the
// same content written in the same batches gives the same bytes whether or not the file was
// closed and reopened in between. Object times are not stored and the format is pinned to HDF5
// 1.8, so equal content gives equal bytes. With compression, writes change the chunk index (each
// write flushes it), so a writer killed during a write may leave a file HDF5 cannot open. Borrows
// def for the call (everything is copied). Returns the open file, owned, through *out (NULL on
// failure); close it with mbe_traj_file_close. Errors: MBE_ERR_INVALID_ARG (a zero size),
// MBE_ERR_IO (HDF5 failures, naming the file and what failed; a partly created file is removed),
// MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_traj_file_create(const char* path, const MbeTrajDef* def, MbeTrajFile** out,
                               MbeError* err);

// Opens an existing file for writing more rows (resuming an interrupted run) after checking that
// it holds exactly def's model name, sizes, member ids, output times (bit for bit) and signal
// names; def->is_compressed is not compared. Borrows def for the call. Returns the open file,
// owned, through *out (NULL on failure). Errors: MBE_ERR_INVALID_ARG when the file differs from
// def (the message says what differs first, e.g. "member row 3 is id 17 in the file, 18 in this
// run"), MBE_ERR_IO when it cannot be opened or is not an mbens trajectory file of a version this
// build reads, MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_traj_file_reopen(const char* path, const MbeTrajDef* def, MbeTrajFile** out,
                               MbeError* err);

// Opens an existing file read-only (merging shards, tests). Its shape and labels are then
// available from mbe_traj_file_def. Returns the open file, owned, through *out (NULL on failure).
// Errors as mbe_traj_file_reopen, without the comparison. Nullable: err.
MbeStatus mbe_traj_file_open(const char* path, MbeTrajFile** out, MbeError* err);

// Returns the file's shape and labels (is_compressed as stored). Borrowed from f: valid until
// mbe_traj_file_close.
const MbeTrajDef* mbe_traj_file_def(const MbeTrajFile* f);

// Writes member rows first .. first+count-1 of /y from y (count x nout x nsig, row-major,
// borrowed for the call) as one hyperslab, flushes, then marks them in /written and flushes: after
// a killed writer, the rows marked in /written are the rows whose values are in the file. Rows
// may be written in any order and more than once. first + count <= nmem is a contract (MBE_ASSERT);
// count 0 does nothing. Errors: MBE_ERR_USAGE when f was opened read-only, MBE_ERR_IO. Nullable:
// err.
MbeStatus mbe_traj_file_write(MbeTrajFile* f, size_t first, size_t count, const double* y,
                              MbeError* err);

// Reads member rows first .. first+count-1 of /y into y (count x nout x nsig, caller-owned).
// first + count <= nmem is a contract (MBE_ASSERT). Errors: MBE_ERR_IO. Nullable: err.
MbeStatus mbe_traj_file_read(MbeTrajFile* f, size_t first, size_t count, double* y, MbeError* err);

// Reads the /written marks of member rows first .. first+count-1 into is_written (count,
// caller-owned). first + count <= nmem is a contract (MBE_ASSERT). Errors: MBE_ERR_IO. Nullable:
// err.
MbeStatus mbe_traj_file_read_written(MbeTrajFile* f, size_t first, size_t count, bool* is_written,
                                     MbeError* err);

// Asks HDF5 to write its buffers to the file (not an fsync). Errors: MBE_ERR_IO. Nullable: err.
MbeStatus mbe_traj_file_flush(MbeTrajFile* f, MbeError* err);

// Closes the file and frees f (also on failure). Returns MBE_ERR_IO when HDF5 could not finish
// writing the file. NULL is a no-op. Nullable: f, err.
MbeStatus mbe_traj_file_close(MbeTrajFile* f, MbeError* err);

// Returns true when this HDF5 library can write deflate-compressed datasets.
bool mbe_traj_has_deflate(void);

#endif
