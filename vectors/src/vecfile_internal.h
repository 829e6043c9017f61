// SPDX-License-Identifier: Apache-2.0
/* Internal: pieces shared by the vector-file writer, reader, checker and
 * hex export (vecfile_*.c). */
#ifndef SPAGM_VECFILE_INTERNAL_H
#define SPAGM_VECFILE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "spagm/spagm.h"
#include "spagm/txn_pack.h"
#include "spagm/vec/file.h"

/* One field of a transaction table with where it lives in the C struct:
 * the names, widths and dimensions come from spagm_request_fields /
 * spagm_response_fields, the offsets from the same X-macro tables. */
typedef struct spagm__vec_field {
  spagm_field_info info;
  unsigned rows;    /* info.outer */
  unsigned row_len; /* info.count / info.outer */
  size_t offset;    /* of the member in the struct */
  size_t elem_size; /* of one C element */
  size_t name_len;  /* strlen(info.name) */
} spagm__vec_field;

typedef struct spagm__vec_table {
  spagm__vec_field f[SPAGM_VEC_MAX_FIELDS];
  size_t n;
} spagm__vec_table;

/* The request (which = 0) or response (which = 1) table; false when the
 * contract has a shape the format cannot write (more than
 * SPAGM_VEC_MAX_FIELDS fields or rows, rows longer than 64 elements). */
bool spagm__vec_table_get(int which, spagm__vec_table *t);

/* Element k (flattened) of field f in the struct at base. */
static inline uint64_t spagm__vec_elem(const spagm__vec_field *f, const void *base, unsigned k) {
  const unsigned char *p = (const unsigned char *)base + f->offset + k * f->elem_size;
  switch (f->elem_size) {
    case 1: return *p;
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
  }
}
void spagm__vec_set_elem(const spagm__vec_field *f, void *base, unsigned k, uint64_t v);
/* True when row r of field f is the same in both structs. */
static inline bool spagm__vec_row_equal(const spagm__vec_field *f, const void *a, const void *b,
                                        unsigned r) {
  size_t off = f->offset + (size_t)r * f->row_len * f->elem_size;
  return memcmp((const unsigned char *)a + off, (const unsigned char *)b + off,
                f->row_len * f->elem_size) == 0;
}
/* All ones in the element width. */
static inline uint64_t spagm__vec_width_mask(unsigned bits) {
  return bits >= 64 ? ~0ull : ((1ull << bits) - 1u);
}

/* The one range check of the format, shared by the reader (which refuses)
 * and the writer (which will not write) so the two cannot disagree: an
 * element value must fit the field's width (`sample` is 4 bits in a
 * uint8_t), a row index must name one of the field's rows. */
static inline bool spagm__vec_value_fits(const spagm__vec_field *f, uint64_t v) {
  return (v & ~spagm__vec_width_mask(f->info.bits)) == 0;
}
static inline bool spagm__vec_row_fits(const spagm__vec_field *f, uint64_t row) {
  return row < f->rows;
}

/* A growable text buffer. */
typedef struct spagm__vec_buf {
  char *p;
  size_t len, cap;
  bool oom;
} spagm__vec_buf;

void spagm__vec_buf_free(spagm__vec_buf *b);
/* Make room for n more bytes; false (and b->oom) when memory runs out. */
bool spagm__vec_buf_reserve(spagm__vec_buf *b, size_t n);
void spagm__vec_buf_put(spagm__vec_buf *b, const char *s, size_t n);
void spagm__vec_buf_puts(spagm__vec_buf *b, const char *s);
void spagm__vec_buf_printf(spagm__vec_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Lower-case hex without leading zeros ("0" for zero). */
void spagm__vec_buf_hex(spagm__vec_buf *b, uint64_t v);
/* Exactly `digits` lower-case hex digits. */
void spagm__vec_buf_hexw(spagm__vec_buf *b, uint64_t v, unsigned digits);
void spagm__vec_buf_dec(spagm__vec_buf *b, uint64_t v);

/* Words of a state or read-back block as `w ADDR V V ...` lines (runs of
 * consecutive addresses, at most SPAGM__VEC_WORDS_PER_LINE value tokens a
 * line, repeats as V*N), with a comment naming each new target. */
#define SPAGM__VEC_WORDS_PER_LINE 8
void spagm__vec_put_words(spagm__vec_buf *b, spagm_unit u, const spagm_cfg_list *words);
/* Memory words as `m VA V V ...` lines, runs as above, after a comment line
 * naming the memory. */
void spagm__vec_put_mem(spagm__vec_buf *b, const spagm_mem_list *mem);

/* The header lines of h (without the shard line when with_shard is false). */
void spagm__vec_put_header(spagm__vec_buf *b, const spagm_vec_header *h, bool with_shard);
/* Validate a header's fields; SPAGM_E_ARG with a sentence otherwise. */
spagm_status spagm__vec_header_check(const spagm_vec_header *h, spagm_diag *d);

/* The header a reader read when it was opened. */
spagm_status spagm__vec_reader_header(const spagm_vec_reader *r, spagm_vec_header *h);

/* The unit of a `txn`/`state`/`readback` line by name, or -1. */
int spagm__vec_unit_of(const char *name, size_t n);

#endif
