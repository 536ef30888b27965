// SPDX-License-Identifier: Apache-2.0
// Counted allocation behind user hooks. Each block carries a header with its size so the byte
// counter is exact; the header keeps max_align_t alignment.
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

typedef union MbeAllocHeader {
  size_t size;
  max_align_t align;
} MbeAllocHeader;

static MbeMallocFn* g_alloc = NULL;
static MbeFreeFn* g_release = NULL;
static void* g_ctx = NULL;
static atomic_size_t g_bytes;

void mbe_set_allocator(MbeMallocFn* alloc, MbeFreeFn* release, void* ctx) {
  g_alloc = alloc;
  g_release = release;
  g_ctx = ctx;
}

size_t mbe_alloc_bytes(void) {
  return atomic_load(&g_bytes);
}

void* mbe_malloc(size_t size) {
  if (size > SIZE_MAX - sizeof(MbeAllocHeader)) {
    return NULL;
  }
  size_t total = sizeof(MbeAllocHeader) + size;
  MbeAllocHeader* h = g_alloc ? g_alloc(total, g_ctx) : malloc(total);
  if (!h) {
    return NULL;
  }
  h->size = size;
  atomic_fetch_add(&g_bytes, size);
  return h + 1;
}

void* mbe_calloc(size_t n, size_t size) {
  if (size && n > SIZE_MAX / size) {
    return NULL;
  }
  void* p = mbe_malloc(n * size);
  if (p) {
    memset(p, 0, n * size);
  }
  return p;
}

void mbe_free(void* ptr) {
  if (!ptr) {
    return;
  }
  MbeAllocHeader* h = (MbeAllocHeader*)ptr - 1;
  atomic_fetch_sub(&g_bytes, h->size);
  if (g_release) {
    g_release(h, g_ctx);
  } else {
    free(h);
  }
}

void* mbe_realloc(void* ptr, size_t size) {
  if (!ptr) {
    return mbe_malloc(size);
  }

  // always move: keeps the accounting in one place and works with any user allocator
  size_t old = ((MbeAllocHeader*)ptr - 1)->size;
  void* p = mbe_malloc(size);
  if (!p) {
    return NULL;
  }
  memcpy(p, ptr, old < size ? old : size);
  mbe_free(ptr);
  return p;
}

char* mbe_strdup(const char* s) {
  size_t n = strlen(s) + 1;
  char* d = mbe_malloc(n);
  if (d) {
    memcpy(d, s, n);
  }
  return d;
}
