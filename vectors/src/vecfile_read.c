// SPDX-License-Identifier: Apache-2.0
/* Vector-file reader (spagm/vec/file.h, docs/vector-format.md): a streaming
 * parser that checks every line against the grammar, every block against
 * its CRC and the whole file against the trailer, and reports the first
 * problem with its line and column. The buffer keeps the current block in
 * one piece so its CRC is computed once, at its `end` line. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "vecfile_internal.h"

#define MAX_LINE 65536u          /* longest line accepted */
#define MAX_BLOCK (1u << 30)     /* largest block kept in memory */
/* Words of one state / read-back block (N127): more than any unit's whole
 * state (the attribute unit's, every word non-zero, is under 171 000), so
 * a few bytes of `V*N` cannot make the reader allocate hundreds of MB (a
 * 14 KB file found by fuzz_vecfile asked for 30 000 740 words). */
#define MAX_BLOCK_WORDS (1u << 18)

typedef enum phase {
  PH_EPOCH,   /* expecting `epoch` or `trailer` */
  PH_STATE,   /* expecting the next `state` block */
  PH_TXNS,    /* `txn` records or the first `readback` */
  PH_RB,      /* the remaining `readback` blocks */
  PH_DONE
} phase;

struct spagm_vec_reader {
  FILE *f;
  char *name;
  char *own;          /* the buffer when reading a file */
  const char *data;   /* bytes [buf_off, buf_off + len) of the input */
  size_t cap, len, pos;
  uint64_t buf_off;
  bool eof;
  int lineno;
  /* CRC state: crc covers the input up to data + crc_upto. */
  uint32_t crc;
  size_t crc_upto;
  bool in_block;
  size_t block_start;
  /* The current line (a copy, NUL-terminated) and where it started. */
  char line[MAX_LINE + 1];
  size_t line_len, line_start;
  bool pushed; /* the current line is to be read again */
  /* Grammar state. */
  spagm_vec_header h;
  spagm__vec_table req_t, rsp_t;
  spagm_request req0;
  spagm_response rsp0;
  phase ph;
  uint32_t next_epoch, end_epoch, epochs_seen, cur_epoch;
  uint32_t state_units, rb_units;
  uint64_t txns, body_start, trailer_start;
  bool body_started;
  /* The body against the header (N86): per unit, the last tag, the
   * records so far and those of the current epoch. */
  uint32_t last_tag[SPAGM_UNIT_COUNT];
  uint64_t unit_txns[SPAGM_UNIT_COUNT];
  uint32_t epoch_unit_txns[SPAGM_UNIT_COUNT];
  spagm_cfg_list words;
  spagm_mem_list mem;
  spagm_status err;
  spagm_diag err_d;
  spagm_vec_progress_fn on_txn;
  void *on_txn_user;
};

void spagm_vec_reader_on_txn(spagm_vec_reader *r, spagm_vec_progress_fn fn, void *user) {
  if (!r) return;
  r->on_txn = fn;
  r->on_txn_user = user;
}

static spagm_status err_at(spagm_vec_reader *r, spagm_diag *d, spagm_status st, int line, int col,
                           const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
static spagm_status err_at(spagm_vec_reader *r, spagm_diag *d, spagm_status st, int line, int col,
                           const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  r->err = st;
  spagm_diag_set(&r->err_d, st, line, col, "%s", msg);
  if (d) *d = r->err_d;
  return st;
}

/* ---- Input and lines ---------------------------------------------------- */

/* Keep the current block (or the unread rest) and read more. */
static spagm_status fill(spagm_vec_reader *r, spagm_diag *d) {
  if (!r->f) {
    r->eof = true;
    return SPAGM_OK;
  }
  size_t keep = r->in_block ? r->block_start : r->pos;
  if (!r->in_block && r->crc_upto < keep) {
    r->crc = (uint32_t)crc32(r->crc, (const Bytef *)r->own + r->crc_upto, (uInt)(keep - r->crc_upto));
    r->crc_upto = keep;
  }
  if (keep) {
    memmove(r->own, r->own + keep, r->len - keep);
    r->len -= keep;
    r->pos -= keep;
    r->crc_upto -= keep;
    if (r->in_block) r->block_start -= keep;
    r->line_start = r->line_start >= keep ? r->line_start - keep : 0;
    r->buf_off += keep;
  }
  if (r->len == r->cap) {
    if (r->cap >= MAX_BLOCK)
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno + 1, 1, "block larger than %u bytes",
                    MAX_BLOCK);
    char *nb = realloc(r->own, r->cap * 2);
    if (!nb) return err_at(r, d, SPAGM_E_NOMEM, r->lineno + 1, 0, "out of memory");
    r->own = nb;
    r->cap *= 2;
  }
  r->data = r->own;
  size_t got = fread(r->own + r->len, 1, r->cap - r->len, r->f);
  r->len += got;
  if (got == 0) {
    if (ferror(r->f)) return err_at(r, d, SPAGM_E_IO, r->lineno + 1, 0, "read error");
    r->eof = true;
  }
  return SPAGM_OK;
}

/* Next line into r->line; *more false at the end of the input. */
static spagm_status next_line(spagm_vec_reader *r, bool *more, spagm_diag *d) {
  if (r->pushed) {
    r->pushed = false;
    *more = true;
    return SPAGM_OK;
  }
  for (;;) {
    const char *s = r->data + r->pos;
    size_t avail = r->len - r->pos;
    const char *nl = memchr(s, '\n', avail < MAX_LINE + 1 ? avail : MAX_LINE + 1);
    if (nl) {
      size_t n = (size_t)(nl - s);
      memcpy(r->line, s, n);
      r->line[n] = '\0';
      r->line_len = n;
      r->line_start = r->pos;
      r->pos += n + 1;
      r->lineno++;
      *more = true;
      return SPAGM_OK;
    }
    if (avail > MAX_LINE)
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno + 1, (int)MAX_LINE,
                    "line longer than %u bytes (corrupted file?)", MAX_LINE);
    if (r->eof) {
      if (avail == 0) {
        *more = false;
        return SPAGM_OK;
      }
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno + 1, (int)avail + 1,
                    "the last line has no newline: the file is truncated");
    }
    spagm_status st = fill(r, d);
    if (st != SPAGM_OK) return st;
  }
}

/* Printable ASCII only (the writer writes nothing else). */
static spagm_status check_chars(spagm_vec_reader *r, spagm_diag *d) {
  for (size_t i = 0; i < r->line_len; i++) {
    unsigned char c = (unsigned char)r->line[i];
    if (c < 0x20 || c > 0x7E)
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)i + 1,
                    c == '\r' ? "carriage return: vector files end lines with LF only"
                              : "byte 0x%02x is not printable ASCII (corrupted file?)",
                    c);
  }
  return SPAGM_OK;
}

/* ---- Tokens --------------------------------------------------------------- */

typedef struct tok {
  const char *s;
  size_t n;
  int col;
} tok;

typedef struct cursor {
  const char *s;
  size_t i;
} cursor;

/* Next blank-separated token; false at the end of the line or at a `#`
 * comment. */
static bool next_tok(cursor *c, tok *t) {
  while (c->s[c->i] == ' ') c->i++;
  t->s = c->s + c->i; /* an empty token where there is none */
  t->n = 0;
  t->col = (int)c->i + 1;
  if (!c->s[c->i] || c->s[c->i] == '#') return false;
  t->s = c->s + c->i;
  t->col = (int)c->i + 1;
  while (c->s[c->i] && c->s[c->i] != ' ') c->i++;
  t->n = (size_t)(c->s + c->i - t->s);
  return true;
}

static bool tok_is(const tok *t, const char *w) {
  return t->n == strlen(w) && strncmp(t->s, w, t->n) == 0;
}

static bool parse_hex(const char *s, size_t n, uint64_t *v) {
  if (n == 0 || n > 16) return false;
  uint64_t x = 0;
  for (size_t i = 0; i < n; i++) {
    char ch = s[i];
    unsigned dv;
    if (ch >= '0' && ch <= '9') dv = (unsigned)(ch - '0');
    else if (ch >= 'a' && ch <= 'f') dv = (unsigned)(ch - 'a' + 10);
    else return false;
    x = x << 4 | dv;
  }
  *v = x;
  return true;
}

/* A decimal number up to max. `dv > max` comes first: with max below 9
 * (a row index of a 2- or 4-row field) `max - dv` would wrap around and let
 * any digit through. */
static bool parse_dec(const char *s, size_t n, uint64_t max, uint64_t *v) {
  if (n == 0 || n > 20) return false;
  uint64_t x = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    unsigned dv = (unsigned)(s[i] - '0');
    if (dv > max || x > (max - dv) / 10) return false;
    x = x * 10 + dv;
  }
  *v = x;
  return true;
}

/* A line that is blank or only a comment. */
static bool insignificant(const char *s) {
  while (*s == ' ') s++;
  return *s == '\0' || *s == '#';
}

/* Next line with content, characters checked. */
static spagm_status significant_line(spagm_vec_reader *r, bool *more, spagm_diag *d) {
  for (;;) {
    spagm_status st = next_line(r, more, d);
    if (st != SPAGM_OK || !*more) return st;
    if ((st = check_chars(r, d)) != SPAGM_OK) return st;
    if (!insignificant(r->line)) return SPAGM_OK;
  }
}

static spagm_status expect_end(spagm_vec_reader *r, cursor *c, spagm_diag *d) {
  tok t = {NULL, 0, 0};
  if (next_tok(c, &t))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "unexpected '%.*s' at the end of the line",
                  (int)(t.n > 40 ? 40 : t.n), t.s);
  return SPAGM_OK;
}

/* ---- Header ------------------------------------------------------------- */

static spagm_status end_block(spagm_vec_reader *r, cursor *c, int block_line, spagm_diag *d);

/* The next header line must start with keyword; c is left after it. */
static spagm_status header_key(spagm_vec_reader *r, const char *keyword, cursor *c, spagm_diag *d) {
  bool more;
  spagm_status st = significant_line(r, &more, d);
  if (st != SPAGM_OK) return st;
  if (!more)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno + 1, 1,
                  "the file ends inside the header (expected `%s`): truncated", keyword);
  c->s = r->line;
  c->i = 0;
  tok t = {NULL, 0, 0};
  if (!next_tok(c, &t) || !tok_is(&t, keyword))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, next_tok(c, &t) ? t.col : 1,
                  "expected the header line `%s ...`", keyword);
  return SPAGM_OK;
}

static spagm_status header_num(spagm_vec_reader *r, const char *keyword, uint64_t max, uint64_t *v,
                               spagm_diag *d) {
  cursor c;
  tok t = {NULL, 0, 0};
  spagm_status st = header_key(r, keyword, &c, d);
  if (st != SPAGM_OK) return st;
  if (!next_tok(&c, &t) || !parse_dec(t.s, t.n, max, v))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, next_tok(&c, &t) ? t.col : (int)c.i + 1,
                  "`%s` needs a decimal number up to %llu", keyword, (unsigned long long)max);
  return expect_end(r, &c, d);
}

/* Line 1: `spagm-vectors VERSION`, a version this reader knows. */
static spagm_status header_magic(spagm_vec_reader *r, spagm_diag *d) {
  bool more;
  spagm_status st = next_line(r, &more, d);
  if (st != SPAGM_OK) return st;
  if (!more) return err_at(r, d, SPAGM_E_FORMAT, 1, 1, "empty file: not a spagm vector file");
  cursor c = {r->line, 0};
  tok t = {NULL, 0, 0};
  if ((st = check_chars(r, d)) != SPAGM_OK) return st;
  if (!next_tok(&c, &t) || !tok_is(&t, "spagm-vectors"))
    return err_at(r, d, SPAGM_E_FORMAT, 1, 1,
                  "not a spagm vector file: the first line must be `spagm-vectors %d`",
                  SPAGM_VEC_FORMAT_VERSION);
  uint64_t v;
  if (!next_tok(&c, &t) || !parse_dec(t.s, t.n, 1000000, &v))
    return err_at(r, d, SPAGM_E_FORMAT, 1, (int)c.i + 1, "`spagm-vectors` needs a version number");
  if (v < SPAGM_VEC_FORMAT_OLDEST || v > SPAGM_VEC_FORMAT_VERSION)
    return err_at(r, d, SPAGM_E_FORMAT, 1, t.col,
                  "format version %llu is not supported: this spagm reads versions %d to %d",
                  (unsigned long long)v, SPAGM_VEC_FORMAT_OLDEST, SPAGM_VEC_FORMAT_VERSION);
  r->h.version = (unsigned)v;
  return expect_end(r, &c, d);
}

/* `generator NAME`: the rest of the line, blanks trimmed. */
static spagm_status header_generator(spagm_vec_reader *r, spagm_diag *d) {
  spagm_vec_header *h = &r->h;
  cursor c;
  spagm_status st = header_key(r, "generator", &c, d);
  if (st != SPAGM_OK) return st;
  while (r->line[c.i] == ' ') c.i++;
  size_t n = strlen(r->line + c.i);
  while (n && r->line[c.i + n - 1] == ' ') n--;
  if (n == 0 || n >= sizeof h->generator || memchr(r->line + c.i, '#', n))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c.i + 1,
                  "`generator` needs a name of 1 to %zu characters", sizeof h->generator - 1);
  memcpy(h->generator, r->line + c.i, n);
  return SPAGM_OK;
}

/* The lines of a random source: seed, count, epoch-txns, illegal-ppm. */
static spagm_status header_random(spagm_vec_reader *r, spagm_diag *d) {
  spagm_vec_header *h = &r->h;
  uint64_t v;
  spagm_status st;
  if ((st = header_num(r, "seed", UINT64_MAX, &h->seed, d)) != SPAGM_OK) return st;
  if ((st = header_num(r, "count", UINT32_MAX, &v, d)) != SPAGM_OK) return st;
  h->count = (uint32_t)v;
  if ((st = header_num(r, "epoch-txns", UINT32_MAX, &v, d)) != SPAGM_OK) return st;
  h->epoch_txns = (uint32_t)v;
  if ((st = header_num(r, "illegal-ppm", 1000000, &v, d)) != SPAGM_OK) return st;
  h->illegal_ppm = (uint32_t)v;
  return SPAGM_OK;
}

/* `source random` and its lines, or `source scenario NAME`. */
static spagm_status header_source(spagm_vec_reader *r, spagm_diag *d) {
  spagm_vec_header *h = &r->h;
  cursor c;
  tok t = {NULL, 0, 0};
  spagm_status st = header_key(r, "source", &c, d);
  if (st != SPAGM_OK) return st;
  if (!next_tok(&c, &t) || !(tok_is(&t, "random") || tok_is(&t, "scenario")))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c.i + 1,
                  "`source` is `random` or `scenario NAME`");
  if (tok_is(&t, "random")) {
    h->source = SPAGM_VEC_SOURCE_RANDOM;
    if ((st = expect_end(r, &c, d)) != SPAGM_OK) return st;
    return header_random(r, d);
  }
  h->source = SPAGM_VEC_SOURCE_SCENARIO;
  if (!next_tok(&c, &t) || t.n >= sizeof h->scenario)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c.i + 1,
                  "`source scenario` needs a file name of up to %zu characters",
                  sizeof h->scenario - 1);
  memcpy(h->scenario, t.s, t.n);
  return expect_end(r, &c, d);
}

/* N86: the one spelling the writer gives a mix (units in unit order, each
 * once), so an edited list cannot be a second spelling of the same file. */
static bool units_canonical(const char *list, uint32_t units) {
  char canon[64];
  size_t n = 0;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(units >> u & 1u)) continue;
    const char *un = spagm_unit_name((spagm_unit)u);
    size_t k = strlen(un);
    if (n + k + 2 > sizeof canon) return false;
    if (n) canon[n++] = ',';
    memcpy(canon + n, un, k);
    n += k;
  }
  canon[n] = '\0';
  return strcmp(canon, list) == 0;
}

/* `units LIST`; a version 1 file cannot hold the texture unit. */
static spagm_status header_units(spagm_vec_reader *r, spagm_diag *d) {
  spagm_vec_header *h = &r->h;
  cursor c;
  tok t = {NULL, 0, 0};
  spagm_status st = header_key(r, "units", &c, d);
  if (st != SPAGM_OK) return st;
  if (!next_tok(&c, &t) || t.n >= 64)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c.i + 1, "`units` needs a unit list");
  char list[64];
  memcpy(list, t.s, t.n);
  list[t.n] = '\0';
  if (!spagm_vec_parse_units(list, &h->units))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                  "unknown unit in '%s' (attr, pix, tex, comma-separated)", list);
  if (!units_canonical(list, h->units))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                  "the unit list '%s' is not in unit order (attr, pix, tex) with each unit once "
                  "(N86)", list);
  if (h->version < 2 && (h->units >> SPAGM_UNIT_TEX & 1u))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                  "a version 1 file has no texture memory, so its texture unit cannot be "
                  "replayed or checked: generate it again");
  return expect_end(r, &c, d);
}

/* The next header line with content, its first token in *t. */
static spagm_status header_next(spagm_vec_reader *r, cursor *c, tok *t, spagm_diag *d) {
  bool more;
  spagm_status st = significant_line(r, &more, d);
  if (st != SPAGM_OK) return st;
  if (!more)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno + 1, 1,
                  "the file ends inside the header: truncated");
  c->s = r->line;
  c->i = 0;
  next_tok(c, t);
  return SPAGM_OK;
}

/* The rest of `shard I/N first E epochs K`, c after `shard`. */
static spagm_status header_shard(spagm_vec_reader *r, cursor *c, spagm_diag *d) {
  spagm_vec_header *h = &r->h;
  uint64_t i, nn, first, cnt;
  tok a, b, t;
  const char *slash;
  if (!next_tok(c, &a) || !(slash = memchr(a.s, '/', a.n)) ||
      !parse_dec(a.s, (size_t)(slash - a.s), UINT32_MAX, &i) ||
      !parse_dec(slash + 1, a.n - (size_t)(slash - a.s) - 1, UINT32_MAX, &nn))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c->i + 1, "`shard` needs I/N");
  if (!next_tok(c, &t) || !tok_is(&t, "first") || !next_tok(c, &b) ||
      !parse_dec(b.s, b.n, UINT32_MAX, &first) || !next_tok(c, &t) || !tok_is(&t, "epochs") ||
      !next_tok(c, &b) || !parse_dec(b.s, b.n, UINT32_MAX, &cnt))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c->i + 1,
                  "expected `shard I/N first E epochs K`");
  spagm_status st = expect_end(r, c, d);
  if (st != SPAGM_OK) return st;
  h->sharded = true;
  h->shard_index = (uint32_t)i;
  h->shard_count = (uint32_t)nn;
  h->first_epoch = (uint32_t)first;
  h->shard_epochs = (uint32_t)cnt;
  return SPAGM_OK;
}

/* Optional shard line, then the header block's `end`. *epochs_line is the
 * line an invalid header is reported at (the shard line when there is
 * one). */
static spagm_status header_shard_and_end(spagm_vec_reader *r, int *epochs_line,
                                         spagm_diag *d) {
  cursor c;
  tok t = {NULL, 0, 0};
  spagm_status st = header_next(r, &c, &t, d);
  if (st != SPAGM_OK) return st;
  if (tok_is(&t, "shard")) {
    if ((st = header_shard(r, &c, d)) != SPAGM_OK) return st;
    *epochs_line = r->lineno;
    if ((st = header_next(r, &c, &t, d)) != SPAGM_OK) return st;
  }
  if (!tok_is(&t, "end"))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                  "expected `shard I/N ...` or the header's `end CRC` line");
  return end_block(r, &c, 1, d);
}

static spagm_status read_header(spagm_vec_reader *r, spagm_diag *d) {
  spagm_vec_header *h = &r->h;
  memset(h, 0, sizeof *h);
  r->in_block = true; /* the header is the first block */
  r->block_start = r->crc_upto = 0;
  spagm_status st;
  if ((st = header_magic(r, d)) != SPAGM_OK) return st;
  if ((st = header_generator(r, d)) != SPAGM_OK) return st;
  if ((st = header_source(r, d)) != SPAGM_OK) return st;
  if ((st = header_units(r, d)) != SPAGM_OK) return st;
  uint64_t v;
  if ((st = header_num(r, "epochs", UINT32_MAX, &v, d)) != SPAGM_OK) return st;
  h->epochs = (uint32_t)v;
  int epochs_line = r->lineno;
  if ((st = header_shard_and_end(r, &epochs_line, d)) != SPAGM_OK) return st;
  spagm_diag hd;
  if (spagm__vec_header_check(h, &hd) != SPAGM_OK)
    return err_at(r, d, SPAGM_E_FORMAT, epochs_line, 1, "invalid header: %s", hd.msg);
  r->next_epoch = h->sharded ? h->first_epoch : 0;
  r->end_epoch = h->sharded ? h->first_epoch + h->shard_epochs : h->epochs;
  r->ph = PH_EPOCH;
  return SPAGM_OK;
}

static spagm_vec_reader *open_common(spagm_vec_reader *r, const char *name, spagm_vec_header *h,
                                     spagm_diag *d) {
  size_t n = strlen(name) + 1;
  r->name = malloc(n);
  if (!r->name || !spagm__vec_table_get(0, &r->req_t) || !spagm__vec_table_get(1, &r->rsp_t)) {
    spagm_diag_set(d, r->name ? SPAGM_E_ARG : SPAGM_E_NOMEM, 0, 0,
                   r->name ? "the transaction field tables do not fit the format"
                           : "out of memory");
    spagm_vec_reader_free(r);
    return NULL;
  }
  memcpy(r->name, name, n);
  spagm_request_init(&r->req0);
  spagm_response_init(&r->rsp0, 0);
  if (read_header(r, d) != SPAGM_OK) {
    spagm_vec_reader_free(r);
    return NULL;
  }
  if (h) *h = r->h;
  return r;
}

spagm_vec_reader *spagm_vec_reader_open(const char *path, spagm_vec_header *h, spagm_diag *d) {
  if (!path) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no path");
    return NULL;
  }
  spagm_vec_reader *r = calloc(1, sizeof *r);
  if (!r) {
    spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  r->f = fopen(path, "rb");
  if (!r->f) {
    free(r);
    spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot open %s", path);
    return NULL;
  }
  r->cap = 1u << 20;
  r->own = malloc(r->cap);
  if (!r->own) {
    spagm_vec_reader_free(r);
    spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  r->data = r->own;
  return open_common(r, path, h, d);
}

spagm_vec_reader *spagm_vec_reader_open_mem(const char *text, size_t len, const char *name,
                                            spagm_vec_header *h, spagm_diag *d) {
  if (!text && len) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no text");
    return NULL;
  }
  spagm_vec_reader *r = calloc(1, sizeof *r);
  if (!r) {
    spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  r->data = text ? text : "";
  r->len = r->cap = len;
  r->eof = true;
  return open_common(r, name ? name : "<memory>", h, d);
}

void spagm_vec_reader_free(spagm_vec_reader *r) {
  if (!r) return;
  if (r->f) fclose(r->f);
  free(r->own);
  free(r->name);
  spagm_cfg_list_free(&r->words);
  spagm_mem_list_free(&r->mem);
  free(r);
}

void spagm_vec_reader_body(const spagm_vec_reader *r, uint64_t *body_start,
                           uint64_t *trailer_start) {
  if (body_start) *body_start = r ? r->body_start : 0;
  if (trailer_start) *trailer_start = r ? r->trailer_start : 0;
}

/* ---- Blocks ----------------------------------------------------------------- */

static void begin_block(spagm_vec_reader *r) {
  if (r->crc_upto < r->line_start)
    r->crc = (uint32_t)crc32(r->crc, (const Bytef *)r->data + r->crc_upto,
                             (uInt)(r->line_start - r->crc_upto));
  r->crc_upto = r->block_start = r->line_start;
  r->in_block = true;
}

/* The current line is `end CRC`: check the block. */
static spagm_status end_block(spagm_vec_reader *r, cursor *c, int block_line, spagm_diag *d) {
  tok t = {NULL, 0, 0};
  uint64_t want;
  if (!next_tok(c, &t) || t.n != 8 || !parse_hex(t.s, t.n, &want))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c->i + 1,
                  "`end` needs the block's CRC-32 as 8 lower-case hex digits");
  spagm_status st = expect_end(r, c, d);
  if (st != SPAGM_OK) return st;
  size_t n = r->line_start - r->block_start;
  uint32_t got = (uint32_t)crc32(0L, (const Bytef *)r->data + r->block_start, (uInt)n);
  if (got != (uint32_t)want)
    return err_at(r, d, SPAGM_E_FORMAT, block_line, 1,
                  "the block of lines %d-%d does not match its CRC-32 (%08x, computed %08x): "
                  "the file was edited or corrupted in these lines",
                  block_line, r->lineno, (unsigned)want, (unsigned)got);
  r->crc = (uint32_t)crc32_combine(r->crc, got, (z_off_t)n);
  r->crc_upto = r->line_start;
  r->in_block = false;
  return SPAGM_OK;
}

/* Lines of a block until `end`: significant lines are handed to fn. */
static spagm_status block_line(spagm_vec_reader *r, int start_line, const char *what,
                               cursor *c, tok *first, bool *is_end, spagm_diag *d) {
  bool more;
  *is_end = false;
  spagm_status st = significant_line(r, &more, d);
  if (st != SPAGM_OK) return st;
  if (!more)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno + 1, 1,
                  "the file ends inside the %s block of line %d: truncated", what, start_line);
  c->s = r->line;
  c->i = 0;
  next_tok(c, first);
  *is_end = tok_is(first, "end");
  return SPAGM_OK;
}

/* One value token of a `w` or `m` line: `V` or `V*N` (N copies). */
static spagm_status value_tok(spagm_vec_reader *r, const tok *t, uint64_t *v, uint64_t *rep,
                              spagm_diag *d) {
  const char *star = memchr(t->s, '*', t->n);
  size_t vn = star ? (size_t)(star - t->s) : t->n;
  *rep = 1;
  if (!parse_hex(t->s, vn, v) || *v > 0xFFFFFFFFu)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t->col, "'%.*s' is not a 32-bit hex value",
                  (int)(t->n > 20 ? 20 : t->n), t->s);
  if (star && (!parse_dec(star + 1, t->n - vn - 1, MAX_BLOCK_WORDS, rep) || *rep == 0))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t->col + (int)vn + 1,
                  "a repeat count is a decimal number from 1 to %u", MAX_BLOCK_WORDS);
  return SPAGM_OK;
}

/* `w ADDR V V*N ...` */
static spagm_status word_line(spagm_vec_reader *r, cursor *c, spagm_diag *d) {
  tok t = {NULL, 0, 0};
  uint64_t addr;
  if (!next_tok(c, &t) || !parse_hex(t.s, t.n, &addr) || addr > 0xFFFFFFFFu)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, next_tok(c, &t) ? t.col : (int)c->i + 1,
                  "`w` needs a 32-bit hex address");
  if (addr % 4)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "address %llx is not word aligned",
                  (unsigned long long)addr);
  unsigned nvals = 0;
  while (next_tok(c, &t)) {
    uint64_t v, rep;
    spagm_status st = value_tok(r, &t, &v, &rep, d);
    if (st != SPAGM_OK) return st;
    if (r->words.n + rep > MAX_BLOCK_WORDS)
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "more than %u words in one block",
                    MAX_BLOCK_WORDS);
    if (addr + 4 * rep > 0x100000000ull)
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "the words run past address ffffffff");
    for (uint64_t k = 0; k < rep; k++, addr += 4)
      if (spagm_cfg_list_push(&r->words, (uint32_t)addr, (uint32_t)v) != SPAGM_OK)
        return err_at(r, d, SPAGM_E_NOMEM, r->lineno, t.col, "out of memory");
    nvals++;
  }
  if (nvals == 0)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c->i + 1, "`w` needs at least one value");
  return SPAGM_OK;
}

/* `m VA V V*N ...`: memory words at ascending addresses after the last. */
static spagm_status mem_line(spagm_vec_reader *r, cursor *c, spagm_diag *d) {
  tok t = {NULL, 0, 0};
  uint64_t va;
  if (!next_tok(c, &t) || !parse_hex(t.s, t.n, &va) || va >= SPAGM_TEX_VA_LIMIT)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.s ? t.col : (int)c->i + 1,
                  "`m` needs a 48-bit hex byte address");
  if (va % 4)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "address %llx is not word aligned",
                  (unsigned long long)va);
  if (r->mem.n && va <= r->mem.w[r->mem.n - 1].va)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                  "memory address %llx does not follow %llx: memory words are in ascending order",
                  (unsigned long long)va, (unsigned long long)r->mem.w[r->mem.n - 1].va);
  unsigned nvals = 0;
  while (next_tok(c, &t)) {
    uint64_t v, rep;
    spagm_status st = value_tok(r, &t, &v, &rep, d);
    if (st != SPAGM_OK) return st;
    if (r->mem.n + rep > MAX_BLOCK_WORDS)
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "more than %u words in one block",
                    MAX_BLOCK_WORDS);
    if (va + 4 * rep > SPAGM_TEX_VA_LIMIT)
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "the words run past 2^48");
    for (uint64_t k = 0; k < rep; k++, va += 4)
      if (spagm_mem_list_push(&r->mem, va, (uint32_t)v) != SPAGM_OK)
        return err_at(r, d, SPAGM_E_NOMEM, r->lineno, t.col, "out of memory");
    nvals++;
  }
  if (nvals == 0)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c->i + 1, "`m` needs at least one value");
  return SPAGM_OK;
}

/* A state or read-back block of unit u; `m` lines only in the state of a
 * unit with memory, after its `w` lines. */
static spagm_status words_block(spagm_vec_reader *r, const char *what, spagm_unit u,
                                spagm_diag *d) {
  int start = r->lineno;
  bool mem_ok = strcmp(what, "state") == 0 && spagm_statemap_has_memory(u);
  r->words.n = 0;
  r->mem.n = 0;
  for (;;) {
    cursor c;
    tok t = {NULL, 0, 0};
    bool is_end;
    spagm_status st = block_line(r, start, what, &c, &t, &is_end, d);
    if (st != SPAGM_OK) return st;
    if (is_end) return end_block(r, &c, start, d);
    if (tok_is(&t, "w") && !r->mem.n) {
      st = word_line(r, &c, d);
    } else if (tok_is(&t, "m") && mem_ok) {
      st = mem_line(r, &c, d);
    } else {
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                    mem_ok ? "expected `w ADDR VALUES`, then `m VA VALUES` lines, or `end` in "
                             "the %s block of line %d"
                           : "expected a `w ADDR VALUES` line or `end` in the %s block of line %d",
                    what, start);
    }
    if (st != SPAGM_OK) return st;
  }
}

/* The field and row a row's name `name` or `name[R]` names. */
static spagm_status field_of_name(spagm_vec_reader *r, const spagm__vec_table *tab,
                                  const tok *name, size_t *fi_out, uint64_t *row,
                                  spagm_diag *d) {
  const char *br = memchr(name->s, '[', name->n);
  size_t nn = br ? (size_t)(br - name->s) : name->n;
  size_t fi = 0;
  while (fi < tab->n && !(strlen(tab->f[fi].info.name) == nn &&
                          strncmp(tab->f[fi].info.name, name->s, nn) == 0))
    fi++;
  if (fi == tab->n)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, name->col, "unknown field '%.*s' in a %s",
                  (int)(nn > 40 ? 40 : nn), name->s, tab == &r->req_t ? "request" : "response");
  const spagm__vec_field *f = &tab->f[fi];
  *row = 0;
  if (f->rows > 1) {
    if (!br || name->s[name->n - 1] != ']' ||
        !parse_dec(br + 1, name->n - nn - 2, f->rows - 1, row) || !spagm__vec_row_fits(f, *row))
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, name->col + (int)nn,
                    "field %s needs a row [0..%u]", f->info.name, f->rows - 1);
  } else if (br) {
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, name->col + (int)nn,
                  "field %s has no rows", f->info.name);
  }
  *fi_out = fi;
  return SPAGM_OK;
}

/* `name V`: a single-element field, never its empty value. */
static spagm_status field_scalar(spagm_vec_reader *r, const spagm__vec_field *f, void *obj,
                                 const void *empty, cursor *c, spagm_diag *d) {
  tok t = {NULL, 0, 0};
  uint64_t v;
  /* t.col: the value's column, or the end of the line when there is none */
  if (!next_tok(c, &t) || !parse_hex(t.s, t.n, &v) || !spagm__vec_value_fits(f, v))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                  "field %s needs a %u-bit hex value", f->info.name, f->info.bits);
  if (v == spagm__vec_elem(f, empty, 0))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                  "field %s has its empty value: such rows are left out", f->info.name);
  spagm__vec_set_elem(f, obj, 0, v);
  return expect_end(r, c, d);
}

/* `@MASK V V*N ...`: the non-empty elements of row `row`, one value (or
 * run of N copies) per set bit of the mask, lowest bit first. */
static spagm_status field_masked(spagm_vec_reader *r, const spagm__vec_field *f, void *obj,
                                 const void *empty, cursor *c, uint64_t row, spagm_diag *d) {
  tok t = {NULL, 0, 0};
  uint64_t mask, lim = f->row_len >= 64 ? ~0ull : ((1ull << f->row_len) - 1u);
  if (!next_tok(c, &t) || t.s[0] != '@' || !parse_hex(t.s + 1, t.n - 1, &mask) || !mask ||
      (mask & ~lim))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                  "field %s needs @MASK: the non-empty elements of the row, a non-zero hex "
                  "mask of %u bits",
                  f->info.name, f->row_len);
  unsigned k0 = (unsigned)row * f->row_len, k = 0;
  uint64_t left = mask;
  while (next_tok(c, &t)) {
    const char *star = memchr(t.s, '*', t.n);
    size_t vn = star ? (size_t)(star - t.s) : t.n;
    uint64_t v, rep = 1;
    if (!parse_hex(t.s, vn, &v) || !spagm__vec_value_fits(f, v))
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "'%.*s' is not a %u-bit hex value",
                    (int)(vn > 20 ? 20 : vn), t.s, f->info.bits);
    if (star && (!parse_dec(star + 1, t.n - vn - 1, 64, &rep) || rep == 0))
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col + (int)vn + 1,
                    "a repeat count is a decimal number from 1 to 64");
    for (uint64_t i = 0; i < rep; i++) {
      if (!left)
        return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                      "more values than bits set in the mask @%llx", (unsigned long long)mask);
      while (!(left >> k & 1u)) k++;
      if (v == spagm__vec_elem(f, empty, k0 + k))
        return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                      "element %u of %s has its empty value: leave it out of the mask", k,
                      f->info.name);
      spagm__vec_set_elem(f, obj, k0 + k, v);
      left &= ~(1ull << k);
    }
  }
  if (left)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c->i + 1,
                  "fewer values than bits set in the mask @%llx", (unsigned long long)mask);
  return SPAGM_OK;
}

/* One row of a record: `name V`, `name @MASK V...` or `name[R] @MASK V...`.
 * Rows come in the order of the field table, each at most once. */
static spagm_status field_row(spagm_vec_reader *r, const spagm__vec_table *tab, void *obj,
                              const void *empty, cursor *c, const tok *name, int *last,
                              int (*row_line)[SPAGM_VEC_MAX_ROWS], spagm_diag *d) {
  size_t fi = 0;
  uint64_t row = 0;
  spagm_status st = field_of_name(r, tab, name, &fi, &row, d);
  if (st != SPAGM_OK) return st;
  int key = (int)(fi * SPAGM_VEC_MAX_ROWS + row);
  if (key <= *last)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, name->col,
                  "field %.*s repeated or out of order (rows follow the field table of txn.h)",
                  (int)(name->n > 40 ? 40 : name->n), name->s);
  *last = key;
  if (row_line) row_line[fi][row] = r->lineno;
  const spagm__vec_field *f = &tab->f[fi];
  if (f->info.count == 1) return field_scalar(r, f, obj, empty, c, d);
  return field_masked(r, f, obj, empty, c, row, d);
}

static spagm_status txn_block(spagm_vec_reader *r, spagm_vec_item *it, spagm_diag *d) {
  int start = r->lineno;
  it->req = r->req0;
  it->rsp = r->rsp0;
  it->expect_line = 0;
  memset(it->rsp_row_line, 0, sizeof it->rsp_row_line);
  bool in_rsp = false;
  int last = -1;
  for (;;) {
    cursor c;
    tok t = {NULL, 0, 0};
    bool is_end;
    spagm_status st = block_line(r, start, "txn", &c, &t, &is_end, d);
    if (st != SPAGM_OK) return st;
    if (is_end) {
      if (!in_rsp)
        return err_at(r, d, SPAGM_E_FORMAT, r->lineno, 1,
                      "the txn record of line %d has no `expect` line", start);
      if ((st = end_block(r, &c, start, d)) != SPAGM_OK) return st;
      if (it->rsp.tag != it->req.tag)
        return err_at(r, d, SPAGM_E_FORMAT, it->expect_line, 1,
                      "the expected response's tag %x is not the request's %x", it->rsp.tag,
                      it->req.tag);
      return SPAGM_OK;
    }
    if (tok_is(&t, "expect")) {
      if (in_rsp)
        return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "a second `expect` in one record");
      if ((st = expect_end(r, &c, d)) != SPAGM_OK) return st;
      in_rsp = true;
      it->expect_line = r->lineno;
      last = -1;
      continue;
    }
    st = in_rsp ? field_row(r, &r->rsp_t, &it->rsp, &r->rsp0, &c, &t, &last, it->rsp_row_line, d)
                : field_row(r, &r->req_t, &it->req, &r->req0, &c, &t, &last, NULL, d);
    if (st != SPAGM_OK) return st;
  }
}

/* ---- Items -------------------------------------------------------------- */

static int lowest_missing(uint32_t units, uint32_t done) {
  uint32_t m = units & ~done;
  for (int u = 0; u < SPAGM_UNIT_COUNT; u++)
    if (m >> u & 1u) return u;
  return -1;
}

/* N86: a record's tag continues its unit's sequence and stays within the
 * header's counts, so a record duplicated or removed (CRCs recomputed) is
 * caught. A scenario file numbers its records 0, 1, ... in file order over
 * every unit; a random file counts per unit from 1 (a shard from where the
 * previous shard stopped) up to `count`, at most `epoch-txns` an epoch. */
static spagm_status check_tag(spagm_vec_reader *r, const spagm_vec_item *it, spagm_diag *d) {
  const spagm_vec_header *h = &r->h;
  unsigned u = it->unit;
  uint32_t tag = it->req.tag;
  if (h->source == SPAGM_VEC_SOURCE_SCENARIO) {
    if (tag != r->txns)
      return err_at(r, d, SPAGM_E_FORMAT, it->line, 1,
                    "tag %x: a scenario file numbers its records from 0 in file order, this is "
                    "record %llx (a record was duplicated, removed or moved; N86)",
                    tag, (unsigned long long)r->txns);
    return SPAGM_OK;
  }
  const char *un = spagm_unit_name((spagm_unit)u);
  bool first = r->unit_txns[u] == 0;
  uint64_t want = first ? 1 : (uint64_t)r->last_tag[u] + 1;
  if ((first && h->sharded) ? tag == 0 : tag != want)
    return err_at(r, d, SPAGM_E_FORMAT, it->line, 1,
                  "%s tag %x: expected %llx, tags count up by one per unit from 1 (a record "
                  "was duplicated, removed or moved; N86)",
                  un, tag, (unsigned long long)want);
  if (tag > h->count)
    return err_at(r, d, SPAGM_E_FORMAT, it->line, 1,
                  "%s tag %x is beyond the header's count %u (N86)", un, tag, h->count);
  if (++r->epoch_unit_txns[u] > h->epoch_txns)
    return err_at(r, d, SPAGM_E_FORMAT, it->line, 1,
                  "more than the header's epoch-txns %u %s records in epoch %u (N86)",
                  h->epoch_txns, un, r->cur_epoch);
  r->last_tag[u] = tag;
  r->unit_txns[u]++;
  return SPAGM_OK;
}

/* N86 at the trailer: an unsharded random file holds `count` records of
 * every unit of the mix; the last shard ends each unit at tag `count`. */
static spagm_status check_counts(spagm_vec_reader *r, spagm_diag *d) {
  const spagm_vec_header *h = &r->h;
  if (h->source != SPAGM_VEC_SOURCE_RANDOM) return SPAGM_OK;
  bool last_shard = h->sharded && h->shard_index == h->shard_count;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(h->units >> u & 1u)) continue;
    const char *un = spagm_unit_name((spagm_unit)u);
    if (!h->sharded && r->unit_txns[u] != h->count)
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, 1,
                    "the file has %llu %s records, the header's count is %u (N86)",
                    (unsigned long long)r->unit_txns[u], un, h->count);
    if (last_shard && r->unit_txns[u] && r->last_tag[u] != h->count)
      return err_at(r, d, SPAGM_E_FORMAT, r->lineno, 1,
                    "the last shard ends the %s unit at tag %x, the header's count is %u (N86)",
                    un, r->last_tag[u], h->count);
  }
  return SPAGM_OK;
}

/* `KEYWORD UNIT` where UNIT must be `want`. */
static spagm_status unit_arg(spagm_vec_reader *r, cursor *c, const char *kw, int want,
                             spagm_unit *u, spagm_diag *d) {
  tok t = {NULL, 0, 0};
  if (!next_tok(c, &t))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c->i + 1, "`%s` needs a unit name", kw);
  int got = spagm__vec_unit_of(t.s, t.n);
  if (got < 0 || !(r->h.units >> got & 1u))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "unit '%.*s' is not in the unit mix",
                  (int)(t.n > 20 ? 20 : t.n), t.s);
  if (want >= 0 && got != want)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col, "expected `%s %s` (units in order)", kw,
                  spagm_unit_name((spagm_unit)want));
  *u = (spagm_unit)got;
  return expect_end(r, c, d);
}

static spagm_status trailer(spagm_vec_reader *r, cursor *c, spagm_vec_item *it, spagm_diag *d) {
  r->trailer_start = r->buf_off + r->line_start;
  if (!r->body_started) { /* a shard without epochs: an empty body */
    r->body_started = true;
    r->body_start = r->trailer_start;
  }
  uint32_t want_epochs = r->end_epoch - (r->h.sharded ? r->h.first_epoch : 0);
  if (r->epochs_seen != want_epochs)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, 1,
                  "trailer after %u epochs, the header says %u: epochs are missing",
                  r->epochs_seen, want_epochs);
  if (r->crc_upto < r->line_start)
    r->crc = (uint32_t)crc32(r->crc, (const Bytef *)r->data + r->crc_upto,
                             (uInt)(r->line_start - r->crc_upto));
  r->crc_upto = r->line_start;
  tok t = {NULL, 0, 0}, v = {NULL, 0, 0};
  uint64_t n, crc;
  if (!next_tok(c, &t) || !tok_is(&t, "txns") || !next_tok(c, &v) ||
      !parse_dec(v.s, v.n, UINT64_MAX, &n))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c->i + 1,
                  "expected `trailer txns N crc32 <8 hex digits>`");
  if (!next_tok(c, &t) || !tok_is(&t, "crc32") || !next_tok(c, &t) || t.n != 8 ||
      !parse_hex(t.s, t.n, &crc))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c->i + 1,
                  "expected `trailer txns N crc32 <8 hex digits>`");
  spagm_status st = expect_end(r, c, d);
  if (st != SPAGM_OK) return st;
  if ((uint32_t)crc != r->crc)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t.col,
                  "CRC-32 mismatch: the trailer says %08x, the file before it gives %08x "
                  "(edited or corrupted outside the blocks)",
                  (unsigned)crc, (unsigned)r->crc);
  if (n != r->txns)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, v.col,
                  "the trailer counts %llu transactions, the file has %llu",
                  (unsigned long long)n, (unsigned long long)r->txns);
  if ((st = check_counts(r, d)) != SPAGM_OK) return st;
  bool more;
  if ((st = next_line(r, &more, d)) != SPAGM_OK) return st;
  if (more)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, 1, "text after the trailer");
  it->kind = SPAGM_VEC_END;
  it->txns = r->txns;
  r->ph = PH_DONE;
  return SPAGM_OK;
}

/* `epoch E`: the next epoch of the header's range. */
static spagm_status item_epoch(spagm_vec_reader *r, cursor *c, const tok *t, spagm_vec_item *it,
                               spagm_diag *d) {
  if (!tok_is(t, "epoch"))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t->col, "expected `epoch %u` or the trailer",
                  r->next_epoch);
  tok v;
  uint64_t e;
  if (!next_tok(c, &v) || !parse_dec(v.s, v.n, UINT32_MAX, &e))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, (int)c->i + 1, "`epoch` needs a number");
  if (e != r->next_epoch || e >= r->end_epoch)
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, v.col,
                  "epoch %llu out of order: expected epoch %u (the header allows %u..%u)",
                  (unsigned long long)e, r->next_epoch,
                  r->h.sharded ? r->h.first_epoch : 0, r->end_epoch ? r->end_epoch - 1 : 0);
  spagm_status st = expect_end(r, c, d);
  if (st != SPAGM_OK) return st;
  if (!r->body_started) {
    r->body_started = true;
    r->body_start = r->buf_off + r->line_start;
  }
  r->cur_epoch = (uint32_t)e;
  r->next_epoch = (uint32_t)e + 1;
  r->epochs_seen++;
  r->state_units = r->rb_units = 0;
  memset(r->epoch_unit_txns, 0, sizeof r->epoch_unit_txns);
  r->ph = PH_STATE;
  it->kind = SPAGM_VEC_EPOCH;
  it->epoch = r->cur_epoch;
  return SPAGM_OK;
}

/* `state UNIT` block, units in order. */
static spagm_status item_state(spagm_vec_reader *r, cursor *c, const tok *t, spagm_vec_item *it,
                               spagm_diag *d) {
  int want = lowest_missing(r->h.units, r->state_units);
  if (!tok_is(t, "state"))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t->col, "expected `state %s`",
                  spagm_unit_name((spagm_unit)want));
  spagm_status st;
  if ((st = unit_arg(r, c, "state", want, &it->unit, d)) != SPAGM_OK) return st;
  begin_block(r);
  if ((st = words_block(r, "state", it->unit, d)) != SPAGM_OK) return st;
  r->state_units |= 1u << it->unit;
  if (r->state_units == r->h.units) r->ph = PH_TXNS;
  it->kind = SPAGM_VEC_STATE;
  it->words = r->words;
  it->mem = r->mem;
  return SPAGM_OK;
}

/* `txn UNIT` record. */
static spagm_status item_txn(spagm_vec_reader *r, cursor *c, spagm_vec_item *it, spagm_diag *d) {
  spagm_status st;
  if ((st = unit_arg(r, c, "txn", -1, &it->unit, d)) != SPAGM_OK) return st;
  begin_block(r);
  if ((st = txn_block(r, it, d)) != SPAGM_OK) return st;
  if ((st = check_tag(r, it, d)) != SPAGM_OK) return st;
  r->txns++;
  if (r->on_txn) r->on_txn(r->on_txn_user, r->txns);
  it->kind = SPAGM_VEC_TXN;
  return SPAGM_OK;
}

/* `readback UNIT` block, units in order; the last one ends the epoch. */
static spagm_status item_readback(spagm_vec_reader *r, cursor *c, const tok *t,
                                  spagm_vec_item *it, spagm_diag *d) {
  int want = lowest_missing(r->h.units, r->rb_units);
  if (!tok_is(t, "readback"))
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno, t->col,
                  r->ph == PH_TXNS ? "expected `txn UNIT` or `readback %s`"
                                   : "expected `readback %s`",
                  spagm_unit_name((spagm_unit)want));
  spagm_status st;
  if ((st = unit_arg(r, c, "readback", want, &it->unit, d)) != SPAGM_OK) return st;
  begin_block(r);
  if ((st = words_block(r, "readback", it->unit, d)) != SPAGM_OK) return st;
  r->rb_units |= 1u << it->unit;
  r->ph = r->rb_units == r->h.units ? PH_EPOCH : PH_RB;
  it->kind = SPAGM_VEC_READBACK;
  it->words = r->words;
  return SPAGM_OK;
}

spagm_status spagm_vec_next(spagm_vec_reader *r, spagm_vec_item *it, spagm_diag *d) {
  if (!r || !it) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no reader or item");
  if (r->err != SPAGM_OK) {
    if (d) *d = r->err_d;
    return r->err;
  }
  if (r->ph == PH_DONE)
    return spagm_diag_set(d, SPAGM_E_STATE, 0, 0, "the file has been read to its trailer");
  bool more;
  spagm_status st = significant_line(r, &more, d);
  if (st != SPAGM_OK) return st;
  if (!more) {
    const char *where = r->ph == PH_EPOCH ? "between epochs" : "inside an epoch";
    return err_at(r, d, SPAGM_E_FORMAT, r->lineno + 1, 1,
                  "the file ends %s without a trailer: truncated", where);
  }
  cursor c = {r->line, 0};
  tok t = {NULL, 0, 0};
  next_tok(&c, &t);
  it->line = r->lineno;
  it->epoch = r->cur_epoch;
  it->unit = SPAGM_UNIT_ATTR; /* defined for every kind; meaningful for blocks */
  memset(&it->words, 0, sizeof it->words);
  memset(&it->mem, 0, sizeof it->mem);
  switch (r->ph) {
    case PH_EPOCH:
      if (tok_is(&t, "trailer")) return trailer(r, &c, it, d);
      return item_epoch(r, &c, &t, it, d);
    case PH_STATE: return item_state(r, &c, &t, it, d);
    default: /* PH_TXNS or PH_RB */
      if (tok_is(&t, "txn") && r->ph == PH_TXNS) return item_txn(r, &c, it, d);
      return item_readback(r, &c, &t, it, d);
  }
}

spagm_status spagm_vec_validate(const char *path, spagm_vec_header *h, uint64_t *txns,
                                spagm_diag *d) {
  if (!path) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no path");
  spagm_vec_reader *r = spagm_vec_reader_open(path, h, d);
  if (!r) return SPAGM_E_FORMAT; /* d says why */
  spagm_vec_item *it = malloc(sizeof *it);
  spagm_status st = it ? SPAGM_OK : spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  while (st == SPAGM_OK) {
    st = spagm_vec_next(r, it, d);
    if (st == SPAGM_OK && it->kind == SPAGM_VEC_END) {
      if (txns) *txns = it->txns;
      break;
    }
  }
  free(it);
  spagm_vec_reader_free(r);
  return st;
}

spagm_status spagm__vec_reader_header(const spagm_vec_reader *r, spagm_vec_header *h) {
  if (!r || !h) return SPAGM_E_ARG;
  *h = r->h;
  return SPAGM_OK;
}
