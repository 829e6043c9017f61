// SPDX-License-Identifier: Apache-2.0
/* The tools' growable text buffer (spagm/util/buf.h). */
#define _GNU_SOURCE /* program_invocation_short_name */
#include "spagm/util/buf.h"

#include <errno.h> /* program_invocation_short_name */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) {
    fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
    exit(3);
  }
  return p;
}

void spagm_buf_add(spagm_buf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    b->cap = (b->len + n + 1) * 2;
    b->s = xrealloc(b->s, b->cap);
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
}

void spagm_buf_puts(spagm_buf *b, const char *s) { spagm_buf_add(b, s, strlen(s)); }

void spagm_buf_printf(spagm_buf *b, const char *fmt, ...) {
  /* A stack buffer first, not vsnprintf(NULL, 0, ...): GCC's
   * -Wformat-truncation misreads the NULL under -fsanitize=undefined. */
  char small[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof small) {
    spagm_buf_add(b, small, (size_t)n);
    return;
  }
  char *tmp = xrealloc(NULL, (size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(tmp, (size_t)n + 1, fmt, ap);
  va_end(ap);
  spagm_buf_add(b, tmp, (size_t)n);
  free(tmp);
}

/* Plain words stay unquoted so reproduce commands read naturally. */
void spagm_buf_shquote(spagm_buf *b, const char *s) {
  if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                      "_-+=/.,:@%") == strlen(s)) {
    spagm_buf_puts(b, s);
    return;
  }
  spagm_buf_puts(b, "'");
  for (; *s; s++) {
    if (*s == '\'')
      spagm_buf_puts(b, "'\\''");
    else
      spagm_buf_add(b, s, 1);
  }
  spagm_buf_puts(b, "'");
}

char *spagm_buf_take(spagm_buf *b) {
  char *s = b->s;
  if (!s) {
    s = xrealloc(NULL, 1);
    s[0] = '\0';
  }
  b->s = NULL;
  b->len = b->cap = 0;
  return s;
}

void spagm_buf_free(spagm_buf *b) {
  free(b->s);
  b->s = NULL;
  b->len = b->cap = 0;
}
