// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the launcher interface. A launcher gets each run of the
 * plan performed by `spagm-regress --exec DIR INDEX` somewhere, and reports
 * each run's phase (queued, running, done); the run's own process writes its
 * result into DIR, so a launcher never interprets a run's outcome. An LSF or
 * SGE launcher is one more file implementing these four functions
 * (docs/regress.md, "Another scheduler"). */
#ifndef SPAGM_REGRESS_LAUNCHER_H
#define SPAGM_REGRESS_LAUNCHER_H

#include "regress.h"

typedef struct rg_opts {
  const char *file, *set, *launcher, *out, *bindir, *rerun;
  const char *history; /* --history HDIR (N251), or NULL */
  unsigned jobs;
  /* Slurm */
  unsigned time_min, mem_mb, retries;
  unsigned max_array; /* --max-array: MaxArraySize, 0 = ask scontrol (N254) */
  const char *partition, *account;
  int list_only;
  int fail_on_holes; /* functional holes (not reorder-only) fail the regression */
  const char *resume; /* --resume DIR: finish an interrupted regression */
} rg_opts;

typedef struct rg_ctx {
  rg_plan *plan;
  const char *dir;   /* absolute results folder, shared with every run */
  const char *self;  /* absolute path of this spagm-regress */
  const rg_opts *opts;
  const char *started; /* --resume: the regression's start time (its invocation) */
} rg_ctx;

typedef struct rg_launcher {
  const char *name;
  unsigned poll_ms;
  /* Prepare; may submit everything at once (a scheduler) or nothing yet. */
  int (*start)(rg_ctx *c, void **state);
  /* Start what may start, and set the phase of each run; a run is RG_DONE
   * once its status file is read or its loss is certain (res filled in). */
  int (*poll)(rg_ctx *c, void *state);
  /* Stop every run and return only when none is left (no process, no job). */
  void (*cancel)(rg_ctx *c, void *state);
  void (*release)(void *state);
} rg_launcher;

extern const rg_launcher rg_launcher_local;
extern const rg_launcher rg_launcher_slurm;

/* --resume: the Slurm jobs DIR/slurm/jobs lists, cancelled and waited for
 * (the jobs of a runner that was killed and so could not cancel them). */
void rg_slurm_cancel_recorded(const char *dir);

/* A run whose process or task ended without writing its status. */
void rg_mark_lost(rg_run *r, rg_status s, const char *fmt, const char *arg);

#endif
