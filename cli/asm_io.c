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

bool spagm_cli_read_all(const char *path, char **buf, size_t *len, char *err,
                        size_t errn) {
  bool use_stdin = strcmp(path, "-") == 0;
  FILE *f = use_stdin ? stdin : fopen(path, "rb");
  if (!f) {
    snprintf(err, errn, "cannot open %s: %s", path, strerror(errno));
    return false;
  }
  size_t cap = 4096, n = 0;
  char *b = malloc(cap);
  bool ok = b != NULL;
  while (ok) {
    if (n + 1 >= cap) {
      char *nb = cap <= ((size_t)-1) / 2 ? realloc(b, cap * 2) : NULL;
      if (!nb) {
        ok = false;
        break;
      }
      b = nb;
      cap *= 2;
    }
    size_t k = fread(b + n, 1, cap - n - 1, f);
    n += k;
    if (k == 0) break;
  }
  if (!ok)
    snprintf(err, errn, "out of memory reading %s", spagm_cli_input_name(path));
  else if (ferror(f)) {
    snprintf(err, errn, "cannot read %s", spagm_cli_input_name(path));
    ok = false;
  }
  if (!use_stdin) fclose(f);
  if (!ok) {
    free(b);
    return false;
  }
  b[n] = '\0';
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
