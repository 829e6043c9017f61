// SPDX-License-Identifier: Apache-2.0
/* Transaction helpers (txn.h). */
#include <stdbool.h>
#include <string.h>

#include "spagm/insn.h"
#include "spagm/txn.h"

const char *spagm_fault_name(spagm_fault f) {
  switch (f) {
    case SPAGM_FAULT_NONE: return "NONE";
    case SPAGM_FAULT_ILLEGAL_INSTR_ENCODING: return "ILLEGAL_INSTR_ENCODING";
    case SPAGM_FAULT_VTX_OUT_OF_RANGE: return "VTX_OUT_OF_RANGE";
  }
  return "UNKNOWN_FAULT";
}

const char *spagm_space_name(spagm_space s) {
  switch (s) {
    case SPAGM_SPACE_NONE: return "none";
    case SPAGM_SPACE_ISBE_IN: return "isbe_in";
    case SPAGM_SPACE_ISBE_OUT: return "isbe_out";
    case SPAGM_SPACE_PATCH: return "patch";
    case SPAGM_SPACE_GS_OUT: return "gs_out";
  }
  return "unknown_space";
}

void spagm_request_init(spagm_request *req) {
  if (req) memset(req, 0, sizeof *req);
}

void spagm_response_init(spagm_response *resp, uint32_t tag) {
  if (!resp) return;
  /* Everything zero so responses compare and serialise byte for byte. */
  memset(resp, 0, sizeof *resp);
  resp->tag = tag;
  memset(resp->wb_reg, SPAGM_RZ, sizeof resp->wb_reg);
  resp->pd = SPAGM_PT;
}

/* What the port contract compares (docs/port-contract.md, "What is
 * compared"): every bit of the fields that say whether something happened,
 * and the values only where the expected response says it happened. */
void spagm_response_compare_mask(const spagm_response *e, spagm_response *m) {
  if (!e || !m) return;
  memset(m, 0, sizeof *m);
  m->fault = 0xFF;
  m->fault_lanes = 0xFFFFFFFFu;
  for (unsigned s = 0; s < SPAGM_WB_SLOTS; s++) {
    m->wb_valid[s] = 0xFFFFFFFFu;
    if (!e->wb_valid[s]) continue;
    m->wb_reg[s] = 0xFF;
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      if (e->wb_valid[s] >> l & 1u) m->wb_value[s][l] = ~e->wb_dontcare[s][l];
  }
  m->pd_written = 0xFFFFFFFFu;
  if (e->pd_written) {
    m->pd = 0xFF;
    m->pd_value = e->pd_written;
  }
  bool stored = false;
  for (unsigned c = 0; c < SPAGM_ST_COMPS; c++) {
    m->st_mask[c] = 0xFFFFFFFFu;
    if (e->st_mask[c]) stored = true;
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      if (e->st_mask[c] >> l & 1u) m->st_addr[c][l] = m->st_data[c][l] = 0xFFFFFFFFu;
  }
  if (stored) m->st_space = 0xFF;
}
