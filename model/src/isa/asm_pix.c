// SPDX-License-Identifier: Apache-2.0
/* Operands and modifiers of PIXLD (PIXLD.txt): the generic form
 * PIXLD{.mode} Rd{, Pd}{, [imm8] | [Ra] | [Ra+imm8] | [Ra-imm8]}. N10: the
 * generic form is accepted for every mode and a missing mode is .MSCOUNT
 * (mode field 0). */
#include "isa/asm_internal.h"

static const spagm__mod pixld_mods[] = {
    {"MSCOUNT", 0, SPAGM_PIX_MSCOUNT},
    {"COVMASK", 0, SPAGM_PIX_COVMASK},
    {"COVERED", 0, SPAGM_PIX_COVERED},
    {"OFFSET", 0, SPAGM_PIX_OFFSET},
    {"CENTROID_OFFSET", 0, SPAGM_PIX_CENTROID_OFFSET},
    {"MY_INDEX", 0, SPAGM_PIX_MY_INDEX},
};

spagm_status spagm__asm_pixld(spagm__asm *ctx, spagm_insn *insn) {
  char b[64];
  spagm_status s = spagm__asm_mods(ctx, "PIXLD", pixld_mods,
                                   sizeof pixld_mods / sizeof pixld_mods[0]);
  if (s != SPAGM_OK) return s;
  insn->pmode = ctx->ms.value[0] >= 0 ? (spagm_pixld_mode)ctx->ms.value[0]
                                      : SPAGM_PIX_MSCOUNT;
  s = spagm__asm_reg(ctx, "the destination Rd", &insn->rd, NULL);
  if (s != SPAGM_OK) return s;
  bool have_pd = false, have_addr = false;
  while (spagm__tok_punct(spagm__lex_peek(&ctx->lx), ',')) {
    spagm__lex_next(&ctx->lx);
    spagm__tok t = spagm__lex_peek(&ctx->lx);
    if (spagm__pred_of(t) >= 0 && !have_pd && !have_addr) {
      s = spagm__asm_pred(ctx, "the predicate Pd", &insn->pd);
      have_pd = true;
    } else if (spagm__tok_punct(t, '[') && !have_addr) {
      spagm__lex_next(&ctx->lx);
      int64_t imm;
      spagm__tok at;
      s = spagm__asm_bracket_addr(ctx, &insn->ra, &imm, &at);
      if (s != SPAGM_OK) return s;
      /* R13: imm8 zero-extended without Ra, sign-extended with Ra. */
      if (insn->ra == SPAGM_RZ && (imm < 0 || imm > 255))
        return spagm__asm_err(ctx, at, SPAGM_E_SEMANTIC,
                              "PIXLD sample index %lld is out of range: without "
                              "Ra it is an unsigned 8-bit immediate 0..255 (R13)",
                              (long long)imm);
      if (insn->ra != SPAGM_RZ && (imm < -128 || imm > 127))
        return spagm__asm_err(ctx, at, SPAGM_E_SEMANTIC,
                              "PIXLD offset %lld is out of range: with Ra it is a "
                              "signed 8-bit immediate -128..127 (R13)",
                              (long long)imm);
      insn->imm = (int32_t)imm;
      have_addr = true;
    } else {
      spagm__lex_next(&ctx->lx);
      return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                            "expected %s after ',', got %s",
                            have_addr ? "nothing more (the address is the last "
                                        "PIXLD operand)"
                            : have_pd ? "the sample address [imm8] or [Ra+imm8]"
                                      : "the predicate Pd or the sample address "
                                        "[imm8] / [Ra+imm8]",
                            spagm__tok_describe(t, b, sizeof b));
    }
    if (s != SPAGM_OK) return s;
  }
  return SPAGM_OK;
}
