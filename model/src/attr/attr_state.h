// SPDX-License-Identifier: Apache-2.0
/* Internal: attribute-unit state inside struct spagm_model (model_internal.h)
 * and the helpers shared by the unit's files. The public view of the same
 * state is spagm/attr.h. */
#ifndef SPAGM_ATTR_STATE_H
#define SPAGM_ATTR_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "spagm/attr.h"
#include "spagm/explain.h"
#include "spagm/insn.h"
#include "spagm/txn.h"

/* Index of an ISBE space in the state arrays. */
enum { SPAGM__IN = 0, SPAGM__OUT = 1 };

#define SPAGM__NO_RANK 0xFFFFu

/* The R1 layout of one space, derived from its BMAP whenever a map changes
 * (bmap.c), so a load or store finds its physical word with two lookups. */
typedef struct spagm_attr_layout {
  uint32_t bmap[SPAGM_ATTR_MAP_WORDS];
  uint16_t rank_of[SPAGM_ATTR_COUNT];     /* attribute -> rank, or NO_RANK */
  uint8_t attr_of_rank[SPAGM_ATTR_COUNT]; /* rank -> attribute (k < n) */
  uint32_t n;                             /* popcount of bmap */
} spagm_attr_layout;

typedef struct spagm_attr_state {
  spagm_attr_config cfg; /* everything spagm_attr_get_config returns */
  spagm_attr_layout layout[2]; /* [SPAGM__IN] input BMAP, [SPAGM__OUT] output */
  /* Own memory of each space (SPAGM_ISBE_SPACE_BYTES each); mem[] is what
   * accesses use: mem[OUT] == own[IN] while sharing is on. */
  uint8_t *own[2];
  uint8_t *mem[2];
  /* Write status per space, vertex and attribute (bit = address/4). */
  uint32_t written[2][SPAGM_ATTR_MAX_VERTICES][SPAGM_ATTR_MAP_WORDS];
  uint32_t hw_prim[SPAGM_ATTR_MAX_PRIMITIVES];           /* PRIMITIVE_ID */
  uint32_t hw_vert[SPAGM_ATTR_MAX_VERTICES][SPAGM_HW_COUNT]; /* others */
  uint8_t *gs; /* SPAGM_ATTR_GS_BYTES */
} spagm_attr_state;

/* --- bmap.c ------------------------------------------------------------- */
/* Recompute both BMAPs and their layouts from cfg (ALD.txt BMAP formulas). */
void spagm__attr_update_layouts(spagm_attr_state *s);
/* ST_REQ range as a map. */
void spagm__attr_streq_map(const spagm_attr_config *c,
                           uint32_t bits[SPAGM_ATTR_MAP_WORDS]);
static inline bool spagm__bit(const uint32_t *bits, unsigned i) {
  return (bits[i >> 5] >> (i & 31u)) & 1u;
}

/* --- isbe.c: memory addressing ------------------------------------------ */
/* R1 byte offset of (vertex, rank) in a space whose BMAP has n bits. */
static inline uint32_t spagm__skew_offset(uint32_t vertex, uint32_t rank,
                                          uint32_t n) {
  return (vertex / 32u) * (n * 128u) + rank * 128u + (vertex % 32u) * 4u;
}
static inline uint32_t spagm__load32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}
static inline void spagm__store32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}
/* Space index (SPAGM__IN/OUT) of an ISBE_IN/ISBE_OUT spagm_space, else -1. */
int spagm__attr_space_index(spagm_space space);
/* Memory and size behind a spagm_space, NULL for none. */
uint8_t *spagm__attr_space_mem(const spagm_attr_state *s, spagm_space space,
                               uint32_t *size);
/* Set / clear a write-status bit. */
static inline void spagm__set_written(spagm_attr_state *s, int sp,
                                      uint32_t vertex, uint32_t attr, bool on) {
  uint32_t *w = &s->written[sp][vertex][attr >> 5];
  uint32_t bit = 1u << (attr & 31u);
  *w = on ? (*w | bit) : (*w & ~bit);
}

/* --- attr_operands.c: what ALD and AST share ---------------------------- */
/* Components of a .32/.64/.96/.128 access. */
static inline unsigned spagm__asize_comps(spagm_asize sz) {
  return (unsigned)sz + 1u;
}
/* Address LSBs dropped by R10 / ALD.txt alignment: .32 2, .64 3, else 4.
 * Inline: every lane of ALD, AST and AL2P calls it. */
static inline int64_t spagm__attr_align_addr(int64_t addr, spagm_asize sz) {
  /* ALD.txt: .32 forces 2 LSBs to 0, .64 3 LSBs, .96/.128 4 LSBs. Rounding
   * down keeps a negative address negative, so it stays out of bounds (R4). */
  static const int64_t drop[4] = {3, 7, 15, 15};
  return addr - (addr & drop[sz & 3u]);
}
/* Register after R10 alignment (.64 drops bit 0, .96/.128 bits 1:0); RZ
 * stays RZ. */
unsigned spagm__attr_align_reg(unsigned reg, spagm_asize sz);
/* R9 (N25 for AST): the vertex-out-of-range trap on the faulting lanes, with
 * the first faulting lane, its handle and the vertex count explained; the
 * access itself still happens. Nothing when trap_lanes is 0. */
void spagm__attr_report_vtx_trap(const spagm_attr_config *c, uint32_t trap_lanes,
                                 uint32_t first_handle, spagm_response *resp,
                                 spagm_explain *ex);
/* R5/R7 address form of an ALD/AST/AL2P: 0 immediate, 1 indexed patch,
 * 2 .PHYS; -1 when the fields are inconsistent (Ra != RZ, no .P, imm != 0,
 * or insn->phys not matching the fields). */
int spagm__attr_form(const spagm_insn *insn);
/* Per-lane base address of an immediate or indexed-patch access:
 * (Ra when Ra != RZ, else 0) + imm, as a signed 64-bit value. */
static inline int64_t spagm__attr_base(const spagm_insn *insn,
                                       const spagm_request *req,
                                       unsigned lane) {
  int64_t base = insn->imm;
  if (insn->ra != SPAGM_RZ) base += (int32_t)req->a[0][lane];
  return base;
}
/* R7 AL2P result fields. */
#define SPAGM__AL2P_UNMAPPED 0x80000000u
static inline uint32_t spagm__al2p_pack(uint32_t addr, uint32_t rank,
                                        bool unmapped) {
  return (addr & 0x3FFu) | (unmapped ? SPAGM__AL2P_UNMAPPED
                                     : (rank & 0xFFu) << 10);
}

/* --- store_order.c ----------------------------------------------------- */
/* Within one instruction, a later (higher) lane's store to the same
 * address wins (R11 for patches, N28 elsewhere): remove the overwritten
 * stores from resp->st_mask so the response lists exactly the stores that
 * are visible afterwards. rule is the explanation for a dropped store. */
void spagm__attr_drop_overwritten(spagm_response *resp, unsigned ncomp,
                                  spagm_explain *ex, unsigned rule);

/* --- direct ISBE accesses (isbe_access.c) ------------------------------ */
/* Bytes of each ISBERD/ISBEWR access size (U8, U16, B32). */
extern const uint32_t spagm__isbe_access_bytes[3];
/* Warp-wide legality of the size and region encodings; true (and the warp
 * faulted) when illegal. */
bool spagm__isbe_illegal(const spagm_insn *insn, const spagm_request *req,
                         spagm_response *resp, spagm_explain *ex);
/* Byte address inside space sp of a region address, -1 outside the region. */
int64_t spagm__isbe_translate(const spagm_attr_state *s, int sp,
                              const spagm_insn *insn, uint32_t addr,
                              uint32_t bytes);
/* A lane's region address, aligned down to the access size. */
uint32_t spagm__isbe_lane_addr(const spagm_insn *insn, const spagm_request *req,
                               unsigned lane, uint32_t bytes);

/* --- per-instruction execution (ald.c, ast.c, al2p.c, isberd.c, isbewr.c) */
void spagm__ald_execute(spagm_attr_state *s, const spagm_insn *insn,
                        const spagm_request *req, spagm_response *resp,
                        spagm_explain *ex);
void spagm__ast_execute(spagm_attr_state *s, const spagm_insn *insn,
                        const spagm_request *req, spagm_response *resp,
                        spagm_explain *ex);
void spagm__al2p_execute(spagm_attr_state *s, const spagm_insn *insn,
                         const spagm_request *req, spagm_response *resp,
                         spagm_explain *ex);
void spagm__isberd_execute(spagm_attr_state *s, const spagm_insn *insn,
                           const spagm_request *req, spagm_response *resp,
                           spagm_explain *ex);
void spagm__isbewr_execute(spagm_attr_state *s, const spagm_insn *insn,
                           const spagm_request *req, spagm_response *resp,
                           spagm_explain *ex);

/* --- sph.c -------------------------------------------------------------- */
/* Parse headers into a copy of the configuration (attr.h
 * spagm_attr_load_sph); c is only written on success. */
spagm_status spagm__sph_parse(spagm_attr_config *c, spagm_stage stage,
                              const uint32_t *cur, const uint32_t *prev,
                              const uint32_t *next, spagm_diag *d);
/* Only OMAP_PREV from a previous header / IMAP_NEXT from a next header. */
spagm_status spagm__sph_parse_prev(spagm_attr_config *c, const uint32_t *prev,
                                   spagm_diag *d);
spagm_status spagm__sph_parse_next(spagm_attr_config *c, const uint32_t *next,
                                   spagm_diag *d);

/* --- attr_config.c ------------------------------------------------------ */
/* Check a whole configuration (attr.h spagm_attr_set_config). */
spagm_status spagm__attr_config_check(const spagm_attr_config *c,
                                      spagm_diag *d);
/* Install a checked configuration and rederive layouts and sharing. */
void spagm__attr_config_apply(spagm_attr_state *s, const spagm_attr_config *c);

#endif
