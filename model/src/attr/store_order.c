// SPDX-License-Identifier: Apache-2.0
/* Stores of one warp-instruction that land on the same address: the
 * highest lane wins (R11 for patch stores; N28 applies the same order to
 * every store), and the response reports only the winners. */
#include <string.h>

#include "attr/attr_state.h"

#define SLOTS 256u /* > 2 * (32 lanes * 4 components): short probe chains */

void spagm__attr_drop_overwritten(spagm_response *resp, unsigned ncomp,
                                  spagm_explain *ex, unsigned rule) {
  /* Fewer than two stores hide nothing. Counted up to two per component
   * (a mask with a bit left after clearing its lowest holds two), which is
   * all the test needs and, unlike a popcount, no library call on a build
   * without a popcount instruction. */
  unsigned stores = 0;
  for (unsigned c = 0; c < ncomp; c++) {
    uint32_t m = resp->st_mask[c];
    stores += (m != 0) + ((m & (m - 1u)) != 0);
  }
  if (stores < 2) return;
  uint32_t key[SLOTS];
  uint8_t owner[SLOTS];
  uint8_t used[SLOTS];
  memset(used, 0, sizeof used);
  /* Highest lane first: the first store seen at an address is the winner;
   * a lane's own components have distinct addresses. */
  uint32_t storing = 0; /* lanes with at least one store */
  for (unsigned c = 0; c < ncomp; c++) storing |= resp->st_mask[c];
  for (uint32_t left = storing; left;) {
    int lane = 31 - __builtin_clz(left); /* the highest lane left */
    left &= ~(1u << lane);
    for (unsigned c = 0; c < ncomp; c++) {
      if (!(resp->st_mask[c] >> lane & 1u)) continue;
      uint32_t addr = resp->st_addr[c][lane];
      unsigned h = (addr * 2654435761u) >> 24;
      while (used[h] && key[h] != addr) h = (h + 1u) & (SLOTS - 1u);
      if (!used[h]) {
        used[h] = 1;
        key[h] = addr;
        owner[h] = (uint8_t)lane;
      } else {
        resp->st_mask[c] &= ~(1u << lane);
        spagm_explain_set(ex, c, (unsigned)lane, rule, (int32_t)addr,
                          owner[h], 0);
      }
    }
  }
}
