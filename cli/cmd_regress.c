// SPDX-License-Identifier: Apache-2.0
/* spagm regress: the regression runner is its own program (regress/,
 * docs/regress.md); this subcommand runs the spagm-regress that sits beside
 * this spagm with the same arguments. */
#include "commands.h"

int spagm_cmd_regress(int argc, char **argv) {
  return spagm_exec_sibling("regress", "spagm-regress", argc, argv);
}
