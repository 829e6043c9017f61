/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/explain.h: why a lane's result is what it is: the rule the model
 * applied and its sentence, as a mismatch report prints them. */
#include <stdio.h>
#include <string.h>

#include <spagm/spagm.h>

#include "example.h"

int main(void) {
  spagm_model *m = spagm_model_new();
  if (!m) return 1;
  spagm_diag d;
  uint64_t word;
  if (example_word("ALD R4, a[0x7c];", &word, &d) != SPAGM_OK)
    return example_fail("assemble", &d);
  spagm_request req;
  spagm_request_init(&req);
  req.insn = word;
  req.lane_mask = 0xFFFFFFFFu;
  char why[256];
  //! [explain_lane]
  spagm_explain ex;
  spagm_response rsp;
  spagm_explain_init(&ex);
  spagm_execute_explained(m, &req, &rsp, &ex);
  unsigned lane = 5, slot = 0;
  spagm_explain_format(&ex, slot, lane, why, sizeof why);
  /* "R4 lane 5 = 0x3f800000: ALD_I_BMAP0_DEFAULT: ALD.I input BMAP=0 at 0x7c -> ..." */
  printf("R%u lane %u = 0x%08x: %s: %s\n", (unsigned)rsp.wb_reg[slot], lane,
         (unsigned)rsp.wb_value[slot][lane], spagm_rule_name(ex.rule[slot][lane]), why);
  //! [explain_lane]
  spagm_model_free(m);
  if (ex.rule[0][5] != SPAGM_RULE_ALD_I_BMAP0_DEFAULT || strstr(why, "(R3)") == NULL)
    return example_fail("an unmapped POSITION_W is explained by R3", NULL);
  return 0;
}
