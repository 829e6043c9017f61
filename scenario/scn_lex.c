// SPDX-License-Identifier: Apache-2.0
/* Tokenizer helpers for scenario directive arguments (scenario.h). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scenario.h"

static bool is_sep(char c) {
  return c == ',' || c == '=' || c == '[' || c == ']' || c == '(' ||
         c == ')' || c == '{' || c == '}';
}

static void skip_blanks(spagm_scn_args *a) {
  while (*a->p == ' ' || *a->p == '\t' || *a->p == '\r') a->p++;
}

int spagm_scn_col(const spagm_scn_args *a) { return (int)(a->p - a->text) + 1; }

bool spagm_scn_at_end(spagm_scn_args *a) {
  skip_blanks(a);
  return *a->p == '\0' || *a->p == '\n' || (a->p[0] == '/' && a->p[1] == '/');
}

spagm_status spagm_scn_error(const spagm_scn_args *a, spagm_diag *d,
                             const char *fmt, ...) {
  if (d) {
    va_list ap;
    d->line = a->line;
    d->col = spagm_scn_col(a);
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
  }
  return SPAGM_E_FORMAT;
}

bool spagm_scn_word(spagm_scn_args *a, char *buf, size_t n) {
  if (spagm_scn_at_end(a)) {
    if (n) buf[0] = '\0';
    return false;
  }
  size_t len = 0;
  if (is_sep(*a->p)) {
    if (n > 1) {
      buf[0] = *a->p;
      len = 1;
    }
    a->p++;
  } else {
    while (*a->p && !isspace((unsigned char)*a->p) && !is_sep(*a->p) &&
           !(a->p[0] == '/' && a->p[1] == '/')) {
      if (len + 1 < n) buf[len++] = *a->p;
      a->p++;
    }
  }
  if (n) buf[len] = '\0';
  return true;
}

bool spagm_scn_accept(spagm_scn_args *a, const char *tok) {
  spagm_scn_args save = *a;
  char w[64];
  if (spagm_scn_word(a, w, sizeof w) && strcasecmp(w, tok) == 0) return true;
  *a = save;
  return false;
}

spagm_status spagm_scn_require(spagm_scn_args *a, const char *tok,
                               spagm_diag *d) {
  if (spagm_scn_accept(a, tok)) return SPAGM_OK;
  return spagm_scn_error(a, d, "expected '%s' here", tok);
}

spagm_status spagm_scn_end(spagm_scn_args *a, spagm_diag *d) {
  if (spagm_scn_at_end(a)) return SPAGM_OK;
  return spagm_scn_error(a, d, "unexpected text '%.20s' at end of line", a->p);
}

/* Parse an integer literal token; *ok false when it is not one. */
static bool parse_int_token(const char *w, int64_t *v) {
  const char *s = w;
  bool neg = false;
  if (*s == '-' || *s == '+') neg = *s++ == '-';
  if (!*s) return false;
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
  } else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
    base = 2;
    s += 2;
  }
  if (!*s) return false;
  uint64_t acc = 0;
  for (; *s; s++) {
    int dgt;
    if (*s == '_') continue; /* 0xdead_beef */
    if (isdigit((unsigned char)*s)) dgt = *s - '0';
    else if (isxdigit((unsigned char)*s)) dgt = tolower((unsigned char)*s) - 'a' + 10;
    else return false;
    if (dgt >= base) return false;
    if (acc > (UINT64_MAX - (uint64_t)dgt) / (uint64_t)base) return false;
    acc = acc * (uint64_t)base + (uint64_t)dgt;
  }
  if (neg) {
    if (acc > (uint64_t)INT64_MAX) return false;
    *v = -(int64_t)acc;
  } else {
    *v = (int64_t)acc; /* values above INT64_MAX wrap; callers range-check */
  }
  return true;
}

/* A float literal with an f suffix: 1.0f, -0.5f, 1e3f, inff, nanf. */
static bool parse_float_token(const char *w, uint32_t *bits) {
  size_t n = strlen(w);
  if (n < 2 || (w[n - 1] != 'f' && w[n - 1] != 'F')) return false;
  if (w[0] == '0' && (w[1] == 'x' || w[1] == 'X')) return false; /* 0xff */
  char buf[64];
  if (n >= sizeof buf) return false;
  memcpy(buf, w, n - 1);
  buf[n - 1] = '\0';
  char *end;
  errno = 0;
  float f = strtof(buf, &end);
  if (*end != '\0' || end == buf) return false;
  memcpy(bits, &f, sizeof *bits);
  return true;
}

spagm_status spagm_scn_u32(spagm_scn_args *a, uint32_t *v, spagm_diag *d) {
  spagm_scn_args at = *a;
  char w[64];
  if (!spagm_scn_word(a, w, sizeof w))
    return spagm_scn_error(&at, d, "expected a value");
  int64_t x;
  if (parse_int_token(w, &x)) {
    if (x < INT32_MIN || (x > (int64_t)UINT32_MAX && w[0] != '-'))
      return spagm_scn_error(&at, d, "value '%s' does not fit in 32 bits", w);
    *v = (uint32_t)x;
    return SPAGM_OK;
  }
  if (parse_float_token(w, v)) return SPAGM_OK;
  skip_blanks(&at);
  return spagm_scn_error(&at, d,
                         "expected a number (decimal, 0x hex, 0b binary or a "
                         "float like 1.0f), found '%s'",
                         w);
}

spagm_status spagm_scn_u64(spagm_scn_args *a, uint64_t *v, spagm_diag *d) {
  spagm_scn_args at = *a;
  char w[64];
  if (!spagm_scn_word(a, w, sizeof w))
    return spagm_scn_error(&at, d, "expected a value");
  int64_t x;
  if (w[0] != '-' && parse_int_token(w, &x)) {
    *v = (uint64_t)x;
    return SPAGM_OK;
  }
  skip_blanks(&at);
  return spagm_scn_error(&at, d, "expected an unsigned number, found '%s'", w);
}

spagm_status spagm_scn_keyword(spagm_scn_args *a, const char *const *words,
                               int *index, spagm_diag *d) {
  spagm_scn_args at = *a;
  char w[64];
  if (spagm_scn_word(a, w, sizeof w)) {
    for (int i = 0; words[i]; i++) {
      if (strcasecmp(w, words[i]) == 0) {
        *index = i;
        return SPAGM_OK;
      }
    }
  }
  char list[160] = "";
  size_t used = 0;
  for (int i = 0; words[i] && used + 1 < sizeof list; i++)
    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                             i ? ", " : "", words[i]);
  skip_blanks(&at);
  return spagm_scn_error(&at, d, "expected one of %s, found '%s'", list, w);
}

spagm_status spagm_scn_lanes(spagm_scn_args *a, uint32_t *mask, spagm_diag *d) {
  spagm_scn_args at = *a;
  char w[64];
  if (!spagm_scn_word(a, w, sizeof w))
    return spagm_scn_error(&at, d, "expected lanes: all, a 0x mask, or a list like 0-7,9");
  if (strcasecmp(w, "all") == 0) {
    *mask = 0xFFFFFFFFu;
    return SPAGM_OK;
  }
  if (strcasecmp(w, "none") == 0) {
    *mask = 0;
    return SPAGM_OK;
  }
  if (w[0] == '0' && (w[1] == 'x' || w[1] == 'X' || w[1] == 'b' || w[1] == 'B')) {
    int64_t x;
    if (!parse_int_token(w, &x) || x < 0 || x > (int64_t)UINT32_MAX)
      return spagm_scn_error(&at, d, "lane mask '%s' is not a 32-bit mask", w);
    *mask = (uint32_t)x;
    return SPAGM_OK;
  }
  /* A list: items separated by commas, each N or N-M. */
  uint32_t m = 0;
  for (;;) {
    char *dash = strchr(w, '-');
    char *end;
    long lo = strtol(w, &end, 10);
    long hi = lo;
    if (end == w || (dash ? end != dash : *end != '\0'))
      return spagm_scn_error(&at, d, "'%s' is not a lane or lane range", w);
    if (dash) {
      hi = strtol(dash + 1, &end, 10);
      if (end == dash + 1 || *end != '\0')
        return spagm_scn_error(&at, d, "'%s' is not a lane range like 0-7", w);
    }
    if (lo < 0 || hi > 31 || lo > hi)
      return spagm_scn_error(&at, d, "lanes '%s' outside 0..31 or reversed", w);
    for (long l = lo; l <= hi; l++) m |= 1u << l;
    spagm_scn_args save = *a;
    if (!spagm_scn_accept(a, ",")) break;
    at = *a;
    if (!spagm_scn_word(a, w, sizeof w) || !isdigit((unsigned char)w[0])) {
      *a = save; /* the comma belongs to the caller */
      break;
    }
  }
  *mask = m;
  return SPAGM_OK;
}
