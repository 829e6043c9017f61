// SPDX-License-Identifier: Apache-2.0
/* Shader program header (SPH v3, 20 words) parsing for the attribute unit
 * (DESIGN §7.3): stage checks, IMAP/OMAP, ST_REQ, ISBE sharing, patch size
 * and MaxOutputVertexCount. Bit n of the header is bit n%32 of word n/32. */
#include <string.h>

#include "attr/attr_state.h"

enum { SPH_TYPE_VTG = 1, SPH_TYPE_PS = 2 };
enum { SHADER_VERTEX = 1, SHADER_TESS_INIT = 2, SHADER_TESSELLATION = 3,
       SHADER_GEOMETRY = 4, SHADER_PIXEL = 5 };

/* VTG maps: one bit per attribute 0..239 (addresses 0x000..0x3BC). */
#define VTG_IMAP_FIRST 160u
#define VTG_OMAP_FIRST 400u
#define VTG_MAP_ATTRS 240u

static uint32_t field(const uint32_t *w, unsigned hi, unsigned lo) {
  uint32_t v = 0;
  for (unsigned b = hi + 1; b-- > lo;)
    v = v << 1 | ((w[b / 32u] >> (b % 32u)) & 1u);
  return v;
}

static void set_bit(uint32_t *bits, unsigned i) { bits[i >> 5] |= 1u << (i & 31u); }

static void vtg_map(const uint32_t *w, unsigned first,
                    uint32_t bits[SPAGM_ATTR_MAP_WORDS]) {
  memset(bits, 0, SPAGM_ATTR_MAP_WORDS * sizeof bits[0]);
  /* §7.3: bit = address/4 from the start of the map. */
  for (unsigned a = 0; a < VTG_MAP_ATTRS; a++)
    if (field(w, first + a, first + a)) set_bit(bits, a);
}

/* N23: a pixel shader's IMAP, from the public SPH layout: one bit per
 * attribute for system values A/B (0x000..0x07C) and C (0x2C0..0x2FC), an
 * interpolation mode of 2 bits for generics, colours, fixed-function texture
 * coordinates and the reserved group; an attribute is in the map when its
 * mode is not UNUSED (0). The 8 colour modes (front diffuse and specular
 * RGBA) also cover the back colours, which the rasterizer selects. */
static void ps_imap(const uint32_t *w, uint32_t bits[SPAGM_ATTR_MAP_WORDS]) {
  memset(bits, 0, SPAGM_ATTR_MAP_WORDS * sizeof bits[0]);
  for (unsigned a = 0; a < 32; a++)
    if (field(w, 160 + a, 160 + a)) set_bit(bits, a);
  for (unsigned g = 0; g < 128; g++)
    if (field(w, 193 + 2 * g, 192 + 2 * g)) set_bit(bits, 32 + g);
  for (unsigned j = 0; j < 8; j++)
    if (field(w, 449 + 2 * j, 448 + 2 * j)) {
      set_bit(bits, 160 + j);
      set_bit(bits, 168 + j);
    }
  for (unsigned a = 0; a < 16; a++)
    if (field(w, 464 + a, 464 + a)) set_bit(bits, 176 + a);
  for (unsigned t = 0; t < 40; t++)
    if (field(w, 481 + 2 * t, 480 + 2 * t)) set_bit(bits, 192 + t);
  for (unsigned r = 0; r < 8; r++)
    if (field(w, 561 + 2 * r, 560 + 2 * r)) set_bit(bits, 232 + r);
}

static unsigned shader_type_of(spagm_stage st) {
  switch (st) {
    case SPAGM_STAGE_VSA:
    case SPAGM_STAGE_VSB: return SHADER_VERTEX;
    case SPAGM_STAGE_TI: return SHADER_TESS_INIT;
    case SPAGM_STAGE_TS: return SHADER_TESSELLATION;
    case SPAGM_STAGE_GS: return SHADER_GEOMETRY;
    default: return SHADER_PIXEL;
  }
}

static spagm_status check_types(const uint32_t *w, const char *which,
                                spagm_diag *d) {
  uint32_t sph = field(w, 4, 0), shader = field(w, 13, 10);
  if (sph != SPH_TYPE_VTG && sph != SPH_TYPE_PS)
    return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0,
                          "%s SPH: SphType [4:0] = %u is neither VTG (1) nor "
                          "PS (2)",
                          which, sph);
  if (shader < SHADER_VERTEX || shader > SHADER_PIXEL)
    return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0,
                          "%s SPH: ShaderType [13:10] = %u is not 1..5", which,
                          shader);
  if ((sph == SPH_TYPE_PS) != (shader == SHADER_PIXEL))
    return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0,
                          "%s SPH: SphType %u does not match ShaderType %u "
                          "(PS type goes with PIXEL only)",
                          which, sph, shader);
  return SPAGM_OK;
}

/* N22: PerPatchAttributeCount rounded up to a legal patch size (R4). */
static spagm_status patch_words_of(uint32_t count, uint32_t *words,
                                   spagm_diag *d) {
  static const uint32_t sizes[] = {8, 16, 32, 64, 128};
  for (unsigned i = 0; i < 5; i++)
    if (count <= sizes[i]) {
      *words = sizes[i];
      return SPAGM_OK;
    }
  return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0,
                        "current SPH: PerPatchAttributeCount [63:56] = %u "
                        "exceeds the largest patch (128 words, R4)",
                        count);
}

spagm_status spagm__sph_parse(spagm_attr_config *out, spagm_stage stage,
                              const uint32_t *cur, const uint32_t *prev,
                              const uint32_t *next, spagm_diag *d) {
  if ((unsigned)stage >= SPAGM_STAGE_COUNT)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "stage %d is not VSA..PS (0..5)", (int)stage);
  spagm_attr_config c = *out;
  spagm_status st = check_types(cur, "current", d);
  if (st != SPAGM_OK) return st;
  uint32_t shader = field(cur, 13, 10);
  if (shader != shader_type_of(stage))
    return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0,
                          "current SPH: ShaderType [13:10] = %u does not match "
                          "stage %s (needs %u)",
                          shader, spagm_stage_name(stage),
                          shader_type_of(stage));
  c.stage = stage;
  c.shared = field(cur, 25, 25) != 0; /* §7.3 bit 25 */
  if (stage == SPAGM_STAGE_PS) {
    ps_imap(cur, c.imap);
    memset(c.omap, 0, sizeof c.omap);
    c.streq_start = 255;
    c.streq_end = 0;
  } else {
    vtg_map(cur, VTG_IMAP_FIRST, c.imap);
    vtg_map(cur, VTG_OMAP_FIRST, c.omap);
    c.streq_start = field(cur, 147, 140); /* N21: attribute indexes */
    c.streq_end = field(cur, 159, 152);
  }
  if (stage == SPAGM_STAGE_TI || stage == SPAGM_STAGE_TS) {
    st = patch_words_of(field(cur, 63, 56), &c.patch_words, d);
    if (st != SPAGM_OK) return st;
  }
  if (stage == SPAGM_STAGE_GS) {
    uint32_t maxv = field(cur, 139, 128);
    if (maxv > SPAGM_ATTR_MAX_GS_VERTICES)
      return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0,
                            "current SPH: MaxOutputVertexCount [139:128] = %u "
                            "exceeds %u",
                            maxv, SPAGM_ATTR_MAX_GS_VERTICES);
    c.gs_max_vertices = maxv;
  }
  if (prev && (st = spagm__sph_parse_prev(&c, prev, d)) != SPAGM_OK) return st;
  if (next && (st = spagm__sph_parse_next(&c, next, d)) != SPAGM_OK) return st;
  *out = c;
  return SPAGM_OK;
}

spagm_status spagm__sph_parse_prev(spagm_attr_config *c, const uint32_t *prev,
                                   spagm_diag *d) {
  spagm_status st = check_types(prev, "previous", d);
  if (st != SPAGM_OK) return st;
  if (field(prev, 4, 0) != SPH_TYPE_VTG)
    return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0,
                          "previous SPH is a pixel shader: no stage follows a "
                          "PS");
  vtg_map(prev, VTG_OMAP_FIRST, c->omap_prev);
  return SPAGM_OK;
}

spagm_status spagm__sph_parse_next(spagm_attr_config *c, const uint32_t *next,
                                   spagm_diag *d) {
  spagm_status st = check_types(next, "next", d);
  if (st != SPAGM_OK) return st;
  if (field(next, 4, 0) == SPH_TYPE_PS)
    ps_imap(next, c->imap_next);
  else
    vtg_map(next, VTG_IMAP_FIRST, c->imap_next);
  return SPAGM_OK;
}
