// SPDX-License-Identifier: Apache-2.0
// Libraries on disk (Modelica 3.6 section 13.4): a package is a folder with package.mo, and its
// classes are the folder's NAME.mo files and NAME/ package folders. Nothing is read until a
// lookup needs it: a library root's top-level packages, a package's package.mo and each class
// file are parsed on first use and placed into the one class tree of the spec.
//
// The built-in catalogue and the user's own files come first: a package already in the tree (the
// catalogue's Modelica, a package implicit in a file's `within`) takes the folder of the same full
// name as its library twin, whose package.mo adds the classes the tree lacks, and whose files
// are loaded only for names the tree does not define. A library's Modelica package thus supplies
// the examples and utilities the catalogue does not define, never a second World or Revolute.
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "parse_internal.h"

static bool is_dir(const char* path) {
  struct stat sb;
  return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static bool is_file(const char* path) {
  struct stat sb;
  return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

static const char* join(MbeSpec* spec, const char* dir, const char* name, const char* ext) {
  return mbe_arena_printf(&spec->arena, "%s/%s%s", dir, name, ext);
}

// records the first failure of a load: lookups report it instead of "unknown class"
static void lib_fail(MbeSpec* spec, const MbeError* err) {
  if (spec->lib_status == MBE_OK) {
    spec->lib_err = *err;
    spec->lib_status = err->code;
  }
}

static MbeStatus add_root(MbeSpec* spec, const char* dir, MbeError* err) {
  for (size_t i = 0; i < spec->nlib_roots; i++) {
    if (strcmp(spec->lib_roots[i], dir) == 0) {
      return MBE_OK;
    }
  }
  const char** roots = mbe_realloc(spec->lib_roots, (spec->nlib_roots + 1) * sizeof *roots);
  const char* copy = mbe_arena_strdup(&spec->arena, dir);
  if (!roots || !copy) {
    if (roots) {
      spec->lib_roots = roots;
    }
    return mbe_error_set(err, MBE_ERR_NOMEM, "out of memory adding library %s", dir);
  }
  spec->lib_roots = roots;
  spec->lib_roots[spec->nlib_roots++] = copy;
  return MBE_OK;
}

// dir without trailing slashes, and its parent ("." when it has none)
static void split_dir(const char* dir, char* self, char* parent, size_t n) {
  snprintf(self, n, "%s", dir);
  size_t len = strlen(self);
  while (len > 1 && self[len - 1] == '/') {
    self[--len] = '\0';
  }
  const char* slash = strrchr(self, '/');
  if (!slash) {
    snprintf(parent, n, ".");
  } else if (slash == self) {
    snprintf(parent, n, "/");
  } else {
    snprintf(parent, n, "%.*s", (int)(slash - self), self);
  }
}

MbeStatus mbe_spec_add_library(MbeSpec* spec, const char* dir, MbeError* err) {
  if (!spec || !dir) {
    return mbe_error_set(err, MBE_ERR_INVALID_ARG, "mbe_spec_add_library: spec and dir are required");
  }
  char self[4096], parent[4096];
  split_dir(dir, self, parent, sizeof self);
  if (!is_dir(self)) {
    return mbe_error_set(err, MBE_ERR_IO, "library %s is not a folder", dir);
  }
  // a package folder itself: its parent is the root that holds it
  char pkg[4200];
  snprintf(pkg, sizeof pkg, "%s/package.mo", self);
  return add_root(spec, is_file(pkg) ? parent : self, err);
}

MbeStatus mbe_spec_add_library_path(MbeSpec* spec, const char* list, MbeError* err) {
  const char* p = list ? list : "";
  while (*p) {
    size_t len = strcspn(p, ":");
    if (len > 0) {
      char dir[4096];
      snprintf(dir, sizeof dir, "%.*s", (int)len, p);
      MbeStatus st = mbe_spec_add_library(spec, dir, err);
      if (st != MBE_OK) {
        return st;
      }
    }
    p += len + (p[len] == ':');
  }
  return MBE_OK;
}

// the classes a package folder holds, read once
static void list_entries(MbeSpec* spec, MbeClass* c) {
  DIR* d = opendir(c->lib_dir);
  size_t cap = 0;
  for (struct dirent* e = d ? readdir(d) : NULL; e; e = readdir(d)) {
    size_t len = strlen(e->d_name);
    const char* name = NULL;
    if (len > 3 && strcmp(e->d_name + len - 3, ".mo") == 0 && strcmp(e->d_name, "package.mo")) {
      name = mbe_arena_strndup(&spec->arena, e->d_name, len - 3);
    } else if (e->d_name[0] != '.' && is_file(join(spec, c->lib_dir, e->d_name, "/package.mo"))) {
      name = mbe_arena_strdup(&spec->arena, e->d_name);
    }
    if (!name) {
      continue;
    }
    if (c->nlib_entries == cap) {
      cap = cap ? 2 * cap : 16;
      const char** a = mbe_arena_alloc(&spec->arena, cap * sizeof *a);
      if (!a) {
        break;
      }
      if (c->nlib_entries) {
        memcpy(a, c->lib_entries, c->nlib_entries * sizeof *a);
      }
      c->lib_entries = a;
    }
    c->lib_entries[c->nlib_entries++] = name;
  }
  if (d) {
    closedir(d);
  }
}

// the `within` of a file loaded into scope must name scope
static MbeStatus check_within(MbeSpec* spec, const MbeFile* f, const MbeClass* scope,
                              MbeError* err) {
  const MbeClass* chain[64];
  size_t n = 0;
  for (const MbeClass* c = scope; c && c != &spec->root && n < 64; c = c->parent) {
    chain[n++] = c;
  }
  bool ok = f->within.nparts == n;
  for (size_t i = 0; ok && i < n; i++) {
    ok = strcmp(f->within.parts[i].ident, chain[n - 1 - i]->name) == 0;
  }
  if (ok) {
    return MBE_OK;
  }
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);
  for (size_t i = n; i-- > 0;) {
    mbe_strbuf_printf(&sb, "%s%s", chain[i]->name, i ? "." : "");
  }
  MbeLoc at = f->has_within ? f->within.loc : f->classes[0]->loc;
  MbeStatus st = mbe_error_at(err, MBE_ERR_MODEL, at,
                              "this file lies in the library folder of %s; it must start with "
                              "'within %s;'",
                              n ? sb.data : "the top level", n ? sb.data : "");
  mbe_strbuf_deinit(&sb);
  return st;
}

// parses path and returns its class ident (placing the file's classes into scope, those the
// tree does not have yet); lib_dir is the folder of a package.mo, else NULL
static MbeClass* load_into(MbeSpec* spec, MbeClass* scope, const char* path, const char* ident,
                           const char* lib_dir) {
  MbeError err;
  MbeFile* f = NULL;
  MbeStatus st = mbe_spec_read_file(spec, path, &f, &err);
  if (st == MBE_OK) {
    st = check_within(spec, f, scope, &err);
  }
  MbeClass* out = NULL;
  for (size_t i = 0; st == MBE_OK && i < f->nclasses; i++) {
    MbeClass* k = f->classes[i];
    if (mbe_spec_find_child(scope, k->name)) {
      continue;
    }
    k->lib_probed = true;
    if (strcmp(k->name, ident) == 0) {
      out = k;
      k->lib_dir = lib_dir;
      k->lib_merged = lib_dir != NULL;
    }
    st = mbe_spec_append_child(spec, scope, k, &err);
  }
  if (st == MBE_OK && !out) {
    st = mbe_error_at(&err, MBE_ERR_MODEL, f->classes[0]->loc,
                      "%s must define the class %s (the name of its file or folder)", path, ident);
  }
  if (st != MBE_OK) {
    lib_fail(spec, &err);
    return NULL;
  }
  if (lib_dir) {
    list_entries(spec, out);
  }
  return out;
}

static bool is_long_package(const MbeClass* k) {
  return k->restriction == MBE_CLASS_PACKAGE && !k->is_short;
}

static void merge_into(MbeSpec* spec, MbeClass* c, MbeClass* l, int depth);

// the nested classes of l that c lacks join c; a package both have is merged the same way
static void merge_classes(MbeSpec* spec, MbeClass* c, MbeClass* l, int depth) {
  MbeError err;
  for (size_t i = 0; i < l->nclasses; i++) {
    MbeClass* k = l->classes[i];
    MbeClass* ck = mbe_spec_find_child(c, k->name);
    if (!ck) {
      if (mbe_spec_append_child(spec, c, k, &err) != MBE_OK) {
        lib_fail(spec, &err);
      }
    } else if (ck != k && depth < 16 && is_long_package(ck) && is_long_package(k)) {
      merge_into(spec, ck, k, depth + 1);
    }
  }
}

// a package of the tree (the catalogue's) keeps its own elements and gains the imports and the
// classes that its library twin l has and it lacks
static void merge_into(MbeSpec* spec, MbeClass* c, MbeClass* l, int depth) {
  if (l->nimports) {
    MbeImport* imps = mbe_arena_alloc(&spec->arena, (c->nimports + l->nimports) * sizeof *imps);
    if (imps) {
      memcpy(imps, c->imports, c->nimports * sizeof *imps);
      memcpy(imps + c->nimports, l->imports, l->nimports * sizeof *imps);
      c->imports = imps;
      c->nimports += l->nimports;
    }
  }
  merge_classes(spec, c, l, depth);
}

// a catalogue package whose library twin is a file (Modelica/Units.mo, Blocks/Continuous.mo):
// the file's classes it lacks join it, package by package
static void merge_file_twin(MbeSpec* spec, MbeClass* c, const char* path) {
  MbeError err;
  MbeFile* f = NULL;
  MbeStatus st = mbe_spec_read_file(spec, path, &f, &err);
  if (st == MBE_OK) {
    st = check_within(spec, f, c->parent ? c->parent : &spec->root, &err);
  }
  for (size_t i = 0; st == MBE_OK && i < f->nclasses; i++) {
    if (strcmp(f->classes[i]->name, c->name) == 0 && is_long_package(f->classes[i])) {
      merge_into(spec, c, f->classes[i], 0);
    }
  }
  if (st != MBE_OK) {
    lib_fail(spec, &err);
  }
}

// takes the package.mo of c's folder into c: an implicit package becomes that package; any
// other (the catalogue's) keeps its own elements and gains the classes and imports it lacks
static void merge_package(MbeSpec* spec, MbeClass* c) {
  MbeError err;
  MbeFile* f = NULL;
  const char* path = join(spec, c->lib_dir, "package", ".mo");
  MbeStatus st = mbe_spec_read_file(spec, path, &f, &err);
  if (st == MBE_OK) {
    st = check_within(spec, f, c->parent ? c->parent : &spec->root, &err);
  }
  if (st == MBE_OK && (f->nclasses != 1 || strcmp(f->classes[0]->name, c->name) != 0)) {
    st = mbe_error_at(&err, MBE_ERR_MODEL, f->classes[0]->loc,
                      "%s must define the one class %s (the name of its folder)", path, c->name);
  }
  if (st != MBE_OK) {
    lib_fail(spec, &err);
    return;
  }
  MbeClass* l = f->classes[0];
  if (c->is_implicit) {
    MbeClass keep = *c;
    *c = *l;
    c->parent = keep.parent;
    c->classes = keep.classes;
    c->nclasses = keep.nclasses;
    c->lib_dir = keep.lib_dir;
    c->lib_entries = keep.lib_entries;
    c->nlib_entries = keep.nlib_entries;
    c->lib_probed = true;
    c->lib_merged = true;
    merge_classes(spec, c, l, 0);
    return;
  }
  c->lib_merged = true;
  merge_into(spec, c, l, 0);
}

// the library folder of the package c that is already in the tree: the folder of its name in
// its parent's folder, or in a library root for a top-level package
static const char* twin_dir(MbeSpec* spec, const MbeClass* c) {
  if (c->parent) {
    mbe_lib_prepare(spec, c->parent);
    const char* pd = c->parent->lib_dir;
    const char* d = pd ? join(spec, pd, c->name, "") : NULL;
    return d && is_file(join(spec, d, "package", ".mo")) ? d : NULL;
  }
  for (size_t i = 0; i < spec->nlib_roots; i++) {
    const char* d = join(spec, spec->lib_roots[i], c->name, "");
    if (is_file(join(spec, d, "package", ".mo"))) {
      return d;
    }
  }
  return NULL;
}

void mbe_lib_prepare(const MbeSpec* cspec, const MbeClass* ccls) {
  MbeSpec* spec = (MbeSpec*)cspec;  // loading on first use: see parse.h
  MbeClass* c = (MbeClass*)ccls;
  if (c == &spec->root || c->restriction != MBE_CLASS_PACKAGE || c->is_short) {
    return;
  }
  if (!c->lib_probed) {
    c->lib_probed = true;
    if (!c->lib_dir && spec->nlib_roots && (c->lib_dir = twin_dir(spec, c)) != NULL) {
      list_entries(spec, c);
    } else if (!c->lib_dir && c->parent && c->parent->lib_dir) {
      const char* file = join(spec, c->parent->lib_dir, c->name, ".mo");
      if (is_file(file)) {
        merge_file_twin(spec, c, file);
      }
    }
  }
  if (c->lib_dir && !c->lib_merged) {
    c->lib_merged = true;
    merge_package(spec, c);
  }
}

const MbeClass* mbe_lib_load(const MbeSpec* cspec, const MbeClass* ccls, const char* ident) {
  MbeSpec* spec = (MbeSpec*)cspec;  // loading on first use: see parse.h
  MbeClass* c = (MbeClass*)ccls;
  if (c == &spec->root) {
    for (size_t i = 0; i < spec->nlib_roots; i++) {
      const char* d = join(spec, spec->lib_roots[i], ident, "");
      const char* pkg = join(spec, d, "package", ".mo");
      if (is_file(pkg)) {
        return load_into(spec, c, pkg, ident, d);
      }
      const char* file = join(spec, spec->lib_roots[i], ident, ".mo");
      if (is_file(file)) {
        return load_into(spec, c, file, ident, NULL);
      }
    }
    return NULL;
  }
  mbe_lib_prepare(spec, c);
  for (size_t i = 0; c->lib_dir && i < c->nlib_entries; i++) {
    if (strcmp(c->lib_entries[i], ident) == 0) {
      const char* d = join(spec, c->lib_dir, ident, "");
      const char* pkg = join(spec, d, "package", ".mo");
      return is_file(pkg) ? load_into(spec, c, pkg, ident, d)
                          : load_into(spec, c, join(spec, c->lib_dir, ident, ".mo"), ident, NULL);
    }
  }
  return NULL;
}

// the folder n levels above the folder of path
static void dir_up(const char* path, size_t n, char* out, size_t size) {
  char cur[4096], self[4096];
  snprintf(out, size, "%s", path);
  for (size_t i = 0; i < n + 1; i++) {
    snprintf(cur, sizeof cur, "%s", out);
    split_dir(cur, self, out, size);
  }
}

MbeStatus mbe_lib_discover(MbeSpec* spec, const MbeFile* f, const char* path, MbeError* err) {
  // FILE.mo within A.B lies in root/A/B/; root/A/B/package.mo (within A) lies in root/A/B/
  const char* base = strrchr(path, '/');
  base = base ? base + 1 : path;
  bool is_pkg = strcmp(base, "package.mo") == 0;
  size_t up = f->within.nparts + (is_pkg ? 1 : 0);
  char root[4096], dir[4096];
  dir_up(path, up, root, sizeof root);
  for (size_t i = 0; i < f->within.nparts; i++) {
    dir_up(path, up - 1 - i, dir, sizeof dir);
    const char* last = strrchr(dir, '/');
    last = last ? last + 1 : dir;
    char pkg[4200];
    snprintf(pkg, sizeof pkg, "%s/package.mo", dir);
    if (strcmp(last, f->within.parts[i].ident) != 0 || !is_file(pkg)) {
      return MBE_OK;  // not laid out as a library: the file stands alone
    }
  }
  if (!f->has_within && !is_pkg) {
    return MBE_OK;
  }
  if (is_pkg && f->nclasses == 1) {
    char file[4096], folder[4096];
    split_dir(path, file, folder, sizeof file);
    f->classes[0]->lib_dir = mbe_arena_strdup(&spec->arena, folder);
    f->classes[0]->lib_merged = f->classes[0]->lib_probed = true;
    if (f->classes[0]->lib_dir) {
      list_entries(spec, f->classes[0]);
    }
  }
  return add_root(spec, root, err);
}
