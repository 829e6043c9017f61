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

#endif
