// SPDX-License-Identifier: Apache-2.0
/* Attribute-unit configuration: the scalars and maps of attr.h
 * (spagm_attr_config), their checks, and the setters that change one of
 * them. Every setter validates first and changes nothing on error. */
#include <string.h>

#include "core/model_internal.h"

/* R3: 0x3F800000 (1.0f) at POSITION_W, the .w of each GENERIC, the alpha of
 * each colour and the .q of each TEX_COORD; 0 everywhere else. */
static void default_table(uint32_t t[SPAGM_ATTR_COUNT]) {
  const uint32_t one = 0x3F800000u;
  memset(t, 0, SPAGM_ATTR_COUNT * sizeof t[0]);
  t[0x07C / 4] = one;
  for (uint32_t n = 0; n < 32; n++) t[(0x08C + 16 * n) / 4] = one;
  for (uint32_t a = 0x28C; a <= 0x2BC; a += 16) t[a / 4] = one;
  for (uint32_t n = 0; n < 10; n++) t[(0x30C + 16 * n) / 4] = one;
}

void spagm_attr_config_default(spagm_attr_config *c) {
  if (!c) return;
  memset(c, 0, sizeof *c);
  c->stage = SPAGM_STAGE_VSA;
  c->vertex_count = 32;
  c->patch_words = 32;
  c->gs_max_vertices = 32;
  c->streq_start = 255; /* empty range */
  c->streq_end = 0;
  default_table(c->defaults);
}

static bool patch_words_valid(uint32_t w) {
  /* R4: patch_words is one of 8, 16, 32, 64, 128. */
  return w == 8 || w == 16 || w == 32 || w == 64 || w == 128;
}

spagm_status spagm__attr_config_check(const spagm_attr_config *c,
                                      spagm_diag *d) {
  if ((unsigned)c->stage >= SPAGM_STAGE_COUNT)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "stage %d is not VSA..PS (0..5)", (int)c->stage);
  if (c->vertex_count > SPAGM_ATTR_MAX_VERTICES)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "vertex count %u exceeds the maximum %u",
                          c->vertex_count, SPAGM_ATTR_MAX_VERTICES);
  if (!patch_words_valid(c->patch_words))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "patch size %u words is not 8, 16, 32, 64 or 128 (R4)",
                          c->patch_words);
  if (c->gs_max_vertices > SPAGM_ATTR_MAX_GS_VERTICES)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "MaxOutputVertexCount %u exceeds the maximum %u",
                          c->gs_max_vertices, SPAGM_ATTR_MAX_GS_VERTICES);
  if (c->streq_start > 255 || c->streq_end > 255)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "store-request range %u..%u: indexes are 0..255",
                          c->streq_start, c->streq_end);
  return SPAGM_OK;
}

void spagm__attr_config_apply(spagm_attr_state *s, const spagm_attr_config *c) {
  if (&s->cfg != c) s->cfg = *c;
  s->mem[SPAGM__IN] = s->own[SPAGM__IN];
  /* N24: a shared space is the input space's memory serving both. */
  s->mem[SPAGM__OUT] = s->cfg.shared ? s->own[SPAGM__IN] : s->own[SPAGM__OUT];
  spagm__attr_update_layouts(s);
}

spagm_status spagm_attr_get_config(const spagm_model *m, spagm_attr_config *c,
                                   spagm_diag *d) {
  if (!m || !c)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model or config");
  *c = m->attr.cfg;
  return SPAGM_OK;
}

spagm_status spagm_attr_set_config(spagm_model *m, const spagm_attr_config *c,
                                   spagm_diag *d) {
  if (!m || !c)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model or config");
  spagm_status st = spagm__attr_config_check(c, d);
  if (st != SPAGM_OK) return st;
  spagm__attr_config_apply(&m->attr, c);
  return SPAGM_OK;
}

/* Change one field of a copy, check, apply: every single setter goes
 * through the same validation as set_config. */
#define EDIT_CONFIG(m, d, stmt)                        \
  do {                                                 \
    if (!(m))                                          \
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model"); \
    spagm_attr_config c_ = (m)->attr.cfg;              \
    stmt;                                              \
    return spagm_attr_set_config((m), &c_, (d));       \
  } while (0)

spagm_status spagm_attr_set_stage(spagm_model *m, spagm_stage stage,
                                  spagm_diag *d) {
  EDIT_CONFIG(m, d, c_.stage = stage);
}

spagm_status spagm_attr_get_stage(const spagm_model *m, spagm_stage *stage,
                                  spagm_diag *d) {
  if (!m || !stage)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model or stage");
  *stage = m->attr.cfg.stage;
  return SPAGM_OK;
}

const char *spagm_attr_map_name(spagm_attr_map which) {
  switch (which) {
    case SPAGM_MAP_IMAP: return "imap";
    case SPAGM_MAP_OMAP: return "omap";
    case SPAGM_MAP_OMAP_PREV: return "omap_prev";
    case SPAGM_MAP_IMAP_NEXT: return "imap_next";
    case SPAGM_MAP_STREQ: return "streq";
    case SPAGM_MAP_BMAP_IN: return "bmap_in";
    case SPAGM_MAP_BMAP_OUT: return "bmap_out";
    case SPAGM_MAP_COUNT: break;
  }
  return "unknown_map";
}

static uint32_t *settable_map(spagm_attr_config *c, spagm_attr_map which) {
  switch (which) {
    case SPAGM_MAP_IMAP: return c->imap;
    case SPAGM_MAP_OMAP: return c->omap;
    case SPAGM_MAP_OMAP_PREV: return c->omap_prev;
    case SPAGM_MAP_IMAP_NEXT: return c->imap_next;
    default: return NULL;
  }
}

spagm_status spagm_attr_set_map(spagm_model *m, spagm_attr_map which,
                                const uint32_t bits[SPAGM_ATTR_MAP_WORDS],
                                spagm_diag *d) {
  if (!m || !bits)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model or map bits");
  spagm_attr_config c = m->attr.cfg;
  uint32_t *dst = settable_map(&c, which);
  if (!dst)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "map %d cannot be set (only imap, omap, omap_prev, "
                          "imap_next; the BMAPs are derived)",
                          (int)which);
  memcpy(dst, bits, SPAGM_ATTR_MAP_WORDS * sizeof bits[0]);
  return spagm_attr_set_config(m, &c, d);
}

spagm_status spagm_attr_get_map(const spagm_model *m, spagm_attr_map which,
                                uint32_t bits[SPAGM_ATTR_MAP_WORDS],
                                spagm_diag *d) {
  if (!m || !bits)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model or map bits");
  const spagm_attr_state *s = &m->attr;
  const uint32_t *src;
  switch (which) {
    case SPAGM_MAP_IMAP: src = s->cfg.imap; break;
    case SPAGM_MAP_OMAP: src = s->cfg.omap; break;
    case SPAGM_MAP_OMAP_PREV: src = s->cfg.omap_prev; break;
    case SPAGM_MAP_IMAP_NEXT: src = s->cfg.imap_next; break;
    case SPAGM_MAP_STREQ: spagm__attr_streq_map(&s->cfg, bits); return SPAGM_OK;
    case SPAGM_MAP_BMAP_IN: src = s->layout[SPAGM__IN].bmap; break;
    case SPAGM_MAP_BMAP_OUT: src = s->layout[SPAGM__OUT].bmap; break;
    default:
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "unknown map %d", (int)which);
  }
  memcpy(bits, src, SPAGM_ATTR_MAP_WORDS * sizeof bits[0]);
  return SPAGM_OK;
}

spagm_status spagm_attr_set_store_req(spagm_model *m, unsigned start,
                                      unsigned end, spagm_diag *d) {
  EDIT_CONFIG(m, d, (c_.streq_start = start, c_.streq_end = end));
}

spagm_status spagm_attr_set_shared(spagm_model *m, bool shared, spagm_diag *d) {
  EDIT_CONFIG(m, d, c_.shared = shared);
}

spagm_status spagm_attr_set_vertex_count(spagm_model *m, unsigned count,
                                         spagm_diag *d) {
  EDIT_CONFIG(m, d, c_.vertex_count = count);
}

spagm_status spagm_attr_set_patch_words(spagm_model *m, unsigned words,
                                        spagm_diag *d) {
  EDIT_CONFIG(m, d, c_.patch_words = words);
}

spagm_status spagm_attr_set_gs_max_vertices(spagm_model *m, unsigned count,
                                            spagm_diag *d) {
  EDIT_CONFIG(m, d, c_.gs_max_vertices = count);
}

spagm_status spagm_attr_set_trap(spagm_model *m, bool on, spagm_diag *d) {
  EDIT_CONFIG(m, d, c_.trap = on);
}

static spagm_status check_attr_addr(uint32_t addr, spagm_diag *d) {
  if (addr >= SPAGM_ATTR_BYTES || (addr & 3u))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "attribute address 0x%x is not a multiple of 4 "
                          "below 0x400",
                          addr);
  return SPAGM_OK;
}

spagm_status spagm_attr_set_default(spagm_model *m, uint32_t addr,
                                    uint32_t value, spagm_diag *d) {
  spagm_status st = check_attr_addr(addr, d);
  if (st != SPAGM_OK) return st;
  EDIT_CONFIG(m, d, c_.defaults[addr / 4] = value);
}

spagm_status spagm_attr_get_default(const spagm_model *m, uint32_t addr,
                                    uint32_t *value, spagm_diag *d) {
  if (!m || !value)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model or value");
  spagm_status st = check_attr_addr(addr, d);
  if (st != SPAGM_OK) return st;
  *value = m->attr.cfg.defaults[addr / 4];
  return SPAGM_OK;
}

spagm_status spagm_attr_load_sph(spagm_model *m, spagm_stage stage,
                                 const uint32_t cur[SPAGM_SPH_WORDS],
                                 const uint32_t *prev, const uint32_t *next,
                                 spagm_diag *d) {
  if (!m || !cur)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model or header");
  spagm_attr_config c = m->attr.cfg;
  spagm_status st = spagm__sph_parse(&c, stage, cur, prev, next, d);
  if (st != SPAGM_OK) return st;
  return spagm_attr_set_config(m, &c, d);
}

spagm_status spagm_attr_load_sph_prev(spagm_model *m,
                                      const uint32_t prev[SPAGM_SPH_WORDS],
                                      spagm_diag *d) {
  if (!m || !prev)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model or header");
  spagm_attr_config c = m->attr.cfg;
  spagm_status st = spagm__sph_parse_prev(&c, prev, d);
  if (st != SPAGM_OK) return st;
  return spagm_attr_set_config(m, &c, d);
}

spagm_status spagm_attr_load_sph_next(spagm_model *m,
                                      const uint32_t next[SPAGM_SPH_WORDS],
                                      spagm_diag *d) {
  if (!m || !next)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL model or header");
  spagm_attr_config c = m->attr.cfg;
  spagm_status st = spagm__sph_parse_next(&c, next, d);
  if (st != SPAGM_OK) return st;
  return spagm_attr_set_config(m, &c, d);
}
