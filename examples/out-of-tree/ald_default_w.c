/* SPDX-License-Identifier: Apache-2.0 */
/* A C program using the installed spagm model: assemble an ALD of
 * POSITION_W in a vertex shader whose inputs map nothing, execute it on all
 * 32 lanes and check that every lane reads the R3 default 1.0f. The README's
 * "Using the C API" section shows this file; CTest builds it against an
 * installed prefix with find_package(spagm) and with pkg-config. */
#include <inttypes.h>
#include <stdio.h>

#include <spagm/spagm.h>

int main(void) {
  spagm_model *m = spagm_model_new();
  if (!m) return 1;
  spagm_diag d;
  spagm_insn insn;
  uint64_t word;
  if (spagm_attr_set_stage(m, SPAGM_STAGE_VSA, &d) != SPAGM_OK ||
      spagm_asm_one("ALD R4, a[0x7c];", 1, 1, NULL, &insn, &d) != SPAGM_OK ||
      spagm_encode(&insn, &word, NULL, &d) != SPAGM_OK) {
    fprintf(stderr, "error: %s\n", d.msg);
    spagm_model_free(m);
    return 1;
  }

  spagm_request req;
  spagm_response resp;
  spagm_request_init(&req);
  req.insn = word;
  req.lane_mask = 0xffffffffu;
  spagm_execute(m, &req, &resp);

  int bad = 0;
  for (unsigned lane = 0; lane < SPAGM_LANES; lane++)
    bad += resp.wb_value[0][lane] != 0x3f800000u; /* R3: POSITION_W reads 1.0f */
  printf("spagm %s: ALD R4, a[0x7c] -> R%u = 0x%08" PRIx32 " on %d of %u lanes\n",
         spagm_version(), (unsigned)resp.wb_reg[0], resp.wb_value[0][0],
         (int)SPAGM_LANES - bad, (unsigned)SPAGM_LANES);
  spagm_model_free(m);
  return bad ? 1 : 0;
}
