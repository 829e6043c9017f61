// SPDX-License-Identifier: Apache-2.0
/* Random vector generation (spagm gen): the stimulus generator's epochs,
 * each executed on the golden model, written through the vector writer. The
 * traffic is the co-simulation's for the same seed and options (spagm/stim/stim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spagm/cov/cov.h"
#include "spagm/stim/stim.h"
#include "vecfile_internal.h"

spagm_status spagm_vec_readback_words(const spagm_model *m, spagm_unit u, spagm_cfg_list *l) {
  if (!m || !l) return SPAGM_E_ARG;
  l->n = 0;
  spagm_status st = spagm_statemap_readback_list(m, u, l);
  for (size_t i = 0; st == SPAGM_OK && i < l->n; i++) {
    uint32_t v = 0;
    spagm_statemap_read(m, u, l->w[i].addr, &v);
    l->w[i].data = v;
  }
  return st;
}

static void stim_options(const spagm_vec_header *h, spagm_stim_opts *o) {
  spagm_stim_opts_default(o);
  o->seed = h->seed;
  o->units = h->units;
  o->epoch_txns = h->epoch_txns;
  o->illegal_ppm = h->illegal_ppm;
}

/* The stimulus's epoch budgets (no requests, no execution) for epochs [0, stop), or until
 * every unit has its count: as in the co-simulation, an epoch gives each
 * unit what the stimulus offers (fewer requests to a unit whose stage does
 * not suit it) up to the unit's count. Sets *epochs to the epochs walked and
 * issued[u] to the requests before them. */
static spagm_status walk(const spagm_vec_header *h, uint32_t stop, uint32_t *epochs,
                         uint64_t *issued, spagm_diag *d) {
  spagm_stim_opts o;
  stim_options(h, &o);
  spagm_stim *s = spagm_stim_new(&o, d);
  if (!s) return SPAGM_E_ARG;
  spagm_model *m = spagm_model_new();
  spagm_status st = m ? SPAGM_OK : spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) issued[u] = 0;
  uint32_t e = 0;
  for (; st == SPAGM_OK && e < stop; e++) {
    bool more = false;
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
      if ((h->units >> u & 1u) && issued[u] < h->count) more = true;
    if (!more) break;
    if ((st = spagm_stim_begin_epoch(s, e, m, d)) != SPAGM_OK) break;
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      uint64_t left = h->count - (issued[u] < h->count ? issued[u] : h->count);
      uint32_t b = spagm_stim_epoch_budget(s, (spagm_unit)u);
      issued[u] += b < left ? b : left;
    }
  }
  *epochs = e;
  spagm_model_free(m);
  spagm_stim_free(s);
  return st;
}

spagm_status spagm_vec_header_random(spagm_vec_header *h, uint64_t seed, uint32_t count,
                                     uint32_t epoch_txns, uint32_t illegal_ppm, uint32_t units,
                                     spagm_diag *d) {
  if (!h) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no header");
  memset(h, 0, sizeof *h);
  h->version = SPAGM_VEC_FORMAT_VERSION;
  /* The stimulus version names the traffic's weights (N240). */
  snprintf(h->generator, sizeof h->generator, "spagm %s stimulus %u", spagm_version(),
           SPAGM_STIM_VERSION);
  h->source = SPAGM_VEC_SOURCE_RANDOM;
  h->seed = seed;
  h->count = count;
  h->epoch_txns = epoch_txns;
  h->illegal_ppm = illegal_ppm;
  h->units = units;
  if (count == 0 || epoch_txns == 0)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "count and epoch-txns must be at least 1");
  uint64_t issued[SPAGM_UNIT_COUNT];
  return walk(h, UINT32_MAX, &h->epochs, issued, d);
}

/* What the epochs of one random run share. */
typedef struct gen {
  spagm_vec_writer *w;
  const spagm_vec_header *h;
  spagm_stim *s;
  spagm_model *m;
  spagm_cfg_list l;
  spagm_mem_list mem;
  spagm_explain *ex;
  spagm_request *req;
  spagm_response *rsp;
  spagm_cov *cov; /* NULL: no coverage */
  uint64_t issued[SPAGM_UNIT_COUNT]; /* requests so far, per unit */
} gen;

/* The `state` block of each unit in the mix: its words and memory. */
static spagm_status gen_states(gen *g, spagm_diag *d) {
  spagm_status st = SPAGM_OK;
  for (unsigned u = 0; st == SPAGM_OK && u < SPAGM_UNIT_COUNT; u++) {
    if (!(g->h->units >> u & 1u)) continue;
    g->l.n = 0;
    st = spagm_statemap_load_list(g->m, (spagm_unit)u, &g->l);
    if (st != SPAGM_OK) {
      spagm_diag_set(d, st, 0, 0, "the %s unit's state cannot be written as words",
                     spagm_unit_name((spagm_unit)u));
      break;
    }
    g->mem.n = 0;
    if ((st = spagm_statemap_memory_list(g->m, (spagm_unit)u, &g->mem)) != SPAGM_OK) {
      spagm_diag_set(d, st, 0, 0, "out of memory listing the %s unit's memory",
                     spagm_unit_name((spagm_unit)u));
      break;
    }
    st = spagm_vec_write_state(g->w, (spagm_unit)u, &g->l, &g->mem,
                               spagm_stim_epoch_summary(g->s, (spagm_unit)u), d);
  }
  return st;
}

/* The epoch's requests, unit by unit up to each unit's count, executed on
 * the model and written as `txn` records. */
static spagm_status gen_txns(gen *g, spagm_diag *d) {
  spagm_status st = SPAGM_OK;
  for (unsigned u = 0; st == SPAGM_OK && u < SPAGM_UNIT_COUNT; u++) {
    if (!(g->h->units >> u & 1u)) continue;
    while (st == SPAGM_OK && g->issued[u] < g->h->count &&
           spagm_stim_next(g->s, (spagm_unit)u, g->req)) {
      g->req->tag = (uint32_t)++g->issued[u];
      spagm_execute_explained(g->m, g->req, g->rsp, g->ex);
      if (g->cov) spagm_cov_sample(g->cov, g->m, NULL, g->req, g->rsp, g->ex);
      st = spagm_vec_write_txn(g->w, (spagm_unit)u, g->req, g->rsp, g->ex, d);
    }
  }
  return st;
}

/* The `readback` block of each unit in the mix. */
static spagm_status gen_readbacks(gen *g, spagm_diag *d) {
  spagm_status st = SPAGM_OK;
  for (unsigned u = 0; st == SPAGM_OK && u < SPAGM_UNIT_COUNT; u++) {
    if (!(g->h->units >> u & 1u)) continue;
    if ((st = spagm_vec_readback_words(g->m, (spagm_unit)u, &g->l)) != SPAGM_OK) {
      spagm_diag_set(d, st, 0, 0, "out of memory building the read-back");
      break;
    }
    st = spagm_vec_write_readback(g->w, (spagm_unit)u, &g->l, d);
  }
  return st;
}

/* One epoch: its state, its transactions, its read-back. */
static spagm_status gen_epoch(gen *g, uint32_t e, spagm_diag *d) {
  spagm_status st = spagm_stim_begin_epoch(g->s, e, g->m, d);
  if (st == SPAGM_OK) st = spagm_vec_write_epoch(g->w, e, d);
  if (st == SPAGM_OK) st = gen_states(g, d);
  if (st == SPAGM_OK) st = gen_txns(g, d);
  if (st == SPAGM_OK) st = gen_readbacks(g, d);
  return st;
}

spagm_status spagm_vec_gen_random(spagm_vec_writer *w, const spagm_vec_header *h, spagm_diag *d) {
  return spagm_vec_gen_random_cov(w, h, NULL, d);
}

spagm_status spagm_vec_gen_random_cov(spagm_vec_writer *w, const spagm_vec_header *h,
                                      spagm_cov *cov, spagm_diag *d) {
  if (!w || !h || h->source != SPAGM_VEC_SOURCE_RANDOM)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "gen_random needs a writer and a random header");
  uint32_t first = 0, n = h->epochs;
  if (h->sharded) {
    first = h->first_epoch;
    n = h->shard_epochs;
  }
  /* Tags count per unit over the whole run from 1: a shard starts from the
   * requests of the epochs before it. */
  gen g = {.w = w, .h = h, .cov = cov};
  uint32_t walked;
  spagm_status st = walk(h, first, &walked, g.issued, d);
  if (st != SPAGM_OK) return st;
  spagm_stim_opts o;
  stim_options(h, &o);
  g.s = spagm_stim_new(&o, d);
  if (!g.s) return SPAGM_E_ARG;
  g.m = spagm_model_new();
  g.ex = malloc(sizeof *g.ex);
  g.req = malloc(sizeof *g.req);
  g.rsp = malloc(sizeof *g.rsp);
  if (!g.m || !g.ex || !g.req || !g.rsp)
    st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  for (uint32_t e = first; st == SPAGM_OK && e < first + n; e++) st = gen_epoch(&g, e, d);
  spagm_cfg_list_free(&g.l);
  spagm_mem_list_free(&g.mem);
  free(g.ex);
  free(g.req);
  free(g.rsp);
  spagm_model_free(g.m);
  spagm_stim_free(g.s);
  return st;
}
