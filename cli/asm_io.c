// SPDX-License-Identifier: Apache-2.0
/* Input helpers of `spagm asm` and `spagm disasm` (asm_io.h). */
#include "asm_io.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spagm/insn.h"

const char *spagm_cli_input_name(const char *path) {
  return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

bool spagm_cli_lines_open(spagm_cli_lines *l, const char *path, char *err, size_t errn) {
  bool use_stdin = strcmp(path, "-") == 0;
  l->f = use_stdin ? stdin : fopen(path, "rb");
  l->name = spagm_cli_input_name(path);
  l->line = 0;
  if (!l->f) {
    snprintf(err, errn, "cannot open %s: %s", path, strerror(errno));
    return false;
  }
  return true;
}

void spagm_cli_lines_close(spagm_cli_lines *l) {
  if (l->f && l->f != stdin) fclose(l->f);
  l->f = NULL;
}

int spagm_cli_lines_next(spagm_cli_lines *l, size_t *len, char *err, size_t errn) {
  size_t n = 0;
  int c;
  while ((c = getc(l->f)) != EOF && c != '\n') {
    if (n == SPAGM_CLI_MAX_LINE) {
      snprintf(err, errn, "%s:%d: line longer than %u bytes: not text this command reads",
               l->name, l->line + 1, SPAGM_CLI_MAX_LINE);
      return -1;
    }
    l->buf[n++] = (char)c;
  }
  if (ferror(l->f)) {
    snprintf(err, errn, "%s:%d: cannot read: %s", l->name, l->line + 1, strerror(errno));
    return -1;
  }
  if (c == EOF && n == 0) return 0;
  l->buf[n] = '\0';
  l->line++;
  *len = n;
  return 1;
}

/* Append n bytes to the growing buffer *b; false when memory runs out. */
static bool append(char **b, size_t *len, size_t *cap, const char *s, size_t n) {
  if (*len + n + 1 > *cap) {
    size_t c = *cap ? *cap : 4096;
    while (*len + n + 1 > c) c *= 2;
    char *nb = realloc(*b, c);
    if (!nb) return false;
    *b = nb;
    *cap = c;
  }
  memcpy(*b + *len, s, n);
  *len += n;
  (*b)[*len] = '\0';
  return true;
}

bool spagm_cli_read_all(const char *path, char **buf, size_t *len, char *err,
                        size_t errn) {
  spagm_cli_lines *l = malloc(sizeof *l);
  if (!l) {
    snprintf(err, errn, "out of memory reading %s", spagm_cli_input_name(path));
    return false;
  }
  bool ok = spagm_cli_lines_open(l, path, err, errn);
  char *b = NULL;
  size_t n = 0, cap = 0, k;
  int got = 0;
  while (ok && (got = spagm_cli_lines_next(l, &k, err, errn)) == 1) {
    if (n + k + 1 > SPAGM_CLI_MAX_INPUT) {
      snprintf(err, errn, "%s:%d: the input is larger than %u bytes, the limit of this command",
               l->name, l->line, SPAGM_CLI_MAX_INPUT);
      ok = false;
    } else if (!append(&b, &n, &cap, l->buf, k) || !append(&b, &n, &cap, "\n", 1)) {
      snprintf(err, errn, "out of memory reading %s", l->name);
      ok = false;
    }
  }
  if (got < 0) ok = false;
  if (ok && !b) ok = append(&b, &n, &cap, "", 0);
  spagm_cli_lines_close(l);
  free(l);
  if (!ok) {
    free(b);
    return false;
  }
  *buf = b;
  *len = n;
  return true;
}

bool spagm_cli_parse_hex64(const char *s, size_t n, uint64_t *v) {
  if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s += 2;
    n -= 2;
  }
  if (n == 0 || n > 16) return false;
  uint64_t x = 0;
  for (size_t i = 0; i < n; i++) {
    int c = (unsigned char)s[i];
    if (!isxdigit(c)) return false;
    x = x << 4 | (uint64_t)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
  }
  *v = x;
  return true;
}

int spagm_cli_stage_of(const char *name) {
  for (int s = 0; s < (int)SPAGM_STAGE_COUNT; s++) {
    const char *sn = spagm_stage_name((spagm_stage)s);
    size_t i = 0;
    while (sn[i] && name[i] && toupper((unsigned char)name[i]) == sn[i]) i++;
    if (sn[i] == '\0' && name[i] == '\0') return s;
  }
  return -1;
}
