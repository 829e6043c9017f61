// SPDX-License-Identifier: Apache-2.0
/* Collection of the boundary points (N245): where each
 * bounded value of a transaction lies against its limit (first valid, last
 * valid, first invalid, interior), coverage-mask shapes, the ST_REQ range
 * against the OMAP, and configuration fields still at their power-on value
 * (N246). Everything is read from what the sampler is given: the request,
 * the model's configuration state and the explanation (the rules' recorded
 * numbers name the value and, for a refusal, the limit). cov_sample.c calls
 * these after the rule scan. */
#include <string.h>

#include "cov_internal.h"
#include "cov_sample_bound.h"
#include "spagm/attr.h"
#include "spagm/pix.h"
#include "spagm/tex.h"

enum { POS_FIRST, POS_LAST, POS_INVALID, POS_INTERIOR, POS_N };

/* The positions of v in the valid range [lo, n) and at its first invalid
 * value n, as bits (a value can be first and last at once: n = lo + 1). */
static unsigned positions(int64_t v, int64_t lo, int64_t n) {
  if (v == n) return 1u << POS_INVALID;
  if (v < lo || v > n) return 0;
  unsigned p = 0;
  if (v == lo) p |= 1u << POS_FIRST;
  if (v == n - 1) p |= 1u << POS_LAST;
  return p ? p : 1u << POS_INTERIOR;
}

/* Field x position bins of one point, each once per transaction (N101). */
static void credit_positions(spagm_cov *c, cov_pt pt, const unsigned *bits, unsigned nfields) {
  for (unsigned f = 0; f < nfields; f++)
    for (unsigned p = bits[f]; p; p &= p - 1) {
      unsigned at[2] = {f, (unsigned)__builtin_ctz(p)};
      cov_hit(c, c->first[pt] + spagm__cov_index(spagm_cov_plan(NULL) + pt, at));
    }
}

/* The first slot that recorded a rule for a lane (TLDS and ISBERD use one). */
static unsigned first_slot(const spagm_explain *ex, unsigned lane) {
  unsigned slot = 0;
  while (slot < SPAGM_EXPLAIN_SLOTS - 1 && !ex->rule[slot][lane]) slot++;
  return slot;
}

/* ---- Attribute unit ---------------------------------------------------- */

enum {
  AB_ADDR, AB_ALD_VTX, AB_AST_VTX, AB_ALD_PATCH, AB_AST_PATCH, AB_GS_VTX, AB_ISBERD, AB_ISBERD_VM,
  AB_GS_WORD, AB_N
};

/* One recorded rule of one lane and component -> field positions. The
 * rule's numbers are those of rules_attr.h. */
static void attr_rule_pos(unsigned rule, const int32_t *a, const spagm_attr_config *cfg,
                          const spagm_insn *in, uint32_t handle, uint32_t vm_n,
                          unsigned *bits) {
  int64_t patch = 4 * (int64_t)cfg->patch_words;
  /* The attribute word of ALD/AST against the 256 words (R4): every row
   * that read or stored a word records its byte address first. */
  if ((rule >= SPAGM_RULE_ALD_I_BMAP0_DEFAULT && rule <= SPAGM_RULE_ALD_O_CUR_OUTPUT) ||
      rule == SPAGM_RULE_AST_STORED || rule == SPAGM_RULE_AST_BMAP0_DISCARD ||
      rule == SPAGM_RULE_AST_GS_STORED)
    bits[AB_ADDR] |= positions(a[0] / 4, 0, SPAGM_ATTR_COUNT);
  /* A row of the ALD table was read with a handle in range (R9 comes
   * first); PRIMITIVE_ID (0x060) reads by the primitive handle instead. */
  if (rule >= SPAGM_RULE_ALD_I_BMAP0_DEFAULT && rule <= SPAGM_RULE_ALD_O_CUR_OUTPUT &&
      a[0] != 0x060)
    bits[AB_ALD_VTX] |= positions(handle, 0, cfg->vertex_count);
  switch (rule) {
    case SPAGM_RULE_ALD_VTX_OUT_OF_RANGE: bits[AB_ALD_VTX] |= positions(a[0], 0, a[1]); break;
    case SPAGM_RULE_AST_STORED: bits[AB_AST_VTX] |= positions(a[1], 0, cfg->vertex_count); break;
    case SPAGM_RULE_AST_VTX_OUT_OF_RANGE: bits[AB_AST_VTX] |= positions(a[0], 0, a[1]); break;
    /* Patch words: byte address of the component against 4 * patch_words
     * (R4), in word steps. */
    case SPAGM_RULE_ALD_PATCH: case SPAGM_RULE_ALD_PATCH_OUT_OF_BOUNDS:
      bits[AB_ALD_PATCH] |= positions(a[0] / 4, 0, patch / 4) * (a[0] >= 0 && a[0] % 4 == 0);
      break;
    case SPAGM_RULE_AST_PATCH_STORED: case SPAGM_RULE_AST_PATCH_OUT_OF_BOUNDS:
      bits[AB_AST_PATCH] |= positions(a[0] / 4, 0, patch / 4) * (a[0] >= 0 && a[0] % 4 == 0);
      break;
    /* N26, N283: the word a GS store lands on in its lane's buffer (the
     * stored row records the byte address lane x 4096 + 4 x word). */
    case SPAGM_RULE_AST_GS_STORED:
      bits[AB_GS_VTX] |= positions(a[1], 0, cfg->gs_max_vertices);
      bits[AB_GS_WORD] |= positions((uint32_t)a[2] % (4u * SPAGM_ATTR_GS_LANE_WORDS) / 4u, 0,
                                    SPAGM_ATTR_GS_LANE_WORDS);
      break;
    case SPAGM_RULE_AST_GS_FULL: bits[AB_GS_WORD] |= positions(a[0], 0, a[1]); break;
    case SPAGM_RULE_AST_GS_KILLED: bits[AB_GS_VTX] |= positions(a[0], 0, a[1]); break;
    case SPAGM_RULE_ISBERD_READ: case SPAGM_RULE_ISBERD_OUT_OF_RANGE: {
      /* N29: a region's bound is its size (the patch region's 4 x
       * patch_words); the attribute region without .SKEW is the
       * vertex-major view of 256 vertices of N words, which ends at byte
       * 1024 N (N281; N = 0: no view). */
      static const int64_t bytes[3] = {1, 2, 4};
      int64_t e = bytes[in->isize], v = (uint32_t)a[0];
      if (in->region == SPAGM_REGION_ATTR && !in->skew) {
        if (vm_n) bits[AB_ISBERD_VM] |= v % e ? 0 : positions(v / e, 0, 1024 * (int64_t)vm_n / e);
        break;
      }
      int64_t size = in->region == SPAGM_REGION_PATCH ? patch
                                                      : spagm_isbe_region_size(in->region);
      bits[AB_ISBERD] |= v % e ? 0 : positions(v / e, 0, size / e);
      break;
    }
    default: break;
  }
}

/* ST_REQ against the OMAP (ALD.txt: output BMAP = OMAP & (IMAP_next |
 * ST_REQ)), for the instructions that read the output BMAP. */
static void sample_streq(spagm_cov *c, const spagm_insn *in, const spagm_attr_config *cfg) {
  unsigned op = in->op == SPAGM_OP_AST ? 1u : 0u;
  unsigned first = 256, last = 256;
  for (unsigned a = 0; a < SPAGM_ATTR_COUNT; a++)
    if (cfg->omap[a / 32] >> (a % 32) & 1u) {
      if (first == 256) first = a;
      last = a;
    }
  unsigned s = cfg->streq_start, e = cfg->streq_end, shapes = 0;
  if (e < s) shapes = 1u << 0; /* empty */
  else {
    if (e == s) shapes |= 1u << 1;
    if (e == first) shapes |= 1u << 2;
    if (e == last) shapes |= 1u << 3;
    if (s == last) shapes |= 1u << 4;
    if (!shapes) shapes = 1u << 5;
  }
  for (; shapes; shapes &= shapes - 1) {
    unsigned at[2] = {op, (unsigned)__builtin_ctz(shapes)};
    cov_hit(c, c->first[COV_ATTR_STREQ] + spagm__cov_index(spagm_cov_plan(NULL) + COV_ATTR_STREQ, at));
  }
}

/* Configuration fields of the attribute unit still at their power-on value
 * (spagm_attr_config_default), N246. */
static void power_on_attr(spagm_cov *c, const spagm_attr_config *cfg) {
  const spagm_attr_config *p = &c->attr_power_on;
  bool at[] = {cfg->stage == p->stage,
               cfg->shared == p->shared,
               cfg->trap == p->trap,
               cfg->vertex_count == p->vertex_count,
               cfg->patch_words == p->patch_words,
               cfg->gs_max_vertices == p->gs_max_vertices,
               cfg->streq_start == p->streq_start && cfg->streq_end == p->streq_end,
               !memcmp(cfg->defaults, p->defaults, sizeof p->defaults)};
  for (unsigned f = 0; f < sizeof at / sizeof at[0]; f++)
    if (at[f]) cov_hit(c, c->first[COV_ATTR_POWER_ON] + f);
}

void spagm__cov_sample_attr_bounds(spagm_cov *c, const spagm_model *m, const spagm_insn *in,
                                   const spagm_request *req, const spagm_response *rsp,
                                   const spagm_explain *ex) {
  spagm_attr_config cfg;
  if (spagm_attr_get_config(m, &cfg, NULL) != SPAGM_OK) return;
  power_on_attr(c, &cfg);
  if (rsp->fault == SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) return;
  unsigned bits[AB_N] = {0};
  /* ALD's vertex handle as the model takes it (ald.c, R8): the implicit
   * vertex in VSA/VSB, else Rb (RZ: 0). Not every row records it. */
  bool vs = cfg.stage == SPAGM_STAGE_VSA || cfg.stage == SPAGM_STAGE_VSB;
  /* ISBERD's vertex-major view: N attributes of the space's BMAP (N281). */
  uint32_t vm_n = 0;
  if (in->op == SPAGM_OP_ISBERD) {
    uint32_t bmap[SPAGM_ATTR_MAP_WORDS] = {0};
    spagm_attr_get_map(m, in->out ? SPAGM_MAP_BMAP_OUT : SPAGM_MAP_BMAP_IN, bmap, NULL);
    for (unsigned w = 0; w < SPAGM_ATTR_MAP_WORDS; w++) vm_n += (uint32_t)__builtin_popcount(bmap[w]);
  }
  for (unsigned lane = 0; lane < SPAGM_LANES; lane++) {
    uint32_t handle = vs ? req->vertex[lane] : in->rb == SPAGM_RZ ? 0u : req->b[0][lane];
    for (unsigned slot = 0; slot < SPAGM_EXPLAIN_SLOTS - 1; slot++)
      if (ex->rule[slot][lane])
        attr_rule_pos(ex->rule[slot][lane], ex->arg[slot][lane], &cfg, in, handle, vm_n, bits);
  }
  credit_positions(c, COV_ATTR_BOUNDARY, bits, AB_N);
  if (!in->patch && !in->phys && (in->op == SPAGM_OP_AST || (in->op == SPAGM_OP_ALD && in->out)))
    sample_streq(c, in, &cfg);
}

/* ---- Pixel unit -------------------------------------------------------- */

/* Shape of a coverage mask of n samples: all, none, all but one, only one,
 * other (the first that applies, in that order). */
static unsigned mask_shape(uint16_t cov, unsigned n) {
  uint32_t full = (1u << n) - 1u, m = cov & full;
  unsigned k = (unsigned)__builtin_popcount(m);
  return m == full ? 0 : m == 0 ? 1 : k == n - 1 ? 2 : k == 1 ? 3 : 4;
}

static unsigned samples_bin(unsigned n) {
  return n >= 16 ? 4 : n >= 8 ? 3 : n >= 4 ? 2 : n >= 2 ? 1 : 0;
}

void spagm__cov_sample_pix_bounds(spagm_cov *c, const spagm_model *m, const spagm_insn *in,
                                  const spagm_request *req, const spagm_response *rsp,
                                  const spagm_explain *ex) {
  spagm_raster_config rc, p;
  if (spagm_pix_get_config(m, &rc, NULL) != SPAGM_OK) return;
  /* The pixel unit's reset (pix_config.c): 1 sample, standard, SSAA off. */
  memset(&p, 0, sizeof p);
  p.samples = 1;
  p.positions = SPAGM_PIX_POSITIONS_STANDARD;
  bool po[] = {rc.samples == p.samples, rc.positions == p.positions, rc.ssaa == p.ssaa,
               !memcmp(rc.table, p.table, sizeof p.table)};
  for (unsigned f = 0; f < sizeof po / sizeof po[0]; f++)
    if (po[f]) cov_hit(c, c->first[COV_PIX_POWER_ON] + f);
  if (rsp->fault != SPAGM_FAULT_NONE) return;
  /* Masks: the modes that read the pixel's coverage (R13). */
  int mode = in->pmode == SPAGM_PIX_COVMASK ? 0 : in->pmode == SPAGM_PIX_COVERED ? 1
           : in->pmode == SPAGM_PIX_CENTROID_OFFSET ? 2 : -1;
  if (mode >= 0) {
    unsigned shapes = 0;
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      if (req->lane_mask >> l & 1u) shapes |= 1u << mask_shape(req->coverage[l], rc.samples);
    for (; shapes; shapes &= shapes - 1) {
      unsigned at[3] = {(unsigned)mode, samples_bin(rc.samples), (unsigned)__builtin_ctz(shapes)};
      cov_hit(c, c->first[COV_PIX_COVMASK] +
                     spagm__cov_index(spagm_cov_plan(NULL) + COV_PIX_COVMASK, at));
    }
  }
  /* The PIXLD sample index of COVERED and OFFSET against the count. */
  unsigned bits[2] = {0};
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    const int32_t *a = ex->arg[0][l];
    switch (ex->rule[0][l]) {
      case SPAGM_RULE_PIX_COVERED_TRUE: case SPAGM_RULE_PIX_COVERED_FALSE:
      case SPAGM_RULE_PIX_COVERED_INDEX_INVALID: bits[0] |= positions((uint32_t)a[0], 0, a[1]); break;
      case SPAGM_RULE_PIX_OFFSET_STANDARD: case SPAGM_RULE_PIX_OFFSET_INDEX_INVALID:
        bits[1] |= positions((uint32_t)a[0], 0, a[1]); break;
      default: break;
    }
  }
  credit_positions(c, COV_PIX_INDEX, bits, 2);
}

/* ---- Texture unit ------------------------------------------------------ */

enum { TB_COORD, TB_LAYER, TB_LEVEL, TB_SAMPLE, TB_HEADER, TB_N };

static int64_t at_level(uint32_t size, int32_t level) {
  uint32_t v = level >= 0 && level < 32 ? size >> level : 0;
  return v ? v : 1;
}

/* One lane's texel read or refusal -> field positions (rules_tex.h). */
static void tex_lane_pos(unsigned rule, const int32_t *a, const spagm_tic *t, unsigned samples,
                         unsigned *bits) {
  unsigned last_level = t->view_max_level < t->max_mip_level ? t->view_max_level
                                                            : t->max_mip_level;
  switch (rule) {
    case SPAGM_RULE_TEX_READ_1D:
      bits[TB_COORD] |= positions(a[0], 0, at_level(t->width, a[1]));
      bits[TB_LEVEL] |= positions(a[1], t->view_min_level, (int64_t)last_level + 1);
      break;
    case SPAGM_RULE_TEX_READ_2D:
      bits[TB_COORD] |= positions(a[0], 0, at_level(t->width, a[2])) |
                        positions(a[1], 0, at_level(t->height, a[2]));
      bits[TB_LEVEL] |= positions(a[2], t->view_min_level, (int64_t)last_level + 1);
      break;
    case SPAGM_RULE_TEX_READ_ARRAY: bits[TB_LAYER] |= positions(a[2], 0, t->depth); break;
    case SPAGM_RULE_TEX_READ_MS: bits[TB_SAMPLE] |= positions(a[2], 0, samples); break;
    /* Refusals record the value and the limit: first invalid when equal
     * (a negative coordinate is below the range, not at its end). */
    case SPAGM_RULE_TEX_S_OOR: case SPAGM_RULE_TEX_T_OOR: case SPAGM_RULE_TEX_R_OOR:
      bits[TB_COORD] |= a[0] == a[1] ? 1u << POS_INVALID : 0; break;
    case SPAGM_RULE_TEX_LAYER_OOR: bits[TB_LAYER] |= a[0] == a[1] ? 1u << POS_INVALID : 0; break;
    case SPAGM_RULE_TEX_LEVEL_OOR:
      bits[TB_LEVEL] |= a[0] == a[1] + 1 ? 1u << POS_INVALID : 0; break;
    case SPAGM_RULE_TEX_SAMPLE_OOR: bits[TB_SAMPLE] |= a[0] == a[1] ? 1u << POS_INVALID : 0; break;
    case SPAGM_RULE_TEX_HEADER_INDEX_OOR:
      bits[TB_HEADER] |= a[0] == a[1] + 1 ? 1u << POS_INVALID : 0; break;
    default: break;
  }
}

void spagm__cov_sample_tex_bounds(spagm_cov *c, const spagm_model *m, const spagm_insn *in,
                                  const spagm_response *rsp, const spagm_explain *ex) {
  uint64_t base = 0;
  uint32_t max_index = 0, word = 0;
  spagm_tex_get_header_pool(m, &base, &max_index);
  unsigned bank = spagm_tex_selected_cbank(m);
  bool have_word = spagm_tex_get_cbank_word(m, bank, in->tex_index, &word) == SPAGM_OK;
  /* The unit's reset (tex_unit.c): bank 0, RNE. N246 says why the pool and
   * the bank words are not bins. */
  bool po[] = {bank == 0, spagm_tex_fp16_round(m) == SPAGM_FP16_RNE};
  for (unsigned f = 0; f < sizeof po / sizeof po[0]; f++)
    if (po[f]) cov_hit(c, c->first[COV_TEX_POWER_ON] + f);
  if (rsp->fault != SPAGM_FAULT_NONE || !have_word) return;
  uint32_t header = word & SPAGM_TEX_HEADER_PTR_MASK;
  spagm_tic t;
  memset(&t, 0, sizeof t);
  bool have = header <= max_index && spagm_tex_get_header(m, header, &t) == SPAGM_OK;
  unsigned samples = 1, bits[TB_N] = {0};
  if (have) spagm_tex_msaa_grid(t.msaa, &samples, NULL, NULL);
  bool read = false;
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    unsigned slot = first_slot(ex, l), rule = ex->rule[slot][l];
    if (rule >= SPAGM_RULE_TEX_READ_1D && rule <= SPAGM_RULE_TEX_READ_MS) {
      read = true;
      if (!have) continue;
    }
    tex_lane_pos(rule, ex->arg[slot][l], &t, samples, bits);
  }
  /* The header index once per request, when some lane read through it. */
  if (read) bits[TB_HEADER] |= positions(header, 0, (int64_t)max_index + 1);
  credit_positions(c, COV_TEX_BOUNDARY, bits, TB_N);
}
