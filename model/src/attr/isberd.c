// SPDX-License-Identifier: Apache-2.0
/* ISBERD — a direct read of an ISBE space (ISBE-layout.txt), one
 * warp-instruction: each active lane reads U8, U16 (zero-extended) or B32
 * at its region address (isbe_access.c); outside the region it reads 0. */
#include "core/model_internal.h"

void spagm__isberd_execute(spagm_attr_state *s, const spagm_insn *insn,
                           const spagm_request *req, spagm_response *resp,
                           spagm_explain *ex) {
  if (spagm__isbe_illegal(insn, req, resp, ex)) return;
  const int sp = insn->out ? SPAGM__OUT : SPAGM__IN;
  const uint32_t bytes = spagm__isbe_access_bytes[insn->isize];
  const uint32_t lanes = req->lane_mask;
  if (insn->rd != SPAGM_RZ) {
    resp->wb_reg[0] = insn->rd;
    resp->wb_valid[0] = lanes;
  }
  spagm__explain_inactive(ex, 0, lanes);
  for (uint32_t left = lanes; left; left &= left - 1u) {
    unsigned lane = spagm__lowest_lane(left);
    uint32_t a = spagm__isbe_lane_addr(insn, req, lane, bytes);
    int64_t p = spagm__isbe_translate(s, sp, insn, a, bytes);
    uint32_t v = 0;
    if (p < 0) {
      spagm_explain_set(ex, 0, lane, SPAGM_RULE_ISBERD_OUT_OF_RANGE,
                        (int32_t)a, 0, 0);
    } else {
      const uint8_t *q = s->mem[sp] + p;
      for (uint32_t b = 0; b < bytes; b++) v |= (uint32_t)q[b] << (8u * b);
      spagm_explain_set(ex, 0, lane, SPAGM_RULE_ISBERD_READ, (int32_t)a,
                        (int32_t)p, 0);
    }
    resp->wb_value[0][lane] = v;
  }
}
