// SPDX-License-Identifier: Apache-2.0
/* Assembler internals shared by the statement driver (asm_parse.c), the
 * operand helpers (asm_operands.c), the per-unit operand parsers
 * (asm_attr.c, asm_pix.c, asm_tex.c), annotations (asm_sched.c) and the
 * stage checks (asm_stage.c). */
#ifndef SPAGM_ASM_INTERNAL_H
#define SPAGM_ASM_INTERNAL_H

#include <stdint.h>

#include "isa/asm_lex.h"
#include "spagm/asm.h"

#define SPAGM__MAX_MODS 12
#define SPAGM__MAX_GROUPS 8

/* One modifier an opcode accepts: its spelling, the group it belongs to
 * (one modifier per group, e.g. .I/.O) and the value it gives the group. */
typedef struct spagm__mod {
  const char *name;
  uint8_t group;
  uint8_t value;
} spagm__mod;

/* Modifiers of one statement after spagm__asm_mods: value[g] is the value
 * of group g or -1 when absent, at[g] where it was written. */
typedef struct spagm__modset {
  int value[SPAGM__MAX_GROUPS];
  spagm__tok at[SPAGM__MAX_GROUPS];
} spagm__modset;

/* Parser state of one statement. */
typedef struct spagm__asm {
  spagm__lexer lx;
  const spagm_asm_opts *opts;
  spagm_diag *d;
  spagm__tok mnem;                  /* statement-wide problems point here */
  spagm__tok mod[SPAGM__MAX_MODS];  /* the words after each '.' */
  size_t nmods;
  spagm__modset ms;                 /* filled by spagm__asm_mods */
  spagm__tok at_rb;                 /* where Rb was written (ALD), or kind EOF */
  spagm__tok at_end;                /* first token after the operands */
} spagm__asm;

/* Error at token t: fills ctx->d with t's line and column; returns s. */
spagm_status spagm__asm_err(spagm__asm *ctx, spagm__tok t, spagm_status s,
                            const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Match the statement's modifiers against table (n entries) into ctx->ms;
 * unknown, duplicate and conflicting modifiers are errors. */
spagm_status spagm__asm_mods(spagm__asm *ctx, const char *opname,
                             const spagm__mod *table, size_t n);

/* ---- operands (asm_operands.c) ---- */
/* Register number of a word token: 0..254, SPAGM_RZ, or -1 when it is not a
 * register name (R255 and R256+ give -2: looks like one but is not). */
int spagm__reg_of(spagm__tok t);
/* Predicate number (P0..P6, PT = P7 = 7) or -1. */
int spagm__pred_of(spagm__tok t);
spagm_status spagm__asm_reg(spagm__asm *ctx, const char *what, uint8_t *r,
                            spagm__tok *at);
spagm_status spagm__asm_pred(spagm__asm *ctx, const char *what, uint8_t *p);
spagm_status spagm__asm_comma(spagm__asm *ctx, const char *before_what);
spagm_status spagm__asm_punct(spagm__asm *ctx, char c, const char *why);
/* An integer: optional '#', optional sign, decimal or 0x hex. *at is the
 * token where it starts. */
spagm_status spagm__asm_int(spagm__asm *ctx, const char *what, int64_t *v,
                            spagm__tok *at);
/* Inside brackets: "imm", "Ra", "Ra + imm", "Ra - imm" then ']' (the '['
 * is already consumed). *ra is RZ when absent; *imm_at is the immediate's
 * token, or the register's when there is none. */
spagm_status spagm__asm_bracket_addr(spagm__asm *ctx, uint8_t *ra, int64_t *imm,
                                     spagm__tok *imm_at);
/* The next token ends the operand list ('&', '?', ';', line or input end). */
bool spagm__asm_operands_done(spagm__asm *ctx);

/* ---- per-unit operand parsers: modifiers and operands into insn ---- */
spagm_status spagm__asm_ald(spagm__asm *ctx, spagm_insn *insn);
spagm_status spagm__asm_ast(spagm__asm *ctx, spagm_insn *insn);
spagm_status spagm__asm_al2p(spagm__asm *ctx, spagm_insn *insn);
spagm_status spagm__asm_isbe(spagm__asm *ctx, spagm_insn *insn);
spagm_status spagm__asm_pixld(spagm__asm *ctx, spagm_insn *insn);
spagm_status spagm__asm_tlds(spagm__asm *ctx, spagm_insn *insn);

/* ---- annotations after the operands (asm_sched.c) ---- */
spagm_status spagm__asm_sched(spagm__asm *ctx, spagm_insn *insn);

/* ---- R8 checks when opts->stage is known (asm_stage.c) ---- */
spagm_status spagm__asm_stage(spagm__asm *ctx, const spagm_insn *insn);

/* ---- one statement (asm_parse.c): the lexer stands on its first token;
 * consumes up to and including its ';' or line end. ---- */
spagm_status spagm__asm_statement(spagm__asm *ctx, spagm_insn *insn);

#endif
