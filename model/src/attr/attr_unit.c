// SPDX-License-Identifier: Apache-2.0
/* Attribute unit: lifecycle of its state and dispatch of ALD, AST, AL2P,
 * ISBERD and ISBEWR to the file that implements each one. */
#include <stdlib.h>
#include <string.h>

#include "core/model_internal.h"

spagm_status spagm__attr_init(spagm_attr_state *s) {
  memset(s, 0, sizeof *s);
  /* N20: fixed capacities, allocated once so execution never allocates. */
  s->own[SPAGM__IN] = calloc(1, SPAGM_ISBE_SPACE_BYTES);
  s->own[SPAGM__OUT] = calloc(1, SPAGM_ISBE_SPACE_BYTES);
  s->gs = calloc(1, SPAGM_ATTR_GS_BYTES);
  if (!s->own[SPAGM__IN] || !s->own[SPAGM__OUT] || !s->gs) {
    spagm__attr_fini(s);
    return SPAGM_E_NOMEM;
  }
  spagm__attr_reset(s);
  return SPAGM_OK;
}

void spagm__attr_reset(spagm_attr_state *s) {
  uint8_t *own_in = s->own[SPAGM__IN], *own_out = s->own[SPAGM__OUT];
  uint8_t *gs = s->gs;
  memset(s, 0, sizeof *s);
  s->own[SPAGM__IN] = own_in;
  s->own[SPAGM__OUT] = own_out;
  s->gs = gs;
  memset(own_in, 0, SPAGM_ISBE_SPACE_BYTES);
  memset(own_out, 0, SPAGM_ISBE_SPACE_BYTES);
  memset(gs, 0, SPAGM_ATTR_GS_BYTES);
  spagm_attr_config c;
  spagm_attr_config_default(&c);
  spagm__attr_config_apply(s, &c);
}

void spagm__attr_fini(spagm_attr_state *s) {
  free(s->own[SPAGM__IN]);
  free(s->own[SPAGM__OUT]);
  free(s->gs);
  s->own[SPAGM__IN] = s->own[SPAGM__OUT] = NULL;
  s->mem[SPAGM__IN] = s->mem[SPAGM__OUT] = NULL;
  s->gs = NULL;
}

void spagm__attr_execute(spagm_model *m, const spagm_insn *insn,
                         const spagm_request *req, spagm_response *resp,
                         spagm_explain *ex) {
  spagm_attr_state *s = &m->attr;
  switch (insn->op) {
    case SPAGM_OP_ALD: spagm__ald_execute(s, insn, req, resp, ex); break;
    case SPAGM_OP_AST: spagm__ast_execute(s, insn, req, resp, ex); break;
    case SPAGM_OP_AL2P: spagm__al2p_execute(s, insn, req, resp, ex); break;
    case SPAGM_OP_ISBERD: spagm__isberd_execute(s, insn, req, resp, ex); break;
    case SPAGM_OP_ISBEWR: spagm__isbewr_execute(s, insn, req, resp, ex); break;
    default:
      /* model.c only routes attribute opcodes here; anything else is a
       * malformed instruction description, reported as an illegal one. */
      spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING,
                        SPAGM_RULE_ILLEGAL_WORD, 0, 0, 0);
      break;
  }
}
