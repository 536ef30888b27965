// SPDX-License-Identifier: Apache-2.0
// Internal base services: counted allocation, logging, contract checks, error filling, a growable
// string, SHA-256 and the file-system helpers (atomic writes, cache directories).
#ifndef MBE_BASE_H
#define MBE_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mbe/mbe_hooks.h"
#include "mbe/mbe_status.h"

#if defined(__GNUC__)
#define MBE_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define MBE_PRINTF(f, a)
#endif

// allocation: every library byte goes through these and is counted (mbe_alloc_bytes)
void* mbe_malloc(size_t size);
void* mbe_calloc(size_t n, size_t size);
void* mbe_realloc(void* ptr, size_t size);
void mbe_free(void* ptr);
char* mbe_strdup(const char* s);

// logging through the registered hook
void mbe_log(MbeLogLevel level, const char* fmt, ...) MBE_PRINTF(2, 3);

// contract checks (programmer errors, never user input)
void mbe_assert_fail(const char* expr, const char* file, int line);
#define MBE_ASSERT(e) ((e) ? (void)0 : mbe_assert_fail(#e, __FILE__, __LINE__))

// fills err (nullable) and returns code
MbeStatus mbe_error_set(MbeError* err, MbeStatus code, const char* fmt, ...) MBE_PRINTF(3, 4);
MbeStatus mbe_error_setv(MbeError* err, MbeStatus code, const char* fmt, va_list ap);
MbeStatus mbe_error_set_at(MbeError* err, MbeStatus code, const char* file, int line, int column,
                           const char* fmt, ...) MBE_PRINTF(6, 7);

// growable NUL-terminated string
typedef struct MbeStrbuf {
  char* data;   // NUL-terminated text, NULL until the first append
  size_t len;   // bytes before the NUL
  size_t cap;   // allocated bytes
  bool is_oom;  // an append failed; the text is truncated
} MbeStrbuf;

void mbe_strbuf_init(MbeStrbuf* sb);
void mbe_strbuf_deinit(MbeStrbuf* sb);
void mbe_strbuf_append(MbeStrbuf* sb, const char* s, size_t n);
void mbe_strbuf_puts(MbeStrbuf* sb, const char* s);
void mbe_strbuf_printf(MbeStrbuf* sb, const char* fmt, ...) MBE_PRINTF(2, 3);

// SHA-256 of a byte string, as 64 lowercase hex digits plus NUL
typedef struct MbeSha256 {
  uint32_t h[8];
  uint64_t nbytes;
  uint8_t block[64];
  size_t nblock;
} MbeSha256;
void mbe_sha256_init(MbeSha256* s);
void mbe_sha256_update(MbeSha256* s, const void* data, size_t n);
void mbe_sha256_final_hex(MbeSha256* s, char hex[65]);
void mbe_sha256_hex(const void* data, size_t n, char hex[65]);

// files: whole-file read (returns owned, NUL-terminated), atomic write (temp file + rename),
// mkdir -p, and the cache directory ($MBENS_CACHE_DIR, else $XDG_CACHE_HOME/mbens, else
// $HOME/.cache/mbens) with a sub-folder
MbeStatus mbe_file_read(const char* path, char** text, size_t* size, MbeError* err);
MbeStatus mbe_file_write_atomic(const char* path, const void* data, size_t size, MbeError* err);
// the text of b written to path atomically; MBE_ERR_NOMEM when an append to b failed
MbeStatus mbe_strbuf_write_atomic(const MbeStrbuf* b, const char* path, MbeError* err);

// the shortest of 15, 16 and 17 significant digits ("%.*g") that reads back as x: "0.1", "7700",
// "1e-05", "0.30000000000000004"; size >= 32 holds every one
void mbe_format_shortest(double x, char* buf, size_t size);

// bytes as "1.3 GiB", "640 MiB", "512 bytes" (powers of 1024)
void mbe_format_size(uint64_t bytes, char* buf, size_t size);

// wall-clock seconds since an arbitrary origin, for timings
double mbe_seconds(void);
MbeStatus mbe_mkdir_p(const char* path, MbeError* err);
MbeStatus mbe_cache_dir(const char* override_dir, const char* sub, char* out, size_t out_size,
                        MbeError* err);

// arena: many small allocations freed at once (the parse arena, flattening scratch). Blocks come
// from mbe_malloc; alignment is that of max_align_t.
typedef struct MbeArenaBlock MbeArenaBlock;
typedef struct MbeArena {
  MbeArenaBlock* head;  // newest block, NULL until the first allocation
  size_t used;          // bytes used in head
  size_t cap;           // bytes available in head
  size_t total;         // bytes allocated from mbe_malloc, all blocks
} MbeArena;

void mbe_arena_init(MbeArena* a);
void mbe_arena_deinit(MbeArena* a);
// Returns zeroed memory owned by the arena, or NULL when out of memory.
void* mbe_arena_alloc(MbeArena* a, size_t size);
char* mbe_arena_strndup(MbeArena* a, const char* s, size_t n);
char* mbe_arena_strdup(MbeArena* a, const char* s);
char* mbe_arena_printf(MbeArena* a, const char* fmt, ...) MBE_PRINTF(2, 3);

// a source file embedded into the library at build time (cmake/embed_sources.cmake)
typedef struct MbeEmbeddedSource {
  const char* path;  // relative to its root folder
  const char* text;  // NUL-terminated
  size_t size;       // bytes before the NUL
} MbeEmbeddedSource;

// the lines around a part function's definition in a generated program text (host/codegen
// writes them, a backend that compiles the parts apart finds them: host/runtime/openmp)
#define MBE_TEXT_PART_BEGIN "// mbe: part\n"
#define MBE_TEXT_PART_END "// mbe: end part\n"

// edit distance of two strings (bytes), for "did you mean" suggestions; stops counting at cap
size_t mbe_edit_distance(const char* a, const char* b, size_t cap);

#endif
