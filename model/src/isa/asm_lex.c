// SPDX-License-Identifier: Apache-2.0
/* Tokenizer of the assembly text (asm_lex.h). */
#include "isa/asm_lex.h"

#include <stdio.h>

void spagm__lex_init(spagm__lexer *lx, const char *src, size_t len, int line,
                     int col) {
  lx->src = src;
  lx->len = src ? len : 0;
  lx->pos = 0;
  lx->line = line;
  lx->col = col;
  lx->peeked = false;
}

static bool is_word_char(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static int at(const spagm__lexer *lx, size_t off) {
  return lx->pos + off < lx->len ? (unsigned char)lx->src[lx->pos + off] : -1;
}

static void advance(spagm__lexer *lx) {
  lx->pos++;
  lx->col++;
}

static void skip_to_eol(spagm__lexer *lx) {
  while (lx->pos < lx->len && lx->src[lx->pos] != '\n') advance(lx);
}

/* N6: '#' followed by a digit, or by a sign and a digit, prefixes an
 * immediate; any other '#' starts a comment. */
static bool hash_is_immediate(const spagm__lexer *lx) {
  int c1 = at(lx, 1);
  if (c1 >= 0 && is_digit((unsigned char)c1)) return true;
  if (c1 == '-' || c1 == '+') {
    int c2 = at(lx, 2);
    return c2 >= 0 && is_digit((unsigned char)c2);
  }
  return false;
}

static spagm__tok scan(spagm__lexer *lx) {
  for (;;) {
    int c = at(lx, 0);
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      advance(lx);
    } else if (c == '/' && at(lx, 1) == '/') {
      skip_to_eol(lx);
    } else if (c == '#' && !hash_is_immediate(lx)) {
      skip_to_eol(lx);
    } else {
      break;
    }
  }
  spagm__tok t = {SPAGM__TK_EOF, lx->src ? lx->src + lx->pos : "", 0, 0,
                  lx->line, lx->col};
  int c = at(lx, 0);
  if (c < 0) return t;
  if (c == '\n') {
    t.kind = SPAGM__TK_NEWLINE;
    t.len = 1;
    lx->pos++;
    lx->line++;
    lx->col = 1;
    return t;
  }
  if (is_word_char((unsigned char)c)) {
    t.kind = SPAGM__TK_WORD;
    while (at(lx, 0) >= 0 && is_word_char((unsigned char)at(lx, 0))) {
      advance(lx);
      t.len++;
    }
    return t;
  }
  t.len = 1;
  t.ch = (char)c;
  switch (c) {
    case ',': case ';': case '[': case ']': case '+': case '-': case '@':
    case '!': case '&': case '?': case '{': case '}': case '.': case '#':
      t.kind = SPAGM__TK_PUNCT;
      break;
    default:
      t.kind = SPAGM__TK_BAD;
      break;
  }
  advance(lx);
  return t;
}

spagm__tok spagm__lex_next(spagm__lexer *lx) {
  if (lx->peeked) {
    lx->peeked = false;
    return lx->ahead;
  }
  return scan(lx);
}

spagm__tok spagm__lex_peek(spagm__lexer *lx) {
  if (!lx->peeked) {
    lx->ahead = scan(lx);
    lx->peeked = true;
  }
  return lx->ahead;
}

bool spagm__tok_word(spagm__tok t, const char *w) {
  if (t.kind != SPAGM__TK_WORD) return false;
  size_t i = 0;
  for (; i < t.len; i++) {
    char a = t.s[i], b = w[i];
    if (b == '\0') return false;
    if (a >= 'a' && a <= 'z') a = (char)(a - 'a' + 'A');
    if (b >= 'a' && b <= 'z') b = (char)(b - 'a' + 'A');
    if (a != b) return false;
  }
  return w[i] == '\0';
}

bool spagm__tok_punct(spagm__tok t, char c) {
  return t.kind == SPAGM__TK_PUNCT && t.ch == c;
}

bool spagm__tok_ends(spagm__tok t) {
  return t.kind == SPAGM__TK_EOF || t.kind == SPAGM__TK_NEWLINE ||
         spagm__tok_punct(t, ';');
}

const char *spagm__tok_describe(spagm__tok t, char *buf, size_t n) {
  switch (t.kind) {
    case SPAGM__TK_EOF: snprintf(buf, n, "end of input"); break;
    case SPAGM__TK_NEWLINE: snprintf(buf, n, "end of line"); break;
    case SPAGM__TK_WORD:
      snprintf(buf, n, "'%.*s'", t.len > 40 ? 40 : (int)t.len, t.s);
      break;
    case SPAGM__TK_PUNCT: snprintf(buf, n, "'%c'", t.ch); break;
    case SPAGM__TK_BAD:
      if ((unsigned char)t.ch >= 0x21 && (unsigned char)t.ch < 0x7F)
        snprintf(buf, n, "'%c'", t.ch);
      else
        snprintf(buf, n, "byte 0x%02x", (unsigned)(unsigned char)t.ch);
      break;
  }
  return buf;
}
