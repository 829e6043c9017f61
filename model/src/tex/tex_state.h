// SPDX-License-Identifier: Apache-2.0
/* Internal: texture-unit state inside struct spagm_model (model_internal.h)
 * and the entry points shared by the texture unit's files. What each field
 * means for TLDS is described in spagm/tex.h. */
#ifndef SPAGM_TEX_STATE_H
#define SPAGM_TEX_STATE_H

#include <stdint.h>

#include "spagm/tex.h"
#include "tex/tex_format.h"
#include "tex/tex_layout.h"
#include "tex/tex_memory.h"

/* A header TLDS decoded and what follows from it (tlds.c): a header's 32
 * bytes alone decide its decoded form, format and image layout, so a warp
 * that reads the same bytes reuses them instead of decoding again. A cache
 * keyed by the bytes, never state: nothing else reads
 * it and a stale entry cannot match. One entry per header index modulo
 * SPAGM_TEX_MEMOS. */
#define SPAGM_TEX_MEMOS 16u
typedef struct spagm_tex_header_memo {
  bool valid;
  uint8_t bytes[SPAGM_TEX_HEADER_BYTES];
  spagm_tic tic;
  spagm_tex_unsupported unsupported; /* of format, then image */
  spagm_tex_format fmt;
  spagm_tex_image image; /* set when unsupported is SPAGM_TEXU_NONE */
} spagm_tex_header_memo;

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
  spagm_tex_header_memo memo[SPAGM_TEX_MEMOS];
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
