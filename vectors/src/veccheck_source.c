// SPDX-License-Identifier: Apache-2.0
/* spagm check of a random file's source (N86): the header's generator
 * options (seed, units, epoch-txns, illegal-ppm, count) must give the
 * file's traffic. Each epoch's stimulus state must list the file's state
 * words, each request must be the stimulus's next one, and a unit's
 * requests of an epoch end where the stimulus's do (or at `count`). So an
 * edited option with the CRCs recomputed is a disagreement, not a pass. */
#include <stdlib.h>
#include <string.h>

#include "spagm/stim/stim.h"
#include "veccheck_source.h"

struct spagm__vec_source {
  spagm_vec_header h;
  spagm__vec_table req_t;
  spagm_stim *s;
  spagm_model *m;
  spagm_request *req;
  spagm_cfg_list words;
  uint32_t last_tag[SPAGM_UNIT_COUNT]; /* 0: no record of the unit yet */
};

spagm__vec_source *spagm__vec_source_new(const spagm_vec_header *h) {
  if (h->source != SPAGM_VEC_SOURCE_RANDOM) return NULL;
  spagm__vec_source *v = calloc(1, sizeof *v);
  if (!v) return NULL;
  v->h = *h;
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = h->seed;
  o.units = h->units;
  o.epoch_txns = h->epoch_txns;
  o.illegal_ppm = h->illegal_ppm;
  v->s = spagm_stim_new(&o, NULL);
  v->m = spagm_model_new();
  v->req = malloc(sizeof *v->req);
  if (!v->s || !v->m || !v->req || !spagm__vec_table_get(0, &v->req_t)) {
    spagm__vec_source_free(v);
    return NULL;
  }
  return v;
}

void spagm__vec_source_free(spagm__vec_source *v) {
  if (!v) return;
  spagm_stim_free(v->s);
  spagm_model_free(v->m);
  spagm_cfg_list_free(&v->words);
  free(v->req);
  free(v);
}

bool spagm__vec_source_epoch(spagm__vec_source *v, uint32_t epoch) {
  return spagm_stim_begin_epoch(v->s, epoch, v->m, NULL) == SPAGM_OK;
}

bool spagm__vec_source_state(spagm__vec_source *v, spagm_unit u, const spagm_cfg_list *words) {
  v->words.n = 0;
  if (spagm_statemap_load_list(v->m, u, &v->words) != SPAGM_OK || v->words.n != words->n)
    return false;
  return words->n == 0 || memcmp(v->words.w, words->w, words->n * sizeof *words->w) == 0;
}

/* The first request field that differs (the tag aside: N86 checks it). */
static const char *first_difference(const spagm__vec_source *v, const spagm_request *a) {
  for (size_t fi = 0; fi < v->req_t.n; fi++) {
    const spagm__vec_field *f = &v->req_t.f[fi];
    if (strcmp(f->info.name, "tag") == 0) continue;
    for (unsigned k = 0; k < f->info.count; k++)
      if (spagm__vec_elem(f, a, k) != spagm__vec_elem(f, v->req, k)) return f->info.name;
  }
  return NULL;
}

const char *spagm__vec_source_txn(spagm__vec_source *v, spagm_unit u, const spagm_request *req) {
  v->last_tag[u] = req->tag;
  if (!spagm_stim_next(v->s, u, v->req)) return "(none: the stimulus has no more requests)";
  return first_difference(v, req);
}

bool spagm__vec_source_unit_done(spagm__vec_source *v, spagm_unit u) {
  if (v->last_tag[u] >= v->h.count) return true; /* gen stops at count */
  /* A shard does not know what the epochs before it issued: a unit it has
   * seen nothing of may have reached its count there. */
  if (v->h.sharded && v->last_tag[u] == 0) return true;
  return !spagm_stim_next(v->s, u, v->req);
}
