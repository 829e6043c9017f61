// SPDX-License-Identifier: Apache-2.0
/* Helpers shared by the vector subcommands (gen, check, merge, export-hex). */
#ifndef SPAGM_CLI_VEC_CLI_H
#define SPAGM_CLI_VEC_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "spagm/status.h"

/* "spagm CMD: FILE:LINE:COL: message" (line and column when known). */
void spagm_cli_vec_error(const char *cmd, const char *file, const spagm_diag *d);

/* A decimal (or 0x hex) number up to max; false otherwise. */
bool spagm_cli_parse_num(const char *s, uint64_t max, uint64_t *v);

/* The value of option `name` at argv[*i]: "--name VALUE" (advancing *i) or
 * "--name=VALUE". NULL when argv[*i] is not that option; *missing is set
 * when it is but has no value. */
const char *spagm_cli_opt_value(int argc, char **argv, int *i, const char *name, bool *missing);

#endif
