// SPDX-License-Identifier: Apache-2.0
/* ISBERD / ISBEWR — what the two direct accesses of an ISBE space
 * (ISBE-layout.txt) share: legality, region translation, lane address.
 * The read is isberd.c, the write isbewr.c.
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
#include "core/model_internal.h"

const uint32_t spagm__isbe_access_bytes[3] = {1u, 2u, 4u};

/* Warp-wide legality: the size and region encodings. */
bool spagm__isbe_illegal(const spagm_insn *insn, const spagm_request *req,
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
int64_t spagm__isbe_translate(const spagm_attr_state *s, int sp,
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

uint32_t spagm__isbe_lane_addr(const spagm_insn *insn, const spagm_request *req,
                          unsigned lane, uint32_t bytes) {
  uint32_t a = (uint32_t)insn->imm;
  if (insn->ra != SPAGM_RZ) a += req->a[0][lane];
  return a & ~(bytes - 1u);
}
