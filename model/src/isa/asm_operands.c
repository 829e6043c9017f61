// SPDX-License-Identifier: Apache-2.0
/* Operand syntax shared by every instruction: registers, predicates,
 * integers and bracketed addresses (docs/assembly.md). Registers are R0..R254
 * and RZ, predicates P0..P6 and PT (N16); numbers are decimal or 0x hex with
 * an optional '#' and sign (N14). */
#include <stdio.h>

#include "isa/asm_internal.h"

static int upper(char c) { return (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c; }

/* Decimal digits of s[from..len) as a number, or -1 if not all digits or too
 * long to be a register or predicate. */
static long small_decimal(const char *s, size_t from, size_t len) {
  if (from >= len || len - from > 4) return -1;
  long v = 0;
  for (size_t i = from; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

int spagm__reg_of(spagm__tok t) {
  if (t.kind != SPAGM__TK_WORD || t.len < 2 || upper(t.s[0]) != 'R') return -1;
  if (t.len == 2 && upper(t.s[1]) == 'Z') return SPAGM_RZ;
  long n = small_decimal(t.s, 1, t.len);
  if (n < 0) return -1;
  return n < (long)SPAGM_RZ ? (int)n : -2;
}

int spagm__pred_of(spagm__tok t) {
  if (t.kind != SPAGM__TK_WORD || t.len != 2 || upper(t.s[0]) != 'P') return -1;
  if (upper(t.s[1]) == 'T') return SPAGM_PT;
  /* P7 is the true predicate (PIXLD.txt: "P7 (the true predicate)"). */
  if (t.s[1] >= '0' && t.s[1] <= '7') return t.s[1] - '0';
  return -1;
}

spagm_status spagm__asm_reg(spagm__asm *ctx, const char *what, uint8_t *r,
                            spagm__tok *at) {
  char b[64];
  spagm__tok t = spagm__lex_next(&ctx->lx);
  if (at) *at = t;
  int n = spagm__reg_of(t);
  if (n == -2)
    return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                          "%s is not a register: registers are R0..R254, and "
                          "the zero register is written RZ",
                          spagm__tok_describe(t, b, sizeof b));
  if (n < 0)
    return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                          "expected %s (a register R0..R254 or RZ), got %s", what,
                          spagm__tok_describe(t, b, sizeof b));
  *r = (uint8_t)n;
  return SPAGM_OK;
}

spagm_status spagm__asm_pred(spagm__asm *ctx, const char *what, uint8_t *p) {
  char b[64];
  spagm__tok t = spagm__lex_next(&ctx->lx);
  int n = spagm__pred_of(t);
  if (n < 0)
    return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                          "expected %s (a predicate P0..P6 or PT), got %s", what,
                          spagm__tok_describe(t, b, sizeof b));
  *p = (uint8_t)n;
  return SPAGM_OK;
}

spagm_status spagm__asm_punct(spagm__asm *ctx, char c, const char *why) {
  char b[64];
  spagm__tok t = spagm__lex_next(&ctx->lx);
  if (!spagm__tok_punct(t, c))
    return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX, "expected '%c' %s, got %s", c,
                          why, spagm__tok_describe(t, b, sizeof b));
  return SPAGM_OK;
}

spagm_status spagm__asm_comma(spagm__asm *ctx, const char *before_what) {
  char b[64];
  spagm__tok t = spagm__lex_next(&ctx->lx);
  if (spagm__tok_punct(t, ',')) return SPAGM_OK;
  if (spagm__tok_ends(t) || spagm__tok_punct(t, '&') || spagm__tok_punct(t, '?'))
    return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX, "missing operand: expected ', %s'",
                          before_what);
  return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX, "expected ',' before %s, got %s",
                        before_what, spagm__tok_describe(t, b, sizeof b));
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = (char)upper(c);
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Value of a word written as decimal or 0x hex; false when it is not a
 * number or exceeds 32 bits. */
static bool number_of(spagm__tok t, int64_t *v, bool *too_big) {
  *too_big = false;
  if (t.kind != SPAGM__TK_WORD || t.len == 0) return false;
  int64_t x = 0;
  if (t.len > 2 && t.s[0] == '0' && upper(t.s[1]) == 'X') {
    for (size_t i = 2; i < t.len; i++) {
      int h = hex_digit(t.s[i]);
      if (h < 0) return false;
      x = x * 16 + h;
      if (x > 0xFFFFFFFFll) *too_big = true, x = 0xFFFFFFFFll;
    }
  } else {
    for (size_t i = 0; i < t.len; i++) {
      if (t.s[i] < '0' || t.s[i] > '9') return false;
      x = x * 10 + (t.s[i] - '0');
      if (x > 0xFFFFFFFFll) *too_big = true, x = 0xFFFFFFFFll;
    }
  }
  *v = x;
  return true;
}

static spagm_status unsigned_number(spagm__asm *ctx, const char *what,
                                    spagm__tok t, int64_t *v) {
  char b[64];
  bool too_big;
  if (t.kind == SPAGM__TK_WORD && t.s[0] >= '0' && t.s[0] <= '9') {
    if (!number_of(t, v, &too_big))
      return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                            "%s is not a number: write decimal (16) or hex (0x10)",
                            spagm__tok_describe(t, b, sizeof b));
    if (too_big)
      return spagm__asm_err(ctx, t, SPAGM_E_SEMANTIC,
                            "%s is too large for %s",
                            spagm__tok_describe(t, b, sizeof b), what);
    return SPAGM_OK;
  }
  return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX, "expected %s (a number), got %s",
                        what, spagm__tok_describe(t, b, sizeof b));
}

spagm_status spagm__asm_int(spagm__asm *ctx, const char *what, int64_t *v,
                            spagm__tok *at) {
  spagm__tok t = spagm__lex_next(&ctx->lx);
  *at = t;
  if (spagm__tok_punct(t, '#')) t = spagm__lex_next(&ctx->lx);
  bool neg = false;
  if (spagm__tok_punct(t, '-') || spagm__tok_punct(t, '+')) {
    neg = t.ch == '-';
    t = spagm__lex_next(&ctx->lx);
  }
  spagm_status s = unsigned_number(ctx, what, t, v);
  if (s == SPAGM_OK && neg) *v = -*v;
  return s;
}

spagm_status spagm__asm_bracket_addr(spagm__asm *ctx, uint8_t *ra, int64_t *imm,
                                     spagm__tok *imm_at) {
  char b[64];
  spagm_status s;
  spagm__tok t = spagm__lex_peek(&ctx->lx);
  *ra = SPAGM_RZ;
  *imm = 0;
  *imm_at = t;
  if (spagm__reg_of(t) != -1) {
    s = spagm__asm_reg(ctx, "the address register Ra", ra, NULL);
    if (s != SPAGM_OK) return s;
    t = spagm__lex_peek(&ctx->lx);
    if (spagm__tok_punct(t, '+') || spagm__tok_punct(t, '-')) {
      bool neg = t.ch == '-';
      spagm__lex_next(&ctx->lx);
      t = spagm__lex_next(&ctx->lx);
      *imm_at = t;
      if (spagm__tok_punct(t, '#')) t = spagm__lex_next(&ctx->lx);
      s = unsigned_number(ctx, "the address offset", t, imm);
      if (s != SPAGM_OK) return s;
      if (neg) *imm = -*imm;
    }
  } else if (t.kind == SPAGM__TK_WORD && !(t.s[0] >= '0' && t.s[0] <= '9')) {
    spagm__lex_next(&ctx->lx);
    return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                          "expected an address (Ra, Ra+imm, Ra-imm or imm) "
                          "inside '[ ]', got %s",
                          spagm__tok_describe(t, b, sizeof b));
  } else {
    s = spagm__asm_int(ctx, "the address", imm, imm_at);
    if (s != SPAGM_OK) return s;
  }
  return spagm__asm_punct(ctx, ']', "to close the address");
}

bool spagm__asm_operands_done(spagm__asm *ctx) {
  spagm__tok t = spagm__lex_peek(&ctx->lx);
  return spagm__tok_ends(t) || spagm__tok_punct(t, '&') || spagm__tok_punct(t, '?');
}
