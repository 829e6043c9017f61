// SPDX-License-Identifier: Apache-2.0
/* Texture-unit stimulus: per-epoch texture state (header pool, headers of
 * every supported format, type and layout, texel memory, constant bank,
 * FP16 rounding) and TLDS requests over every legal-table row and
 * write-mask table, coordinates in and around range. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stim_internal.h"
#include "tex/tex_layout.h" /* spagm__tex_writer (model/src) */

/* Formats with the data types each may carry (R21, tex.h). */
typedef struct fmt_choice {
  unsigned components;
  unsigned types[5]; /* 0-terminated */
} fmt_choice;

static const fmt_choice formats[] = {
    {SPAGM_TEXFMT_R32_G32_B32_A32, {SPAGM_TEXDT_FLOAT, SPAGM_TEXDT_UINT, SPAGM_TEXDT_SINT, 0}},
    {SPAGM_TEXFMT_R32_G32_B32, {SPAGM_TEXDT_FLOAT, SPAGM_TEXDT_UINT, SPAGM_TEXDT_SINT, 0}},
    {SPAGM_TEXFMT_R32_G32, {SPAGM_TEXDT_FLOAT, SPAGM_TEXDT_UINT, SPAGM_TEXDT_SINT, 0}},
    {SPAGM_TEXFMT_R32, {SPAGM_TEXDT_FLOAT, SPAGM_TEXDT_UINT, SPAGM_TEXDT_SINT, 0}},
    {SPAGM_TEXFMT_R16_G16_B16_A16,
     {SPAGM_TEXDT_FLOAT, SPAGM_TEXDT_UNORM, SPAGM_TEXDT_SNORM, SPAGM_TEXDT_UINT, SPAGM_TEXDT_SINT}},
    {SPAGM_TEXFMT_R16_G16,
     {SPAGM_TEXDT_FLOAT, SPAGM_TEXDT_UNORM, SPAGM_TEXDT_SNORM, SPAGM_TEXDT_UINT, SPAGM_TEXDT_SINT}},
    {SPAGM_TEXFMT_R16,
     {SPAGM_TEXDT_FLOAT, SPAGM_TEXDT_UNORM, SPAGM_TEXDT_SNORM, SPAGM_TEXDT_UINT, SPAGM_TEXDT_SINT}},
    {SPAGM_TEXFMT_A8B8G8R8, {SPAGM_TEXDT_UNORM, SPAGM_TEXDT_SNORM, SPAGM_TEXDT_UINT, SPAGM_TEXDT_SINT, 0}},
    {SPAGM_TEXFMT_G8R8, {SPAGM_TEXDT_UNORM, SPAGM_TEXDT_SNORM, SPAGM_TEXDT_UINT, SPAGM_TEXDT_SINT, 0}},
    {SPAGM_TEXFMT_R8, {SPAGM_TEXDT_UNORM, SPAGM_TEXDT_SNORM, SPAGM_TEXDT_UINT, SPAGM_TEXDT_SINT, 0}},
    {SPAGM_TEXFMT_A2B10G10R10, {SPAGM_TEXDT_UNORM, SPAGM_TEXDT_UINT, 0}},
    {SPAGM_TEXFMT_B5G6R5, {SPAGM_TEXDT_UNORM, 0}},
    {SPAGM_TEXFMT_BF10GF11RF11, {SPAGM_TEXDT_FLOAT, 0}},
    {SPAGM_TEXFMT_E5B9G9R9_SHAREDEXP, {SPAGM_TEXDT_FLOAT, 0}},
};
#define NFORMATS (sizeof formats / sizeof formats[0])

static unsigned log2_floor(uint32_t x) {
  unsigned l = 0;
  while (x >>= 1) l++;
  return l;
}

/* N70: a pitch texture of any type is one 2D image; 1D and 3D ones are
 * rarer in use than 2D ones, but legal (N243). */
static unsigned random_layout(spagm_rng *r, unsigned type) {
  bool twod = type == SPAGM_TEXTYPE_2D || type == SPAGM_TEXTYPE_2D_NO_MIPMAP;
  bool pitchable = twod || type == SPAGM_TEXTYPE_1D || type == SPAGM_TEXTYPE_3D;
  return pitchable && spagm_rng_pct(r, twod ? 25 : 15) ? SPAGM_TEXLAYOUT_PITCH
                                                       : SPAGM_TEXLAYOUT_BLOCKLINEAR;
}

/* GOBs per block (log2) of a block-linear texture: 0..3, or at the
 * header corner 6..7, outside the modelled subset (N62: don't-care). */
static unsigned block_height(const stim_corners *cn, spagm_rng *r, unsigned layout) {
  unsigned l = spagm_rng_below(r, 4);
  if (layout == SPAGM_TEXLAYOUT_BLOCKLINEAR && spagm__stim_corner(cn, r, TC_HDR_UNSUPPORTED, 1) == 0)
    l = 6 + spagm_rng_below(r, 2);
  return l;
}

/* A random texture of a supported kind, placed at *next (advanced). */
static void random_tic(const stim_corners *cn, spagm_rng *r, spagm_tic *t, uint64_t *next) {
  spagm_tic_init(t);
  /* A8B8G8R8 is the most common format in real use: a quarter of all. */
  const fmt_choice *f = spagm_rng_pct(r, 25) ? &formats[7] : &formats[spagm_rng_below(r, NFORMATS)];
  unsigned ntypes = 0;
  while (ntypes < 5 && f->types[ntypes]) ntypes++;
  unsigned dt = f->types[spagm_rng_below(r, ntypes)];
  t->components = f->components;
  for (unsigned c = 0; c < 4; c++) t->data_type[c] = dt;
  t->srgb = f->components == SPAGM_TEXFMT_A8B8G8R8 && dt == SPAGM_TEXDT_UNORM &&
            spagm_rng_pct(r, 50);
  static const unsigned identity[4] = {SPAGM_TEXSRC_R, SPAGM_TEXSRC_G, SPAGM_TEXSRC_B,
                                       SPAGM_TEXSRC_A};
  static const unsigned sources[] = {SPAGM_TEXSRC_ZERO, SPAGM_TEXSRC_R, SPAGM_TEXSRC_G,
                                     SPAGM_TEXSRC_B,    SPAGM_TEXSRC_A, SPAGM_TEXSRC_ONE_INT,
                                     SPAGM_TEXSRC_ONE_FLOAT};
  for (unsigned c = 0; c < 4; c++)
    t->source[c] = spagm_rng_pct(r, 70) ? identity[c] : sources[spagm_rng_below(r, 7)];
  /* Types: mostly the ones TLDS reads, a few it never matches (R18). */
  static const unsigned types[] = {SPAGM_TEXTYPE_1D,       SPAGM_TEXTYPE_2D,
                                   SPAGM_TEXTYPE_2D,       SPAGM_TEXTYPE_3D,
                                   SPAGM_TEXTYPE_1D_ARRAY, SPAGM_TEXTYPE_2D_ARRAY,
                                   SPAGM_TEXTYPE_2D_NO_MIPMAP, SPAGM_TEXTYPE_CUBE,
                                   SPAGM_TEXTYPE_1D_BUFFER};
  t->type = types[spagm_rng_below(r, spagm_rng_pct(r, 92) ? 7 : 9)];
  bool twod = t->type == SPAGM_TEXTYPE_2D || t->type == SPAGM_TEXTYPE_2D_NO_MIPMAP;
  t->layout = random_layout(r, t->type);
  t->width = 1 + spagm_rng_below(r, 40);
  bool oned = t->type == SPAGM_TEXTYPE_1D || t->type == SPAGM_TEXTYPE_1D_ARRAY ||
              t->type == SPAGM_TEXTYPE_1D_BUFFER;
  t->height = oned ? 1 : 1 + spagm_rng_below(r, 24);
  bool deep = t->type == SPAGM_TEXTYPE_3D || t->type == SPAGM_TEXTYPE_1D_ARRAY ||
              t->type == SPAGM_TEXTYPE_2D_ARRAY;
  t->depth = deep ? 1 + spagm_rng_below(r, 5) : 1;
  unsigned levels_max = log2_floor(t->width > t->height ? t->width : t->height);
  if (t->type == SPAGM_TEXTYPE_3D && log2_floor(t->depth) > levels_max)
    levels_max = log2_floor(t->depth);
  bool mips = t->layout == SPAGM_TEXLAYOUT_BLOCKLINEAR && t->type != SPAGM_TEXTYPE_2D_NO_MIPMAP;
  t->max_mip_level = mips ? spagm_rng_below(r, levels_max + 1) : 0;
  t->view_min_level = spagm_rng_pct(r, 75) ? 0 : spagm_rng_below(r, t->max_mip_level + 1);
  t->view_max_level = t->view_min_level +
                      spagm_rng_below(r, t->max_mip_level - t->view_min_level + 1);
  t->block_height_log2 = block_height(cn, r, t->layout);
  t->block_depth_log2 = t->type == SPAGM_TEXTYPE_3D ? spagm_rng_below(r, 2) : 0;
  if (twod && t->layout == SPAGM_TEXLAYOUT_BLOCKLINEAR && spagm_rng_pct(r, 20)) {
    static const unsigned ms[] = {SPAGM_TEXMS_2X1, SPAGM_TEXMS_2X2, SPAGM_TEXMS_4X2,
                                  SPAGM_TEXMS_4X4};
    t->msaa = ms[spagm_rng_below(r, 4)];
    t->max_mip_level = t->view_min_level = t->view_max_level = 0;
  }
  unsigned bytes = spagm_tex_texel_bytes(t->components);
  if (t->layout == SPAGM_TEXLAYOUT_PITCH) {
    uint32_t row = t->width * bytes;
    t->pitch = (row + 31u + 32u * spagm_rng_below(r, 3)) & ~31u;
    t->address = (*next + 31u) & ~(uint64_t)31u;
  } else {
    t->address = (*next + 511u) & ~(uint64_t)511u;
  }
}

/* Components a format stores (R21; the formats of `formats`). */
static unsigned format_components(unsigned components) {
  switch (components) {
    case SPAGM_TEXFMT_R32: case SPAGM_TEXFMT_R16: case SPAGM_TEXFMT_R8: return 1;
    case SPAGM_TEXFMT_R32_G32: case SPAGM_TEXFMT_R16_G16: case SPAGM_TEXFMT_G8R8: return 2;
    case SPAGM_TEXFMT_R32_G32_B32: case SPAGM_TEXFMT_B5G6R5: case SPAGM_TEXFMT_BF10GF11RF11:
    case SPAGM_TEXFMT_E5B9G9R9_SHAREDEXP: return 3;
    default: return 4;
  }
}

/* The largest size 2^max_log2 a third of the time (its top bit is the
 * field's), else 2^l - 1, 2^l or 2^l + 1 for l in 8..max_log2, at most
 * 2^max_log2. */
static uint32_t long_size(spagm_rng *k, unsigned max_log2) {
  uint32_t n = 1u << (8 + spagm_rng_below(k, max_log2 - 7));
  switch (spagm_rng_below(k, 4)) {
    case 0: return n - 1;
    case 1: return n;
    case 2: return n < 1u << max_log2 ? n + 1 : n;
    default: return 1u << max_log2;
  }
}

/* N517 (stimulus 14): a long block-linear texture, one dimension 2^8 - 1
 * .. 65536 texels (16384 slices or layers) and every level down to 1x1
 * (at most 16), so sizes and coordinates use their top bits and the level
 * sequencer its last levels; fill_texture stores only the texels near the
 * ends of such a dimension. */
static bool long_texture(const stim_corners *cn, spagm_rng *k, spagm_tic *t) {
  bool drawn = spagm__stim_corner(cn, k, TC_LONG_TEXTURE, 1) == 0;
  unsigned which = spagm_rng_below(k, 6);
  uint32_t wide = long_size(k, 16), deep = long_size(k, 14);
  uint32_t short_w = 1 + spagm_rng_below(k, 4), short_h = 1 + spagm_rng_below(k, 4);
  uint32_t below_last = spagm_rng_u32(k);
  bool oned = t->type == SPAGM_TEXTYPE_1D || t->type == SPAGM_TEXTYPE_1D_ARRAY;
  bool twod = t->type == SPAGM_TEXTYPE_2D || t->type == SPAGM_TEXTYPE_2D_NO_MIPMAP ||
              t->type == SPAGM_TEXTYPE_2D_ARRAY;
  bool three = t->type == SPAGM_TEXTYPE_3D;
  bool layered = t->type == SPAGM_TEXTYPE_1D_ARRAY || t->type == SPAGM_TEXTYPE_2D_ARRAY;
  if (!drawn || t->layout != SPAGM_TEXLAYOUT_BLOCKLINEAR || t->msaa != SPAGM_TEXMS_1X1 ||
      !(oned || twod || three))
    return false;
  /* The dimensions this type reads: width, height (2D, 3D), depth (3D
   * slices or array layers). */
  unsigned dims[3], n = 0;
  dims[n++] = 0;
  if (twod || three) dims[n++] = 1;
  if (three || layered) dims[n++] = 2;
  /* The other dimensions 1..4, so the texels stored stay few. */
  t->width = short_w;
  if (twod || three) t->height = short_h;
  if (three || layered) t->depth = 1 + short_w % 3;
  switch (dims[which % n]) {
    case 0: t->width = wide; break;
    case 1: t->height = wide; break;
    default: t->depth = deep; break;
  }
  uint32_t big = t->width > t->height ? t->width : t->height;
  if (three && t->depth > big) big = t->depth;
  unsigned levels_max = log2_floor(big);
  t->max_mip_level = t->type == SPAGM_TEXTYPE_2D_NO_MIPMAP ? 0 : levels_max < 15 ? levels_max : 15;
  /* The view from level 0 to the last level or up to half the levels
   * below it, so a view maximum of 8 or more lies below the last level. */
  t->view_min_level = 0;
  t->view_max_level = t->max_mip_level - below_last % (t->max_mip_level / 2 + 1);
  return true;
}

/* N516 (stimulus 14): the header corners that change where texels are
 * (drawn before the texture is filled): a block-linear texture's blocks at
 * the subset's limit of 2^5 GOBs (N62: 2^6 and more are outside it), and
 * a view whose maximum level lies past the levels stored (N69: those
 * levels do not exist). From k, the stream of stimulus 14, so the other
 * draws of the header are stimulus 12's. */
static uint32_t header_shape_corners(const stim_corners *cn, spagm_rng *k, spagm_tic *t) {
  uint32_t applied = long_texture(cn, k, t) ? 1u << SPAGM_STIM_TEX_LONG : 0;
  bool block = spagm__stim_corner(cn, k, TC_HDR_BLOCK_LIMIT, 1) == 0;
  unsigned height = 4 + spagm_rng_below(k, 2), depth = 2 + spagm_rng_below(k, 4);
  if (block && t->layout == SPAGM_TEXLAYOUT_BLOCKLINEAR && t->block_height_log2 <= 3) {
    t->block_height_log2 = height;
    if (t->type == SPAGM_TEXTYPE_3D) t->block_depth_log2 = depth;
    applied |= 1u << SPAGM_STIM_TEX_BLOCK_SHAPE;
  }
  bool past = spagm__stim_corner(cn, k, TC_HDR_VIEW_PAST_LEVELS, 1) == 0;
  unsigned above = spagm_rng_below(k, 15);
  if (past && t->max_mip_level < 15) {
    t->view_max_level = t->max_mip_level + 1 + above % (15 - t->max_mip_level);
    applied |= 1u << SPAGM_STIM_TEX_VIEW_PAST;
  }
  return applied;
}

/* Bits of the header no field uses (DESIGN §7.5, docs/texture-layout.md
 * §2): [36:31], [84:80], [95:88], [123:112], [149:144], [159:155],
 * [223:190], [255:236]; a block-linear header also leaves the pitch
 * address's [40:37] and the pitch's [98:96] and [111:105]. */
static bool unused_header_bit(unsigned b, bool pitch) {
  static const uint8_t spans[][2] = {{31, 36},   {80, 84},   {88, 95},   {112, 123},
                                     {144, 149}, {155, 159}, {190, 223}, {236, 255}};
  static const uint8_t block_spans[][2] = {{37, 40}, {96, 98}, {105, 111}};
  for (size_t i = 0; i < sizeof spans / sizeof spans[0]; i++)
    if (b >= spans[i][0] && b <= spans[i][1]) return true;
  if (!pitch)
    for (size_t i = 0; i < sizeof block_spans / sizeof block_spans[0]; i++)
      if (b >= block_spans[i][0] && b <= block_spans[i][1]) return true;
  return false;
}

/* N516 (stimulus 14): the header corners that leave every texel where it
 * is, applied to the header TLDS reads (*seen), not to the one the texture
 * is filled by: the fields the texture's type or layout ignores set at
 * random (N65: HEIGHT of a 1D type, DEPTH of a type without slices or
 * layers; N70: MAX_MIP_LEVEL, DEPTH and MULTI_SAMPLE_COUNT of a pitch
 * texture; N69: MAX_MIP_LEVEL of 2D_NO_MIPMAP); the data types of the
 * components the format lacks any value, and an 8-bit UNORM colour format
 * with sRGB and its alpha of any 8-bit type (N67, N68); the bits no field
 * uses at random (noise, XORed into the encoded header; all zero when
 * not drawn). */
static uint32_t header_seen_corners(const stim_corners *cn, spagm_rng *k, spagm_tic *seen,
                                    uint8_t noise[32]) {
  uint32_t applied = 0;
  bool ignored = spagm__stim_corner(cn, k, TC_HDR_IGNORED_FIELDS, 1) == 0;
  uint32_t h = spagm_rng_below(k, 65536), d = spagm_rng_below(k, 16384);
  unsigned mip = spagm_rng_below(k, 16), ms = spagm_rng_below(k, 11);
  if (ignored) {
    unsigned ty = seen->type;
    bool pitch = seen->layout == SPAGM_TEXLAYOUT_PITCH;
    if (ty == SPAGM_TEXTYPE_1D || ty == SPAGM_TEXTYPE_1D_ARRAY || ty == SPAGM_TEXTYPE_1D_BUFFER)
      seen->height = 1 + h;
    if (pitch || !(ty == SPAGM_TEXTYPE_3D || ty == SPAGM_TEXTYPE_1D_ARRAY ||
                   ty == SPAGM_TEXTYPE_2D_ARRAY))
      seen->depth = 1 + d;
    if (pitch || ty == SPAGM_TEXTYPE_2D_NO_MIPMAP) seen->max_mip_level = mip;
    if (pitch) seen->msaa = ms < 7 ? ms : ms + 1; /* the modes of N64, 7 is reserved */
    bool oned = ty == SPAGM_TEXTYPE_1D || ty == SPAGM_TEXTYPE_1D_ARRAY || ty == SPAGM_TEXTYPE_1D_BUFFER;
    bool sliced = ty == SPAGM_TEXTYPE_3D || ty == SPAGM_TEXTYPE_1D_ARRAY || ty == SPAGM_TEXTYPE_2D_ARRAY;
    if (oned || pitch || !sliced || ty == SPAGM_TEXTYPE_2D_NO_MIPMAP)
      applied |= 1u << SPAGM_STIM_TEX_IGNORED_FIELDS;
  }
  bool types = spagm__stim_corner(cn, k, TC_HDR_TYPES, 1) == 0;
  unsigned n = format_components(seen->components), any[4], alpha = spagm_rng_below(k, 4);
  for (unsigned c = 0; c < 4; c++) any[c] = spagm_rng_below(k, 8);
  if (types) {
    if (n < 4) applied |= 1u << SPAGM_STIM_TEX_DATA_TYPES;
    for (unsigned c = n; c < 4; c++) seen->data_type[c] = any[c];
    bool colour8 = seen->components == SPAGM_TEXFMT_A8B8G8R8 ||
                   seen->components == SPAGM_TEXFMT_G8R8 || seen->components == SPAGM_TEXFMT_R8;
    if (colour8 && seen->data_type[0] == SPAGM_TEXDT_UNORM) {
      static const unsigned types8[4] = {SPAGM_TEXDT_UNORM, SPAGM_TEXDT_SNORM, SPAGM_TEXDT_UINT,
                                         SPAGM_TEXDT_SINT};
      seen->srgb = true;
      if (n == 4) seen->data_type[3] = types8[alpha];
      applied |= 1u << SPAGM_STIM_TEX_DATA_TYPES;
    }
  }
  bool bits = spagm__stim_corner(cn, k, TC_HDR_UNUSED_BITS, 1) == 0;
  for (unsigned i = 0; i < 32; i++) {
    uint8_t b = (uint8_t)spagm_rng_u32(k);
    noise[i] = 0;
    for (unsigned j = 0; j < 8; j++)
      if (bits && unused_header_bit(8 * i + j, seen->layout == SPAGM_TEXLAYOUT_PITCH))
        noise[i] |= (uint8_t)(b & (1u << j));
  }
  return bits ? applied | 1u << SPAGM_STIM_TEX_UNUSED_BITS : applied;
}

/* N495 (stimulus 12): the FP32 word of conversion corner c
 * (spagm_stim_f16_corner), either sign, its free bits from k. FP16 keeps 10
 * of FP32's 23 fraction bits in the normal range (exponents 113..142); a
 * subnormal result of exponent e (103..112) keeps 126 - e fewer, so its
 * tie is the bit below the kept ones. */
static uint32_t f16_corner_word(spagm_rng *k, unsigned c) {
  uint32_t bits = spagm_rng_u32(k), more = spagm_rng_u32(k);
  uint32_t sign = bits & 0x80000000u;
  uint32_t normal = (113u + spagm_rng_below(k, 30)) << 23 | (bits & 0x3FFu) << 13;
  switch (c) {
    case SPAGM_STIM_F16_INF: return sign | 0x7F800000u;
    case SPAGM_STIM_F16_QUIET_NAN: return sign | 0x7FC00000u | (more & 0x3FFFFFu);
    case SPAGM_STIM_F16_SIGNALLING_NAN: /* a payload bit among the kept ones */
      return sign | 0x7F800000u | (more & 0x3FE000u ? more & 0x3FFFFFu : 0x200000u);
    case SPAGM_STIM_F16_NAN_LOW_PAYLOAD: return sign | 0x7F800000u | (1u + (more & 0xFFEu));
    case SPAGM_STIM_F16_BELOW_TIE: return sign | normal | 0x0FFFu;
    case SPAGM_STIM_F16_ABOVE_TIE: return sign | normal | 0x1001u;
    case SPAGM_STIM_F16_BELOW_MAX_TIE: return sign | 0x477FEFFFu;
    case SPAGM_STIM_F16_ABOVE_MAX_TIE: return sign | 0x477FF001u;
    case SPAGM_STIM_F16_OVERFLOW: return sign | (143u + spagm_rng_below(k, 112)) << 23 | (more & 0x7FFFFFu);
    case SPAGM_STIM_F16_SUBNORMAL_TIE: {
      uint32_t e = 103u + spagm_rng_below(k, 10), shift = 126u - e;
      return sign | e << 23 | (more & 0x7FFFFFu & ~((1u << shift) - 1u)) | 1u << (shift - 1u);
    }
    case SPAGM_STIM_F16_MIN_NORMAL_TIE: return sign | 0x387FE000u;
    case SPAGM_STIM_F16_MIN_SUBNORMAL: return sign | 0x33800000u;
    case SPAGM_STIM_F16_HALF_MIN_SUBNORMAL: return sign | 0x33000000u;
    case SPAGM_STIM_F16_ABOVE_HALF_MIN_SUBNORMAL: return sign | 0x33000001u;
    case SPAGM_STIM_F16_UNDERFLOW: { /* exponent 0 is an fp32 denormal */
      uint32_t w = spagm_rng_below(k, 102) << 23 | (more & 0x7FFFFFu);
      return sign | (w ? w : 1u);
    }
    default: return sign; /* SPAGM_STIM_F16_ZERO */
  }
}

/* An FP32 word at an FP16 rounding corner (R22; docs/stimulus.md), or a
 * random word. FP16 keeps 10 of FP32's 23 fraction bits: a tie has the 13
 * dropped bits 0x1000; its parity is the lowest kept bit. The conversion
 * corners of stimulus 12 come from k, drawn after r's draws, so a word that
 * draws none is stimulus 11's; one that draws one sets its bit in
 * *corners. */
static uint32_t f16_input(const stim_corners *cn, spagm_rng *r, spagm_rng *k,
                          uint32_t *corners) {
  uint32_t bits = spagm_rng_u32(r);
  uint32_t sign = bits & 0x80000000u;
  uint32_t exp = 113u + spagm_rng_below(r, 30); /* FP16 normal exponents */
  uint32_t frac = (bits & 0x7FEu) << 13;          /* 10 kept bits, low one 0 */
  uint32_t pick = spagm_rng_below(r, 1000);
  unsigned c = spagm__stim_corner(cn, k, TC_F16_CONV_FIRST, SPAGM_STIM_F16_CORNERS);
  if (c < SPAGM_STIM_F16_CORNERS) {
    *corners |= 1u << c;
    return f16_corner_word(k, c);
  }
  switch (spagm__stim_corner_at(cn, pick, TC_F16_TIE_EVEN, 6)) {
    case 0: return sign | exp << 23 | frac | 0x1000u;
    case 1: return sign | exp << 23 | frac | 0x2000u | 0x1000u;
    case 2: return sign | 0x477FE000u;
    case 3: return sign | 0x477FF000u;
    case 4: return sign | 0x38800000u;
    case 5: return sign | 0x387FC000u;
    default: return bits;
  }
}

/* Remember a texel holding conversion corners (N495), by its first byte's
 * address; the list is sorted when the epoch's textures are filled. Out of
 * memory, the texel goes unrecorded (the list feeds coverage only). */
static void note_f16_texel(spagm_stim *s, uint64_t address, uint32_t corners) {
  if (s->n_f16_texels == s->cap_f16_texels) {
    size_t cap = s->cap_f16_texels ? 2 * s->cap_f16_texels : 1024;
    stim_f16_texel *p = realloc(s->f16_texels, cap * sizeof *p);
    if (!p) return;
    s->f16_texels = p;
    s->cap_f16_texels = cap;
  }
  s->f16_texels[s->n_f16_texels].address = address;
  s->f16_texels[s->n_f16_texels++].corners = corners;
}

static int by_address(const void *a, const void *b) {
  uint64_t x = ((const stim_f16_texel *)a)->address, y = ((const stim_f16_texel *)b)->address;
  return (x > y) - (x < y);
}

uint32_t spagm_stim_tex_corners_at(const spagm_stim *s, uint32_t header) {
  if (!s || !s->in_epoch) return 0;
  /* A large pool's last header is a copy of header 0 (N550). */
  if (header == s->tex.limit && s->tex.limit != s->tex.max_index) header = 0;
  if (header >= STIM_TEX_HEADERS) return 0;
  return s->tex.corners[header];
}

uint32_t spagm_stim_f16_corners_at(const spagm_stim *s, uint64_t address) {
  if (!s || !s->in_epoch) return 0;
  size_t lo = 0, hi = s->n_f16_texels;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    uint64_t a = s->f16_texels[mid].address;
    if (a == address) return s->f16_texels[mid].corners;
    if (a < address) lo = mid + 1;
    else hi = mid;
  }
  return 0;
}

/* Whether a texture's components are FP32 words (what .F16 rounds). */
static bool fp32_texels(const spagm_tic *t) {
  bool wide = t->components == SPAGM_TEXFMT_R32_G32_B32_A32 ||
              t->components == SPAGM_TEXFMT_R32_G32_B32 ||
              t->components == SPAGM_TEXFMT_R32_G32 || t->components == SPAGM_TEXFMT_R32;
  return wide && t->data_type[0] == SPAGM_TEXDT_FLOAT;
}

/* Whether texel i of a dimension of n is stored: every one, but near the
 * ends only of a long dimension (N517), which reads 0 in between (N61):
 * the coordinate corners are 0, n - 1, n and -1, and AOFFI moves them by
 * at most 8. */
static inline bool stored_texel(uint32_t i, uint32_t n) {
  return n <= 256 || i < 16 || i >= n - 16;
}

/* Bytes of one component of an 8- or 16-bit format, else 0. */
static unsigned code_bytes(unsigned components) {
  switch (components) {
    case SPAGM_TEXFMT_R16_G16_B16_A16: case SPAGM_TEXFMT_R16_G16: case SPAGM_TEXFMT_R16: return 2;
    case SPAGM_TEXFMT_A8B8G8R8: case SPAGM_TEXFMT_G8R8: case SPAGM_TEXFMT_R8: return 1;
    default: return 0;
  }
}

/* N517 (stimulus 14): one component of an 8- or 16-bit texel at an edge
 * code of the normalized conversions (R21): 0, 1, max - 1, max, the SNORM
 * minimum and its neighbours; drawn per texel from e. */
static void texel_code_corner(const stim_corners *cn, spagm_rng *e, unsigned size,
                              unsigned bytes, uint8_t *b) {
  static const uint16_t codes16[7] = {0x0000, 0x0001, 0xFFFE, 0xFFFF, 0x8000, 0x8001, 0x7FFF};
  static const uint16_t codes8[7] = {0x00, 0x01, 0xFE, 0xFF, 0x80, 0x81, 0x7F};
  bool drawn = spagm__stim_corner(cn, e, TC_TEXEL_CODE, 1) == 0;
  unsigned c = spagm_rng_below(e, bytes / size), pick = spagm_rng_below(e, 7);
  if (!drawn) return;
  uint16_t v = size == 2 ? codes16[pick] : codes8[pick];
  b[size * c] = (uint8_t)v;
  if (size == 2) b[size * c + 1] = (uint8_t)(v >> 8);
}

/* The end of a texture of 12-byte texels ending at `end` or later: its
 * later words may sit a block further on (N75), so it ends at most at the
 * end of the highest page written so far below the textures placed far
 * from the others (N553), since the others are placed at increasing
 * addresses. */
static uint64_t end_of_pages(const stim_tex *x, const spagm_model *m, uint64_t end) {
  size_t n = spagm_tex_mem_pages(m, NULL, 0);
  uint64_t *pages = n ? malloc(n * sizeof *pages) : NULL;
  if (pages && spagm_tex_mem_pages(m, pages, n) == n) {
    while (n > 0 && x->far && pages[n - 1] >= x->far) n--;
    if (n > 0 && pages[n - 1] + SPAGM_TEX_PAGE_BYTES > end) end = pages[n - 1] + SPAGM_TEX_PAGE_BYTES;
  }
  free(pages);
  return end;
}

/* Fill every texel of every level, layer and sample with random bytes;
 * FP32 float texels draw their words from the FP16 rounding corners, and
 * from the conversion corners of `conv` (stimulus 12); an 8- or 16-bit texel
 * draws its edge-code corner from e (stimulus 14). With `only` below 16, of
 * level `only` alone (N553: the only level a TLDS reads of it). */
static uint64_t fill_texture(spagm_stim *g, spagm_rng *conv, spagm_rng *e, spagm_rng *stream,
                             spagm_model *m, const spagm_tic *t, unsigned only) {
  const stim_corners *cn = &g->tex.cn;
  /* A local copy of the stream (written back at the end) whose
   * address never leaves this function, so its state stays in registers
   * across the texel loop; through the pointer, the byte stores into b
   * could alias it and every draw reloaded and stored it. */
  spagm_rng local = *stream, *r = &local, klocal = *conv, *k = &klocal;
  bool f32 = fp32_texels(t);
  unsigned samples = 1, levels = t->max_mip_level + 1;
  spagm_tex_msaa_grid(t->msaa, &samples, NULL, NULL);
  unsigned bytes = spagm_tex_texel_bytes(t->components), size = code_bytes(t->components);
  bool three = t->type == SPAGM_TEXTYPE_3D;
  uint64_t end = t->address;
  /* The layout once per texture, not once per texel; the same
   * addresses, draws and bytes as spagm_tex_texel_address/_write. */
  spagm_tex_writer wr;
  if (spagm__tex_writer_init(&wr, t, NULL) != SPAGM_OK) levels = 0; /* no texel has a place */
  for (unsigned lv = only < 16 ? only : 0; lv < levels && lv <= only; lv++) {
    uint32_t w = t->width >> lv ? t->width >> lv : 1;
    uint32_t h = t->height >> lv ? t->height >> lv : 1;
    uint32_t d = three ? (t->depth >> lv ? t->depth >> lv : 1) : t->depth;
    for (uint32_t z = 0; z < d; z++)
      for (uint32_t y = 0; y < h && stored_texel(z, d); y++)
        for (uint32_t x = 0; x < w && stored_texel(y, h); x++)
          for (unsigned s = 0; s < samples && stored_texel(x, w); s++) {
            uint64_t va;
            spagm_tex_texel_at at; /* found once for the address and the bytes */
            if (spagm__tex_writer_at(&wr, x, y, z, lv, s, &at, &va, NULL) != SPAGM_OK) continue;
            uint8_t b[16];
            if (f32) {
              uint32_t corners = 0;
              for (unsigned i = 0; i < bytes; i += 4) {
                uint32_t word = f16_input(cn, r, k, &corners);
                for (unsigned j = 0; j < 4; j++) b[i + j] = (uint8_t)(word >> (8 * j));
              }
              if (corners) note_f16_texel(g, va, corners);
            } else {
              for (unsigned i = 0; i < bytes; i++) b[i] = (uint8_t)spagm_rng_u32(r);
              if (size) texel_code_corner(cn, e, size, bytes, b);
            }
            /* Where TLDS reads it: a 12-byte texel word by word (N75). */
            spagm__tex_writer_store(&wr, m, &at, b, NULL);
            if (va + bytes > end) end = va + bytes;
          }
  }
  if (bytes == 12) end = end_of_pages(&g->tex, m, end);
  *stream = local;
  *conv = klocal;
  return end;
}

/* N553 (stimulus 17): header i's texture as the epoch's tall and deep or
 * 16384-slice corner gives it (x->tall, x->slices), its sizes from
 * x->shape; returns its corners (`applied`, those of header_shape_corners,
 * made true of the new shape). *only is the level fill_texture stores.
 * Tall and deep: 257..272 rows (more than 16 GOBs, so the level keeps
 * blocks 2^5 GOBs high), 17..24 slices (blocks 2^5 slices deep), so a GOB
 * of slice 16 and up has an index of 512 and more in its block; one level.
 * 16384 slices: the most DEPTH_MINUS_ONE holds, all 15 levels, the view
 * from level 2..14, the one level a 3D TLDS reads (no .LL, R17), placed
 * after levels 0 and 1 whose depths need the field's top bit. */
static uint32_t rare_shape(stim_tex *x, unsigned i, spagm_tic *t, uint32_t applied,
                           unsigned *only) {
  bool tall = x->tall == i + 1, slices = x->slices == i + 1;
  if (!tall && !slices) return applied;
  spagm_rng *k = &x->shape;
  t->type = SPAGM_TEXTYPE_3D;
  t->layout = SPAGM_TEXLAYOUT_BLOCKLINEAR;
  t->msaa = SPAGM_TEXMS_1X1;
  t->address = (t->address + 511u) & ~(uint64_t)511u;
  applied &= ~(1u << SPAGM_STIM_TEX_BLOCK_SHAPE | 1u << SPAGM_STIM_TEX_VIEW_PAST);
  if (tall) {
    t->width = 1 + spagm_rng_below(k, 4);
    t->height = 257 + spagm_rng_below(k, 16);
    t->depth = 17 + spagm_rng_below(k, 8);
    t->block_height_log2 = t->block_depth_log2 = 5;
    t->max_mip_level = t->view_min_level = t->view_max_level = 0;
    return applied | 1u << SPAGM_STIM_TEX_TALL_DEEP | 1u << SPAGM_STIM_TEX_LONG |
           1u << SPAGM_STIM_TEX_BLOCK_SHAPE;
  }
  t->width = 1 + spagm_rng_below(k, 2);
  t->height = 1 + spagm_rng_below(k, 2);
  t->depth = 16384;
  t->block_height_log2 = spagm_rng_below(k, 6);
  t->block_depth_log2 = spagm_rng_below(k, 6);
  t->max_mip_level = 14;
  t->view_min_level = 2 + spagm_rng_below(k, 13);
  t->view_max_level = t->view_min_level + spagm_rng_below(k, 15 - t->view_min_level);
  *only = t->view_min_level;
  if (t->block_height_log2 >= 4) applied |= 1u << SPAGM_STIM_TEX_BLOCK_SHAPE;
  return applied | 1u << SPAGM_STIM_TEX_SLICES_16384 | 1u << SPAGM_STIM_TEX_LONG;
}

/* Header i of the epoch and its texture: drawn from r (stimulus 12), its
 * stimulus-13 corners from h (N516, N517), the header written to the pool
 * as TLDS reads it (with its bits outside the fields), the texture filled
 * at *next by the header it was drawn with; *next is advanced. The
 * stimulus-17 corners (N553) change the shape of the epoch's tall or
 * 16384-slice texture and place the textures of headers far_header and
 * far_header + 1 at 2 and 4 times the pool's address, leaving *next. */
static spagm_status place_texture(spagm_stim *s, unsigned i, uint64_t pool, spagm_rng *h,
                                  spagm_rng *conv, spagm_rng *r, spagm_model *m, uint64_t *next,
                                  spagm_diag *d) {
  stim_tex *x = &s->tex;
  spagm_tic filled;
  uint8_t noise[32], image[32];
  random_tic(&x->cn, r, &filled, next);
  unsigned only = 16;
  x->corners[i] = rare_shape(x, i, &filled, header_shape_corners(&x->cn, h, &filled), &only);
  bool far = x->far && (i == x->far_header || i == x->far_header + 1);
  if (far) {
    filled.address = x->far << (i - x->far_header);
    x->corners[i] |= 1u << SPAGM_STIM_TEX_POOL_MULTIPLE;
  }
  x->tic[i] = filled;
  x->corners[i] |= header_seen_corners(&x->cn, h, &x->tic[i], noise);
  spagm_status st = spagm_tic_encode(&x->tic[i], image, d);
  if (st != SPAGM_OK) return st;
  for (unsigned b = 0; b < 32; b++) image[b] ^= noise[b];
  st = spagm_tex_mem_write(m, (pool + 32u * i) & (SPAGM_TEX_VA_LIMIT - 1u), image, 32);
  if (st != SPAGM_OK)
    return spagm_diag_set(d, st, 0, 0, "texture stimulus: header %u not written", i);
  uint64_t end = fill_texture(s, conv, h, r, m, &filled, only) + 64u * spagm_rng_below(r, 16);
  if (!far) *next = end;
  return SPAGM_OK;
}

/* The epoch's header pool (returned) and MaximumIndex (x->limit), drawn
 * from r as in stimulus 12; its place off 4 KiB from h (stimulus 14,
 * *pool32); its stimulus-16 corners and the load's order from a stream
 * of their own (N550), so every draw of r and h is unchanged. */
static uint64_t draw_pool(spagm_stim *s, spagm_rng *r, spagm_rng *h, bool *pool32) {
  stim_tex *x = &s->tex;
  uint64_t pool = 0x10000000ull + 0x1000ull * spagm_rng_below(r, 64);
  if (spagm_rng_pct(r, 10)) pool += 0x100000000ull * (1 + spagm_rng_below(r, 0xFFFF)); /* 48-bit */
  /* The pool at a 32-byte multiple (N60) that is not one of 4 KiB. */
  *pool32 = spagm__stim_corner(&x->cn, h, TC_POOL_ALIGN32, 1) == 0;
  uint32_t pool_off = 32u * (1u + spagm_rng_below(h, 127));
  if (*pool32) pool += pool_off;
  x->max_index = 2 + spagm_rng_below(r, STIM_TEX_HEADERS - 2);
  x->limit = x->max_index;
  spagm_rng p;
  spagm_rng_seed(&p, s->o.seed, s->epoch, SPAGM_UNIT_TEX, 16);
  unsigned size = spagm__stim_corner(&x->cn, &p, TC_POOL_POWER_ON, 2);
  bool high = spagm__stim_corner(&x->cn, &p, TC_POOL_HIGH, 1) == 0;
  x->any_order = spagm__stim_corner(&x->cn, &p, TC_LOAD_ANY_ORDER, 1) == 0;
  uint32_t large = (1u << 19) + spagm_rng_below(&p, (1u << 19) - 3);
  if (high && pool >> 32 == 0) pool += 0x100000000ull * (1 + spagm_rng_below(&p, 0x7FFF));
  x->stage = (spagm_stage)spagm_rng_below(&p, 6);
  if (size == 0) {
    /* Only header 0 is named; the power-on load leaves both registers to
     * the reset (spagm__stim_power_on_epoch). */
    x->max_index = x->limit = 0;
    x->pool_power_on = true;
    *pool32 = false;
    return 0;
  }
  if (size == 1) {
    /* The copy of header 0 at pool + 32 * limit stays below 2^48. */
    pool &= 0x7FFFFFFFFFFFull;
    x->limit = large;
  }
  return pool;
}

/* N553 (stimulus 17): the epoch's far and rare-shape corners, from a
 * stream of their own, so an epoch that draws none is stimulus 16's. With
 * the far corner the pool moves to the 32 KiB multiple at or below it,
 * under 2^45 (4 x pool stays below 2^48), so header j's line is in cache
 * set j and the texels at 2 and 4 times the pool's address fill sets 0 and
 * up with tags twice and four times the pool's: the last two headers of
 * MaximumIndex own them. The tall and the 16384-slice texture are two
 * different headers of 0 .. MaximumIndex. */
static void draw_rare(spagm_stim *s, uint64_t *pool, bool *pool32) {
  stim_tex *x = &s->tex;
  spagm_rng f;
  spagm_rng_seed(&f, s->o.seed, s->epoch, SPAGM_UNIT_TEX, 20);
  bool far = spagm__stim_corner(&x->cn, &f, TC_POOL_MULTIPLE, 1) == 0;
  bool tall = spagm__stim_corner(&x->cn, &f, TC_TALL_DEEP, 1) == 0;
  bool slices = spagm__stim_corner(&x->cn, &f, TC_SLICES_16384, 1) == 0;
  uint32_t n = x->max_index + 1;
  uint32_t t = spagm_rng_below(&f, n), d = (t + 1 + spagm_rng_below(&f, n > 1 ? n - 1 : 1)) % n;
  if (far && *pool != 0) {
    *pool &= ((1ull << 45) - 1u) & ~0x7FFFull;
    *pool32 = false;
    x->far = 2 * *pool;
    x->far_header = x->max_index - 1;
  }
  x->tall = tall ? t + 1 : 0;
  x->slices = slices && d != t ? d + 1 : 0;
  x->shape = f;
}

/* A large pool's last header (x->limit): header 0 again, so a read of it
 * reads texels (pick_slot's last-valid corner names it). */
static spagm_status copy_last_header(const stim_tex *x, spagm_model *m, uint64_t pool,
                                     spagm_diag *d) {
  uint8_t image[32];
  spagm_status st = spagm_tex_mem_read(m, pool & (SPAGM_TEX_VA_LIMIT - 1u), image, 32);
  if (st == SPAGM_OK)
    st = spagm_tex_mem_write(m, (pool + 32ull * x->limit) & (SPAGM_TEX_VA_LIMIT - 1u), image, 32);
  if (st != SPAGM_OK)
    return spagm_diag_set(d, st, 0, 0, "texture stimulus: the pool's last header not written");
  return SPAGM_OK;
}

/* The constant bank and its 32 words: the bank and each word's header from
 * r, their rows from h (N517: spread over the bank's 256 rows, word w in
 * row 0..255, #tsPtrIdxU13 = w + 32 row, or the first row). */
static void draw_bank_words(stim_tex *x, spagm_rng *r, spagm_rng *h, spagm_model *m) {
  x->bank = spagm_rng_below(r, SPAGM_TEX_CBANKS);
  spagm_tex_select_cbank(m, x->bank);
  x->spread = spagm__stim_corner(&x->cn, h, TC_BANK_ROWS, 1) == 0;
  for (unsigned w = 0; w < STIM_TEX_SLOTS; w++) {
    uint32_t row = spagm_rng_below(h, 256);
    x->slot_word[w] = (uint16_t)(x->spread ? w | row << 5 : w);
  }
  for (unsigned w = 0; w < STIM_TEX_SLOTS; w++) {
    /* Mostly valid headers; some past MaximumIndex (R18). */
    uint32_t hdr = spagm_rng_pct(r, 90) ? spagm_rng_below(r, x->max_index + 1)
                                        : x->limit + 1 + spagm_rng_below(r, 3);
    /* The last two words always name the header-index corners, so a
     * request that draws one finds it (pick_slot). */
    if (w >= STIM_TEX_SLOTS - 2) hdr = x->limit + (w - (STIM_TEX_SLOTS - 2));
    x->slot_header[w] = hdr;
    spagm_tex_set_cbank_word(m, x->bank, x->slot_word[w], (spagm_rng_u32(r) & 0xFFF00000u) | hdr);
  }
}

spagm_status spagm__stim_tex_epoch(spagm_stim *s, spagm_rng *r, spagm_model *m,
                                   spagm_diag *d) {
  stim_tex *x = &s->tex;
  memset(x, 0, sizeof *x);
  spagm__stim_corners_init(&x->cn, spagm__stim_tex_corners, TC_N, s->hits[SPAGM_UNIT_TEX]);
  /* N516, N517: the corners of stimulus 14 from a stream of their own, so
   * r draws as in stimulus 12 up to a long texture (which stores other
   * texels). */
  spagm_rng hstream;
  spagm_rng_seed(&hstream, s->o.seed, s->epoch, SPAGM_UNIT_TEX, 13);
  bool pool32 = false;
  uint64_t pool = draw_pool(s, r, &hstream, &pool32);
  draw_rare(s, &pool, &pool32);
  /* A texture-only run has no attribute epoch to draw the stage the
   * texture unit's stage register holds (read back only): the texture
   * epoch's, every stage up to PS alike (N550). */
  spagm_status st = SPAGM_OK;
  if (!(s->o.units & (1u << SPAGM_UNIT_ATTR | 1u << SPAGM_UNIT_PIX)))
    st = spagm_attr_set_stage(m, x->stage, d);
  if (st != SPAGM_OK) return st;
  st = spagm_tex_set_header_pool(m, pool, x->limit);
  if (st != SPAGM_OK) return spagm_diag_set(d, st, 0, 0, "texture stimulus: bad header pool");
  uint64_t next = pool + 32u * STIM_TEX_HEADERS + 0x10000u;
  /* N495: the conversion corners from a stream of their own. */
  spagm_rng conv;
  spagm_rng_seed(&conv, s->o.seed, s->epoch, SPAGM_UNIT_TEX, 12);
  s->n_f16_texels = 0;
  for (unsigned i = 0; i < STIM_TEX_HEADERS; i++)
    if ((st = place_texture(s, i, pool, &hstream, &conv, r, m, &next, d)) != SPAGM_OK) return st;
  if (s->n_f16_texels)
    qsort(s->f16_texels, s->n_f16_texels, sizeof *s->f16_texels, by_address);
  if (x->limit != x->max_index && (st = copy_last_header(x, m, pool, d)) != SPAGM_OK) return st;
  draw_bank_words(x, r, &hstream, m);
  /* The epoch's corners go with every header (spagm_stim_tex_corners_at). */
  for (unsigned i = 0; i < STIM_TEX_HEADERS; i++)
    x->corners[i] |= (x->spread ? 1u << SPAGM_STIM_TEX_BANK_ROWS : 0u) |
                     (pool32 ? 1u << SPAGM_STIM_TEX_POOL_32 : 0u) |
                     (x->pool_power_on ? 1u << SPAGM_STIM_TEX_POOL_POWER_ON : 0u) |
                     (x->limit >= 1u << 19 ? 1u << SPAGM_STIM_TEX_POOL_LARGE : 0u);
  spagm_tex_set_fp16_round(m, spagm_rng_pct(r, 50) ? SPAGM_FP16_RNE : SPAGM_FP16_RZ);
  snprintf(s->summary[SPAGM_UNIT_TEX], sizeof s->summary[0],
           "%u headers (max index %u) at 0x%llx, constant bank %u", STIM_TEX_HEADERS,
           x->limit, (unsigned long long)pool, x->bank);
  return SPAGM_OK;
}

/* A value of [0, n) at one of the corners of the field at `first` (first
 * valid, last valid, first invalid, and -1 when `neg`), else uniform
 * inside, sometimes just outside. */
static inline uint32_t bounded(const stim_tex *x, spagm_rng *r, unsigned first, bool neg,
                               uint32_t n) {
  /* The rest of the field is the value `corners`, not case 3 of a
   * three-corner field. */
  unsigned corners = neg ? 4 : 3;
  unsigned c = spagm__stim_corner(&x->cn, r, first, corners);
  if (c == 0) return 0;
  if (c == 1) return n ? n - 1 : 0;
  if (c == 2) return n;
  if (c == 3 && neg) return (uint32_t)-1;
  if (spagm_rng_pct(r, 95)) return spagm_rng_below(r, n ? n : 1);
  return spagm_rng_pct(r, 50) ? n + spagm_rng_below(r, 3) : (uint32_t)-1 - spagm_rng_below(r, 2);
}

/* The registers of one packed parameter list (TLDS.txt legal table). */
enum { P_S, P_T, P_R, P_ARRAY, P_LOD, P_AOFFI, P_MS, P_NONE };
typedef struct packing {
  unsigned encoding;
  int ra[2], rb[2];
} packing;
static const packing packings[] = {
    {0, {P_S, P_NONE}, {P_NONE, P_NONE}},  {1, {P_S, P_NONE}, {P_LOD, P_NONE}},
    {2, {P_S, P_NONE}, {P_T, P_NONE}},     {4, {P_S, P_T}, {P_AOFFI, P_NONE}},
    {5, {P_S, P_T}, {P_LOD, P_NONE}},      {6, {P_S, P_T}, {P_MS, P_NONE}},
    {7, {P_S, P_T}, {P_R, P_NONE}},        {8, {P_ARRAY, P_NONE}, {P_S, P_T}},
    {12, {P_S, P_T}, {P_LOD, P_AOFFI}},
};

/* `samples`: the header's MSAA sample count, found once per request. */
static inline uint32_t param_value(const stim_tex *x, spagm_rng *r, const spagm_tic *t,
                                   unsigned samples, int p) {
  switch (p) {
    case P_S: return bounded(x, r, TC_COORD_FIRST, true, t->width);
    case P_T: return bounded(x, r, TC_COORD_FIRST, true, t->height);
    case P_R: return bounded(x, r, TC_COORD_FIRST, true, t->depth);
    case P_ARRAY: {
      uint32_t high = spagm_rng_u32(r) & 0xFFFF0000u; /* ignored bits (R17) */
      return high | (bounded(x, r, TC_LAYER_FIRST, false, t->depth) & 0xFFFFu);
    }
    case P_LOD: {
      /* Levels of the view, sometimes the first past it (R18). */
      uint32_t levels = t->view_max_level - t->view_min_level + 1;
      return bounded(x, r, TC_LOD_FIRST, false, levels);
    }
    case P_AOFFI: {
      uint32_t bits = spagm_rng_u32(r);
      return bits & (spagm_rng_pct(r, 80) ? 0x0FFu : 0xFFFu);
    }
    case P_MS: return bounded(x, r, TC_MS_FIRST, false, samples);
    default: return 0;
  }
}

/* Whether a texture type has the coordinate count of paramA (R18: array and
 * non-array specifiers mix freely when the count matches). */
static bool type_matches(unsigned type, spagm_tex_param p) {
  switch (p) {
    case SPAGM_PARAM_1D: return type == SPAGM_TEXTYPE_1D || type == SPAGM_TEXTYPE_1D_ARRAY;
    case SPAGM_PARAM_3D: return type == SPAGM_TEXTYPE_3D;
    default:
      return type == SPAGM_TEXTYPE_2D || type == SPAGM_TEXTYPE_2D_ARRAY ||
             type == SPAGM_TEXTYPE_2D_NO_MIPMAP;
  }
}

/* A constant-bank word for a row: mostly one whose texture fits paramA,
 * so most lanes read texels rather than the zeros of R18. */
static unsigned pick_slot(const stim_tex *x, spagm_rng *r, spagm_tex_param p) {
  unsigned start = spagm_rng_below(r, STIM_TEX_SLOTS);
  /* Corners: a word naming the last valid header or the first invalid one
   * (R18), when the epoch's bank has one. */
  unsigned corner = spagm__stim_corner(&x->cn, r, TC_HDR_LAST, 2);
  if (corner < 2)
    for (unsigned j = 0; j < STIM_TEX_SLOTS; j++) {
      unsigned w = (start + j) % STIM_TEX_SLOTS;
      if (x->slot_header[w] == x->limit + corner) return w;
    }
  if (spagm_rng_pct(r, 85))
    for (unsigned k = 0; k < STIM_TEX_SLOTS; k++) {
      unsigned w = (start + k) % STIM_TEX_SLOTS;
      uint32_t h = x->slot_header[w];
      if (h <= x->max_index && h < STIM_TEX_HEADERS && type_matches(x->tic[h].type, p)) return w;
    }
  return start;
}

void spagm__stim_tex_next(spagm_stim *s, spagm_rng *r, spagm_request *req) {
  stim_tex *x = &s->tex;
  req->lane_mask = spagm__stim_lane_mask(&x->cn, r);
  /* Directed first: every legal row once, then random rows. */
  const packing *pk = x->directed < sizeof packings / sizeof packings[0]
                          ? &packings[x->directed++]
                          : &packings[spagm_rng_below(r, sizeof packings / sizeof packings[0])];
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_TLDS);
  i.tlds_encoding = (uint8_t)pk->encoding;
  spagm_tlds_encoding_decode(pk->encoding, &i.param, &i.lod, &i.aoffi, &i.ms);
  i.f16 = spagm_rng_pct(r, 30);
  i.nodep = spagm_rng_pct(r, 20);
  unsigned slot = pick_slot(x, r, i.param);
  i.tex_index = x->slot_word[slot];
  bool rz1 = spagm_rng_pct(r, 50);
  i.wmsk = (uint8_t)(rz1 ? spagm_rng_below(r, 8) : spagm_rng_below(r, 5));
  /* Registers aligned as R10 asks, now and then not (a warp-wide fault). */
  unsigned n0 = spagm_tlds_dst_count(i.f16, rz1, i.wmsk, 0);
  unsigned n1 = spagm_tlds_dst_count(i.f16, rz1, i.wmsk, 1);
  bool legal = !spagm_rng_pct(r, 3);
  unsigned al0 = legal && n0 > 1 ? 2 : 1, al1 = legal && n1 > 1 ? 2 : 1;
  i.rd = (uint8_t)(spagm_rng_below(r, 250) & ~(al0 - 1));
  i.rd1 = rz1 ? SPAGM_RZ : (uint8_t)(spagm_rng_below(r, 250) & ~(al1 - 1));
  if (spagm_rng_pct(r, 2)) i.rd = SPAGM_RZ; /* with Rd1 RZ too: R24 */
  unsigned na = spagm_tlds_src_count(pk->encoding, 0), nb = spagm_tlds_src_count(pk->encoding, 1);
  i.ra = na ? (uint8_t)(spagm_rng_below(r, 250) & ~(legal && na > 1 ? 1u : 0u)) : SPAGM_RZ;
  i.rb = nb ? (uint8_t)(spagm_rng_below(r, 250) & ~(legal && nb > 1 ? 1u : 0u)) : SPAGM_RZ;
  /* R10 register-rule corners (docs/stimulus.md): Rb = RZ or Ra = RZ where
   * the row reads Rb, Ra = RZ or Rb != RZ on row 0 (nothing in Rb). */
  unsigned first = nb ? TC_REG_RB_RZ : TC_REG_RA_RZ;
  unsigned reg = spagm__stim_corner(&x->cn, r, first, 2);
  if (reg < 2) {
    unsigned which = first + reg;
    if (which == TC_REG_RB_RZ) i.rb = SPAGM_RZ;
    else if (which == TC_REG_RA_RZ) i.ra = SPAGM_RZ;
    else i.rb = (uint8_t)spagm_rng_below(r, 250);
  }
  const spagm_tic *t = &x->tic[x->slot_header[slot] < STIM_TEX_HEADERS ? x->slot_header[slot] : 0];
  unsigned samples = 1;
  spagm_tex_msaa_grid(t->msaa, &samples, NULL, NULL);
  spagm_rng local = *r; /* in registers for the lane loop */
  for (unsigned l = 0; l < SPAGM_LANES; l++)
    for (unsigned k = 0; k < 2; k++) {
      req->a[k][l] = param_value(x, &local, t, samples, pk->ra[k]);
      req->b[k][l] = param_value(x, &local, t, samples, pk->rb[k]);
    }
  *r = local;
  if (!spagm__stim_encode(&i, req)) {
    /* A combination without a word (cannot happen for table rows): fall
     * back to the simplest legal form so the stream stays deterministic. */
    spagm_insn_init(&i, SPAGM_OP_TLDS);
    i.tlds_encoding = 2;
    spagm_tlds_encoding_decode(2, &i.param, &i.lod, &i.aoffi, &i.ms);
    i.rd = 0;
    i.ra = 2;
    i.rb = 3;
    spagm__stim_encode(&i, req);
  }
}
