// SPDX-License-Identifier: Apache-2.0
/* Operands and modifiers of TLDS (TLDS.txt):
 *   TLDS{.F16}.LZ|.LL{.AOFFI}{.MS}{.NODEP}{.T|.P} Rd1, Rd0, Ra{, Rb},
 *        #tsPtrIdxU13, #paramA{, #wmsk}
 * The assembler enforces the legal modifier table, the wmsk table chosen by
 * Rd1 (R23) and the register rules of TLDS.txt that R10 makes
 * ILLEGAL_INSTR_ENCODING at execution (N4). Text details: N17. */
#include <stdio.h>

#include "isa/asm_internal.h"

enum { G_F16, G_LOD, G_AOFFI, G_MS, G_NODEP, G_PHASE };

static const spagm__mod tlds_mods[] = {
    {"F16", G_F16, 1},     {"LZ", G_LOD, SPAGM_LOD_LZ}, {"LL", G_LOD, SPAGM_LOD_LL},
    {"AOFFI", G_AOFFI, 1}, {"MS", G_MS, 1},             {"NODEP", G_NODEP, 1},
    {"T", G_PHASE, SPAGM_PHASE_T}, {"P", G_PHASE, SPAGM_PHASE_P},
};

static const struct {
  const char *name;
  spagm_tex_param param;
} params[] = {
    {"1D", SPAGM_PARAM_1D},
    {"2D", SPAGM_PARAM_2D},
    {"3D", SPAGM_PARAM_3D},
    {"ARRAY_2D", SPAGM_PARAM_ARRAY_2D},
};
/* TLDS.txt lists these paramA specifiers as RESERVED for TLDS. */
static const char *const reserved_params[] = {"CUBE", "ARRAY_1D", "ARRAY_3D",
                                              "ARRAY_CUBE"};

/* What each legal row packs into Ra and Rb (TLDS.txt legal modifier table). */
static void row_packing(unsigned row, const char **ra, const char **rb) {
  switch (row) {
    case 0: *ra = "s"; *rb = "nothing"; return;
    case 1: *ra = "s"; *rb = "lod"; return;
    case 2: *ra = "s"; *rb = "t"; return;
    case 4: *ra = "s,t"; *rb = "aoffi"; return;
    case 5: *ra = "s,t"; *rb = "lod"; return;
    case 6: *ra = "s,t"; *rb = "ms"; return;
    case 7: *ra = "s,t"; *rb = "r"; return;
    case 8: *ra = "array"; *rb = "s,t"; return;
    case 12: *ra = "s,t"; *rb = "lod,aoffi"; return;
    default: *ra = *rb = "?"; return;
  }
}

static spagm_status parse_param(spagm__asm *ctx, spagm_insn *insn, spagm__tok *at) {
  char b[64];
  spagm__tok t = spagm__lex_next(&ctx->lx);
  if (spagm__tok_punct(t, '#')) t = spagm__lex_next(&ctx->lx);
  *at = t;
  for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
    if (spagm__tok_word(t, params[i].name)) {
      insn->param = params[i].param;
      return SPAGM_OK;
    }
  }
  for (size_t i = 0; i < sizeof reserved_params / sizeof reserved_params[0]; i++)
    if (spagm__tok_word(t, reserved_params[i]))
      return spagm__asm_err(ctx, t, SPAGM_E_SEMANTIC,
                            "paramA %s is RESERVED for TLDS (TLDS.txt); use 1D, "
                            "2D, 3D or ARRAY_2D",
                            reserved_params[i]);
  return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                        "expected #paramA (1D, 2D, 3D or ARRAY_2D), got %s",
                        spagm__tok_describe(t, b, sizeof b));
}

/* wmsk by name in both tables; *is34 tells which one it came from. */
static spagm_status parse_wmsk(spagm__asm *ctx, unsigned *wmsk, bool *is34,
                               spagm__tok *at) {
  char b[64];
  spagm__tok t = spagm__lex_next(&ctx->lx);
  *at = t;
  for (unsigned table = 0; table < 2; table++) {
    for (unsigned v = 0; v < 8; v++) {
      const char *name = spagm_tlds_wmsk_name(table == 0, v);
      if (name && spagm__tok_word(t, name)) {
        *wmsk = v;
        *is34 = table == 1;
        return SPAGM_OK;
      }
    }
  }
  return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                        "expected a write mask (R, G, B, A, RG, RA, GA, BA, or "
                        "with Rd1 RGB, RGA, RBA, GBA, RGBA), got %s",
                        spagm__tok_describe(t, b, sizeof b));
}

/* TLDS.txt legal modifier table, with a hint saying what would be legal. */
static spagm_status check_row(spagm__asm *ctx, spagm_insn *insn) {
  int row = spagm_tlds_encoding_of(insn->param, insn->lod, insn->aoffi, insn->ms);
  if (row >= 0) {
    insn->tlds_encoding = (uint8_t)row;
    return SPAGM_OK;
  }
  const char *hint;
  spagm__tok at;
  if (insn->ms) {
    hint = ".MS needs .LZ and 2D, without .AOFFI";
    at = ctx->ms.at[G_MS];
  } else if (insn->aoffi) {
    hint = ".AOFFI needs 2D (with .LZ or .LL)";
    at = ctx->ms.at[G_AOFFI];
  } else {
    hint = ".LL exists only for 1D and 2D; 3D and ARRAY_2D take .LZ";
    at = ctx->ms.at[G_LOD];
  }
  return spagm__asm_err(ctx, at, SPAGM_E_SEMANTIC,
                        "TLDS%s%s%s with paramA %s is not in the legal modifier "
                        "table (TLDS.txt); %s",
                        insn->lod == SPAGM_LOD_LL ? ".LL" : ".LZ",
                        insn->aoffi ? ".AOFFI" : "", insn->ms ? ".MS" : "",
                        params[insn->param].name, hint);
}

/* R10 / TLDS.txt register rules for the sources. */
static spagm_status check_sources(spagm__asm *ctx, const spagm_insn *insn,
                                  spagm__tok ra_at, spagm__tok rb_at) {
  unsigned row = insn->tlds_encoding;
  const char *pa, *pb;
  row_packing(row, &pa, &pb);
  const char *p = params[insn->param].name;
  unsigned na = spagm_tlds_src_count(row, 0), nb = spagm_tlds_src_count(row, 1);
  if (insn->ra == SPAGM_RZ)
    return spagm__asm_err(ctx, ra_at, SPAGM_E_SEMANTIC,
                          "TLDS %s row %u packs %s in Ra, so Ra must not be RZ "
                          "(TLDS.txt, R10)", p, row, pa);
  if (na == 2 && insn->ra % 2 != 0)
    return spagm__asm_err(ctx, ra_at, SPAGM_E_SEMANTIC,
                          "Ra = R%u carries two values (%s) and must be an even "
                          "register (TLDS.txt alignment, R10)",
                          (unsigned)insn->ra, pa);
  if (nb == 0 && insn->rb != SPAGM_RZ)
    return spagm__asm_err(ctx, rb_at, SPAGM_E_SEMANTIC,
                          "TLDS %s row %u packs nothing in Rb: Rb must be RZ or "
                          "left out (TLDS.txt, R10)", p, row);
  if (nb > 0 && insn->rb == SPAGM_RZ)
    return spagm__asm_err(ctx, rb_at, SPAGM_E_SEMANTIC,
                          "TLDS %s row %u packs %s in Rb, so Rb is required and "
                          "must not be RZ (TLDS.txt, R10)", p, row, pb);
  if (nb == 2 && insn->rb % 2 != 0)
    return spagm__asm_err(ctx, rb_at, SPAGM_E_SEMANTIC,
                          "Rb = R%u carries two values (%s) and must be an even "
                          "register (TLDS.txt alignment, R10)",
                          (unsigned)insn->rb, pb);
  return SPAGM_OK;
}

/* TLDS.txt: Rd0/Rd1 aligned to the number of registers written (R10). */
static spagm_status check_dests(spagm__asm *ctx, const spagm_insn *insn,
                                spagm__tok rd1_at, spagm__tok rd0_at) {
  bool rz1 = insn->rd1 == SPAGM_RZ;
  uint8_t regs[2] = {insn->rd, insn->rd1};
  spagm__tok ats[2] = {rd0_at, rd1_at};
  for (unsigned i = 0; i < 2; i++) {
    unsigned n = spagm_tlds_dst_count(insn->f16, rz1, insn->wmsk, i);
    if (n == 2 && regs[i] != SPAGM_RZ && regs[i] % 2 != 0)
      return spagm__asm_err(ctx, ats[i], SPAGM_E_SEMANTIC,
                            "Rd%u = R%u receives two registers with write mask "
                            "%s and must be an even register (TLDS.txt "
                            "alignment, R10)",
                            i, (unsigned)regs[i],
                            spagm_tlds_wmsk_name(rz1, insn->wmsk));
  }
  return SPAGM_OK;
}

/* Modifiers: the legal set, a LOD modifier required (TLDS.txt). */
static spagm_status tlds_modifiers(spagm__asm *ctx, spagm_insn *insn) {
  spagm_status s = spagm__asm_mods(ctx, "TLDS", tlds_mods,
                                   sizeof tlds_mods / sizeof tlds_mods[0]);
  if (s != SPAGM_OK) return s;
  if (ctx->ms.value[G_LOD] < 0)
    return spagm__asm_err(ctx, ctx->mnem, SPAGM_E_SYNTAX,
                          "TLDS needs a LOD modifier: .LZ (level zero) or .LL "
                          "(level in a register)");
  insn->f16 = ctx->ms.value[G_F16] == 1;
  insn->lod = (spagm_tex_lod)ctx->ms.value[G_LOD];
  insn->aoffi = ctx->ms.value[G_AOFFI] == 1;
  insn->ms = ctx->ms.value[G_MS] == 1;
  insn->nodep = ctx->ms.value[G_NODEP] == 1;
  insn->phase = ctx->ms.value[G_PHASE] >= 0 ? (spagm_tex_phase)ctx->ms.value[G_PHASE]
                                            : SPAGM_PHASE_NONE;
  return SPAGM_OK;
}

/* Register operands Rd1, Rd0, Ra{, Rb} and the comma after them; *rb_at is
 * where Rb is or would be. */
static spagm_status tlds_registers(spagm__asm *ctx, spagm_insn *insn,
                                   spagm__tok *rd1_at, spagm__tok *rd0_at,
                                   spagm__tok *ra_at, spagm__tok *rb_at) {
  spagm_status s = spagm__asm_reg(ctx, "Rd1", &insn->rd1, rd1_at);
  if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "Rd0");
  if (s == SPAGM_OK) s = spagm__asm_reg(ctx, "Rd0", &insn->rd, rd0_at);
  if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "Ra");
  if (s == SPAGM_OK) s = spagm__asm_reg(ctx, "the coordinate register Ra", &insn->ra, ra_at);
  if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "Rb or the texture index");
  if (s != SPAGM_OK) return s;
  *rb_at = spagm__lex_peek(&ctx->lx);
  if (spagm__reg_of(*rb_at) != -1) {
    s = spagm__asm_reg(ctx, "Rb", &insn->rb, rb_at);
    if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "the texture index #tsPtrIdxU13");
  }
  return s;
}

/* #tsPtrIdxU13: the texture header index. */
static spagm_status tlds_tex_index(spagm__asm *ctx, spagm_insn *insn) {
  int64_t idx;
  spagm__tok idx_at;
  spagm_status s = spagm__asm_int(ctx, "the texture index #tsPtrIdxU13", &idx, &idx_at);
  if (s != SPAGM_OK) return s;
  if (idx < 0 || idx > 8191)
    return spagm__asm_err(ctx, idx_at, SPAGM_E_SEMANTIC,
                          "texture index %lld does not fit #tsPtrIdxU13 (0..8191)",
                          (long long)idx);
  insn->tex_index = (uint16_t)idx;
  return SPAGM_OK;
}

/* The optional #wmsk, from the table Rd1 chooses. */
static spagm_status tlds_write_mask(spagm__asm *ctx, spagm_insn *insn) {
  bool rz1 = insn->rd1 == SPAGM_RZ;
  if (spagm__tok_punct(spagm__lex_peek(&ctx->lx), ',')) {
    spagm__lex_next(&ctx->lx);
    unsigned w = 0;
    bool is34 = false;
    spagm__tok wmsk_at;
    spagm_status s = parse_wmsk(ctx, &w, &is34, &wmsk_at);
    if (s != SPAGM_OK) return s;
    /* TLDS.txt / R23: wmsk2C with Rd1 = RZ, wmsk34C with Rd1 != RZ. */
    if (rz1 && is34)
      return spagm__asm_err(ctx, wmsk_at, SPAGM_E_SEMANTIC,
                            "write mask %s writes 3 or 4 components and needs a "
                            "non-RZ Rd1 (34C table); with Rd1 = RZ use R, G, B, "
                            "A, RG, RA, GA or BA",
                            spagm_tlds_wmsk_name(false, w));
    if (!rz1 && !is34)
      return spagm__asm_err(ctx, wmsk_at, SPAGM_E_SEMANTIC,
                            "write mask %s writes 1 or 2 components and needs "
                            "Rd1 = RZ (2C table); with Rd1 = R%u use RGB, RGA, "
                            "RBA, GBA or RGBA",
                            spagm_tlds_wmsk_name(true, w), (unsigned)insn->rd1);
    insn->wmsk = (uint8_t)w;
  } else if (rz1) {
    return spagm__asm_err(ctx, spagm__lex_peek(&ctx->lx), SPAGM_E_SEMANTIC,
                          "TLDS with Rd1 = RZ needs a 2-component write mask "
                          "#wmskU2C (R, G, B, A, RG, RA, GA or BA)");
  } else {
    insn->wmsk = 4; /* TLDS.txt: RGBA* is the default of wmsk34C (R23: 4) */
  }
  return SPAGM_OK;
}

spagm_status spagm__asm_tlds(spagm__asm *ctx, spagm_insn *insn) {
  spagm__tok rd1_at, rd0_at, ra_at, rb_at, param_at;
  spagm_status s = tlds_modifiers(ctx, insn);
  if (s == SPAGM_OK) s = tlds_registers(ctx, insn, &rd1_at, &rd0_at, &ra_at, &rb_at);
  if (s == SPAGM_OK) s = tlds_tex_index(ctx, insn);
  if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "#paramA");
  if (s == SPAGM_OK) s = parse_param(ctx, insn, &param_at);
  if (s == SPAGM_OK) s = check_row(ctx, insn);
  if (s == SPAGM_OK) s = tlds_write_mask(ctx, insn);
  if (s == SPAGM_OK) s = check_sources(ctx, insn, ra_at, rb_at);
  if (s == SPAGM_OK) s = check_dests(ctx, insn, rd1_at, rd0_at);
  return s;
}
