/* Random vector generation (spagm gen): the stimulus generator's epochs,
 * each executed on the golden model, written through the vector writer. The
 * traffic is the co-simulation's for the same seed and options (stim.h). */
#include <stdlib.h>
#include <string.h>

#include "spagm/stim.h"
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

spagm_status spagm_vec_gen_random(spagm_vec_writer *w, const spagm_vec_header *h, spagm_diag *d) {
  if (!w || !h || h->source != SPAGM_VEC_SOURCE_RANDOM)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "gen_random needs a writer and a random header");
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = h->seed;
  o.units = h->units;
  o.epoch_txns = h->epoch_txns;
  o.illegal_ppm = h->illegal_ppm;
  spagm_stim *s = spagm_stim_new(&o, d);
  if (!s) return SPAGM_E_ARG;
  spagm_model *m = spagm_model_new();
  spagm_cfg_list l = {0};
  spagm_explain *ex = malloc(sizeof *ex);
  spagm_request *req = malloc(sizeof *req);
  spagm_response *rsp = malloc(sizeof *rsp);
  spagm_status st = SPAGM_OK;
  if (!m || !ex || !req || !rsp) st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  uint32_t first = 0, n = h->epochs;
  if (h->sharded) {
    first = h->first_epoch;
    n = h->shard_epochs;
  }
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
      st = spagm_vec_write_state(w, (spagm_unit)u, &l, spagm_stim_epoch_summary(s, (spagm_unit)u),
                                 d);
    }
    /* The last epoch may be short: count requests per unit over the run. */
    uint64_t done = (uint64_t)e * h->epoch_txns;
    uint32_t k = (uint32_t)(h->count - done < h->epoch_txns ? h->count - done : h->epoch_txns);
    for (unsigned u = 0; st == SPAGM_OK && u < SPAGM_UNIT_COUNT; u++) {
      if (!(h->units >> u & 1u)) continue;
      for (uint32_t i = 0; st == SPAGM_OK && i < k; i++) {
        if (!spagm_stim_next(s, (spagm_unit)u, req)) {
          st = spagm_diag_set(d, SPAGM_E_STATE, 0, 0, "the stimulus ended early in epoch %u", e);
          break;
        }
        /* Tags count per unit over the whole run from 1, as the
         * generator numbers them in one unsharded pass. */
        req->tag = (uint32_t)(done + i + 1);
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
  free(ex);
  free(req);
  free(rsp);
  spagm_model_free(m);
  spagm_stim_free(s);
  return st;
}
