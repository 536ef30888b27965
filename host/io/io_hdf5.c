// SPDX-License-Identifier: Apache-2.0
// HDF5 trajectory files (create, reopen and check, write and read member rows) and the
// single-member CSV table. HDF5's error printing is off inside these calls; its error stack
// becomes the MbeError message.
#include "io_hdf5.h"

#include <hdf5.h>
#include <stdio.h>
#include <string.h>

#define TRAJ_FORMAT "mbens-trajectories"

// bytes of /y per chunk to aim for
#define TRAJ_CHUNK_BYTES ((size_t)1 << 20)

struct MbeTrajFile {
  char* path;        // for messages (in arena)
  hid_t file;        // the open file
  hid_t y;           // dataset /y
  hid_t written;     // dataset /written
  bool is_writable;  // opened by create or reopen
  MbeTrajDef def;    // shape and labels; the arrays are in arena
  MbeArena arena;    // copies of the labels
};

//---------------------------------- HDF5 errors -------------------------------------------------

// HDF5's automatic error printing, switched off for the duration of a public call
typedef struct H5Quiet {
  H5E_auto2_t fn;
  void* data;
} H5Quiet;

static H5Quiet quiet_begin(void) {
  H5Quiet q = {NULL, NULL};
  H5Eget_auto2(H5E_DEFAULT, &q.fn, &q.data);
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  return q;
}

static void quiet_end(H5Quiet q) {
  H5Eset_auto2(H5E_DEFAULT, q.fn, q.data);
}

static void h5_close(hid_t id);

// what the error stack says, innermost entry last
typedef struct H5Walk {
  char desc[240];    // description of the innermost entry
  bool is_not_hdf5;  // some entry says the file has no HDF5 signature
} H5Walk;

static herr_t walk_entry(unsigned n, const H5E_error2_t* e, void* data) {
  (void)n;
  H5Walk* w = data;
  snprintf(w->desc, sizeof w->desc, "%s", e->desc ? e->desc : "");
  if (e->min_num == H5E_NOTHDF5) {
    w->is_not_hdf5 = true;
  }
  return 0;
}

// turns the error stack of the call that just failed into err (call it before any other HDF5
// call: each API call clears the stack); op says what was being done to the file at path
static MbeStatus h5_fail(MbeError* err, const char* path, const char* op) {
  H5Walk w;
  memset(&w, 0, sizeof w);
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, walk_entry, &w);
  H5Eclear2(H5E_DEFAULT);
  if (w.is_not_hdf5) {
    return mbe_error_set(err, MBE_ERR_IO, "%s '%s': not an HDF5 file", op, path);
  }

  // a failed system call: its message is enough ("No such file or directory")
  const char* sys = strstr(w.desc, "error message = '");
  if (sys) {
    sys += strlen("error message = '");
    const char* q = strchr(sys, '\'');
    int n = q ? (int)(q - sys) : (int)strlen(sys);
    return mbe_error_set(err, MBE_ERR_IO, "%s '%s': %.*s", op, path, n, sys);
  }
  return mbe_error_set(err, MBE_ERR_IO, "%s '%s': %s", op, path,
                       w.desc[0] ? w.desc : "HDF5 gave no reason");
}

// closes id after a failed call without losing that call's error stack
static void close_keeping_error(hid_t id) {
  hid_t stack = H5Eget_current_stack();
  h5_close(id);
  if (stack >= 0) {
    H5Eset_current_stack(stack);
  }
}

// a failed HDF5 call (negative result): the stack becomes err and control goes to label
#define H5_TRY(call, op, label)    \
  do {                             \
    if ((call) < 0) {              \
      st = h5_fail(err, path, op); \
      goto label;                  \
    }                              \
  } while (0)

// closes any identifier (negative ids are ignored); used on cleanup paths where the first error
// is already recorded
static void h5_close(hid_t id) {
  if (id < 0) {
    return;
  }
  switch (H5Iget_type(id)) {
    case H5I_FILE: H5Fclose(id); break;
    case H5I_GROUP: H5Gclose(id); break;
    case H5I_DATATYPE: H5Tclose(id); break;
    case H5I_DATASPACE: H5Sclose(id); break;
    case H5I_DATASET: H5Dclose(id); break;
    case H5I_ATTR: H5Aclose(id); break;
    case H5I_GENPROP_LST: H5Pclose(id); break;
    default: break;
  }
}

//---------------------------------- small writers and readers -----------------------------------

// a fixed-length, NUL-padded UTF-8 string type of n bytes (at least 1)
static hid_t string_type(size_t n) {
  hid_t t = H5Tcopy(H5T_C_S1);
  if (t < 0) {
    return t;
  }
  if (H5Tset_size(t, n > 0 ? n : 1) < 0 || H5Tset_strpad(t, H5T_STR_NULLPAD) < 0 ||
      H5Tset_cset(t, H5T_CSET_UTF8) < 0) {
    close_keeping_error(t);
    return H5I_INVALID_HID;
  }
  return t;
}

// a scalar attribute of / holding a string
static MbeStatus put_string_attr(hid_t file, const char* path, const char* name, const char* s,
                                 MbeError* err) {
  MbeStatus st = MBE_OK;
  hid_t type = H5I_INVALID_HID, space = H5I_INVALID_HID, attr = H5I_INVALID_HID;
  size_t n = strlen(s);
  H5_TRY(type = string_type(n), "cannot make a string type for", done);
  H5_TRY(space = H5Screate(H5S_SCALAR), "cannot make a dataspace for", done);
  H5_TRY(attr = H5Acreate2(file, name, type, space, H5P_DEFAULT, H5P_DEFAULT),
         "cannot create an attribute in", done);
  H5_TRY(H5Awrite(attr, type, n > 0 ? s : ""), "cannot write an attribute in", done);
done:
  h5_close(attr);
  h5_close(space);
  h5_close(type);
  return st;
}

// a one-dimensional dataset of n items written whole from data; dcpl may be H5P_DEFAULT
static MbeStatus put_vector(hid_t file, const char* path, const char* name, hid_t file_type,
                            hid_t mem_type, size_t n, hid_t dcpl, const void* data, MbeError* err) {
  MbeStatus st = MBE_OK;
  hid_t space = H5I_INVALID_HID, dset = H5I_INVALID_HID;
  hsize_t dims[1] = {n};
  H5_TRY(space = H5Screate_simple(1, dims, NULL), "cannot make a dataspace for", done);
  H5_TRY(dset = H5Dcreate2(file, name, file_type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT),
         "cannot create a dataset in", done);
  if (data) {
    H5_TRY(H5Dwrite(dset, mem_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data),
           "cannot write a dataset in", done);
  }
done:
  h5_close(dset);
  h5_close(space);
  return st;
}

// the extent of dataset name, which must have the given rank
static MbeStatus get_dims(hid_t dset, const char* path, const char* name, int rank, hsize_t* dims,
                          MbeError* err) {
  MbeStatus st = MBE_OK;
  hid_t space = H5I_INVALID_HID;
  int r = 0;
  H5_TRY(space = H5Dget_space(dset), "cannot query a dataset in", done);
  H5_TRY(r = H5Sget_simple_extent_ndims(space), "cannot query a dataset in", done);
  if (r != rank) {
    st = mbe_error_set(err, MBE_ERR_IO,
                       "'%s' is not a trajectory file: %s has %d dimensions, not %d", path, name, r,
                       rank);
    goto done;
  }
  H5_TRY(H5Sget_simple_extent_dims(space, dims, NULL), "cannot query a dataset in", done);
done:
  h5_close(space);
  return st;
}

// the text of a fixed-length string attribute of /, into the arena
static MbeStatus get_string_attr(hid_t file, const char* path, const char* name, MbeArena* arena,
                                 char** out, MbeError* err) {
  MbeStatus st = MBE_OK;
  hid_t attr = H5I_INVALID_HID, type = H5I_INVALID_HID;
  htri_t is_var = 0;
  H5_TRY(attr = H5Aopen(file, name, H5P_DEFAULT), "cannot open an attribute of", done);
  H5_TRY(type = H5Aget_type(attr), "cannot query an attribute of", done);
  H5_TRY(is_var = H5Tis_variable_str(type), "cannot query an attribute of", done);
  if (H5Tget_class(type) != H5T_STRING || is_var) {
    st = mbe_error_set(err, MBE_ERR_IO,
                       "'%s' is not a trajectory file: attribute '%s' is not a fixed-length string",
                       path, name);
    goto done;
  }
  size_t n = H5Tget_size(type);
  char* s = mbe_arena_alloc(arena, n + 1);
  if (!s) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory reading '%s'", path);
    goto done;
  }
  H5_TRY(H5Aread(attr, type, s), "cannot read an attribute of", done);
  s[n] = '\0';
  *out = s;
done:
  h5_close(type);
  h5_close(attr);
  return st;
}

//---------------------------------- create ------------------------------------------------------

// the file access list: the format pinned to HDF5 1.8 (the 1.10 superblock keeps an "open for
// write" flag that a killed writer leaves set, so the file could not be reopened to resume), and
// file locking that tolerates file systems without it
static hid_t make_fapl(void) {
  hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  if (fapl < 0) {
    return fapl;
  }
  if (H5Pset_libver_bounds(fapl, H5F_LIBVER_V18, H5F_LIBVER_V18) < 0) {
    close_keeping_error(fapl);
    return H5I_INVALID_HID;
  }
#if H5_VERSION_GE(1, 10, 7)
  if (H5Pset_file_locking(fapl, true, true) < 0) {
    close_keeping_error(fapl);
    return H5I_INVALID_HID;
  }
#endif
  return fapl;
}

// a creation list for datasets: no object times, early allocation when asked
static hid_t make_dcpl(bool is_early) {
  hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  if (dcpl < 0) {
    return dcpl;
  }
  if (H5Pset_obj_track_times(dcpl, false) < 0 ||
      (is_early && H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY) < 0)) {
    close_keeping_error(dcpl);
    return H5I_INVALID_HID;
  }
  return dcpl;
}

bool mbe_traj_has_deflate(void) {
  H5Quiet q = quiet_begin();
  unsigned config = 0;
  bool ok = H5Zfilter_avail(H5Z_FILTER_DEFLATE) > 0 &&
            H5Zget_filter_info(H5Z_FILTER_DEFLATE, &config) >= 0 &&
            (config & H5Z_FILTER_CONFIG_ENCODE_ENABLED);
  H5Eclear2(H5E_DEFAULT);
  quiet_end(q);
  return ok;
}

// chunk of /y: whole member rows up to TRAJ_CHUNK_BYTES; a row above that is split by time, and
// a time step above that by signal
static void chunk_dims(const MbeTrajDef* d, hsize_t c[3]) {
  size_t per = TRAJ_CHUNK_BYTES / sizeof(double);
  c[2] = d->nsig < per ? d->nsig : per;
  size_t rows = per / c[2];
  c[1] = d->nout < rows ? d->nout : rows;
  size_t mems = per / (c[2] * c[1]);
  c[0] = d->nmem < mems ? d->nmem : mems;
  for (int i = 0; i < 3; i++) {
    c[i] = c[i] > 0 ? c[i] : 1;
  }
}

// the file's own copy of def
static MbeStatus copy_def(MbeTrajFile* f, const MbeTrajDef* d, MbeError* err) {
  MbeArena* a = &f->arena;
  f->def = *d;
  char* model = mbe_arena_strdup(a, d->model ? d->model : "");
  int64_t* member = mbe_arena_alloc(a, d->nmem * sizeof *member);
  double* time = mbe_arena_alloc(a, d->nout * sizeof *time);
  const char** signal = mbe_arena_alloc(a, d->nsig * sizeof *signal);
  if (!model || !member || !time || !signal) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  memcpy(member, d->member, d->nmem * sizeof *member);
  memcpy(time, d->time, d->nout * sizeof *time);
  for (size_t j = 0; j < d->nsig; j++) {
    if (!(signal[j] = mbe_arena_strdup(a, d->signal[j]))) {
      return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    }
  }
  f->def.model = model;
  f->def.member = member;
  f->def.time = time;
  f->def.signal = signal;
  return MBE_OK;
}

static MbeTrajFile* file_alloc(const char* path) {
  MbeTrajFile* f = mbe_calloc(1, sizeof *f);
  if (!f) {
    return NULL;
  }
  mbe_arena_init(&f->arena);
  f->file = f->y = f->written = H5I_INVALID_HID;
  if (!(f->path = mbe_arena_strdup(&f->arena, path))) {
    mbe_arena_deinit(&f->arena);
    mbe_free(f);
    return NULL;
  }
  return f;
}

// closes the handles and frees f; returns the status of closing the file
static MbeStatus file_free(MbeTrajFile* f, MbeError* err) {
  MbeStatus st = MBE_OK;
  const char* path = f->path;
  h5_close(f->written);
  h5_close(f->y);
  if (f->file >= 0 && H5Fclose(f->file) < 0) {
    st = h5_fail(err, path, "cannot close");
  }
  mbe_arena_deinit(&f->arena);
  mbe_free(f);
  return st;
}

// the datasets and attributes of a new file
static MbeStatus create_contents(MbeTrajFile* f, MbeError* err) {
  const MbeTrajDef* d = &f->def;
  const char* path = f->path;
  MbeStatus st = MBE_OK;
  hid_t dcpl = H5I_INVALID_HID, str = H5I_INVALID_HID, space = H5I_INVALID_HID;
  char* names = NULL;

  // the attributes
  int version = MBE_TRAJ_FORMAT_VERSION;
  if ((st = put_string_attr(f->file, path, "format", TRAJ_FORMAT, err)) != MBE_OK ||
      (st = put_string_attr(f->file, path, "model", d->model, err)) != MBE_OK) {
    goto done;
  }
  H5_TRY(space = H5Screate(H5S_SCALAR), "cannot make a dataspace for", done);
  hid_t attr =
      H5Acreate2(f->file, "format_version", H5T_STD_I32LE, space, H5P_DEFAULT, H5P_DEFAULT);
  H5_TRY(attr, "cannot create an attribute in", done);
  herr_t wrote = H5Awrite(attr, H5T_NATIVE_INT, &version);
  if (wrote < 0) {
    st = h5_fail(err, path, "cannot write an attribute in");
  }
  h5_close(attr);
  if (st != MBE_OK) {
    goto done;
  }

  // the labels
  H5_TRY(dcpl = make_dcpl(false), "cannot make a dataset creation list for", done);
  if ((st = put_vector(f->file, path, "time", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, d->nout, dcpl,
                       d->time, err)) != MBE_OK ||
      (st = put_vector(f->file, path, "member", H5T_STD_I64LE, H5T_NATIVE_INT64, d->nmem, dcpl,
                       d->member, err)) != MBE_OK) {
    goto done;
  }
  size_t len = 1;
  for (size_t j = 0; j < d->nsig; j++) {
    size_t n = strlen(d->signal[j]);
    len = n > len ? n : len;
  }
  if (!(names = mbe_calloc(d->nsig, len))) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
    goto done;
  }
  for (size_t j = 0; j < d->nsig; j++) {
    memcpy(names + j * len, d->signal[j], strlen(d->signal[j]));
  }
  H5_TRY(str = string_type(len), "cannot make a string type for", done);
  if ((st = put_vector(f->file, path, "signal", str, str, d->nsig, dcpl, names, err)) != MBE_OK) {
    goto done;
  }

  // the written marks: zeros, allocated and written now so that marking rows changes no metadata
  h5_close(dcpl);
  H5_TRY(dcpl = make_dcpl(true), "cannot make a dataset creation list for", done);
  H5_TRY(H5Pset_fill_time(dcpl, H5D_FILL_TIME_ALLOC), "cannot set the fill time for", done);
  if ((st = put_vector(f->file, path, "written", H5T_STD_U8LE, H5T_NATIVE_UINT8, d->nmem, dcpl,
                       NULL, err)) != MBE_OK) {
    goto done;
  }

  // /y: without compression every chunk is allocated and indexed now (no fill written); with
  // compression chunks are allocated as they are written
  h5_close(dcpl);
  bool is_deflate = d->is_compressed && mbe_traj_has_deflate();
  H5_TRY(dcpl = make_dcpl(!is_deflate), "cannot make a dataset creation list for", done);
  hsize_t chunk[3];
  chunk_dims(d, chunk);
  H5_TRY(H5Pset_chunk(dcpl, 3, chunk), "cannot set the chunk shape for", done);
  if (is_deflate) {
    H5_TRY(H5Pset_deflate(dcpl, 1), "cannot set compression for", done);
  } else {
    H5_TRY(H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER), "cannot set the fill time for", done);
  }
  h5_close(space);
  hsize_t dims[3] = {d->nmem, d->nout, d->nsig};
  H5_TRY(space = H5Screate_simple(3, dims, NULL), "cannot make a dataspace for", done);
  H5_TRY(f->y = H5Dcreate2(f->file, "y", H5T_IEEE_F64LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT),
         "cannot create the dataset /y in", done);
  f->def.is_compressed = is_deflate;
  H5_TRY(f->written = H5Dopen2(f->file, "written", H5P_DEFAULT),
         "cannot open the dataset /written in", done);

  // everything so far on disk: later writes only fill raw data
  H5_TRY(H5Fflush(f->file, H5F_SCOPE_LOCAL), "cannot flush", done);
done:
  mbe_free(names);
  h5_close(space);
  h5_close(str);
  h5_close(dcpl);
  return st;
}

static MbeStatus traj_create(const char* path, const MbeTrajDef* def, MbeTrajFile** out,
                             MbeError* err) {
  MBE_ASSERT(def->member && def->time && def->signal);
  if (def->nmem == 0 || def->nout == 0 || def->nsig == 0) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "cannot create '%s': a trajectory file needs at least one member, one "
                         "output time and one signal (got %zu, %zu, %zu)",
                         path, def->nmem, def->nout, def->nsig);
  }
  MbeTrajFile* f = file_alloc(path);
  if (!f) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = copy_def(f, def, err);
  hid_t fcpl = H5I_INVALID_HID, fapl = H5I_INVALID_HID;
  if (st != MBE_OK) {
    goto fail;
  }

  // the file, without object times on the root group
  H5_TRY(fcpl = H5Pcreate(H5P_FILE_CREATE), "cannot make a file creation list for", fail);
  H5_TRY(H5Pset_obj_track_times(fcpl, false), "cannot make a file creation list for", fail);
  H5_TRY(fapl = make_fapl(), "cannot make a file access list for", fail);
  H5_TRY(f->file = H5Fcreate(path, H5F_ACC_TRUNC, fcpl, fapl), "cannot create", fail);
  f->is_writable = true;
  if ((st = create_contents(f, err)) != MBE_OK) {
    goto fail;
  }
  h5_close(fapl);
  h5_close(fcpl);
  *out = f;
  return MBE_OK;

fail:
  h5_close(fapl);
  h5_close(fcpl);
  bool is_created = f->file >= 0;
  file_free(f, NULL);
  if (is_created) {
    remove(path);
  }
  return st;
}

//---------------------------------- open --------------------------------------------------------

// the labels of an open file into f->def, checking the layout
static MbeStatus read_contents(MbeTrajFile* f, MbeError* err) {
  const char* path = f->path;
  MbeTrajDef* d = &f->def;
  MbeStatus st = MBE_OK;
  hid_t attr = H5I_INVALID_HID, dset = H5I_INVALID_HID, type = H5I_INVALID_HID,
        dcpl = H5I_INVALID_HID;
  char* names = NULL;

  // the format and its version
  char* format = NULL;
  htri_t has_format = 0;
  H5_TRY(has_format = H5Aexists(f->file, "format"), "cannot query the attributes of", done);
  if (!has_format) {
    st = mbe_error_set(err, MBE_ERR_IO,
                       "'%s' is not a trajectory file: it has no 'format' attribute", path);
    goto done;
  }
  if ((st = get_string_attr(f->file, path, "format", &f->arena, &format, err)) != MBE_OK) {
    goto done;
  }
  if (strcmp(format, TRAJ_FORMAT) != 0) {
    st = mbe_error_set(err, MBE_ERR_IO,
                       "'%s' is not a trajectory file: its format is '%s', not '%s'", path, format,
                       TRAJ_FORMAT);
    goto done;
  }
  int version = 0;
  H5_TRY(attr = H5Aopen(f->file, "format_version", H5P_DEFAULT), "cannot open an attribute of",
         done);
  H5_TRY(H5Aread(attr, H5T_NATIVE_INT, &version), "cannot read an attribute of", done);
  if (version < 1 || version > MBE_TRAJ_FORMAT_VERSION) {
    st = mbe_error_set(err, MBE_ERR_IO,
                       "'%s' has trajectory format version %d; this build reads versions 1 to %d",
                       path, version, MBE_TRAJ_FORMAT_VERSION);
    goto done;
  }
  char* model = NULL;
  if ((st = get_string_attr(f->file, path, "model", &f->arena, &model, err)) != MBE_OK) {
    goto done;
  }
  d->model = model;

  // /y gives the shape; the other datasets must agree with it
  hsize_t ydims[3], n[1];
  H5_TRY(f->y = H5Dopen2(f->file, "y", H5P_DEFAULT), "cannot open the dataset /y in", done);
  if ((st = get_dims(f->y, path, "/y", 3, ydims, err)) != MBE_OK) {
    goto done;
  }
  d->nmem = ydims[0];
  d->nout = ydims[1];
  d->nsig = ydims[2];
  H5_TRY(dcpl = H5Dget_create_plist(f->y), "cannot query the dataset /y in", done);
  int nfilter = 0;
  H5_TRY(nfilter = H5Pget_nfilters(dcpl), "cannot query the dataset /y in", done);
  d->is_compressed = nfilter > 0;
  H5_TRY(f->written = H5Dopen2(f->file, "written", H5P_DEFAULT),
         "cannot open the dataset /written in", done);
  static const char* const names1[3] = {"/time", "/member", "/signal"};
  const size_t sizes[4] = {d->nout, d->nmem, d->nsig, d->nmem};
  for (int i = 0; i < 4; i++) {
    hid_t ds = i == 3 ? f->written : H5I_INVALID_HID;
    const char* name = i == 3 ? "/written" : names1[i];
    if (i < 3) {
      H5_TRY(ds = H5Dopen2(f->file, name + 1, H5P_DEFAULT), "cannot open a dataset in", done);
    }
    st = get_dims(ds, path, name, 1, n, err);
    if (st == MBE_OK && n[0] != sizes[i]) {
      st = mbe_error_set(err, MBE_ERR_IO,
                         "'%s' is damaged: %s has %llu entries but /y has %zu x %zu x %zu", path,
                         name, (unsigned long long)n[0], d->nmem, d->nout, d->nsig);
    }
    if (i < 3) {
      h5_close(ds);
    }
    if (st != MBE_OK) {
      goto done;
    }
  }

  // times and member ids
  double* time = mbe_arena_alloc(&f->arena, d->nout * sizeof *time);
  int64_t* member = mbe_arena_alloc(&f->arena, d->nmem * sizeof *member);
  const char** signal = mbe_arena_alloc(&f->arena, d->nsig * sizeof *signal);
  if (!time || !member || !signal) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory reading '%s'", path);
    goto done;
  }
  H5_TRY(dset = H5Dopen2(f->file, "time", H5P_DEFAULT), "cannot open the dataset /time in", done);
  H5_TRY(H5Dread(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, time),
         "cannot read the dataset /time in", done);
  h5_close(dset);
  H5_TRY(dset = H5Dopen2(f->file, "member", H5P_DEFAULT), "cannot open the dataset /member in",
         done);
  H5_TRY(H5Dread(dset, H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, member),
         "cannot read the dataset /member in", done);
  h5_close(dset);
  d->time = time;
  d->member = member;

  // signal names: fixed-length strings
  H5_TRY(dset = H5Dopen2(f->file, "signal", H5P_DEFAULT), "cannot open the dataset /signal in",
         done);
  H5_TRY(type = H5Dget_type(dset), "cannot query the dataset /signal in", done);
  htri_t is_var = 0;
  H5_TRY(is_var = H5Tis_variable_str(type), "cannot query the dataset /signal in", done);
  if (H5Tget_class(type) != H5T_STRING || is_var) {
    st = mbe_error_set(err, MBE_ERR_IO,
                       "'%s' is not a trajectory file: /signal does not hold fixed-length strings",
                       path);
    goto done;
  }
  size_t len = H5Tget_size(type);
  if (!(names = mbe_calloc(d->nsig, len))) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory reading '%s'", path);
    goto done;
  }
  H5_TRY(H5Dread(dset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, names),
         "cannot read the dataset /signal in", done);
  for (size_t j = 0; j < d->nsig; j++) {
    const char* s = names + j * len;
    size_t k = 0;
    while (k < len && s[k]) {
      k++;
    }
    if (!(signal[j] = mbe_arena_strndup(&f->arena, s, k))) {
      st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory reading '%s'", path);
      goto done;
    }
  }
  d->signal = signal;
done:
  mbe_free(names);
  h5_close(type);
  h5_close(dset);
  h5_close(dcpl);
  h5_close(attr);
  return st;
}

// opens path read-only or read-write and reads its labels
static MbeStatus traj_open(const char* path, bool is_writable, MbeTrajFile** out, MbeError* err) {
  MbeTrajFile* f = file_alloc(path);
  if (!f) {
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  }
  MbeStatus st = MBE_OK;
  hid_t fapl = H5I_INVALID_HID;
  H5_TRY(fapl = make_fapl(), "cannot make a file access list for", fail);
  H5_TRY(f->file = H5Fopen(path, is_writable ? H5F_ACC_RDWR : H5F_ACC_RDONLY, fapl), "cannot open",
         fail);
  f->is_writable = is_writable;
  if ((st = read_contents(f, err)) != MBE_OK) {
    goto fail;
  }
  h5_close(fapl);
  *out = f;
  return MBE_OK;

fail:
  h5_close(fapl);
  file_free(f, NULL);
  return st;
}

// the first difference between the file's labels and the run's, or MBE_OK
static MbeStatus compare_def(const char* path, const MbeTrajDef* have, const MbeTrajDef* want,
                             MbeError* err) {
  const char* model = want->model ? want->model : "";
  char lead[300];
  snprintf(lead, sizeof lead, "'%s' does not match this run: ", path);
  if (strcmp(have->model, model) != 0) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                         "%sthe model is '%s' in the file, '%s' in this run", lead, have->model,
                         model);
  }
  const size_t h[3] = {have->nmem, have->nout, have->nsig};
  const size_t w[3] = {want->nmem, want->nout, want->nsig};
  static const char* const noun[3] = {"member rows", "output times", "signals"};
  for (int i = 0; i < 3; i++) {
    if (h[i] != w[i]) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG, "%sit holds %zu %s, this run has %zu", lead,
                           h[i], noun[i], w[i]);
    }
  }
  for (size_t m = 0; m < have->nmem; m++) {
    if (have->member[m] != want->member[m]) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                           "%smember row %zu is id %lld in the file, %lld in this run", lead, m,
                           (long long)have->member[m], (long long)want->member[m]);
    }
  }
  for (size_t k = 0; k < have->nout; k++) {
    if (memcmp(&have->time[k], &want->time[k], sizeof(double)) != 0) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                           "%soutput time %zu is %.17g s in the file, %.17g s in this run", lead, k,
                           have->time[k], want->time[k]);
    }
  }
  for (size_t j = 0; j < have->nsig; j++) {
    if (strcmp(have->signal[j], want->signal[j]) != 0) {
      return mbe_error_set(err, MBE_ERR_INVALID_ARG,
                           "%ssignal %zu is '%s' in the file, '%s' in this run", lead, j,
                           have->signal[j], want->signal[j]);
    }
  }
  return MBE_OK;
}

//---------------------------------- rows --------------------------------------------------------

// selects rows first .. first+count-1 of a dataset of rank 1 or 3 (the rest of the extent whole);
// returns the file and memory spaces
static MbeStatus select_rows(const MbeTrajFile* f, hid_t dset, int rank, size_t first, size_t count,
                             hid_t* fspace, hid_t* mspace, MbeError* err) {
  const char* path = f->path;
  MbeStatus st = MBE_OK;
  hsize_t start[3] = {first, 0, 0};
  hsize_t cnt[3] = {count, f->def.nout, f->def.nsig};
  H5_TRY(*fspace = H5Dget_space(dset), "cannot query a dataset in", done);
  H5_TRY(H5Sselect_hyperslab(*fspace, H5S_SELECT_SET, start, NULL, cnt, NULL),
         "cannot select rows in", done);
  H5_TRY(*mspace = H5Screate_simple(rank, cnt, NULL), "cannot make a dataspace for", done);
done:
  return st;
}

static MbeStatus traj_write(MbeTrajFile* f, size_t first, size_t count, const double* y,
                            MbeError* err) {
  const char* path = f->path;
  MbeStatus st = MBE_OK;
  hid_t fspace = H5I_INVALID_HID, mspace = H5I_INVALID_HID;

  // the values
  if ((st = select_rows(f, f->y, 3, first, count, &fspace, &mspace, err)) != MBE_OK) {
    goto done;
  }
  H5_TRY(H5Dwrite(f->y, H5T_NATIVE_DOUBLE, mspace, fspace, H5P_DEFAULT, y),
         "cannot write rows of /y to", done);
  H5_TRY(H5Fflush(f->file, H5F_SCOPE_LOCAL), "cannot flush", done);

  // then the marks, in pieces from a buffer of ones; each step is handed to the system before the
  // next, so a killed writer never leaves a row marked whose values are not in the file
  uint8_t ones[4096];
  memset(ones, 1, sizeof ones);
  for (size_t i = 0; i < count; i += sizeof ones) {
    size_t k = count - i < sizeof ones ? count - i : sizeof ones;
    h5_close(fspace);
    h5_close(mspace);
    fspace = mspace = H5I_INVALID_HID;
    if ((st = select_rows(f, f->written, 1, first + i, k, &fspace, &mspace, err)) != MBE_OK) {
      goto done;
    }
    H5_TRY(H5Dwrite(f->written, H5T_NATIVE_UINT8, mspace, fspace, H5P_DEFAULT, ones),
           "cannot write rows of /written to", done);
  }
  H5_TRY(H5Fflush(f->file, H5F_SCOPE_LOCAL), "cannot flush", done);
done:
  h5_close(mspace);
  h5_close(fspace);
  return st;
}

static MbeStatus traj_read(MbeTrajFile* f, size_t first, size_t count, double* y, MbeError* err) {
  const char* path = f->path;
  MbeStatus st = MBE_OK;
  hid_t fspace = H5I_INVALID_HID, mspace = H5I_INVALID_HID;
  if ((st = select_rows(f, f->y, 3, first, count, &fspace, &mspace, err)) != MBE_OK) {
    goto done;
  }
  H5_TRY(H5Dread(f->y, H5T_NATIVE_DOUBLE, mspace, fspace, H5P_DEFAULT, y),
         "cannot read rows of /y from", done);
done:
  h5_close(mspace);
  h5_close(fspace);
  return st;
}

static MbeStatus traj_read_written(MbeTrajFile* f, size_t first, size_t count, bool* is_written,
                                   MbeError* err) {
  const char* path = f->path;
  MbeStatus st = MBE_OK;
  hid_t fspace = H5I_INVALID_HID, mspace = H5I_INVALID_HID;
  uint8_t buf[4096];
  for (size_t i = 0; i < count; i += sizeof buf) {
    size_t k = count - i < sizeof buf ? count - i : sizeof buf;
    h5_close(fspace);
    h5_close(mspace);
    fspace = mspace = H5I_INVALID_HID;
    if ((st = select_rows(f, f->written, 1, first + i, k, &fspace, &mspace, err)) != MBE_OK) {
      goto done;
    }
    H5_TRY(H5Dread(f->written, H5T_NATIVE_UINT8, mspace, fspace, H5P_DEFAULT, buf),
           "cannot read rows of /written from", done);
    for (size_t j = 0; j < k; j++) {
      is_written[i + j] = buf[j] != 0;
    }
  }
done:
  h5_close(mspace);
  h5_close(fspace);
  return st;
}

//---------------------------------- public calls ------------------------------------------------

MbeStatus mbe_traj_file_create(const char* path, const MbeTrajDef* def, MbeTrajFile** out,
                               MbeError* err) {
  *out = NULL;
  H5Quiet q = quiet_begin();
  MbeStatus st = traj_create(path, def, out, err);
  quiet_end(q);
  return st;
}

MbeStatus mbe_traj_file_reopen(const char* path, const MbeTrajDef* def, MbeTrajFile** out,
                               MbeError* err) {
  *out = NULL;
  H5Quiet q = quiet_begin();
  MbeTrajFile* f = NULL;
  MbeStatus st = traj_open(path, true, &f, err);
  if (st == MBE_OK && (st = compare_def(path, &f->def, def, err)) != MBE_OK) {
    file_free(f, NULL);
    f = NULL;
  }
  quiet_end(q);
  *out = f;
  return st;
}

MbeStatus mbe_traj_file_open(const char* path, MbeTrajFile** out, MbeError* err) {
  *out = NULL;
  H5Quiet q = quiet_begin();
  MbeStatus st = traj_open(path, false, out, err);
  quiet_end(q);
  return st;
}

const MbeTrajDef* mbe_traj_file_def(const MbeTrajFile* f) {
  return &f->def;
}

MbeStatus mbe_traj_file_write(MbeTrajFile* f, size_t first, size_t count, const double* y,
                              MbeError* err) {
  MBE_ASSERT(first <= f->def.nmem && count <= f->def.nmem - first);
  if (!f->is_writable) {
    return mbe_error_set(err, MBE_ERR_USAGE, "cannot write to '%s': it was opened read-only",
                         f->path);
  }
  if (count == 0) {
    return MBE_OK;
  }
  H5Quiet q = quiet_begin();
  MbeStatus st = traj_write(f, first, count, y, err);
  quiet_end(q);
  return st;
}

MbeStatus mbe_traj_file_read(MbeTrajFile* f, size_t first, size_t count, double* y, MbeError* err) {
  MBE_ASSERT(first <= f->def.nmem && count <= f->def.nmem - first);
  if (count == 0) {
    return MBE_OK;
  }
  H5Quiet q = quiet_begin();
  MbeStatus st = traj_read(f, first, count, y, err);
  quiet_end(q);
  return st;
}

MbeStatus mbe_traj_file_read_written(MbeTrajFile* f, size_t first, size_t count, bool* is_written,
                                     MbeError* err) {
  MBE_ASSERT(first <= f->def.nmem && count <= f->def.nmem - first);
  H5Quiet q = quiet_begin();
  MbeStatus st = traj_read_written(f, first, count, is_written, err);
  quiet_end(q);
  return st;
}

MbeStatus mbe_traj_file_flush(MbeTrajFile* f, MbeError* err) {
  H5Quiet q = quiet_begin();
  MbeStatus st = MBE_OK;
  if (H5Fflush(f->file, H5F_SCOPE_LOCAL) < 0) {
    st = h5_fail(err, f->path, "cannot flush");
  }
  quiet_end(q);
  return st;
}

MbeStatus mbe_traj_file_close(MbeTrajFile* f, MbeError* err) {
  if (!f) {
    return MBE_OK;
  }
  H5Quiet q = quiet_begin();
  MbeStatus st = file_free(f, err);
  quiet_end(q);
  return st;
}
