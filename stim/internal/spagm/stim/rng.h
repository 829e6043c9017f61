// SPDX-License-Identifier: Apache-2.0
/* Internal: the generator's PRNG, xoshiro256** seeded through splitmix64.
 * Chosen for speed and because its output is fixed by its definition, so
 * the same seed gives the same bytes on every machine. */
#ifndef SPAGM_STIM_RNG_H
#define SPAGM_STIM_RNG_H

#include <stdbool.h>
#include <stdint.h>

typedef struct spagm_rng {
  uint64_t s[4];
} spagm_rng;

static inline uint64_t spagm_splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* A stream from a seed and up to three stream ids (epoch, unit, ...). */
static inline void spagm_rng_seed(spagm_rng *r, uint64_t seed, uint64_t a,
                                  uint64_t b, uint64_t c) {
  uint64_t x = seed ^ (a * 0xD1342543DE82EF95ull) ^ (b * 0xAF251AF3B0F025B5ull) ^
               (c * 0x9FB21C651E98DF25ull);
  for (int i = 0; i < 4; i++) r->s[i] = spagm_splitmix64(&x);
}

static inline uint64_t spagm_rng_u64(spagm_rng *r) {
  uint64_t *s = r->s;
  uint64_t t = s[1] * 5u, result = ((t << 7) | (t >> 57)) * 9u;
  t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = (s[3] << 45) | (s[3] >> 19);
  return result;
}

static inline uint32_t spagm_rng_u32(spagm_rng *r) {
  return (uint32_t)(spagm_rng_u64(r) >> 32);
}

/* Uniform in [0, n) (n > 0), by multiply-shift: no modulo bias worth
 * mentioning for the small n used here, and no loop. */
static inline uint32_t spagm_rng_below(spagm_rng *r, uint32_t n) {
  return (uint32_t)(((uint64_t)spagm_rng_u32(r) * n) >> 32);
}

/* Uniform in [lo, hi] inclusive. */
static inline int32_t spagm_rng_range(spagm_rng *r, int32_t lo, int32_t hi) {
  return lo + (int32_t)spagm_rng_below(r, (uint32_t)(hi - lo) + 1u);
}

/* True with probability pct/100. */
static inline bool spagm_rng_pct(spagm_rng *r, unsigned pct) {
  return spagm_rng_below(r, 100) < pct;
}

/* Stimulus 8 (N306): several decisions carved from one 64-bit draw. A
 * spagm_bits holds the bits of a draw not yet used; each decision takes
 * the next field of it, lowest bits first, so a lane's fields cost one
 * draw instead of one each. A uniform value below n comes from a 16-bit
 * field by multiply-shift, as spagm_rng_below does from 32 bits: a value
 * is at most 1/65536 likelier than another, nothing beside per-mille
 * weights. A caller takes at most 64 bits from one spagm_bits: each
 * function that fills one says which fields it takes. */
typedef struct spagm_bits {
  uint64_t v;
} spagm_bits;

static inline spagm_bits spagm_bits_draw(spagm_rng *r) {
  spagm_bits b = {spagm_rng_u64(r)};
  return b;
}

/* The next `n` bits (1..32). */
static inline uint32_t spagm_bits_take(spagm_bits *b, unsigned n) {
  uint32_t x = (uint32_t)(b->v & ((1ull << n) - 1u));
  b->v >>= n;
  return x;
}

/* Uniform in [0, n) (0 < n <= 65536) from the next 16 bits. */
static inline uint32_t spagm_bits_below(spagm_bits *b, uint32_t n) {
  return (uint32_t)(((uint64_t)spagm_bits_take(b, 16) * n) >> 16);
}

/* True with probability pct/100, from the next 16 bits. */
static inline bool spagm_bits_pct(spagm_bits *b, unsigned pct) {
  return spagm_bits_below(b, 100) < pct;
}

#endif
