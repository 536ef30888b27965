// SPDX-License-Identifier: Apache-2.0
// Program-text assembly: system source + kernels/mbe_ensemble.cl with quoted includes inlined,
// so both backends compile one self-contained text and the cache key covers every byte of it.
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

extern const MbeEmbeddedSource mbe_embedded_sources[];
extern const size_t mbe_embedded_source_count;

#define MBE_MAX_INCLUDED 128
#define MBE_MAX_INCLUDE_DEPTH 16

typedef struct Assembler {
  MbeStrbuf* out;
  const char* dir_override;             // $MBE_KERNEL_DIR or NULL
  char* loaded[MBE_MAX_INCLUDED];       // texts read from dir_override, freed at the end
  char* loaded_path[MBE_MAX_INCLUDED];  // their paths
  int nloaded;
  char* seen[MBE_MAX_INCLUDED];  // our own headers already inlined
  int nseen;
} Assembler;

const char* mbe_kernel_source_find(const char* path, size_t* size) {
  for (size_t i = 0; i < mbe_embedded_source_count; i++) {
    if (strcmp(mbe_embedded_sources[i].path, path) == 0) {
      if (size) {
        *size = mbe_embedded_sources[i].size;
      }
      return mbe_embedded_sources[i].text;
    }
  }
  return NULL;
}

// normalises "a/b/../c" and "./x" in place (re-entrant: no strtok)
static void normalize_path(char* path) {
  char buf[256] = "";
  size_t starts[64];
  int n = 0;
  size_t len = 0;
  for (const char* s = path; *s;) {
    const char* e = strchr(s, '/');
    size_t seg = e ? (size_t)(e - s) : strlen(s);
    if (seg == 0 || (seg == 1 && s[0] == '.')) {
      // empty or "." segment: nothing to add
    } else if (seg == 2 && s[0] == '.' && s[1] == '.' && n > 0) {
      len = starts[--n];
      buf[len] = '\0';
    } else if (n < 64 && len + seg + 2 < sizeof buf) {
      starts[n++] = len;
      if (len) {
        buf[len++] = '/';
      }
      memcpy(buf + len, s, seg);
      len += seg;
      buf[len] = '\0';
    }
    s = e ? e + 1 : s + seg;
  }
  strcpy(path, buf);
}

// finds a file: the developer's kernel directory first (when set), then the embedded table
static const char* lookup(Assembler* a, const char* path) {
  if (a->dir_override) {
    for (int i = 0; i < a->nloaded; i++) {
      if (strcmp(a->loaded_path[i], path) == 0) {
        return a->loaded[i];
      }
    }
    char full[1024];
    snprintf(full, sizeof full, "%s/%s", a->dir_override, path);
    char* text = NULL;
    if (a->nloaded < MBE_MAX_INCLUDED && mbe_file_read(full, &text, NULL, NULL) == MBE_OK) {
      a->loaded_path[a->nloaded] = mbe_strdup(path);
      a->loaded[a->nloaded++] = text;
      return text;
    }
  }
  return mbe_kernel_source_find(path, NULL);
}

// if line is `#include "name"`, copies name and returns true
static bool parse_include(const char* line, const char* end, char* name, size_t name_size) {
  const char* s = line;
  while (s < end && (*s == ' ' || *s == '\t')) {
    s++;
  }
  if (s >= end || *s != '#') {
    return false;
  }
  s++;
  while (s < end && (*s == ' ' || *s == '\t')) {
    s++;
  }
  if ((size_t)(end - s) < 7 || strncmp(s, "include", 7) != 0) {
    return false;
  }
  s += 7;
  while (s < end && (*s == ' ' || *s == '\t')) {
    s++;
  }
  if (s >= end || *s != '"') {
    return false;
  }
  const char* q = memchr(s + 1, '"', (size_t)(end - s - 1));
  if (!q || (size_t)(q - s - 1) >= name_size) {
    return false;
  }
  memcpy(name, s + 1, (size_t)(q - s - 1));
  name[q - s - 1] = '\0';
  return true;
}

static MbeStatus emit_file(Assembler* a, const char* path, const char* text, int depth,
                           MbeError* err);

// resolves an include relative to the including file, then to the kernels/ root
static MbeStatus emit_include(Assembler* a, const char* from, const char* name, int depth,
                              MbeError* err) {
  char rel[256];
  const char* slash = strrchr(from, '/');
  const char* text = NULL;
  if (slash) {
    snprintf(rel, sizeof rel, "%.*s/%s", (int)(slash - from), from, name);
    normalize_path(rel);
    text = lookup(a, rel);
  }
  if (!text) {
    snprintf(rel, sizeof rel, "%s", name);
    normalize_path(rel);
    text = lookup(a, rel);
  }
  if (!text) {
    // not ours to judge: it may sit in a branch the preprocessor never takes (Random123's
    // per-compiler headers); if it is live, the compiler reports it with the build log
    mbe_strbuf_printf(a->out, "#include \"%s\"\n", name);
    return MBE_OK;
  }

  // our own headers are included unconditionally and guarded: inline them once. Others are
  // inlined at every #include, as the preprocessor would see them: their first inclusion may sit
  // in a branch that is never taken (Random123 reaches gccfeatures.h inside its CUDA branch first)
  if (strncmp(rel, "Random123/", 10) != 0) {
    for (int i = 0; i < a->nseen; i++) {
      if (strcmp(a->seen[i], rel) == 0) {
        return MBE_OK;
      }
    }
    if (a->nseen < MBE_MAX_INCLUDED) {
      a->seen[a->nseen++] = mbe_strdup(rel);
    }
  }
  return emit_file(a, rel, text, depth + 1, err);
}

static MbeStatus emit_file(Assembler* a, const char* path, const char* text, int depth,
                           MbeError* err) {
  if (depth > MBE_MAX_INCLUDE_DEPTH) {
    return mbe_error_set(err, MBE_ERR_BUILD, "kernel includes nested too deeply at %s", path);
  }
  mbe_strbuf_printf(a->out, "#line 1 \"%s\"\n", path);

  // copy line by line; includes outside block comments are replaced by the file
  bool in_comment = false;
  int lineno = 1;
  for (const char* s = text; *s;) {
    const char* e = strchr(s, '\n');
    const char* end = e ? e : s + strlen(s);
    char name[160];
    if (!in_comment && parse_include(s, end, name, sizeof name)) {
      MbeStatus st = emit_include(a, path, name, depth, err);
      if (st != MBE_OK) {
        return st;
      }
      mbe_strbuf_printf(a->out, "#line %d \"%s\"\n", lineno + 1, path);
    } else {
      mbe_strbuf_append(a->out, s, (size_t)(end - s));
      mbe_strbuf_append(a->out, "\n", 1);
    }

    // track /* */ comments so commented-out includes stay comments
    for (const char* c = s; c + 1 < end; c++) {
      if (!in_comment && c[0] == '/' && c[1] == '/') {
        break;
      }
      if (!in_comment && c[0] == '/' && c[1] == '*') {
        in_comment = true;
        c++;
      } else if (in_comment && c[0] == '*' && c[1] == '/') {
        in_comment = false;
        c++;
      }
    }
    s = e ? e + 1 : end;
    lineno++;
  }
  return MBE_OK;
}

MbeStatus mbe_program_text_assemble(const char* system_source, MbeStrbuf* out, MbeError* err) {
  Assembler a;
  memset(&a, 0, sizeof a);
  a.out = out;
  const char* dir = getenv("MBE_KERNEL_DIR");
  a.dir_override = dir && *dir ? dir : NULL;

  // the system first (it defines what the integrator calls), then the entry points
  MbeStatus st = emit_file(&a, "system", system_source, 0, err);
  if (st == MBE_OK) {
    st = emit_include(&a, "system", "mbe_ensemble.cl", 0, err);
  }
  for (int i = 0; i < a.nloaded; i++) {
    mbe_free(a.loaded[i]);
    mbe_free(a.loaded_path[i]);
  }
  for (int i = 0; i < a.nseen; i++) {
    mbe_free(a.seen[i]);
  }
  if (st == MBE_OK && out->is_oom) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory assembling the program text");
  }
  return st;
}
