// SPDX-License-Identifier: Apache-2.0
// Bump arena over a list of mbe_malloc'd blocks, and the edit distance used for suggestions.
#include <stdalign.h>
#include <stdio.h>
#include <string.h>

#include "base.h"

struct MbeArenaBlock {
  MbeArenaBlock* next;
  alignas(max_align_t) unsigned char data[];
};

enum { ARENA_BLOCK = 64 * 1024 };

void mbe_arena_init(MbeArena* a) { memset(a, 0, sizeof *a); }

void mbe_arena_deinit(MbeArena* a) {
  MbeArenaBlock* b = a->head;
  while (b) {
    MbeArenaBlock* next = b->next;
    mbe_free(b);
    b = next;
  }
  memset(a, 0, sizeof *a);
}

void* mbe_arena_alloc(MbeArena* a, size_t size) {
  size_t align = alignof(max_align_t);
  size_t need = (size + align - 1) / align * align;
  if (need < size) {
    return NULL;
  }

  // a new block when the current one is full; big requests get a block of their own
  if (!a->head || a->cap - a->used < need) {
    size_t cap = need > ARENA_BLOCK ? need : ARENA_BLOCK;
    MbeArenaBlock* b = mbe_malloc(sizeof *b + cap);
    if (!b) {
      return NULL;
    }
    b->next = a->head;
    a->head = b;
    a->used = 0;
    a->cap = cap;
    a->total += sizeof *b + cap;
  }
  void* p = a->head->data + a->used;
  a->used += need;
  memset(p, 0, size);
  return p;
}

char* mbe_arena_strndup(MbeArena* a, const char* s, size_t n) {
  char* p = mbe_arena_alloc(a, n + 1);
  if (p) {
    memcpy(p, s, n);
    p[n] = '\0';
  }
  return p;
}

char* mbe_arena_strdup(MbeArena* a, const char* s) { return mbe_arena_strndup(a, s, strlen(s)); }

char* mbe_arena_printf(MbeArena* a, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char* p = n < 0 ? NULL : mbe_arena_alloc(a, (size_t)n + 1);
  if (p) {
    vsnprintf(p, (size_t)n + 1, fmt, ap2);
  }
  va_end(ap2);
  return p;
}

size_t mbe_edit_distance(const char* a, const char* b, size_t cap) {
  size_t na = strlen(a), nb = strlen(b);
  if (na > 255 || nb > 255) {
    return cap;
  }

  // two rows of the Levenshtein table
  size_t row0[256], row1[256];
  for (size_t j = 0; j <= nb; j++) {
    row0[j] = j;
  }
  for (size_t i = 1; i <= na; i++) {
    row1[0] = i;
    size_t best = row1[0];
    for (size_t j = 1; j <= nb; j++) {
      size_t sub = row0[j - 1] + (a[i - 1] != b[j - 1]);
      size_t del = row0[j] + 1, ins = row1[j - 1] + 1;
      size_t m = sub < del ? sub : del;
      row1[j] = m < ins ? m : ins;
      if (row1[j] < best) {
        best = row1[j];
      }
    }
    if (best >= cap) {
      return cap;
    }
    memcpy(row0, row1, (nb + 1) * sizeof row0[0]);
  }
  return row0[nb] < cap ? row0[nb] : cap;
}
