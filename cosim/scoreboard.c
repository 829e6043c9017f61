// SPDX-License-Identifier: Apache-2.0
/* The scoreboard (scoreboard.h): the tag table and its pool. */
#include "scoreboard.h"

#include <stdlib.h>
#include <string.h>

#define POOL_MIN 64u /* entries allocated at first */

bool spagm__sb_grow(spagm_scoreboard *sb) {
  uint32_t cap = sb->pool_cap ? sb->pool_cap * 2 : POOL_MIN;
  if (cap > sb->limit) return false;
  spagm_parked *pool = realloc(sb->pool, (size_t)cap * sizeof *pool);
  if (!pool) return false;
  sb->pool = pool;
  uint32_t *fl = realloc(sb->free_list, (size_t)cap * sizeof *fl);
  uint32_t *slot = calloc((size_t)cap * 2, sizeof *slot);
  if (!fl || !slot) {
    if (fl) sb->free_list = fl;
    free(slot);
    return false;
  }
  sb->free_list = fl;
  for (uint32_t i = cap; i-- > sb->pool_cap;) {
    pool[i].used = false;
    sb->free_list[sb->nfree++] = i;
  }
  free(sb->slot);
  sb->slot = slot;
  sb->slot_mask = cap * 2 - 1;
  sb->slot_shift = 32;
  for (uint32_t n = cap * 2; n > 1; n >>= 1) sb->slot_shift--;
  sb->pool_cap = cap;
  for (uint32_t i = 0; i < cap; i++) {
    if (!pool[i].used) continue;
    uint32_t s = spagm__sb_home(sb, pool[i].tag);
    while (sb->slot[s]) s = (s + 1) & sb->slot_mask;
    sb->slot[s] = i + 1;
  }
  return true;
}

bool spagm__sb_init(spagm_scoreboard *sb, uint32_t limit) {
  memset(sb, 0, sizeof *sb);
  sb->limit = limit < POOL_MIN ? POOL_MIN : limit;
  return spagm__sb_grow(sb);
}

void spagm__sb_free(spagm_scoreboard *sb) {
  free(sb->pool);
  free(sb->free_list);
  free(sb->slot);
  memset(sb, 0, sizeof *sb);
}

uint32_t spagm__sb_clear(spagm_scoreboard *sb) {
  uint32_t n = sb->outstanding;
  for (uint32_t i = 0; i <= sb->slot_mask; i++)
    if (sb->slot[i]) sb->pool[sb->slot[i] - 1].used = false;
  memset(sb->slot, 0, ((size_t)sb->slot_mask + 1) * sizeof *sb->slot);
  sb->nfree = 0;
  for (uint32_t i = sb->pool_cap; i-- > 0;) sb->free_list[sb->nfree++] = i;
  sb->outstanding = 0;
  return n;
}

const spagm_parked *spagm__sb_oldest(const spagm_scoreboard *sb, uint64_t after) {
  const spagm_parked *best = NULL;
  for (uint32_t i = 0; i < sb->pool_cap; i++)
    if (sb->pool[i].used && sb->pool[i].seq > after && (!best || sb->pool[i].seq < best->seq))
      best = &sb->pool[i];
  return best;
}
