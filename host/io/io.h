// SPDX-License-Identifier: Apache-2.0
// Files in and out: MSL-style CSV tables (a header of quoted signal names, then numbers).
// Depends on base and the public types only.
#ifndef MBE_IO_H
#define MBE_IO_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

// a numeric table with named columns, row-major
typedef struct MbeTable {
  size_t ncols;
  size_t nrows;
  char** names;  // column names, unquoted (ncols)
  double* data;  // data[r * ncols + c] (nrows x ncols)
} MbeTable;

// Reads a CSV file: the first non-empty line names the columns (quoted with "" or bare), every
// other non-empty line holds one number per column. Errors name file:line:column (MBE_ERR_IO
// when the file cannot be read, MBE_ERR_INVALID_ARG for malformed content). Returns owned
// through *out. Nullable: err.
MbeStatus mbe_csv_read(const char* path, MbeTable** out, MbeError* err);

// As mbe_csv_read for text in memory; name is used in messages.
MbeStatus mbe_csv_parse(const char* name, const char* text, size_t size, MbeTable** out,
                        MbeError* err);

void mbe_table_destroy(MbeTable* t);

// Reads matrix `name` of a table file in the MSL's text format (the tables of CombiTimeTable with
// tableOnFile: "#1", then "double NAME(ROWS,COLS)" and its numbers row by row, '#' comments):
// *rows x *cols values, row-major, owned through *data. Errors name the file and line.
MbeStatus mbe_text_table_read(const char* path, const char* name, size_t* rows, size_t* cols,
                              double** data, MbeError* err);

// index of the column with this name, or -1
long mbe_table_column(const MbeTable* t, const char* name);

// ---- one member's trajectory -------------------------------------------------------------

// Appends one member's trajectory to sb as an MSL-style CSV table: a header line of "time" and
// the signal names, each quoted (a '"' inside a name doubled), then one line per output time with
// the time and the nsig values, all "%.17g" (non-finite values as printf writes them: nan, inf,
// -inf), separated by ',' with '\n' line ends. mbe_csv_read reads it back exactly. Borrows every
// argument for the call; time (nout), signal (nsig), y (nout x nsig, row-major).
void mbe_csv_format_trajectory(MbeStrbuf* sb, size_t nout, size_t nsig, const double* time,
                               const char* const* signal, const double* y);

// Appends text to b as one CSV field, quoted (quotes doubled) when it holds a comma, a quote or
// a line break.
void mbe_csv_field(MbeStrbuf* b, const char* text);

// The next field of a CSV line at *p (quoted with "", a doubled quote inside standing for one),
// unquoted into buf (cut to size - 1 bytes); *p moves past its comma. False at the end of the
// line (a line break or the end of the text).
bool mbe_csv_next_field(const char** p, char* buf, size_t size);

// The bytes of the table mbe_csv_format_trajectory writes for nout rows of nsig signals, as
// estimated before computing it: 21 bytes a field (the typical "%.17g" number and separator),
// so a size limit can be checked before the run.
uint64_t mbe_csv_trajectory_bytes(size_t nout, size_t nsig);

// Writes the table of mbe_csv_format_trajectory to path atomically (mbe_file_write_atomic).
// Errors: MBE_ERR_IO, MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_csv_write_trajectory(const char* path, size_t nout, size_t nsig, const double* time,
                                   const char* const* signal, const double* y, MbeError* err);

// Writes the same trajectory (y: nout rows of nsig) as a MATLAB v4 file in Dymola's result
// layout (Aclass "Atrajectory 1.1 binTrans", name, description, dataInfo, data_1 with the time
// at both ends, data_2 a row per variable: time, then the signals), through libmatio: what the
// MSL's tools, DyMat and scipy.io.loadmat read. MBE_ERR_IO when it cannot be written.
MbeStatus mbe_mat_write_trajectory(const char* path, size_t nout, size_t nsig, const double* time,
                                   const char* const* signal, const double* y, MbeError* err);

#endif
