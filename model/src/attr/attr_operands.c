// SPDX-License-Identifier: Apache-2.0
/* What ALD, AST and AL2P share: the address form of the instruction (R5),
 * and the alignment that drops low bits of the address and of the register
 * (ALD.txt / AST.txt "Alignment", R10). */
#include "attr/attr_state.h"

unsigned spagm__attr_align_reg(unsigned reg, spagm_asize sz) {
  if (reg >= SPAGM_RZ) return SPAGM_RZ;
  /* ALD.txt: .64 forces Rd[0] to 0, .96/.128 Rd[1:0] to 00 (R10). */
  static const unsigned drop[4] = {0u, 1u, 3u, 3u};
  return reg & ~drop[sz & 3u];
}

int spagm__attr_form(const spagm_insn *insn) {
  if (insn->patch) return insn->phys ? -1 : 1;
  if (insn->ra == SPAGM_RZ) return insn->phys ? -1 : 0;
  /* R5: Ra != RZ without .P is .PHYS, whose immediate must be 0. */
  if (insn->imm != 0 || !insn->phys) return -1;
  return 2;
}

void spagm__attr_report_vtx_trap(const spagm_attr_config *c, uint32_t trap_lanes,
                                 uint32_t first_handle, spagm_response *resp,
                                 spagm_explain *ex) {
  if (!trap_lanes) return;
  resp->fault = SPAGM_FAULT_VTX_OUT_OF_RANGE;
  resp->fault_lanes = trap_lanes;
  if (ex) {
    ex->fault_rule = SPAGM_RULE_VTX_TRAP;
    ex->fault_arg[0] = __builtin_ctz(trap_lanes);
    ex->fault_arg[1] = (int32_t)first_handle;
    ex->fault_arg[2] = (int32_t)c->vertex_count;
  }
}
