/* ISBERD / ISBEWR — direct reads and writes of an ISBE space
 * (ISBE-layout.txt), one warp-instruction each.
 *
 * Ra (+ the immediate, 0 in SM50 words) is a byte address inside the
 * region named by the instruction, in the input space or, with .O, the
 * output space (N29):
 *   - MAP, PATCH, PRIM: a plain byte offset into the region (the patch
 *     region is 4 * patch_words bytes, R4); .SKEW changes nothing.
 *   - ATTR with .SKEW: the physical offset, i.e. the address already is in
 *     the R1 SKEW layout ("memory lines" of 32 vertices of one attribute).
 *   - ATTR without .SKEW: a vertex-major view, vertex v's N attributes
 *     (N = popcount of the space's BMAP) at v*4N .. v*4N + 4N-1, translated
 *     to the R1 offset of (v, rank).
 * The access is U8, U16 (zero-extended on read) or B32; the address loses
 * its low bits to the access size (as R10 does for ALD). Outside the
 * region a read returns 0 and a write is discarded. */
#include "model_internal.h"

static const uint32_t access_bytes[3] = {1u, 2u, 4u};

/* Warp-wide legality: the size and region encodings. */
static bool isbe_illegal(const spagm_insn *insn, const spagm_request *req,
                         spagm_response *resp, spagm_explain *ex) {
  if ((unsigned)insn->isize > SPAGM_ISZ_B32) {
    spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING,
                      SPAGM_RULE_ISBE_SIZE_ILLEGAL, (int32_t)insn->isize, 0,
                      0);
    return true;
  }
  if ((unsigned)insn->region > SPAGM_REGION_ATTR) {
    spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING,
                      SPAGM_RULE_ISBE_REGION_ILLEGAL, (int32_t)insn->region,
                      0, 0);
    return true;
  }
  return false;
}

/* Byte address inside the space for a region address, or -1 when the
 * access falls outside the region. */
static int64_t isbe_translate(const spagm_attr_state *s, int sp,
                              const spagm_insn *insn, uint32_t addr,
                              uint32_t bytes) {
  uint32_t size = insn->region == SPAGM_REGION_PATCH
                      ? 4u * s->cfg.patch_words
                      : spagm_isbe_region_size(insn->region);
  uint32_t base = spagm_isbe_region_base(insn->region);
  if (insn->region != SPAGM_REGION_ATTR || insn->skew) {
    if ((uint64_t)addr + bytes > size) return -1;
    return (int64_t)base + addr;
  }
  /* ATTR without .SKEW: vertex-major addresses onto the R1 layout. */
  uint32_t n = s->layout[sp].n;
  if (n == 0) return -1;
  uint32_t stride = 4u * n;
  uint32_t v = addr / stride, rank = (addr % stride) / 4u, byte = addr % 4u;
  if (v >= SPAGM_ATTR_MAX_VERTICES) return -1;
  return (int64_t)base + spagm__skew_offset(v, rank, n) + byte;
}

static uint32_t lane_addr(const spagm_insn *insn, const spagm_request *req,
                          unsigned lane, uint32_t bytes) {
  uint32_t a = (uint32_t)insn->imm;
  if (insn->ra != SPAGM_RZ) a += req->a[0][lane];
  return a & ~(bytes - 1u);
}

void spagm__isberd_execute(spagm_attr_state *s, const spagm_insn *insn,
                           const spagm_request *req, spagm_response *resp,
                           spagm_explain *ex) {
  if (isbe_illegal(insn, req, resp, ex)) return;
  const int sp = insn->out ? SPAGM__OUT : SPAGM__IN;
  const uint32_t bytes = access_bytes[insn->isize];
  const uint32_t lanes = req->lane_mask;
  if (insn->rd != SPAGM_RZ) {
    resp->wb_reg[0] = insn->rd;
    resp->wb_valid[0] = lanes;
  }
  for (unsigned lane = 0; lane < SPAGM_LANES; lane++) {
    if (!(lanes >> lane & 1u)) {
      spagm_explain_set(ex, 0, lane, SPAGM_RULE_LANE_INACTIVE, 0, 0, 0);
      continue;
    }
    uint32_t a = lane_addr(insn, req, lane, bytes);
    int64_t p = isbe_translate(s, sp, insn, a, bytes);
    uint32_t v = 0;
    if (p < 0) {
      spagm_explain_set(ex, 0, lane, SPAGM_RULE_ISBERD_OUT_OF_RANGE,
                        (int32_t)a, 0, 0);
    } else {
      const uint8_t *q = s->mem[sp] + p;
      for (uint32_t b = 0; b < bytes; b++) v |= (uint32_t)q[b] << (8u * b);
      spagm_explain_set(ex, 0, lane, SPAGM_RULE_ISBERD_READ, (int32_t)a,
                        (int32_t)p, 0);
    }
    resp->wb_value[0][lane] = v;
  }
}

/* The vertex and attribute whose word a physical attribute-region offset
 * belongs to, so ISBEWR can set its write status; false when the offset is
 * past every vertex. */
static bool attr_of_phys(const spagm_attr_layout *l, uint32_t off,
                         uint32_t *vertex, uint32_t *attr) {
  if (l->n == 0) return false;
  uint32_t line = l->n * 128u;
  uint32_t v = (off / line) * 32u + (off % 128u) / 4u;
  if (v >= SPAGM_ATTR_MAX_VERTICES) return false;
  *vertex = v;
  *attr = l->attr_of_rank[(off % line) / 128u];
  return true;
}

void spagm__isbewr_execute(spagm_attr_state *s, const spagm_insn *insn,
                           const spagm_request *req, spagm_response *resp,
                           spagm_explain *ex) {
  if (isbe_illegal(insn, req, resp, ex)) return;
  const int sp = insn->out ? SPAGM__OUT : SPAGM__IN;
  const uint32_t bytes = access_bytes[insn->isize];
  const uint32_t lanes = req->lane_mask;
  const uint32_t keep = bytes == 4u ? 0xFFFFFFFFu : (1u << (8u * bytes)) - 1u;
  resp->st_space =
      (uint8_t)(insn->out ? SPAGM_SPACE_ISBE_OUT : SPAGM_SPACE_ISBE_IN);
  for (unsigned lane = 0; lane < SPAGM_LANES; lane++) {
    if (!(lanes >> lane & 1u)) {
      spagm_explain_set(ex, 0, lane, SPAGM_RULE_LANE_INACTIVE, 0, 0, 0);
      continue;
    }
    uint32_t a = lane_addr(insn, req, lane, bytes);
    int64_t p = isbe_translate(s, sp, insn, a, bytes);
    if (p < 0) {
      spagm_explain_set(ex, 0, lane, SPAGM_RULE_ISBEWR_OUT_OF_RANGE,
                        (int32_t)a, 0, 0);
      continue;
    }
    /* Data is the data register Rb (regfile.h: d[0] for ISBEWR). */
    uint32_t data = req->d[0][lane] & keep;
    uint8_t *q = s->mem[sp] + p;
    for (uint32_t b = 0; b < bytes; b++) q[b] = (uint8_t)(data >> (8u * b));
    uint32_t vtx, attr;
    if (insn->region == SPAGM_REGION_ATTR &&
        attr_of_phys(&s->layout[sp], (uint32_t)p - SPAGM_ISBE_ATTR_BASE, &vtx,
                     &attr))
      spagm__set_written(s, sp, vtx, attr, true); /* N29 */
    resp->st_mask[0] |= 1u << lane;
    resp->st_addr[0][lane] = (uint32_t)p;
    resp->st_data[0][lane] = data;
    spagm_explain_set(ex, 0, lane, SPAGM_RULE_ISBEWR_WRITTEN, (int32_t)a,
                      (int32_t)p, 0);
  }
  spagm__attr_drop_overwritten(resp, 1, ex, SPAGM_RULE_ISBEWR_OVERWRITTEN);
}
