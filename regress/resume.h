// SPDX-License-Identifier: Apache-2.0
/* spagm-regress --resume DIR: finishing an interrupted regression. */
#ifndef SPAGM_REGRESS_RESUME_H
#define SPAGM_REGRESS_RESUME_H

#include "launcher.h"

/* DIR/invocation: what the regression was started with (its set, its
 * description, launcher options, start time), for --resume. */
typedef struct rg_invocation {
  char *set, *desc, *launcher, *partition, *account, *history, *started;
  unsigned jobs, time_min, mem_mb, retries, max_array;
  int fail_on_holes;
} rg_invocation;

int rg_invocation_write(const char *dir, const rg_opts *o, const char *set, const char *desc,
                        const char *started);
int rg_invocation_read(const char *dir, rg_invocation *inv);
void rg_invocation_free(rg_invocation *inv);

/* Reads DIR's plan and the results its runs committed, stops what an
 * interrupted runner left running (its Slurm jobs, its --exec processes on
 * this host), and clears the folders of the runs without a complete result
 * (rg_result_complete), which stay RG_QUEUED; the others are RG_DONE with
 * their result. -1 on error. */
int rg_resume_plan(const char *dir, rg_plan *p);

#endif
