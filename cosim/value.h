// SPDX-License-Identifier: Apache-2.0
/* Internal: one 32-bit result value as a mismatch report shows it
 * (N170): hex always, then what the value means under the rule the
 * model applied to it. A float with enough digits to tell neighbours apart
 * (%.9g) and, for a pair of floats, their distance in ulps; a packed pair
 * (PIXLD pixel offsets, TLDS.F16 half pairs) as its two fields, never as
 * the NaN its bits would make as a float; a count, mask or an integer
 * texel component in decimal, signed or unsigned as its format says. */
#ifndef SPAGM_COSIM_VALUE_H
#define SPAGM_COSIM_VALUE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum spagm_value_kind {
  SPAGM_VALUE_FLOAT,   /* an fp32 (attributes, texels): the default */
  SPAGM_VALUE_INT,     /* unsigned: a count, mask, index or address (PIXLD, AL2P),
                          a UINT texel component (R21) */
  SPAGM_VALUE_OFFSETS, /* PIXLD.OFFSET / CENTROID_OFFSET: dx [15:0], dy [31:16], s16 (DESIGN 7.4) */
  SPAGM_VALUE_HALVES,  /* TLDS.F16: two fp16, lo [15:0], hi [31:16] (R22) */
  SPAGM_VALUE_SINT     /* signed: a SINT texel component (R21) */
} spagm_value_kind;

/* The kind of the value produced by rule (explain.h; 0 = none recorded)
 * for the instruction word insn, in a slot whose number type the model
 * recorded as value_type (spagm_value_type; SPAGM_VALUE_TYPE_RULE: the
 * rule decides). */
spagm_value_kind spagm__value_kind(uint64_t insn, unsigned rule, unsigned value_type);

/* "0x%08x (meaning)" of v. */
void spagm__value_format(spagm_value_kind k, uint32_t v, char *buf, size_t n);

/* The distance of two values of kind k, ", N ulps apart" for two floats
 * (", fields lo N, hi M ulps apart" for half pairs), "" when there is none
 * to give (a NaN, another kind). */
void spagm__value_distance(spagm_value_kind k, uint32_t want, uint32_t got, char *buf,
                           size_t n);

/* Ulps between two fp32 bit patterns: the number of floats from one to
 * the other (+0 and -0 are 0 apart); ~0 when either is a NaN. */
uint64_t spagm__f32_ulps(uint32_t a, uint32_t b);

#ifdef __cplusplus
}
#endif
#endif
