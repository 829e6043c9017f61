// SPDX-License-Identifier: Apache-2.0
/* Public assembler entry points (asm.h): one statement, or a whole text. */
#include <stdint.h>
#include <stdlib.h>

#include "isa/asm_internal.h"

static void skip_blank_lines(spagm__lexer *lx, bool also_semicolons) {
  for (;;) {
    spagm__tok t = spagm__lex_peek(lx);
    if (t.kind == SPAGM__TK_NEWLINE || (also_semicolons && spagm__tok_punct(t, ';')))
      spagm__lex_next(lx);
    else
      return;
  }
}

static spagm_status check_opts(const spagm_asm_opts *opts, spagm_diag *d) {
  if (opts && opts->stage != -1 &&
      (opts->stage < 0 || opts->stage >= (int)SPAGM_STAGE_COUNT))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "opts->stage %d is neither a stage (0 VSA .. 5 PS) "
                          "nor -1 (unknown)",
                          opts->stage);
  return SPAGM_OK;
}

spagm_status spagm_asm_one(const char *text, int line, int col,
                           const spagm_asm_opts *opts, spagm_insn *insn,
                           spagm_diag *d) {
  if (!text || !insn)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "spagm_asm_one: text or insn is NULL");
  spagm_status s = check_opts(opts, d);
  if (s != SPAGM_OK) return s;
  size_t len = 0;
  while (text[len]) len++;
  spagm__asm ctx = {0};
  ctx.opts = opts;
  ctx.d = d;
  spagm__lex_init(&ctx.lx, text, len, line, col);
  skip_blank_lines(&ctx.lx, false);
  spagm__tok t = spagm__lex_peek(&ctx.lx);
  if (t.kind == SPAGM__TK_EOF)
    return spagm__asm_err(&ctx, t, SPAGM_E_SYNTAX,
                          "no instruction: the text is empty or only a comment");
  s = spagm__asm_statement(&ctx, insn);
  if (s != SPAGM_OK) return s;
  skip_blank_lines(&ctx.lx, false);
  t = spagm__lex_peek(&ctx.lx);
  if (t.kind != SPAGM__TK_EOF) {
    char b[64];
    return spagm__asm_err(&ctx, t, SPAGM_E_SYNTAX,
                          "trailing text %s: spagm_asm_one takes exactly one "
                          "statement",
                          spagm__tok_describe(t, b, sizeof b));
  }
  return SPAGM_OK;
}

/* Room for statement n in v (and p when want_pos); both share *cap. */
static bool reserve(spagm_insn **v, spagm_srcpos **p, bool want_pos, size_t *cap,
                    size_t n) {
  if (n < *cap) return true;
  size_t ncap = *cap ? *cap * 2 : 16;
  if (ncap > SIZE_MAX / sizeof **v) return false;
  spagm_insn *nv = realloc(*v, ncap * sizeof **v);
  if (!nv) return false;
  *v = nv;
  if (want_pos) {
    spagm_srcpos *np = realloc(*p, ncap * sizeof **p);
    if (!np) return false;
    *p = np;
  }
  *cap = ncap;
  return true;
}

spagm_status spagm_asm_text_pos(const char *src, size_t len,
                                const spagm_asm_opts *opts, spagm_insn **out,
                                spagm_srcpos **pos, size_t *count, spagm_diag *d) {
  if (!out || !count || (!src && len > 0))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "spagm_asm_text: src, out or count is NULL");
  *out = NULL;
  if (pos) *pos = NULL;
  *count = 0;
  spagm_status s = check_opts(opts, d);
  if (s != SPAGM_OK) return s;
  spagm__asm ctx = {0};
  ctx.opts = opts;
  ctx.d = d;
  spagm__lex_init(&ctx.lx, src, len, 1, 1);
  spagm_insn *v = NULL;
  spagm_srcpos *p = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    skip_blank_lines(&ctx.lx, true);
    spagm__tok first = spagm__lex_peek(&ctx.lx);
    if (first.kind == SPAGM__TK_EOF) break;
    if (!reserve(&v, &p, pos != NULL, &cap, n)) {
      s = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0,
                         "out of memory after %zu instructions", n);
      break;
    }
    s = spagm__asm_statement(&ctx, &v[n]);
    if (s != SPAGM_OK) break;
    if (pos) p[n] = (spagm_srcpos){first.line, first.col};
    n++;
  }
  if (s != SPAGM_OK) {
    free(v);
    free(p);
    return s;
  }
  *out = v;
  if (pos) *pos = p;
  *count = n;
  return SPAGM_OK;
}

spagm_status spagm_asm_text(const char *src, size_t len, const spagm_asm_opts *opts,
                            spagm_insn **out, size_t *count, spagm_diag *d) {
  return spagm_asm_text_pos(src, len, opts, out, NULL, count, d);
}
