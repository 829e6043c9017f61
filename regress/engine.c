// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: one regression from plan to results. The plan is written
 * first (every run process reads it), the launcher is polled until every
 * run is done or we are interrupted, then the results are read back in plan
 * order and written whole: results.json, junit.xml, summary.txt. An
 * interrupted regression cancels everything it started before it writes
 * them, and says it is partial (results.json "partial": true, PARTIAL). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "engine.h"
#include "history.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"
#include "resume.h"
#include "util.h"

static volatile sig_atomic_t g_stop;

static void on_stop(int sig) { g_stop = sig; }

static void catch_stop(void) { rg_on_stop_signals(on_stop); }

static const rg_launcher *find_launcher(const char *name) {
  static const rg_launcher *const all[] = {&rg_launcher_local, &rg_launcher_slurm};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    if (strcmp(all[i]->name, name) == 0) return all[i];
  return NULL;
}

static int all_done(const rg_plan *p) {
  for (size_t i = 0; i < p->nruns; i++)
    if (p->runs[i].phase != RG_DONE) return 0;
  return 1;
}

static int write_state(const char *dir, const char *what) {
  return rg_write_in(dir, "state", what, strlen(what));
}

/* Runs the launcher until done or stopped; 1 when stopped, -1 on error. */
static int drive(const rg_launcher *l, rg_ctx *c, rg_progress *pg) {
  void *st = NULL;
  int rc = l->start(c, &st);
  while (!rc && !g_stop) {
    rc = l->poll(c, st);
    rg_progress_update(pg, c->plan, c->dir);
    if (rc || all_done(c->plan)) break;
    rg_sleep_ms(l->poll_ms);
  }
  int stopped = g_stop != 0 || rc != 0;
  if (stopped) {
    fprintf(stderr, "\nspagm-regress: %s: stopping every run\n",
            g_stop ? strsignal(g_stop) : "launcher error");
    l->cancel(c, st);
  }
  l->release(st);
  return rc ? -1 : stopped;
}

/* Runs the progress did not finish: a result written while cancelling,
 * else "not run". */
static void settle(rg_ctx *c, rg_progress *pg) {
  for (size_t i = 0; i < c->plan->nruns; i++) {
    rg_run *r = &c->plan->runs[i];
    if (pg->reported[i]) continue;
    if (r->phase != RG_DONE && !rg_status_read(c->dir, r)) {
      memset(&r->res, 0, sizeof r->res);
      r->res.exit_code = -1;
      r->res.status = r->phase == RG_RUNNING ? RG_CANCELLED : RG_NOTRUN;
      if (r->phase == RG_RUNNING) snprintf(r->res.reason, sizeof r->res.reason, "cancelled");
    }
    rg_verdict(c->dir, r);
  }
}

/* The night's record first: --history's page, which report.html links
 * to, is made from it (N251). results.json last, and only when everything
 * before it was written: a results.json in the folder means every result
 * file is whole (N385). */
static int emit_all(const rg_plan *p, rg_meta *m, const char *hdir, int bad) {
  char *table = NULL;
  int rc = rg_night_write(p, m);
  if (!rc && hdir) {
    char *abs = rg_history_add(hdir, m->dir) == 0 ? realpath(hdir, NULL) : NULL;
    if (abs) {
      char *page = rg_path_join(abs, "history.html");
      m->history = rg_relpath(m->dir, page);
      free(page), free(abs);
    } else {
      fprintf(stderr, "spagm-regress: --history %s: the history was not updated\n", hdir);
      rc = 1;
    }
  }
  rc |= rg_emit_html(p, m) | rg_emit_table(p, m, &table);
  if (table) fputs(table, stdout);
  free(table);
  if (m->partial) {
    const char *why = "This regression was interrupted: runs marked notrun or cancelled did "
                      "not finish.\n";
    rc |= rg_write_in(m->dir, "PARTIAL", why, strlen(why));
  }
  if (!rc && !bad) rc = rg_emit_junit(p, m);
  if (!rc && !bad) rc = rg_emit_json(p, m);
  return rc;
}

/* A result file could not be written (a full disk, a folder not
 * writable): the ones a CI server reads are removed, whatever they say, and
 * the regression exits 2; --resume writes them once the cause is gone. */
static void refuse_results(const char *dir) {
  static const char *const names[] = {"results.json", "junit.xml"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    char *path = rg_path_join(dir, names[i]);
    unlink(path);
    free(path);
  }
  fprintf(stderr, "spagm-regress: %s: results incomplete (a file above could not be written): "
          "no results.json or junit.xml; once it can be written, `spagm-regress --resume %s` "
          "writes them from the runs' records\n", dir, dir);
}

static void utc_now(char *buf, size_t n) {
  time_t t = time(NULL);
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* A new regression records its invocation and plan; a --resume keeps
 * them and its start time. Then the folder says it is running. */
static int begin(rg_ctx *c, rg_meta *m) {
  if (c->started) {
    snprintf(m->started, sizeof m->started, "%s", c->started);
    char *partial = rg_path_join(c->dir, "PARTIAL");
    unlink(partial); /* said of the interrupted attempt; this one says again if it is */
    free(partial);
  } else {
    utc_now(m->started, sizeof m->started);
    if (rg_invocation_write(c->dir, c->opts, m->set, m->desc, m->started) ||
        rg_plan_write(c->plan, c->dir))
      return -1;
  }
  return write_state(c->dir, "running\n");
}

int rg_engine_run(rg_ctx *c, const char *set, const char *desc) {
  const rg_launcher *l = find_launcher(c->opts->launcher);
  if (!l) {
    fprintf(stderr, "spagm-regress: unknown launcher '%s' (local, slurm)\n", c->opts->launcher);
    return 2;
  }
  rg_meta m = {.set = set, .desc = desc, .launcher = l->name, .dir = c->dir};
  if (begin(c, &m)) return 2;
  catch_stop();
  rg_progress pg;
  rg_progress_init(&pg, c->plan, stderr);
  for (size_t i = 0; i < c->plan->nruns; i++) /* results kept by --resume */
    if (c->plan->runs[i].phase == RG_DONE) {
      rg_verdict(c->dir, &c->plan->runs[i]);
      pg.reported[i] = 1;
      pg.done++;
    }
  double t0 = rg_now();
  int stopped = drive(l, c, &pg);
  settle(c, &pg);
  rg_progress_end(&pg);
  /* What the runner itself costs once the runs are done, on one core
   * (docs/regress.md, "Farm scale"): printed, never judged. */
  double t_runs = rg_now(), cpu0 = rg_cpu_s();
  rg_covsum cov = {.fail_on_holes = c->opts->fail_on_holes};
  int bad = rg_coverage_collect(c->plan, c->dir, &cov) != 0;
  m.cov = &cov;
  double t_cov = rg_now();
  rg_triage_t tri;
  rg_triage(c->plan, c->dir, &tri);
  m.tri = &tri;
  double t_tri = rg_now();
  m.wall_s = t_tri - t0;
  m.partial = stopped != 0;
  bad |= emit_all(c->plan, &m, c->opts->history, bad);
  if (bad) refuse_results(c->dir);
  fprintf(stderr, "spagm-regress: %zu runs in %.1f s; then coverage %.3f s, buckets %.3f s, "
          "results %.3f s (CPU %.3f s, tools included)\n", c->plan->nruns, t_runs - t0,
          t_cov - t_runs, t_tri - t_cov, rg_now() - t_tri, rg_cpu_s() - cpu0);
  free(m.history);
  /* The folder's last word: when even it cannot be written, it says
   * `running`, and the results go too (N385). */
  if (write_state(c->dir, bad ? "error\n" : m.partial ? "partial\n" : "complete\n") && !bad) {
    bad = 1;
    refuse_results(c->dir);
  }
  int holes = cov.fail_on_holes && (cov.nholes > 0 || cov.missing > 0);
  rg_covsum_free(&cov);
  rg_triage_free(&tri);
  if (stopped > 0) return 130;
  if (stopped < 0 || bad) return 2;
  for (size_t i = 0; i < c->plan->nruns; i++)
    if (!c->plan->runs[i].res.ok) return 1;
  return holes ? 1 : 0;
}
