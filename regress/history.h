// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the history of nights and its trend page (N251). */
#ifndef SPAGM_REGRESS_HISTORY_H
#define SPAGM_REGRESS_HISTORY_H
#include "regress.h"

/* A regression's figures, as DIR/night.tsv records them. */
typedef struct rg_night {
  char started[32], set[128];
  size_t runs, ok, holes;
  double wall_s, run_s, cov_pct;
  int partial, have_cov;
  char *dir; /* the results folder */
} rg_night;

/* history.c */
int rg_night_write(const rg_plan *p, const rg_meta *m); /* DIR/night.tsv */
int rg_night_read(const char *dir, rg_night *n);         /* -1 with a message */
/* The trend page of the folders' nights, oldest first: 0, 1 when a folder
 * had no readable record (left out, named on stderr), 2 when not written. */
int rg_history_page(char **dirs, size_t ndirs, const char *out);
/* --history HDIR: DIR appended to HDIR/nights, HDIR/history.html rewritten. */
int rg_history_add(const char *hdir, const char *dir);
/* spagm-regress history [-o FILE] DIR... (argv after "history") */
int rg_history_main(int argc, char **argv);

/* emit_history.c: the page, written whole; links relative to its folder. */
int rg_emit_history(const rg_night *n, size_t count, const char *out);
/* The path of `to` relative to the folder `from` (both absolute). */
char *rg_relpath(const char *from, const char *to);
#endif
