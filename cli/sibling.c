// SPDX-License-Identifier: Apache-2.0
/* Subcommands that are programs of their own (spagm regress runs
 * spagm-regress, spagm mutate runs spagm-mutate): the tool that sits beside
 * this spagm is run with the same arguments. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"

int spagm_exec_sibling(const char *sub, const char *tool, int argc, char **argv) {
  char path[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) {
    fprintf(stderr, "spagm %s: cannot find this program's folder\n", sub);
    return 2;
  }
  path[n] = '\0';
  char *slash = strrchr(path, '/');
  size_t len = strlen(tool) + 1;
  if (!slash || (size_t)(slash + 1 - path) + len > sizeof path) return 2;
  memcpy(slash + 1, tool, len);
  char **args = calloc((size_t)argc + 2, sizeof *args);
  if (!args) return 2;
  args[0] = (char *)tool;
  for (int i = 0; i < argc; i++) args[i + 1] = argv[i];
  execv(path, args);
  fprintf(stderr, "spagm %s: cannot run %s: %s (build the target %s)\n", sub, path,
          strerror(errno), tool);
  free(args);
  return 2;
}
