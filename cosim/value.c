// SPDX-License-Identifier: Apache-2.0
/* One result value as a mismatch report shows it (value.h, N170). */
#include "value.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "spagm/spagm.h"

spagm_value_kind spagm__value_kind(uint64_t insn, unsigned rule, unsigned value_type) {
  /* The model recorded the slot's number type: a TLDS component (R21). */
  if (value_type == SPAGM_VALUE_TYPE_SINT) return SPAGM_VALUE_SINT;
  if (value_type == SPAGM_VALUE_TYPE_UINT) return SPAGM_VALUE_INT;
  if (value_type == SPAGM_VALUE_TYPE_FLOAT) return SPAGM_VALUE_FLOAT;
  /* PIXLD (0x200..0x2FF): the offset rules pack two s16 (R14, R15); the
   * rest are counts, masks and indexes (R13, R16). */
  if ((rule >= SPAGM_RULE_PIX_OFFSET_STANDARD && rule <= SPAGM_RULE_PIX_OFFSET_PROGRAMMABLE_DONTCARE) ||
      (rule >= SPAGM_RULE_PIX_CENTROID_FULL && rule <= SPAGM_RULE_PIX_CENTROID_NONE))
    return SPAGM_VALUE_OFFSETS;
  if (rule >= 0x200 && rule < 0x300) return SPAGM_VALUE_INT;
  /* AL2P: a physical attribute index, bit 31 for unmapped (R7). */
  if (rule >= SPAGM_RULE_AL2P_MAPPED && rule <= SPAGM_RULE_AL2P_PD) return SPAGM_VALUE_INT;
  /* TLDS.F16 packs two components per register (R22). */
  if (rule >= 0x300 && rule < 0x400) {
    spagm_insn in;
    if (spagm_decode(insn, &in, NULL) == SPAGM_OK && in.op == SPAGM_OP_TLDS && in.f16)
      return SPAGM_VALUE_HALVES;
  }
  return SPAGM_VALUE_FLOAT;
}

static float f32_of(uint32_t v) {
  float f;
  memcpy(&f, &v, sizeof f);
  return f;
}

void spagm__value_format(spagm_value_kind k, uint32_t v, char *buf, size_t n) {
  switch (k) {
    case SPAGM_VALUE_INT:
      snprintf(buf, n, "0x%08x (%u)", v, v);
      break;
    case SPAGM_VALUE_SINT:
      snprintf(buf, n, "0x%08x (%d)", v, (int32_t)v);
      break;
    case SPAGM_VALUE_OFFSETS: {
      /* The word tells its format (N350): sixteenths lie in -8..7, S0.12
       * halves are sixteenths times 256, so a non-zero word whose halves
       * are both multiples of 256 is read as S0.12. */
      int dx = (int16_t)(v & 0xFFFFu), dy = (int16_t)(v >> 16);
      bool s012 = v != 0 && dx % 256 == 0 && dy % 256 == 0;
      snprintf(buf, n, "0x%08x (%sdx %d/16, dy %d/16)", v, s012 ? "S0.12 " : "",
               s012 ? dx / 256 : dx, s012 ? dy / 256 : dy);
      break;
    }
    case SPAGM_VALUE_HALVES:
      snprintf(buf, n, "0x%08x (lo %.5g, hi %.5g)", v,
               (double)f32_of(spagm_fp32_from_fp16((uint16_t)(v & 0xFFFFu))),
               (double)f32_of(spagm_fp32_from_fp16((uint16_t)(v >> 16))));
      break;
    default:
      snprintf(buf, n, "0x%08x (%.9g)", v, (double)f32_of(v));
      break;
  }
}

/* fp32 bits on a line where neighbouring floats are neighbouring numbers:
 * negative floats mirrored below zero, -0 and +0 both at 0. */
static int64_t f32_ordinal(uint32_t v) {
  int64_t mag = (int64_t)(v & 0x7FFFFFFFu);
  return v >> 31 ? -mag : mag;
}

uint64_t spagm__f32_ulps(uint32_t a, uint32_t b) {
  if ((a & 0x7FFFFFFFu) > 0x7F800000u || (b & 0x7FFFFFFFu) > 0x7F800000u) return ~0ull;
  int64_t d = f32_ordinal(a) - f32_ordinal(b);
  return (uint64_t)(d < 0 ? -d : d);
}

/* Ulps between two fp16 bit patterns, ordered as f32_ordinal orders fp32;
 * ~0 when either is a NaN. */
static uint64_t f16_ulps(uint16_t a, uint16_t b) {
  if ((a & 0x7FFFu) > 0x7C00u || (b & 0x7FFFu) > 0x7C00u) return ~0ull;
  int64_t oa = (a >> 15) ? -(int64_t)(a & 0x7FFFu) : (int64_t)(a & 0x7FFFu);
  int64_t ob = (b >> 15) ? -(int64_t)(b & 0x7FFFu) : (int64_t)(b & 0x7FFFu);
  int64_t d = oa - ob;
  return (uint64_t)(d < 0 ? -d : d);
}

void spagm__value_distance(spagm_value_kind k, uint32_t want, uint32_t got, char *buf,
                           size_t n) {
  buf[0] = '\0';
  if (k == SPAGM_VALUE_FLOAT) {
    uint64_t u = spagm__f32_ulps(want, got);
    if (u != ~0ull) snprintf(buf, n, ", %llu ulp%s apart", (unsigned long long)u, u == 1 ? "" : "s");
  } else if (k == SPAGM_VALUE_HALVES) {
    uint64_t lo = f16_ulps((uint16_t)want, (uint16_t)got);
    uint64_t hi = f16_ulps((uint16_t)(want >> 16), (uint16_t)(got >> 16));
    if (lo != ~0ull && hi != ~0ull)
      snprintf(buf, n, ", lo %llu, hi %llu ulps apart", (unsigned long long)lo,
               (unsigned long long)hi);
  }
}
