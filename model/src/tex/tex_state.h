// SPDX-License-Identifier: Apache-2.0
/* Internal: texture-unit state inside struct spagm_model (model_internal.h)
 * and the entry points shared by the texture unit's files. What each field
 * means for TLDS is described in spagm/tex.h. */
#ifndef SPAGM_TEX_STATE_H
#define SPAGM_TEX_STATE_H

#include <stdint.h>

#include "spagm/tex.h"
#include "tex/tex_memory.h"

typedef struct spagm_tex_state {
  /* Constant banks, SPAGM_TEX_CBANK_WORDS words each, NULL until a word of
   * the bank is written (N63). */
  uint32_t *cbank[SPAGM_TEX_CBANKS];
  unsigned cbank_selected;
  /* SetTexHeaderPoolC: headers live in texture memory (N60). */
  uint64_t pool_base;
  uint32_t pool_max_index;
  spagm_fp16_round fp16_round;
  spagm_tex_mem mem;
} spagm_tex_state;

/* The 32 bytes of header `index` of the pool (tex_header.c, N60). */
void spagm__tex_read_header(const spagm_tex_state *s, uint32_t index,
                            uint8_t out[32]);

/* Execute one TLDS warp-instruction (tlds.c); same contract as
 * spagm__tex_execute in model_internal.h. */
struct spagm_model;
void spagm__tlds_execute(struct spagm_model *m, const spagm_insn *insn,
                         const spagm_request *req, spagm_response *resp,
                         spagm_explain *ex);

#endif
