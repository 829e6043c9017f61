// SPDX-License-Identifier: Apache-2.0
/* Packing of transactions into bit vectors (txn_pack.h). Everything here is
 * generated from the field tables of txn.h. */
#include <string.h>

#include "spagm/txn_pack.h"

static void put_bits(uint32_t *w, unsigned lsb, unsigned bits, uint64_t v) {
  for (unsigned i = 0; i < bits;) {
    unsigned pos = lsb + i, word = pos / 32, off = pos % 32;
    unsigned take = 32 - off < bits - i ? 32 - off : bits - i;
    uint32_t mask = take == 32 ? 0xFFFFFFFFu : ((1u << take) - 1u);
    w[word] = (w[word] & ~(mask << off)) | ((uint32_t)(v >> i) & mask) << off;
    i += take;
  }
}

static uint64_t get_bits(const uint32_t *w, unsigned lsb, unsigned bits) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bits;) {
    unsigned pos = lsb + i, word = pos / 32, off = pos % 32;
    unsigned take = 32 - off < bits - i ? 32 - off : bits - i;
    uint32_t mask = take == 32 ? 0xFFFFFFFFu : ((1u << take) - 1u);
    v |= (uint64_t)((w[word] >> off) & mask) << i;
    i += take;
  }
  return v;
}

/* Element access by size, so one loop serves every C element type. */
static uint64_t load_elem(const void *base, size_t size, size_t k) {
  const unsigned char *p = (const unsigned char *)base + k * size;
  switch (size) {
    case 1: return *p;
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
  }
}

static void store_elem(void *base, size_t size, size_t k, uint64_t v) {
  unsigned char *p = (unsigned char *)base + k * size;
  switch (size) {
    case 1: *p = (unsigned char)v; break;
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
  }
}

static uint64_t width_mask(unsigned bits) {
  return bits >= 64 ? ~0ull : ((1ull << bits) - 1u);
}

typedef struct field_desc {
  spagm_field_info info;
  size_t offset, elem_size;
} field_desc;

/* Outer dimension of a 2-D field: total elements / lanes when the field is
 * [N][SPAGM_LANES], else 1. Decided from the dims text of the table. */
#define SPAGM_X_STR2(x) #x
#define SPAGM_X_STR(x) SPAGM_X_STR2(x)

static unsigned outer_of(const char *dims, unsigned count) {
  /* "[2][32]" has two bracket pairs; "[32]" or "" one or none. */
  unsigned pairs = 0;
  for (const char *p = dims; *p; p++) pairs += *p == '[';
  return pairs >= 2 ? count / SPAGM_LANES : 1;
}

#define SPAGM_X_DESC(T, name, ctype, bits, dims)                               \
  {{#name, bits, (unsigned)(sizeof(((T *)0)->name) / sizeof(ctype)), 0, 0},    \
   offsetof(T, name), sizeof(ctype)},
#define SPAGM_X_DESC_REQ(name, ctype, bits, dims) \
  SPAGM_X_DESC(spagm_request, name, ctype, bits, dims)
#define SPAGM_X_DESC_RSP(name, ctype, bits, dims) \
  SPAGM_X_DESC(spagm_response, name, ctype, bits, dims)
#define SPAGM_X_DIMS(name, ctype, bits, dims) SPAGM_X_STR(dims),

static const field_desc req_desc[] = {SPAGM_REQUEST_FIELDS(SPAGM_X_DESC_REQ)};
static const field_desc rsp_desc[] = {SPAGM_RESPONSE_FIELDS(SPAGM_X_DESC_RSP)};
static const char *const req_dims[] = {SPAGM_REQUEST_FIELDS(SPAGM_X_DIMS)};
static const char *const rsp_dims[] = {SPAGM_RESPONSE_FIELDS(SPAGM_X_DIMS)};
#define NREQ (sizeof req_desc / sizeof req_desc[0])
#define NRSP (sizeof rsp_desc / sizeof rsp_desc[0])

/* Bit offsets and outer dimensions follow from the constant tables; the
 * field listing recomputes them per call so no mutable global exists.
 * pack/unpack keep only the running offset. */
static void layout(const field_desc *desc, const char *const *dims, size_t n,
                   unsigned total, spagm_field_info *out) {
  unsigned cursor = total;
  for (size_t i = 0; i < n; i++) {
    out[i] = desc[i].info;
    cursor -= out[i].bits * out[i].count;
    out[i].lsb = cursor;
    out[i].outer = dims ? outer_of(dims[i], out[i].count) : 1;
  }
}

/* One element of up to 32 bits at bit pos: the word holding pos, funnelled
 * with the next word only when the element spills into it (which then
 * exists). Every field has elements of at most 32 bits except insn
 * (two halves), so these two carry the conversion at close to the cost of a
 * copy, without a loop per element. */
static uint32_t getn(const uint32_t *w, unsigned pos, unsigned bits) {
  unsigned word = pos / 32, off = pos % 32;
  uint32_t v = w[word] >> off;
  if (off + bits > 32) v |= w[word + 1] << (32 - off);
  return bits == 32 ? v : v & ((1u << bits) - 1u);
}

/* OR v (already within bits) into zeroed words: pack clears them first and
 * fields never overlap. */
static void putn(uint32_t *w, unsigned pos, unsigned bits, uint32_t v) {
  unsigned word = pos / 32, off = pos % 32;
  w[word] |= v << off;
  if (off + bits > 32) w[word + 1] |= v >> (32 - off);
}

/* On a little-endian host bit p of the word vector is bit p % 8 of its
 * byte p / 8 in memory, so a field whose elements fill whole bytes
 * (bits == 8 * element size) and start on a byte is the same bytes as the C
 * array: one memcpy. Every response field and all request
 * fields but sample are such; other hosts take the per-element paths. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SPAGM_PACK_BYTES 1
#else
#define SPAGM_PACK_BYTES 0
#endif

/* One field into zeroed words / out of words: `lsb` is the field's lowest
 * bit, `count` elements of `size` bytes each carry `bits`. The path is
 * chosen from these numbers alone; called with constants (the X-macro
 * expansions below), the compiler keeps only the one path and turns each
 * memcpy into fixed moves. Paths: whole bytes on a
 * byte are the C array's bytes; one-byte elements of 1, 2 or 4 bits
 * on a byte (the request's sample) take a shift and a mask each;
 * the rest funnel through getn/putn or, above 32 bits, get_bits/put_bits. */
#if defined(__GNUC__)
#define SPAGM_INLINE static inline __attribute__((always_inline))
#else
#define SPAGM_INLINE static inline
#endif

SPAGM_INLINE void pack_field(uint32_t *words, unsigned lsb, unsigned bits, size_t size,
                             unsigned count, const unsigned char *base) {
  if (SPAGM_PACK_BYTES && bits == 8 * size && lsb % 8 == 0) {
    memcpy((unsigned char *)words + lsb / 8, base, (size_t)count * size);
  } else if (SPAGM_PACK_BYTES && size == 1 && (bits == 1 || bits == 2 || bits == 4) &&
             lsb % 8 == 0) {
    unsigned char *to = (unsigned char *)words + lsb / 8, m = (unsigned char)((1u << bits) - 1u);
    for (unsigned k = 0; k < count; k++)
      to[k * bits / 8] |= (unsigned char)((base[k] & m) << (k * bits % 8));
  } else if (bits == 32 && size == 4 && lsb % 32 == 0) {
    memcpy(words + lsb / 32, base, (size_t)count * 4);
  } else if (bits == 32 && size == 4) {
    for (unsigned k = 0; k < count; k++) {
      uint32_t v;
      memcpy(&v, base + (size_t)k * 4, 4);
      putn(words, lsb + k * 32, 32, v);
    }
  } else if (bits == 64 && size == 8) {
    for (unsigned k = 0; k < count; k++) {
      uint64_t v;
      memcpy(&v, base + (size_t)k * 8, 8);
      putn(words, lsb + k * 64, 32, (uint32_t)v);
      putn(words, lsb + k * 64 + 32, 32, (uint32_t)(v >> 32));
    }
  } else if (bits <= 32) {
    uint32_t m = (uint32_t)width_mask(bits);
    for (unsigned k = 0; k < count; k++)
      putn(words, lsb + k * bits, bits, (uint32_t)load_elem(base, size, k) & m);
  } else {
    uint64_t m = width_mask(bits);
    for (unsigned k = 0; k < count; k++)
      put_bits(words, lsb + k * bits, bits, load_elem(base, size, k) & m);
  }
}

SPAGM_INLINE void unpack_field(const uint32_t *words, unsigned lsb, unsigned bits, size_t size,
                               unsigned count, unsigned char *base) {
  if (SPAGM_PACK_BYTES && bits == 8 * size && lsb % 8 == 0) {
    memcpy(base, (const unsigned char *)words + lsb / 8, (size_t)count * size);
  } else if (SPAGM_PACK_BYTES && size == 1 && (bits == 1 || bits == 2 || bits == 4) &&
             lsb % 8 == 0) {
    const unsigned char *from = (const unsigned char *)words + lsb / 8;
    unsigned m = (1u << bits) - 1u;
    for (unsigned k = 0; k < count; k++)
      base[k] = (unsigned char)(from[k * bits / 8] >> (k * bits % 8) & m);
  } else if (bits == 32 && size == 4 && lsb % 32 == 0) {
    memcpy(base, words + lsb / 32, (size_t)count * 4);
  } else if (bits == 32 && size == 4) {
    for (unsigned k = 0; k < count; k++) {
      uint32_t v = getn(words, lsb + k * 32, 32);
      memcpy(base + (size_t)k * 4, &v, 4);
    }
  } else if (bits == 64 && size == 8) {
    for (unsigned k = 0; k < count; k++) {
      uint64_t v = getn(words, lsb + k * 64, 32) |
                   (uint64_t)getn(words, lsb + k * 64 + 32, 32) << 32;
      memcpy(base + (size_t)k * 8, &v, 8);
    }
  } else if (bits <= 32) {
    for (unsigned k = 0; k < count; k++)
      store_elem(base, size, k, getn(words, lsb + k * bits, bits));
  } else {
    for (unsigned k = 0; k < count; k++)
      store_elem(base, size, k, get_bits(words, lsb + k * bits, bits));
  }
}

/* One call per row of the field table, from the top bit down as layout()
 * places the fields: `cursor` starts at the total width and every step is
 * a constant, so each call's lsb is a constant too. */
#define SPAGM_X_COUNT(T, name, ctype) (unsigned)(sizeof(((T *)0)->name) / sizeof(ctype))
#define SPAGM_X_PACK(T, obj, name, ctype, bits)                                      \
  cursor -= (bits) * SPAGM_X_COUNT(T, name, ctype);                                  \
  pack_field(words, cursor, bits, sizeof(ctype), SPAGM_X_COUNT(T, name, ctype),      \
             (const unsigned char *)&(obj)->name);
#define SPAGM_X_UNPACK(T, obj, name, ctype, bits)                                    \
  cursor -= (bits) * SPAGM_X_COUNT(T, name, ctype);                                  \
  unpack_field(words, cursor, bits, sizeof(ctype), SPAGM_X_COUNT(T, name, ctype),    \
               (unsigned char *)&(obj)->name);
#define SPAGM_X_PACK_REQ(name, ctype, bits, dims) SPAGM_X_PACK(spagm_request, req, name, ctype, bits)
#define SPAGM_X_PACK_RSP(name, ctype, bits, dims) SPAGM_X_PACK(spagm_response, resp, name, ctype, bits)
#define SPAGM_X_UNPACK_REQ(name, ctype, bits, dims) \
  SPAGM_X_UNPACK(spagm_request, req, name, ctype, bits)
#define SPAGM_X_UNPACK_RSP(name, ctype, bits, dims) \
  SPAGM_X_UNPACK(spagm_response, resp, name, ctype, bits)

void spagm_request_pack(const spagm_request *req, uint32_t *words) {
  if (!req || !words) return;
  unsigned cursor = SPAGM_REQUEST_BITS;
  memset(words, 0, SPAGM_REQUEST_WORDS * sizeof *words);
  SPAGM_REQUEST_FIELDS(SPAGM_X_PACK_REQ)
}
void spagm_response_pack(const spagm_response *resp, uint32_t *words) {
  if (!resp || !words) return;
  unsigned cursor = SPAGM_RESPONSE_BITS;
  memset(words, 0, SPAGM_RESPONSE_WORDS * sizeof *words);
  SPAGM_RESPONSE_FIELDS(SPAGM_X_PACK_RSP)
}
void spagm_request_unpack(const uint32_t *words, spagm_request *req) {
  if (!words || !req) return;
  unsigned cursor = SPAGM_REQUEST_BITS;
  memset(req, 0, sizeof *req);
  SPAGM_REQUEST_FIELDS(SPAGM_X_UNPACK_REQ)
}
void spagm_response_unpack(const uint32_t *words, spagm_response *resp) {
  if (!words || !resp) return;
  unsigned cursor = SPAGM_RESPONSE_BITS;
  memset(resp, 0, sizeof *resp);
  SPAGM_RESPONSE_FIELDS(SPAGM_X_UNPACK_RSP)
}

static size_t copy_fields(const field_desc *desc, const char *const *dims, size_t n,
                          unsigned total, spagm_field_info *out, size_t max) {
  spagm_field_info info[32];
  layout(desc, dims, n, total, info);
  for (size_t i = 0; out && i < n && i < max; i++) out[i] = info[i]; /* NULL: count only */
  return n;
}

size_t spagm_request_fields(spagm_field_info *out, size_t max) {
  return copy_fields(req_desc, req_dims, NREQ, SPAGM_REQUEST_BITS, out, max);
}
size_t spagm_response_fields(spagm_field_info *out, size_t max) {
  return copy_fields(rsp_desc, rsp_dims, NRSP, SPAGM_RESPONSE_BITS, out, max);
}

_Static_assert(sizeof req_desc / sizeof req_desc[0] <= 32, "layout() buffer too small");
_Static_assert(sizeof rsp_desc / sizeof rsp_desc[0] <= 32, "layout() buffer too small");
