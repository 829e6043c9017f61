// SPDX-License-Identifier: Apache-2.0
/* One assembly statement: guard, mnemonic, modifiers, then the opcode's
 * operand parser, annotations, the terminator, stage checks (R8) and a final
 * check that the result has a word (docs/assembly.md). Modifiers: any order
 * and case, each right after its '.', one per group (N19). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "isa/asm_internal.h"

spagm_status spagm__asm_err(spagm__asm *ctx, spagm__tok t, spagm_status s,
                            const char *fmt, ...) {
  char msg[sizeof ctx->d->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return spagm_diag_set(ctx->d, s, t.line, t.col, "%s", msg);
}

/* ".A .B .C" of the modifiers of table in group g (g < 0: all). */
static void list_mods(const spagm__mod *table, size_t n, int g, char *buf,
                      size_t size) {
  size_t len = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < n && len < size; i++) {
    if (g >= 0 && table[i].group != g) continue;
    int k = snprintf(buf + len, size - len, "%s.%s", len ? " " : "", table[i].name);
    if (k < 0) break;
    len += (size_t)k;
  }
}

spagm_status spagm__asm_mods(spagm__asm *ctx, const char *opname,
                             const spagm__mod *table, size_t n) {
  char list[160];
  for (unsigned g = 0; g < SPAGM__MAX_GROUPS; g++) ctx->ms.value[g] = -1;
  for (size_t i = 0; i < ctx->nmods; i++) {
    spagm__tok t = ctx->mod[i];
    const spagm__mod *m = NULL;
    for (size_t k = 0; k < n && !m; k++)
      if (spagm__tok_word(t, table[k].name)) m = &table[k];
    if (!m) {
      list_mods(table, n, -1, list, sizeof list);
      return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                            "unknown modifier '.%.*s' for %s; %s takes %s",
                            t.len > 40 ? 40 : (int)t.len, t.s, opname, opname, list);
    }
    int prev = ctx->ms.value[m->group];
    if (prev == m->value)
      return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX, "modifier .%s is given twice",
                            m->name);
    if (prev >= 0) {
      list_mods(table, n, m->group, list, sizeof list);
      return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                            "modifier .%s conflicts with the earlier .%.*s: %s "
                            "takes only one of %s",
                            m->name, (int)ctx->ms.at[m->group].len,
                            ctx->ms.at[m->group].s, opname, list);
    }
    ctx->ms.value[m->group] = m->value;
    ctx->ms.at[m->group] = t;
  }
  return SPAGM_OK;
}

static const struct {
  const char *name;
  spagm_op op;
} mnemonics[] = {
    {"ALD", SPAGM_OP_ALD},       {"AST", SPAGM_OP_AST},
    {"AL2P", SPAGM_OP_AL2P},     {"ISBERD", SPAGM_OP_ISBERD},
    {"ISBEWR", SPAGM_OP_ISBEWR}, {"PIXLD", SPAGM_OP_PIXLD},
    {"TLDS", SPAGM_OP_TLDS},
};

static spagm_status parse_guard(spagm__asm *ctx, spagm_insn *insn) {
  spagm__lex_next(&ctx->lx); /* '@' */
  if (spagm__tok_punct(spagm__lex_peek(&ctx->lx), '!')) {
    spagm__lex_next(&ctx->lx);
    insn->pg_not = true;
  }
  return spagm__asm_pred(ctx, "the guard predicate after '@'", &insn->pg);
}

static spagm_status parse_operands(spagm__asm *ctx, spagm_insn *insn) {
  switch (insn->op) {
    case SPAGM_OP_ALD: return spagm__asm_ald(ctx, insn);
    case SPAGM_OP_AST: return spagm__asm_ast(ctx, insn);
    case SPAGM_OP_AL2P: return spagm__asm_al2p(ctx, insn);
    case SPAGM_OP_ISBERD:
    case SPAGM_OP_ISBEWR: return spagm__asm_isbe(ctx, insn);
    case SPAGM_OP_PIXLD: return spagm__asm_pixld(ctx, insn);
    case SPAGM_OP_TLDS: return spagm__asm_tlds(ctx, insn);
    default: break;
  }
  return spagm__asm_err(ctx, ctx->mnem, SPAGM_E_SYNTAX, "unknown mnemonic");
}

/* The mnemonic word, looked up in the table. */
static spagm_status parse_mnemonic(spagm__asm *ctx, spagm_op *op) {
  char b[64];
  spagm__tok t = spagm__lex_next(&ctx->lx);
  ctx->mnem = t;
  *op = SPAGM_OP_NONE;
  for (size_t i = 0; i < sizeof mnemonics / sizeof mnemonics[0]; i++)
    if (spagm__tok_word(t, mnemonics[i].name)) *op = mnemonics[i].op;
  if (*op != SPAGM_OP_NONE) return SPAGM_OK;
  if (t.kind == SPAGM__TK_WORD)
    return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                          "unknown mnemonic %s: expected ALD, AST, AL2P, "
                          "ISBERD, ISBEWR, PIXLD or TLDS",
                          spagm__tok_describe(t, b, sizeof b));
  return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                        "expected an instruction mnemonic, got %s",
                        spagm__tok_describe(t, b, sizeof b));
}

/* The ".NAME" tokens after the mnemonic, kept in ctx->mod for the operand
 * parser's table (spagm__asm_mods). */
static spagm_status parse_modifier_words(spagm__asm *ctx) {
  char b[64];
  ctx->nmods = 0;
  while (spagm__tok_punct(spagm__lex_peek(&ctx->lx), '.')) {
    spagm__tok dot = spagm__lex_next(&ctx->lx);
    spagm__tok m = spagm__lex_next(&ctx->lx);
    /* A modifier is written right after its '.', so "ALD. R0" is a missing
     * modifier rather than a modifier named R0. */
    if (m.kind != SPAGM__TK_WORD || m.line != dot.line || m.col != dot.col + 1)
      return spagm__asm_err(ctx, m, SPAGM_E_SYNTAX,
                            "expected a modifier name right after '.', got %s",
                            spagm__tok_describe(m, b, sizeof b));
    if (ctx->nmods == SPAGM__MAX_MODS)
      return spagm__asm_err(ctx, m, SPAGM_E_SYNTAX,
                            "too many modifiers (at most %d)", SPAGM__MAX_MODS);
    ctx->mod[ctx->nmods++] = m;
  }
  return SPAGM_OK;
}

/* After the operands: annotations, then ';' or the end of the line. */
static spagm_status parse_annotations_and_end(spagm__asm *ctx,
                                              spagm_insn *insn) {
  char b[64];
  ctx->at_end = spagm__lex_peek(&ctx->lx);
  if (!spagm__asm_operands_done(ctx))
    return spagm__asm_err(ctx, ctx->at_end, SPAGM_E_SYNTAX,
                          "unexpected %s after the operands of %s; expected an "
                          "annotation (&req_N, &rdN, &wrN, ?...) or ';'",
                          spagm__tok_describe(ctx->at_end, b, sizeof b),
                          spagm_op_name(insn->op));
  spagm_status s = spagm__asm_sched(ctx, insn);
  if (s != SPAGM_OK) return s;
  spagm__tok t = spagm__lex_next(&ctx->lx);
  if (!spagm__tok_ends(t))
    return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                          "unexpected %s after the instruction; expected ';' or "
                          "end of line",
                          spagm__tok_describe(t, b, sizeof b));
  return SPAGM_OK;
}

/* Every statement that parses must have a word; the operand parsers check
 * the same rules with positions, so this only guards them. ISBEWR has no
 * SM50 encoding. */
static spagm_status check_encodable(spagm__asm *ctx, const spagm_insn *insn) {
  if (insn->op == SPAGM_OP_ISBEWR) return SPAGM_OK;
  uint64_t w;
  spagm_diag ed;
  if (spagm_encode(insn, &w, NULL, &ed) != SPAGM_OK)
    return spagm__asm_err(ctx, ctx->mnem, SPAGM_E_SEMANTIC, "%s", ed.msg);
  return SPAGM_OK;
}

spagm_status spagm__asm_statement(spagm__asm *ctx, spagm_insn *insn) {
  spagm_status s;
  spagm_insn_init(insn, SPAGM_OP_NONE);
  uint8_t pg = SPAGM_PT;
  bool pg_not = false;
  if (spagm__tok_punct(spagm__lex_peek(&ctx->lx), '@')) {
    s = parse_guard(ctx, insn);
    if (s != SPAGM_OK) return s;
    pg = insn->pg;
    pg_not = insn->pg_not;
  }
  spagm_op op;
  s = parse_mnemonic(ctx, &op);
  if (s == SPAGM_OK) s = parse_modifier_words(ctx);
  if (s != SPAGM_OK) return s;
  spagm_insn_init(insn, op);
  insn->pg = pg;
  insn->pg_not = pg_not;
  ctx->at_rb.kind = SPAGM__TK_EOF;
  s = parse_operands(ctx, insn);
  if (s == SPAGM_OK) s = parse_annotations_and_end(ctx, insn);
  if (s == SPAGM_OK) s = spagm__asm_stage(ctx, insn);
  if (s == SPAGM_OK) s = check_encodable(ctx, insn);
  return s;
}
