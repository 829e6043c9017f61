// SPDX-License-Identifier: Apache-2.0
/* Register file, issue and retire (regfile.h). */
#include <string.h>

#include "spagm/regfile.h"

void spagm_regfile_init(spagm_regfile *rf) {
  if (rf) memset(rf, 0, sizeof *rf);
}

uint32_t spagm_regfile_get(const spagm_regfile *rf, unsigned reg,
                           unsigned lane) {
  /* DESIGN §3: RZ reads as 0; a vector past R254 wraps into RZ, also 0. */
  if (!rf || reg >= SPAGM_NREGS || lane >= SPAGM_LANES) return 0;
  return rf->r[reg][lane];
}

uint32_t spagm_regfile_pred(const spagm_regfile *rf, unsigned p) {
  if (!rf || p >= SPAGM_NPREDS) return 0xFFFFFFFFu;
  return rf->p[p];
}

static void copy_reg(uint32_t dst[SPAGM_LANES], const spagm_regfile *rf,
                     unsigned reg) {
  if (reg >= SPAGM_NREGS)
    memset(dst, 0, SPAGM_LANES * sizeof dst[0]);
  else
    memcpy(dst, rf->r[reg], SPAGM_LANES * sizeof dst[0]);
}

/* reg + i, saturating at RZ so that RZ+1 is still RZ. */
static unsigned reg_plus(unsigned reg, unsigned i) {
  return reg >= SPAGM_RZ ? SPAGM_RZ : reg + i;
}

void spagm_issue(const spagm_insn *insn, uint64_t word, const spagm_regfile *rf,
                 uint32_t lanes, uint32_t tag, spagm_request *req) {
  if (!insn || !rf || !req) return;
  spagm_request_init(req);
  req->tag = tag;
  req->insn = word;
  uint32_t guard = spagm_regfile_pred(rf, insn->pg);
  if (insn->pg_not) guard = ~guard;
  req->lane_mask = lanes & guard;
  for (unsigned i = 0; i < 2; i++) {
    copy_reg(req->a[i], rf, reg_plus(insn->ra, i));
    copy_reg(req->b[i], rf, reg_plus(insn->rb, i));
  }
  copy_reg(req->c, rf, insn->rc);
  /* AST data: component i comes from the aligned data register + i, since
   * R10 drops the register's LSBs for .64/.96/.128 (N33). */
  unsigned data = insn->rb;
  if (insn->op == SPAGM_OP_AST && data != SPAGM_RZ) {
    if (insn->asize == SPAGM_ASZ_64) data &= ~1u;
    else if (insn->asize >= SPAGM_ASZ_96) data &= ~3u;
  }
  for (unsigned i = 0; i < 4; i++) copy_reg(req->d[i], rf, reg_plus(data, i));
  memcpy(req->vertex, rf->vertex, sizeof req->vertex);
  memcpy(req->primitive, rf->primitive, sizeof req->primitive);
  memcpy(req->coverage, rf->coverage, sizeof req->coverage);
  memcpy(req->sample, rf->sample, sizeof req->sample);
}

void spagm_retire(const spagm_response *resp, spagm_regfile *rf) {
  if (!resp || !rf) return;
  for (unsigned s = 0; s < SPAGM_WB_SLOTS; s++) {
    unsigned reg = resp->wb_reg[s];
    if (reg >= SPAGM_NREGS) continue;
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      if (resp->wb_valid[s] >> l & 1u) rf->r[reg][l] = resp->wb_value[s][l];
  }
  if (resp->pd < SPAGM_NPREDS) {
    uint32_t p = rf->p[resp->pd];
    rf->p[resp->pd] = (p & ~resp->pd_written) | (resp->pd_value & resp->pd_written);
  }
}
