// SPDX-License-Identifier: Apache-2.0
/* PIXLD — Pixel Load (PIXLD.txt; DESIGN R8, R13–R16; spec-notes N50–N58).
 *
 * Reads the pixel's raster facts into Rd, and for .COVERED and .MY_INDEX
 * optionally into Pd:
 *   .MSCOUNT          raster sample count
 *   .COVMASK          the pixel's coverage mask, bits of samples 0..count-1
 *   .COVERED          is sample [#imm] / [Ra+#imm] covered (TRUE/FALSE)
 *   .OFFSET           (dx, dy) of that sample (deprecated)
 *   .CENTROID_OFFSET  (dx, dy) of the centroid
 * Offsets are packed in the configured word format (sixteenths or S0.12,
 * N350), and standard positions are numbered in the configured order
 * (D3D or NVIDIA, N351).
 *   .MY_INDEX         SSAA sample index of this invocation
 * The raster configuration comes from the model (pix.h); coverage and the
 * SSAA sample index from each lane's thread context in the request. */
#include <stdbool.h>

#include "core/model_internal.h"

#define PIX_TRUE 0xFFFFFFFFu /* R13 */
#define PIX_FALSE 0u         /* R13 */
#define PIX_MODE_COUNT 6u    /* modes 0..5; 6 and 7 are illegal (R16) */

/* What every lane of one transaction shares. */
typedef struct pix_ctx {
  const spagm_insn *insn;
  const spagm_request *req;
  const spagm_raster_config *raster;
  unsigned samples;    /* raster sample count */
  uint32_t count_mask; /* coverage bits of samples 0..samples-1 */
  /* The configured positions, found once per warp: sample s is at
   * pos[s & pos_mask] (the programmable table's 16 entries, or the
   * standard table of the count in the configured order, N55, N351). */
  const spagm_sample_pos *pos;
  unsigned pos_mask;
  int offset_scale; /* 256 for S0.12 offsets, else 1 (N350) */
} pix_ctx;

/* One lane's result and the rule behind it. */
typedef struct lane_result {
  uint32_t value;    /* Rd */
  uint32_t dontcare; /* bits of value the architecture leaves undefined */
  bool pred;         /* Pd, meaningful for .COVERED and .MY_INDEX only */
  uint16_t rule;
  int32_t arg[3];
} lane_result;

static lane_result result(uint32_t value, bool pred, unsigned rule, int32_t a0,
                          int32_t a1, int32_t a2) {
  lane_result r = {value, 0u, pred, (uint16_t)rule, {a0, a1, a2}};
  return r;
}

/* ---- Encoding checks ---------------------------------------------------- */

/* A hand-built instruction must be one a word can hold, so that
 * spagm_execute_insn and spagm_execute agree (N51). Returns the rule that
 * refuses it, or 0. */
static unsigned unencodable(const spagm_insn *insn, int32_t *a0, int32_t *a1) {
  *a0 = 0;
  *a1 = 0;
  if ((unsigned)insn->pmode >= PIX_MODE_COUNT) {
    /* PIXLD.txt lists INVALID[2] after the six modes (R16). */
    *a0 = (int32_t)insn->pmode;
    return SPAGM_RULE_PIX_MODE_ILLEGAL;
  }
  if (insn->pd > SPAGM_PT) { /* Pd is 3 bits at [47:45] (DESIGN §7.1) */
    *a0 = insn->pd;
    return SPAGM_RULE_PIX_PD_RANGE;
  }
  if (insn->ra == SPAGM_RZ && (insn->imm < 0 || insn->imm > 255)) {
    *a0 = insn->imm; /* [#ImmU08] */
    return SPAGM_RULE_PIX_IMM_U8_RANGE;
  }
  if (insn->ra != SPAGM_RZ && (insn->imm < -128 || insn->imm > 127)) {
    *a0 = insn->imm; /* [Ra+#ImmS08] */
    *a1 = insn->ra;
    return SPAGM_RULE_PIX_IMM_S8_RANGE;
  }
  return 0;
}

/* ---- Shared helpers ----------------------------------------------------- */

/* The sample index of .COVERED and .OFFSET: "Address contains the sample
 * index (if not specified, a zero is inserted)" (PIXLD.txt). [#imm] is
 * zero-extended, [Ra+#imm] sign-extended and added modulo 2^32 (R13, N52). */
static uint32_t sample_index(const pix_ctx *c, unsigned lane) {
  if (c->insn->ra == SPAGM_RZ) return (uint32_t)c->insn->imm;
  return c->req->a[0][lane] + (uint32_t)c->insn->imm;
}

/* Position of sample s in the configured positions (standard §7.4 or the
 * programmable table, N55); s < samples. */
static spagm_sample_pos position(const pix_ctx *c, unsigned s) {
  return c->pos[s & c->pos_mask];
}

/* dx [15:0], dy [31:16] (§7.4), in the configured word format (N350):
 * spagm_pix_pack_offset_as with the format's scale found once. */
static uint32_t packed(const pix_ctx *c, spagm_sample_pos p) {
  return spagm_pix_pack_offset(p.x * c->offset_scale, p.y * c->offset_scale);
}

static unsigned lowest_set_bit(uint32_t bits) {
  unsigned s = 0;
  while (!(bits >> s & 1u)) s++;
  return s;
}

/* ---- The six modes, one lane each ---------------------------------------- */

/* .MSCOUNT: "number of raster multisample locations", which with
 * target-independent rasterization may differ from the render target's. */
static lane_result mscount(const pix_ctx *c, unsigned lane) {
  (void)lane;
  return result(c->samples, false, SPAGM_RULE_PIX_MSCOUNT, (int32_t)c->samples,
                0, 0);
}

/* .COVMASK: lsb-aligned coverage; bits at or above the count are 0 (R13). */
static lane_result covmask(const pix_ctx *c, unsigned lane) {
  uint32_t cov = c->req->coverage[lane];
  uint32_t v = cov & c->count_mask;
  return result(v, false, SPAGM_RULE_PIX_COVMASK, (int32_t)cov,
                (int32_t)c->samples, (int32_t)v);
}

/* .COVERED: TRUE when the sample is valid (unsigned index < count) and its
 * coverage bit is set; an out-of-bounds index is "not covered" (R13). */
static lane_result covered(const pix_ctx *c, unsigned lane) {
  uint32_t idx = sample_index(c, lane);
  int32_t n = (int32_t)c->samples;
  if (idx >= c->samples)
    return result(PIX_FALSE, false, SPAGM_RULE_PIX_COVERED_INDEX_INVALID,
                  (int32_t)idx, n, 0);
  if (c->req->coverage[lane] >> idx & 1u)
    return result(PIX_TRUE, true, SPAGM_RULE_PIX_COVERED_TRUE, (int32_t)idx, n,
                  0);
  return result(PIX_FALSE, false, SPAGM_RULE_PIX_COVERED_FALSE, (int32_t)idx,
                n, 0);
}

/* .OFFSET: (dx, dy) of the sample from the standard positions of 1/2/4/8xAA;
 * an invalid index returns 0; 16xAA and programmable positions are not
 * supported by this deprecated path, so the whole value is don't-care (R14).
 * The value the model still returns is fixed by N54. */
static lane_result offset(const pix_ctx *c, unsigned lane) {
  uint32_t idx = sample_index(c, lane);
  int32_t n = (int32_t)c->samples;
  bool valid = idx < c->samples;
  if (c->raster->positions == SPAGM_PIX_POSITIONS_PROGRAMMABLE ||
      c->samples == SPAGM_PIX_MAX_SAMPLES) {
    uint32_t v = valid ? packed(c, position(c, idx)) : 0u;
    lane_result r = result(
        v, false,
        c->raster->positions == SPAGM_PIX_POSITIONS_PROGRAMMABLE
            ? SPAGM_RULE_PIX_OFFSET_PROGRAMMABLE_DONTCARE
            : SPAGM_RULE_PIX_OFFSET_16_DONTCARE,
        (int32_t)idx, n, (int32_t)v);
    r.dontcare = 0xFFFFFFFFu;
    return r;
  }
  if (!valid)
    return result(0u, false, SPAGM_RULE_PIX_OFFSET_INDEX_INVALID, (int32_t)idx,
                  n, 0);
  uint32_t v = packed(c, position(c, idx));
  return result(v, false, SPAGM_RULE_PIX_OFFSET_STANDARD, (int32_t)idx, n,
                (int32_t)v);
}

/* .CENTROID_OFFSET: the pixel centre (0) when fully covered, else the first
 * (lowest-index) covered sample, whose position comes from the standard or
 * the programmable table (R15); no sample covered returns 0. Only samples
 * below the count take part (N53). */
static lane_result centroid(const pix_ctx *c, unsigned lane) {
  uint32_t raw = c->req->coverage[lane];
  uint32_t cov = raw & c->count_mask;
  int32_t n = (int32_t)c->samples;
  if (cov == c->count_mask)
    return result(0u, false, SPAGM_RULE_PIX_CENTROID_FULL, (int32_t)raw, n, 0);
  if (cov == 0u)
    return result(0u, false, SPAGM_RULE_PIX_CENTROID_NONE, (int32_t)raw, n, 0);
  unsigned s = lowest_set_bit(cov);
  uint32_t v = packed(c, position(c, s));
  return result(v, false,
                c->raster->positions == SPAGM_PIX_POSITIONS_PROGRAMMABLE
                    ? SPAGM_RULE_PIX_CENTROID_PROGRAMMABLE
                    : SPAGM_RULE_PIX_CENTROID_STANDARD,
                (int32_t)raw, (int32_t)s, (int32_t)v);
}

/* .MY_INDEX: in SSAA mode the invocation's sample index and Pd TRUE,
 * otherwise 0 and Pd FALSE (PIXLD.txt). The index is the request's 4-bit
 * thread-context field, returned as given (N56). */
static lane_result my_index(const pix_ctx *c, unsigned lane) {
  if (!c->raster->ssaa)
    return result(0u, false, SPAGM_RULE_PIX_MY_INDEX_NO_SSAA, 0, 0, 0);
  uint32_t s = c->req->sample[lane] & 0xFu;
  return result(s, true, SPAGM_RULE_PIX_MY_INDEX_SSAA, (int32_t)s, 0, 0);
}

/* ---- The warp ----------------------------------------------------------- */

typedef lane_result (*lane_fn)(const pix_ctx *c, unsigned lane);

/* Run one mode over the active lanes and write Rd (slot 0) and Pd. Inactive
 * lanes write nothing. Rd = RZ discards the register value (N50). */
static inline void run_lanes(const pix_ctx *c, lane_fn fn, bool writes_pd,
                             spagm_response *resp, spagm_explain *ex) {
  const spagm_insn *insn = c->insn;
  uint32_t active = c->req->lane_mask;
  bool has_rd = insn->rd != SPAGM_RZ;
  uint32_t pd_value = 0;
  for (uint32_t left = active; left; left &= left - 1u) {
    unsigned lane = spagm__lowest_lane(left);
    lane_result r = fn(c, lane);
    if (has_rd) {
      resp->wb_value[0][lane] = r.value;
      resp->wb_dontcare[0][lane] = r.dontcare;
      spagm_explain_set(ex, 0, lane, r.rule, r.arg[0], r.arg[1], r.arg[2]);
    }
    if (writes_pd) {
      pd_value |= (uint32_t)r.pred << lane;
      spagm_explain_set(ex, SPAGM_EXPLAIN_PD_SLOT, lane, r.rule, r.arg[0],
                        r.arg[1], r.arg[2]);
    }
  }
  if (has_rd) {
    resp->wb_reg[0] = insn->rd;
    resp->wb_valid[0] = active;
  }
  if (writes_pd) { /* R16; written lanes = active lanes (N58) */
    resp->pd = insn->pd;
    resp->pd_written = active;
    resp->pd_value = pd_value;
  }
  if (ex) {
    for (uint32_t left = ~active; left; left &= left - 1u) {
      unsigned lane = spagm__lowest_lane(left);
      if (has_rd)
        spagm_explain_set(ex, 0, lane, SPAGM_RULE_LANE_INACTIVE, 0, 0, 0);
      if (writes_pd)
        spagm_explain_set(ex, SPAGM_EXPLAIN_PD_SLOT, lane,
                          SPAGM_RULE_LANE_INACTIVE, 0, 0, 0);
    }
  }
}

void spagm__pixld_execute(spagm_model *m, const spagm_insn *insn,
                          const spagm_request *req, spagm_response *resp,
                          spagm_explain *ex) {
  /* Encoding checks first, then the stage (N57). */
  int32_t a0, a1;
  unsigned bad = unencodable(insn, &a0, &a1);
  if (bad) {
    spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING, bad,
                      a0, a1, 0);
    return;
  }
  spagm_stage stage = spagm__model_stage(m);
  if (stage != SPAGM_STAGE_PS) { /* R8: PIXLD outside PS */
    spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING,
                      SPAGM_RULE_PIX_STAGE_ILLEGAL, (int32_t)stage, 0, 0);
    return;
  }

  pix_ctx c;
  c.insn = insn;
  c.req = req;
  c.raster = &m->pix.raster;
  c.samples = c.raster->samples;
  c.count_mask = (1u << c.samples) - 1u; /* samples <= 16 */
  if (c.raster->positions == SPAGM_PIX_POSITIONS_PROGRAMMABLE) {
    c.pos = c.raster->table;
    c.pos_mask = SPAGM_PIX_MAX_SAMPLES - 1u;
  } else {
    c.pos = spagm__pix_standard_table(c.raster->order, c.samples);
    c.pos_mask = c.samples - 1u;
  }
  c.offset_scale = c.raster->offset_format == SPAGM_PIX_OFFSET_S012 ? 256 : 1;

  /* R16: Pd only for .COVERED and .MY_INDEX, and PT suppresses the write. */
  bool pd = insn->pd != SPAGM_PT;
  switch (insn->pmode) {
    case SPAGM_PIX_MSCOUNT: run_lanes(&c, mscount, false, resp, ex); break;
    case SPAGM_PIX_COVMASK: run_lanes(&c, covmask, false, resp, ex); break;
    case SPAGM_PIX_COVERED: run_lanes(&c, covered, pd, resp, ex); break;
    case SPAGM_PIX_OFFSET: run_lanes(&c, offset, false, resp, ex); break;
    case SPAGM_PIX_CENTROID_OFFSET:
      run_lanes(&c, centroid, false, resp, ex);
      break;
    case SPAGM_PIX_MY_INDEX: run_lanes(&c, my_index, pd, resp, ex); break;
  }
}
