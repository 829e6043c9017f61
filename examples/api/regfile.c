/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/regfile.h: a small program run the way the scenario runner runs
 * one: each instruction issued from a warp's register file, executed,
 * and its response retired into the register file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spagm/spagm.h>

#include "example.h"

int main(void) {
  const char *src =
      "PIXLD.MSCOUNT R0, P0, [0];\n"       /* R0 = raster sample count */
      "PIXLD.COVERED R1, P1, [R4+0];\n";   /* sample R4 covered?      */
  spagm_model *m = spagm_model_new();
  spagm_insn *prog = NULL;
  size_t n = 0;
  spagm_diag d;
  if (!m || spagm_attr_set_stage(m, SPAGM_STAGE_PS, &d) != SPAGM_OK ||
      spagm_pix_set_samples(m, 8, &d) != SPAGM_OK ||
      spagm_asm_text(src, strlen(src), NULL, &prog, &n, &d) != SPAGM_OK)
    return example_fail("setup", &d);
  //! [regfile_run]
  static spagm_regfile rf;  /* 32 lanes x 255 registers: not on the stack */
  spagm_regfile_init(&rf);
  for (unsigned lane = 0; lane < SPAGM_LANES; lane++) {
    rf.r[4][lane] = lane % 8;         /* R4: a sample index per lane */
    rf.coverage[lane] = 0x0F;         /* samples 0..3 of 8 covered */
  }
  for (size_t i = 0; i < n; i++) {
    uint64_t word;
    if (spagm_encode(&prog[i], &word, NULL, &d) != SPAGM_OK) return 1;
    spagm_request req;
    spagm_response rsp;
    /* operands from the registers of the lanes that pass the guard */
    spagm_issue(&prog[i], word, &rf, 0xFFFFFFFFu, (uint32_t)i + 1, &req);
    spagm_execute(m, &req, &rsp);
    spagm_retire(&rsp, &rf);          /* write-back and predicate into rf */
  }
  printf("R0 = %u samples; P1 true on lanes 0x%08x\n", (unsigned)spagm_regfile_get(&rf, 0, 0),
         (unsigned)spagm_regfile_pred(&rf, 1));
  //! [regfile_run]
  free(prog);
  spagm_model_free(m);
  if (spagm_regfile_get(&rf, 0, 31) != 8 || spagm_regfile_pred(&rf, 1) != 0x0F0F0F0Fu ||
      spagm_regfile_get(&rf, 1, 3) != 0xFFFFFFFFu || spagm_regfile_get(&rf, 1, 4) != 0)
    return example_fail("MSCOUNT 8 and samples 0..3 covered", NULL);
  return 0;
}
