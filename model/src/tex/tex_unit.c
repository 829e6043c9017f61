// SPDX-License-Identifier: Apache-2.0
/* Texture unit: lifecycle, dispatch and the state API of spagm/tex.h. */
#include <stdlib.h>
#include <string.h>

#include "core/model_internal.h"
#include "tex/tex_memory.h"

static void tex_power_on(spagm_tex_state *s) {
  memset(s->cbank, 0, sizeof s->cbank);
  s->cbank_selected = 0;
  s->pool_base = 0;
  s->pool_max_index = 0;
  s->fp16_round = SPAGM_FP16_RNE;
  spagm__tex_mem_init(&s->mem);
  for (unsigned i = 0; i < SPAGM_TEX_MEMOS; i++) s->memo[i].valid = false;
}

spagm_status spagm__tex_init(spagm_tex_state *s) {
  tex_power_on(s);
  return SPAGM_OK;
}

void spagm__tex_fini(spagm_tex_state *s) {
  for (unsigned b = 0; b < SPAGM_TEX_CBANKS; b++) free(s->cbank[b]);
  spagm__tex_mem_clear(&s->mem);
  tex_power_on(s);
}

void spagm__tex_reset(spagm_tex_state *s) { spagm__tex_fini(s); }

void spagm__tex_execute(spagm_model *m, const spagm_insn *insn,
                        const spagm_request *req, spagm_response *resp,
                        spagm_explain *ex) {
  /* TLDS is the unit's only instruction and is legal in every stage. */
  spagm__tlds_execute(m, insn, req, resp, ex);
}

/* ---- FP16 rounding ------------------------------------------------------ */

spagm_status spagm_tex_set_fp16_round(spagm_model *m, spagm_fp16_round mode) {
  if (!m || (mode != SPAGM_FP16_RNE && mode != SPAGM_FP16_RZ))
    return SPAGM_E_ARG;
  m->tex.fp16_round = mode;
  return SPAGM_OK;
}

spagm_fp16_round spagm_tex_fp16_round(const spagm_model *m) {
  return m ? m->tex.fp16_round : SPAGM_FP16_RNE;
}

/* ---- Constant banks ----------------------------------------------------- */

spagm_status spagm_tex_set_cbank_word(spagm_model *m, unsigned bank,
                                      unsigned index, uint32_t value) {
  if (!m || bank >= SPAGM_TEX_CBANKS || index >= SPAGM_TEX_CBANK_WORDS)
    return SPAGM_E_ARG;
  if (!m->tex.cbank[bank]) {
    m->tex.cbank[bank] = calloc(SPAGM_TEX_CBANK_WORDS, sizeof(uint32_t));
    if (!m->tex.cbank[bank]) return SPAGM_E_NOMEM;
  }
  m->tex.cbank[bank][index] = value;
  return SPAGM_OK;
}

spagm_status spagm_tex_get_cbank_word(const spagm_model *m, unsigned bank,
                                      unsigned index, uint32_t *value) {
  if (!m || !value || bank >= SPAGM_TEX_CBANKS || index >= SPAGM_TEX_CBANK_WORDS)
    return SPAGM_E_ARG;
  *value = m->tex.cbank[bank] ? m->tex.cbank[bank][index] : 0u;
  return SPAGM_OK;
}

bool spagm_tex_cbank_in_use(const spagm_model *m, unsigned bank) {
  return m && bank < SPAGM_TEX_CBANKS && m->tex.cbank[bank] != NULL;
}

spagm_status spagm_tex_select_cbank(spagm_model *m, unsigned bank) {
  if (!m || bank >= SPAGM_TEX_CBANKS) return SPAGM_E_ARG;
  m->tex.cbank_selected = bank;
  return SPAGM_OK;
}

unsigned spagm_tex_selected_cbank(const spagm_model *m) {
  return m ? m->tex.cbank_selected : 0u;
}

/* ---- Header pool -------------------------------------------------------- */

spagm_status spagm_tex_set_header_pool(spagm_model *m, uint64_t base,
                                       uint32_t max_index) {
  if (!m || base >= SPAGM_TEX_VA_LIMIT || base % SPAGM_TEX_HEADER_BYTES != 0)
    return SPAGM_E_ARG;
  m->tex.pool_base = base;
  m->tex.pool_max_index = max_index;
  return SPAGM_OK;
}

spagm_status spagm_tex_get_header_pool(const spagm_model *m, uint64_t *base,
                                       uint32_t *max_index) {
  if (!m) return SPAGM_E_ARG;
  if (base) *base = m->tex.pool_base;
  if (max_index) *max_index = m->tex.pool_max_index;
  return SPAGM_OK;
}

/* ---- Memory ------------------------------------------------------------- */

static bool range_ok(uint64_t va, size_t n) {
  return va <= SPAGM_TEX_VA_LIMIT && n <= SPAGM_TEX_VA_LIMIT - va;
}

spagm_status spagm_tex_mem_write(spagm_model *m, uint64_t va, const void *data,
                                 size_t n) {
  if (!m || (!data && n) || !range_ok(va, n)) return SPAGM_E_ARG;
  return spagm__tex_mem_write(&m->tex.mem, va, data, n);
}

spagm_status spagm_tex_mem_read(const spagm_model *m, uint64_t va, void *data,
                                size_t n) {
  if (!m || (!data && n) || !range_ok(va, n)) return SPAGM_E_ARG;
  spagm__tex_mem_read(&m->tex.mem, va, data, n);
  return SPAGM_OK;
}

size_t spagm_tex_mem_pages(const spagm_model *m, uint64_t *va_out, size_t cap) {
  return m ? spagm__tex_mem_pages(&m->tex.mem, va_out, cap) : 0u;
}
