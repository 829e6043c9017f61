// SPDX-License-Identifier: Apache-2.0
/* spagm_decode: one SM50 word to a spagm_insn (DESIGN §7.1).
 *
 * Decode rejects what the word alone makes illegal (N3): an unknown opcode,
 * reserved bits set, field values with no meaning (ISBERD size 3, PIXLD mode
 * 6/7, a TLDS target or wmsk outside its table) and the R5 immediate rules.
 * What depends on machine state (stage rules R8, .PHYS with a vector size R6,
 * TLDS register packing R10) decodes and is refused at execution (N4). */
#include "isa/insn_layout.h"

static spagm_op opcode_of(uint64_t w) {
  uint64_t attr = spagm__get(w, SPAGM__F_OPC_ATTR);
  if (attr == SPAGM__OPC_ALD) return SPAGM_OP_ALD;
  if (attr == SPAGM__OPC_AST) return SPAGM_OP_AST;
  if (attr == SPAGM__OPC_AL2P) return SPAGM_OP_AL2P;
  if (attr == SPAGM__OPC_ISBERD) return SPAGM_OP_ISBERD;
  if (spagm__get(w, SPAGM__F_OPC_PIXLD) == SPAGM__OPC_PIXLD) return SPAGM_OP_PIXLD;
  uint64_t tex = spagm__get(w, SPAGM__F_OPC_TLDS);
  if (tex == SPAGM__OPC_TLDS || tex == (SPAGM__OPC_TLDS & ~SPAGM__TLDS_F16_CLEARS))
    return SPAGM_OP_TLDS;
  return SPAGM_OP_NONE;
}

static spagm_status check_reserved(uint64_t w, spagm_op op, spagm_diag *d) {
  unsigned n;
  const spagm__range *r = spagm__reserved_ranges(op, &n);
  for (unsigned i = 0; i < n; i++) {
    uint64_t v = spagm__get(w, r[i].hi, r[i].lo);
    if (v == 0) continue;
    if (r[i].hi == r[i].lo)
      return spagm_diag_set(d, SPAGM_E_DECODE, 0, 0,
                            "reserved bit [%u] of %s is set, must be 0 (N3)",
                            r[i].hi, spagm_op_name(op));
    return spagm_diag_set(d, SPAGM_E_DECODE, 0, 0,
                          "reserved bits [%u:%u] of %s are 0x%llx, must be 0 (N3)",
                          r[i].hi, r[i].lo, spagm_op_name(op),
                          (unsigned long long)v);
  }
  return SPAGM_OK;
}

/* R5: imm11 [30:20] is unsigned 10-bit when Ra is RZ (bit 30 must be 0) and
 * signed 11-bit when Ra is a register. */
static spagm_status decode_imm11(uint64_t w, spagm_insn *x, spagm_diag *d) {
  uint32_t raw = (uint32_t)spagm__get(w, SPAGM__F_ADDR);
  if (x->ra == SPAGM_RZ) {
    if (raw & 0x400u)
      return spagm_diag_set(
          d, SPAGM_E_DECODE, 0, 0,
          "%s address bit [30] is set with Ra = RZ: without Ra the address is "
          "an unsigned 10-bit immediate (R5), so [30:20] = 0x%x is illegal",
          spagm_op_name(x->op), raw);
    x->imm = (int32_t)raw;
  } else {
    x->imm = (raw & 0x400u) ? (int32_t)raw - 2048 : (int32_t)raw;
  }
  return SPAGM_OK;
}

/* ALD/AST: a register address without .P is .PHYS, whose immediate "has to
 * be zero" (ALD.txt, AST.txt); .PHYS is derived, never encoded (R5). */
static spagm_status derive_phys(spagm_insn *x, spagm_diag *d) {
  if (!x->patch && x->ra != SPAGM_RZ && x->imm != 0)
    return spagm_diag_set(
        d, SPAGM_E_DECODE, 0, 0,
        "%s with Ra = R%u, no .P and address immediate %d: a register address "
        "without .P is .PHYS, whose immediate must be 0 (%s.txt, R5)",
        spagm_op_name(x->op), (unsigned)x->ra, (int)x->imm, spagm_op_name(x->op));
  x->phys = !x->patch && x->ra != SPAGM_RZ;
  return SPAGM_OK;
}

static spagm_status decode_ald(uint64_t w, spagm_insn *x, spagm_diag *d) {
  x->rd = (uint8_t)spagm__get(w, SPAGM__F_RD);
  x->ra = (uint8_t)spagm__get(w, SPAGM__F_RA);
  x->patch = spagm__get(w, SPAGM__F_PATCH) != 0;
  x->out = spagm__get(w, SPAGM__F_OUT) != 0;
  x->rb = (uint8_t)spagm__get(w, SPAGM__F_VTX);
  x->asize = (spagm_asize)spagm__get(w, SPAGM__F_SIZE);
  spagm_status s = decode_imm11(w, x, d);
  return s != SPAGM_OK ? s : derive_phys(x, d);
}

static spagm_status decode_ast(uint64_t w, spagm_insn *x, spagm_diag *d) {
  x->rb = (uint8_t)spagm__get(w, SPAGM__F_RD); /* store data at [7:0] */
  x->ra = (uint8_t)spagm__get(w, SPAGM__F_RA);
  x->patch = spagm__get(w, SPAGM__F_PATCH) != 0;
  /* N340: [32] is .O, which every store implies (AST.txt: the output BMAP
   * decides every store), so it is kept for the text and changes nothing. */
  x->out = spagm__get(w, SPAGM__F_OUT) != 0;
  x->rc = (uint8_t)spagm__get(w, SPAGM__F_VTX);
  x->asize = (spagm_asize)spagm__get(w, SPAGM__F_SIZE);
  spagm_status s = decode_imm11(w, x, d);
  return s != SPAGM_OK ? s : derive_phys(x, d);
}

static spagm_status decode_al2p(uint64_t w, spagm_insn *x, spagm_diag *d) {
  x->rd = (uint8_t)spagm__get(w, SPAGM__F_RD);
  x->ra = (uint8_t)spagm__get(w, SPAGM__F_RA);
  x->out = spagm__get(w, SPAGM__F_OUT) != 0;
  x->pd = (uint8_t)spagm__get(w, SPAGM__F_AL2P_PD);
  x->asize = (spagm_asize)spagm__get(w, SPAGM__F_SIZE);
  return decode_imm11(w, x, d); /* same address field as ALD (N5) */
}

static spagm_status decode_isberd(uint64_t w, spagm_insn *x, spagm_diag *d) {
  x->rd = (uint8_t)spagm__get(w, SPAGM__F_RD);
  x->ra = (uint8_t)spagm__get(w, SPAGM__F_RA);
  x->skew = spagm__get(w, SPAGM__F_SKEW) != 0;
  x->out = spagm__get(w, SPAGM__F_OUT) != 0;
  x->region = (spagm_isbe_region)spagm__get(w, SPAGM__F_REGION);
  unsigned size = (unsigned)spagm__get(w, SPAGM__F_SIZE);
  if (size > SPAGM_ISZ_B32)
    return spagm_diag_set(d, SPAGM_E_DECODE, 0, 0,
                          "ISBERD size 3 at [48:47] is illegal (0 U8, 1 U16, 2 B32)");
  x->isize = (spagm_isbe_size)size;
  return SPAGM_OK;
}

static spagm_status decode_pixld(uint64_t w, spagm_insn *x, spagm_diag *d) {
  x->rd = (uint8_t)spagm__get(w, SPAGM__F_RD);
  x->ra = (uint8_t)spagm__get(w, SPAGM__F_RA);
  x->pd = (uint8_t)spagm__get(w, SPAGM__F_PIX_PD);
  unsigned mode = (unsigned)spagm__get(w, SPAGM__F_PIX_MODE);
  if (mode > SPAGM_PIX_MY_INDEX)
    return spagm_diag_set(d, SPAGM_E_DECODE, 0, 0,
                          "PIXLD mode %u at [33:31] is not a legal mode (R16: 0..5)",
                          mode);
  x->pmode = (spagm_pixld_mode)mode;
  /* R13: imm8 zero-extended without Ra, sign-extended with Ra. */
  uint32_t raw = (uint32_t)spagm__get(w, SPAGM__F_PIX_IMM);
  x->imm = (x->ra != SPAGM_RZ && (raw & 0x80u)) ? (int32_t)raw - 256 : (int32_t)raw;
  return SPAGM_OK;
}

static spagm_status decode_tlds(uint64_t w, spagm_insn *x, spagm_diag *d) {
  /* Bit 59 cleared means .F16 (DESIGN §7.1). */
  x->f16 = spagm__get(w, SPAGM__F_OPC_TLDS) != SPAGM__OPC_TLDS;
  x->rd = (uint8_t)spagm__get(w, SPAGM__F_RD);
  x->ra = (uint8_t)spagm__get(w, SPAGM__F_RA);
  x->rb = (uint8_t)spagm__get(w, SPAGM__F_TLDS_RB);
  x->rd1 = (uint8_t)spagm__get(w, SPAGM__F_TLDS_RD1);
  x->tex_index = (uint16_t)spagm__get(w, SPAGM__F_TLDS_INDEX);
  x->nodep = spagm__get(w, SPAGM__F_TLDS_NODEP) != 0;
  unsigned wmsk = (unsigned)spagm__get(w, SPAGM__F_TLDS_WMSK);
  unsigned target = (unsigned)spagm__get(w, SPAGM__F_TLDS_TARGET);
  if (!spagm_tlds_encoding_decode(target, &x->param, &x->lod, &x->aoffi, &x->ms))
    return spagm_diag_set(d, SPAGM_E_DECODE, 0, 0,
                          "TLDS target %u at [56:53] is not a row of the legal "
                          "modifier table (TLDS.txt: 0, 1, 2, 4, 5, 6, 7, 8, 12)",
                          target);
  x->tlds_encoding = (uint8_t)target;
  /* wmsk2C when Rd1 is RZ, wmsk34C otherwise (TLDS.txt, R23). */
  if (x->rd1 != SPAGM_RZ && wmsk > 4)
    return spagm_diag_set(d, SPAGM_E_DECODE, 0, 0,
                          "TLDS wmsk %u at [52:50] with Rd1 = R%u is not in the "
                          "34C table (0 RGB, 1 RGA, 2 RBA, 3 GBA, 4 RGBA; R23)",
                          wmsk, (unsigned)x->rd1);
  x->wmsk = (uint8_t)wmsk;
  return SPAGM_OK;
}

spagm_status spagm_decode(uint64_t word, spagm_insn *insn, spagm_diag *d) {
  if (!insn) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "spagm_decode: insn is NULL");
  spagm_op op = opcode_of(word);
  if (op == SPAGM_OP_NONE)
    return spagm_diag_set(
        d, SPAGM_E_DECODE, 0, 0,
        "unknown opcode: [63:48] = 0x%04x is none of ALD 0xEFD8, AST 0xEFF0, "
        "AL2P 0xEFA0, ISBERD 0xEFD0 (bit 48 aside, N1), PIXLD 0xEFE8, and "
        "[63:57] = 0x%02x is not TLDS (0x6D, or 0x69 with .F16)",
        (unsigned)spagm__get(word, 63, 48), (unsigned)spagm__get(word, 63, 57));
  spagm_status s = check_reserved(word, op, d);
  if (s != SPAGM_OK) return s;
  spagm_insn_init(insn, op);
  insn->pg = (uint8_t)spagm__get(word, SPAGM__F_PG);
  insn->pg_not = spagm__get(word, SPAGM__F_PG_NOT) != 0;
  switch (op) {
    case SPAGM_OP_ALD: return decode_ald(word, insn, d);
    case SPAGM_OP_AST: return decode_ast(word, insn, d);
    case SPAGM_OP_AL2P: return decode_al2p(word, insn, d);
    case SPAGM_OP_ISBERD: return decode_isberd(word, insn, d);
    case SPAGM_OP_PIXLD: return decode_pixld(word, insn, d);
    case SPAGM_OP_TLDS: return decode_tlds(word, insn, d);
    default: break;
  }
  return spagm_diag_set(d, SPAGM_E_DECODE, 0, 0, "unknown opcode");
}
