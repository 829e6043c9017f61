// SPDX-License-Identifier: Apache-2.0
/* Texel formats: which headers the model decodes, and the conversion of a
 * texel's bytes to fp32 / integer results (R21, N62, N67, N68).
 *
 * Conversions (R21, the D3D rules):
 *   UNORM  c / (2^b - 1), correctly rounded to fp32
 *   SNORM  max(c / (2^(b-1) - 1), -1), correctly rounded to fp32
 *   SINT   sign-extended          UINT  zero-extended
 *   FLOAT  fp32 unchanged (denormals and NaN payloads kept); fp16 and the
 *          small floats exactly; shared exponent exactly
 *   sRGB   table of the exact formula, on R, G and B only
 * 8-bit codes go through the exact tables of tex_tables.c. For wider codes
 * both operands of the UNORM/SNORM division are exact in fp32 and IEEE
 * division rounds correctly, so one division gives the correctly rounded
 * quotient (checked exhaustively against double in the tests). */
#include "tex/tex_format.h"

#include <string.h>

#include "spagm/explain.h"

#define ONE_FLOAT 0x3F800000u
#define ONE_INT 0x00000001u

/* ---- Which formats and data types -------------------------------------- */

typedef struct format_row {
  uint8_t components;
  uint8_t kind;
  uint8_t bytes;
  uint8_t ncomp;
  uint8_t types; /* bit t set: data type t allowed for every component */
} format_row;

#define T(t) (1u << SPAGM_TEXDT_##t)
#define TYPES_32 (T(FLOAT) | T(SINT) | T(UINT))
#define TYPES_16 (T(FLOAT) | T(UNORM) | T(SNORM) | T(SINT) | T(UINT))
#define TYPES_8 (T(UNORM) | T(SNORM) | T(SINT) | T(UINT))

/* The supported subset of clb197tex COMPONENTS (docs/texture-layout.md). */
static const format_row formats[] = {
    {SPAGM_TEXFMT_R32_G32_B32_A32, SPAGM_TEXK_32, 16, 4, TYPES_32},
    {SPAGM_TEXFMT_R32_G32_B32, SPAGM_TEXK_32, 12, 3, TYPES_32},
    {SPAGM_TEXFMT_R32_G32, SPAGM_TEXK_32, 8, 2, TYPES_32},
    {SPAGM_TEXFMT_R32, SPAGM_TEXK_32, 4, 1, TYPES_32},
    {SPAGM_TEXFMT_R16_G16_B16_A16, SPAGM_TEXK_16, 8, 4, TYPES_16},
    {SPAGM_TEXFMT_R16_G16, SPAGM_TEXK_16, 4, 2, TYPES_16},
    {SPAGM_TEXFMT_R16, SPAGM_TEXK_16, 2, 1, TYPES_16},
    {SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXK_8, 4, 4, TYPES_8},
    {SPAGM_TEXFMT_G8R8, SPAGM_TEXK_8, 2, 2, TYPES_8},
    {SPAGM_TEXFMT_R8, SPAGM_TEXK_8, 1, 1, TYPES_8},
    {SPAGM_TEXFMT_A2B10G10R10, SPAGM_TEXK_A2B10G10R10, 4, 4, T(UNORM) | T(UINT)},
    {SPAGM_TEXFMT_B5G6R5, SPAGM_TEXK_B5G6R5, 2, 3, T(UNORM)},
    {SPAGM_TEXFMT_BF10GF11RF11, SPAGM_TEXK_BF10GF11RF11, 4, 3, T(FLOAT)},
    {SPAGM_TEXFMT_E5B9G9R9_SHAREDEXP, SPAGM_TEXK_E5B9G9R9, 4, 3, T(FLOAT)},
};

static const format_row *find_format(unsigned components) {
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
    if (formats[i].components == components) return &formats[i];
  return NULL;
}

unsigned spagm_tex_texel_bytes(unsigned components) {
  const format_row *r = find_format(components);
  return r ? r->bytes : 0u;
}

static bool is_int_type(unsigned t) {
  return t == SPAGM_TEXDT_SINT || t == SPAGM_TEXDT_UINT;
}

spagm_tex_unsupported spagm__tex_format_init(spagm_tex_format *f,
                                             const spagm_tic *t) {
  memset(f, 0, sizeof *f);
  const format_row *r = find_format(t->components);
  if (!r) return SPAGM_TEXU_COMPONENTS;
  f->kind = r->kind;
  f->bytes = r->bytes;
  f->ncomp = r->ncomp;
  for (unsigned c = 0; c < r->ncomp; c++) {
    unsigned type = t->data_type[c];
    if (type > 7 || !(r->types >> type & 1u)) return SPAGM_TEXU_DATA_TYPE;
    f->type[c] = (uint8_t)type;
    if (is_int_type(type)) f->integer = true;
  }
  if (t->srgb) {
    /* sRGB decodes 8-bit UNORM colour; alpha stays linear (R21, N68). */
    if (r->kind != SPAGM_TEXK_8) return SPAGM_TEXU_SRGB;
    for (unsigned c = 0; c < r->ncomp && c < 3; c++)
      if (f->type[c] != SPAGM_TEXDT_UNORM) return SPAGM_TEXU_SRGB;
    f->srgb = true;
  }
  for (unsigned i = 0; i < 4; i++) {
    if (t->source[i] == 1 || t->source[i] > 7) return SPAGM_TEXU_SOURCE;
    f->source[i] = (uint8_t)t->source[i];
  }
  if (r->kind == SPAGM_TEXK_8)
    for (unsigned c = 0; c < r->ncomp; c++)
      f->table8[c] = f->srgb && c < 3                     ? spagm__tex_srgb8_to_fp32
                     : f->type[c] == SPAGM_TEXDT_UNORM ? spagm__tex_unorm8_to_fp32
                     : f->type[c] == SPAGM_TEXDT_SNORM ? spagm__tex_snorm8_to_fp32
                                                       : NULL;
  /* N67: a format without alpha reads alpha 1, integer when its R is. */
  f->missing_a = is_int_type(f->type[0]) ? ONE_INT : ONE_FLOAT;
  for (unsigned i = 0; i < 4; i++) f->comp_type[i] = (uint8_t)spagm__tex_component_type(f, i);
  return SPAGM_TEXU_NONE;
}

/* ---- Component conversions (R21) ---------------------------------------- */

static uint32_t f32_bits(float x) {
  uint32_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

static uint32_t unorm(uint32_t c, unsigned bits) {
  return f32_bits((float)c / (float)((1u << bits) - 1u));
}

static uint32_t snorm(uint32_t c, unsigned bits) {
  int32_t s = (int32_t)(c << (32 - bits)) >> (32 - bits);
  int32_t max = (int32_t)(1u << (bits - 1)) - 1;
  if (s < -max) return 0xBF800000u; /* -2^(b-1) clamps to -1.0 */
  return f32_bits((float)s / (float)max);
}

/* A component of `bits` bits (8, 16 or 32) with data type `type`. */
static uint32_t convert(uint32_t c, unsigned bits, unsigned type) {
  switch (type) {
    case SPAGM_TEXDT_UNORM: return unorm(c, bits);
    case SPAGM_TEXDT_SNORM: return snorm(c, bits);
    case SPAGM_TEXDT_SINT:
      return bits == 32 ? c : (uint32_t)((int32_t)(c << (32 - bits)) >> (32 - bits));
    case SPAGM_TEXDT_UINT: return c;
    default: /* FLOAT: format_init admits it for 16 and 32 bits only */
      return bits == 16 ? spagm_fp32_from_fp16((uint16_t)c) : c;
  }
}

static uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

static uint32_t le16(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

/* BF10GF11RF11: R [10:0] and G [21:11] are 5e6m, B [31:22] is 5e5m, all
 * unsigned (clb197tex component order lists the high field first). */
static void decode_r11g11b10(uint32_t w, uint32_t rgb[3]) {
  rgb[0] = spagm__fp32_from_ufloat5(w >> 6 & 0x1Fu, w & 0x3Fu, 6);
  rgb[1] = spagm__fp32_from_ufloat5(w >> 17 & 0x1Fu, w >> 11 & 0x3Fu, 6);
  rgb[2] = spagm__fp32_from_ufloat5(w >> 27 & 0x1Fu, w >> 22 & 0x1Fu, 5);
}

/* E5B9G9R9: mantissas R [8:0], G [17:9], B [26:18] share the exponent
 * E [31:27] (bias 15, no implicit bit): value = m * 2^(E - 15 - 9). */
static void decode_rgb9e5(uint32_t w, uint32_t rgb[3]) {
  /* 2^(E - 24) is an fp32 normal for E = 0..31 and m has 9 bits, so the
   * product m * 2^(E - 24) is exact: no rounding, same bits on any host. */
  float scale;
  uint32_t scale_bits = (uint32_t)((int)(w >> 27) - 24 + 127) << 23;
  memcpy(&scale, &scale_bits, sizeof scale);
  for (unsigned c = 0; c < 3; c++)
    rgb[c] = f32_bits((float)(w >> (9 * c) & 0x1FFu) * scale);
}

void spagm__tex_format_decode(const spagm_tex_format *f, const uint8_t *bytes,
                              uint32_t out[4]) {
  /* Every value a swizzle source selects, by source (DESIGN §7.5): 0 for
   * ZERO (and the reserved 1, which the format refuses), then R, G, B, A,
   * ONE_INT and ONE_FLOAT. R21: missing components are G = B = 0 and
   * alpha = 1 before the swizzle (N67). */
  uint32_t by_source[8] = {0, 0, 0, 0, 0, f->missing_a, ONE_INT, ONE_FLOAT};
  uint32_t *rgba = by_source + SPAGM_TEXSRC_R;
  switch (f->kind) {
    case SPAGM_TEXK_32:
      for (unsigned c = 0; c < f->ncomp; c++)
        rgba[c] = convert(le32(bytes + 4 * c), 32, f->type[c]);
      break;
    case SPAGM_TEXK_16:
      for (unsigned c = 0; c < f->ncomp; c++)
        rgba[c] = convert(le16(bytes + 2 * c), 16, f->type[c]);
      break;
    case SPAGM_TEXK_8:
      /* A8B8G8R8: R is the low byte, so components are in byte order. */
      for (unsigned c = 0; c < f->ncomp; c++)
        rgba[c] = f->table8[c] ? f->table8[c][bytes[c]]
                               : convert(bytes[c], 8, f->type[c]);
      break;
    case SPAGM_TEXK_A2B10G10R10: {
      uint32_t w = le32(bytes);
      static const uint8_t shift[4] = {0, 10, 20, 30}, width[4] = {10, 10, 10, 2};
      for (unsigned c = 0; c < 4; c++) {
        uint32_t v = w >> shift[c] & ((1u << width[c]) - 1u);
        rgba[c] = f->type[c] == SPAGM_TEXDT_UNORM ? unorm(v, width[c]) : v;
      }
      break;
    }
    case SPAGM_TEXK_B5G6R5: {
      uint32_t w = le16(bytes); /* R [4:0], G [10:5], B [15:11] */
      rgba[0] = unorm(w & 0x1Fu, 5);
      rgba[1] = unorm(w >> 5 & 0x3Fu, 6);
      rgba[2] = unorm(w >> 11 & 0x1Fu, 5);
      break;
    }
    case SPAGM_TEXK_BF10GF11RF11: decode_r11g11b10(le32(bytes), rgba); break;
    case SPAGM_TEXK_E5B9G9R9: decode_rgb9e5(le32(bytes), rgba); break;
    default: break;
  }
  /* The header's X/Y/Z/W sources (DESIGN §7.5); each is at most 7
   * (spagm__tex_format_init refuses the others). */
  for (unsigned i = 0; i < 4; i++) out[i] = by_source[f->source[i] & 7u];
}

static unsigned number_type(unsigned data_type) {
  return data_type == SPAGM_TEXDT_SINT   ? SPAGM_VALUE_TYPE_SINT
         : data_type == SPAGM_TEXDT_UINT ? SPAGM_VALUE_TYPE_UINT
                                         : SPAGM_VALUE_TYPE_FLOAT;
}

unsigned spagm__tex_component_type(const spagm_tex_format *f, unsigned comp) {
  unsigned s = comp < 4 ? f->source[comp] : SPAGM_TEXSRC_ZERO;
  if (s == SPAGM_TEXSRC_ONE_FLOAT) return SPAGM_VALUE_TYPE_FLOAT;
  if (s == SPAGM_TEXSRC_ONE_INT)
    return f->type[0] == SPAGM_TEXDT_SINT ? SPAGM_VALUE_TYPE_SINT : SPAGM_VALUE_TYPE_UINT;
  if (s >= SPAGM_TEXSRC_R && s <= SPAGM_TEXSRC_A && s - SPAGM_TEXSRC_R < f->ncomp)
    return number_type(f->type[s - SPAGM_TEXSRC_R]);
  return number_type(f->type[0]); /* 0 or a missing component */
}

spagm_status spagm_tex_convert_texel(const spagm_tic *t, const uint8_t *bytes,
                                     uint32_t out[4]) {
  if (!t || !bytes || !out) return SPAGM_E_ARG;
  spagm_tex_format f;
  if (spagm__tex_format_init(&f, t) != SPAGM_TEXU_NONE) return SPAGM_E_ARG;
  spagm__tex_format_decode(&f, bytes, out);
  return SPAGM_OK;
}
