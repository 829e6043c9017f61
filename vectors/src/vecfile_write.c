// SPDX-License-Identifier: Apache-2.0
/* Vector-file writer (spagm/vec/file.h, docs/vector-format.md). Text is built in a
 * buffer and flushed to a temporary file between blocks; every block's CRC
 * is computed once and folded into the file CRC with crc32_combine. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "vecfile_internal.h"

#define FLUSH_AT (1u << 20) /* bytes buffered before a write to the file */
/* Blocks shorter than this fold into the file CRC through a cached
 * crc32_combine operator per length (zlib 1.2.12+): combining is then one
 * multiplication instead of a power per block, a few per cent of `gen`. */
#define COMBINE_CACHE 8192u

struct spagm_vec_writer {
  spagm__vec_buf b;
  FILE *f;       /* NULL for a memory writer */
  char *path, *tmp;
  uint32_t crc;  /* CRC-32 of everything before b.p + acct */
  size_t acct;   /* bytes of b already in crc */
  uint64_t flushed, txns;
  spagm_vec_header h;
  spagm__vec_table req_t, rsp_t;
  spagm_request req0;   /* the empty records rows are compared with */
  spagm_response rsp0;
  /* Order of blocks (docs/vector-format.md, "Body"). */
  uint32_t epochs_written, next_epoch;
  bool in_epoch, in_txns, raw;
  uint32_t state_units, rb_units; /* units done in this epoch */
  bool failed;
  uLong *combine_op; /* [length]: x^(8*length) mod P, 0 = not yet computed */
  spagm_vec_progress_fn on_txn;
  void *on_txn_user;
};

void spagm_vec_writer_on_txn(spagm_vec_writer *w, spagm_vec_progress_fn fn, void *user) {
  if (!w) return;
  w->on_txn = fn;
  w->on_txn_user = user;
}

static spagm_status fail(spagm_vec_writer *w, spagm_diag *d, spagm_status st, const char *fmt,
                         const char *arg) {
  w->failed = true;
  return spagm_diag_set(d, st, 0, 0, fmt, arg);
}

/* Fold the pending unblocked bytes into the CRC. */
static void account(spagm_vec_writer *w) {
  if (w->b.len > w->acct) {
    w->crc = (uint32_t)crc32(w->crc, (const Bytef *)w->b.p + w->acct, (uInt)(w->b.len - w->acct));
    w->acct = w->b.len;
  }
}

static spagm_status flush(spagm_vec_writer *w, spagm_diag *d) {
  if (w->b.oom) return fail(w, d, SPAGM_E_NOMEM, "out of memory%s", "");
  if (!w->f) return SPAGM_OK;
  account(w);
  if (w->b.len && fwrite(w->b.p, 1, w->b.len, w->f) != w->b.len)
    return fail(w, d, SPAGM_E_IO, "cannot write %s", w->tmp);
  w->flushed += w->b.len;
  w->b.len = w->acct = 0;
  return SPAGM_OK;
}

static void block_end(spagm_vec_writer *w, size_t start);

static spagm_vec_writer *open_common(const spagm_vec_header *h, spagm_diag *d) {
  if (spagm__vec_header_check(h, d) != SPAGM_OK) return NULL;
  spagm_vec_writer *w = calloc(1, sizeof *w);
  if (!w) {
    spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  w->h = *h;
  if (!spagm__vec_table_get(0, &w->req_t) || !spagm__vec_table_get(1, &w->rsp_t)) {
    free(w);
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                   "the transaction field tables have a shape the vector format cannot hold");
    return NULL;
  }
  spagm_request_init(&w->req0);
  spagm_response_init(&w->rsp0, 0);
  w->next_epoch = h->sharded ? h->first_epoch : 0;
  /* The header is a block of its own: an edit there is caught at once. */
  spagm__vec_put_header(&w->b, h, true);
  block_end(w, 0);
  return w;
}

spagm_vec_writer *spagm_vec_writer_open_mem(const spagm_vec_header *h, spagm_diag *d) {
  return open_common(h, d);
}

static char *dup_str(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p) memcpy(p, s, n);
  return p;
}

spagm_vec_writer *spagm_vec_writer_open(const char *path, const spagm_vec_header *h,
                                        spagm_diag *d) {
  if (!path || !*path) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no output path");
    return NULL;
  }
  spagm_vec_writer *w = open_common(h, d);
  if (!w) return NULL;
  size_t n = strlen(path) + 40;
  w->path = dup_str(path);
  w->tmp = malloc(n);
  if (!w->path || !w->tmp) {
    spagm_vec_writer_abort(w);
    spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  /* A name of our own beside the target, so rename() stays in one file
   * system and concurrent writers never share a temporary. */
  snprintf(w->tmp, n, "%s.partial-%ld", path, (long)getpid());
  w->f = fopen(w->tmp, "wb");
  if (!w->f) {
    spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot create %s", w->tmp);
    free(w->tmp);
    w->tmp = NULL;
    spagm_vec_writer_abort(w);
    return NULL;
  }
  return w;
}

static spagm_status check_open(spagm_vec_writer *w, spagm_diag *d) {
  if (!w) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no writer");
  if (w->failed) return spagm_diag_set(d, SPAGM_E_STATE, 0, 0, "the writer failed earlier");
  return SPAGM_OK;
}

static uint32_t units_before(uint32_t mask, unsigned u) { return mask & ((1u << u) - 1u); }

spagm_status spagm_vec_write_epoch(spagm_vec_writer *w, uint32_t epoch, spagm_diag *d) {
  spagm_status st = check_open(w, d);
  if (st != SPAGM_OK) return st;
  if (w->in_epoch && w->rb_units != w->h.units)
    return spagm_diag_set(d, SPAGM_E_STATE, 0, 0, "epoch %u: the previous epoch has no read-back",
                          epoch);
  uint32_t last = w->h.sharded ? w->h.first_epoch + w->h.shard_epochs : w->h.epochs;
  if (epoch != w->next_epoch || epoch >= last)
    return spagm_diag_set(d, SPAGM_E_STATE, 0, 0, "epoch %u out of order (expected %u of %u)",
                          epoch, w->next_epoch, last);
  if ((st = flush(w, d)) != SPAGM_OK) return st;
  spagm__vec_buf_puts(&w->b, "epoch ");
  spagm__vec_buf_dec(&w->b, epoch);
  spagm__vec_buf_puts(&w->b, "\n");
  w->in_epoch = true;
  w->in_txns = false;
  w->state_units = w->rb_units = 0;
  w->next_epoch = epoch + 1;
  w->epochs_written++;
  return SPAGM_OK;
}

/* Block start: everything before it is in the CRC. */
static size_t block_begin(spagm_vec_writer *w) {
  account(w);
  return w->b.len;
}

/* The CRC of A followed by B, from crc(A), crc(B) and B's length. */
static uint32_t combine(spagm_vec_writer *w, uint32_t crc_a, uint32_t crc_b, size_t len_b) {
#if ZLIB_VERNUM >= 0x12c0
  if (len_b < COMBINE_CACHE) {
    if (!w->combine_op) w->combine_op = calloc(COMBINE_CACHE, sizeof *w->combine_op);
    if (w->combine_op) {
      /* Never 0: x is a unit modulo the CRC-32 polynomial. */
      if (!w->combine_op[len_b]) w->combine_op[len_b] = crc32_combine_gen((z_off_t)len_b);
      return (uint32_t)crc32_combine_op(crc_a, crc_b, w->combine_op[len_b]);
    }
  }
#endif
  return (uint32_t)crc32_combine(crc_a, crc_b, (z_off_t)len_b);
}

/* Block end: the `end CRC` line; the block's CRC folds into the file's. */
static void block_end(spagm_vec_writer *w, size_t start) {
  if (w->b.oom) return;
  size_t n = w->b.len - start;
  uint32_t c = (uint32_t)crc32(0L, (const Bytef *)w->b.p + start, (uInt)n);
  w->crc = combine(w, w->crc, c, n);
  w->acct = w->b.len;
  spagm__vec_buf_puts(&w->b, "end ");
  spagm__vec_buf_hexw(&w->b, c, 8);
  spagm__vec_buf_put(&w->b, "\n", 1);
}

static bool unit_ok(const spagm_vec_writer *w, spagm_unit u) {
  return (unsigned)u < SPAGM_UNIT_COUNT && (w->h.units >> u & 1u);
}

static void put_sanitized(spagm__vec_buf *b, const char *s) {
  size_t n = strlen(s);
  if (!spagm__vec_buf_reserve(b, n)) return;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    b->p[b->len + i] = (c >= ' ' && c <= '~') ? c : '?';
  }
  b->len += n;
}

spagm_status spagm_vec_write_state(spagm_vec_writer *w, spagm_unit u, const spagm_cfg_list *words,
                                   const spagm_mem_list *mem, const char *summary, spagm_diag *d) {
  spagm_status st = check_open(w, d);
  if (st != SPAGM_OK) return st;
  if (!words || !unit_ok(w, u))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "state of a unit outside the file's unit mix");
  if (mem && mem->n) {
    if (!spagm_statemap_has_memory(u))
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "memory words for the %s unit, which has none",
                            spagm_unit_name(u));
    /* Ascending and aligned: a reader requires it, and a replay pages it. */
    for (size_t i = 0; i < mem->n; i++)
      if (mem->w[i].va % 4 || mem->w[i].va >= SPAGM_TEX_VA_LIMIT ||
          (i && mem->w[i].va <= mem->w[i - 1].va))
        return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                              "memory word %zu at 0x%llx: addresses must be aligned, below 2^48 "
                              "and ascending",
                              i, (unsigned long long)mem->w[i].va);
  }
  if (!w->in_epoch || w->in_txns || (w->state_units >> u & 1u) ||
      units_before(w->h.units, u) != w->state_units)
    return spagm_diag_set(d, SPAGM_E_STATE, 0, 0,
                          "state blocks come right after `epoch`, once per unit, in unit order");
  size_t start = block_begin(w);
  spagm__vec_buf_puts(&w->b, "state ");
  spagm__vec_buf_puts(&w->b, spagm_unit_name(u));
  if (summary && *summary) {
    spagm__vec_buf_puts(&w->b, "  # ");
    put_sanitized(&w->b, summary);
  }
  spagm__vec_buf_put(&w->b, "\n", 1);
  spagm__vec_put_words(&w->b, u, words);
  if (mem && mem->n) spagm__vec_put_mem(&w->b, mem);
  block_end(w, start);
  w->state_units |= 1u << u;
  return w->b.oom ? fail(w, d, SPAGM_E_NOMEM, "out of memory%s", "") : SPAGM_OK;
}

static const char hexdig[] = "0123456789abcdef";

/* Hex without leading zeros at p; returns the end. The digit count comes
 * from the highest set bit, so digits are written in place. */
static inline char *raw_hex(char *p, uint64_t v) {
#if defined(__GNUC__)
  unsigned n = v ? (unsigned)(67 - __builtin_clzll(v)) / 4 : 1;
#else
  unsigned n = 1;
  while (n < 16 && v >> (4 * n)) n++;
#endif
  char *end = p + n;
  do {
    *--end = hexdig[v & 15u];
    v >>= 4;
  } while (end != p);
  return p + n;
}

static inline char *raw_dec(char *p, unsigned v) {
  char tmp[12];
  int n = 0;
  do {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) *p++ = tmp[--n];
  return p;
}

/* Where a record holds a value the reader would refuse. */
typedef struct bad_value {
  const spagm__vec_field *f; /* NULL while every value fits */
  unsigned k;                /* flattened element */
  uint64_t v;
} bad_value;

/* `  name V` of a single-element field that differs from the empty record;
 * false when the buffer cannot grow or the value does not fit (*bad). */
static inline bool put_scalar(spagm__vec_buf *b, const spagm__vec_field *f, const void *obj,
                              const void *empty, bad_value *bad) {
  uint64_t v = spagm__vec_elem(f, obj, 0);
  if (v == spagm__vec_elem(f, empty, 0)) return true;
  if (!spagm__vec_value_fits(f, v)) {
    *bad = (bad_value){f, 0, v};
    return false;
  }
  if (!spagm__vec_buf_reserve(b, f->name_len + 24)) return false;
  char *p = b->p + b->len;
  *p++ = ' ';
  *p++ = ' ';
  memcpy(p, f->info.name, f->name_len);
  p += f->name_len;
  *p++ = ' ';
  p = raw_hex(p, v);
  *p++ = '\n';
  b->len = (size_t)(p - b->p);
  return true;
}

/* The first of the n values of row r that does not fit field f (the
 * reader's range check); false when all fit. Elements equal to the empty
 * record's are not listed, and the empty record fits. */
static bool row_misfit(const spagm__vec_field *f, unsigned r, uint64_t mask, const uint64_t *vals,
                       unsigned n, bad_value *bad) {
  for (unsigned j = 0, k = 0; j < n; j++, k++) {
    while (!(mask >> k & 1u)) k++;
    if (!spagm__vec_value_fits(f, vals[j])) {
      *bad = (bad_value){f, r * f->row_len + k, vals[j]};
      return true;
    }
  }
  return false;
}

/* The elements of row r that differ from the empty record: their values in
 * vals, their positions in *mask; returns how many. */
static inline unsigned row_diff(const spagm__vec_field *f, const void *obj, const void *empty,
                                unsigned r, uint64_t vals[64], uint64_t *mask) {
  unsigned k0 = r * f->row_len;
  unsigned nv = 0;
  *mask = 0;
  if (f->elem_size == sizeof(uint32_t)) { /* most fields: a plain word loop */
    size_t off = f->offset + (size_t)k0 * sizeof(uint32_t);
    const unsigned char *a = (const unsigned char *)obj + off;
    const unsigned char *z = (const unsigned char *)empty + off;
    for (unsigned k = 0; k < f->row_len; k++) {
      uint32_t v, v0;
      memcpy(&v, a + 4 * k, 4);
      memcpy(&v0, z + 4 * k, 4);
      if (v != v0) {
        *mask |= 1ull << k;
        vals[nv++] = v;
      }
    }
  } else {
    for (unsigned k = 0; k < f->row_len; k++) {
      uint64_t v = spagm__vec_elem(f, obj, k0 + k);
      if (v != spagm__vec_elem(f, empty, k0 + k)) {
        *mask |= 1ull << k;
        vals[nv++] = v;
      }
    }
  }
  return nv;
}

/* `  name[r] @mask V V*N ...` (no [r] for a one-row field), equal
 * neighbours as runs; false when the buffer cannot grow. */
static inline bool put_row(spagm__vec_buf *b, const spagm__vec_field *f, unsigned r,
                           uint64_t mask, const uint64_t *vals, unsigned nv) {
  /* name, [row], @mask, and per element a blank, 16 digits, *count */
  if (!spagm__vec_buf_reserve(b, f->name_len + 48 + (size_t)nv * 22)) return false;
  char *p = b->p + b->len;
  *p++ = ' ';
  *p++ = ' ';
  memcpy(p, f->info.name, f->name_len);
  p += f->name_len;
  if (f->rows > 1) {
    *p++ = '[';
    p = raw_dec(p, r);
    *p++ = ']';
  }
  *p++ = ' ';
  *p++ = '@';
  p = raw_hex(p, mask);
  for (unsigned j = 0; j < nv;) {
    unsigned run = 1;
    while (j + run < nv && vals[j + run] == vals[j]) run++;
    *p++ = ' ';
    p = raw_hex(p, vals[j]);
    if (run > 1) {
      *p++ = '*';
      p = raw_dec(p, run);
    }
    j += run;
  }
  *p++ = '\n';
  b->len = (size_t)(p - b->p);
  return true;
}

/* The rows of one record that differ from the empty record. This is the
 * hot path of `spagm gen`: each row is scanned once for the elements that
 * differ, room for the whole line is reserved once, and the text is written
 * through a plain pointer. */
static void put_fields(spagm__vec_buf *b, const spagm__vec_table *t, const void *obj,
                       const void *empty, bad_value *bad) {
  for (size_t i = 0; i < t->n; i++) {
    const spagm__vec_field *f = &t->f[i];
    if (f->info.count == 1) {
      if (!put_scalar(b, f, obj, empty, bad)) return;
      continue;
    }
    /* Only fields narrower than their C type can hold a misfit. */
    bool narrow = f->info.bits < 8 * f->elem_size;
    for (unsigned r = 0; r < f->rows; r++) {
      uint64_t vals[64], mask;
      unsigned nv = row_diff(f, obj, empty, r, vals, &mask);
      if (!nv) continue; /* the row is the empty record's */
      if (narrow && row_misfit(f, r, mask, vals, nv, bad)) return;
      if (!put_row(b, f, r, mask, vals, nv)) return;
    }
  }
}

/* The writer refuses a record the reader would refuse: the
 * record's text is taken back and the writer stays usable. */
static spagm_status refuse_record(spagm_vec_writer *w, size_t start, const bad_value *bad,
                                  bool in_rsp, spagm_diag *d) {
  w->b.len = start;
  const spagm__vec_field *f = bad->f;
  return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                        "%s field %s element %u is %llx, wider than its %u bits: not written",
                        in_rsp ? "response" : "request", f->info.name, bad->k,
                        (unsigned long long)bad->v, f->info.bits);
}

/* Which rule produced each value, grouped by rule: one comment per rule and
 * slot, with the sentence of its lowest lane. */
static void put_explain(spagm__vec_buf *b, const spagm_request *req, const spagm_response *rsp,
                        const spagm_explain *ex, bool stores) {
  char text[256];
  if (ex->fault_rule) {
    spagm_explain_fault(ex, text, sizeof text);
    const char *name = spagm_rule_name(ex->fault_rule);
    spagm__vec_buf_puts(b, "# fault ");
    spagm__vec_buf_puts(b, name ? name : "?");
    spagm__vec_buf_puts(b, ": ");
    put_sanitized(b, text);
    spagm__vec_buf_put(b, "\n", 1);
  }
  (void)req;
  (void)rsp;
  for (unsigned s = 0; s < SPAGM_EXPLAIN_SLOTS; s++) {
    uint32_t done = 0;
    for (unsigned l = 0; l < SPAGM_LANES; l++) {
      unsigned rule = ex->rule[s][l];
      if (!rule || (done >> l & 1u)) continue;
      uint32_t lanes = 0;
      for (unsigned k = l; k < SPAGM_LANES; k++)
        if (ex->rule[s][k] == rule) lanes |= 1u << k;
      done |= lanes;
      spagm_explain_format(ex, s, l, text, sizeof text);
      const char *name = spagm_rule_name(rule);
      if (s == SPAGM_EXPLAIN_PD_SLOT) spagm__vec_buf_puts(b, "# pd");
      else {
        spagm__vec_buf_puts(b, stores ? "# st" : "# wb");
        spagm__vec_buf_dec(b, s);
      }
      spagm__vec_buf_puts(b, " lanes ");
      spagm__vec_buf_hexw(b, lanes, 8);
      spagm__vec_buf_put(b, " ", 1);
      spagm__vec_buf_puts(b, name ? name : "?");
      spagm__vec_buf_puts(b, ": ");
      put_sanitized(b, text);
      spagm__vec_buf_puts(b, " (lane ");
      spagm__vec_buf_dec(b, l);
      spagm__vec_buf_puts(b, ")\n");
    }
  }
}

spagm_status spagm_vec_write_txn(spagm_vec_writer *w, spagm_unit u, const spagm_request *req,
                                 const spagm_response *rsp, const spagm_explain *ex,
                                 spagm_diag *d) {
  spagm_status st = check_open(w, d);
  if (st != SPAGM_OK) return st;
  if (!req || !rsp || !unit_ok(w, u))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "transaction of a unit outside the unit mix");
  if (!w->in_epoch || w->state_units != w->h.units || w->rb_units)
    return spagm_diag_set(d, SPAGM_E_STATE, 0, 0,
                          "transactions come after every state block and before the read-back");
  if (rsp->tag != req->tag)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "response tag %u is not the request's %u",
                          rsp->tag, req->tag);
  if (w->b.len >= FLUSH_AT && (st = flush(w, d)) != SPAGM_OK) return st;
  size_t start = block_begin(w);
  spagm__vec_buf_puts(&w->b, "txn ");
  spagm__vec_buf_puts(&w->b, spagm_unit_name(u));
  spagm__vec_buf_puts(&w->b, "  # ");
  char dis[256];
  spagm_insn insn;
  bool stores = false;
  if (spagm_decode(req->insn, &insn, NULL) == SPAGM_OK) {
    spagm_disasm(&insn, 0, dis, sizeof dis);
    stores = insn.op == SPAGM_OP_AST || insn.op == SPAGM_OP_ISBEWR;
  } else {
    spagm_disasm_word(req->insn, dis, sizeof dis);
  }
  put_sanitized(&w->b, dis);
  spagm__vec_buf_put(&w->b, "\n", 1);
  bad_value bad = {NULL, 0, 0};
  put_fields(&w->b, &w->req_t, req, &w->req0, &bad);
  if (bad.f) return refuse_record(w, start, &bad, false, d);
  spagm__vec_buf_puts(&w->b, "expect\n");
  put_fields(&w->b, &w->rsp_t, rsp, &w->rsp0, &bad);
  if (bad.f) return refuse_record(w, start, &bad, true, d);
  if (ex) put_explain(&w->b, req, rsp, ex, stores);
  block_end(w, start);
  w->in_txns = true;
  w->txns++;
  if (w->on_txn) w->on_txn(w->on_txn_user, w->txns);
  return w->b.oom ? fail(w, d, SPAGM_E_NOMEM, "out of memory%s", "") : SPAGM_OK;
}

spagm_status spagm_vec_write_readback(spagm_vec_writer *w, spagm_unit u,
                                      const spagm_cfg_list *words, spagm_diag *d) {
  spagm_status st = check_open(w, d);
  if (st != SPAGM_OK) return st;
  if (!words || !unit_ok(w, u))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "read-back of a unit outside the unit mix");
  if (!w->in_epoch || w->state_units != w->h.units || (w->rb_units >> u & 1u) ||
      units_before(w->h.units, u) != w->rb_units)
    return spagm_diag_set(d, SPAGM_E_STATE, 0, 0,
                          "read-back blocks end an epoch, once per unit, in unit order");
  size_t start = block_begin(w);
  spagm__vec_buf_puts(&w->b, "readback ");
  spagm__vec_buf_puts(&w->b, spagm_unit_name(u));
  spagm__vec_buf_put(&w->b, "\n", 1);
  spagm__vec_put_words(&w->b, u, words);
  block_end(w, start);
  w->rb_units |= 1u << u;
  return w->b.oom ? fail(w, d, SPAGM_E_NOMEM, "out of memory%s", "") : SPAGM_OK;
}

spagm_status spagm_vec_write_raw(spagm_vec_writer *w, const char *text, size_t n, uint64_t txns,
                                 spagm_diag *d) {
  spagm_status st = check_open(w, d);
  if (st != SPAGM_OK) return st;
  if (!text && n) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no text");
  account(w);
  if ((st = flush(w, d)) != SPAGM_OK) return st;
  w->raw = true;
  w->txns += txns;
  w->crc = (uint32_t)crc32(w->crc, (const Bytef *)text, (uInt)n);
  if (!w->f) {
    spagm__vec_buf_put(&w->b, text, n);
    w->acct = w->b.len;
    return w->b.oom ? fail(w, d, SPAGM_E_NOMEM, "out of memory%s", "") : SPAGM_OK;
  }
  if (n && fwrite(text, 1, n, w->f) != n) return fail(w, d, SPAGM_E_IO, "cannot write %s", w->tmp);
  w->flushed += n;
  return SPAGM_OK;
}

static spagm_status put_trailer(spagm_vec_writer *w, spagm_diag *d) {
  spagm_status st = check_open(w, d);
  if (st != SPAGM_OK) return st;
  if (!w->raw) {
    uint32_t want = w->h.sharded ? w->h.shard_epochs : w->h.epochs;
    if (w->epochs_written != want || (w->in_epoch && w->rb_units != w->h.units))
      return spagm_diag_set(d, SPAGM_E_STATE, 0, 0,
                            "the file is incomplete: %u of %u epochs written with their read-back",
                            w->epochs_written - (w->in_epoch && w->rb_units != w->h.units),
                            want);
  }
  account(w);
  spagm__vec_buf_puts(&w->b, "trailer txns ");
  spagm__vec_buf_dec(&w->b, w->txns);
  spagm__vec_buf_puts(&w->b, " crc32 ");
  spagm__vec_buf_hexw(&w->b, w->crc, 8);
  spagm__vec_buf_put(&w->b, "\n", 1);
  return flush(w, d);
}

spagm_status spagm_vec_writer_close(spagm_vec_writer *w, spagm_diag *d) {
  if (!w) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no writer");
  if (!w->f) {
    spagm_vec_writer_abort(w);
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "a memory writer ends with finish_mem");
  }
  spagm_status st = put_trailer(w, d);
  if (st == SPAGM_OK) {
    FILE *f = w->f;
    w->f = NULL;
    if (fflush(f) != 0 || ferror(f)) st = spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot write %s", w->tmp);
    if (fclose(f) != 0 && st == SPAGM_OK)
      st = spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot write %s", w->tmp);
    if (st == SPAGM_OK && rename(w->tmp, w->path) != 0)
      st = spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot rename %s to %s", w->tmp, w->path);
    if (st == SPAGM_OK) {
      free(w->tmp);
      w->tmp = NULL; /* nothing left to remove */
    }
  }
  spagm_vec_writer_abort(w);
  return st;
}

spagm_status spagm_vec_writer_finish_mem(spagm_vec_writer *w, spagm_diag *d) {
  if (!w || w->f) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "not a memory writer");
  return put_trailer(w, d);
}

void spagm_vec_writer_abort(spagm_vec_writer *w) {
  if (!w) return;
  if (w->f) fclose(w->f);
  if (w->tmp) remove(w->tmp);
  free(w->tmp);
  free(w->path);
  spagm__vec_buf_free(&w->b);
  free(w->combine_op);
  free(w);
}

const char *spagm_vec_writer_text(const spagm_vec_writer *w, size_t *len) {
  if (!w || w->f || w->b.oom) return NULL;
  if (len) *len = w->b.len;
  return w->b.p ? w->b.p : "";
}

uint64_t spagm_vec_writer_bytes(const spagm_vec_writer *w) {
  return w ? w->flushed + w->b.len : 0;
}

const char *spagm_vec_writer_partial_path(const spagm_vec_writer *w) {
  return w && w->f ? w->tmp : NULL;
}
