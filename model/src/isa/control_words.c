// SPDX-License-Identifier: Apache-2.0
/* Scheduling control words (DESIGN §7.1): the first 64-bit word of each
 * 32-byte group holds three 21-bit fields at bits 0, 21 and 42, one per
 * instruction of the group; bit 63 is 0. */
#include "spagm/insn.h"

/* Positions inside one 21-bit field. */
#define STALL_LO 0
#define YIELD_LO 4
#define WR_LO 5
#define RD_LO 8
#define WAIT_LO 11
#define REUSE_LO 17
#define FIELD_BITS 21

static uint64_t pack_one(const spagm_sched *s) {
  return ((uint64_t)(s->stall & 0xFu) << STALL_LO) |
         ((uint64_t)(s->yield & 0x1u) << YIELD_LO) |
         ((uint64_t)(s->wr_bar & 0x7u) << WR_LO) |
         ((uint64_t)(s->rd_bar & 0x7u) << RD_LO) |
         ((uint64_t)(s->wait & 0x3Fu) << WAIT_LO) |
         ((uint64_t)(s->reuse & 0xFu) << REUSE_LO);
}

static void unpack_one(uint64_t f, spagm_sched *s) {
  s->stall = (uint8_t)(f >> STALL_LO & 0xFu);
  s->yield = (uint8_t)(f >> YIELD_LO & 0x1u);
  s->wr_bar = (uint8_t)(f >> WR_LO & 0x7u);
  s->rd_bar = (uint8_t)(f >> RD_LO & 0x7u);
  s->wait = (uint8_t)(f >> WAIT_LO & 0x3Fu);
  s->reuse = (uint8_t)(f >> REUSE_LO & 0xFu);
}

uint64_t spagm_sched_pack(const spagm_sched s[3]) {
  uint64_t w = 0;
  for (unsigned i = 0; i < 3; i++) w |= pack_one(&s[i]) << (FIELD_BITS * i);
  return w;
}

void spagm_sched_unpack(uint64_t control, spagm_sched s[3]) {
  for (unsigned i = 0; i < 3; i++)
    unpack_one(control >> (FIELD_BITS * i) & ((1u << FIELD_BITS) - 1u), &s[i]);
}

bool spagm_sched_valid(const spagm_sched *s, spagm_diag *d) {
  if (!s) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "sched is NULL");
    return false;
  }
  if (s->stall > 15) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                   "stall %u does not fit [3:0] (0..15)", (unsigned)s->stall);
    return false;
  }
  if (s->yield > 1) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "yield %u is not a bit (0 or 1)",
                   (unsigned)s->yield);
    return false;
  }
  /* N13: six barriers exist (the wait mask has 6 bits); 7 means none, so a
   * barrier field of 6 names a barrier nothing can wait on. */
  if (s->wr_bar == 6 || s->wr_bar > 7) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                   "write barrier %u is not 0..5 or 7 (none): the wait mask "
                   "has 6 bits (N13)",
                   (unsigned)s->wr_bar);
    return false;
  }
  if (s->rd_bar == 6 || s->rd_bar > 7) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                   "read barrier %u is not 0..5 or 7 (none): the wait mask "
                   "has 6 bits (N13)",
                   (unsigned)s->rd_bar);
    return false;
  }
  if (s->wait > 0x3F) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                   "wait mask 0x%x does not fit [16:11] (6 bits)",
                   (unsigned)s->wait);
    return false;
  }
  if (s->reuse > 0xF) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                   "reuse 0x%x does not fit [20:17] (4 bits)",
                   (unsigned)s->reuse);
    return false;
  }
  return true;
}
