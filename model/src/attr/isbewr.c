// SPDX-License-Identifier: Apache-2.0
/* ISBEWR — a direct write of an ISBE space (ISBE-layout.txt, text form
 * only: no SM50 encoding). Each active lane writes the low bytes of its data
 * register at its region address (isbe_access.c); outside the region the
 * write is discarded. A write into the attribute region sets the write
 * status of the vertex and attribute it lands in (N29). */
#include "core/model_internal.h"

/* The vertex and attribute whose word a physical attribute-region offset
 * belongs to, so ISBEWR can set its write status; false when the offset is
 * past every vertex. */
static bool attr_of_phys(const spagm_attr_layout *l, uint32_t off,
                         uint32_t *vertex, uint32_t *attr) {
  if (l->n == 0) return false;
  uint32_t line = l->n * 128u;
  uint32_t v = (off / line) * 32u + (off % 128u) / 4u;
  if (v >= SPAGM_ATTR_MAX_VERTICES) return false;
  *vertex = v;
  *attr = l->attr_of_rank[(off % line) / 128u];
  return true;
}

void spagm__isbewr_execute(spagm_attr_state *s, const spagm_insn *insn,
                           const spagm_request *req, spagm_response *resp,
                           spagm_explain *ex) {
  if (spagm__isbe_illegal(insn, req, resp, ex)) return;
  const int sp = insn->out ? SPAGM__OUT : SPAGM__IN;
  const uint32_t bytes = spagm__isbe_access_bytes[insn->isize];
  const uint32_t lanes = req->lane_mask;
  const uint32_t keep = bytes == 4u ? 0xFFFFFFFFu : (1u << (8u * bytes)) - 1u;
  resp->st_space =
      (uint8_t)(insn->out ? SPAGM_SPACE_ISBE_OUT : SPAGM_SPACE_ISBE_IN);
  spagm__explain_inactive(ex, 0, lanes);
  for (uint32_t left = lanes; left; left &= left - 1u) {
    unsigned lane = spagm__lowest_lane(left);
    uint32_t a = spagm__isbe_lane_addr(insn, req, lane, bytes);
    int64_t p = spagm__isbe_translate(s, sp, insn, a, bytes);
    if (p < 0) {
      spagm_explain_set(ex, 0, lane, SPAGM_RULE_ISBEWR_OUT_OF_RANGE,
                        (int32_t)a, 0, 0);
      continue;
    }
    /* Data is the data register Rb (regfile.h: d[0] for ISBEWR). */
    uint32_t data = req->d[0][lane] & keep;
    uint8_t *q = s->mem[sp] + p;
    for (uint32_t b = 0; b < bytes; b++) q[b] = (uint8_t)(data >> (8u * b));
    uint32_t vtx, attr;
    if (insn->region == SPAGM_REGION_ATTR &&
        attr_of_phys(&s->layout[sp], (uint32_t)p - SPAGM_ISBE_ATTR_BASE, &vtx,
                     &attr))
      spagm__set_written(s, sp, vtx, attr, true); /* N29 */
    resp->st_mask[0] |= 1u << lane;
    resp->st_addr[0][lane] = (uint32_t)p;
    resp->st_data[0][lane] = data;
    spagm_explain_set(ex, 0, lane, SPAGM_RULE_ISBEWR_WRITTEN, (int32_t)a,
                      (int32_t)p, 0);
  }
  spagm__attr_drop_overwritten(resp, 1, ex, SPAGM_RULE_ISBEWR_OVERWRITTEN);
}
