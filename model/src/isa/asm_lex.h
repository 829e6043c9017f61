// SPDX-License-Identifier: Apache-2.0
/* Tokenizer of the assembly text (docs/assembly.md).
 *
 * Tokens: words ([A-Za-z0-9_]+, so "R5", "0x7", "2D", "req_6" are one word
 * each), single punctuation characters, line ends, and end of input.
 * Comments (// ... and # ... to end of line) and blanks are skipped. A '#'
 * directly followed by a digit or a sign is the immediate prefix of the
 * spec's "#ImmU10" notation, not a comment (N6). Columns count bytes, a tab
 * is one column. */
#ifndef SPAGM_ASM_LEX_H
#define SPAGM_ASM_LEX_H

#include <stdbool.h>
#include <stddef.h>

typedef enum spagm__tok_kind {
  SPAGM__TK_EOF = 0,
  SPAGM__TK_NEWLINE,
  SPAGM__TK_WORD,
  SPAGM__TK_PUNCT,
  SPAGM__TK_BAD /* a byte that starts no token; ch holds it */
} spagm__tok_kind;

typedef struct spagm__tok {
  spagm__tok_kind kind;
  const char *s; /* into the source, not NUL-terminated */
  size_t len;
  char ch; /* the character of PUNCT and BAD tokens */
  int line, col;
} spagm__tok;

typedef struct spagm__lexer {
  const char *src;
  size_t len, pos;
  int line, col;
  bool peeked;
  spagm__tok ahead;
} spagm__lexer;

/* Start lexing src[0..len) whose first byte is at line:col of the file. */
void spagm__lex_init(spagm__lexer *lx, const char *src, size_t len, int line,
                     int col);
spagm__tok spagm__lex_next(spagm__lexer *lx);
spagm__tok spagm__lex_peek(spagm__lexer *lx);

/* Token tests; word comparisons ignore case. */
bool spagm__tok_word(spagm__tok t, const char *w);
bool spagm__tok_punct(spagm__tok t, char c);
/* A token can end a statement: ';', a line end or end of input. */
bool spagm__tok_ends(spagm__tok t);

/* Short description of a token for messages: "'R5'", "';'", "end of line",
 * "end of input", "byte 0x01". Writes into buf (always NUL-terminated). */
const char *spagm__tok_describe(spagm__tok t, char *buf, size_t n);

#endif
