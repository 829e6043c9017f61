// SPDX-License-Identifier: Apache-2.0
/* AL2P — attribute logical-to-physical (R7), one warp-instruction.
 *
 * For each lane the address Ra + imm (aligned like the ALD of the same size,
 * N30) is translated through the input (.I) or output (.O) BMAP into an
 * al2pResult_vtg_t: [9:0] logical byte address, [17:10] physical attribute
 * number (the R1 rank), bit 31 set when unmapped or out of range. Pd, when
 * not PT, receives "every component of the access is mapped". */
#include "core/model_internal.h"

void spagm__al2p_execute(spagm_attr_state *s, const spagm_insn *insn,
                         const spagm_request *req, spagm_response *resp,
                         spagm_explain *ex) {
  /* R8: AL2P is illegal in PS. */
  if (s->cfg.stage == SPAGM_STAGE_PS) {
    spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING,
                      SPAGM_RULE_AL2P_STAGE_ILLEGAL, (int32_t)s->cfg.stage, 0,
                      0);
    return;
  }
  const spagm_attr_layout *l = &s->layout[insn->out ? SPAGM__OUT : SPAGM__IN];
  const unsigned ncomp = spagm__asize_comps(insn->asize);
  const uint32_t lanes = req->lane_mask;
  const bool write_pd = insn->pd != SPAGM_PT;
  if (insn->rd != SPAGM_RZ) {
    resp->wb_reg[0] = insn->rd;
    resp->wb_valid[0] = lanes;
  }
  if (write_pd) {
    resp->pd = insn->pd;
    resp->pd_written = lanes;
  }
  spagm__explain_inactive(ex, 0, lanes);
  for (uint32_t left = lanes; left; left &= left - 1u) {
    unsigned lane = spagm__lowest_lane(left);
    int64_t base = spagm__attr_align_addr(spagm__attr_base(insn, req, lane),
                                          insn->asize);
    bool all_mapped = true;
    for (unsigned i = 0; i < ncomp; i++) {
      int64_t a = base + 4 * (int64_t)i;
      bool in_range = a >= 0 && a < (int64_t)SPAGM_ATTR_BYTES;
      if (!in_range || l->rank_of[(uint32_t)a / 4u] == SPAGM__NO_RANK)
        all_mapped = false;
    }
    /* The result describes the first component (the access's base). */
    uint32_t result;
    if (base < 0 || base >= (int64_t)SPAGM_ATTR_BYTES) {
      result = spagm__al2p_pack((uint32_t)base, 0, true);
      spagm_explain_set(ex, 0, lane, SPAGM_RULE_AL2P_OUT_OF_RANGE,
                        (int32_t)base, 0, 0);
    } else {
      uint16_t rank = l->rank_of[(uint32_t)base / 4u];
      result = spagm__al2p_pack((uint32_t)base, rank,
                                rank == SPAGM__NO_RANK);
      spagm_explain_set(ex, 0, lane,
                        rank == SPAGM__NO_RANK ? SPAGM_RULE_AL2P_UNMAPPED
                                               : SPAGM_RULE_AL2P_MAPPED,
                        (int32_t)base, rank, 0);
    }
    resp->wb_value[0][lane] = result;
    if (write_pd) {
      if (all_mapped) resp->pd_value |= 1u << lane;
      spagm_explain_set(ex, SPAGM_EXPLAIN_PD_SLOT, lane, SPAGM_RULE_AL2P_PD,
                        (int32_t)ncomp, all_mapped, 0);
    }
  }
}
