// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the injected defects of rtl_stubs/ (bugs.tsv), for tests
 * with `bugs = all`. Read from the catalogue the RTL and `spagm-cosim
 * +list_bugs` are built from, so the defects set cannot miss a new one. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"
#include "util.h"

/* One `sel<TAB>unit<TAB>name<TAB>what[<TAB>plusargs]` line into b. */
static int bug_line(const char *path, int lineno, char *line, rg_bug *b) {
  char *f[5] = {0};
  int n = 0;
  for (char *s = line; s && n < 5; n++) {
    f[n] = s;
    s = strchr(s, '\t');
    if (s) *s++ = '\0';
  }
  if (n < 4 || !f[1][0] || !f[2][0]) {
    fprintf(stderr, "%s:%d:1: error: expected sel, unit, name, what separated by tabs\n",
            path, lineno);
    return -1;
  }
  /* The name becomes part of a run id and of its folder's name. */
  if (strspn(f[2], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != strlen(f[2])) {
    fprintf(stderr, "%s:%d:1: error: bad defect name '%s' (letters, digits, _ and -)\n", path,
            lineno, f[2]);
    return -1;
  }
  b->unit = rg_xstrdup(f[1]);
  b->name = rg_xstrdup(f[2]);
  b->extra = rg_xstrdup(n > 4 ? f[4] : "");
  return 0;
}

int rg_bugs_load(const char *path, rg_bug **bugs, size_t *n) {
  *bugs = NULL;
  *n = 0;
  char *text = rg_read_file(path, NULL);
  if (!text) {
    fprintf(stderr, "%s: error: cannot read the defect catalogue: %s\n", path, strerror(errno));
    return -1;
  }
  int lineno = 0, rc = 0;
  for (char *save = NULL, *line = text; line && !rc; line = save) {
    save = strchr(line, '\n');
    if (save) *save++ = '\0';
    lineno++;
    if (line[0] < '0' || line[0] > '9') continue; /* comments and blank lines */
    *bugs = rg_xrealloc(*bugs, (*n + 1) * sizeof **bugs);
    rc = bug_line(path, lineno, line, &(*bugs)[*n]);
    if (!rc) (*n)++;
  }
  free(text);
  return rc;
}

void rg_bugs_free(rg_bug *bugs, size_t n) {
  for (size_t i = 0; i < n; i++) free(bugs[i].unit), free(bugs[i].name), free(bugs[i].extra);
  free(bugs);
}
