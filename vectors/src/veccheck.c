// SPDX-License-Identifier: Apache-2.0
/* spagm check: rebuild each epoch's state from the recorded words, re-run
 * every transaction on the golden model and compare with the file, so a
 * model change that alters behaviour shows up as file:line disagreements. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "spagm/cov/cov.h"
#include "veccheck_source.h"
#include "vecfile_internal.h"

typedef struct checker {
  const char *name;
  FILE *out;
  unsigned max_reports, reports;
  spagm_vec_check_result *res;
  spagm__vec_table rsp_t;
  spagm_model *m;
  /* The state words of the current epoch, per unit, for the round trip. */
  spagm_cfg_list recorded[SPAGM_UNIT_COUNT];
  spagm_mem_list recorded_mem[SPAGM_UNIT_COUNT];
  int state_line[SPAGM_UNIT_COUNT];
  uint32_t units;
  bool roundtrip_done;
  spagm__vec_source *src; /* a random file's stimulus (N86), else NULL */
  spagm_cov *cov;          /* --cov, else NULL */
  spagm_explain *ex;       /* the explanation sampled with cov */
} checker;

static void report(checker *c, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void report(checker *c, int line, const char *fmt, ...) {
  c->reports++;
  if (!c->out || (c->max_reports && c->reports > c->max_reports)) return;
  fprintf(c->out, "%s:%d: ", c->name, line);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(c->out, fmt, ap);
  va_end(ap);
  fputc('\n', c->out);
}

/* The same for memory: the rebuilt model must list the file's words. */
static void roundtrip_memory(checker *c) {
  spagm_mem_list now = {0};
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(c->units >> u & 1u) || !spagm_statemap_has_memory((spagm_unit)u)) continue;
    now.n = 0;
    if (spagm_statemap_memory_list(c->m, (spagm_unit)u, &now) != SPAGM_OK) {
      report(c, c->state_line[u], "the %s unit's memory cannot be listed (out of memory)",
             spagm_unit_name((spagm_unit)u));
      c->res->state_failed++;
      continue;
    }
    const spagm_mem_list *rec = &c->recorded_mem[u];
    size_t i = 0;
    while (i < now.n && i < rec->n && now.w[i].va == rec->w[i].va &&
           now.w[i].data == rec->w[i].data)
      i++;
    if (i == now.n && i == rec->n) continue;
    c->res->state_failed++;
    if (i < now.n && i < rec->n)
      report(c, c->state_line[u],
             "state %s memory word %zu: the file stores %llx=%08x, the rebuilt model lists "
             "%llx=%08x (a zero word, or memory the map does not round-trip)",
             spagm_unit_name((spagm_unit)u), i, (unsigned long long)rec->w[i].va, rec->w[i].data,
             (unsigned long long)now.w[i].va, now.w[i].data);
    else
      report(c, c->state_line[u],
             "state %s: the file has %zu memory words, the rebuilt model lists %zu non-zero ones",
             spagm_unit_name((spagm_unit)u), rec->n, now.n);
  }
  spagm_mem_list_free(&now);
}

/* A state block may leave words at their power-on value unwritten, as a
 * seeded co-simulation epoch leaves registers to the reset (N280, N291):
 * a directed test of a reset value needs exactly that (N415). It still
 * round-trips when each recorded word is the load list's word at its
 * place and each word left out holds what a reset model lists there. */
static bool partial_roundtrip(spagm_unit u, const spagm_cfg_list *rec,
                              const spagm_cfg_list *now) {
  spagm_model *fresh = spagm_model_new();
  spagm_cfg_list base = {0};
  bool ok = fresh && spagm_statemap_load_list(fresh, u, &base) == SPAGM_OK;
  size_t j = 0;
  for (size_t i = 0; ok && i < now->n; i++) {
    if (j < rec->n && rec->w[j].addr == now->w[i].addr) {
      ok = rec->w[j++].data == now->w[i].data;
      continue;
    }
    size_t k = 0;
    while (k < base.n && base.w[k].addr != now->w[i].addr) k++;
    ok = k < base.n && base.w[k].data == now->w[i].data;
  }
  ok = ok && j == rec->n;
  spagm_cfg_list_free(&base);
  spagm_model_free(fresh);
  return ok;
}

/* The words loaded into the rebuilt model must give back the same load
 * list: otherwise the state map lost or invented state. */
static void roundtrip(checker *c) {
  if (c->roundtrip_done) return;
  c->roundtrip_done = true;
  spagm_cfg_list now = {0};
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(c->units >> u & 1u)) continue;
    now.n = 0;
    if (spagm_statemap_load_list(c->m, (spagm_unit)u, &now) != SPAGM_OK) {
      report(c, c->state_line[u], "the %s unit's state cannot be listed again as words",
             spagm_unit_name((spagm_unit)u));
      c->res->state_failed++;
      continue;
    }
    const spagm_cfg_list *rec = &c->recorded[u];
    size_t i = 0;
    while (i < now.n && i < rec->n && now.w[i].addr == rec->w[i].addr &&
           now.w[i].data == rec->w[i].data)
      i++;
    if (i == now.n && i == rec->n) continue;
    if (rec->n < now.n && partial_roundtrip((spagm_unit)u, rec, &now)) continue;
    c->res->state_failed++;
    if (i < now.n && i < rec->n)
      report(c, c->state_line[u],
             "state %s word %zu: the file loads %08x=%08x, the rebuilt model lists %08x=%08x "
             "(the state map does not round-trip)",
             spagm_unit_name((spagm_unit)u), i, rec->w[i].addr, rec->w[i].data, now.w[i].addr,
             now.w[i].data);
    else
      report(c, c->state_line[u],
             "state %s: the file has %zu words, the rebuilt model lists %zu (the state map does "
             "not round-trip)",
             spagm_unit_name((spagm_unit)u), rec->n, now.n);
  }
  spagm_cfg_list_free(&now);
  roundtrip_memory(c);
}

static void state(checker *c, const spagm_vec_item *it) {
  c->state_line[it->unit] = it->line;
  spagm_cfg_list *rec = &c->recorded[it->unit];
  rec->n = 0;
  for (size_t i = 0; i < it->words.n; i++) {
    spagm_diag d;
    spagm_cfg_list_push(rec, it->words.w[i].addr, it->words.w[i].data);
    if (spagm_statemap_write(c->m, it->unit, it->words.w[i].addr, it->words.w[i].data, &d) !=
        SPAGM_OK) {
      c->res->state_failed++;
      report(c, it->line, "state %s word %zu (%08x=%08x) rejected: %s",
             spagm_unit_name(it->unit), i, it->words.w[i].addr, it->words.w[i].data, d.msg);
    }
  }
  spagm_mem_list *mem = &c->recorded_mem[it->unit];
  mem->n = 0;
  for (size_t i = 0; i < it->mem.n; i++) {
    spagm_diag d;
    spagm_mem_list_push(mem, it->mem.w[i].va, it->mem.w[i].data);
    if (spagm_statemap_memory_write(c->m, it->unit, it->mem.w[i].va, it->mem.w[i].data, &d) !=
        SPAGM_OK) {
      c->res->state_failed++;
      report(c, it->line, "state %s memory word %zu rejected: %s", spagm_unit_name(it->unit), i,
             d.msg);
    }
  }
}

/* N86: a random file is its header's stimulus; a disagreement counts as a
 * failed state (state words, a unit's requests ending early or late) or a
 * failed transaction (a request that is not the stimulus's). */
static void source_item(checker *c, const spagm_vec_item *it) {
  const char *field;
  const char *un = spagm_unit_name(it->unit);
  switch (it->kind) {
    case SPAGM_VEC_EPOCH:
      if (!spagm__vec_source_epoch(c->src, it->epoch)) {
        c->res->state_failed++;
        report(c, it->line, "epoch %u: the header's stimulus cannot start it", it->epoch);
      }
      break;
    case SPAGM_VEC_STATE:
      if (spagm__vec_source_state(c->src, it->unit, &it->words)) break;
      c->res->state_failed++;
      report(c, it->line, "state %s: not the state the header's generator options give "
             "(seed, units; N86)", un);
      break;
    case SPAGM_VEC_TXN:
      if (!(field = spagm__vec_source_txn(c->src, it->unit, &it->req))) break;
      c->res->txns_failed++;
      report(c, it->line, "%s tag %u: not the request the header's generator options give "
             "(%s differs; N86)", un, it->req.tag, field);
      break;
    case SPAGM_VEC_READBACK:
      if (spagm__vec_source_unit_done(c->src, it->unit)) break;
      c->res->state_failed++;
      report(c, it->line, "readback %s: the header's stimulus has more %s requests in this "
             "epoch (epoch-txns, count; N86)", un, un);
      break;
    default: break;
  }
}

static void txn(checker *c, const spagm_vec_item *it, spagm_response *got) {
  roundtrip(c);
  c->res->txns++;
  if (c->cov) {
    spagm_execute_explained(c->m, &it->req, got, c->ex);
    spagm_cov_sample(c->cov, c->m, NULL, &it->req, got, c->ex);
  } else {
    spagm_execute(c->m, &it->req, got);
  }
  uint64_t diffs = 0;
  for (size_t fi = 0; fi < c->rsp_t.n; fi++) {
    const spagm__vec_field *f = &c->rsp_t.f[fi];
    for (unsigned k = 0; k < f->info.count; k++) {
      if (k % f->row_len == 0 && spagm__vec_row_equal(f, &it->rsp, got, k / f->row_len)) {
        k += f->row_len - 1;
        continue;
      }
      uint64_t want = spagm__vec_elem(f, &it->rsp, k), have = spagm__vec_elem(f, got, k);
      if (want == have) continue;
      diffs++;
      unsigned row = k / f->row_len, el = k % f->row_len;
      int line = it->rsp_row_line[fi][row] ? it->rsp_row_line[fi][row] : it->expect_line;
      char where[48] = "";
      if (f->rows > 1) snprintf(where, sizeof where, "[%u] element %u", row, el);
      else if (f->info.count > 1) snprintf(where, sizeof where, " element %u", el);
      report(c, line, "%s tag %u: %s%s: the file expects %llx, the model gives %llx",
             spagm_unit_name(it->unit), it->req.tag, f->info.name, where,
             (unsigned long long)want, (unsigned long long)have);
    }
  }
  if (diffs) {
    c->res->txns_failed++;
    c->res->differences += diffs;
  }
}

static void readback(checker *c, const spagm_vec_item *it, spagm_cfg_list *want) {
  roundtrip(c);
  spagm_vec_readback_words(c->m, it->unit, want);
  c->res->rb_words += it->words.n;
  if (want->n != it->words.n) {
    c->res->rb_failed++;
    report(c, it->line, "readback %s: the file lists %zu words, the model's read-back has %zu",
           spagm_unit_name(it->unit), it->words.n, want->n);
    return;
  }
  for (size_t i = 0; i < want->n; i++) {
    const spagm_cfg_word *a = &it->words.w[i], *b = &want->w[i];
    if (a->addr == b->addr && a->data == b->data) continue;
    c->res->rb_failed++;
    if (a->addr != b->addr)
      report(c, it->line, "readback %s word %zu: the file reads %08x, the model's list %08x",
             spagm_unit_name(it->unit), i, a->addr, b->addr);
    else
      report(c, it->line, "readback %s %s %08x: the file expects %08x, the model has %08x",
             spagm_unit_name(it->unit), spagm_statemap_target_name(it->unit, a->addr), a->addr,
             a->data, b->data);
  }
}

static void checker_free(checker *c) {
  if (!c) return;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    spagm_cfg_list_free(&c->recorded[u]);
    spagm_mem_list_free(&c->recorded_mem[u]);
  }
  spagm_model_free(c->m);
  spagm__vec_source_free(c->src);
  free(c->ex);
  free(c);
}

spagm_status spagm_vec_check(spagm_vec_reader *r, const char *name, FILE *out,
                             unsigned max_reports, spagm_vec_check_result *res, spagm_diag *d) {
  return spagm_vec_check_cov(r, name, out, max_reports, res, NULL, d);
}

spagm_status spagm_vec_check_cov(spagm_vec_reader *r, const char *name, FILE *out,
                                 unsigned max_reports, spagm_vec_check_result *res,
                                 spagm_cov *cov, spagm_diag *d) {
  if (!r || !res) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no reader or result");
  memset(res, 0, sizeof *res);
  checker *c = calloc(1, sizeof *c);
  spagm_vec_item *it = malloc(sizeof *it);
  spagm_response *got = malloc(sizeof *got);
  spagm_cfg_list want = {0};
  spagm_status st = SPAGM_OK;
  if (!c || !it || !got || !(c->m = spagm_model_new()) ||
      (cov && !(c->ex = malloc(sizeof *c->ex))))
    st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  if (c) c->cov = cov;
  if (st == SPAGM_OK && !spagm__vec_table_get(1, &c->rsp_t))
    st = spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "the response table does not fit the format");
  if (st == SPAGM_OK) {
    c->name = name ? name : "<vectors>";
    c->out = out;
    c->max_reports = max_reports;
    c->res = res;
    spagm_vec_header h;
    if (spagm__vec_reader_header(r, &h) == SPAGM_OK && h.source == SPAGM_VEC_SOURCE_RANDOM &&
        !(c->src = spagm__vec_source_new(&h)))
      st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  }
  while (st == SPAGM_OK) {
    if ((st = spagm_vec_next(r, it, d)) != SPAGM_OK) break;
    if (it->kind == SPAGM_VEC_END) break;
    if (c->src) source_item(c, it);
    switch (it->kind) {
      case SPAGM_VEC_EPOCH:
        spagm_model_reset(c->m);
        c->units = 0;
        c->roundtrip_done = false;
        break;
      case SPAGM_VEC_STATE:
        c->units |= 1u << it->unit;
        state(c, it);
        break;
      case SPAGM_VEC_TXN: txn(c, it, got); break;
      case SPAGM_VEC_READBACK: readback(c, it, &want); break;
      default: break;
    }
  }
  if (c && c->out && c->max_reports && c->reports > c->max_reports)
    fprintf(c->out, "%s: ... and %u more disagreements\n", c->name, c->reports - c->max_reports);
  checker_free(c);
  spagm_cfg_list_free(&want);
  free(it);
  free(got);
  return st;
}
