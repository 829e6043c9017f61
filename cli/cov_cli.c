// SPDX-License-Identifier: Apache-2.0
/* `--cov FILE` shared by gen, run and check (cov_cli.h). */
#include "cov_cli.h"

#include <string.h>

int spagm_cli_cov_take(const char *cmd, int *argc, char **argv, const char **path) {
  if (!cmd || !argc || !argv || !path) return 2;
  *path = NULL;
  int out = 0;
  for (int i = 0; i < *argc; i++) {
    const char *v = NULL;
    if (strcmp(argv[i], "--cov") == 0)
      v = i + 1 < *argc ? argv[++i] : "";
    else if (strncmp(argv[i], "--cov=", 6) == 0)
      v = argv[i] + 6;
    else {
      argv[out++] = argv[i];
      continue;
    }
    if (!*v || *path) {
      fprintf(stderr, "spagm %s: %s\n", cmd,
              *v ? "--cov is given twice" : "--cov needs a database file name");
      return 2;
    }
    *path = v;
  }
  *argc = out;
  return 0;
}

spagm_cov *spagm_cli_cov_open(const char *cmd) {
  spagm_cov *c = spagm_cov_new();
  if (!c) fprintf(stderr, "spagm %s: out of memory for the coverage database\n", cmd);
  return c;
}

int spagm_cli_cov_finish(const char *cmd, spagm_cov *c, const char *path, int rc) {
  if (!c || !path) {
    spagm_cov_free(c);
    return rc;
  }
  spagm_diag d = {0, 0, ""};
  spagm_status st = spagm_cov_write(c, path, &d);
  spagm_cov_free(c);
  if (st == SPAGM_OK) return rc;
  fprintf(stderr, "spagm %s: --cov %s: %s\n", cmd, path, d.msg);
  return 1;
}
