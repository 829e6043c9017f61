/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/txn.h: a request filled as an issue stage does (tag, word, active
 * lanes, operand values per lane) and its response read the way a
 * scoreboard does: fault, write-back slots, don't-care bits (DESIGN §3). */
#include <stdio.h>

#include <spagm/spagm.h>

#include "example.h"

int main(void) {
  spagm_diag d;
  uint64_t word;
  spagm_model *m = example_ps_model(4, &d);
  if (!m || example_word("PIXLD.COVERED R0, P1, [R2+0];", &word, &d) != SPAGM_OK)
    return example_fail("setup", &d);
  unsigned written = 0, covered = 0;
  //! [txn_fields]
  spagm_request req;
  spagm_request_init(&req);            /* no lanes, every operand 0 */
  req.tag = 42;                        /* responses are matched by tag */
  req.insn = word;                     /* PIXLD.COVERED R0, P1, [R2+0] */
  req.lane_mask = 0x0000FFFFu;         /* lanes 0..15 pass the guard */
  for (unsigned lane = 0; lane < SPAGM_LANES; lane++) {
    req.a[0][lane] = lane % 4;         /* Ra = R2: the sample asked about */
    req.coverage[lane] = 0x5;          /* thread context: samples 0 and 2 */
  }
  spagm_response rsp;
  spagm_execute(m, &req, &rsp);
  if (rsp.fault != SPAGM_FAULT_NONE) {
    printf("tag %u: %s on lanes 0x%08x\n", (unsigned)rsp.tag,
           spagm_fault_name((spagm_fault)rsp.fault), (unsigned)rsp.fault_lanes);
  } else {
    for (unsigned slot = 0; slot < SPAGM_WB_SLOTS; slot++) {
      if (!rsp.wb_valid[slot]) continue;   /* wb_reg[slot] is RZ */
      for (unsigned lane = 0; lane < SPAGM_LANES; lane++) {
        if (!(rsp.wb_valid[slot] >> lane & 1)) continue;
        written++;
        /* bits set in wb_dontcare are not compared */
        covered += (rsp.wb_value[slot][lane] & ~rsp.wb_dontcare[slot][lane]) != 0;
      }
    }
    printf("tag %u: R%u written on %u lanes, covered on %u; P%u = 0x%08x\n",
           (unsigned)rsp.tag, (unsigned)rsp.wb_reg[0], written, covered, (unsigned)rsp.pd,
           (unsigned)rsp.pd_value);
  }
  //! [txn_fields]
  spagm_model_free(m);
  if (rsp.tag != 42 || written != 16 || covered != 8 || rsp.pd != 1 ||
      rsp.pd_written != 0xFFFFu || (rsp.pd_value & rsp.pd_written) != 0x5555u)
    return example_fail("PIXLD.COVERED of samples 0 and 2 of 4", NULL);
  return 0;
}
