// SPDX-License-Identifier: Apache-2.0
/* spagm-regress --launcher slurm: the plan as job arrays (`sbatch --array`),
 * each task `spagm-regress --exec DIR BASE+ID` writing its result into the
 * shared results folder. An array's task ids must stay below the cluster's
 * MaxArraySize (`scontrol show config`, or --max-array), so a larger plan is
 * split into arrays of consecutive runs, each with its base index as the
 * task script's argument (N254). Polled with squeue
 * (sacct once a task has left squeue); a task the cluster lost (NODE_FAIL,
 * PREEMPTED, BOOT_FAIL) is submitted again up to --retries times; cancel
 * is scancel and a wait until squeue no longer shows the jobs. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "launcher.h"
#include "lock.h"
#include "util.h"

typedef struct slurm_state {
  char **jobs;       /* every job id submitted */
  size_t *base;      /* per job: the run index of its task 0 */
  size_t njobs;
  size_t max_array;  /* task ids are 0 .. max_array-1 (MaxArraySize) */
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

/* The output of the command in cmd (freed), NULL when it could not run. */
static char *capture_buf(spagm_buf *cmd) {
  int st;
  char *out = capture(cmd->s, &st);
  spagm_buf_free(cmd);
  return out;
}

/* The next line of *cur (cut in place), advancing it; NULL at the end. */
static char *next_line(char **cur) {
  char *line = *cur;
  if (!line || !*line) return NULL;
  char *nl = strchr(line, '\n');
  if (nl) *nl++ = '\0';
  *cur = nl;
  return line;
}

static void write_script(rg_ctx *c) {
  spagm_buf b = {0};
  spagm_buf_puts(&b, "#!/bin/sh\n# SPDX-License-Identifier: Apache-2.0\n"
                  "# One array task = one run of plan.tsv (written by spagm-regress).\nexec ");
  spagm_buf_shquote(&b, c->self);
  spagm_buf_puts(&b, " --exec ");
  spagm_buf_shquote(&b, c->dir);
  /* $1: the run index of task 0 of this array (N254); then this runner's
   * token: a task that starts after a --resume took the folder over does
   * not run */
  char token[320];
  rg_lock_token(token, sizeof token);
  spagm_buf_puts(&b, " \"$(( ${1:-0} + SLURM_ARRAY_TASK_ID ))\" ");
  spagm_buf_shquote(&b, token);
  spagm_buf_puts(&b, "\n");
  char *path = rg_path_join(c->dir, "slurm/task.sh");
  rg_write_file(path, b.s, b.len);
  free(path);
  spagm_buf_free(&b);
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

static void sbatch_options(spagm_buf *b, const rg_ctx *c, const char *idx) {
  const char *base = strrchr(c->dir, '/');
  spagm_buf_puts(b, "sbatch --parsable --array=");
  spagm_buf_puts(b, idx);
  spagm_buf_puts(b, " --job-name=spagm-regress-");
  spagm_buf_shquote(b, base ? base + 1 : c->dir);
  spagm_buf_printf(b, " --time=%u --ntasks=1 --cpus-per-task=1", time_minutes(c));
  if (c->opts->mem_mb) spagm_buf_printf(b, " --mem=%u", c->opts->mem_mb);
  if (c->opts->partition) spagm_buf_puts(b, " --partition="), spagm_buf_shquote(b, c->opts->partition);
  if (c->opts->account) spagm_buf_puts(b, " --account="), spagm_buf_shquote(b, c->opts->account);
  char *out = rg_path_join(c->dir, "slurm/%A_%a.out");
  spagm_buf_puts(b, " --output="), spagm_buf_shquote(b, out);
  free(out);
}

/* Submits one array: the runs base+t for each task id t of spec ("0-999",
 * "3,7-9"). */
static int submit_array(rg_ctx *c, slurm_state *s, size_t base, const char *spec) {
  spagm_buf cmd = {0};
  sbatch_options(&cmd, c, spec);
  char *script = rg_path_join(c->dir, "slurm/task.sh");
  spagm_buf_puts(&cmd, " "), spagm_buf_shquote(&cmd, script);
  spagm_buf_printf(&cmd, " %zu 2>&1", base);
  free(script);
  int st = -1;
  char *out = capture(cmd.s, &st);
  int ok = out && st == 0 && out[0] >= '0' && out[0] <= '9';
  if (ok) {
    out[strcspn(out, ";\n")] = '\0'; /* --parsable: "jobid[;cluster]" */
    s->jobs = rg_xrealloc(s->jobs, (s->njobs + 1) * sizeof *s->jobs);
    s->base = rg_xrealloc(s->base, (s->njobs + 1) * sizeof *s->base);
    s->base[s->njobs] = base;
    s->jobs[s->njobs++] = rg_xstrdup(out);
    spagm_buf line = {0};
    spagm_buf_printf(&line, "%s\t%zu\t%s\n", out, base, spec);
    char *path = rg_path_join(c->dir, "slurm/jobs");
    FILE *f = fopen(path, "a"); /* a log: every job of this regression */
    if (f) fputs(line.s, f), fclose(f);
    free(path), spagm_buf_free(&line);
  } else {
    fprintf(stderr, "spagm-regress: sbatch failed: %s\n  command: %s\n", out ? out : "", cmd.s);
  }
  free(out), spagm_buf_free(&cmd);
  return ok ? 0 : -1;
}

/* Submits the runs idx[0..n) (ascending) as arrays whose task ids stay
 * below max_array: each array starts at its first run, whose index is its
 * base, and takes the following runs while they fit (N254). */
static int submit(rg_ctx *c, slurm_state *s, const size_t *idx, size_t n) {
  for (size_t k = 0; k < n;) {
    size_t base = idx[k], end = k;
    while (end < n && idx[end] - base < s->max_array) end++;
    spagm_buf spec = {0};
    for (size_t j = k; j < end;) { /* ranges of consecutive ids */
      size_t hi = j;
      while (hi + 1 < end && idx[hi + 1] == idx[hi] + 1) hi++;
      spagm_buf_printf(&spec, "%s%zu", spec.len ? "," : "", idx[j] - base);
      if (hi > j) spagm_buf_printf(&spec, "-%zu", idx[hi] - base);
      j = hi + 1;
    }
    for (size_t j = k; j < end; j++) s->job_of[idx[j]] = s->njobs;
    int rc = submit_array(c, s, base, spec.s);
    spagm_buf_free(&spec);
    if (rc) return rc;
    k = end;
  }
  return 0;
}

/* The cluster's MaxArraySize (task ids 0 .. MaxArraySize-1): --max-array,
 * else `scontrol show config`, else Slurm's default, 1001. */
static size_t max_array_size(const rg_ctx *c) {
  if (c->opts->max_array) return c->opts->max_array;
  int st;
  char *out = capture("scontrol show config 2>/dev/null", &st);
  size_t n = 1001;
  const char *m = out ? strstr(out, "MaxArraySize") : NULL;
  if (m && (m = strchr(m, '='))) {
    unsigned long v = strtoul(m + 1, NULL, 10);
    if (v > 0) n = v;
  }
  free(out);
  return n;
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
  s->max_array = max_array_size(c);
  size_t *idx = rg_xmalloc(n * sizeof *idx), m = 0;
  for (size_t i = 0; i < n; i++)
    if (c->plan->runs[i].phase != RG_DONE) idx[m++] = i; /* --resume keeps the others */
  rc = m ? submit(c, s, idx, m) : 0;
  for (size_t k = 0; !rc && k < m; k++) c->plan->runs[idx[k]].attempts = 1;
  free(idx);
  return rc;
}

static void job_list(spagm_buf *b, const slurm_state *s) {
  for (size_t j = 0; j < s->njobs; j++) spagm_buf_printf(b, "%s%s", j ? "," : "", s->jobs[j]);
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
  spagm_buf cmd = {0};
  spagm_buf_puts(&cmd, "squeue -h -r -t all -o '%F %K %T' -j ");
  job_list(&cmd, s);
  spagm_buf_puts(&cmd, " 2>/dev/null");
  char *out = capture_buf(&cmd), *cur = out;
  for (char *line; (line = next_line(&cur));) {
    char job[64], state[64];
    unsigned long t;
    if (sscanf(line, "%63s %lu %63s", job, &t, state) != 3) continue;
    size_t j = 0;
    while (j < s->njobs && strcmp(job, s->jobs[j]) != 0) j++;
    size_t k = j < s->njobs ? s->base[j] + t : SIZE_MAX;
    if (k >= c->plan->nruns || s->job_of[k] != j) continue; /* an earlier attempt */
    free(s->state[k]);
    s->state[k] = rg_xstrdup(state);
    seen[k] = 1;
  }
  free(out);
}

/* The final states of the tasks squeue no longer knows, from one sacct per
 * job (not one per task: a lost array of a thousand tasks is one query,
 * N254) into final[k]; a task sacct does not name keeps NULL. */
static void sacct_states(const slurm_state *s, const size_t *gone, size_t ngone, char **final) {
  unsigned char *asked = rg_xmalloc(s->njobs + 1);
  memset(asked, 0, s->njobs + 1);
  for (size_t g = 0; g < ngone; g++) {
    size_t j = s->job_of[gone[g]];
    if (asked[j]++) continue;
    spagm_buf cmd = {0};
    spagm_buf_printf(&cmd, "sacct -n -P -X -o JobID,State -j %s 2>/dev/null", s->jobs[j]);
    char *out = capture_buf(&cmd), *cur = out;
    for (char *line; (line = next_line(&cur));) {
      char *us = strchr(line, '_'), *bar = strchr(line, '|'), *end;
      if (!us || !bar || us > bar) continue; /* "JOB_T|STATE"; a pending "JOB_[..]" is skipped */
      unsigned long t = strtoul(us + 1, &end, 10);
      size_t k = s->base[j] + t;
      if (end != bar || k >= s->n || s->job_of[k] != j || final[k]) continue;
      bar[1 + strcspn(bar + 1, " ")] = '\0'; /* "CANCELLED by 0" */
      final[k] = rg_xstrdup(bar + 1);
    }
    free(out);
  }
  free(asked);
}

static int retriable(const char *st) {
  return strcmp(st, "NODE_FAIL") == 0 || strcmp(st, "PREEMPTED") == 0 ||
         strcmp(st, "BOOT_FAIL") == 0;
}

/* A task the farm ended: its --exec process got Slurm's SIGTERM and
 * recorded `cancelled`, or it left no record. Its final Slurm state says
 * why: TIMEOUT (its --time reached) is a `timeout`, CANCELLED (scancel by
 * someone else) a `cancelled`, both marked farm= so --resume runs them
 * again; NODE_FAIL, PREEMPTED and BOOT_FAIL are submitted again up to
 * --retries times, then `lost`. */
static void task_gone(rg_ctx *c, slurm_state *s, size_t i, char *final, size_t *retry,
                      size_t *nretry) {
  rg_run *r = &c->plan->runs[i];
  /* sacct's state, else the last state squeue showed */
  const char *st = final && final[0] ? final : s->state[i][0] ? s->state[i] : "UNKNOWN";
  int recorded = r->res.status == RG_CANCELLED; /* its record says cancelled */
  char *status = NULL;
  if (recorded) {
    char *rundir = rg_run_dir(c->dir, r);
    status = rg_path_join(rundir, "status");
    free(rundir);
  }
  if (retriable(st) && (unsigned)r->attempts <= c->opts->retries) {
    if (status) unlink(status); /* the next attempt writes its own */
    retry[(*nretry)++] = i;
    r->attempts++;
    r->phase = RG_QUEUED;
    s->misses[i] = 0;
  } else if (recorded && !retriable(st) && strcmp(st, "TIMEOUT") != 0 &&
             strncmp(st, "CANCELLED", 9) != 0) {
    r->phase = RG_DONE; /* its own record stands */
  } else {
    rg_status how = strncmp(st, "CANCELLED", 9) == 0 ? RG_CANCELLED
                    : strcmp(st, "TIMEOUT") == 0     ? RG_TIMEOUT
                                                     : RG_LOST;
    rg_result kept = r->res;
    if (how == RG_CANCELLED && recorded)
      rg_mark_lost(r, how, "cancelled by Slurm (state %s: scancel, or an administrator)", st);
    else
      rg_mark_lost(r, how, "Slurm task ended in state %s without a result", st);
    if (how == RG_TIMEOUT)
      snprintf(r->res.reason, sizeof r->res.reason,
               "Slurm time limit reached (state %s, --time %u min): killed", st, time_minutes(c));
    snprintf(r->res.farm, sizeof r->res.farm, "%s", st);
    if (recorded) { /* what ran stays known: host, job, time */
      r->res.wall_s = kept.wall_s;
      memcpy(r->res.host, kept.host, sizeof kept.host);
      memcpy(r->res.slurm_job, kept.slurm_job, sizeof kept.slurm_job);
      memcpy(r->res.slurm_task, kept.slurm_task, sizeof kept.slurm_task);
    }
    /* The record now says what the farm did, for --resume and
     * --rerun-failed. */
    rg_status_write(c->dir, r, &r->res);
    r->phase = RG_DONE;
  }
  free(status);
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
  size_t *gone = rg_xmalloc((n + 1) * sizeof *gone), ngone = 0;
  for (size_t i = 0; i < n; i++) {
    rg_run *r = &c->plan->runs[i];
    if (r->phase == RG_DONE) continue;
    int record = rg_status_read(c->dir, r);
    /* `cancelled` in a record while we are not cancelling: Slurm signalled
     * the task; its final state (below) says why. */
    if (record && !(r->res.status == RG_CANCELLED && !r->res.farm[0])) {
      r->phase = RG_DONE;
    } else if (seen[i] && active_state(s->state[i])) {
      r->phase = strcmp(s->state[i], "PENDING") == 0 ? RG_QUEUED : RG_RUNNING;
      s->misses[i] = 0;
    } else if (record && seen[i]) {
      gone[ngone++] = i; /* squeue shows its final state */
    } else if (++s->misses[i] >= 5) {
      gone[ngone++] = i;
    }
  }
  size_t *retry = rg_xmalloc((n + 1) * sizeof *retry), nretry = 0;
  if (ngone) {
    char **final = rg_xmalloc((n + 1) * sizeof *final);
    memset(final, 0, (n + 1) * sizeof *final);
    sacct_states(s, gone, ngone, final);
    for (size_t g = 0; g < ngone; g++) task_gone(c, s, gone[g], final[gone[g]], retry, &nretry);
    for (size_t g = 0; g < ngone; g++) free(final[gone[g]]);
    free(final);
  }
  int rc = nretry ? submit(c, s, retry, nretry) : 0;
  free(retry), free(gone), free(seen);
  return rc;
}

/* scancel the jobs listed, then wait (at most 2 minutes) until squeue
 * shows none of them: the tasks' --exec processes write `cancelled` as
 * they stop. */
static void cancel_jobs(const char *list) {
  spagm_buf cmd = {0};
  spagm_buf_printf(&cmd, "scancel %s 2>&1", list);
  int st;
  free(capture(cmd.s, &st));
  spagm_buf_free(&cmd);
  spagm_buf_printf(&cmd, "squeue -h -o %%i -j %s 2>/dev/null", list);
  for (double until = rg_now() + 120; rg_now() < until; rg_sleep_ms(500)) {
    char *out = capture(cmd.s, &st);
    int empty = out && st == 0 && out[0] == '\0';
    free(out);
    if (empty) break;
  }
  spagm_buf_free(&cmd);
}

static void slurm_cancel(rg_ctx *c, void *state) {
  slurm_state *s = state;
  if (!s || !s->njobs) return;
  spagm_buf list = {0};
  job_list(&list, s);
  cancel_jobs(list.s);
  spagm_buf_free(&list);
  (void)c;
}

void rg_slurm_cancel_recorded(const char *dir) {
  char *path = rg_path_join(dir, "slurm/jobs");
  char *text = rg_read_file(path, NULL), *cur = text;
  free(path);
  spagm_buf list = {0};
  for (char *line; (line = next_line(&cur));) {
    line[strcspn(line, "\t")] = '\0';
    if (line[0] && strspn(line, "0123456789") == strlen(line))
      spagm_buf_printf(&list, "%s%s", list.len ? "," : "", line);
  }
  if (list.len) {
    fprintf(stderr, "spagm-regress: %s: cancelling the Slurm jobs of the interrupted runner (%s)\n",
            dir, list.s);
    cancel_jobs(list.s);
  }
  spagm_buf_free(&list);
  free(text);
}

static void slurm_release(void *state) {
  slurm_state *s = state;
  if (!s) return;
  for (size_t j = 0; j < s->njobs; j++) free(s->jobs[j]);
  free(s->jobs), free(s->base), free(s->misses), free(s->job_of);
  for (size_t i = 0; i < s->n; i++) free(s->state[i]);
  free(s->state);
  free(s);
}

const rg_launcher rg_launcher_slurm = {"slurm", 1000, slurm_start, slurm_poll, slurm_cancel,
                                       slurm_release};
