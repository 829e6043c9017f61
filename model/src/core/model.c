// SPDX-License-Identifier: Apache-2.0
/* The model context: lifecycle and the execute entry point that decodes a
 * word and hands it to the unit that owns the opcode. */
#include <stdlib.h>
#include <string.h>

#include "core/model_internal.h"
#include "spagm/insn.h"

spagm_model *spagm_model_new(void) {
  spagm_model *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  if (spagm__attr_init(&m->attr) != SPAGM_OK) goto fail_attr;
  if (spagm__pix_init(&m->pix) != SPAGM_OK) goto fail_pix;
  if (spagm__tex_init(&m->tex) != SPAGM_OK) goto fail_tex;
  return m;
fail_tex:
  spagm__pix_fini(&m->pix);
fail_pix:
  spagm__attr_fini(&m->attr);
fail_attr:
  free(m);
  return NULL;
}

void spagm_model_free(spagm_model *m) {
  if (!m) return;
  spagm__tex_fini(&m->tex);
  spagm__pix_fini(&m->pix);
  spagm__attr_fini(&m->attr);
  free(m);
}

void spagm_model_reset(spagm_model *m) {
  if (!m) return;
  spagm__attr_reset(&m->attr);
  spagm__pix_reset(&m->pix);
  spagm__tex_reset(&m->tex);
}

void spagm__fault_warp(const spagm_request *req, spagm_response *resp,
                       spagm_explain *ex, spagm_fault f, unsigned rule,
                       int32_t a0, int32_t a1, int32_t a2) {
  spagm_response_init(resp, req->tag);
  resp->fault = (uint8_t)f;
  resp->fault_lanes = req->lane_mask;
  if (ex) {
    ex->fault_rule = (uint16_t)rule;
    ex->fault_arg[0] = a0;
    ex->fault_arg[1] = a1;
    ex->fault_arg[2] = a2;
  }
}

spagm_status spagm_execute_insn(spagm_model *m, const spagm_insn *insn,
                                const spagm_request *req, spagm_response *resp,
                                spagm_explain *ex) {
  if (!m || !insn || !req || !resp) return SPAGM_E_ARG;
  if (ex) spagm__explain_clear_marks(ex);
  if (!spagm__insn_fields_fit(insn)) {
    /* No word holds it: refused, and a caller that ignores the status
     * still sees a warp-wide fault rather than stale data. */
    spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING,
                      SPAGM_RULE_ILLEGAL_WORD, 0, 0, 0);
    return SPAGM_E_ARG;
  }
  spagm_response_init(resp, req->tag);
  switch (spagm_op_unit(insn->op)) {
    case SPAGM_UNIT_ATTR: spagm__attr_execute(m, insn, req, resp, ex); break;
    case SPAGM_UNIT_PIX: spagm__pix_execute(m, insn, req, resp, ex); break;
    case SPAGM_UNIT_TEX: spagm__tex_execute(m, insn, req, resp, ex); break;
    default: return SPAGM_E_ARG;
  }
  return SPAGM_OK;
}

spagm_status spagm_execute_explained(spagm_model *m, const spagm_request *req,
                                     spagm_response *resp, spagm_explain *ex) {
  if (!m || !req || !resp) return SPAGM_E_ARG;
  spagm_insn insn;
  if (spagm_decode(req->insn, &insn, NULL) != SPAGM_OK) {
    if (ex) spagm__explain_clear_marks(ex);
    /* An illegal word is an architectural fault, not an API error. */
    spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING,
                      SPAGM_RULE_ILLEGAL_WORD, 0, 0, 0);
    return SPAGM_OK;
  }
  return spagm_execute_insn(m, &insn, req, resp, ex);
}

spagm_status spagm_execute(spagm_model *m, const spagm_request *req,
                           spagm_response *resp) {
  return spagm_execute_explained(m, req, resp, NULL);
}
