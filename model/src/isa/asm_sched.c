// SPDX-License-Identifier: Apache-2.0
/* Scheduling annotations after the operands (N11):
 *   &req_N  wait on barrier N (0..5); repeatable, or &req_{N,M,...}
 *   &rdN    read barrier N (0..5), set when the operands have been read
 *   &wrN    write barrier N (0..5), set when the result is written; not on
 *           AST or ISBEWR, which write no register (AST.txt Format)
 *   ?WAITn  stall n cycles (0..15)      ?YIELD   yield bit
 *   ?REUSEn reuse flag n (0..3) of the operand reuse field
 * Each annotation may appear once (a barrier once in the wait mask). */
#include <ctype.h>

#include "isa/asm_internal.h"

/* If word t starts with prefix (any case), the decimal after it (-1 when
 * absent or not a small number), else -2. */
static long after_prefix(spagm__tok t, const char *prefix) {
  size_t n = 0;
  while (prefix[n]) n++;
  if (t.kind != SPAGM__TK_WORD || t.len < n) return -2;
  for (size_t i = 0; i < n; i++)
    if (toupper((unsigned char)t.s[i]) != prefix[i]) return -2;
  if (t.len == n || t.len - n > 3) return -1;
  long v = 0;
  for (size_t i = n; i < t.len; i++) {
    if (t.s[i] < '0' || t.s[i] > '9') return -1;
    v = v * 10 + (t.s[i] - '0');
  }
  return v;
}

static spagm_status add_wait(spagm__asm *ctx, spagm_insn *insn, long n,
                             spagm__tok at) {
  if (n < 0 || n > 5)
    return spagm__asm_err(ctx, at, SPAGM_E_SEMANTIC,
                          "&req_ needs a barrier number 0..5 (the wait mask has "
                          "6 bits)");
  if (insn->sched.wait >> n & 1u)
    return spagm__asm_err(ctx, at, SPAGM_E_SEMANTIC,
                          "barrier %ld is already waited on by an earlier &req_", n);
  insn->sched.wait = (uint8_t)(insn->sched.wait | 1u << n);
  return SPAGM_OK;
}

/* &req_{N,M,...}: the '{' is next. */
static spagm_status wait_list(spagm__asm *ctx, spagm_insn *insn) {
  char b[64];
  spagm_status s = spagm__asm_punct(ctx, '{', "or a barrier number after &req_");
  if (s != SPAGM_OK) return s;
  for (;;) {
    spagm__tok t = spagm__lex_next(&ctx->lx);
    long n = after_prefix(t, "");
    if (t.kind != SPAGM__TK_WORD || n < 0)
      return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                            "expected a barrier number 0..5 in &req_{...}, got %s",
                            spagm__tok_describe(t, b, sizeof b));
    s = add_wait(ctx, insn, n, t);
    if (s != SPAGM_OK) return s;
    t = spagm__lex_next(&ctx->lx);
    if (spagm__tok_punct(t, '}')) return SPAGM_OK;
    if (!spagm__tok_punct(t, ','))
      return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                            "expected ',' or '}' in &req_{...}, got %s",
                            spagm__tok_describe(t, b, sizeof b));
  }
}

static spagm_status barrier(spagm__asm *ctx, uint8_t *field, bool *seen, long n,
                            spagm__tok at, const char *name) {
  if (*seen)
    return spagm__asm_err(ctx, at, SPAGM_E_SEMANTIC,
                          "&%s is given twice: an instruction sets one %s barrier",
                          name, name[0] == 'r' ? "read" : "write");
  if (n < 0 || n > 5)
    return spagm__asm_err(ctx, at, SPAGM_E_SEMANTIC,
                          "&%sN needs a barrier number 0..5 (the wait mask has 6 "
                          "bits)", name);
  *field = (uint8_t)n;
  *seen = true;
  return SPAGM_OK;
}

spagm_status spagm__asm_sched(spagm__asm *ctx, spagm_insn *insn) {
  char b[64];
  bool rd = false, wr = false, stall = false, yield = false;
  spagm_status s = SPAGM_OK;
  for (;;) {
    spagm__tok p = spagm__lex_peek(&ctx->lx);
    if (!spagm__tok_punct(p, '&') && !spagm__tok_punct(p, '?')) break;
    spagm__lex_next(&ctx->lx);
    spagm__tok t = spagm__lex_next(&ctx->lx);
    long n;
    insn->has_sched = true;
    if (p.ch == '&') {
      if ((n = after_prefix(t, "REQ_")) != -2) {
        if (t.len == 4)
          s = wait_list(ctx, insn);
        else
          s = add_wait(ctx, insn, n, t);
      } else if ((n = after_prefix(t, "RD")) != -2) {
        s = barrier(ctx, &insn->sched.rd_bar, &rd, n, t, "rd");
      } else if ((n = after_prefix(t, "WR")) != -2) {
        if (insn->op == SPAGM_OP_AST || insn->op == SPAGM_OP_ISBEWR)
          return spagm__asm_err(ctx, t, SPAGM_E_SEMANTIC,
                                "%s writes no register, so it takes no &wrN "
                                "write barrier (AST.txt Format)",
                                spagm_op_name(insn->op));
        s = barrier(ctx, &insn->sched.wr_bar, &wr, n, t, "wr");
      } else {
        return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                              "unknown annotation &%s: expected &req_N, &rdN or "
                              "&wrN", spagm__tok_describe(t, b, sizeof b));
      }
    } else if ((n = after_prefix(t, "WAIT")) != -2) {
      if (stall)
        return spagm__asm_err(ctx, t, SPAGM_E_SEMANTIC, "?WAITn is given twice");
      if (n < 0 || n > 15)
        return spagm__asm_err(ctx, t, SPAGM_E_SEMANTIC,
                              "?WAITn needs a stall count 0..15 (4 bits)");
      insn->sched.stall = (uint8_t)n;
      stall = true;
    } else if (spagm__tok_word(t, "YIELD")) {
      if (yield)
        return spagm__asm_err(ctx, t, SPAGM_E_SEMANTIC, "?YIELD is given twice");
      insn->sched.yield = 1;
      yield = true;
    } else if ((n = after_prefix(t, "REUSE")) != -2) {
      if (n < 0 || n > 3)
        return spagm__asm_err(ctx, t, SPAGM_E_SEMANTIC,
                              "?REUSEn needs an operand slot 0..3 (4 reuse bits)");
      if (insn->sched.reuse >> n & 1u)
        return spagm__asm_err(ctx, t, SPAGM_E_SEMANTIC, "?REUSE%ld is given twice", n);
      insn->sched.reuse = (uint8_t)(insn->sched.reuse | 1u << n);
    } else {
      return spagm__asm_err(ctx, t, SPAGM_E_SYNTAX,
                            "unknown annotation ?%s: expected ?WAITn, ?YIELD or "
                            "?REUSEn", spagm__tok_describe(t, b, sizeof b));
    }
    if (s != SPAGM_OK) return s;
  }
  return SPAGM_OK;
}
