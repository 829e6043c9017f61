// SPDX-License-Identifier: Apache-2.0
/* BMAP derivation (ALD.txt "BMAP Definition") and the R1 rank tables that
 * turn a logical attribute into its place in the compacted attribute
 * region. Recomputed whenever a map, the store-request range or the stage
 * changes, never during execution. */
#include <string.h>

#include "attr/attr_state.h"

void spagm__attr_streq_map(const spagm_attr_config *c,
                           uint32_t bits[SPAGM_ATTR_MAP_WORDS]) {
  memset(bits, 0, SPAGM_ATTR_MAP_WORDS * sizeof bits[0]);
  /* N21: StoreReqStart..StoreReqEnd are attribute indexes, end inclusive;
   * end < start is an empty range. */
  for (uint32_t a = c->streq_start; a <= c->streq_end && a < SPAGM_ATTR_COUNT;
       a++)
    bits[a >> 5] |= 1u << (a & 31u);
}

static void build_layout(spagm_attr_layout *l) {
  l->n = 0;
  for (unsigned a = 0; a < SPAGM_ATTR_COUNT; a++) {
    if (spagm__bit(l->bmap, a)) {
      /* R1: ranks follow attribute-address order. */
      l->rank_of[a] = (uint16_t)l->n;
      l->attr_of_rank[l->n] = (uint8_t)a;
      l->n++;
    } else {
      l->rank_of[a] = SPAGM__NO_RANK;
    }
  }
  for (unsigned k = l->n; k < SPAGM_ATTR_COUNT; k++) l->attr_of_rank[k] = 0;
}

void spagm__attr_update_layouts(spagm_attr_state *s) {
  const spagm_attr_config *c = &s->cfg;
  uint32_t streq[SPAGM_ATTR_MAP_WORDS];
  spagm__attr_streq_map(c, streq);
  for (unsigned w = 0; w < SPAGM_ATTR_MAP_WORDS; w++) {
    /* ALD.txt: input BMAP = IMAP(current) & OMAP(previous). */
    s->layout[SPAGM__IN].bmap[w] = c->imap[w] & c->omap_prev[w];
    /* ALD.txt: output BMAP = OMAP(current) & (IMAP(next) | ST_REQ). */
    s->layout[SPAGM__OUT].bmap[w] = c->omap[w] & (c->imap_next[w] | streq[w]);
  }
  build_layout(&s->layout[SPAGM__IN]);
  build_layout(&s->layout[SPAGM__OUT]);
}
