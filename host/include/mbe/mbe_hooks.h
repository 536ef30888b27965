// SPDX-License-Identifier: Apache-2.0
// The only global state of the library: allocator, log and assert hooks, and the byte counter.
#ifndef MBE_HOOKS_H
#define MBE_HOOKS_H

#include <stddef.h>

#include "mbe_export.h"

MBE_BEGIN_DECLS

// log levels, most severe first
typedef enum MbeLogLevel {
  MBE_LOG_ERROR = 0,
  MBE_LOG_WARN,
  MBE_LOG_INFO,
  MBE_LOG_DEBUG,
  MBE_LOG_COUNT
} MbeLogLevel;

// Receives one message (no trailing newline) at a level; ctx is what was registered.
typedef void MbeLogFn(MbeLogLevel level, const char* msg, void* ctx);

// Receives a failed contract check; the default handler prints it and aborts.
typedef void MbeAssertFn(const char* expr, const char* file, int line);

// Allocator hooks; realloc may be NULL (then malloc+copy+free is used).
typedef void* MbeMallocFn(size_t size, void* ctx);
typedef void MbeFreeFn(void* ptr, void* ctx);

// Sets the log handler (NULL = drop everything) and the most verbose level passed to it.
MBE_API void mbe_set_log_fn(MbeLogFn* fn, void* ctx, MbeLogLevel max_level);

// Sets the assert handler; NULL restores the default (print and abort).
MBE_API void mbe_set_assert_fn(MbeAssertFn* fn);

// Sets the allocator used by every library allocation; NULL, NULL restores malloc/free. Must be
// called while no library object is alive.
MBE_API void mbe_set_allocator(MbeMallocFn* alloc, MbeFreeFn* release, void* ctx);

// Returns the bytes currently allocated through the library allocator (tests assert it returns
// to zero).
MBE_API size_t mbe_alloc_bytes(void);

MBE_END_DECLS

#endif
