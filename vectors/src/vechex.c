// SPDX-License-Identifier: Apache-2.0
/* spagm export-hex: a vector file as $readmemh files for the replay
 * testbench (docs/vector-format.md, "Hex export"). The files are built in
 * a directory beside the target and renamed into place when complete. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vecfile_internal.h"

#define MANIFEST_WORDS 48
#define MANIFEST_MAGIC 0x53504756u /* "SPGV" */
/* 2: texture memory pages (tex_mem*.hex); 3: sparse transaction vectors
 * (put_sparse: about a tenth of the bytes of 2). */
#define EXPORT_VERSION 3u
#define UNIT_SLOTS 8

/* The files of one unit. */
enum { F_CFG, F_REQ, F_EXP, F_CMP, F_TXN, F_RB, F_EPOCHS, F_COUNT };
static const char *const file_kind[F_COUNT] = {"cfg", "req", "exp", "cmp", "txn", "rb", "epochs"};

typedef struct unit_out {
  FILE *f[F_COUNT];
  uint64_t cfg, txns, rb;          /* totals */
  uint32_t e_cfg, e_txns, e_rb;    /* this epoch */
} unit_out;

/* Texture memory of the epochs, as whole pages (tex_mem.hex) and pages per
 * epoch (tex_mem_epochs.hex). */
typedef struct mem_out {
  FILE *pages, *epochs;
  uint64_t total;     /* pages over the export */
  uint32_t most;      /* pages of the largest epoch */
  uint32_t e_pages;   /* this epoch */
  uint32_t *page;     /* one page being assembled */
} mem_out;

typedef struct exporter {
  char *tmp;
  unit_out u[SPAGM_UNIT_COUNT];
  mem_out mem;
  uint32_t units;
  spagm__vec_table rsp_t;
  char line[128];
} exporter;

static spagm_status io_err(spagm_diag *d, const char *what, const char *path) {
  return spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot %s %s: %s", what, path, strerror(errno));
}

static char *join(const char *dir, const char *name) {
  size_t n = strlen(dir) + strlen(name) + 2;
  char *p = malloc(n);
  if (p) snprintf(p, n, "%s/%s", dir, name);
  return p;
}

static const char hexdig[] = "0123456789abcdef";

static void put_word(char *p, uint32_t v) {
  for (int i = 7; i >= 0; i--, v >>= 4) p[i] = hexdig[v & 15u];
}

/* count words, 8 to a line. */
static bool put_words(FILE *f, const uint32_t *w, size_t count) {
  char line[8 * 9];
  for (size_t i = 0; i < count; i += 8) {
    size_t n = count - i < 8 ? count - i : 8, len = 0;
    for (size_t k = 0; k < n; k++) {
      put_word(line + len, w[i + k]);
      len += 8;
      line[len++] = k + 1 == n ? '\n' : ' ';
    }
    if (fwrite(line, 1, len, f) != len) return false;
  }
  return true;
}

/* v as hex without leading zeros at p; returns the digits written. */
static size_t put_hex(char *p, uint32_t v) {
  char tmp[8];
  size_t n = 0;
  do tmp[n++] = hexdig[v & 15u]; while ((v >>= 4) != 0);
  for (size_t i = 0; i < n; i++) p[i] = tmp[n - 1 - i];
  return n;
}

/* A transaction vector of count words as one line "K s1 w1 ... sK wK": K
 * non-zero words, each after s zero words, in word order (word 0 = bits
 * [31:0]); minimal hex digits. Requests and responses are mostly zero
 * (idle lanes, unused write-back slots), so this is far smaller than
 * every word in full (docs/vector-format.md, "Hex export"). */
static bool put_sparse(FILE *f, const uint32_t *w, size_t count) {
  char line[SPAGM_RESPONSE_WORDS * 18 + 16];
  size_t k = 0, len;
  for (size_t i = 0; i < count; i++) k += w[i] != 0;
  len = put_hex(line, (uint32_t)k);
  uint32_t skip = 0;
  for (size_t i = 0; i < count; i++) {
    if (!w[i]) {
      skip++;
      continue;
    }
    line[len++] = ' ';
    len += put_hex(line + len, skip);
    line[len++] = ' ';
    len += put_hex(line + len, w[i]);
    skip = 0;
  }
  line[len++] = '\n';
  return fwrite(line, 1, len, f) == len;
}

static bool put_pairs(FILE *f, const spagm_cfg_list *l) {
  char line[18];
  for (size_t i = 0; i < l->n; i++) {
    put_word(line, l->w[i].addr);
    line[8] = ' ';
    put_word(line + 9, l->w[i].data);
    line[17] = '\n';
    if (fwrite(line, 1, sizeof line, f) != sizeof line) return false;
  }
  return true;
}

/* ---- The names an export uses (also for signal-time cleanup) ------------- */

bool spagm_vec_export_hex_partial_dir(const char *dir, char *buf, size_t n) {
  if (!dir || !buf) return false;
  int k = snprintf(buf, n, "%s.partial-%ld", dir, (long)getpid());
  return k >= 0 && (size_t)k < n;
}

/* Per unit: the kinds of file_kind, then for a unit with memory mem and
 * mem_epochs; after every unit fields.hex and manifest.hex. */
static size_t unit_files(unsigned u) {
  return F_COUNT + (spagm_statemap_has_memory((spagm_unit)u) ? 2u : 0u);
}

size_t spagm_vec_export_hex_file_count(uint32_t units) {
  size_t n = 2;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    if (units >> u & 1u) n += unit_files(u);
  return n;
}

bool spagm_vec_export_hex_file_name(uint32_t units, size_t k, char *buf, size_t n) {
  if (!buf) return false;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(units >> u & 1u)) continue;
    if (k < unit_files(u)) {
      const char *kind = k < F_COUNT ? file_kind[k] : k == F_COUNT ? "mem" : "mem_epochs";
      int w = snprintf(buf, n, "%s_%s.hex", spagm_unit_name((spagm_unit)u), kind);
      return w >= 0 && (size_t)w < n;
    }
    k -= unit_files(u);
  }
  if (k > 1) return false;
  int w = snprintf(buf, n, "%s", k == 0 ? "fields.hex" : "manifest.hex");
  return w >= 0 && (size_t)w < n;
}

/* Create UNIT_KIND.hex in the temporary directory. */
static spagm_status create(exporter *x, unsigned u, const char *kind, FILE **f, spagm_diag *d) {
  char name[32];
  snprintf(name, sizeof name, "%s_%s.hex", spagm_unit_name((spagm_unit)u), kind);
  char *p = join(x->tmp, name);
  if (!p) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  *f = fopen(p, "w");
  spagm_status st = *f ? SPAGM_OK : io_err(d, "create", p);
  free(p);
  return st;
}

static spagm_status open_unit(exporter *x, unsigned u, spagm_diag *d) {
  spagm_status st = SPAGM_OK;
  for (int k = 0; k < F_COUNT && st == SPAGM_OK; k++)
    st = create(x, u, file_kind[k], &x->u[u].f[k], d);
  if (st != SPAGM_OK || !spagm_statemap_has_memory((spagm_unit)u)) return st;
  if ((st = create(x, u, "mem", &x->mem.pages, d)) != SPAGM_OK ||
      (st = create(x, u, "mem_epochs", &x->mem.epochs, d)) != SPAGM_OK)
    return st;
  x->mem.page = malloc(SPAGM_TEX_PAGE_BYTES);
  if (!x->mem.page) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  return SPAGM_OK;
}

/* The memory words of one epoch's state (ascending, as the reader
 * guarantees) as whole pages: va[47:32], va[31:0], then the page's 1024
 * little-endian words, zero where the file lists none (N61). */
static bool put_pages(exporter *x, const spagm_mem_list *mem) {
  mem_out *o = &x->mem;
  const uint32_t words = SPAGM_TEX_PAGE_BYTES / 4;
  size_t i = 0;
  while (i < mem->n) {
    uint64_t va = mem->w[i].va & ~(uint64_t)(SPAGM_TEX_PAGE_BYTES - 1);
    memset(o->page, 0, SPAGM_TEX_PAGE_BYTES);
    for (; i < mem->n && mem->w[i].va - va < SPAGM_TEX_PAGE_BYTES; i++)
      o->page[(mem->w[i].va - va) / 4] = mem->w[i].data;
    uint32_t head[2] = {(uint32_t)(va >> 32), (uint32_t)va};
    if (!put_words(o->pages, head, 2) || !put_words(o->pages, o->page, words)) return false;
    o->e_pages++;
    o->total++;
  }
  return true;
}

/* A name as 16 ASCII bytes, right-aligned, in 4 words (most significant
 * first), so SystemVerilog's %0s prints it. */
static void name_words(const char *name, uint32_t w[4]) {
  unsigned char b[16] = {0};
  size_t n = strlen(name);
  if (n > 16) n = 16;
  memcpy(b + 16 - n, name, n);
  for (int i = 0; i < 4; i++)
    w[i] = (uint32_t)b[4 * i] << 24 | (uint32_t)b[4 * i + 1] << 16 | (uint32_t)b[4 * i + 2] << 8 |
           b[4 * i + 3];
}

static spagm_status write_fields(exporter *x, spagm_diag *d) {
  char *p = join(x->tmp, "fields.hex");
  if (!p) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  FILE *f = fopen(p, "w");
  if (!f) {
    spagm_status st = io_err(d, "create", p);
    free(p);
    return st;
  }
  fprintf(f, "// Response fields (spagm_response_fields): lsb, bits, count, outer, name\n");
  for (size_t i = 0; i < x->rsp_t.n; i++) {
    const spagm__vec_field *fl = &x->rsp_t.f[i];
    uint32_t w[8] = {fl->info.lsb, fl->info.bits, fl->info.count, fl->info.outer};
    name_words(fl->info.name, w + 4);
    fprintf(f, "// %s\n", fl->info.name);
    put_words(f, w, 8);
  }
  spagm_status st = SPAGM_OK;
  if (fclose(f) != 0) st = io_err(d, "write", p);
  free(p);
  return st;
}

static spagm_status write_manifest(exporter *x, const spagm_vec_header *h, const char *source,
                                   spagm_diag *d) {
  char *p = join(x->tmp, "manifest.hex");
  if (!p) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  FILE *f = fopen(p, "w");
  if (!f) {
    spagm_status st = io_err(d, "create", p);
    free(p);
    return st;
  }
  uint32_t epochs = h->sharded ? h->shard_epochs : h->epochs;
  fprintf(f,
          "// spagm replay manifest: $readmemh into logic [31:0] m[0:%d]\n"
          "// (docs/vector-format.md, \"Hex export\"); exported from %s\n",
          MANIFEST_WORDS - 1, source);
  struct {
    uint32_t v;
    const char *what;
  } head[] = {{MANIFEST_MAGIC, "magic \"SPGV\""},
              {EXPORT_VERSION, "export format version"},
              {SPAGM_REQUEST_BITS, "request bits"},
              {SPAGM_REQUEST_WORDS, "request words per transaction (32-bit, word 0 = bits 31:0)"},
              {SPAGM_RESPONSE_BITS, "response bits"},
              {SPAGM_RESPONSE_WORDS, "response words per transaction"},
              {epochs, "epochs"},
              {h->sharded ? h->first_epoch : 0, "number of the first epoch"},
              {(uint32_t)x->rsp_t.n, "response fields in fields.hex (8 words each)"},
              {(uint32_t)x->mem.total, "texture memory pages in tex_mem.hex (1026 words each)"},
              {x->mem.most, "texture memory pages of the largest epoch"}};
  size_t nh = sizeof head / sizeof head[0];
  for (size_t i = 0; i < 16; i++)
    fprintf(f, "%08x // %zu: %s\n", i < nh ? head[i].v : 0, i, i < nh ? head[i].what : "reserved");
  for (unsigned u = 0; u < UNIT_SLOTS; u++) {
    const char *name = u < SPAGM_UNIT_COUNT ? spagm_unit_name((spagm_unit)u) : "unused";
    bool on = u < SPAGM_UNIT_COUNT && (x->units >> u & 1u);
    const unit_out *o = on ? &x->u[u] : NULL;
    fprintf(f, "%08x // %u: unit %u (%s) present\n", on ? 1u : 0u, 16 + 4 * u, u, name);
    fprintf(f, "%08x // %u: %s state words (%s_cfg.hex: address data)\n",
            o ? (uint32_t)o->cfg : 0, 17 + 4 * u, name, name);
    fprintf(f, "%08x // %u: %s transactions (%s_req/exp/cmp/txn.hex)\n",
            o ? (uint32_t)o->txns : 0, 18 + 4 * u, name, name);
    fprintf(f, "%08x // %u: %s read-back words (%s_rb.hex: address data)\n",
            o ? (uint32_t)o->rb : 0, 19 + 4 * u, name, name);
  }
  spagm_status st = SPAGM_OK;
  if (fclose(f) != 0) st = io_err(d, "write", p);
  free(p);
  return st;
}

/* Remove an earlier export at dir (only files named *.hex), so the new one
 * can be renamed into place. */
static spagm_status clear_old(const char *dir, spagm_diag *d) {
  struct stat sb;
  if (stat(dir, &sb) != 0) return SPAGM_OK; /* nothing there */
  if (!S_ISDIR(sb.st_mode))
    return spagm_diag_set(d, SPAGM_E_IO, 0, 0, "%s exists and is not a directory", dir);
  DIR *dd = opendir(dir);
  if (!dd) return io_err(d, "open", dir);
  struct dirent *e;
  spagm_status st = SPAGM_OK;
  bool ours = true;
  while ((e = readdir(dd)) != NULL) {
    size_t n = strlen(e->d_name);
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    if (n < 5 || strcmp(e->d_name + n - 4, ".hex") != 0) ours = false;
  }
  if (!ours) {
    closedir(dd);
    return spagm_diag_set(d, SPAGM_E_IO, 0, 0,
                          "%s exists and holds files other than a hex export: not replacing it",
                          dir);
  }
  rewinddir(dd);
  while (st == SPAGM_OK && (e = readdir(dd)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    char *p = join(dir, e->d_name);
    if (!p) st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    else if (remove(p) != 0) st = io_err(d, "remove", p);
    free(p);
  }
  closedir(dd);
  if (st == SPAGM_OK && rmdir(dir) != 0) st = io_err(d, "remove", dir);
  return st;
}

/* Remove the temporary directory after a failure. */
static void drop_tmp(const char *tmp) {
  DIR *dd = opendir(tmp);
  if (dd) {
    struct dirent *e;
    while ((e = readdir(dd)) != NULL) {
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
      char *p = join(tmp, e->d_name);
      if (p) remove(p);
      free(p);
    }
    closedir(dd);
  }
  rmdir(tmp);
}

static spagm_status close_all(exporter *x, spagm_diag *d) {
  spagm_status st = SPAGM_OK;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    for (int k = 0; k < F_COUNT; k++) {
      if (!x->u[u].f[k]) continue;
      if (fclose(x->u[u].f[k]) != 0 && st == SPAGM_OK)
        st = spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot write the %s %s file",
                            spagm_unit_name((spagm_unit)u), file_kind[k]);
      x->u[u].f[k] = NULL;
    }
  FILE **mf[2] = {&x->mem.pages, &x->mem.epochs};
  for (int k = 0; k < 2; k++) {
    if (*mf[k] && fclose(*mf[k]) != 0 && st == SPAGM_OK)
      st = spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot write the texture memory files");
    *mf[k] = NULL;
  }
  free(x->mem.page);
  x->mem.page = NULL;
  return st;
}

/* `epoch`: the per-epoch counts start again. */
static void put_epoch(exporter *x) {
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    x->u[u].e_cfg = x->u[u].e_txns = x->u[u].e_rb = 0;
  x->mem.e_pages = 0;
}

/* `state`: the unit's words, and for a unit with memory its pages and the
 * epoch's page count. False when a write fails. */
static bool put_state(exporter *x, unit_out *o, const spagm_vec_item *it) {
  bool ok = put_pairs(o->f[F_CFG], &it->words);
  o->e_cfg += (uint32_t)it->words.n;
  o->cfg += it->words.n;
  if (spagm_statemap_has_memory(it->unit)) {
    ok = ok && put_pages(x, &it->mem);
    ok = ok && put_words(x->mem.epochs, &x->mem.e_pages, 1);
    if (x->mem.e_pages > x->mem.most) x->mem.most = x->mem.e_pages;
  }
  return ok;
}

/* `txn`: request, expected response, compare mask and tag/line, packed. */
static bool put_txn(unit_out *o, const spagm_vec_item *it, spagm_response *mask,
                    uint32_t *words) {
  spagm_request_pack(&it->req, words);
  bool ok = put_sparse(o->f[F_REQ], words, SPAGM_REQUEST_WORDS);
  spagm_response_pack(&it->rsp, words);
  ok = ok && put_sparse(o->f[F_EXP], words, SPAGM_RESPONSE_WORDS);
  spagm_vec_compare_mask(&it->rsp, mask);
  spagm_response_pack(mask, words);
  ok = ok && put_sparse(o->f[F_CMP], words, SPAGM_RESPONSE_WORDS);
  uint32_t info[2] = {it->req.tag, (uint32_t)it->line};
  ok = ok && put_words(o->f[F_TXN], info, 2);
  o->e_txns++;
  o->txns++;
  return ok;
}

/* `readback`: the unit's words, then the epoch's counts. */
static bool put_readback(unit_out *o, const spagm_vec_item *it) {
  bool ok = put_pairs(o->f[F_RB], &it->words);
  o->e_rb += (uint32_t)it->words.n;
  o->rb += it->words.n;
  uint32_t counts[3] = {o->e_cfg, o->e_txns, o->e_rb};
  return ok && put_words(o->f[F_EPOCHS], counts, 3);
}

static spagm_status body(exporter *x, spagm_vec_reader *r, spagm_diag *d) {
  spagm_vec_item *it = malloc(sizeof *it);
  spagm_response *mask = malloc(sizeof *mask);
  uint32_t *words = malloc(sizeof(uint32_t) * (SPAGM_RESPONSE_WORDS > SPAGM_REQUEST_WORDS
                                                   ? SPAGM_RESPONSE_WORDS
                                                   : SPAGM_REQUEST_WORDS));
  spagm_status st = (it && mask && words) ? SPAGM_OK
                                          : spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  bool ok = true;
  while (st == SPAGM_OK && ok) {
    if ((st = spagm_vec_next(r, it, d)) != SPAGM_OK || it->kind == SPAGM_VEC_END) break;
    /* it->unit is set for state, txn and read-back items only. */
    unit_out *o = it->kind == SPAGM_VEC_EPOCH ? NULL : &x->u[it->unit];
    switch (it->kind) {
      case SPAGM_VEC_EPOCH: put_epoch(x); break;
      case SPAGM_VEC_STATE: ok = put_state(x, o, it); break;
      case SPAGM_VEC_TXN: ok = put_txn(o, it, mask, words); break;
      case SPAGM_VEC_READBACK: ok = put_readback(o, it); break;
      default: break;
    }
  }
  if (st == SPAGM_OK && !ok)
    st = spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot write the hex files: %s", strerror(errno));
  free(it);
  free(mask);
  free(words);
  return st;
}

spagm_status spagm_vec_export_hex(spagm_vec_reader *r, const char *source, const char *dir,
                                  spagm_diag *d) {
  if (!r || !dir || !*dir) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no reader or directory");
  exporter *x = calloc(1, sizeof *x);
  if (!x) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  spagm_status st = SPAGM_OK;
  if (!spagm__vec_table_get(1, &x->rsp_t))
    st = spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "the response table does not fit the format");
  size_t n = strlen(dir) + 40;
  x->tmp = malloc(n);
  if (st == SPAGM_OK && !x->tmp) st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  if (st == SPAGM_OK) {
    spagm_vec_export_hex_partial_dir(dir, x->tmp, n);
    drop_tmp(x->tmp); /* left over by a crashed run with our pid */
    if (mkdir(x->tmp, 0777) != 0) st = io_err(d, "create", x->tmp);
  }
  spagm_vec_header h;
  memset(&h, 0, sizeof h);
  if (st == SPAGM_OK) {
    /* The header was read when r was opened; recover it from an item-free
     * call: the reader keeps it. */
    st = spagm__vec_reader_header(r, &h);
    x->units = h.units;
  }
  for (unsigned u = 0; st == SPAGM_OK && u < SPAGM_UNIT_COUNT; u++)
    if (x->units >> u & 1u) st = open_unit(x, u, d);
  if (st == SPAGM_OK) st = body(x, r, d);
  spagm_status cst = close_all(x, d);
  if (st == SPAGM_OK) st = cst;
  if (st == SPAGM_OK) st = write_fields(x, d);
  if (st == SPAGM_OK) st = write_manifest(x, &h, source ? source : "vectors", d);
  if (st == SPAGM_OK) st = clear_old(dir, d);
  if (st == SPAGM_OK && rename(x->tmp, dir) != 0) st = io_err(d, "rename into", dir);
  if (st != SPAGM_OK && x->tmp) drop_tmp(x->tmp);
  free(x->tmp);
  free(x);
  return st;
}
