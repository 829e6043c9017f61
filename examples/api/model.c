/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/model.h: a model instance, one transaction executed on it, and two
 * models in one process that do not share state (DESIGN §5): the same ALD
 * word reads 1.0f in a vertex shader's model and is refused in a pixel
 * shader's. */
#include <stdio.h>

#include <spagm/spagm.h>

#include "example.h"

int main(void) {
  spagm_insn insn;
  uint64_t word;
  spagm_diag d;
  if (spagm_asm_one("ALD R4, a[0x7c];", 1, 1, NULL, &insn, &d) != SPAGM_OK ||
      spagm_encode(&insn, &word, NULL, &d) != SPAGM_OK)
    return example_fail("assemble", &d);

  //! [model_execute]
  spagm_model *vs = spagm_model_new();  /* power-on: stage VSA, maps empty */
  spagm_model *ps = spagm_model_new();  /* a second, independent model */
  if (!vs || !ps) return example_fail("out of memory", NULL);
  spagm_attr_set_stage(ps, SPAGM_STAGE_PS, NULL);

  spagm_request req;
  spagm_response resp;
  spagm_request_init(&req);
  req.tag = 1;
  req.insn = word;                    /* ALD R4, a[0x7c]: POSITION_W */
  req.lane_mask = 0xFFFFFFFFu;
  spagm_execute(vs, &req, &resp);     /* resp.wb_value[0][lane] = 1.0f (R3) */
  spagm_response in_ps;
  spagm_execute(ps, &req, &in_ps);    /* no ALD in a pixel shader: a fault (R8) */

  spagm_model_reset(vs);              /* back to power-on state */
  spagm_model_free(ps);
  spagm_model_free(vs);
  //! [model_execute]

  if (resp.tag != 1 || resp.fault != SPAGM_FAULT_NONE || resp.wb_reg[0] != 4 ||
      resp.wb_valid[0] != 0xFFFFFFFFu || resp.wb_value[0][31] != 0x3f800000u ||
      in_ps.fault != SPAGM_FAULT_ILLEGAL_INSTR_ENCODING)
    return example_fail("ALD of POSITION_W reads 1.0f on every lane (R3)", NULL);
  printf("ALD R4, a[0x7c] -> R%u = 0x%08x on all lanes\n", (unsigned)resp.wb_reg[0],
         (unsigned)resp.wb_value[0][0]);
  return 0;
}
