// SPDX-License-Identifier: Apache-2.0
/* AST — attribute store (AST.txt), one warp-instruction.
 *
 * Forms (R5): a[#ImmU10] immediate, a[Ra + #ImmS11] with .P (patch), and
 * a[Ra] .PHYS with an AL2P result (R7). Targets: the output ISBE space of
 * a VS/TI/TS (through the output BMAP and the R1 layout, setting this
 * stage's write status), the patch region (.P, TI only, R11), or the GS
 * output buffer of each thread (GS, through Rc, R12). Every store that
 * takes effect is listed in the response's st_* fields. */
#include "core/model_internal.h"

/* Warp-wide legality (R5, R6, R8): 0 when legal, else the fault rule. */
static unsigned ast_illegal(const spagm_attr_config *c, const spagm_insn *insn,
                            int form, int32_t *arg) {
  *arg = (int32_t)c->stage;
  if (form < 0) {
    *arg = insn->ra;
    return SPAGM_RULE_ATTR_RA_IMM_ILLEGAL;
  }
  /* R8: AST in PS; AST.P outside TI. */
  if (c->stage == SPAGM_STAGE_PS) return SPAGM_RULE_ATTR_STAGE_ILLEGAL;
  if (insn->patch && c->stage != SPAGM_STAGE_TI)
    return SPAGM_RULE_AST_P_STAGE_ILLEGAL;
  /* R6: .PHYS is scalar. */
  if (form == 2 && insn->asize != SPAGM_ASZ_32) {
    *arg = (int32_t)spagm__asize_comps(insn->asize);
    return SPAGM_RULE_ATTR_PHYS_VECTOR_ILLEGAL;
  }
  return 0;
}

static void record_store(spagm_response *resp, unsigned comp, unsigned lane,
                         uint32_t addr, uint32_t data) {
  resp->st_mask[comp] |= 1u << lane;
  resp->st_addr[comp][lane] = addr;
  resp->st_data[comp][lane] = data;
}

/* .P: the output space's patch region, no OMAP (AST.txt), bounds R4. */
static void ast_patch_lane(spagm_attr_state *s, const spagm_insn *insn,
                           const spagm_request *req, spagm_response *resp,
                           unsigned lane, unsigned ncomp, spagm_explain *ex) {
  int64_t base = spagm__attr_align_addr(spagm__attr_base(insn, req, lane),
                                        insn->asize);
  int64_t limit = 4 * (int64_t)s->cfg.patch_words;
  for (unsigned i = 0; i < ncomp; i++) {
    int64_t a = base + 4 * (int64_t)i;
    if (a < 0 || a >= limit) {
      spagm_explain_set(ex, i, lane, SPAGM_RULE_AST_PATCH_OUT_OF_BOUNDS,
                        (int32_t)a, (int32_t)limit - 1, 0);
      continue;
    }
    /* Lanes run in increasing order, so the highest lane's value stays
     * (R11). TESSELLATION_LOD_* at 0x000..0x014 are ordinary words here. */
    spagm__store32(s->mem[SPAGM__OUT] + SPAGM_ISBE_PATCH_BASE + (uint32_t)a,
                   req->d[i][lane]);
    record_store(resp, i, lane, (uint32_t)a, req->d[i][lane]);
    spagm_explain_set(ex, i, lane, SPAGM_RULE_AST_PATCH_STORED, (int32_t)a, 0,
                      0);
  }
}

/* Logical attribute of component i: from the immediate address or, for
 * .PHYS, from the rank in the AL2P result. -1 when the store is discarded
 * (out of bounds R4, unmapped R7, BMAP 0). */
static int ast_attr(const spagm_attr_state *s, int form, int64_t addr,
                    uint32_t al2p, unsigned slot, unsigned lane,
                    spagm_explain *ex) {
  const spagm_attr_layout *l = &s->layout[SPAGM__OUT];
  if (form == 2) {
    uint32_t rank = (al2p >> 10) & 0xFFu;
    if ((al2p & SPAGM__AL2P_UNMAPPED) || rank >= l->n) {
      spagm_explain_set(ex, slot, lane, SPAGM_RULE_AST_PHYS_UNMAPPED,
                        (int32_t)al2p, 0, 0);
      return -1;
    }
    return l->attr_of_rank[rank];
  }
  if (addr < 0 || addr >= (int64_t)SPAGM_ATTR_BYTES) {
    /* AST.txt / R4: outside 0..1023 the store is silently discarded. */
    spagm_explain_set(ex, slot, lane, SPAGM_RULE_AST_OUT_OF_BOUNDS,
                      (int32_t)addr, 0, 0);
    return -1;
  }
  uint32_t attr = (uint32_t)addr / 4u;
  if (l->rank_of[attr] == SPAGM__NO_RANK) {
    /* AST.txt: output BMAP 0 -> silently discarded. */
    spagm_explain_set(ex, slot, lane, SPAGM_RULE_AST_BMAP0_DISCARD,
                      (int32_t)addr, 0, 0);
    return -1;
  }
  return (int)attr;
}

/* A lane the predicate guard turned off: explained, nothing stored. */
static void ast_inactive_lane(unsigned ncomp, unsigned lane,
                              spagm_explain *ex) {
  if (ex)
    for (unsigned i = 0; i < ncomp; i++)
      spagm_explain_set(ex, i, lane, SPAGM_RULE_LANE_INACTIVE, 0, 0, 0);
}

/* Where each store goes: patch region, GS output buffer or output ISBE. */
static uint8_t ast_space(int form, bool gs) {
  return (uint8_t)(form == 1 ? SPAGM_SPACE_PATCH
                   : gs      ? SPAGM_SPACE_GS_OUT
                             : SPAGM_SPACE_ISBE_OUT);
}

/* GS: R12: Rc[15:0] is the output vertex index in this thread's GS
 * buffer; an index >= MaxOutputVertexCount kills the store. */
static void ast_gs_lane(spagm_attr_state *s, int form, int64_t base,
                        uint32_t al2p, const spagm_request *req,
                        unsigned lane, unsigned ncomp, spagm_response *resp,
                        spagm_explain *ex) {
  const spagm_attr_config *c = &s->cfg;
  const spagm_attr_layout *l = &s->layout[SPAGM__OUT];
  uint32_t index = req->c[lane] & 0xFFFFu;
  for (unsigned i = 0; i < ncomp; i++) {
    if (index >= c->gs_max_vertices) {
      spagm_explain_set(ex, i, lane, SPAGM_RULE_AST_GS_KILLED, (int32_t)index,
                        (int32_t)c->gs_max_vertices, 0);
      continue;
    }
    int attr = ast_attr(s, form, base + 4 * (int64_t)i, al2p, i, lane, ex);
    if (attr < 0) continue;
    /* N26: vertex i, rank k is word i*N + k of the lane's buffer. */
    uint32_t word = index * l->n + l->rank_of[attr];
    if (word >= SPAGM_ATTR_GS_LANE_WORDS) {
      spagm_explain_set(ex, i, lane, SPAGM_RULE_AST_GS_FULL, (int32_t)word,
                        (int32_t)SPAGM_ATTR_GS_LANE_WORDS, 0);
      continue;
    }
    uint32_t a = lane * SPAGM_ATTR_GS_LANE_BYTES + word * 4u;
    spagm__store32(s->gs + a, req->d[i][lane]);
    record_store(resp, i, lane, a, req->d[i][lane]);
    spagm_explain_set(ex, i, lane, SPAGM_RULE_AST_GS_STORED, attr * 4,
                      (int32_t)index, (int32_t)a);
  }
}

/* VS/TI/TS write their own vertex: the implicit one (AST.txt: they do not
 * use Rc), through the output BMAP and the R1 layout. N25: out of range ->
 * discarded; returns true when the lane then traps (trap enabled). */
static bool ast_vertex_lane(spagm_attr_state *s, int form, int64_t base,
                            uint32_t al2p, const spagm_request *req,
                            unsigned lane, unsigned ncomp,
                            spagm_response *resp, spagm_explain *ex) {
  const spagm_attr_config *c = &s->cfg;
  const spagm_attr_layout *l = &s->layout[SPAGM__OUT];
  uint32_t vtx = req->vertex[lane];
  if (vtx >= c->vertex_count) {
    for (unsigned i = 0; i < ncomp; i++)
      spagm_explain_set(ex, i, lane, SPAGM_RULE_AST_VTX_OUT_OF_RANGE,
                        (int32_t)vtx, (int32_t)c->vertex_count, 0);
    return c->trap;
  }
  for (unsigned i = 0; i < ncomp; i++) {
    int attr = ast_attr(s, form, base + 4 * (int64_t)i, al2p, i, lane, ex);
    if (attr < 0) continue;
    uint32_t phys = SPAGM_ISBE_ATTR_BASE +
                    spagm__skew_offset(vtx, l->rank_of[attr], l->n);
    spagm__store32(s->mem[SPAGM__OUT] + phys, req->d[i][lane]);
    /* The current stage has now written this attribute (ALD.O table). */
    spagm__set_written(s, SPAGM__OUT, vtx, (uint32_t)attr, true);
    record_store(resp, i, lane, phys, req->d[i][lane]);
    spagm_explain_set(ex, i, lane, SPAGM_RULE_AST_STORED, attr * 4,
                      (int32_t)vtx, (int32_t)phys);
  }
  return false;
}

void spagm__ast_execute(spagm_attr_state *s, const spagm_insn *insn,
                        const spagm_request *req, spagm_response *resp,
                        spagm_explain *ex) {
  const spagm_attr_config *c = &s->cfg;
  int form = spagm__attr_form(insn);
  int32_t arg;
  unsigned bad = ast_illegal(c, insn, form, &arg);
  if (bad) {
    spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING, bad,
                      arg, insn->imm, 0);
    return;
  }
  const unsigned ncomp = spagm__asize_comps(insn->asize);
  const uint32_t lanes = req->lane_mask;
  const bool gs = c->stage == SPAGM_STAGE_GS && form != 1;
  resp->st_space = ast_space(form, gs);
  uint32_t trap_lanes = 0, first_handle = 0;

  if (ex)
    for (uint32_t left = ~lanes; left; left &= left - 1u)
      ast_inactive_lane(ncomp, spagm__lowest_lane(left), ex);
  for (uint32_t left = lanes; left; left &= left - 1u) {
    unsigned lane = spagm__lowest_lane(left);
    if (form == 1) {
      ast_patch_lane(s, insn, req, resp, lane, ncomp, ex);
      continue;
    }
    int64_t base = form == 2 ? 0
                             : spagm__attr_align_addr(
                                   spagm__attr_base(insn, req, lane),
                                   insn->asize);
    /* R10: .PHYS is .32, so its AL2P result loses bits [1:0]. */
    uint32_t al2p = req->a[0][lane] & ~3u;
    if (gs) {
      ast_gs_lane(s, form, base, al2p, req, lane, ncomp, resp, ex);
    } else if (ast_vertex_lane(s, form, base, al2p, req, lane, ncomp, resp,
                               ex)) {
      if (!trap_lanes) first_handle = req->vertex[lane];
      trap_lanes |= 1u << lane;
    }
  }
  if (!gs) spagm__attr_drop_overwritten(resp, ncomp, ex,
                                        SPAGM_RULE_AST_OVERWRITTEN);
  spagm__attr_report_vtx_trap(c, trap_lanes, first_handle, resp, ex);
}
