// SPDX-License-Identifier: Apache-2.0
/* `--cov FILE` of gen, run and check (docs/coverage.md): take the
 * option out of argv, collect into a fresh database, write it at the end. */
#ifndef SPAGM_CLI_COV_CLI_H
#define SPAGM_CLI_COV_CLI_H

#include "spagm/cov/cov.h"

/* Take --cov FILE / --cov=FILE out of argv (the rest compacted, *argc
 * lowered); *path NULL when absent. 2 (usage error, printed) when it has
 * no value or is given twice, else 0. */
int spagm_cli_cov_take(const char *cmd, int *argc, char **argv, const char **path);
/* A new database (NULL and said on stderr when out of memory). */
spagm_cov *spagm_cli_cov_open(const char *cmd);
/* Write c to path (when both are given) and free c; returns rc, or 1 when
 * the database could not be written. */
int spagm_cli_cov_finish(const char *cmd, spagm_cov *c, const char *path, int rc);

#endif
