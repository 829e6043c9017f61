// SPDX-License-Identifier: Apache-2.0
/* Bit layout of the SM50 instruction words (DESIGN §7.1), shared by the
 * decoder and the encoder so the two cannot disagree.
 *
 * Each field is a macro expanding to "hi, lo" so it reads like the table in
 * DESIGN §7.1: spagm__get(word, SPAGM__F_RD) is bits [7:0]. */
#ifndef SPAGM_INSN_LAYOUT_H
#define SPAGM_INSN_LAYOUT_H

#include <stdint.h>

#include "spagm/insn.h"

/* Bits [hi:lo] of w, right-aligned. */
static inline uint64_t spagm__get(uint64_t w, unsigned hi, unsigned lo) {
  unsigned width = hi - lo + 1u;
  uint64_t mask = width >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1u);
  return (w >> lo) & mask;
}

/* v placed at [hi:lo]; the caller checks that v fits. */
static inline uint64_t spagm__put(uint64_t v, unsigned hi, unsigned lo) {
  unsigned width = hi - lo + 1u;
  uint64_t mask = width >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1u);
  return (v & mask) << lo;
}

/* Every instruction. */
#define SPAGM__F_PG 18, 16
#define SPAGM__F_PG_NOT 19, 19
#define SPAGM__F_RD 7, 0
#define SPAGM__F_RA 15, 8

/* ALD / AST / AL2P / ISBERD. N1: the opcode is [63:49], bit 48 is the size MSB. */
#define SPAGM__F_OPC_ATTR 63, 49
#define SPAGM__OPC_ALD (0xEFD8u >> 1)
#define SPAGM__OPC_AST (0xEFF0u >> 1)
#define SPAGM__OPC_AL2P (0xEFA0u >> 1)
#define SPAGM__OPC_ISBERD (0xEFD0u >> 1)
#define SPAGM__F_ADDR 30, 20 /* imm11 (R5) */
#define SPAGM__F_PATCH 31, 31
#define SPAGM__F_OUT 32, 32
#define SPAGM__F_VTX 46, 39 /* ALD Rb, AST Rc */
#define SPAGM__F_SIZE 48, 47
#define SPAGM__F_AL2P_PD 46, 44
#define SPAGM__F_SKEW 31, 31
#define SPAGM__F_REGION 34, 33

/* PIXLD: opcode on all of [63:48] (N1). */
#define SPAGM__F_OPC_PIXLD 63, 48
#define SPAGM__OPC_PIXLD 0xEFE8u
#define SPAGM__F_PIX_IMM 27, 20
#define SPAGM__F_PIX_MODE 33, 31
#define SPAGM__F_PIX_PD 47, 45

/* TLDS: [63:57] = 0b1101101, bit 59 cleared for .F16. */
#define SPAGM__F_OPC_TLDS 63, 57
#define SPAGM__OPC_TLDS 0x6Du
#define SPAGM__TLDS_F16_CLEARS (1u << (59 - 57))
#define SPAGM__F_TLDS_RB 27, 20
#define SPAGM__F_TLDS_RD1 35, 28
#define SPAGM__F_TLDS_INDEX 48, 36
#define SPAGM__F_TLDS_NODEP 49, 49
#define SPAGM__F_TLDS_WMSK 52, 50
#define SPAGM__F_TLDS_TARGET 56, 53

/* One bit range. */
typedef struct spagm__range {
  uint8_t hi, lo;
} spagm__range;

/* Reserved ranges of op: bits no field or opcode uses, which must be 0 in a
 * legal word. Sets *n (0..2) and returns the list. */
const spagm__range *spagm__reserved_ranges(spagm_op op, unsigned *n);

/* Mask of every bit of op's word that a field or the opcode uses; together
 * with the reserved ranges it covers all 64 bits exactly once. */
uint64_t spagm__used_bits(spagm_op op);

/* ---- decoded-instruction fields (insn_fields.c) ---- */

/* The fields of spagm_insn that depend on the opcode. */
typedef enum spagm__field {
  SPAGM__FLD_RD,
  SPAGM__FLD_RD1,
  SPAGM__FLD_RA,
  SPAGM__FLD_RB,
  SPAGM__FLD_RC,
  SPAGM__FLD_PD,
  SPAGM__FLD_IMM,
  SPAGM__FLD_OUT,
  SPAGM__FLD_PATCH,
  SPAGM__FLD_PHYS,
  SPAGM__FLD_ASIZE,
  SPAGM__FLD_REGION,
  SPAGM__FLD_ISIZE,
  SPAGM__FLD_SKEW,
  SPAGM__FLD_PMODE,
  SPAGM__FLD_F16,
  SPAGM__FLD_LOD,
  SPAGM__FLD_AOFFI,
  SPAGM__FLD_MS,
  SPAGM__FLD_NODEP,
  SPAGM__FLD_PHASE,
  SPAGM__FLD_INDEX,
  SPAGM__FLD_PARAM,
  SPAGM__FLD_TENC,
  SPAGM__FLD_WMSK,
  SPAGM__FLD_COUNT
} spagm__field;

/* Bitmask (1u << field) of the fields op uses. */
uint32_t spagm__op_fields(spagm_op op);
/* Value of a field as a signed number, and its name in spagm_insn. */
long spagm__field_value(const spagm_insn *insn, spagm__field f);
const char *spagm__field_name(spagm__field f);

#endif
