// SPDX-License-Identifier: Apache-2.0
/* A reader of libFuzzer input, FuzzedDataProvider's split in C: raw bytes
 * (instruction words, text) are taken from the front, small numbers (state
 * settings, choices) from the back, so a seed made of words alone runs with
 * every setting at 0 and mutating a setting does not shift the words.
 * An exhausted input yields zeros, never an error: every byte string is a
 * valid input (docs/fuzzing.md). */
#ifndef SPAGM_FUZZ_INPUT_H
#define SPAGM_FUZZ_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct fuzz_in {
  const uint8_t *p;
  size_t n; /* bytes not yet taken, p[0..n) */
} fuzz_in;

static inline fuzz_in fuzz_in_make(const uint8_t *data, size_t size) {
  fuzz_in in = {data, size};
  return in;
}

/* Little-endian 64-bit word from the front (zero-padded when short);
 * false once nothing is left. */
static inline bool fuzz_front_u64(fuzz_in *in, uint64_t *v) {
  if (in->n == 0) return false;
  size_t k = in->n < 8 ? in->n : 8;
  *v = 0;
  for (size_t i = 0; i < k; i++) *v |= (uint64_t)in->p[i] << (8 * i);
  in->p += k;
  in->n -= k;
  return true;
}

/* `bytes` bytes (at most 8) from the back as a number; 0 when exhausted. */
static inline uint64_t fuzz_back(fuzz_in *in, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes && in->n > 0; i++) {
    v = (v << 8) | in->p[in->n - 1];
    in->n--;
  }
  return v;
}

static inline bool fuzz_bool(fuzz_in *in) { return fuzz_back(in, 1) & 1u; }
static inline uint32_t fuzz_u32(fuzz_in *in) { return (uint32_t)fuzz_back(in, 4); }
/* A number in 0..max (max < 2^32), biased towards the edges by nothing but
 * the fuzzer's own mutations. */
static inline uint32_t fuzz_range(fuzz_in *in, uint32_t max) {
  unsigned bytes = max < 0x100u ? 1 : max < 0x10000u ? 2 : 4;
  uint64_t v = fuzz_back(in, bytes);
  return max == UINT32_MAX ? (uint32_t)v : (uint32_t)(v % ((uint64_t)max + 1));
}
/* One of the n values of a table. */
#define FUZZ_PICK(in, table) ((table)[fuzz_range((in), sizeof(table) / sizeof((table)[0]) - 1)])

/* Cheap filler for the 32-lane operand arrays of a request: a xorshift
 * seeded from the input, so each lane differs without costing 32 input
 * bytes per array. */
static inline uint32_t fuzz_xorshift(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return (uint32_t)(*s >> 16);
}

#endif
