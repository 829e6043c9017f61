// SPDX-License-Identifier: Apache-2.0
/* Operands and modifiers of the attribute unit: ALD, AST (ALD.txt, AST.txt),
 * AL2P, ISBERD and ISBEWR (docs/assembly.md, N7, N8). */
#include "isa/asm_internal.h"

enum { G_IO, G_PATCH, G_PHYS, G_SIZE };

static const spagm__mod ald_mods[] = {
    {"I", G_IO, 0},      {"O", G_IO, 1},      {"P", G_PATCH, 1},
    {"PHYS", G_PHYS, 1}, {"32", G_SIZE, 0},   {"64", G_SIZE, 1},
    {"96", G_SIZE, 2},   {"128", G_SIZE, 3},
};
/* AST: .O is bit 32, which every store implies (N340); there is no .I. */
static const spagm__mod ast_mods[] = {
    {"O", G_IO, 1},    {"P", G_PATCH, 1},   {"PHYS", G_PHYS, 1}, {"32", G_SIZE, 0},
    {"64", G_SIZE, 1}, {"96", G_SIZE, 2},   {"128", G_SIZE, 3},
};
static const spagm__mod al2p_mods[] = {
    {"I", G_IO, 0},  {"O", G_IO, 1},  {"32", G_SIZE, 0},
    {"64", G_SIZE, 1}, {"96", G_SIZE, 2}, {"128", G_SIZE, 3},
};
#define N(t) (sizeof t / sizeof t[0])

static int mod_or(const spagm__asm *ctx, int g, int dflt) {
  return ctx->ms.value[g] >= 0 ? ctx->ms.value[g] : dflt;
}

/* R5: without Ra the address is unsigned 10-bit, with Ra signed 11-bit. */
static spagm_status check_imm11(spagm__asm *ctx, const char *op, uint8_t ra,
                                int64_t imm, spagm__tok at) {
  if (ra == SPAGM_RZ && (imm < 0 || imm > 1023))
    return spagm__asm_err(ctx, at, SPAGM_E_SEMANTIC,
                          "%s address %lld is out of range: without Ra the "
                          "address is an unsigned 10-bit byte address 0..1023 (R5)",
                          op, (long long)imm);
  if (ra != SPAGM_RZ && (imm < -1024 || imm > 1023))
    return spagm__asm_err(ctx, at, SPAGM_E_SEMANTIC,
                          "%s address offset %lld is out of range: with Ra the "
                          "offset is a signed 11-bit immediate -1024..1023 (R5)",
                          op, (long long)imm);
  return SPAGM_OK;
}

/* a[...] of ALD/AST. */
static spagm_status parse_attr_addr(spagm__asm *ctx, uint8_t *ra, int64_t *imm,
                                    spagm__tok *imm_at, spagm__tok *start) {
  char b[64];
  spagm__tok t = spagm__lex_next(&ctx->lx);
  *start = t;
  if (!spagm__tok_word(t, "a"))
    return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                          "expected an attribute address a[...], got %s",
                          spagm__tok_describe(t, b, sizeof b));
  spagm_status s = spagm__asm_punct(ctx, '[', "after 'a' of the attribute address");
  return s != SPAGM_OK ? s : spagm__asm_bracket_addr(ctx, ra, imm, imm_at);
}

/* .P / .PHYS / plain address rules shared by ALD and AST (ALD.txt, AST.txt,
 * R5). N7: a[Ra] without .P is .PHYS whether or not .PHYS is written. */
static spagm_status apply_addr(spagm__asm *ctx, spagm_insn *insn, uint8_t ra,
                               int64_t imm, spagm__tok imm_at, spagm__tok addr_at) {
  const char *op = spagm_op_name(insn->op);
  bool patch = ctx->ms.value[G_PATCH] == 1, phys = ctx->ms.value[G_PHYS] == 1;
  if (patch && phys)
    return spagm__asm_err(ctx, ctx->ms.at[G_PHYS], SPAGM_E_SYNTAX,
                          ".P and .PHYS cannot be combined: .PHYS is encoded as "
                          ".P=0 with Ra != RZ and immediate 0 (%s.txt)", op);
  if (phys && ra == SPAGM_RZ)
    return spagm__asm_err(ctx, addr_at, SPAGM_E_SEMANTIC,
                          "%s.PHYS needs a register address a[Ra] holding an "
                          "AL2P result, not an immediate address (R5)", op);
  spagm_status s = check_imm11(ctx, op, ra, imm, imm_at);
  if (s != SPAGM_OK) return s;
  if (!patch && ra != SPAGM_RZ && imm != 0)
    return spagm__asm_err(ctx, imm_at, SPAGM_E_SEMANTIC,
                          "%s without .P takes a[Ra] with no offset: a register "
                          "address without .P is .PHYS and its immediate must be "
                          "0 (R5); write %s.P for a patch address a[Ra + imm]",
                          op, op);
  /* N18: register and address kept as written; R10 alignment is execution's. */
  insn->ra = ra;
  insn->imm = (int32_t)imm;
  insn->patch = patch;
  insn->phys = !patch && ra != SPAGM_RZ;
  insn->asize = (spagm_asize)mod_or(ctx, G_SIZE, SPAGM_ASZ_32);
  return SPAGM_OK;
}

spagm_status spagm__asm_ald(spagm__asm *ctx, spagm_insn *insn) {
  spagm_status s = spagm__asm_mods(ctx, "ALD", ald_mods, N(ald_mods));
  if (s != SPAGM_OK) return s;
  insn->out = mod_or(ctx, G_IO, 0) == 1;
  uint8_t ra;
  int64_t imm;
  spagm__tok imm_at, addr_at;
  s = spagm__asm_reg(ctx, "the destination Rd", &insn->rd, NULL);
  if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "the attribute address a[...]");
  if (s == SPAGM_OK) s = parse_attr_addr(ctx, &ra, &imm, &imm_at, &addr_at);
  if (s == SPAGM_OK) s = apply_addr(ctx, insn, ra, imm, imm_at, addr_at);
  if (s != SPAGM_OK) return s;
  if (spagm__tok_punct(spagm__lex_peek(&ctx->lx), ',')) {
    spagm__lex_next(&ctx->lx);
    s = spagm__asm_reg(ctx, "the vertex handle Rb", &insn->rb, &ctx->at_rb);
  }
  return s;
}

/* AST a[...], Rb{, Rc}; also the data-first order of the AST.txt example
 * "AST.PHYS.128 R2, a[R0]" (N8). */
spagm_status spagm__asm_ast(spagm__asm *ctx, spagm_insn *insn) {
  spagm_status s = spagm__asm_mods(ctx, "AST", ast_mods, N(ast_mods));
  if (s != SPAGM_OK) return s;
  insn->out = mod_or(ctx, G_IO, 0) == 1;
  uint8_t ra;
  int64_t imm;
  spagm__tok imm_at, addr_at;
  if (spagm__reg_of(spagm__lex_peek(&ctx->lx)) != -1) {
    s = spagm__asm_reg(ctx, "the store data Rb", &insn->rb, NULL);
    if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "the attribute address a[...]");
    if (s == SPAGM_OK) s = parse_attr_addr(ctx, &ra, &imm, &imm_at, &addr_at);
  } else {
    s = parse_attr_addr(ctx, &ra, &imm, &imm_at, &addr_at);
    if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "the store data Rb");
    if (s == SPAGM_OK) s = spagm__asm_reg(ctx, "the store data Rb", &insn->rb, NULL);
  }
  if (s == SPAGM_OK) s = apply_addr(ctx, insn, ra, imm, imm_at, addr_at);
  if (s != SPAGM_OK) return s;
  if (spagm__tok_punct(spagm__lex_peek(&ctx->lx), ',')) {
    spagm__lex_next(&ctx->lx);
    s = spagm__asm_reg(ctx, "the vertex / GS state register Rc", &insn->rc, NULL);
  }
  return s;
}

/* AL2P{.I|.O}{.sz} Rd{, Pd}, Ra, imm (ALD.txt / AST.txt examples). */
spagm_status spagm__asm_al2p(spagm__asm *ctx, spagm_insn *insn) {
  spagm_status s = spagm__asm_mods(ctx, "AL2P", al2p_mods, N(al2p_mods));
  if (s != SPAGM_OK) return s;
  insn->out = mod_or(ctx, G_IO, 0) == 1;
  insn->asize = (spagm_asize)mod_or(ctx, G_SIZE, SPAGM_ASZ_32);
  s = spagm__asm_reg(ctx, "the destination Rd", &insn->rd, NULL);
  if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "Ra");
  if (s != SPAGM_OK) return s;
  if (spagm__pred_of(spagm__lex_peek(&ctx->lx)) >= 0) {
    s = spagm__asm_pred(ctx, "the predicate Pd", &insn->pd);
    if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "Ra");
    if (s != SPAGM_OK) return s;
  }
  int64_t imm;
  spagm__tok at;
  s = spagm__asm_reg(ctx, "the address register Ra", &insn->ra, NULL);
  if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "the address immediate");
  if (s == SPAGM_OK) s = spagm__asm_int(ctx, "the address immediate", &imm, &at);
  /* N5: AL2P shares the imm11 field and its R5 ranges with ALD/AST. */
  if (s == SPAGM_OK) s = check_imm11(ctx, "AL2P", insn->ra, imm, at);
  if (s == SPAGM_OK) insn->imm = (int32_t)imm;
  return s;
}

/* ISBERD / ISBEWR (N9): .I/.O, region (default .MAP), .SKEW, size (default
 * .U8) -- every omitted modifier is field value 0. */
enum { G_REGION = 1, G_SKEW = 2, G_ISIZE = 3 };
static const spagm__mod isbe_mods[] = {
    {"I", G_IO, 0},        {"O", G_IO, 1},         {"MAP", G_REGION, 0},
    {"PATCH", G_REGION, 1}, {"PRIM", G_REGION, 2}, {"ATTR", G_REGION, 3},
    {"SKEW", G_SKEW, 1},   {"U8", G_ISIZE, 0},     {"U16", G_ISIZE, 1},
    {"B32", G_ISIZE, 2},
};

static spagm_status isbe_addr(spagm__asm *ctx, uint8_t *ra) {
  spagm_status s = spagm__asm_punct(ctx, '[', "to open the ISBE address [Ra]");
  if (s == SPAGM_OK) s = spagm__asm_reg(ctx, "the ISBE address register Ra", ra, NULL);
  if (s == SPAGM_OK) s = spagm__asm_punct(ctx, ']', "to close the ISBE address [Ra]");
  return s;
}

spagm_status spagm__asm_isbe(spagm__asm *ctx, spagm_insn *insn) {
  const char *op = spagm_op_name(insn->op);
  spagm_status s = spagm__asm_mods(ctx, op, isbe_mods, N(isbe_mods));
  if (s != SPAGM_OK) return s;
  insn->out = mod_or(ctx, G_IO, 0) == 1;
  insn->region = (spagm_isbe_region)mod_or(ctx, G_REGION, SPAGM_REGION_MAP);
  insn->skew = mod_or(ctx, G_SKEW, 0) == 1;
  insn->isize = (spagm_isbe_size)mod_or(ctx, G_ISIZE, SPAGM_ISZ_U8);
  if (insn->op == SPAGM_OP_ISBERD) {
    s = spagm__asm_reg(ctx, "the destination Rd", &insn->rd, NULL);
    if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "the ISBE address [Ra]");
    if (s == SPAGM_OK) s = isbe_addr(ctx, &insn->ra);
    return s;
  }
  s = isbe_addr(ctx, &insn->ra);
  if (s == SPAGM_OK) s = spagm__asm_comma(ctx, "the store data Rb");
  if (s == SPAGM_OK) s = spagm__asm_reg(ctx, "the store data Rb", &insn->rb, NULL);
  return s;
}
