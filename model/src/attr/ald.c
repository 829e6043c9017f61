// SPDX-License-Identifier: Apache-2.0
/* ALD — attribute load (ALD.txt), one warp-instruction.
 *
 * Forms (R5): a[#ImmU10] immediate, a[Ra + #ImmS11] with .P (patch), and
 * a[Ra] .PHYS with Ra holding an AL2P result (R7). Each of the up to four
 * components of a vector load is evaluated on its own: bounds (R4), BMAP and
 * write status (the ALD.txt tables), defaults (R3), garbage and
 * HW-generated values (R2). */
#include "core/model_internal.h"

/* Where one component's value came from, for the response and the
 * explanation. */
typedef struct ald_value {
  uint32_t value;
  uint32_t dontcare;
} ald_value;

/* An out-of-range handle met by a lane while trapping is enabled (R9). */
typedef struct ald_trap {
  bool hit;
  uint32_t handle;
} ald_trap;

/* Warp-wide legality (R5, R6, R8): 0 when legal, else the fault rule. */
static unsigned ald_illegal(const spagm_attr_config *c, const spagm_insn *insn,
                            int form, int32_t *arg) {
  spagm_stage st = c->stage;
  *arg = (int32_t)st;
  if (form < 0) {
    *arg = insn->ra;
    return SPAGM_RULE_ATTR_RA_IMM_ILLEGAL;
  }
  /* R8: ALD in PS; ALD.O in GS or PS; ALD.P outside TI/TS; Rb in VS. */
  if (st == SPAGM_STAGE_PS) return SPAGM_RULE_ATTR_STAGE_ILLEGAL;
  if (insn->out && st == SPAGM_STAGE_GS) return SPAGM_RULE_ALD_O_STAGE_ILLEGAL;
  if (insn->patch && st != SPAGM_STAGE_TI && st != SPAGM_STAGE_TS)
    return SPAGM_RULE_ALD_P_STAGE_ILLEGAL;
  if ((st == SPAGM_STAGE_VSA || st == SPAGM_STAGE_VSB) &&
      insn->rb != SPAGM_RZ) {
    *arg = insn->rb;
    return SPAGM_RULE_ALD_VS_RB_ILLEGAL;
  }
  /* R6: .PHYS is scalar. */
  if (form == 2 && insn->asize != SPAGM_ASZ_32) {
    *arg = (int32_t)spagm__asize_comps(insn->asize);
    return SPAGM_RULE_ATTR_PHYS_VECTOR_ILLEGAL;
  }
  return 0;
}

/* One in-bounds logical attribute of one lane through the ALD.txt table of
 * space sp. handle is already range-checked. */
static ald_value ald_attr(const spagm_attr_state *s, int sp, uint32_t attr,
                          uint32_t handle, unsigned slot, unsigned lane,
                          spagm_explain *ex) {
  const spagm_attr_layout *l = &s->layout[sp];
  ald_value r = {0, 0};
  uint32_t addr = attr * 4u;
  uint16_t rank = l->rank_of[attr];
  if (rank == SPAGM__NO_RANK) {
    /* BMAP 0 -> default (R3). */
    r.value = s->cfg.defaults[attr];
    spagm_explain_set(ex, slot, lane,
                      sp == SPAGM__IN ? SPAGM_RULE_ALD_I_BMAP0_DEFAULT
                                      : SPAGM_RULE_ALD_O_BMAP0_DEFAULT,
                      (int32_t)addr, (int32_t)r.value, 0);
    return r;
  }
  uint32_t phys = spagm__skew_offset(handle, rank, l->n);
  r.value = spagm__load32(s->mem[sp] + SPAGM_ISBE_ATTR_BASE + phys);
  if (spagm__bit(s->written[sp][handle], attr)) {
    /* BMAP 1, written 1 -> output of the previous (.I) / current (.O)
     * stage. */
    spagm_explain_set(ex, slot, lane,
                      sp == SPAGM__IN ? SPAGM_RULE_ALD_I_PREV_OUTPUT
                                      : SPAGM_RULE_ALD_O_CUR_OUTPUT,
                      (int32_t)addr, (int32_t)handle, (int32_t)phys);
    return r;
  }
  if (sp == SPAGM__IN) {
    int hw = spagm_attr_hw_at(addr);
    if (hw >= 0) {
      /* R2: a HW-generated attribute the previous stage did not write. */
      r.value = hw == SPAGM_HW_PRIMITIVE_ID ? s->hw_prim[handle]
                                            : s->hw_vert[handle][hw];
      spagm_explain_set(ex, slot, lane, SPAGM_RULE_ALD_I_HW, (int32_t)addr,
                        (int32_t)handle, 0);
      return r;
    }
  }
  /* R2: garbage is the ISBE word as it is, marked don't-care. */
  r.dontcare = 0xFFFFFFFFu;
  spagm_explain_set(ex, slot, lane,
                    sp == SPAGM__IN ? SPAGM_RULE_ALD_I_GARBAGE
                                    : SPAGM_RULE_ALD_O_GARBAGE,
                    (int32_t)addr, (int32_t)handle, 0);
  return r;
}

/* A vertex-attribute component (immediate or .PHYS form) of one lane. */
static ald_value ald_vertex_comp(const spagm_attr_state *s, int sp,
                                 int64_t addr, uint32_t vtx, uint32_t prim,
                                 ald_trap *trap, unsigned slot, unsigned lane,
                                 spagm_explain *ex) {
  ald_value r = {0, 0};
  if (addr < 0 || addr >= (int64_t)SPAGM_ATTR_BYTES) {
    /* R4: outside 0..1023 reads 0, not the default. */
    spagm_explain_set(ex, slot, lane, SPAGM_RULE_ALD_OUT_OF_BOUNDS,
                      (int32_t)addr, 0, 0);
    return r;
  }
  uint32_t attr = (uint32_t)addr / 4u;
  /* ALD.txt: PRIMITIVE_ID uses the implicit primitive handle, not Rb. */
  bool is_prim = attr == 0x060u / 4u;
  uint32_t handle = is_prim ? prim : vtx;
  if (handle >= s->cfg.vertex_count) {
    /* R9: an out-of-range handle reads 0 (and traps when enabled). */
    if (s->cfg.trap && !trap->hit) {
      trap->hit = true;
      trap->handle = handle;
    }
    spagm_explain_set(ex, slot, lane,
                      is_prim ? SPAGM_RULE_ALD_PRIM_OUT_OF_RANGE
                              : SPAGM_RULE_ALD_VTX_OUT_OF_RANGE,
                      (int32_t)handle, (int32_t)s->cfg.vertex_count, 0);
    return r;
  }
  return ald_attr(s, sp, attr, handle, slot, lane, ex);
}

/* R10: write-back slot i is the aligned Rd + i; RZ writes nothing. */
static void ald_wb_slots(const spagm_insn *insn, unsigned ncomp,
                         uint32_t lanes, spagm_response *resp) {
  const unsigned rd = spagm__attr_align_reg(insn->rd, insn->asize);
  for (unsigned i = 0; i < ncomp; i++) {
    if (rd + i >= SPAGM_RZ) break;
    resp->wb_reg[i] = (uint8_t)(rd + i);
    resp->wb_valid[i] = lanes;
  }
}

/* A lane the predicate guard turned off: explained, nothing read. */
static void ald_inactive_lane(unsigned ncomp, unsigned lane,
                              spagm_explain *ex) {
  if (ex)
    for (unsigned i = 0; i < ncomp; i++)
      spagm_explain_set(ex, i, lane, SPAGM_RULE_LANE_INACTIVE, 0, 0, 0);
}

/* .P: patch space, Rb ignored, no BMAP and no default; bounds are
 * 4 * patch_words bytes (R4). */
static void ald_patch_lane(const spagm_attr_state *s, int sp,
                           const spagm_insn *insn, const spagm_request *req,
                           unsigned lane, unsigned ncomp,
                           spagm_response *resp, spagm_explain *ex) {
  int64_t base = spagm__attr_align_addr(spagm__attr_base(insn, req, lane),
                                        insn->asize);
  int64_t limit = 4 * (int64_t)s->cfg.patch_words;
  for (unsigned i = 0; i < ncomp; i++) {
    int64_t a = base + 4 * (int64_t)i;
    uint32_t v = 0;
    if (a >= 0 && a < limit) {
      v = spagm__load32(s->mem[sp] + SPAGM_ISBE_PATCH_BASE + (uint32_t)a);
      spagm_explain_set(ex, i, lane, SPAGM_RULE_ALD_PATCH, (int32_t)a, 0, 0);
    } else {
      spagm_explain_set(ex, i, lane, SPAGM_RULE_ALD_PATCH_OUT_OF_BOUNDS,
                        (int32_t)a, (int32_t)limit - 1, 0);
    }
    resp->wb_value[i][lane] = v;
  }
}

/* R8: a vertex stage uses its implicit vertex; GS/TI/TS use Rb, and Rb
 * = RZ means handle 0. */
static uint32_t ald_vertex_handle(bool vs, const spagm_insn *insn,
                                  const spagm_request *req, unsigned lane) {
  return vs ? req->vertex[lane]
            : (insn->rb == SPAGM_RZ ? 0u : req->b[0][lane]);
}

/* .PHYS (R7): the single component named by the AL2P result in Ra; bits
 * [17:10] are the physical attribute number. */
static void ald_phys_lane(const spagm_attr_state *s, int sp,
                          const spagm_request *req, unsigned lane,
                          uint32_t vtx, uint32_t prim, ald_trap *trap,
                          spagm_response *resp, spagm_explain *ex) {
  const spagm_attr_config *c = &s->cfg;
  uint32_t r = (uint32_t)spagm__attr_align_addr(req->a[0][lane],
                                                SPAGM_ASZ_32);
  uint32_t logical = r & 0x3FFu, rank = (r >> 10) & 0xFFu;
  ald_value v;
  if ((r & SPAGM__AL2P_UNMAPPED) || rank >= s->layout[sp].n) {
    /* R7: an unmapped result returns the default of its address, once
     * the handle is in range (R9 reads 0 first, as for BMAP 0). */
    uint32_t handle = logical / 4u == 0x060u / 4u ? prim : vtx;
    if (handle >= c->vertex_count) {
      v = ald_vertex_comp(s, sp, logical, vtx, prim, trap, 0, lane, ex);
    } else {
      v.value = c->defaults[logical / 4u];
      v.dontcare = 0;
      spagm_explain_set(ex, 0, lane, SPAGM_RULE_ALD_PHYS_UNMAPPED,
                        (int32_t)r, (int32_t)logical, (int32_t)v.value);
    }
  } else {
    uint32_t addr = s->layout[sp].attr_of_rank[rank] * 4u;
    v = ald_vertex_comp(s, sp, addr, vtx, prim, trap, 0, lane, ex);
  }
  resp->wb_value[0][lane] = v.value;
  resp->wb_dontcare[0][lane] = v.dontcare;
}

/* Immediate form: each component from its own address (R4). */
static void ald_imm_lane(const spagm_attr_state *s, int sp,
                         const spagm_insn *insn, const spagm_request *req,
                         unsigned lane, unsigned ncomp, uint32_t vtx,
                         uint32_t prim, ald_trap *trap, spagm_response *resp,
                         spagm_explain *ex) {
  int64_t base = spagm__attr_align_addr(spagm__attr_base(insn, req, lane),
                                        insn->asize);
  for (unsigned i = 0; i < ncomp; i++) {
    ald_value v = ald_vertex_comp(s, sp, base + 4 * (int64_t)i, vtx, prim,
                                  trap, i, lane, ex);
    resp->wb_value[i][lane] = v.value;
    resp->wb_dontcare[i][lane] = v.dontcare;
  }
}

void spagm__ald_execute(spagm_attr_state *s, const spagm_insn *insn,
                        const spagm_request *req, spagm_response *resp,
                        spagm_explain *ex) {
  const spagm_attr_config *c = &s->cfg;
  int form = spagm__attr_form(insn);
  int32_t arg;
  unsigned bad = ald_illegal(c, insn, form, &arg);
  if (bad) {
    spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING, bad,
                      arg, insn->imm, 0);
    return;
  }
  const unsigned ncomp = spagm__asize_comps(insn->asize);
  const int sp = insn->out ? SPAGM__OUT : SPAGM__IN;
  const bool vs = c->stage == SPAGM_STAGE_VSA || c->stage == SPAGM_STAGE_VSB;
  const uint32_t lanes = req->lane_mask;
  ald_wb_slots(insn, ncomp, lanes, resp);

  if (ex)
    for (uint32_t left = ~lanes; left; left &= left - 1u)
      ald_inactive_lane(ncomp, spagm__lowest_lane(left), ex);
  uint32_t trap_lanes = 0, first_handle = 0;
  for (uint32_t left = lanes; left; left &= left - 1u) {
    unsigned lane = spagm__lowest_lane(left);
    if (form == 1) {
      ald_patch_lane(s, sp, insn, req, lane, ncomp, resp, ex);
      continue;
    }
    ald_trap trap = {false, 0};
    uint32_t vtx = ald_vertex_handle(vs, insn, req, lane);
    uint32_t prim = req->primitive[lane];
    if (form == 2)
      ald_phys_lane(s, sp, req, lane, vtx, prim, &trap, resp, ex);
    else
      ald_imm_lane(s, sp, insn, req, lane, ncomp, vtx, prim, &trap, resp, ex);
    if (trap.hit) {
      if (!trap_lanes) first_handle = trap.handle;
      trap_lanes |= 1u << lane;
    }
  }
  spagm__attr_report_vtx_trap(c, trap_lanes, first_handle, resp, ex);
}
