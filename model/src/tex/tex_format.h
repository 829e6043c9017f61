// SPDX-License-Identifier: Apache-2.0
/* Internal: texel formats of the texture unit — which COMPONENTS/data-type
 * combinations the model supports and how a texel's bytes become four
 * 32-bit results (R21, docs/texture-layout.md "Formats"). */
#ifndef SPAGM_TEX_FORMAT_H
#define SPAGM_TEX_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "spagm/tex.h"

/* Why a header is outside the modelled subset; the number is argument %1
 * of the TEX_UNSUPPORTED_HEADER explanation (N62). */
typedef enum spagm_tex_unsupported {
  SPAGM_TEXU_NONE = 0,
  SPAGM_TEXU_COMPONENTS = 1, /* COMPONENTS not in the supported list */
  SPAGM_TEXU_DATA_TYPE = 2,  /* a data type the format cannot have */
  SPAGM_TEXU_SRGB = 3,       /* sRGB on a format that is not UNORM8 RGB */
  SPAGM_TEXU_SOURCE = 4,     /* swizzle source 1 (reserved) */
  SPAGM_TEXU_LAYOUT = 5,     /* HEADER_VERSION other than pitch/block-linear */
  SPAGM_TEXU_MSAA = 6,       /* reserved MULTI_SAMPLE_COUNT mode */
  SPAGM_TEXU_BLOCK = 7       /* GOBs per block (log2) above 5 */
} spagm_tex_unsupported;

/* How the bytes of a texel hold its components. */
typedef enum spagm_tex_kind {
  SPAGM_TEXK_32 = 0,  /* 1..4 consecutive 32-bit components */
  SPAGM_TEXK_16,      /* 1, 2 or 4 consecutive 16-bit components */
  SPAGM_TEXK_8,       /* 1, 2 or 4 consecutive 8-bit components */
  SPAGM_TEXK_A2B10G10R10,
  SPAGM_TEXK_B5G6R5,
  SPAGM_TEXK_BF10GF11RF11,
  SPAGM_TEXK_E5B9G9R9
} spagm_tex_kind;

/* Everything the decoder needs, derived once per header. */
typedef struct spagm_tex_format {
  uint8_t kind;        /* spagm_tex_kind */
  uint8_t bytes;       /* bytes per texel */
  uint8_t ncomp;       /* components stored: R, G, B, A in that order */
  uint8_t type[4];     /* data type of each stored component */
  uint8_t source[4];   /* the header's X/Y/Z/W swizzle */
  bool srgb;           /* sRGB decode of R, G, B (N68) */
  /* 8-bit formats: the conversion table of each stored component (UNORM,
   * SNORM or sRGB), NULL for SINT/UINT. */
  const uint32_t *table8[4];
  bool integer;        /* a stored component is SINT or UINT (R22, N72) */
  uint32_t missing_a;  /* alpha of formats without one (N67) */
  uint8_t comp_type[4]; /* spagm__tex_component_type of X, Y, Z, W */
} spagm_tex_format;

/* Fill f from the header's format fields. Returns SPAGM_TEXU_NONE, or the
 * first reason the format is not supported (f is then unusable). */
spagm_tex_unsupported spagm__tex_format_init(spagm_tex_format *f,
                                             const spagm_tic *t);

/* Convert one texel (f->bytes bytes as stored) and apply the swizzle:
 * out[0..3] = X, Y, Z, W (R21). */
void spagm__tex_format_decode(const spagm_tex_format *f, const uint8_t *bytes,
                              uint32_t out[4]);

/* The number type of result component `comp` (0..3 = X, Y, Z, W) after
 * the swizzle (spagm_value_type of explain.h): the data type of the stored
 * component it takes, SINT or UINT for an integer one and fp32 for the
 * others; 0 or a missing component (N67) is an integer when the format's
 * R is; ONE_INT an integer, ONE_FLOAT fp32. */
unsigned spagm__tex_component_type(const spagm_tex_format *f, unsigned comp);

/* fp16.c: an unsigned float with a 5-bit exponent and mbits of mantissa. */
uint32_t spagm__fp32_from_ufloat5(uint32_t exp, uint32_t man, unsigned mbits);

/* tex_tables.c: fp32 bits of each 8-bit code as UNORM, SNORM and sRGB
 * (R21, N68). */
extern const uint32_t spagm__tex_unorm8_to_fp32[256];
extern const uint32_t spagm__tex_snorm8_to_fp32[256];
extern const uint32_t spagm__tex_srgb8_to_fp32[256];

#endif
