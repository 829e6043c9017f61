// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: a run's status file (DIR/runs/ID/status, `key=value`
 * lines written by the run's own process) and the verdict: did the run do
 * what its test expects (pass, or fail with a matching log)? */
#define _POSIX_C_SOURCE 200809L
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launcher.h"
#include "regress.h"
#include "util.h"

static const char *const names[] = {"notrun", "pass", "fail", "timeout",
                                    "crash", "cancelled", "lost", "error"};

const char *rg_status_name(rg_status s) {
  return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

static char *status_path(const char *dir, const rg_run *r) {
  char *rundir = rg_run_dir(dir, r);
  char *path = rg_path_join(rundir, "status");
  free(rundir);
  return path;
}

int rg_status_write(const char *dir, const rg_run *r, const rg_result *res) {
  spagm_buf b = {0};
  spagm_buf_printf(&b, "status=%s\nexit=%d\nsignal=%d\nwall_s=%.3f\nhost=%s\nslurm_job=%s\n"
                "slurm_task=%s\nfarm=%s\nreason=%s\n", rg_status_name(res->status), res->exit_code,
                res->signal, res->wall_s, res->host, res->slurm_job, res->slurm_task, res->farm,
                res->reason);
  char *path = status_path(dir, r);
  int rc = rg_write_file(path, b.s, b.len);
  free(path);
  spagm_buf_free(&b);
  return rc;
}

static void status_field(rg_result *res, const char *key, const char *v) {
  if (strcmp(key, "status") == 0) {
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
      if (strcmp(v, names[i]) == 0) res->status = (rg_status)i;
  } else if (strcmp(key, "exit") == 0) {
    res->exit_code = atoi(v);
  } else if (strcmp(key, "signal") == 0) {
    res->signal = atoi(v);
  } else if (strcmp(key, "wall_s") == 0) {
    res->wall_s = strtod(v, NULL);
  } else if (strcmp(key, "host") == 0) {
    snprintf(res->host, sizeof res->host, "%s", v);
  } else if (strcmp(key, "slurm_job") == 0) {
    snprintf(res->slurm_job, sizeof res->slurm_job, "%s", v);
  } else if (strcmp(key, "slurm_task") == 0) {
    snprintf(res->slurm_task, sizeof res->slurm_task, "%s", v);
  } else if (strcmp(key, "farm") == 0) {
    snprintf(res->farm, sizeof res->farm, "%s", v);
  } else if (strcmp(key, "reason") == 0) {
    snprintf(res->reason, sizeof res->reason, "%s", v);
  }
}

/* 1 when the run's status file exists (the run is over), else 0. */
int rg_status_read(const char *dir, rg_run *r) {
  char *path = status_path(dir, r);
  char *text = rg_read_file(path, NULL);
  free(path);
  if (!text) return 0;
  rg_result res;
  memset(&res, 0, sizeof res);
  res.exit_code = -1;
  for (char *save = NULL, *line = text; line && *line; line = save) {
    save = strchr(line, '\n');
    if (save) *save++ = '\0';
    char *eq = strchr(line, '=');
    if (!eq) continue;
    *eq = '\0';
    status_field(&res, line, eq + 1);
  }
  free(text);
  r->res = res;
  return 1;
}

/* The run's log matches its test's log_regex (POSIX ERE). */
static int log_matches(const char *dir, const rg_run *r, int *bad_regex) {
  regex_t re;
  *bad_regex = regcomp(&re, r->log_regex, REG_EXTENDED | REG_NOSUB | REG_NEWLINE) != 0;
  if (*bad_regex) return 0;
  char *rundir = rg_run_dir(dir, r);
  char *path = rg_path_join(rundir, "log");
  char *log = rg_read_file(path, NULL);
  int m = log && regexec(&re, log, 0, NULL, 0) == 0;
  free(log), free(path), free(rundir);
  regfree(&re);
  return m;
}

static void append_reason(rg_result *res, const char *what) {
  size_t n = strlen(res->reason);
  snprintf(res->reason + n, sizeof res->reason - n, "%s%s", n ? "; " : "", what);
}

void rg_verdict(const char *dir, rg_run *r) {
  rg_result *res = &r->res;
  rg_status want = r->expect_fail ? RG_FAIL : RG_PASS;
  res->ok = res->status == want;
  if (res->ok && r->log_regex[0]) {
    int bad = 0;
    res->ok = log_matches(dir, r, &bad);
    if (!res->ok) append_reason(res, bad ? "log_regex does not compile" : "the log does not match log_regex");
  }
  if (r->expect_fail && res->status == RG_PASS) append_reason(res, "must fail but passed (defect not caught)");
  if (res->status == RG_NOTRUN && !res->reason[0]) append_reason(res, "not run: the regression was interrupted");
}

int rg_result_complete(const rg_result *res) {
  return res->status != RG_NOTRUN && res->status != RG_CANCELLED && res->status != RG_LOST &&
         !res->farm[0];
}

void rg_mark_lost(rg_run *r, rg_status s, const char *fmt, const char *arg) {
  memset(&r->res, 0, sizeof r->res);
  r->res.status = s;
  r->res.exit_code = -1;
  snprintf(r->res.reason, sizeof r->res.reason, fmt, arg);
}
