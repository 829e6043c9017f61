// SPDX-License-Identifier: Apache-2.0
/* Internal: sparse texture memory addressed by 48-bit GPU virtual addresses
 * (tex.h, N61). Pages of SPAGM_TEX_PAGE_BYTES are allocated on first write
 * and kept in an open-addressing hash table keyed by page number; memory
 * never written reads 0. */
#ifndef SPAGM_TEX_MEMORY_H
#define SPAGM_TEX_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "spagm/status.h"
#include "spagm/tex.h"

typedef struct spagm_tex_mem {
  uint64_t *keys;  /* page number + 1; 0 marks an empty slot */
  uint8_t **pages; /* SPAGM_TEX_PAGE_BYTES each, parallel to keys */
  size_t cap;      /* slots, a power of two (0 before the first write) */
  size_t count;    /* allocated pages */
} spagm_tex_mem;

/* A few recently used pages, kept by one reader for the length of one
 * transaction so lanes that hit the same pages skip the hash lookup. It is
 * a local variable of the reader, never model state. */
#define SPAGM_TEX_PAGE_CACHE 4
typedef struct spagm_tex_page_cache {
  uint64_t pn[SPAGM_TEX_PAGE_CACHE]; /* page number + 1; 0 = empty */
  const uint8_t *page[SPAGM_TEX_PAGE_CACHE]; /* NULL = never written */
  unsigned next;
} spagm_tex_page_cache;

void spagm__tex_mem_init(spagm_tex_mem *mem);
/* Free every page: back to all-zero memory. */
void spagm__tex_mem_clear(spagm_tex_mem *mem);

/* The caller has checked va + n <= SPAGM_TEX_VA_LIMIT. */
spagm_status spagm__tex_mem_write(spagm_tex_mem *mem, uint64_t va,
                                  const void *data, size_t n);
void spagm__tex_mem_read(const spagm_tex_mem *mem, uint64_t va, void *data,
                         size_t n);
/* The page holding va through a page cache (cache zero-initialised by the
 * caller): NULL when that page was never written. */
const uint8_t *spagm__tex_mem_page_lookup(const spagm_tex_mem *mem,
                                          spagm_tex_page_cache *cache,
                                          uint64_t va);

/* The 16 bytes at va & ~15. An aligned 16-byte unit never crosses a page,
 * and every texel of a power-of-two size lies inside one, so this fixed-size
 * read is the texel fetch of TLDS. */
static inline void spagm__tex_mem_unit16(const spagm_tex_mem *mem,
                                         spagm_tex_page_cache *cache,
                                         uint64_t va, uint8_t out[16]) {
  uint64_t key = (va >> 12) + 1; /* SPAGM_TEX_PAGE_BYTES = 4096 */
  const uint8_t *p = NULL;
  bool hit = false;
  for (unsigned i = 0; i < SPAGM_TEX_PAGE_CACHE; i++)
    if (cache->pn[i] == key) {
      p = cache->page[i];
      hit = true;
      break;
    }
  if (!hit) p = spagm__tex_mem_page_lookup(mem, cache, va);
  if (p)
    memcpy(out, p + (va & 0xFF0u), 16);
  else
    memset(out, 0, 16); /* N61: never written reads 0 */
}
/* Sorted page addresses, as spagm_tex_mem_pages (tex.h). */
size_t spagm__tex_mem_pages(const spagm_tex_mem *mem, uint64_t *va_out,
                            size_t cap);

#endif
