// SPDX-License-Identifier: Apache-2.0
/* One co-simulation run (cosim.h): its options, the stimulus and golden
 * model it owns, the epochs, each epoch's configuration load and
 * read-back, the texture-memory answers, the backpressure randomness, the
 * report text and the error count. Accept and check are check.c, the
 * reports' format report.c, the summary summary.c. */
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
    if (!spagm__sb_init(&c->sb[u].board, SPAGM_COSIM_PARK)) goto nomem;
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
    spagm__sb_free(&c->sb[u].board);
    spagm_cfg_list_free(&c->sb[u].cfg);
    spagm_cfg_list_free(&c->sb[u].rb);
  }
  spagm_stim_free(c->stim);
  spagm_model_free(c->model);
  spagm__text_free(&c->report);
  spagm__text_free(&c->taken);
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

void spagm__cosim_checkpoint(spagm_cosim *c) {
  double secs = spagm_clock_seconds(&c->clock, spagm_clock_ticks(&c->clock) - c->clock.ticks0);
  spagm_progress_checkpoint(stdout, "transactions", c->accepted_all, secs);
  c->checkpoint_last = c->accepted_all;
}

void spagm_cosim_set_checkpoint(spagm_cosim *c, uint64_t every) {
  c->checkpoint_every = every;
  c->checkpoint_total = 0;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    if (c->o.units >> u & 1u) c->checkpoint_total += c->o.txns;
  if (every) spagm__cosim_checkpoint(c);
}

uint32_t spagm_cosim_units(const spagm_cosim *c) { return c->o.units; }

/* N290: the model must refuse every illegal write of the epoch's load of
 * unit u, as the unit must ignore it (N123); a write the model takes would
 * change the state the stimulus built, so it is a harness error. Each is
 * sampled as coverage (kind x placed among or after the legal words), and
 * so are the pixel load's corners of stimulus 10 (N420, N421): a write that
 * aliases a register with a value it can hold, every register written
 * twice; and the attribute epoch's corners of stimulus 11 (N466, N467). */
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
    if (c->cov && u == SPAGM_UNIT_PIX && ill[i].aliases)
      spagm_cov_sample_load_corner(c->cov, u, ill[i].kind == SPAGM_STIM_ILLEGAL_TARGET
                                                   ? SPAGM_COV_LOAD_ALIASED_TARGET_WRITE
                                                   : SPAGM_COV_LOAD_ALIASED_ADDRESS_WRITE);
  }
  if (c->cov && u == SPAGM_UNIT_PIX && spagm_stim_rewrites_registers(c->stim, u))
    spagm_cov_sample_load_corner(c->cov, u, SPAGM_COV_LOAD_WRITTEN_TWICE);
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

/* This epoch's read-back list of unit u, built on first use (after the
 * epoch's traffic, so it names the vertices and buffers then live). Then
 * the attribute corners the epoch drew are binned: its state corners and
 * those its requests drew (N531). */
static const spagm_cfg_list *readback_list(spagm_cosim *c, spagm_unit u) {
  spagm_cosim_unit *s = &c->sb[u];
  if (!s->rb_built) {
    s->rb_built = true;
    for (unsigned k = 0; c->cov && u == SPAGM_UNIT_ATTR && k < SPAGM_STIM_ATTR_CORNERS; k++)
      if (spagm_stim_attr_corner_drawn(c->stim, (spagm_stim_attr_corner)k))
        spagm_cov_sample_attr_corner(c->cov, k);
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
  const char *target = spagm_statemap_target_name(u, addr);
  if (s->rb_failed <= 8)
    spagm__report_image(&c->report, spagm_unit_name(u), c->epoch, cycle, target, addr, data, want,
                        c->repro);
  char what[120];
  snprintf(what, sizeof what, "%s address 0x%08x holds 0x%08x, model has 0x%08x", target, addr,
           data, want);
  spagm__cosim_note(c, "image", u, 0, cycle, ~0ull, what);
  spagm__cosim_error(c, cycle);
  return 1;
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
  va_list ap;
  va_start(ap, fmt);
  spagm__text_vprintf(&c->report, fmt, ap);
  va_end(ap);
}

void spagm__cosim_error(spagm_cosim *c, uint64_t cycle) {
  c->errors++;
  if (cycle < c->first_error_cycle) c->first_error_cycle = cycle;
}

const char *spagm_cosim_take_report(spagm_cosim *c) {
  /* The returned text stays valid until the next call. */
  spagm__text_free(&c->taken);
  c->taken = c->report;
  memset(&c->report, 0, sizeof c->report);
  return spagm__text_str(&c->taken);
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
