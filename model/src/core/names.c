// SPDX-License-Identifier: Apache-2.0
/* Names of opcodes, units and stages, and blank instructions (insn.h). */
#include <string.h>

#include "spagm/insn.h"

const char *spagm_op_name(spagm_op op) {
  switch (op) {
    case SPAGM_OP_ALD: return "ALD";
    case SPAGM_OP_AST: return "AST";
    case SPAGM_OP_AL2P: return "AL2P";
    case SPAGM_OP_ISBERD: return "ISBERD";
    case SPAGM_OP_ISBEWR: return "ISBEWR";
    case SPAGM_OP_PIXLD: return "PIXLD";
    case SPAGM_OP_TLDS: return "TLDS";
    case SPAGM_OP_NONE:
    case SPAGM_OP_COUNT: break;
  }
  return "?";
}

spagm_unit spagm_op_unit(spagm_op op) {
  switch (op) {
    case SPAGM_OP_PIXLD: return SPAGM_UNIT_PIX;
    case SPAGM_OP_TLDS: return SPAGM_UNIT_TEX;
    case SPAGM_OP_ALD:
    case SPAGM_OP_AST:
    case SPAGM_OP_AL2P:
    case SPAGM_OP_ISBERD:
    case SPAGM_OP_ISBEWR: return SPAGM_UNIT_ATTR;
    case SPAGM_OP_NONE:
    case SPAGM_OP_COUNT: break;
  }
  return SPAGM_UNIT_COUNT;
}

const char *spagm_unit_name(spagm_unit u) {
  switch (u) {
    case SPAGM_UNIT_ATTR: return "attr";
    case SPAGM_UNIT_PIX: return "pix";
    case SPAGM_UNIT_TEX: return "tex";
    case SPAGM_UNIT_COUNT: break;
  }
  return "?";
}

const char *spagm_stage_name(spagm_stage s) {
  static const char *const names[SPAGM_STAGE_COUNT] = {"VSA", "VSB", "TI",
                                                       "TS",  "GS",  "PS"};
  return (unsigned)s < SPAGM_STAGE_COUNT ? names[s] : "?";
}

void spagm_insn_init(spagm_insn *insn, spagm_op op) {
  if (!insn) return;
  memset(insn, 0, sizeof *insn);
  insn->op = op;
  insn->pg = SPAGM_PT;
  insn->rd = insn->rd1 = insn->ra = insn->rb = insn->rc = SPAGM_RZ;
  insn->pd = SPAGM_PT;
  insn->sched.wr_bar = 7;
  insn->sched.rd_bar = 7;
}
