// SPDX-License-Identifier: Apache-2.0
/* A growable text buffer for the tools of this tree (spagm-regress): text
 * built piece by piece, then written whole or taken as a string. Not
 * installed. Out of memory ends the program ("NAME: out of memory" on
 * stderr, exit status 3): a tool that builds its reports in memory has no
 * sensible way to go on without it. The libraries report SPAGM_E_NOMEM
 * instead and do not use this buffer. */
#ifndef SPAGM_UTIL_BUF_H
#define SPAGM_UTIL_BUF_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Start zeroed (`spagm_buf b = {0};`); s is NUL-terminated once anything
 * was added, NULL before. */
typedef struct spagm_buf {
  char *s;    /* the text, len bytes and a NUL */
  size_t len; /* bytes of text */
  size_t cap; /* bytes s has room for */
} spagm_buf;

void spagm_buf_add(spagm_buf *b, const char *s, size_t n);
void spagm_buf_puts(spagm_buf *b, const char *s);
void spagm_buf_printf(spagm_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* s quoted for sh: plain words as they are, anything else in single
 * quotes with each ' written '\''. */
void spagm_buf_shquote(spagm_buf *b, const char *s);
/* s as a JSON string literal, quotes included, escaped as
 * spagm_json_write_string (spagm/util/json.h) writes it. */
void spagm_buf_json_str(spagm_buf *b, const char *s);
/* The text (an empty string when nothing was added), now the caller's to
 * free; b is empty again. */
char *spagm_buf_take(spagm_buf *b);
/* Free the text; b is empty again. */
void spagm_buf_free(spagm_buf *b);

#ifdef __cplusplus
}
#endif
#endif
