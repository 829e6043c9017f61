// SPDX-License-Identifier: Apache-2.0
/* Stimulus generator core: options, epochs, per-unit streams, illegal words
 * (stim.h). */
#include <stdlib.h>
#include <string.h>

#include "stim_internal.h"

void spagm_stim_opts_default(spagm_stim_opts *o) {
  if (!o) return;
  o->seed = 1;
  o->units = (1u << SPAGM_UNIT_ATTR) | (1u << SPAGM_UNIT_PIX);
  o->epoch_txns = 1000;
  o->illegal_ppm = 10000;
}

spagm_stim *spagm_stim_new(const spagm_stim_opts *o, spagm_diag *d) {
  if (!o) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no options");
    return NULL;
  }
  if (o->epoch_txns == 0) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "epoch_txns must be at least 1");
    return NULL;
  }
  if (o->illegal_ppm > 1000000) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "illegal_ppm is at most 1000000");
    return NULL;
  }
  if (o->units == 0 || (o->units >> SPAGM_UNIT_COUNT) != 0) {
    spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "units must name attr, pix and/or tex");
    return NULL;
  }
  spagm_stim *s = calloc(1, sizeof *s);
  if (!s) {
    spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  s->o = *o;
  return s;
}

void spagm_stim_free(spagm_stim *s) {
  if (!s) return;
  spagm_model_free(s->reset_model);
  free(s->f16_texels);
  free(s);
}

spagm_status spagm_stim_begin_epoch(spagm_stim *s, unsigned epoch, spagm_model *m,
                                    spagm_diag *d) {
  if (!s || !m) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL generator or model");
  spagm_model_reset(m);
  s->epoch = epoch;
  s->in_epoch = true;
  memset(s->produced, 0, sizeof s->produced);
  memset(s->summary, 0, sizeof s->summary);
  memset(s->keep_power_on, 0, sizeof s->keep_power_on);
  memset(s->rewrite_epoch, 0, sizeof s->rewrite_epoch);
  memset(s->n_rewritten, 0, sizeof s->n_rewritten);
  /* State streams and request streams are separate so adding a state
   * field never shifts the traffic of other units. */
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    spagm_rng_seed(&s->rng[u], s->o.seed, epoch, u, 1);
  spagm_status st = SPAGM_OK;
  if (s->o.units & (1u << SPAGM_UNIT_ATTR) || s->o.units & (1u << SPAGM_UNIT_PIX)) {
    /* The pixel unit needs the stage too (PIXLD is legal only in PS), so
     * the attribute state is loaded whenever either unit runs; with only
     * the pixel unit the stage is mostly PS. */
    spagm_rng r;
    spagm_rng_seed(&r, s->o.seed, epoch, SPAGM_UNIT_ATTR, 0);
    st = spagm__stim_attr_epoch(s, &r, m, d);
  }
  if (st == SPAGM_OK && (s->o.units & (1u << SPAGM_UNIT_PIX))) {
    spagm_rng r;
    spagm_rng_seed(&r, s->o.seed, epoch, SPAGM_UNIT_PIX, 0);
    st = spagm__stim_pix_epoch(s, &r, m, d);
  }
  if (st == SPAGM_OK && (s->o.units & (1u << SPAGM_UNIT_TEX))) {
    spagm_rng r;
    spagm_rng_seed(&r, s->o.seed, epoch, SPAGM_UNIT_TEX, 0);
    st = spagm__stim_tex_epoch(s, &r, m, d);
  }
  if (st == SPAGM_OK) spagm__stim_illegal_epoch(s); /* N290 */
  if (st == SPAGM_OK) spagm__stim_power_on_epoch(s); /* N291 */
  if (st == SPAGM_OK) spagm__stim_attr_load_epoch(s); /* N467 */
  /* One stage serves both units: the unit the stage does not suit (PIXLD
   * outside PS, attribute instructions in PS, R8) gets a twentieth of the
   * epoch, enough to exercise the fault, and the other the whole. */
  bool ps = s->attr.stage == SPAGM_STAGE_PS;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    /* TLDS has no stage rule: every stage suits it. */
    bool suits = u == SPAGM_UNIT_TEX || (u == SPAGM_UNIT_PIX ? ps : !ps);
    s->budget[u] = suits ? s->o.epoch_txns : (s->o.epoch_txns + 19) / 20;
  }
  return st;
}

bool spagm_stim_next(spagm_stim *s, spagm_unit u, spagm_request *req) {
  if (!s || !req || (unsigned)u >= SPAGM_UNIT_COUNT || !s->in_epoch) return false;
  if (!(s->o.units & (1u << u)) || s->produced[u] >= s->budget[u]) return false;
  spagm_rng *r = &s->rng[u];
  spagm_request_init(req);
  if (u == SPAGM_UNIT_ATTR) spagm__stim_attr_next(s, r, req);
  else if (u == SPAGM_UNIT_PIX) spagm__stim_pix_next(s, r, req);
  else spagm__stim_tex_next(s, r, req);
  /* A small rate of words no decoder accepts, in place of the legal one. */
  if (spagm_rng_below(r, 1000000) < s->o.illegal_ppm)
    req->insn = spagm__stim_illegal_word(r, req->insn);
  req->tag = ++s->tag[u];
  s->produced[u]++;
  return true;
}

const char *spagm_stim_epoch_summary(const spagm_stim *s, spagm_unit u) {
  if (!s || (unsigned)u >= SPAGM_UNIT_COUNT) return "";
  return s->summary[u];
}

void spagm__stim_corners_init(stim_corners *c, const spagm_stim_corner *t, unsigned n,
                              uint64_t *hits) {
  c->t = t;
  c->hits = hits;
  c->cum[0] = 0;
  for (unsigned i = 0; i < n && i < STIM_MAX_CORNERS; i++) c->cum[i + 1] = c->cum[i] + t[i].weight;
}

uint32_t spagm__stim_lane_mask(const stim_corners *c, spagm_rng *r) {
  switch (spagm__stim_corner(c, r, SC_MASK_ALL, SC_MASK_N)) {
    case SC_MASK_ALL: return 0xFFFFFFFFu;
    case SC_MASK_NONE: return 0;
    case SC_MASK_ONE: return 1u << spagm__stim_lane(r);
    case SC_MASK_ALL_BUT_ONE: return ~(1u << spagm__stim_lane(r));
    default: return spagm_rng_u32(r);
  }
}

bool spagm__stim_encode(const spagm_insn *insn, spagm_request *req) {
  uint64_t w;
  if (spagm_encode(insn, &w, NULL, NULL) != SPAGM_OK) return false;
  req->insn = w;
  return true;
}

uint64_t spagm__stim_illegal_word(spagm_rng *r, uint64_t legal) {
  spagm_insn tmp;
  for (int tries = 0; tries < 64; tries++) {
    uint64_t w;
    unsigned k = spagm_rng_below(r, 3);
    if (k == 0) w = legal ^ (1ull << spagm_rng_below(r, 64)); /* one bit flipped */
    else if (k == 1) {
      /* One draw per statement: the order of two calls in one expression is
       * unspecified in C, and the bytes must not depend on the compiler. */
      uint64_t bits = spagm_rng_u64(r);
      w = legal ^ bits >> spagm_rng_below(r, 48);
    }
    else w = spagm_rng_u64(r); /* anything */
    if (spagm_decode(w, &tmp, NULL) != SPAGM_OK) return w;
  }
  return 0; /* opcode 0 is no instruction of ours */
}
