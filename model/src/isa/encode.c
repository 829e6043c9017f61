// SPDX-License-Identifier: Apache-2.0
/* spagm_encode: a spagm_insn to its SM50 word (DESIGN §7.1).
 *
 * Encode refuses exactly what decode would refuse, plus values that do not
 * fit their bits and values in fields the opcode does not have, so that a
 * word it produces always decodes back to the same instruction (N3). */
#include "isa/insn_layout.h"

/* Fields the opcode does not have must keep their spagm_insn_init values. */
static spagm_status check_unused(const spagm_insn *x, spagm_diag *d) {
  spagm_insn blank;
  spagm_insn_init(&blank, x->op);
  uint32_t used = spagm__op_fields(x->op);
  for (unsigned f = 0; f < SPAGM__FLD_COUNT; f++) {
    if (used >> f & 1u) continue;
    long v = spagm__field_value(x, (spagm__field)f);
    if (v != spagm__field_value(&blank, (spagm__field)f))
      return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                            "%s has no field %s (it holds %ld); leave it at its "
                            "spagm_insn_init value",
                            spagm_op_name(x->op), spagm__field_name((spagm__field)f), v);
  }
  return SPAGM_OK;
}

static spagm_status check_pred(const char *what, unsigned p, spagm_diag *d) {
  if (p > 7)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "%s = %u is not a predicate (P0..P6, PT = 7)", what, p);
  return SPAGM_OK;
}

/* R5: imm11 [30:20], unsigned 10-bit with Ra = RZ, signed 11-bit otherwise. */
static spagm_status put_imm11(const spagm_insn *x, uint64_t *w, spagm_diag *d) {
  if (x->ra == SPAGM_RZ) {
    if (x->imm < 0 || x->imm > 1023)
      return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                            "%s address %d with Ra = RZ is not an unsigned "
                            "10-bit immediate 0..1023 (R5)",
                            spagm_op_name(x->op), (int)x->imm);
  } else if (x->imm < -1024 || x->imm > 1023) {
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "%s address offset %d with Ra = R%u is not a signed "
                          "11-bit immediate -1024..1023 (R5)",
                          spagm_op_name(x->op), (int)x->imm, (unsigned)x->ra);
  }
  *w |= spagm__put((uint64_t)(uint32_t)x->imm, SPAGM__F_ADDR);
  return SPAGM_OK;
}

/* ALD/AST: .PHYS is derived from .P=0, Ra != RZ, imm = 0 (R5) and has no bit. */
static spagm_status check_phys(const spagm_insn *x, spagm_diag *d) {
  if (!x->patch && x->ra != SPAGM_RZ && x->imm != 0)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "%s with Ra = R%u and no .P needs immediate 0 (.PHYS, "
                          "R5), not %d",
                          spagm_op_name(x->op), (unsigned)x->ra, (int)x->imm);
  bool phys = !x->patch && x->ra != SPAGM_RZ;
  if (x->phys != phys)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "%s phys = %d contradicts its operands: .PHYS is "
                          "exactly .P=0 with Ra != RZ and imm 0 (R5)",
                          spagm_op_name(x->op), (int)x->phys);
  return SPAGM_OK;
}

static spagm_status check_asize(const spagm_insn *x, spagm_diag *d) {
  if ((unsigned)x->asize > SPAGM_ASZ_128)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "attribute size %u is not 0..3 (.32 .64 .96 .128)",
                          (unsigned)x->asize);
  return SPAGM_OK;
}

static spagm_status encode_ald(const spagm_insn *x, uint64_t *w, spagm_diag *d) {
  spagm_status s = check_asize(x, d);
  if (s == SPAGM_OK) s = check_phys(x, d);
  if (s == SPAGM_OK) s = put_imm11(x, w, d);
  if (s != SPAGM_OK) return s;
  *w |= spagm__put(SPAGM__OPC_ALD, SPAGM__F_OPC_ATTR) |
        spagm__put(x->asize, SPAGM__F_SIZE) | spagm__put(x->rb, SPAGM__F_VTX) |
        spagm__put(x->out, SPAGM__F_OUT) | spagm__put(x->patch, SPAGM__F_PATCH) |
        spagm__put(x->ra, SPAGM__F_RA) | spagm__put(x->rd, SPAGM__F_RD);
  return SPAGM_OK;
}

static spagm_status encode_ast(const spagm_insn *x, uint64_t *w, spagm_diag *d) {
  spagm_status s = check_asize(x, d);
  if (s == SPAGM_OK) s = check_phys(x, d);
  if (s == SPAGM_OK) s = put_imm11(x, w, d);
  if (s != SPAGM_OK) return s;
  *w |= spagm__put(SPAGM__OPC_AST, SPAGM__F_OPC_ATTR) |
        spagm__put(x->asize, SPAGM__F_SIZE) | spagm__put(x->rc, SPAGM__F_VTX) |
        spagm__put(x->out, SPAGM__F_OUT) | spagm__put(x->patch, SPAGM__F_PATCH) |
        spagm__put(x->ra, SPAGM__F_RA) |
        spagm__put(x->rb, SPAGM__F_RD); /* store data at [7:0] */
  return SPAGM_OK;
}

static spagm_status encode_al2p(const spagm_insn *x, uint64_t *w, spagm_diag *d) {
  spagm_status s = check_asize(x, d);
  if (s == SPAGM_OK) s = check_pred("AL2P pd", x->pd, d);
  if (s == SPAGM_OK) s = put_imm11(x, w, d);
  if (s != SPAGM_OK) return s;
  *w |= spagm__put(SPAGM__OPC_AL2P, SPAGM__F_OPC_ATTR) |
        spagm__put(x->asize, SPAGM__F_SIZE) | spagm__put(x->pd, SPAGM__F_AL2P_PD) |
        spagm__put(x->out, SPAGM__F_OUT) | spagm__put(x->ra, SPAGM__F_RA) |
        spagm__put(x->rd, SPAGM__F_RD);
  return SPAGM_OK;
}

static spagm_status encode_isberd(const spagm_insn *x, uint64_t *w, spagm_diag *d) {
  if ((unsigned)x->region > SPAGM_REGION_ATTR)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "ISBERD region %u is not 0..3 (MAP PATCH PRIM ATTR)",
                          (unsigned)x->region);
  if ((unsigned)x->isize > SPAGM_ISZ_B32)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "ISBERD size %u is not 0..2 (U8 U16 B32)",
                          (unsigned)x->isize);
  *w |= spagm__put(SPAGM__OPC_ISBERD, SPAGM__F_OPC_ATTR) |
        spagm__put(x->isize, SPAGM__F_SIZE) | spagm__put(x->region, SPAGM__F_REGION) |
        spagm__put(x->out, SPAGM__F_OUT) | spagm__put(x->skew, SPAGM__F_SKEW) |
        spagm__put(x->ra, SPAGM__F_RA) | spagm__put(x->rd, SPAGM__F_RD);
  return SPAGM_OK;
}

static spagm_status encode_pixld(const spagm_insn *x, uint64_t *w, spagm_diag *d) {
  if ((unsigned)x->pmode > SPAGM_PIX_MY_INDEX)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0, "PIXLD mode %u is not 0..5 (R16)",
                          (unsigned)x->pmode);
  spagm_status s = check_pred("PIXLD pd", x->pd, d);
  if (s != SPAGM_OK) return s;
  /* R13: imm8 unsigned without Ra, signed with Ra. */
  if (x->ra == SPAGM_RZ && (x->imm < 0 || x->imm > 255))
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "PIXLD sample index %d without Ra is not an unsigned "
                          "8-bit immediate 0..255 (R13)",
                          (int)x->imm);
  if (x->ra != SPAGM_RZ && (x->imm < -128 || x->imm > 127))
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "PIXLD offset %d with Ra = R%u is not a signed 8-bit "
                          "immediate -128..127 (R13)",
                          (int)x->imm, (unsigned)x->ra);
  *w |= spagm__put(SPAGM__OPC_PIXLD, SPAGM__F_OPC_PIXLD) |
        spagm__put(x->pd, SPAGM__F_PIX_PD) | spagm__put(x->pmode, SPAGM__F_PIX_MODE) |
        spagm__put((uint64_t)(uint32_t)x->imm, SPAGM__F_PIX_IMM) |
        spagm__put(x->ra, SPAGM__F_RA) | spagm__put(x->rd, SPAGM__F_RD);
  return SPAGM_OK;
}

static spagm_status encode_tlds(const spagm_insn *x, uint64_t *w, unsigned *dropped,
                                spagm_diag *d) {
  int row = spagm_tlds_encoding_of(x->param, x->lod, x->aoffi, x->ms);
  if (row < 0)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "TLDS paramA %u with lod %u, aoffi %d, ms %d is not in "
                          "the legal modifier table (TLDS.txt)",
                          (unsigned)x->param, (unsigned)x->lod, (int)x->aoffi,
                          (int)x->ms);
  if ((unsigned)row != x->tlds_encoding)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "TLDS tlds_encoding %u disagrees with paramA/lod/"
                          ".AOFFI/.MS, whose table row is %d",
                          (unsigned)x->tlds_encoding, row);
  if (x->tex_index > 8191)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "TLDS texture index %u does not fit #tsPtrIdxU13 (0..8191)",
                          (unsigned)x->tex_index);
  if (!spagm_tlds_wmsk_name(x->rd1 == SPAGM_RZ, x->wmsk))
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "TLDS wmsk %u is not in the %s table (R23)",
                          (unsigned)x->wmsk,
                          x->rd1 == SPAGM_RZ ? "2C (Rd1 = RZ: 0..7)"
                                             : "34C (Rd1 != RZ: 0..4)");
  if ((unsigned)x->phase > SPAGM_PHASE_P)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "TLDS phase %u is not 0..2 (none, .T, .P)",
                          (unsigned)x->phase);
  /* N2: the phase has no bit; report it as dropped. */
  if (x->phase != SPAGM_PHASE_NONE && dropped) *dropped |= SPAGM_DROPPED_PHASE;
  unsigned opc = x->f16 ? (SPAGM__OPC_TLDS & ~SPAGM__TLDS_F16_CLEARS) : SPAGM__OPC_TLDS;
  *w |= spagm__put(opc, SPAGM__F_OPC_TLDS) |
        spagm__put((unsigned)row, SPAGM__F_TLDS_TARGET) |
        spagm__put(x->wmsk, SPAGM__F_TLDS_WMSK) |
        spagm__put(x->nodep, SPAGM__F_TLDS_NODEP) |
        spagm__put(x->tex_index, SPAGM__F_TLDS_INDEX) |
        spagm__put(x->rd1, SPAGM__F_TLDS_RD1) | spagm__put(x->rb, SPAGM__F_TLDS_RB) |
        spagm__put(x->ra, SPAGM__F_RA) | spagm__put(x->rd, SPAGM__F_RD);
  return SPAGM_OK;
}

spagm_status spagm_encode(const spagm_insn *insn, uint64_t *word,
                          unsigned *dropped, spagm_diag *d) {
  if (!insn || !word)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "spagm_encode: insn or word is NULL");
  if (dropped) *dropped = 0;
  if (insn->op == SPAGM_OP_ISBEWR)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0,
                          "ISBEWR has no SM50 encoding: it exists in text form "
                          "only (DESIGN §7.1)");
  if (insn->op <= SPAGM_OP_NONE || insn->op >= SPAGM_OP_COUNT)
    return spagm_diag_set(d, SPAGM_E_ENCODE, 0, 0, "op %d is not an instruction",
                          (int)insn->op);
  spagm_status s = check_pred("guard pg", insn->pg, d);
  if (s == SPAGM_OK) s = check_unused(insn, d);
  if (s != SPAGM_OK) return s;
  uint64_t w = spagm__put(insn->pg, SPAGM__F_PG) | spagm__put(insn->pg_not, SPAGM__F_PG_NOT);
  switch (insn->op) {
    case SPAGM_OP_ALD: s = encode_ald(insn, &w, d); break;
    case SPAGM_OP_AST: s = encode_ast(insn, &w, d); break;
    case SPAGM_OP_AL2P: s = encode_al2p(insn, &w, d); break;
    case SPAGM_OP_ISBERD: s = encode_isberd(insn, &w, d); break;
    case SPAGM_OP_PIXLD: s = encode_pixld(insn, &w, d); break;
    case SPAGM_OP_TLDS: s = encode_tlds(insn, &w, dropped, d); break;
    default: s = SPAGM_E_ENCODE; break;
  }
  if (s == SPAGM_OK) *word = w;
  return s;
}
