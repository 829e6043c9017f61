// SPDX-License-Identifier: Apache-2.0
/* Internal: the scoreboard of spagm, one for the co-simulation (a
 * scoreboard per unit, check.c) and the predictor (predictor.c).
 *
 * A prediction is parked under its request's tag when the request is
 * accepted and found by that tag when the response comes. Responses may
 * overtake each other (the texture unit answers out of order), so the
 * lookup is by tag, never first-in first-out: an open-addressing table
 * (linear probing, Fibonacci hashing) of pool index + 1 by tag. The pool's
 * free entries are a stack, so the entry parked next is the one released
 * last, still in the cache however many requests the run has. */
#ifndef SPAGM_SCOREBOARD_H
#define SPAGM_SCOREBOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "spagm/spagm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One prediction waiting for its response. */
typedef struct spagm_parked {
  uint32_t tag;
  bool used;
  bool foreign;   /* predictor: the word is another unit's instruction */
  uint64_t seq;   /* 1-based number of the prediction */
  uint64_t cycle; /* co-simulation: the cycle the request was accepted */
  /* The request: whole in the co-simulation (the waves show it); the
   * predictor keeps only its tag, insn and lane_mask, what its reports
   * show. */
  spagm_request req;
  spagm_response exp;
  spagm_explain ex;
} spagm_parked;

typedef struct spagm_scoreboard {
  spagm_parked *pool;
  uint32_t pool_cap;
  uint32_t limit;      /* most predictions parked at once */
  uint32_t *free_list; /* unused pool indexes, a stack */
  uint32_t nfree;
  uint32_t *slot;      /* pool index + 1 by tag, 0 = empty */
  uint32_t slot_mask;  /* slots - 1, slots a power of two >= 2 * pool_cap */
  unsigned slot_shift; /* 32 - log2(slots) */
  uint32_t outstanding;
  uint64_t parked;     /* predictions parked so far: the next one's seq - 1 */
} spagm_scoreboard;

/* An empty scoreboard that holds up to limit predictions (a power of two,
 * at least 64), its pool growing as they come; false when out of memory. */
bool spagm__sb_init(spagm_scoreboard *sb, uint32_t limit);
void spagm__sb_free(spagm_scoreboard *sb);

/* Home slot of tag. */
static inline uint32_t spagm__sb_home(const spagm_scoreboard *sb, uint32_t tag) {
  return (uint32_t)(tag * 0x9E3779B1u) >> sb->slot_shift;
}

/* The slot of the prediction parked under tag, or ~0u. */
static inline uint32_t spagm__sb_find(const spagm_scoreboard *sb, uint32_t tag) {
  for (uint32_t i = spagm__sb_home(sb, tag);; i = (i + 1) & sb->slot_mask) {
    if (!sb->slot[i]) return ~0u;
    if (sb->pool[sb->slot[i] - 1].tag == tag) return i;
  }
}

/* The prediction in slot s (a slot spagm__sb_find returned). */
static inline spagm_parked *spagm__sb_entry(const spagm_scoreboard *sb, uint32_t s) {
  return &sb->pool[sb->slot[s] - 1];
}

/* Double the pool and the table; false when out of memory or at the limit,
 * nothing lost (scoreboard.c). */
bool spagm__sb_grow(spagm_scoreboard *sb);
/* Empty slot i; later entries of its probe run move back (no tombstones,
 * so lookups stay short however many tags pass through). */
static inline void spagm__sb_remove_slot(spagm_scoreboard *sb, uint32_t i) {
  sb->slot[i] = 0;
  for (uint32_t j = (i + 1) & sb->slot_mask; sb->slot[j]; j = (j + 1) & sb->slot_mask) {
    uint32_t k = spagm__sb_home(sb, sb->pool[sb->slot[j] - 1].tag);
    /* Move j to i unless its home lies cyclically in (i, j]. */
    bool stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
    if (stays) continue;
    sb->slot[i] = sb->slot[j];
    sb->slot[j] = 0;
    i = j;
  }
}

/* A new entry parked under tag (used, tag and seq set; the caller fills
 * the rest), or NULL when the scoreboard holds its limit or memory runs
 * out. The tag must not be parked already. Entries move when the pool
 * grows: a pointer into it is good until the next park. */
static inline spagm_parked *spagm__sb_park(spagm_scoreboard *sb, uint32_t tag) {
  if (!sb->nfree && !spagm__sb_grow(sb)) return NULL;
  uint32_t idx = sb->free_list[--sb->nfree];
  spagm_parked *e = &sb->pool[idx];
  e->used = true;
  e->tag = tag;
  e->seq = ++sb->parked;
  uint32_t i = spagm__sb_home(sb, tag);
  while (sb->slot[i]) i = (i + 1) & sb->slot_mask;
  sb->slot[i] = idx + 1;
  sb->outstanding++;
  return e;
}

/* The response to the prediction in slot s came: its entry is free again. */
static inline void spagm__sb_release(spagm_scoreboard *sb, uint32_t s) {
  uint32_t idx = sb->slot[s] - 1;
  sb->pool[idx].used = false;
  sb->free_list[sb->nfree++] = idx;
  spagm__sb_remove_slot(sb, s);
  sb->outstanding--;
}

/* Every prediction dropped; returns how many there were. */
uint32_t spagm__sb_clear(spagm_scoreboard *sb);

/* The oldest parked prediction by seq after seq `after` (0: the oldest of
 * all), or NULL. */
const spagm_parked *spagm__sb_oldest(const spagm_scoreboard *sb, uint64_t after);

#ifdef __cplusplus
}
#endif
#endif
