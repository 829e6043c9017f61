// SPDX-License-Identifier: Apache-2.0
/* spagm mutate: mutation analysis is a Python tool on pyslang
 * (python/spagm/mutate/, docs/mutate.md); this subcommand runs the
 * spagm-mutate launcher that the build writes beside this spagm (it knows
 * the project's Python and the build tree) with the same arguments. */
#include "commands.h"

int spagm_cmd_mutate(int argc, char **argv) {
  return spagm_exec_sibling("mutate", "spagm-mutate", argc, argv);
}
