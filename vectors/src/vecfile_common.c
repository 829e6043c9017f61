// SPDX-License-Identifier: Apache-2.0
/* Shared pieces of the vector files: the field tables with their struct
 * offsets, the text buffer, word lines, header lines (vecfile_internal.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vecfile_internal.h"

/* Struct offsets and element sizes in table order, from the same X-macro
 * tables that spagm_request_fields / spagm_response_fields describe. */
typedef struct field_place {
  size_t offset, elem_size;
} field_place;

#define SPAGM_X_PLACE_REQ(name, ctype, bits, dims) {offsetof(spagm_request, name), sizeof(ctype)},
#define SPAGM_X_PLACE_RSP(name, ctype, bits, dims) {offsetof(spagm_response, name), sizeof(ctype)},
static const field_place req_place[] = {SPAGM_REQUEST_FIELDS(SPAGM_X_PLACE_REQ)};
static const field_place rsp_place[] = {SPAGM_RESPONSE_FIELDS(SPAGM_X_PLACE_RSP)};
#define NREQ (sizeof req_place / sizeof req_place[0])
#define NRSP (sizeof rsp_place / sizeof rsp_place[0])

bool spagm__vec_table_get(int which, spagm__vec_table *t) {
  spagm_field_info info[SPAGM_VEC_MAX_FIELDS];
  const field_place *place = which ? rsp_place : req_place;
  size_t nplace = which ? NRSP : NREQ;
  size_t n = which ? spagm_response_fields(info, SPAGM_VEC_MAX_FIELDS)
                   : spagm_request_fields(info, SPAGM_VEC_MAX_FIELDS);
  if (n > SPAGM_VEC_MAX_FIELDS || n != nplace) return false;
  t->n = n;
  for (size_t i = 0; i < n; i++) {
    spagm__vec_field *f = &t->f[i];
    f->info = info[i];
    f->rows = info[i].outer ? info[i].outer : 1;
    f->row_len = info[i].count / f->rows;
    f->offset = place[i].offset;
    f->elem_size = place[i].elem_size;
    f->name_len = strlen(info[i].name);
    if (f->rows > SPAGM_VEC_MAX_ROWS || f->row_len > 64 || f->row_len == 0 ||
        f->info.bits > 64 || f->row_len * f->rows != info[i].count)
      return false;
  }
  return true;
}

void spagm__vec_set_elem(const spagm__vec_field *f, void *base, unsigned k, uint64_t v) {
  unsigned char *p = (unsigned char *)base + f->offset + k * f->elem_size;
  switch (f->elem_size) {
    case 1: *p = (unsigned char)v; break;
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
  }
}

/* ---- Text buffer ---------------------------------------------------------- */

void spagm__vec_buf_free(spagm__vec_buf *b) {
  free(b->p);
  memset(b, 0, sizeof *b);
}

bool spagm__vec_buf_reserve(spagm__vec_buf *b, size_t n) {
  if (b->oom) return false;
  if (b->cap - b->len > n) return true;
  size_t cap = b->cap ? b->cap : 4096;
  while (cap - b->len <= n) {
    if (cap > ((size_t)-1) / 2) {
      b->oom = true;
      return false;
    }
    cap *= 2;
  }
  char *p = realloc(b->p, cap);
  if (!p) {
    b->oom = true;
    return false;
  }
  b->p = p;
  b->cap = cap;
  return true;
}

void spagm__vec_buf_put(spagm__vec_buf *b, const char *s, size_t n) {
  if (!spagm__vec_buf_reserve(b, n)) return;
  memcpy(b->p + b->len, s, n);
  b->len += n;
}

void spagm__vec_buf_puts(spagm__vec_buf *b, const char *s) { spagm__vec_buf_put(b, s, strlen(s)); }

void spagm__vec_buf_printf(spagm__vec_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || !spagm__vec_buf_reserve(b, (size_t)n + 1)) return;
  va_start(ap, fmt);
  vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

static const char hexdig[] = "0123456789abcdef";

void spagm__vec_buf_hex(spagm__vec_buf *b, uint64_t v) {
  unsigned digits = 1;
  for (uint64_t x = v >> 4; x; x >>= 4) digits++;
  spagm__vec_buf_hexw(b, v, digits);
}

void spagm__vec_buf_hexw(spagm__vec_buf *b, uint64_t v, unsigned digits) {
  if (!spagm__vec_buf_reserve(b, digits)) return;
  char *p = b->p + b->len;
  for (unsigned i = digits; i-- > 0; v >>= 4) p[i] = hexdig[v & 15u];
  b->len += digits;
}

void spagm__vec_buf_dec(spagm__vec_buf *b, uint64_t v) {
  char tmp[24];
  unsigned n = 0;
  do {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  if (!spagm__vec_buf_reserve(b, n)) return;
  for (unsigned i = 0; i < n; i++) b->p[b->len + i] = tmp[n - 1 - i];
  b->len += n;
}

/* ---- Word lines ------------------------------------------------------------ */

/* A word list seen through accessors, so configuration words and memory
 * words share one run writer. */
typedef struct word_view {
  const void *list;
  size_t n;
  uint64_t (*addr)(const void *list, size_t i);
  uint32_t (*data)(const void *list, size_t i);
  /* The group (target) of word i: a line never spans two groups. */
  uint64_t (*group)(const void *list, size_t i);
} word_view;

/* `  KW ADDR V V*N ...` lines: runs of consecutive word addresses inside one
 * group, at most SPAGM__VEC_WORDS_PER_LINE value tokens a line; before the
 * first word of each group, `# ` and the group's name when name_of gives
 * one. */
static void put_runs(spagm__vec_buf *b, const char *kw, const word_view *v,
                     const char *(*name_of)(const void *ctx, uint64_t addr), const void *ctx) {
  size_t n = v->n, i = 0;
  bool have_group = false;
  uint64_t group = 0;
  while (i < n) {
    uint64_t addr = v->addr(v->list, i), g = v->group(v->list, i);
    if (!have_group || g != group) {
      have_group = true;
      group = g;
      const char *name = name_of ? name_of(ctx, addr) : NULL;
      if (name) {
        spagm__vec_buf_puts(b, "# ");
        spagm__vec_buf_puts(b, name);
        spagm__vec_buf_puts(b, "\n");
      }
    }
    spagm__vec_buf_puts(b, "  ");
    spagm__vec_buf_puts(b, kw);
    spagm__vec_buf_put(b, " ", 1);
    spagm__vec_buf_hex(b, addr);
    uint64_t expect = addr;
    unsigned tokens = 0;
    while (i < n && tokens < SPAGM__VEC_WORDS_PER_LINE && v->addr(v->list, i) == expect &&
           v->group(v->list, i) == group) {
      uint32_t val = v->data(v->list, i);
      size_t r = 1;
      while (i + r < n && v->data(v->list, i + r) == val &&
             v->addr(v->list, i + r) == expect + 4 * r && v->group(v->list, i + r) == group)
        r++;
      spagm__vec_buf_put(b, " ", 1);
      spagm__vec_buf_hex(b, val);
      if (r > 1) {
        spagm__vec_buf_put(b, "*", 1);
        spagm__vec_buf_dec(b, r);
      }
      i += r;
      expect += 4 * (uint64_t)r;
      tokens++;
    }
    spagm__vec_buf_put(b, "\n", 1);
  }
}

static uint64_t cfg_addr(const void *l, size_t i) { return ((const spagm_cfg_word *)l)[i].addr; }
static uint32_t cfg_data(const void *l, size_t i) { return ((const spagm_cfg_word *)l)[i].data; }
static uint64_t cfg_target(const void *l, size_t i) {
  return ((const spagm_cfg_word *)l)[i].addr >> 28;
}
static const char *cfg_target_name(const void *ctx, uint64_t addr) {
  return spagm_statemap_target_name(*(const spagm_unit *)ctx, (uint32_t)addr);
}

void spagm__vec_put_words(spagm__vec_buf *b, spagm_unit u, const spagm_cfg_list *words) {
  word_view v = {words->w, words->n, cfg_addr, cfg_data, cfg_target};
  put_runs(b, "w", &v, cfg_target_name, &u);
}

static uint64_t mem_addr(const void *l, size_t i) { return ((const spagm_mem_word *)l)[i].va; }
static uint32_t mem_data(const void *l, size_t i) { return ((const spagm_mem_word *)l)[i].data; }
static uint64_t mem_one_group(const void *l, size_t i) {
  (void)l;
  (void)i;
  return 0;
}
static const char *mem_name(const void *ctx, uint64_t addr) {
  (void)addr;
  return (const char *)ctx;
}

void spagm__vec_put_mem(spagm__vec_buf *b, const spagm_mem_list *mem) {
  word_view v = {mem->w, mem->n, mem_addr, mem_data, mem_one_group};
  put_runs(b, "m", &v, mem_name, "texture memory (non-zero words)");
}

/* ---- Units and headers -------------------------------------------------- */

int spagm__vec_unit_of(const char *name, size_t n) {
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    const char *un = spagm_unit_name((spagm_unit)u);
    if (strlen(un) == n && strncmp(un, name, n) == 0) return (int)u;
  }
  return -1;
}

bool spagm_vec_parse_units(const char *list, uint32_t *mask) {
  if (!list || !mask) return false;
  uint32_t m = 0;
  const char *p = list;
  for (;;) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    int u = spagm__vec_unit_of(p, n);
    if (u < 0) return false;
    m |= 1u << u;
    if (!e) break;
    p = e + 1;
  }
  *mask = m;
  return m != 0;
}

void spagm_vec_shard_range(uint32_t epochs, uint32_t i, uint32_t n_shards, uint32_t *first,
                           uint32_t *n) {
  if (!first || !n) return;
  if (n_shards == 0 || i == 0 || i > n_shards) {
    *first = 0;
    *n = 0;
    return;
  }
  uint64_t lo = (uint64_t)(i - 1) * epochs / n_shards, hi = (uint64_t)i * epochs / n_shards;
  *first = (uint32_t)lo;
  *n = (uint32_t)(hi - lo);
}

static void put_units(spagm__vec_buf *b, uint32_t units) {
  bool first = true;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(units >> u & 1u)) continue;
    if (!first) spagm__vec_buf_put(b, ",", 1);
    spagm__vec_buf_puts(b, spagm_unit_name((spagm_unit)u));
    first = false;
  }
}

void spagm__vec_put_header(spagm__vec_buf *b, const spagm_vec_header *h, bool with_shard) {
  spagm__vec_buf_printf(b,
                        "spagm-vectors %u\n"
                        "# spagm golden vectors, format described in docs/vector-format.md\n"
                        "generator %s\n",
                        h->version, h->generator);
  if (h->source == SPAGM_VEC_SOURCE_RANDOM) {
    spagm__vec_buf_printf(b, "source random\nseed %llu\ncount %u\nepoch-txns %u\nillegal-ppm %u\n",
                          (unsigned long long)h->seed, h->count, h->epoch_txns, h->illegal_ppm);
  } else {
    spagm__vec_buf_printf(b, "source scenario %s\n", h->scenario);
  }
  spagm__vec_buf_puts(b, "units ");
  put_units(b, h->units);
  spagm__vec_buf_printf(b, "\nepochs %u\n", h->epochs);
  if (with_shard && h->sharded)
    spagm__vec_buf_printf(b, "shard %u/%u first %u epochs %u\n", h->shard_index, h->shard_count,
                          h->first_epoch, h->shard_epochs);
}

static bool printable_word(const char *s) {
  if (!*s) return false;
  for (; *s; s++)
    if (*s <= ' ' || *s > '~' || *s == '#') return false;
  return true;
}

spagm_status spagm__vec_header_check(const spagm_vec_header *h, spagm_diag *d) {
  if (!h) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no header");
  /* Version 1 stays writable for spagm merge of version 1 shards: it is
   * version 2 without the texture unit. */
  if (h->version < SPAGM_VEC_FORMAT_OLDEST || h->version > SPAGM_VEC_FORMAT_VERSION)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "format version %u: this spagm writes versions %u to %u", h->version,
                          SPAGM_VEC_FORMAT_OLDEST, SPAGM_VEC_FORMAT_VERSION);
  if (h->version < 2 && (h->units >> SPAGM_UNIT_TEX & 1u))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "format version 1 has no texture memory: no texture unit");
  if (memchr(h->generator, '\0', sizeof h->generator) == NULL || !h->generator[0])
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "generator name missing or too long");
  for (const char *p = h->generator; *p; p++)
    if (*p < ' ' || *p > '~' || *p == '#')
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "generator name must be printable ASCII");
  if (h->units == 0 || (h->units >> SPAGM_UNIT_COUNT) != 0)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "the unit mix must name at least one unit");
  if (h->source == SPAGM_VEC_SOURCE_RANDOM) {
    if (h->epoch_txns == 0 || h->count == 0)
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "count and epoch-txns must be at least 1");
    if (h->illegal_ppm > 1000000)
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "illegal-ppm is at most 1000000");
    /* Each epoch gives every unit at least one request and at most
     * epoch-txns (the stimulus, stim.h). */
    if ((uint64_t)h->epochs * h->epoch_txns < h->count || h->epochs > h->count)
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                            "%u epochs cannot hold %u requests per unit in epochs of at most %u",
                            h->epochs, h->count, h->epoch_txns);
  } else if (h->source == SPAGM_VEC_SOURCE_SCENARIO) {
    if (memchr(h->scenario, '\0', sizeof h->scenario) == NULL || !printable_word(h->scenario))
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                            "scenario name must be one word of printable ASCII");
  } else {
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "unknown source kind %d", (int)h->source);
  }
  if (h->sharded) {
    uint32_t first, n;
    spagm_vec_shard_range(h->epochs, h->shard_index, h->shard_count, &first, &n);
    if (h->shard_count == 0 || h->shard_index == 0 || h->shard_index > h->shard_count)
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "shard %u/%u: need 1 <= i <= N",
                            h->shard_index, h->shard_count);
    if (first != h->first_epoch || n != h->shard_epochs)
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                            "shard %u/%u of %u epochs covers epochs %u..+%u, not %u..+%u",
                            h->shard_index, h->shard_count, h->epochs, first, n, h->first_epoch,
                            h->shard_epochs);
  }
  return SPAGM_OK;
}

/* ---- Compare masks (docs/port-contract.md, "What is compared") ---------- */

void spagm_vec_compare_mask(const spagm_response *e, spagm_response *m) {
  spagm_response_compare_mask(e, m);
}
