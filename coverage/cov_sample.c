// SPDX-License-Identifier: Apache-2.0
/* Collection: one executed transaction -> the bins of the plan it hits
 * (cov_plan.c). Read-only on the model; cheap (at most 5% of model
 * throughput, docs/coverage.md has the measurement): one decode,
 * one pass over the explanation, a few state reads. */
#include <string.h>

#include "cov_internal.h"
#include "cov_sample_bound.h"
#include "spagm/attr.h"
#include "spagm/pix.h"
#include "spagm/tex.h"
#include "spagm/stim/stim.h"

/* Unit of a word that did not decode, from its opcode bits (DESIGN §7.1);
 * -1 for a word of no modelled unit. */
static int unit_of_word(uint64_t w) {
  unsigned op16 = (unsigned)(w >> 48);
  if (op16 == 0xEFD8u || op16 == 0xEFF0u || op16 == 0xEFA0u || op16 == 0xEFD0u)
    return SPAGM_UNIT_ATTR;
  if (op16 == 0xEFE8u) return SPAGM_UNIT_PIX;
  if ((w >> 57) == 0x6Du) return SPAGM_UNIT_TEX; /* 0b1101101 */
  return -1;
}

static void hit(spagm_cov *c, cov_pt p, const unsigned *at) {
  cov_hit(c, c->first[p] + spagm__cov_index(spagm_cov_plan(NULL) + p, at));
}
static void hit1(spagm_cov *c, cov_pt p, unsigned a) { hit(c, p, &a); }

static const cov_pt rule_point[SPAGM_UNIT_COUNT] = {COV_ATTR_RULE, COV_PIX_RULE, COV_TEX_RULE};
static const cov_pt fault_point[SPAGM_UNIT_COUNT] = {COV_ATTR_FAULT, COV_PIX_FAULT,
                                                     COV_TEX_FAULT};

/* What the explanation says, gathered in one pass. */
typedef struct seen {
  uint8_t bmap_rows;   /* bit r: an ALD.I/.O table row (0x110 + r) */
  bool out_of_bounds;  /* R4 on some lane */
  bool texel_read;     /* a TEX_READ_* rule on some lane */
} seen;

static void credit_rule(spagm_cov *c, unsigned u, unsigned rule, seen *s) {
  if (rule == 0 || rule >= COV_RULE_SPACE) return;
  unsigned b = c->rule_bin[rule];
  if (b) cov_hit(c, c->first[rule_point[u]] + b - 1);
  if (rule >= SPAGM_RULE_ALD_I_BMAP0_DEFAULT && rule <= SPAGM_RULE_ALD_O_CUR_OUTPUT)
    s->bmap_rows |= (uint8_t)(1u << (rule - SPAGM_RULE_ALD_I_BMAP0_DEFAULT));
  if (rule == SPAGM_RULE_ALD_OUT_OF_BOUNDS || rule == SPAGM_RULE_AST_OUT_OF_BOUNDS ||
      rule == SPAGM_RULE_ALD_PATCH_OUT_OF_BOUNDS || rule == SPAGM_RULE_AST_PATCH_OUT_OF_BOUNDS)
    s->out_of_bounds = true;
  if (rule >= SPAGM_RULE_TEX_READ_1D && rule <= SPAGM_RULE_TEX_READ_MS) s->texel_read = true;
}

/* Each distinct rule of the transaction once (a rule bin counts the
 * transactions that recorded it, N101). This scan is most of the sampling
 * cost (bench/cov_bench). Per slot, the smallest rule left is taken and
 * its lanes struck out, until none is left: two branch-free passes over 32
 * lanes per distinct rule (a slot holds one to four), which the compiler
 * vectorises; a lane-by-lane walk was 8x slower. */
static void sample_rules(spagm_cov *c, unsigned u, const spagm_explain *ex, seen *s) {
  uint64_t bits[COV_RULE_SPACE / 64] = {0};
  bits[(ex->fault_rule >> 6) & 15u] |= 1ull << (ex->fault_rule & 63u);
  for (unsigned slot = 0; slot < SPAGM_EXPLAIN_SLOTS; slot++) {
    const uint16_t *r = ex->rule[slot];
    uint16_t differ = 0; /* one pass settles the usual slot: unused, or one rule */
    for (unsigned lane = 1; lane < SPAGM_LANES; lane++) differ |= (uint16_t)(r[lane] ^ r[0]);
    if (!differ) {
      bits[(r[0] >> 6) & 15u] |= 1ull << (r[0] & 63u);
      continue;
    }
    uint16_t left[SPAGM_LANES];
    memcpy(left, r, sizeof left);
    for (;;) {
      uint16_t low = 0xFFFFu;
      for (unsigned lane = 0; lane < SPAGM_LANES; lane++) low = left[lane] < low ? left[lane] : low;
      if (low == 0xFFFFu) break;
      bits[(low >> 6) & 15u] |= 1ull << (low & 63u);
      for (unsigned lane = 0; lane < SPAGM_LANES; lane++)
        left[lane] = left[lane] == low ? 0xFFFFu : left[lane];
    }
  }
  bits[0] &= ~1ull; /* rule 0: nothing recorded */
  for (unsigned w = 0; w < COV_RULE_SPACE / 64; w++)
    for (uint64_t b = bits[w]; b; b &= b - 1)
      credit_rule(c, u, w * 64u + (unsigned)__builtin_ctzll(b), s);
}

/* ---- Attribute unit ---------------------------------------------------- */

static void sample_access(spagm_cov *c, const spagm_insn *in, const spagm_response *rsp,
                          const seen *s) {
  if (in->phys || rsp->fault == SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) return;
  /* R10: .64 aligns to 8 bytes, .96 and .128 to 16, .32 to 4. */
  static const uint32_t align[4] = {4, 8, 16, 16};
  unsigned at[4] = {in->op == SPAGM_OP_AST, (unsigned)in->asize,
                    ((uint32_t)in->imm & (align[in->asize] - 1)) != 0, s->out_of_bounds};
  hit(c, COV_ATTR_ACCESS, at);
}

static void sample_attr(spagm_cov *c, const spagm_model *m, const spagm_insn *in,
                        const spagm_response *rsp, const seen *s) {
  spagm_stage stage = SPAGM_STAGE_VSA;
  spagm_attr_get_stage(m, &stage, NULL);
  unsigned op = (unsigned)in->op - SPAGM_OP_ALD; /* ALD AST AL2P ISBERD ISBEWR */
  unsigned at[4] = {op, (unsigned)stage};
  hit(c, COV_ATTR_OP_STAGE, at);
  if (in->asize > SPAGM_ASZ_128) return;
  switch (in->op) {
  case SPAGM_OP_ALD: {
    unsigned f[4] = {in->out, in->patch, (unsigned)in->asize, in->phys};
    hit(c, COV_ALD_FIELDS, f);
    sample_access(c, in, rsp, s);
    for (unsigned r = 0; r < 7; r++)
      if (s->bmap_rows >> r & 1u) {
        unsigned b[2] = {r, (unsigned)stage};
        hit(c, COV_ATTR_BMAP_STAGE, b);
      }
    break;
  }
  case SPAGM_OP_AST: {
    unsigned f[3] = {in->patch, (unsigned)in->asize, in->phys};
    hit(c, COV_AST_FIELDS, f);
    sample_access(c, in, rsp, s);
    break;
  }
  case SPAGM_OP_AL2P: {
    unsigned f[3] = {in->out, (unsigned)in->asize, in->pd != SPAGM_PT};
    hit(c, COV_AL2P_FIELDS, f);
    break;
  }
  default: /* ISBERD, ISBEWR */
    if (in->region <= SPAGM_REGION_ATTR && in->isize <= SPAGM_ISZ_B32) {
      unsigned f[3] = {in->op == SPAGM_OP_ISBEWR, (unsigned)in->region, (unsigned)in->isize};
      hit(c, COV_ISBE_FIELDS, f);
    }
  }
}

/* ---- Pixel unit -------------------------------------------------------- */

static unsigned sample_count_bin(unsigned n) {
  return n >= 16 ? 4 : n >= 8 ? 3 : n >= 4 ? 2 : n >= 2 ? 1 : 0;
}

static void sample_pix(spagm_cov *c, const spagm_model *m, const spagm_insn *in,
                       const spagm_request *req, const spagm_response *rsp) {
  unsigned f[2] = {in->pd != SPAGM_PT, in->ra != SPAGM_RZ};
  hit(c, COV_PIX_FIELDS, f);
  if (rsp->fault != SPAGM_FAULT_NONE || in->pmode > SPAGM_PIX_MY_INDEX || req->lane_mask == 0)
    return;
  spagm_raster_config cfg;
  if (spagm_pix_get_config(m, &cfg, NULL) != SPAGM_OK) return;
  uint32_t lm = req->lane_mask;
  unsigned shape = lm == 0xFFFFFFFFu ? 0 : (lm & (lm - 1)) == 0 ? 2 : 1;
  unsigned at[4] = {(unsigned)in->pmode, sample_count_bin(cfg.samples),
                    cfg.positions == SPAGM_PIX_POSITIONS_PROGRAMMABLE, shape};
  hit(c, COV_PIX_MODE_LAYOUT_MASK, at);
  if (in->pmode == SPAGM_PIX_OFFSET || in->pmode == SPAGM_PIX_CENTROID_OFFSET) {
    /* pix.config_choice: one bin per register (cov_plan.c's setting order). */
    unsigned mode = in->pmode == SPAGM_PIX_CENTROID_OFFSET, n = sample_count_bin(cfg.samples);
    unsigned fmt[3] = {mode, cfg.offset_format == SPAGM_PIX_OFFSET_S012 ? 1u : 0u, n};
    unsigned ord[3] = {mode, cfg.order == SPAGM_PIX_ORDER_NVIDIA ? 3u : 2u, n};
    hit(c, COV_PIX_CONFIG_CHOICE, fmt);
    hit(c, COV_PIX_CONFIG_CHOICE, ord);
  }
}

/* ---- Texture unit ------------------------------------------------------ */

static int encoding_bin(unsigned e) {
  static const uint8_t rows[] = {0, 1, 2, 4, 5, 6, 7, 8, 12}; /* cov_plan.c order */
  for (unsigned i = 0; i < sizeof rows; i++)
    if (rows[i] == e) return (int)i;
  return -1;
}

static int format_bin(unsigned comp) {
  static const uint8_t fmts[] = {0x01, 0x02, 0x03, 0x04, 0x08, 0x09, 0x0C,
                                 0x0F, 0x15, 0x18, 0x1B, 0x1D, 0x20, 0x21}; /* cov_plan.c */
  for (unsigned i = 0; i < sizeof fmts; i++)
    if (fmts[i] == comp) return (int)i;
  return -1;
}

static unsigned fp16_class(uint32_t h) {
  unsigned e = h >> 10 & 0x1Fu, man = h & 0x3FFu;
  if (e == 0) return man ? 1 : 0;  /* zero, subnormal */
  if (e == 31) return man ? 5 : 4; /* nan, inf */
  return (h & 0x7FFFu) == 0x7BFFu ? 3 : 2; /* max_finite, normal */
}

/* Each class once per transaction, like every other bin (N101). */
static void sample_fp16(spagm_cov *c, const spagm_model *m, const spagm_response *rsp) {
  unsigned classes = 0;
  for (unsigned w = 0; w < SPAGM_WB_SLOTS; w++) {
    if (!rsp->wb_valid[w]) continue;
    for (unsigned lane = 0; lane < SPAGM_LANES; lane++) {
      if (!(rsp->wb_valid[w] >> lane & 1u) || rsp->wb_dontcare[w][lane]) continue;
      uint32_t v = rsp->wb_value[w][lane];
      classes |= 1u << fp16_class(v & 0xFFFFu) | 1u << fp16_class(v >> 16);
    }
  }
  unsigned at[2] = {spagm_tex_fp16_round(m) == SPAGM_FP16_RZ, 0};
  for (; classes; classes &= classes - 1) {
    at[1] = (unsigned)__builtin_ctz(classes);
    hit(c, COV_TEX_FP16, at);
  }
}

static void sample_header(spagm_cov *c, const spagm_model *m, const spagm_insn *in) {
  uint32_t entry = 0;
  spagm_tic t;
  if (spagm_tex_get_cbank_word(m, spagm_tex_selected_cbank(m), in->tex_index, &entry) !=
          SPAGM_OK ||
      spagm_tex_get_header(m, entry & 0xFFFFFu, &t) != SPAGM_OK)
    return;
  if (t.layout != SPAGM_TEXLAYOUT_PITCH && t.layout != SPAGM_TEXLAYOUT_BLOCKLINEAR) return;
  unsigned layout = t.layout == SPAGM_TEXLAYOUT_BLOCKLINEAR;
  int e = encoding_bin(in->tlds_encoding), f = format_bin(t.components);
  if (e >= 0) {
    unsigned at[2] = {(unsigned)e, layout};
    hit(c, COV_TEX_ENC_LAYOUT, at);
  }
  if (f >= 0) {
    unsigned at[2] = {(unsigned)f, layout};
    hit(c, COV_TEX_FORMAT_LAYOUT, at);
  }
}

static void sample_tex(spagm_cov *c, const spagm_model *m, const spagm_insn *in,
                       const spagm_response *rsp, const seen *s) {
  unsigned dest = in->rd == SPAGM_RZ && in->rd1 == SPAGM_RZ ? 2 : in->rd1 == SPAGM_RZ ? 0 : 1;
  unsigned f[3] = {in->f16, in->nodep, dest};
  hit(c, COV_TEX_FIELDS, f);
  bool table34 = in->rd1 != SPAGM_RZ;
  if (in->wmsk <= (table34 ? 4u : 7u)) { /* R23: the decoder refuses wmsk34C 5..7 */
    unsigned w[2] = {table34, in->wmsk};
    hit(c, COV_TEX_WMSK, w);
  }
  /* Layout and format only mean something when a texel was read (R18). */
  if (rsp->fault != SPAGM_FAULT_NONE || !s->texel_read) return;
  sample_header(c, m, in);
  if (in->f16) sample_fp16(c, m, rsp);
}

spagm_status spagm_cov_sample(spagm_cov *c, const spagm_model *m, const spagm_insn *insn,
                              const spagm_request *req, const spagm_response *rsp,
                              const spagm_explain *ex) {
  if (!c || !m || !req || !rsp || !ex) return SPAGM_E_ARG;
  spagm_insn decoded;
  const spagm_insn *in = insn;
  if (!in && spagm_decode(req->insn, &decoded, NULL) == SPAGM_OK) in = &decoded;
  int u = in ? (int)spagm_op_unit(in->op) : unit_of_word(req->insn);
  if (u < 0 || u >= SPAGM_UNIT_COUNT) return SPAGM_OK;
  seen s = {0};
  sample_rules(c, (unsigned)u, ex, &s);
  if (rsp->fault <= SPAGM_FAULT_VTX_OUT_OF_RANGE) hit1(c, fault_point[u], rsp->fault);
  if (!in) return SPAGM_OK;
  if (u == SPAGM_UNIT_ATTR) {
    sample_attr(c, m, in, rsp, &s);
    spagm__cov_sample_attr_bounds(c, m, in, req, rsp, ex);
  } else if (u == SPAGM_UNIT_PIX) {
    sample_pix(c, m, in, req, rsp);
    spagm__cov_sample_pix_bounds(c, m, in, req, rsp, ex);
  } else {
    sample_tex(c, m, in, rsp, &s);
    spagm__cov_sample_tex_bounds(c, m, in, rsp, ex);
  }
  return SPAGM_OK;
}

/* ---- Co-simulation only (N104) ----------------------------------------- */

spagm_status spagm_cov_sample_response(spagm_cov *c, spagm_unit u, bool overtaken,
                                       unsigned in_flight, bool reloaded) {
  static const cov_pt point[SPAGM_UNIT_COUNT] = {COV_ATTR_COSIM, COV_PIX_COSIM, COV_TEX_COSIM};
  if (!c || (unsigned)u >= SPAGM_UNIT_COUNT) return SPAGM_E_ARG;
  unsigned at[3] = {overtaken, in_flight >= 4 ? 2u : in_flight >= 2 ? 1u : 0u, reloaded};
  hit(c, point[u], at);
  return SPAGM_OK;
}

spagm_status spagm_cov_sample_unwritten(spagm_cov *c, spagm_unit u, const spagm_request *req,
                                        uint32_t unwritten) {
  if (!c || !req || (unsigned)u >= SPAGM_UNIT_COUNT) return SPAGM_E_ARG;
  /* N291: attribute and texture registers, bit k (word 4k) to its bin. */
  static const int8_t attr_bin[8] = {0, 1, 2, 3, 4, -1, 5, 6};
  static const int8_t tex_bin[8] = {0, 1, -1, 2, -1, 3, -1, -1};
  if (u != SPAGM_UNIT_PIX) {
    const int8_t *bin = u == SPAGM_UNIT_ATTR ? attr_bin : tex_bin;
    for (unsigned k = 0; k < 8; k++)
      if ((unwritten >> k & 1u) && bin[k] >= 0) {
        unsigned at[1] = {(unsigned)bin[k]};
        hit(c, u == SPAGM_UNIT_ATTR ? COV_ATTR_UNWRITTEN : COV_TEX_UNWRITTEN, at);
      }
    return SPAGM_OK;
  }
  spagm_insn in;
  if ( spagm_decode(req->insn, &in, NULL) != SPAGM_OK ||
      in.op != SPAGM_OP_PIXLD || (unsigned)in.pmode > SPAGM_PIX_MY_INDEX)
    return SPAGM_OK;
  for (unsigned f = 0; f < 4; f++)
    if (unwritten >> f & 1u) {
      unsigned at[2] = {f, (unsigned)in.pmode};
      hit(c, COV_PIX_UNWRITTEN, at);
    }
  return SPAGM_OK;
}

spagm_status spagm_cov_sample_load_corner(spagm_cov *c, spagm_unit u, unsigned corner) {
  if (!c || u != SPAGM_UNIT_PIX || corner >= SPAGM_COV_LOAD_CORNERS) return SPAGM_E_ARG;
  hit1(c, COV_PIX_LOAD_CORNER, corner);
  return SPAGM_OK;
}

spagm_status spagm_cov_sample_attr_corner(spagm_cov *c, unsigned corner) {
  if (!c || corner >= SPAGM_STIM_ATTR_CORNERS) return SPAGM_E_ARG;
  hit1(c, COV_ATTR_EPOCH_CORNER, corner);
  return SPAGM_OK;
}

spagm_status spagm_cov_sample_f16_input(spagm_cov *c, unsigned corner) {
  if (!c || corner >= SPAGM_STIM_F16_CORNERS) return SPAGM_E_ARG;
  hit1(c, COV_TEX_F16_INPUT, corner);
  return SPAGM_OK;
}

spagm_status spagm_cov_sample_tex_corner(spagm_cov *c, unsigned corner) {
  if (!c || corner >= SPAGM_STIM_TEX_CORNERS) return SPAGM_E_ARG;
  hit1(c, COV_TEX_STATE_CORNER, corner);
  return SPAGM_OK;
}

spagm_status spagm_cov_sample_illegal_write(spagm_cov *c, spagm_unit u, unsigned kind,
                                            bool after) {
  static const cov_pt point[SPAGM_UNIT_COUNT] = {COV_ATTR_ILLEGAL, COV_PIX_ILLEGAL,
                                                 COV_TEX_ILLEGAL};
  if (!c || (unsigned)u >= SPAGM_UNIT_COUNT || kind >= SPAGM_STIM_ILLEGAL_KINDS)
    return SPAGM_E_ARG;
  unsigned at[2] = {kind, after};
  hit(c, point[u], at);
  return SPAGM_OK;
}
