// SPDX-License-Identifier: Apache-2.0
/* spagm-regress --launcher slurm: the plan as one job array (`sbatch
 * --array`, task id = run index), each task `spagm-regress --exec DIR ID`
 * writing its result into the shared results folder. Polled with squeue
 * (sacct once a task has left squeue); a task the cluster lost (NODE_FAIL,
 * PREEMPTED, BOOT_FAIL) is submitted again up to --retries times; cancel
 * is scancel and a wait until squeue no longer shows the jobs. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launcher.h"
#include "util.h"

typedef struct slurm_state {
  char **jobs;       /* every job id submitted */
  size_t njobs;
  size_t n;
  char **state;      /* per run: the last Slurm state seen, "" none */
  unsigned *misses;  /* per run: polls since its task left squeue */
  size_t *job_of;     /* per run: index into jobs of its latest submission */
} slurm_state;

/* Runs a command and returns its whole standard output (NULL on failure). */
static char *capture(const char *cmd, int *status) {
  FILE *f = popen(cmd, "r");
  if (!f) return NULL;
  char *out = rg_read_stream(f, NULL);
  *status = pclose(f);
  return out;
}

static void write_script(rg_ctx *c) {
  rg_buf b = {0};
  rg_buf_puts(&b, "#!/bin/sh\n# SPDX-License-Identifier: Apache-2.0\n"
                  "# One array task = one run of plan.tsv (written by spagm-regress).\nexec ");
  rg_buf_shquote(&b, c->self);
  rg_buf_puts(&b, " --exec ");
  rg_buf_shquote(&b, c->dir);
  rg_buf_puts(&b, " \"$SLURM_ARRAY_TASK_ID\"\n");
  char *path = rg_path_join(c->dir, "slurm/task.sh");
  rg_write_file(path, b.s, b.len);
  free(path);
  rg_buf_free(&b);
}

/* The whole task's time: the longest run's timeout plus a minute for the
 * wrapper, unless --time says otherwise. */
static unsigned time_minutes(const rg_ctx *c) {
  if (c->opts->time_min) return c->opts->time_min;
  unsigned max = 0;
  for (size_t i = 0; i < c->plan->nruns; i++)
    if (c->plan->runs[i].timeout_s > max) max = c->plan->runs[i].timeout_s;
  return (max + 59) / 60 + 1;
}

static void sbatch_options(rg_buf *b, const rg_ctx *c, const char *idx) {
  const char *base = strrchr(c->dir, '/');
  rg_buf_puts(b, "sbatch --parsable --array=");
  rg_buf_puts(b, idx);
  rg_buf_puts(b, " --job-name=spagm-regress-");
  rg_buf_shquote(b, base ? base + 1 : c->dir);
  rg_buf_printf(b, " --time=%u --ntasks=1 --cpus-per-task=1", time_minutes(c));
  if (c->opts->mem_mb) rg_buf_printf(b, " --mem=%u", c->opts->mem_mb);
  if (c->opts->partition) rg_buf_puts(b, " --partition="), rg_buf_shquote(b, c->opts->partition);
  if (c->opts->account) rg_buf_puts(b, " --account="), rg_buf_shquote(b, c->opts->account);
  char *out = rg_path_join(c->dir, "slurm/%A_%a.out");
  rg_buf_puts(b, " --output="), rg_buf_shquote(b, out);
  free(out);
}

/* Submits the runs whose index list is idx ("0-3,7") as one array. */
static int submit(rg_ctx *c, slurm_state *s, const char *idx) {
  rg_buf cmd = {0};
  sbatch_options(&cmd, c, idx);
  char *script = rg_path_join(c->dir, "slurm/task.sh");
  rg_buf_puts(&cmd, " "), rg_buf_shquote(&cmd, script);
  rg_buf_puts(&cmd, " 2>&1");
  free(script);
  int st = -1;
  char *out = capture(cmd.s, &st);
  int ok = out && st == 0 && out[0] >= '0' && out[0] <= '9';
  if (ok) {
    out[strcspn(out, ";\n")] = '\0'; /* --parsable: "jobid[;cluster]" */
    s->jobs = rg_xrealloc(s->jobs, (s->njobs + 1) * sizeof *s->jobs);
    s->jobs[s->njobs++] = rg_xstrdup(out);
    rg_buf line = {0};
    rg_buf_printf(&line, "%s\t%s\n", out, idx);
    char *path = rg_path_join(c->dir, "slurm/jobs");
    FILE *f = fopen(path, "a"); /* a log: every job of this regression */
    if (f) fputs(line.s, f), fclose(f);
    free(path), rg_buf_free(&line);
  } else {
    fprintf(stderr, "spagm-regress: sbatch failed: %s\n  command: %s\n", out ? out : "", cmd.s);
  }
  free(out), rg_buf_free(&cmd);
  return ok ? 0 : -1;
}

static int slurm_start(rg_ctx *c, void **state) {
  slurm_state *s = rg_xmalloc(sizeof *s);
  memset(s, 0, sizeof *s);
  size_t n = c->plan->nruns;
  s->n = n;
  s->state = rg_xmalloc((n + 1) * sizeof *s->state);
  s->misses = rg_xmalloc((n + 1) * sizeof *s->misses);
  s->job_of = rg_xmalloc((n + 1) * sizeof *s->job_of);
  for (size_t i = 0; i < n; i++) s->state[i] = rg_xstrdup(""), s->misses[i] = 0, s->job_of[i] = 0;
  *state = s;
  char *sd = rg_path_join(c->dir, "slurm");
  int rc = rg_mkdir_p(sd);
  free(sd);
  if (rc || n == 0) return rc;
  write_script(c);
  rg_buf idx = {0};
  rg_buf_printf(&idx, "0-%zu", n - 1);
  rc = submit(c, s, idx.s);
  for (size_t i = 0; !rc && i < n; i++) c->plan->runs[i].attempts = 1;
  rg_buf_free(&idx);
  return rc;
}

static void job_list(rg_buf *b, const slurm_state *s) {
  for (size_t j = 0; j < s->njobs; j++) rg_buf_printf(b, "%s%s", j ? "," : "", s->jobs[j]);
}

static int active_state(const char *st) {
  static const char *const active[] = {"PENDING", "CONFIGURING", "RUNNING", "COMPLETING",
                                       "SUSPENDED", "REQUEUED", "RESIZING", "SIGNALING",
                                       "STAGE_OUT", "REQUEUE_HOLD", "REQUEUE_FED"};
  for (size_t i = 0; i < sizeof active / sizeof active[0]; i++)
    if (strcmp(st, active[i]) == 0) return 1;
  return 0;
}

/* One squeue for every task of this regression, finished ones included
 * (`-t all`; the controller keeps them for MinJobAge). */
static void squeue_states(rg_ctx *c, slurm_state *s, unsigned char *seen) {
  rg_buf cmd = {0};
  rg_buf_puts(&cmd, "squeue -h -r -t all -o '%F %K %T' -j ");
  job_list(&cmd, s);
  rg_buf_puts(&cmd, " 2>/dev/null");
  int st;
  char *out = capture(cmd.s, &st);
  rg_buf_free(&cmd);
  for (char *save = NULL, *line = out; line && *line; line = save) {
    save = strchr(line, '\n');
    if (save) *save++ = '\0';
    char job[64], state[64];
    unsigned long k;
    if (sscanf(line, "%63s %lu %63s", job, &k, state) != 3 || k >= c->plan->nruns) continue;
    if (strcmp(job, s->jobs[s->job_of[k]]) != 0) continue; /* an earlier attempt */
    free(s->state[k]);
    s->state[k] = rg_xstrdup(state);
    seen[k] = 1;
  }
  free(out);
}

/* The final state of a task squeue no longer knows: sacct's, else the last
 * state squeue showed. */
static char *final_state(const slurm_state *s, size_t i) {
  rg_buf cmd = {0};
  rg_buf_printf(&cmd, "sacct -n -P -X -o State -j %s_%zu 2>/dev/null", s->jobs[s->job_of[i]], i);
  int st;
  char *out = capture(cmd.s, &st);
  rg_buf_free(&cmd);
  if (out && st == 0 && out[0] >= 'A' && out[0] <= 'Z') {
    out[strcspn(out, " \n")] = '\0';
    return out;
  }
  free(out);
  return rg_xstrdup(s->state[i][0] ? s->state[i] : "UNKNOWN");
}

static int retriable(const char *st) {
  return strcmp(st, "NODE_FAIL") == 0 || strcmp(st, "PREEMPTED") == 0 ||
         strcmp(st, "BOOT_FAIL") == 0;
}

/* A task gone from the queue without a status file: lost, or retried. */
static void task_gone(rg_ctx *c, slurm_state *s, size_t i, rg_buf *retry) {
  rg_run *r = &c->plan->runs[i];
  char *st = final_state(s, i);
  if (retriable(st) && (unsigned)r->attempts <= c->opts->retries) {
    rg_buf_printf(retry, "%s%zu", retry->len ? "," : "", i);
    r->attempts++;
    s->job_of[i] = s->njobs; /* the job the retry list is about to become */
    r->phase = RG_QUEUED;
    s->misses[i] = 0;
  } else {
    rg_status how = strncmp(st, "CANCELLED", 9) == 0 ? RG_CANCELLED
                    : strcmp(st, "TIMEOUT") == 0     ? RG_TIMEOUT
                                                     : RG_LOST;
    rg_mark_lost(r, how, "Slurm task ended in state %s without a result", st);
    r->phase = RG_DONE;
  }
  free(st);
}

/* Status files are the truth; the queue only says where the others are. A
 * task is taken as gone after 5 polls without it, so a status file written
 * just before the task ended (a shared file system can lag) is still read. */
static int slurm_poll(rg_ctx *c, void *state) {
  slurm_state *s = state;
  size_t n = c->plan->nruns;
  unsigned char *seen = rg_xmalloc(n + 1);
  memset(seen, 0, n + 1);
  if (s->njobs) squeue_states(c, s, seen);
  rg_buf retry = {0};
  for (size_t i = 0; i < n; i++) {
    rg_run *r = &c->plan->runs[i];
    if (r->phase == RG_DONE) continue;
    if (rg_status_read(c->dir, r)) {
      r->phase = RG_DONE;
    } else if (seen[i] && active_state(s->state[i])) {
      r->phase = strcmp(s->state[i], "PENDING") == 0 ? RG_QUEUED : RG_RUNNING;
      s->misses[i] = 0;
    } else if (++s->misses[i] >= 5) {
      task_gone(c, s, i, &retry);
    }
  }
  int rc = 0;
  if (retry.len) rc = submit(c, s, retry.s);
  rg_buf_free(&retry);
  free(seen);
  return rc;
}

/* scancel, then wait (at most 2 minutes) until squeue shows none of our
 * jobs: the tasks' --exec processes write `cancelled` as they stop. */
static void slurm_cancel(rg_ctx *c, void *state) {
  slurm_state *s = state;
  if (!s || !s->njobs) return;
  rg_buf list = {0}, cmd = {0};
  job_list(&list, s);
  rg_buf_printf(&cmd, "scancel %s 2>&1", list.s);
  int st;
  free(capture(cmd.s, &st));
  rg_buf_free(&cmd);
  rg_buf_printf(&cmd, "squeue -h -o %%i -j %s 2>/dev/null", list.s);
  for (double until = rg_now() + 120; rg_now() < until; rg_sleep_ms(500)) {
    char *out = capture(cmd.s, &st);
    int empty = out && st == 0 && out[0] == '\0';
    free(out);
    if (empty) break;
  }
  rg_buf_free(&cmd), rg_buf_free(&list);
  (void)c;
}

static void slurm_release(void *state) {
  slurm_state *s = state;
  if (!s) return;
  for (size_t j = 0; j < s->njobs; j++) free(s->jobs[j]);
  free(s->jobs), free(s->misses), free(s->job_of);
  for (size_t i = 0; i < s->n; i++) free(s->state[i]);
  free(s->state);
  free(s);
}

const rg_launcher rg_launcher_slurm = {"slurm", 1000, slurm_start, slurm_poll, slurm_cancel,
                                       slurm_release};
