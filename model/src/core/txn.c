// SPDX-License-Identifier: Apache-2.0
/* Transaction helpers (txn.h). */
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
