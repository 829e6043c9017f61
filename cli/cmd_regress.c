// SPDX-License-Identifier: Apache-2.0
/* spagm regress: the regression runner is its own program (regress/,
 * docs/regress.md); this subcommand runs the spagm-regress that sits beside
 * this spagm with the same arguments. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"

int spagm_cmd_regress(int argc, char **argv) {
  char path[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) {
    fprintf(stderr, "spagm regress: cannot find this program's folder\n");
    return 2;
  }
  path[n] = '\0';
  char *slash = strrchr(path, '/');
  if (!slash) return 2;
  static const char tool[] = "spagm-regress";
  if ((size_t)(slash + 1 - path) + sizeof tool > sizeof path) return 2;
  memcpy(slash + 1, tool, sizeof tool);
  char **args = calloc((size_t)argc + 2, sizeof *args);
  if (!args) return 2;
  args[0] = (char *)tool;
  for (int i = 0; i < argc; i++) args[i + 1] = argv[i];
  execv(path, args);
  fprintf(stderr, "spagm regress: cannot run %s: %s (build the target spagm-regress)\n", path,
          strerror(errno));
  free(args);
  return 2;
}
