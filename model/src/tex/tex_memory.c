// SPDX-License-Identifier: Apache-2.0
/* Sparse texture memory (tex_memory.h, N61). */
#include "tex/tex_memory.h"

#include <stdlib.h>
#include <string.h>

#define PAGE_BYTES ((uint64_t)SPAGM_TEX_PAGE_BYTES)
#define PAGE_SHIFT 12u /* log2(SPAGM_TEX_PAGE_BYTES) */

void spagm__tex_mem_init(spagm_tex_mem *mem) { memset(mem, 0, sizeof *mem); }

void spagm__tex_mem_clear(spagm_tex_mem *mem) {
  for (size_t i = 0; i < mem->cap; i++) free(mem->pages[i]);
  free(mem->keys);
  free(mem->pages);
  spagm__tex_mem_init(mem);
}

/* Fibonacci hashing spreads consecutive page numbers over the table. */
static size_t slot_of(uint64_t key, size_t cap) {
  return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 17) & (cap - 1);
}

static const uint8_t *find_page(const spagm_tex_mem *mem, uint64_t pn) {
  if (mem->cap == 0) return NULL;
  uint64_t key = pn + 1;
  for (size_t i = slot_of(key, mem->cap);; i = (i + 1) & (mem->cap - 1)) {
    if (mem->keys[i] == key) return mem->pages[i];
    if (mem->keys[i] == 0) return NULL;
  }
}

static void insert_slot(uint64_t *keys, uint8_t **pages, size_t cap,
                        uint64_t key, uint8_t *page) {
  size_t i = slot_of(key, cap);
  while (keys[i] != 0) i = (i + 1) & (cap - 1);
  keys[i] = key;
  pages[i] = page;
}

/* Keep the load factor at most 1/2 so probes stay short. */
static spagm_status grow(spagm_tex_mem *mem) {
  size_t cap = mem->cap ? mem->cap * 2 : 64;
  uint64_t *keys = calloc(cap, sizeof *keys);
  uint8_t **pages = calloc(cap, sizeof *pages);
  if (!keys || !pages) {
    free(keys);
    free(pages);
    return SPAGM_E_NOMEM;
  }
  for (size_t i = 0; i < mem->cap; i++)
    if (mem->keys[i]) insert_slot(keys, pages, cap, mem->keys[i], mem->pages[i]);
  free(mem->keys);
  free(mem->pages);
  mem->keys = keys;
  mem->pages = pages;
  mem->cap = cap;
  return SPAGM_OK;
}

static uint8_t *page_for_write(spagm_tex_mem *mem, uint64_t pn) {
  uint8_t *p = (uint8_t *)find_page(mem, pn);
  if (p) return p;
  if ((mem->count + 1) * 2 > mem->cap && grow(mem) != SPAGM_OK) return NULL;
  p = calloc(1, SPAGM_TEX_PAGE_BYTES);
  if (!p) return NULL;
  insert_slot(mem->keys, mem->pages, mem->cap, pn + 1, p);
  mem->count++;
  return p;
}

spagm_status spagm__tex_mem_write(spagm_tex_mem *mem, uint64_t va,
                                  const void *data, size_t n) {
  const uint8_t *src = data;
  while (n > 0) {
    uint64_t off = va & (PAGE_BYTES - 1);
    size_t chunk = (size_t)(PAGE_BYTES - off) < n ? (size_t)(PAGE_BYTES - off) : n;
    uint8_t *p = page_for_write(mem, va >> PAGE_SHIFT);
    if (!p) return SPAGM_E_NOMEM;
    memcpy(p + off, src, chunk);
    src += chunk;
    va += chunk;
    n -= chunk;
  }
  return SPAGM_OK;
}

void spagm__tex_mem_read(const spagm_tex_mem *mem, uint64_t va, void *data,
                         size_t n) {
  uint8_t *dst = data;
  while (n > 0) {
    uint64_t off = va & (PAGE_BYTES - 1);
    size_t chunk = (size_t)(PAGE_BYTES - off) < n ? (size_t)(PAGE_BYTES - off) : n;
    const uint8_t *p = find_page(mem, va >> PAGE_SHIFT);
    if (p)
      memcpy(dst, p + off, chunk);
    else
      memset(dst, 0, chunk); /* N61: never written reads 0 */
    dst += chunk;
    va += chunk;
    n -= chunk;
  }
}

const uint8_t *spagm__tex_mem_page_lookup(const spagm_tex_mem *mem,
                                          spagm_tex_page_cache *c,
                                          uint64_t va) {
  uint64_t pn = va >> PAGE_SHIFT;
  for (unsigned i = 0; i < SPAGM_TEX_PAGE_CACHE; i++)
    if (c->pn[i] == pn + 1) return c->page[i];
  const uint8_t *p = find_page(mem, pn);
  unsigned slot = c->next++ % SPAGM_TEX_PAGE_CACHE;
  c->pn[slot] = pn + 1;
  c->page[slot] = p;
  return p;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

size_t spagm__tex_mem_pages(const spagm_tex_mem *mem, uint64_t *va_out,
                            size_t cap) {
  if (!va_out || cap == 0) return mem->count;
  uint64_t *all = malloc((mem->count ? mem->count : 1) * sizeof *all);
  if (!all) {
    /* Without scratch memory, fall back to repeated minimum search. */
    uint64_t last = 0;
    size_t k = 0;
    for (; k < cap && k < mem->count; k++) {
      uint64_t best = UINT64_MAX;
      for (size_t i = 0; i < mem->cap; i++) {
        uint64_t key = mem->keys[i];
        if (key && key < best && (k == 0 || key > last)) best = key;
      }
      va_out[k] = (best - 1) << PAGE_SHIFT;
      last = best;
    }
    return mem->count;
  }
  size_t k = 0;
  for (size_t i = 0; i < mem->cap; i++)
    if (mem->keys[i]) all[k++] = (mem->keys[i] - 1) << PAGE_SHIFT;
  qsort(all, k, sizeof *all, cmp_u64);
  memcpy(va_out, all, (k < cap ? k : cap) * sizeof *all);
  free(all);
  return mem->count;
}
