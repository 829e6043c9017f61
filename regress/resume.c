// SPDX-License-Identifier: Apache-2.0
/* spagm-regress --resume DIR (docs/regress.md, "Resume"). Each run commits
 * its result the moment it ends, as one file written whole
 * (DIR/runs/ID/status, rg_write_file), so whatever stopped the runner (a
 * signal, SIGKILL, the loss of its node) the runs with a complete result
 * stand and only the others run again, in the same folder, with the same
 * plan; the results, the merged coverage and the buckets are then made from
 * every run's record as for an undisturbed regression, each run counted
 * once. */
#define _XOPEN_SOURCE 700 /* nftw */
#include "resume.h"

#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lock.h"
#include "util.h"

int rg_invocation_write(const char *dir, const rg_opts *o, const char *set, const char *desc,
                        const char *started) {
  spagm_buf b = {0};
  spagm_buf_printf(&b, "# spagm-regress invocation 1 (read by --resume)\nset=%s\ndesc=%s\n"
                "launcher=%s\nstarted=%s\njobs=%u\ntime=%u\nmem=%u\nretries=%u\nmax_array=%u\n"
                "fail_on_holes=%d\npartition=%s\naccount=%s\nhistory=%s\n", set, desc ? desc : "",
                o->launcher, started, o->jobs, o->time_min, o->mem_mb, o->retries, o->max_array,
                o->fail_on_holes, o->partition ? o->partition : "", o->account ? o->account : "",
                o->history ? o->history : "");
  int rc = rg_write_in(dir, "invocation", b.s, b.len);
  spagm_buf_free(&b);
  return rc;
}

static void inv_field(rg_invocation *v, const char *k, const char *val) {
  char **strs[] = {&v->set, &v->desc, &v->launcher, &v->started, &v->partition, &v->account,
                   &v->history};
  const char *snames[] = {"set", "desc", "launcher", "started", "partition", "account", "history"};
  for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++)
    if (strcmp(k, snames[i]) == 0) {
      free(*strs[i]);
      *strs[i] = rg_xstrdup(val);
      return;
    }
  unsigned *nums[] = {&v->jobs, &v->time_min, &v->mem_mb, &v->retries, &v->max_array};
  const char *nnames[] = {"jobs", "time", "mem", "retries", "max_array"};
  for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
    if (strcmp(k, nnames[i]) == 0) *nums[i] = (unsigned)strtoul(val, NULL, 10);
  if (strcmp(k, "fail_on_holes") == 0) v->fail_on_holes = atoi(val);
}

int rg_invocation_read(const char *dir, rg_invocation *inv) {
  memset(inv, 0, sizeof *inv);
  char *path = rg_path_join(dir, "invocation");
  char *text = rg_read_file(path, NULL);
  if (!text) {
    fprintf(stderr, "spagm-regress: %s: %s (not a results folder of this spagm-regress)\n", path,
            strerror(errno));
    free(path);
    return -1;
  }
  for (char *save = NULL, *line = text; line && *line; line = save) {
    save = strchr(line, '\n');
    if (save) *save++ = '\0';
    char *eq = line[0] == '#' ? NULL : strchr(line, '=');
    if (!eq) continue;
    *eq = '\0';
    inv_field(inv, line, eq + 1);
  }
  free(text);
  int rc = inv->set && inv->launcher && inv->started && inv->jobs ? 0 : -1;
  if (rc) fprintf(stderr, "%s: error: incomplete (set, launcher, started, jobs needed)\n", path);
  free(path);
  return rc;
}

void rg_invocation_free(rg_invocation *v) {
  free(v->set), free(v->desc), free(v->launcher), free(v->partition), free(v->account);
  free(v->history), free(v->started);
  memset(v, 0, sizeof *v);
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb, (void)flag, (void)ftw;
  if (remove(path) != 0 && errno != ENOENT) {
    fprintf(stderr, "spagm-regress: cannot remove %s: %s\n", path, strerror(errno));
    return -1;
  }
  return 0;
}

/* The --exec processes of runs without a result that still run on this
 * host (their runner was killed): SIGTERM, as a cancel, then SIGKILL after
 * 20 s; their runs are run again. */
static void stop_leftovers(const char *dir, rg_plan *p) {
  long *pids = rg_xmalloc((p->nruns + 1) * sizeof *pids);
  size_t n = 0;
  for (size_t i = 0; i < p->nruns; i++) {
    rg_run *r = &p->runs[i];
    if (rg_status_read(dir, r) && rg_result_complete(&r->res)) continue;
    char *rundir = rg_run_dir(dir, r);
    char *owner = rg_path_join(rundir, "exec");
    long pid = rg_owner_running(owner);
    free(owner), free(rundir);
    if (pid <= 0) continue;
    fprintf(stderr, "spagm-regress: %s: stopping %s's --exec process %ld, left by the "
            "interrupted runner\n", dir, r->id, pid);
    kill((pid_t)pid, SIGTERM);
    pids[n++] = pid;
  }
  for (double until = rg_now() + 20; n && rg_now() < until; rg_sleep_ms(50)) {
    size_t alive = 0;
    for (size_t k = 0; k < n; k++) alive += kill((pid_t)pids[k], 0) == 0;
    if (!alive) break;
  }
  for (size_t k = 0; k < n; k++) kill((pid_t)pids[k], SIGKILL);
  free(pids);
}

int rg_resume_plan(const char *dir, rg_plan *p) {
  if (rg_plan_read(dir, p)) return -1;
  char *jobs = rg_path_join(dir, "slurm/jobs");
  int slurm = access(jobs, F_OK) == 0;
  free(jobs);
  if (slurm) rg_slurm_cancel_recorded(dir);
  stop_leftovers(dir, p);
  size_t kept = 0;
  for (size_t i = 0; i < p->nruns; i++) {
    rg_run *r = &p->runs[i];
    if (rg_status_read(dir, r) && rg_result_complete(&r->res)) {
      r->phase = RG_DONE;
      r->attempts = 1;
      kept++;
      continue;
    }
    /* What a stopped attempt left (a log cut short, a partial run.cov)
     * must not be mistaken for the new attempt's. */
    char *rundir = rg_run_dir(dir, r);
    int rc = nftw(rundir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(rundir);
    if (rc != 0 && errno != ENOENT) return -1;
    memset(&r->res, 0, sizeof r->res);
    r->res.exit_code = -1;
    r->phase = RG_QUEUED;
  }
  fprintf(stderr, "spagm-regress: resuming %s: %zu of %zu runs have a complete result, %zu to run\n",
          dir, kept, p->nruns, p->nruns - kept);
  return 0;
}
