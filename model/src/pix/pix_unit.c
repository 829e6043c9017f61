// SPDX-License-Identifier: Apache-2.0
/* Pixel unit: lifecycle of its state and dispatch of its one instruction,
 * PIXLD (pixld.c). The raster configuration setters are in pix_config.c. */
#include "core/model_internal.h"

spagm_status spagm__pix_init(spagm_pix_state *s) {
  spagm__pix_config_default(&s->raster);
  return SPAGM_OK;
}

void spagm__pix_reset(spagm_pix_state *s) {
  spagm__pix_config_default(&s->raster);
}

/* Nothing is allocated. */
void spagm__pix_fini(spagm_pix_state *s) { (void)s; }

void spagm__pix_execute(spagm_model *m, const spagm_insn *insn,
                        const spagm_request *req, spagm_response *resp,
                        spagm_explain *ex) {
  /* model.c routes by spagm_op_unit, so only PIXLD arrives here. */
  spagm__pixld_execute(m, insn, req, resp, ex);
}
