// SPDX-License-Identifier: Apache-2.0
/* Lock-step co-simulation core: stimulus, golden model, scoreboards and
 * reports (cosim.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_internal.h"
#include "spagm/cov/cov.h"

void spagm_cosim_opts_default(spagm_cosim_opts *o) {
  o->seed = 1;
  o->txns = 20000;
  o->units = (1u << SPAGM_UNIT_ATTR) | (1u << SPAGM_UNIT_PIX) | (1u << SPAGM_UNIT_TEX);
  o->epoch_txns = 1000;
  o->illegal_ppm = 10000;
  o->max_errors = 10;
  o->check = true;
  o->repro = NULL;
  o->tool = NULL;
}

/* A copy of s (strdup is not C11); NULL when out of memory. */
static char *copy_text(const char *s) {
  char *t = malloc(strlen(s) + 1);
  if (t) memcpy(t, s, strlen(s) + 1);
  return t;
}

bool spagm_cosim_parse_units(const char *list, uint32_t *mask) {
  uint32_t m = 0;
  const char *p = list;
  while (p && *p) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    bool ok = false;
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      const char *name = spagm_unit_name((spagm_unit)u);
      if (strlen(name) == n && strncmp(p, name, n) == 0) {
        m |= 1u << u;
        ok = true;
      }
    }
    if (!ok) return false;
    p = e ? e + 1 : NULL;
  }
  if (!m) return false;
  *mask = m;
  return true;
}

spagm_cosim *spagm_cosim_new(const spagm_cosim_opts *o, spagm_diag *d) {
  if (!o) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no options");
    return NULL;
  }
  spagm_cosim *c = calloc(1, sizeof *c);
  if (!c) goto nomem;
  c->o = *o;
  c->repro = copy_text(o->repro ? o->repro : "spagm-cosim");
  c->tool = copy_text(o->tool ? o->tool : "spagm-cosim");
  c->o.repro = c->o.tool = NULL; /* the caller's strings are not kept */
  c->model = spagm_model_new();
  if (!c->repro || !c->tool || !c->model) goto nomem;
  spagm_stim_opts so;
  spagm_stim_opts_default(&so);
  so.seed = o->seed;
  so.units = o->units;
  so.epoch_txns = o->epoch_txns ? o->epoch_txns : 1;
  so.illegal_ppm = o->illegal_ppm;
  c->stim = spagm_stim_new(&so, d);
  if (!c->stim) {
    spagm_cosim_free(c);
    return NULL;
  }
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    c->sb[u].ring = calloc(SPAGM_COSIM_PARK, sizeof *c->sb[u].ring);
    c->sb[u].spare = calloc(SPAGM_COSIM_PARK, sizeof *c->sb[u].spare);
    if (!c->sb[u].ring || !c->sb[u].spare) goto nomem;
    spagm_rng_seed(&c->sb[u].rng, o->seed, 0xB4C4u, u, 0);
  }
  c->first_error_cycle = ~0ull;
  c->first_error_accept_cycle = ~0ull;
  c->epoch = ~0u;
  spagm_clock_start(&c->clock);
  return c;
nomem:
  spagm_cosim_free(c);
  spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  return NULL;
}

void spagm_cosim_free(spagm_cosim *c) {
  if (!c) return;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    spagm_cosim_unit *s = &c->sb[u];
    for (unsigned i = 0; s->ring && i < SPAGM_COSIM_PARK; i++) free(s->ring[i].r);
    for (unsigned i = 0; i < s->nspare; i++) free(s->spare[i]);
    free(s->spare);
    free(c->sb[u].ring);
    spagm_cfg_list_free(&c->sb[u].cfg);
    spagm_cfg_list_free(&c->sb[u].rb);
  }
  spagm_stim_free(c->stim);
  spagm_model_free(c->model);
  free(c->report);
  free(c->taken);
  free(c->repro);
  free(c->tool);
  free(c->json_path);
  free(c->cov_path);
  spagm_cov_free(c->cov);
  free(c->notes);
  free(c);
}

bool spagm_cosim_set_coverage(spagm_cosim *c, const char *cov_path) {
  if (!c) return false;
  free(c->cov_path);
  spagm_cov_free(c->cov);
  c->cov_path = NULL;
  c->cov = NULL;
  if (!cov_path || !*cov_path) return true;
  char name[64];
  snprintf(name, sizeof name, "cosim seed=%llu", (unsigned long long)c->o.seed);
  c->cov_path = strdup(cov_path);
  c->cov = spagm_cov_new();
  return c->cov_path && c->cov && spagm_cov_begin_input(c->cov, name, NULL) == SPAGM_OK;
}

bool spagm_cosim_set_outputs(spagm_cosim *c, const char *json_path, bool progress) {
  free(c->json_path);
  c->json_path = json_path && *json_path ? strdup(json_path) : NULL;
  if (json_path && *json_path && !c->json_path) return false;
  unsigned units = 0;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) units += c->o.units >> u & 1u;
  spagm_progress_start(&c->progress, progress ? stderr : NULL, "cosim", "transactions",
                       c->o.txns * units);
  return true;
}

/* A checkpoint line at accepted_all transactions. */
static void checkpoint(spagm_cosim *c) {
  double secs = spagm_clock_seconds(&c->clock, spagm_clock_ticks(&c->clock) - c->clock.ticks0);
  spagm_progress_checkpoint(stdout, "transactions", c->accepted_all, secs);
  c->checkpoint_last = c->accepted_all;
}

void spagm_cosim_set_checkpoint(spagm_cosim *c, uint64_t every) {
  c->checkpoint_every = every;
  c->checkpoint_total = 0;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    if (c->o.units >> u & 1u) c->checkpoint_total += c->o.txns;
  if (every) checkpoint(c);
}

uint32_t spagm_cosim_units(const spagm_cosim *c) { return c->o.units; }

/* N290: the model must refuse every illegal write of the epoch's load of
 * unit u, as the unit must ignore it (N123); a write the model takes would
 * change the state the stimulus built, so it is a harness error. Each is
 * sampled as coverage (kind x placed among or after the legal words). */
static bool check_illegal_writes(spagm_cosim *c, spagm_unit u) {
  const spagm_stim_illegal *ill;
  size_t n = spagm_stim_illegal_writes(c->stim, u, &ill);
  for (size_t i = 0; i < n; i++) {
    spagm_diag d;
    if (spagm_statemap_write(c->model, u, ill[i].addr, ill[i].data, &d) == SPAGM_OK) {
      spagm__cosim_reportf(c, "cosim: epoch %u: the model took the %s write 0x%08x = 0x%08x "
                              "the stimulus calls illegal\n",
                           c->epoch, spagm_unit_name(u), ill[i].addr, ill[i].data);
      c->errors++;
      return false;
    }
    if (c->cov) spagm_cov_sample_illegal_write(c->cov, u, (unsigned)ill[i].kind, ill[i].after);
  }
  return true;
}

bool spagm_cosim_begin_epoch(spagm_cosim *c) {
  /* The run ends when every unit has produced its share. */
  bool more = false;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    if ((c->o.units >> u & 1u) && c->sb[u].issued < c->o.txns) more = true;
  if (!more) return false;
  c->epoch = c->epoch == ~0u ? 0 : c->epoch + 1;
  spagm_diag d;
  if (spagm_stim_begin_epoch(c->stim, c->epoch, c->model, &d) != SPAGM_OK) {
    spagm__cosim_reportf(c, "cosim: epoch %u state could not be loaded: %s\n", c->epoch,
                         d.msg);
    c->errors++;
    return false;
  }
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    spagm_cosim_unit *s = &c->sb[u];
    s->cfg.n = 0;
    s->cfg_pos = 0;
    s->rb.n = 0;
    s->rb_pos = 0;
    s->rb_built = false;
    if ((c->o.units >> u & 1u) &&
        spagm_stim_load_list(c->stim, c->model, (spagm_unit)u, &s->cfg) != SPAGM_OK) {
      spagm__cosim_reportf(c, "cosim: out of memory building the %s load\n",
                           spagm_unit_name((spagm_unit)u));
      c->errors++;
      return false;
    }
    s->unwritten = spagm_stim_unwritten(c->stim, c->model, (spagm_unit)u);
    if ((c->o.units >> u & 1u) && !check_illegal_writes(c, (spagm_unit)u)) return false;
  }
  return true;
}

unsigned spagm_cosim_epoch(const spagm_cosim *c) { return c->epoch; }

bool spagm_cosim_cfg_next(spagm_cosim *c, spagm_unit u, uint32_t *addr, uint32_t *data) {
  if ((unsigned)u >= SPAGM_UNIT_COUNT) return false;
  spagm_cosim_unit *s = &c->sb[u];
  if (s->cfg_pos >= s->cfg.n) return false;
  *addr = s->cfg.w[s->cfg_pos].addr;
  *data = s->cfg.w[s->cfg_pos].data;
  s->cfg_pos++;
  return true;
}

bool spagm_cosim_cfg_burst(spagm_cosim *c, spagm_unit u, spagm_cfg_burst *b) {
  if ((unsigned)u >= SPAGM_UNIT_COUNT) return false;
  spagm_cosim_unit *s = &c->sb[u];
  return spagm_cfg_list_next_burst(&s->cfg, &s->cfg_pos, b);
}

bool spagm_cosim_next_request(spagm_cosim *c, spagm_unit u, spagm_request *req) {
  if ((unsigned)u >= SPAGM_UNIT_COUNT || !(c->o.units >> u & 1u)) return false;
  spagm_cosim_unit *s = &c->sb[u];
  if (s->issued >= c->o.txns) return false;
  if (!spagm_stim_next(c->stim, u, req)) return false;
  s->issued++;
  return true;
}

/* What an executed request exercised, as the predictor counts it (N362):
 * its active lanes and, on the texture unit, the lanes that read a texel
 * (the model records them, explain.h) and a TLDS that read none while
 * texture memory was empty. */
static void exercised(const spagm_cosim *c, spagm_cosim_unit *s, spagm_unit u,
                      const spagm_request *req, const spagm_cosim_record *r) {
  s->active_lanes += (uint64_t)__builtin_popcount(req->lane_mask);
  if (u != SPAGM_UNIT_TEX || r->exp.fault) return;
  uint32_t written = 0;
  for (unsigned k = 0; k < SPAGM_WB_SLOTS; k++) written |= r->exp.wb_valid[k];
  s->texels += (uint64_t)__builtin_popcount(r->ex.texel_read);
  if (!r->ex.texel_read && written && spagm_tex_mem_pages(c->model, NULL, 0) == 0)
    s->empty_memory++;
}

void spagm_cosim_accept(spagm_cosim *c, spagm_unit u, const spagm_request *req,
                        uint64_t cycle) {
  spagm_cosim_unit *s = &c->sb[u];
  spagm_cosim_parked *p = &s->ring[req->tag % SPAGM_COSIM_PARK];
  s->accepted++;
  s->outstanding++;
  spagm_progress_update(&c->progress, ++c->accepted_all);
  /* The run's last accept leaves its line to spagm_cosim_finish, which
   * counts the responses and read-back after it into the last segment. */
  if (c->checkpoint_every && c->accepted_all % c->checkpoint_every == 0 &&
      c->accepted_all < c->checkpoint_total)
    checkpoint(c);
  if (p->used) {
    spagm__cosim_reportf(c,
                         "MISMATCH %s: tag %u accepted at cycle %llu while tag %u is still "
                         "outstanding in the same scoreboard slot (more than %u in flight)\n",
                         spagm_unit_name(u), req->tag, (unsigned long long)cycle, p->tag,
                         SPAGM_COSIM_PARK);
    spagm__cosim_note(c, "slot", u, req->tag, cycle, cycle, "scoreboard slot still in use");
    spagm__cosim_error(c, cycle);
  }
  if (!p->r) p->r = s->nspare ? s->spare[--s->nspare] : malloc(sizeof *p->r);
  if (!p->r) {
    spagm__cosim_reportf(c, "cosim: out of memory parking %s tag %u\n", spagm_unit_name(u),
                         req->tag);
    spagm__cosim_error(c, cycle);
    return;
  }
  spagm_cosim_record *r = p->r;
  p->used = true;
  p->tag = req->tag;
  p->cycle = cycle;
  r->req = *req;
  if (c->o.check) {
    uint64_t t0 = spagm_clock_ticks(&c->clock);
    spagm_execute_explained(c->model, req, &r->exp, &r->ex);
    exercised(c, s, u, req, r);
    if (c->cov) {
      spagm_cov_sample(c->cov, c->model, NULL, req, &r->exp, &r->ex);
      if (s->unwritten) spagm_cov_sample_unwritten(c->cov, u, req, s->unwritten);
    }
    c->model_ticks += spagm_clock_ticks(&c->clock) - t0;
  }
}

bool spagm_cosim_expected(const spagm_cosim *c, spagm_unit u, const spagm_response *rsp,
                          spagm_request *req, spagm_response *exp, uint32_t *lanes,
                          unsigned *rule) {
  memset(req, 0, sizeof *req);
  memset(exp, 0, sizeof *exp);
  *lanes = 0;
  *rule = 0;
  if ((unsigned)u >= SPAGM_UNIT_COUNT || !c->o.check) return false;
  const spagm_cosim_parked *p = &c->sb[u].ring[rsp->tag % SPAGM_COSIM_PARK];
  if (!p->used || p->tag != rsp->tag) return false;
  *req = p->r->req;
  *exp = p->r->exp;
  *lanes = spagm__mismatch_lanes(&p->r->exp, &p->r->ex, rsp, rule);
  return true;
}

unsigned spagm_cosim_outstanding(const spagm_cosim *c, spagm_unit u) {
  return (unsigned)u < SPAGM_UNIT_COUNT ? c->sb[u].outstanding : 0;
}

/* Compare under docs/port-contract.md (cosim_compare.c) and report a
 * mismatch with the run's context: cycles, epoch state, how to reproduce. */
static unsigned compare_and_report(spagm_cosim *c, spagm_unit u, const spagm_cosim_parked *p,
                                   const spagm_cosim_record *r, const spagm_response *rtl,
                                   uint64_t cycle) {
  spagm_compare_log log;
  if (!spagm__compare_response(r->req.insn, &r->exp, &r->ex, rtl, &log)) return 0;
  char dis[160];
  spagm_disasm_word(r->req.insn, dis, sizeof dis);
  spagm__cosim_reportf(c,
                       "MISMATCH %s tag %u at cycle %llu (accepted at cycle %llu), epoch %u: "
                       "%s\n  insn 0x%016llx  %s  lanes 0x%08x\n",
                       spagm_unit_name(u), p->tag, (unsigned long long)cycle,
                       (unsigned long long)p->cycle, c->epoch,
                       spagm_stim_epoch_summary(c->stim, u), (unsigned long long)r->req.insn,
                       dis, r->req.lane_mask);
  for (unsigned i = 0; i < log.n; i++) spagm__cosim_reportf(c, "  %s\n", log.text[i]);
  if (log.total > log.n)
    spagm__cosim_reportf(c, "  ... and %u more differences\n", log.total - log.n);
  spagm__cosim_reportf(c, "  reproduce: %s +waves_on_fail\n", c->repro);
  spagm__cosim_note(c, "response", u, p->tag, cycle, p->cycle, log.n ? log.text[0] : "");
  return log.total;
}

unsigned spagm_cosim_check(spagm_cosim *c, spagm_unit u, const spagm_response *rsp,
                           uint64_t cycle) {
  /* +max_errors=N is exact (N171): once N errors are in, responses that
   * arrive before the testbench stops (other units in the same cycle, the
   * cycle the stop takes) are neither compared nor counted; their requests
   * stay pending, which a run stopped on purpose does not count. */
  if (spagm_cosim_should_stop(c)) return 0;
  spagm_cosim_unit *s = &c->sb[u];
  spagm_cosim_parked *p = &s->ring[rsp->tag % SPAGM_COSIM_PARK];
  if (!p->used || p->tag != rsp->tag) {
    spagm__cosim_reportf(c,
                         "MISMATCH %s: response with tag %u at cycle %llu matches no accepted "
                         "request (lost, duplicated or corrupted tag)\n  reproduce: %s\n",
                         spagm_unit_name(u), rsp->tag, (unsigned long long)cycle, c->repro);
    spagm__cosim_note(c, "lost_tag", u, rsp->tag, cycle, ~0ull,
                      "response tag matches no accepted request");
    s->failed++;
    spagm__cosim_error(c, cycle);
    return 1;
  }
  p->used = false;
  /* The record goes back to the spares now; nothing takes one before this
   * call returns, so it is read below as it is (N313). */
  const spagm_cosim_record *r = p->r;
  s->spare[s->nspare++] = p->r;
  p->r = NULL;
  /* +cov: what only a co-simulation sees (N104): tag order, depth, epoch. */
  if (c->cov)
    spagm_cov_sample_response(c->cov, u, rsp->tag < s->done_max, s->outstanding, c->epoch > 0);
  if (rsp->tag > s->done_max) s->done_max = rsp->tag;
  s->outstanding--;
  s->checked++;
  if (!c->o.check) {
    s->passed++;
    return 0;
  }
  if (r->exp.fault != SPAGM_FAULT_NONE) s->faults++;
  unsigned diffs = compare_and_report(c, u, p, r, rsp, cycle);
  if (diffs) {
    s->failed++;
    if (c->errors == 0) {
      c->first_error_accept_cycle = p->cycle;
      c->first_error_lanes = spagm__mismatch_lanes(&r->exp, &r->ex, rsp, NULL);
    }
    spagm__cosim_error(c, cycle);
  } else {
    s->passed++;
  }
  return diffs;
}

/* This epoch's read-back list of unit u, built on first use (after the
 * epoch's traffic, so it names the vertices and buffers then live). */
static const spagm_cfg_list *readback_list(spagm_cosim *c, spagm_unit u) {
  spagm_cosim_unit *s = &c->sb[u];
  if (!s->rb_built) {
    s->rb_built = true;
    if ((c->o.units >> u & 1u) &&
        spagm_stim_readback_list(c->stim, c->model, u, &s->rb) != SPAGM_OK) {
      spagm__cosim_reportf(c, "cosim: out of memory building the %s read-back\n",
                           spagm_unit_name(u));
      c->errors++;
    }
  }
  return &s->rb;
}

bool spagm_cosim_readback_next(spagm_cosim *c, spagm_unit u, uint32_t *addr) {
  if ((unsigned)u >= SPAGM_UNIT_COUNT) return false;
  spagm_cosim_unit *s = &c->sb[u];
  const spagm_cfg_list *l = readback_list(c, u);
  if (s->rb_pos >= l->n) return false;
  *addr = l->w[s->rb_pos++].addr;
  return true;
}

bool spagm_cosim_readback_burst(spagm_cosim *c, spagm_unit u, spagm_cfg_burst *b) {
  if ((unsigned)u >= SPAGM_UNIT_COUNT) return false;
  spagm_cosim_unit *s = &c->sb[u];
  return spagm_cfg_list_next_burst(readback_list(c, u), &s->rb_pos, b);
}

unsigned spagm_cosim_readback_check_burst(spagm_cosim *c, spagm_unit u,
                                          const spagm_cfg_burst *b, uint64_t cycle) {
  unsigned bad = 0;
  for (unsigned k = 0; k < 32; k++)
    if (b->mask >> k & 1u)
      bad += spagm_cosim_readback_check(c, u, b->addr + 4 * k, b->data[k], cycle);
  return bad;
}

unsigned spagm_cosim_readback_check(spagm_cosim *c, spagm_unit u, uint32_t addr,
                                    uint32_t data, uint64_t cycle) {
  spagm_cosim_unit *s = &c->sb[u];
  if (spagm_cosim_should_stop(c)) return 0; /* exact +max_errors (N171) */
  s->rb_checked++;
  if (!c->o.check) return 0;
  uint32_t want = 0;
  spagm_statemap_read(c->model, u, addr, &want);
  if (want == data) return 0;
  s->rb_failed++;
  if (s->rb_failed <= 8)
    spagm__cosim_reportf(c,
                         "MISMATCH %s image at end of epoch %u (cycle %llu): %s address "
                         "0x%08x holds 0x%08x, model has 0x%08x\n  reproduce: %s\n",
                         spagm_unit_name(u), c->epoch, (unsigned long long)cycle,
                         spagm_statemap_target_name(u, addr), addr, data, want, c->repro);
  char what[120];
  snprintf(what, sizeof what, "%s address 0x%08x holds 0x%08x, model has 0x%08x",
           spagm_statemap_target_name(u, addr), addr, data, want);
  spagm__cosim_note(c, "image", u, 0, cycle, ~0ull, what);
  spagm__cosim_error(c, cycle);
  return 1;
}

void spagm_cosim_hang(spagm_cosim *c, spagm_unit u, uint64_t cycle, uint64_t cycles,
                      unsigned phase) {
  static const char *const phase_names[] = {"configuration load", "run", "read-back"};
  const char *in = phase < 3 ? phase_names[phase] : "run";
  spagm_cosim_unit *s = &c->sb[u];
  unsigned oldest = 0;
  uint64_t when = ~0ull;
  for (unsigned i = 0; i < SPAGM_COSIM_PARK; i++)
    if (s->ring[i].used && s->ring[i].cycle < when) {
      when = s->ring[i].cycle;
      oldest = s->ring[i].tag;
    }
  char oldest_txt[80] = "";
  if (when != ~0ull)
    snprintf(oldest_txt, sizeof oldest_txt, " (oldest tag %u, accepted at cycle %llu)", oldest,
             (unsigned long long)when);
  spagm__cosim_reportf(c,
                       "HANG %s in the %s at cycle %llu: no handshake for %llu cycles with %u "
                       "requests outstanding%s\n  reproduce: %s +waves_on_fail\n",
                       spagm_unit_name(u), in, (unsigned long long)cycle, (unsigned long long)cycles,
                       s->outstanding, oldest_txt, c->repro);
  char what[120];
  snprintf(what, sizeof what, "no handshake for %llu cycles in the %s, %u outstanding",
           (unsigned long long)cycles, in, s->outstanding);
  spagm__cosim_note(c, "hang", u, oldest, cycle, when, what);
  c->hangs++;
  spagm__cosim_error(c, cycle);
}

void spagm_cosim_tex_read(const spagm_cosim *c, uint64_t va, uint8_t out[32]) {
  memset(out, 0, 32);
  spagm_tex_mem_read(c->model, va & (SPAGM_TEX_VA_LIMIT - 1), out, 32);
}

bool spagm_cosim_random(spagm_cosim *c, spagm_unit u, unsigned pct) {
  if ((unsigned)u >= SPAGM_UNIT_COUNT) return false;
  return spagm_rng_pct(&c->sb[u].rng, pct);
}

void spagm__cosim_reportf(spagm_cosim *c, const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  size_t len = (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1;
  if (c->report_len + len + 1 > c->report_cap) {
    size_t cap = c->report_cap ? c->report_cap * 2 : 4096;
    while (cap < c->report_len + len + 1) cap *= 2;
    char *nb = realloc(c->report, cap);
    if (!nb) return;
    c->report = nb;
    c->report_cap = cap;
  }
  memcpy(c->report + c->report_len, buf, len);
  c->report_len += len;
  c->report[c->report_len] = '\0';
}

void spagm__cosim_error(spagm_cosim *c, uint64_t cycle) {
  c->errors++;
  if (cycle < c->first_error_cycle) c->first_error_cycle = cycle;
}

const char *spagm_cosim_take_report(spagm_cosim *c) {
  /* The returned text stays valid until the next call. */
  free(c->taken);
  c->taken = c->report ? c->report : NULL;
  c->report = NULL;
  c->report_len = c->report_cap = 0;
  return c->taken ? c->taken : "";
}

uint64_t spagm_cosim_errors(const spagm_cosim *c) { return c->errors; }
uint64_t spagm_cosim_first_error_cycle(const spagm_cosim *c) { return c->first_error_cycle; }
uint64_t spagm_cosim_first_error_accept_cycle(const spagm_cosim *c) {
  return c->first_error_accept_cycle;
}
uint32_t spagm_cosim_first_error_lanes(const spagm_cosim *c) { return c->first_error_lanes; }
bool spagm_cosim_should_stop(const spagm_cosim *c) {
  return c->o.max_errors && c->errors >= c->o.max_errors;
}

void spagm_cosim_set_phase_cycles(spagm_cosim *c, uint64_t load, uint64_t run,
                                  uint64_t readback) {
  c->phase_cycles[0] = load;
  c->phase_cycles[1] = run;
  c->phase_cycles[2] = readback;
  c->have_phases = true;
}

void spagm_cosim_add_c_ticks(spagm_cosim *c, uint64_t ticks) { c->c_ticks += ticks; }

uint64_t spagm_cosim_ticks(const spagm_cosim *c) { return spagm_clock_ticks(&c->clock); }

void spagm_cosim_set_unit_clocks(spagm_cosim *c, unsigned unit, uint64_t clocks) {
  if (!c || unit >= SPAGM_UNIT_COUNT) return;
  c->unit_clocks[unit] = clocks;
  c->have_clocks |= 1u << unit;
}

/* "clocked: attr N (x%), tex N (y%) of N cycles": each unit of the run,
 * its clock's edges against the run's cycles (N126). */
static void print_unit_clocks(const spagm_cosim *c, FILE *out, uint64_t cycles) {
  unsigned units = c->o.units & c->have_clocks;
  if (!units) return;
  double d = cycles ? (double)cycles : 1.0;
  fprintf(out, "clocked:");
  const char *sep = " ";
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(units >> u & 1u)) continue;
    fprintf(out, "%s%s %llu (%.1f%%)", sep, spagm_unit_name((spagm_unit)u),
            (unsigned long long)c->unit_clocks[u], 100.0 * (double)c->unit_clocks[u] / d);
    sep = ", ";
  }
  fprintf(out, " of %llu cycles\n", (unsigned long long)cycles);
}

/* The unit's legal coverage bins hit, or -1 without +cov. */
static long long bins_hit(const spagm_cosim *c, unsigned u, unsigned *legal) {
  spagm_cov_totals t;
  if (!c->cov || spagm_cov_unit_totals(c->cov, u, &t) != SPAGM_OK) return -1;
  if (legal) *legal = t.legal;
  return t.hit;
}

/* Per unit, what the run exercised (the predictor's "exercised:" line) and
 * a WARNING line for each way a unit that checked responses exercised
 * nothing (N362): no active lane, no texel read on the texture unit, TLDS
 * on empty texture memory, no coverage bin hit with +cov. Written to out
 * when out is not NULL; returns the warnings of unit u. */
static unsigned exercise_lines(const spagm_cosim *c, unsigned u, FILE *out) {
  const spagm_cosim_unit *s = &c->sb[u];
  const char *name = spagm_unit_name((spagm_unit)u);
  unsigned legal = 0, w = 0;
  long long hit = bins_hit(c, u, &legal);
  if (out) {
    fprintf(out, "exercised (%s): %llu active lanes, %llu texels read, %llu faults", name,
            (unsigned long long)s->active_lanes, (unsigned long long)s->texels,
            (unsigned long long)s->faults);
    if (hit >= 0) fprintf(out, ", %lld of %u coverage bins of the %s unit hit", hit, legal, name);
    fputc('\n', out);
  }
  if (!c->o.check || !s->checked) return 0;
#define WARN(...)                        \
  do {                                   \
    w++;                                 \
    if (out) fprintf(out, __VA_ARGS__);  \
  } while (0)
  if (!s->active_lanes)
    WARN("WARNING: %s: %llu responses checked but no request had an active lane: nothing "
         "was executed\n",
         name, (unsigned long long)s->checked);
  if (u == SPAGM_UNIT_TEX && !s->texels)
    WARN("WARNING: %s: %llu responses checked but no texel was read: every TLDS gave 0 (R18) "
         "or faulted\n",
         name, (unsigned long long)s->checked);
  if (s->empty_memory)
    WARN("WARNING: %s: %llu TLDS requests found texture memory empty\n", name,
         (unsigned long long)s->empty_memory);
  if (hit == 0)
    WARN("WARNING: %s: %llu responses checked but no coverage bin of the %s unit was hit\n",
         name, (unsigned long long)s->checked, name);
#undef WARN
  return w;
}

unsigned spagm_cosim_warnings(const spagm_cosim *c, spagm_unit u) {
  return (unsigned)u < SPAGM_UNIT_COUNT && (c->o.units >> u & 1u) ? exercise_lines(c, u, NULL)
                                                                  : 0;
}

/* The summary's lines on where cycles and wall time went. */
static void print_where_time_went(const spagm_cosim *c, FILE *out, uint64_t cycles,
                                  uint64_t total, double secs) {
  if (c->have_phases) {
    /* Deterministic: the same seed gives the same cycles. */
    uint64_t all = c->phase_cycles[0] + c->phase_cycles[1] + c->phase_cycles[2];
    double d = all ? (double)all : 1.0;
    fprintf(out,
            "cycles: load %llu (%.1f%%), run %llu (%.1f%%), read-back %llu (%.1f%%); "
            "%.2f cycles per transaction\n",
            (unsigned long long)c->phase_cycles[0], 100.0 * (double)c->phase_cycles[0] / d,
            (unsigned long long)c->phase_cycles[1], 100.0 * (double)c->phase_cycles[1] / d,
            (unsigned long long)c->phase_cycles[2], 100.0 * (double)c->phase_cycles[2] / d,
            total ? (double)cycles / (double)total : 0.0);
  }
  print_unit_clocks(c, out, cycles);
  if (c->c_seconds > 0) {
    double testbench_c = c->c_seconds > c->model_seconds ? c->c_seconds - c->model_seconds : 0;
    double sim = secs > c->c_seconds ? secs - c->c_seconds : 0;
    fprintf(out, "time: model %.1f%%, testbench C %.1f%%, simulator %.1f%%\n",
            100.0 * c->model_seconds / secs, 100.0 * testbench_c / secs, 100.0 * sim / secs);
  }
}

uint64_t spagm_cosim_finish(spagm_cosim *c, FILE *out, uint64_t cycles, double seconds) {
  uint64_t passed = 0, failed = 0, images = 0, total = 0;
  spagm_progress_end(&c->progress);
  if (c->checkpoint_every && c->checkpoint_last != c->accepted_all) checkpoint(c);
  fprintf(out, "\n== spagm co-simulation summary ==\n");
  fprintf(out, "seed %llu, %u epochs, %s\n", (unsigned long long)c->o.seed,
          c->epoch == ~0u ? 0 : c->epoch + 1,
          c->o.check ? "checking against the golden model" : "NO CHECK (+no_check)");
  fprintf(out, "%-5s %10s %10s %8s %8s %8s %12s\n", "unit", "requests", "passed", "failed",
          "faults", "pending", "image words");
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(c->o.units >> u & 1u)) continue;
    spagm_cosim_unit *s = &c->sb[u];
    fprintf(out, "%-5s %10llu %10llu %8llu %8llu %8u %6llu/%-5llu\n",
            spagm_unit_name((spagm_unit)u), (unsigned long long)s->accepted,
            (unsigned long long)s->passed, (unsigned long long)s->failed,
            (unsigned long long)s->faults, s->outstanding,
            (unsigned long long)(s->rb_checked - s->rb_failed),
            (unsigned long long)s->rb_checked);
    passed += s->passed;
    /* A request never answered fails, unless the run was stopped early on
     * purpose (+max_errors) while it was in flight. */
    failed += s->failed + (spagm_cosim_should_stop(c) ? 0 : s->outstanding);
    images += s->rb_failed;
    total += s->accepted;
  }
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    if (c->o.units >> u & 1u) exercise_lines(c, u, out);
  double secs = seconds > 0 ? seconds : 1e-9;
  c->model_seconds = spagm_clock_seconds(&c->clock, c->model_ticks);
  c->c_seconds = spagm_clock_seconds(&c->clock, c->c_ticks);
  fprintf(out, "%llu cycles in %.2f s: %.0f transactions/s, %.0f cycles/s\n",
          (unsigned long long)cycles, seconds, (double)total / secs, (double)cycles / secs);
  print_where_time_went(c, out, cycles, total, secs);
  if (images) fprintf(out, "%llu image words differ\n", (unsigned long long)images);
  if (spagm_cosim_should_stop(c))
    fprintf(out, "stopped after %llu errors (+max_errors=%u)\n", (unsigned long long)c->errors,
            c->o.max_errors);
  if (c->errors && c->first_error_cycle != ~0ull)
    fprintf(out, "first mismatch at cycle %llu; reproduce with waves: %s +waves_on_fail\n",
            (unsigned long long)c->first_error_cycle, c->repro);
  /* Differing images count as one failure, and so does a hang (which may
   * come with nothing outstanding: in the load or the read-back). */
  failed += (images ? 1 : 0) + c->hangs;
  bool json_ok = !c->json_path || spagm__cosim_write_json(c, cycles, seconds, passed, failed);
  spagm_diag cd = {0, 0, ""};
  bool cov_ok = !c->cov || spagm_cov_write(c->cov, c->cov_path, &cd) == SPAGM_OK;
  if (!cov_ok) fprintf(stderr, "%s: +cov=%s: %s\n", c->tool, c->cov_path, cd.msg);
  json_ok = json_ok && cov_ok;
  fprintf(out, "cosim: %llu passed, %llu failed\n", (unsigned long long)passed,
          (unsigned long long)failed);
  return failed + images + (c->errors && !failed ? c->errors : 0) + !json_ok;
}
