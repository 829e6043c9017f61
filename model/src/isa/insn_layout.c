// SPDX-License-Identifier: Apache-2.0
/* Reserved bit ranges of each SM50 word (DESIGN §7.1): whatever no field or
 * opcode covers. A legal word has them all 0 (spec-notes N3). */
#include "isa/insn_layout.h"

typedef struct reserved_row {
  spagm_op op;
  unsigned n;
  spagm__range r[2];
} reserved_row;

static const reserved_row reserved_table[] = {
    /* ALD: [38:33] between .O [32] and Rb [46:39]. */
    {SPAGM_OP_ALD, 1, {{38, 33}, {0, 0}}},
    /* AST: [38:33] likewise; [32] is its .O (N340). */
    {SPAGM_OP_AST, 1, {{38, 33}, {0, 0}}},
    /* AL2P: bit 31 (no .P) and [43:33] up to Pd [46:44]. */
    {SPAGM_OP_AL2P, 2, {{31, 31}, {43, 33}}},
    /* ISBERD: no immediate [30:20]; [46:35] between region and size. */
    {SPAGM_OP_ISBERD, 2, {{30, 20}, {46, 35}}},
    /* PIXLD: [30:28] above imm8 and [44:34] up to Pd [47:45]. */
    {SPAGM_OP_PIXLD, 2, {{30, 28}, {44, 34}}},
    /* TLDS assigns all 64 bits (N2). */
    {SPAGM_OP_TLDS, 0, {{0, 0}, {0, 0}}},
};

const spagm__range *spagm__reserved_ranges(spagm_op op, unsigned *n) {
  for (unsigned i = 0; i < sizeof reserved_table / sizeof reserved_table[0]; i++) {
    if (reserved_table[i].op == op) {
      *n = reserved_table[i].n;
      return reserved_table[i].r;
    }
  }
  *n = 0;
  return reserved_table[0].r;
}

static uint64_t range_mask(spagm__range r) {
  return spagm__put(~(uint64_t)0, r.hi, r.lo);
}

uint64_t spagm__used_bits(spagm_op op) {
  uint64_t m = 0;
  switch (op) {
    case SPAGM_OP_ALD:
      m = range_mask((spagm__range){SPAGM__F_OPC_ATTR}) |
          range_mask((spagm__range){SPAGM__F_SIZE}) |
          range_mask((spagm__range){SPAGM__F_VTX}) |
          range_mask((spagm__range){SPAGM__F_OUT}) |
          range_mask((spagm__range){SPAGM__F_PATCH}) |
          range_mask((spagm__range){SPAGM__F_ADDR});
      break;
    case SPAGM_OP_AST:
      m = range_mask((spagm__range){SPAGM__F_OPC_ATTR}) |
          range_mask((spagm__range){SPAGM__F_SIZE}) |
          range_mask((spagm__range){SPAGM__F_VTX}) |
          range_mask((spagm__range){SPAGM__F_OUT}) |
          range_mask((spagm__range){SPAGM__F_PATCH}) |
          range_mask((spagm__range){SPAGM__F_ADDR});
      break;
    case SPAGM_OP_AL2P:
      m = range_mask((spagm__range){SPAGM__F_OPC_ATTR}) |
          range_mask((spagm__range){SPAGM__F_SIZE}) |
          range_mask((spagm__range){SPAGM__F_AL2P_PD}) |
          range_mask((spagm__range){SPAGM__F_OUT}) |
          range_mask((spagm__range){SPAGM__F_ADDR});
      break;
    case SPAGM_OP_ISBERD:
      m = range_mask((spagm__range){SPAGM__F_OPC_ATTR}) |
          range_mask((spagm__range){SPAGM__F_SIZE}) |
          range_mask((spagm__range){SPAGM__F_REGION}) |
          range_mask((spagm__range){SPAGM__F_OUT}) |
          range_mask((spagm__range){SPAGM__F_SKEW});
      break;
    case SPAGM_OP_PIXLD:
      m = range_mask((spagm__range){SPAGM__F_OPC_PIXLD}) |
          range_mask((spagm__range){SPAGM__F_PIX_PD}) |
          range_mask((spagm__range){SPAGM__F_PIX_MODE}) |
          range_mask((spagm__range){SPAGM__F_PIX_IMM});
      break;
    case SPAGM_OP_TLDS:
      return ~(uint64_t)0;
    default:
      return 0;
  }
  /* Rd/Ra and the guard are in every word. */
  return m | range_mask((spagm__range){SPAGM__F_RD}) |
         range_mask((spagm__range){SPAGM__F_RA}) |
         range_mask((spagm__range){SPAGM__F_PG}) |
         range_mask((spagm__range){SPAGM__F_PG_NOT});
}
