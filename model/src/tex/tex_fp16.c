// SPDX-License-Identifier: Apache-2.0
/* Half and small-float conversions of the texture unit (tex.h, R21, R22).
 *
 * fp32 -> fp16 is the TLDS.F16 return path (R22); fp16 -> fp32 and the
 * unsigned 5-bit-exponent floats of BF10GF11RF11 -> fp32 are texel decodes
 * (R21). All are exact bit manipulations, no host floating point, so the
 * results do not depend on the host's rounding mode or flush settings. */
#include "tex/tex_format.h"

#define F16_INF 0x7C00u
#define F16_MAX_FINITE 0x7BFFu
#define F16_QUIET 0x0200u
#define F32_INF 0x7F800000u
#define F32_QUIET 0x00400000u

uint16_t spagm_fp16_from_fp32(uint32_t f, spagm_fp16_round mode) {
  uint32_t sign = (f >> 16) & 0x8000u;
  uint32_t exp = (f >> 23) & 0xFFu;
  uint32_t man = f & 0x7FFFFFu;

  if (exp == 0xFFu) {
    /* R22: NaN stays a quiet NaN (payload truncated to 10 bits, quiet bit
     * forced); infinity stays infinity in both modes. */
    if (man) return (uint16_t)(sign | F16_INF | F16_QUIET | (man >> 13));
    return (uint16_t)(sign | F16_INF);
  }
  /* fp32 zeros and denormals (< 2^-126) are far below half the smallest
   * fp16 denormal (2^-25): both modes give a signed zero. */
  if (exp == 0) return (uint16_t)sign;

  int e = (int)exp - 127;             /* value = sig * 2^(e - 23) */
  uint32_t sig = man | 0x800000u;     /* 24-bit significand */
  if (e > 15) /* beyond the largest fp16 binade: overflow */
    return (uint16_t)(sign | (mode == SPAGM_FP16_RZ ? F16_MAX_FINITE : F16_INF));

  /* Keep 11 significant bits for a normal fp16 (e >= -14); fewer for a
   * denormal, whose unit is 2^-24 (R22: denormals are kept). */
  unsigned shift = e >= -14 ? 13u : (unsigned)(13 + (-14 - e));
  if (shift > 25) shift = 25; /* everything below 2^-25 rounds to zero */
  uint32_t q = sig >> shift;
  uint32_t rem = sig & ((1u << shift) - 1u);
  uint32_t half = 1u << (shift - 1);
  /* Round half to even without a data-dependent branch (TLDS converts up to
   * 128 random values per warp). A carry into the exponent, or to infinity,
   * is the right result. */
  uint32_t up = (uint32_t)(rem > half) | ((uint32_t)(rem == half) & q);
  q += mode == SPAGM_FP16_RNE ? (up & 1u) : 0u;

  if (e >= -14) /* q carries the implicit bit at 1 << 10 */
    return (uint16_t)(sign + ((uint32_t)(e + 15 - 1) << 10) + q);
  return (uint16_t)(sign | q); /* denormal; q == 0x400 is the smallest normal */
}

/* An unsigned float with a 5-bit exponent (bias 15) and an mbits-bit
 * mantissa, to fp32. Exact: every such value is an fp32 normal. */
uint32_t spagm__fp32_from_ufloat5(uint32_t exp, uint32_t man, unsigned mbits) {
  if (exp == 0x1Fu) {
    if (man) return F32_INF | F32_QUIET | (man << (23 - mbits)); /* N66 */
    return F32_INF;
  }
  if (exp == 0) {
    if (man == 0) return 0;
    /* Denormal man * 2^(-14 - mbits): normalise. */
    int e = -14;
    while (!(man & (1u << mbits))) {
      man <<= 1;
      e--;
    }
    man &= (1u << mbits) - 1u;
    return ((uint32_t)(e + 127) << 23) | (man << (23 - mbits));
  }
  return ((exp - 15u + 127u) << 23) | (man << (23 - mbits));
}

uint32_t spagm_fp32_from_fp16(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  return sign | spagm__fp32_from_ufloat5((h >> 10) & 0x1Fu, h & 0x3FFu, 10);
}
