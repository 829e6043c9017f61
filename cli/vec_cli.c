// SPDX-License-Identifier: Apache-2.0
/* Helpers shared by the vector subcommands (vec_cli.h). */
#include "vec_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void spagm_cli_vec_error(const char *cmd, const char *file, const spagm_diag *d) {
  if (d->line > 0 && d->col > 0)
    fprintf(stderr, "spagm %s: %s:%d:%d: %s\n", cmd, file, d->line, d->col, d->msg);
  else if (d->line > 0)
    fprintf(stderr, "spagm %s: %s:%d: %s\n", cmd, file, d->line, d->msg);
  else
    fprintf(stderr, "spagm %s: %s: %s\n", cmd, file, d->msg);
}

bool spagm_cli_parse_num(const char *s, uint64_t max, uint64_t *v) {
  if (!s || !*s || *s == '-' || *s == '+' || *s == ' ') return false;
  char *end;
  bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  unsigned long long x = strtoull(s, &end, hex ? 16 : 10);
  if (*end || x > max) return false;
  *v = x;
  return true;
}

const char *spagm_cli_opt_value(int argc, char **argv, int *i, const char *name, bool *missing) {
  const char *a = argv[*i];
  size_t n = strlen(name);
  *missing = false;
  if (strncmp(a, name, n) != 0) return NULL;
  if (a[n] == '=') return a + n + 1;
  if (a[n] != '\0') return NULL;
  if (*i + 1 >= argc) {
    *missing = true;
    return NULL;
  }
  return argv[++*i];
}
