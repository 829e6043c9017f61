// SPDX-License-Identifier: Apache-2.0
/* Pixel-unit stimulus: per-epoch raster state (sample count, standard or
 * programmable positions, SSAA, offset format, sample order) and PIXLD
 * requests over every mode with full, partial and empty coverage. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "stim_internal.h"

spagm_status spagm__stim_pix_epoch(spagm_stim *s, spagm_rng *r, spagm_model *m,
                                   spagm_diag *d) {
  stim_pix *p = &s->pix;
  memset(p, 0, sizeof *p);
  spagm__stim_corners_init(&p->cn, spagm__stim_pix_corners, PC_N, s->hits[SPAGM_UNIT_PIX]);
  static const unsigned counts[] = {1, 2, 4, 8, 16};
  spagm_raster_config c;
  memset(&c, 0, sizeof c);
  c.samples = (uint8_t)counts[spagm_rng_below(r, 5)];
  c.positions = spagm_rng_pct(r, 25) ? SPAGM_PIX_POSITIONS_PROGRAMMABLE
                                     : SPAGM_PIX_POSITIONS_STANDARD;
  for (unsigned i = 0; i < SPAGM_PIX_MAX_SAMPLES; i++) {
    c.table[i].x = (int8_t)spagm_rng_range(r, SPAGM_PIX_POS_MIN, SPAGM_PIX_POS_MAX);
    c.table[i].y = (int8_t)spagm_rng_range(r, SPAGM_PIX_POS_MIN, SPAGM_PIX_POS_MAX);
  }
  c.ssaa = spagm_rng_pct(r, 40);
  /* N280: an epoch that keeps the power-on values in place runs standard
   * positions from the reset value, not from a write. Drawn from a stream
   * of its own, so the state draws above are those of stimulus 4. */
  spagm_rng k;
  spagm_rng_seed(&k, s->o.seed, s->epoch, SPAGM_UNIT_PIX, 2);
  s->keep_power_on[SPAGM_UNIT_PIX] = spagm__stim_corner(&p->cn, &k, PC_LOAD_POWER_ON, 1) == 0;
  if (s->keep_power_on[SPAGM_UNIT_PIX]) {
    /* N291: and the table at its power-on (0, 0): standard positions do
     * not read it, so only the read-back (N284) sees the reset value. */
    c.positions = SPAGM_PIX_POSITIONS_STANDARD;
    memset(c.table, 0, sizeof c.table);
  } else {
    /* N353: the configuration choices of N350 and N351, from a stream of
     * their own, so every other draw is that of stimulus 8; an epoch that
     * keeps the power-on values runs on their reset value 0. */
    spagm_rng f;
    spagm_rng_seed(&f, s->o.seed, s->epoch, SPAGM_UNIT_PIX, 6);
    if (spagm__stim_corner(&p->cn, &f, PC_OFFSET_S012, 1) == 0)
      c.offset_format = SPAGM_PIX_OFFSET_S012;
    if (spagm__stim_corner(&p->cn, &f, PC_ORDER_NVIDIA, 1) == 0)
      c.order = SPAGM_PIX_ORDER_NVIDIA;
  }
  /* N420: the load writes each register twice, from a stream of its own,
   * so every other draw is that of stimulus 9. */
  spagm_rng w;
  spagm_rng_seed(&w, s->o.seed, s->epoch, SPAGM_UNIT_PIX, 7);
  s->rewrite_epoch[SPAGM_UNIT_PIX] = spagm__stim_corner(&p->cn, &w, PC_LOAD_REWRITE, 1) == 0;
  spagm_status st = spagm_pix_set_config(m, &c, d);
  if (st != SPAGM_OK) return st;
  p->samples = c.samples;
  p->ssaa = c.ssaa;
  spagm_stage stage = SPAGM_STAGE_VSA;
  spagm_attr_get_stage(m, &stage, NULL);
  snprintf(s->summary[SPAGM_UNIT_PIX], sizeof s->summary[0],
           "stage %s, %u samples, %s positions, SSAA %s%s%s%s", spagm_stage_name(stage),
           c.samples,
           c.positions == SPAGM_PIX_POSITIONS_STANDARD ? "standard" : "programmable",
           c.ssaa ? "on" : "off",
           c.offset_format == SPAGM_PIX_OFFSET_S012 ? ", S0.12 offsets" : "",
           c.order == SPAGM_PIX_ORDER_NVIDIA ? ", NVIDIA order" : "",
           s->keep_power_on[SPAGM_UNIT_PIX] ? ", power-on values left in place" : "");
  return SPAGM_OK;
}

/* Coverage of one pixel: its corners (all, none, all but one, only one of
 * the samples), else uniform, sometimes with bits above the sample count
 * set (they must be ignored, R13/N53). From one draw (N306): the corner
 * (16 bits), the lane or the uniform value (16), whether bits above are
 * set (16) and which (16). */
static uint16_t coverage(const stim_pix *p, spagm_bits *b) {
  unsigned samples = p->samples;
  uint16_t full = (uint16_t)(samples >= 16 ? 0xFFFFu : (1u << samples) - 1u);
  uint16_t c;
  switch (spagm__stim_corner_bits(&p->cn, b, PC_COV_ALL, 4)) {
    case 0: c = full; break;
    case 1: c = 0; break;
    case 2: c = (uint16_t)(full & ~(1u << spagm_bits_below(b, samples))); break;
    case 3: c = (uint16_t)(1u << spagm_bits_below(b, samples)); break;
    default: c = (uint16_t)(spagm_bits_take(b, 16) & full); break;
  }
  if (spagm_bits_pct(b, 10)) c |= (uint16_t)(spagm_bits_take(b, 16) & ~full);
  return c;
}

/* A sample index at a corner of [0, samples) (R13), else `other`. */
static int32_t index_corner(const stim_pix *p, spagm_rng *r, unsigned first, int32_t other) {
  switch (spagm__stim_corner(&p->cn, r, first, 3)) {
    case 0: return 0;
    case 1: return (int32_t)p->samples - 1;
    case 2: return (int32_t)p->samples;
    default: return other;
  }
}

/* A lane's sample index from one draw (N306): the index corner (16 bits)
 * else, from the next 32, mostly one below the sample count, else any of
 * the field's 16 values. */
static uint8_t lane_sample(const stim_pix *p, spagm_bits *b) {
  unsigned corner = spagm__stim_corner_bits(&p->cn, b, PC_SAMPLE_FIRST, 3);
  int32_t other = (int32_t)(spagm_bits_pct(b, 90) ? spagm_bits_below(b, p->samples)
                                                  : spagm_bits_take(b, 4));
  int32_t v = corner == 0   ? 0
              : corner == 1 ? (int32_t)p->samples - 1
              : corner == 2 ? (int32_t)p->samples
                            : other;
  /* The field has 4 bits: with 16 samples it has no invalid value, and
   * the first-invalid corner gives the last valid one. */
  return (uint8_t)(v > 15 ? 15 : v);
}

static void make_pixld(stim_pix *p, spagm_rng *stream, spagm_request *req,
                       spagm_pixld_mode mode, int index) {
  /* Draw from a local copy of the stream, written back at the end:
   * the byte stores into req (sample, a char type) could alias *stream,
   * so through the pointer every draw reloaded and stored its state. */
  spagm_rng local = *stream, *r = &local;
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_PIXLD);
  i.pmode = mode;
  i.rd = spagm_rng_pct(r, 3) ? SPAGM_RZ : spagm__stim_reg(r);
  if (mode == SPAGM_PIX_COVERED || mode == SPAGM_PIX_MY_INDEX || spagm_rng_pct(r, 10))
    i.pd = spagm_rng_pct(r, 35) ? SPAGM_PT : (uint8_t)spagm_rng_below(r, 7);
  if (index >= 0) {
    i.imm = index; /* [#imm8], zero-extended (R13) */
  } else if (spagm_rng_pct(r, 50)) {
    int32_t other = spagm_rng_pct(r, 85) ? spagm_rng_range(r, 0, (int32_t)p->samples + 1)
                                         : spagm_rng_range(r, 0, 255);
    i.imm = index_corner(p, r, PC_INDEX_FIRST, other);
  } else {
    /* [Ra+#imm8], imm sign-extended, sometimes pushing the index below 0. */
    i.ra = spagm__stim_reg(r);
    i.imm = spagm_rng_pct(r, 80) ? spagm_rng_range(r, -3, 3) : spagm_rng_range(r, -128, 127);
    for (unsigned l = 0; l < SPAGM_LANES; l++) {
      spagm_bits b = spagm_bits_draw(r); /* 16 bits, then 16 or 32 (N306) */
      req->a[0][l] = spagm_bits_pct(&b, 90) ? spagm_bits_below(&b, p->samples + 2)
                                            : spagm_bits_take(&b, 32);
    }
    /* One lane whose Ra + imm is a corner of the sample range. */
    unsigned lane = spagm__stim_lane(r);
    int32_t at = index_corner(p, r, PC_INDEX_FIRST, INT32_MIN);
    if (at != INT32_MIN) req->a[0][lane] = (uint32_t)(at - i.imm);
  }
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    spagm_bits cov = spagm_bits_draw(r), smp = spagm_bits_draw(r); /* N306 */
    req->coverage[l] = coverage(p, &cov);
    req->sample[l] = lane_sample(p, &smp);
  }
  *stream = local;
  spagm__stim_encode(&i, req);
}

void spagm__stim_pix_next(spagm_stim *s, spagm_rng *r, spagm_request *req) {
  stim_pix *p = &s->pix;
  req->lane_mask = spagm__stim_lane_mask(&p->cn, r);
  /* Directed: every mode, then COVERED and OFFSET at every index up to the
   * sample count (the first invalid one included). */
  unsigned k = p->directed;
  if (k < 6) {
    p->directed++;
    make_pixld(p, r, req, (spagm_pixld_mode)k, -1);
    return;
  }
  if (k < 6 + 2 * (p->samples + 1)) {
    p->directed++;
    unsigned j = k - 6;
    make_pixld(p, r, req, j % 2 ? SPAGM_PIX_OFFSET : SPAGM_PIX_COVERED, (int)(j / 2));
    return;
  }
  make_pixld(p, r, req, (spagm_pixld_mode)spagm_rng_below(r, 6), -1);
}
