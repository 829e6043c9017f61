/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/spagm.h: the whole C API of the golden model through one include:
 * a model whose three units are used in one program. */
#include <stdio.h>

//! [spagm_umbrella]
#include <spagm/spagm.h>  /* model, units' state, assembler, transactions */

/* Execute one line of assembly on every lane of m; 0 on success. */
static int run(spagm_model *m, const char *line, spagm_response *rsp) {
  spagm_insn insn;
  spagm_diag d;
  spagm_request req;
  spagm_request_init(&req);
  req.lane_mask = 0xFFFFFFFFu;
  if (spagm_asm_one(line, 1, 1, NULL, &insn, &d) != SPAGM_OK ||
      spagm_encode(&insn, &req.insn, NULL, &d) != SPAGM_OK) {
    fprintf(stderr, "%s: %s\n", line, d.msg);
    return 1;
  }
  spagm_execute(m, &req, rsp);
  return 0;
}

int main(void) {
  spagm_model *m = spagm_model_new();
  spagm_response attr, pix, tex;
  if (!m || run(m, "ALD R0, a[0x7c];", &attr) ||               /* attribute unit, VS */
      spagm_attr_set_stage(m, SPAGM_STAGE_PS, NULL) != SPAGM_OK ||
      spagm_pix_set_samples(m, 16, NULL) != SPAGM_OK ||
      run(m, "PIXLD.MSCOUNT R1, P0, [0];", &pix) ||             /* pixel unit, PS */
      run(m, "TLDS.LZ RZ, R4, R2, 0x64, 1D, R;", &tex))         /* texture unit */
    return 1;
  printf("spagm %s: ALD 0x%08x, PIXLD.MSCOUNT %u, TLDS of no texture %u (R18)\n",
         spagm_version(), (unsigned)attr.wb_value[0][0], (unsigned)pix.wb_value[0][0],
         (unsigned)tex.wb_value[0][0]);
  spagm_model_free(m);
  return attr.wb_value[0][0] != 0x3f800000u || pix.wb_value[0][0] != 16 || tex.wb_value[0][0];
}
//! [spagm_umbrella]
