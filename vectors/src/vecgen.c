/* Random vector generation (spagm gen): the stimulus generator's epochs,
 * each executed on the golden model, written through the vector writer. The
 * traffic is the co-simulation's for the same seed and options (spagm/vec/stim.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spagm/vec/stim.h"
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
  snprintf(h->generator, sizeof h->generator, "spagm %s", spagm_version());
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

spagm_status spagm_vec_gen_random(spagm_vec_writer *w, const spagm_vec_header *h, spagm_diag *d) {
  if (!w || !h || h->source != SPAGM_VEC_SOURCE_RANDOM)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "gen_random needs a writer and a random header");
  uint32_t first = 0, n = h->epochs;
  if (h->sharded) {
    first = h->first_epoch;
    n = h->shard_epochs;
  }
  /* Tags count per unit over the whole run from 1: a shard starts from the
   * requests of the epochs before it. */
  uint64_t issued[SPAGM_UNIT_COUNT];
  uint32_t walked;
  spagm_status st = walk(h, first, &walked, issued, d);
  if (st != SPAGM_OK) return st;
  spagm_stim_opts o;
  stim_options(h, &o);
  spagm_stim *s = spagm_stim_new(&o, d);
  if (!s) return SPAGM_E_ARG;
  spagm_model *m = spagm_model_new();
  spagm_cfg_list l = {0};
  spagm_mem_list mem = {0};
  spagm_explain *ex = malloc(sizeof *ex);
  spagm_request *req = malloc(sizeof *req);
  spagm_response *rsp = malloc(sizeof *rsp);
  if (!m || !ex || !req || !rsp) st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  for (uint32_t e = first; st == SPAGM_OK && e < first + n; e++) {
    if ((st = spagm_stim_begin_epoch(s, e, m, d)) != SPAGM_OK) break;
    if ((st = spagm_vec_write_epoch(w, e, d)) != SPAGM_OK) break;
    for (unsigned u = 0; st == SPAGM_OK && u < SPAGM_UNIT_COUNT; u++) {
      if (!(h->units >> u & 1u)) continue;
      l.n = 0;
      st = spagm_statemap_load_list(m, (spagm_unit)u, &l);
      if (st != SPAGM_OK) {
        spagm_diag_set(d, st, 0, 0, "the %s unit's state cannot be written as words",
                       spagm_unit_name((spagm_unit)u));
        break;
      }
      mem.n = 0;
      if ((st = spagm_statemap_memory_list(m, (spagm_unit)u, &mem)) != SPAGM_OK) {
        spagm_diag_set(d, st, 0, 0, "out of memory listing the %s unit's memory",
                       spagm_unit_name((spagm_unit)u));
        break;
      }
      st = spagm_vec_write_state(w, (spagm_unit)u, &l, &mem,
                                 spagm_stim_epoch_summary(s, (spagm_unit)u), d);
    }
    for (unsigned u = 0; st == SPAGM_OK && u < SPAGM_UNIT_COUNT; u++) {
      if (!(h->units >> u & 1u)) continue;
      while (st == SPAGM_OK && issued[u] < h->count && spagm_stim_next(s, (spagm_unit)u, req)) {
        req->tag = (uint32_t)++issued[u];
        spagm_execute_explained(m, req, rsp, ex);
        st = spagm_vec_write_txn(w, (spagm_unit)u, req, rsp, ex, d);
      }
    }
    for (unsigned u = 0; st == SPAGM_OK && u < SPAGM_UNIT_COUNT; u++) {
      if (!(h->units >> u & 1u)) continue;
      if ((st = spagm_vec_readback_words(m, (spagm_unit)u, &l)) != SPAGM_OK) {
        spagm_diag_set(d, st, 0, 0, "out of memory building the read-back");
        break;
      }
      st = spagm_vec_write_readback(w, (spagm_unit)u, &l, d);
    }
  }
  spagm_cfg_list_free(&l);
  spagm_mem_list_free(&mem);
  free(ex);
  free(req);
  free(rsp);
  spagm_model_free(m);
  spagm_stim_free(s);
  return st;
}
