// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: progress while a regression runs. On a terminal one line
 * of counts redrawn in place; otherwise (CI logs, files) one plain line per
 * finished run, in completion order. */
#ifndef SPAGM_REGRESS_PROGRESS_H
#define SPAGM_REGRESS_PROGRESS_H

#include <stdio.h>

#include "regress.h"

typedef struct rg_progress {
  FILE *out;
  int tty;
  unsigned char *reported; /* per run: its end was printed */
  size_t done;
  char last[160];
} rg_progress;

void rg_progress_init(rg_progress *pg, const rg_plan *p, FILE *out);
void rg_progress_update(rg_progress *pg, const rg_plan *p, const char *dir);
void rg_progress_end(rg_progress *pg);

#endif
