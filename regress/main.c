// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: runs a named set of a regression description with a
 * launcher and writes a results folder (docs/regress.md). Argument handling
 * only; the work is in engine.c, the launchers and exec.c. */
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"
#include "history.h"
#include "lock.h"
#include "resume.h"
#include "util.h"

#ifndef SPAGM_REGRESS_DEFAULT
#define SPAGM_REGRESS_DEFAULT "default.regress"
#endif

static const char usage_text[] =
    "usage: spagm-regress [--set NAME] [--file DESC] [--launcher local|slurm] [--jobs N]\n"
    "                     [--out DIR] [--bindir DIR] [--list] [--fail-on-holes]\n"
    "                     [--time MIN] [--mem MB] [--partition P] [--account A] [--retries N]\n"
    "                     [--max-array N]\n"
    "       spagm-regress --rerun-failed DIR [--out DIR2] [--launcher ...]\n"
    "       spagm-regress --resume DIR [--launcher ...] [--jobs N] [Slurm options]\n"
    "       spagm-regress --rank DIR   which runs of DIR add coverage (grading)\n"
    "       spagm-regress --read-report LOG   the mismatch and hang reports of LOG\n"
    "                   (- for standard input) as the failure buckets read them\n"
    "       spagm-regress history [-o FILE] DIR...   trend page of several regressions\n\n"
    "Runs every run (test x defect x seed) of the set NAME (default smoke) of the\n"
    "description DESC (default: the one that ships, PREFIX/share/spagm/regress/\n"
    "default.regress when installed, else regress/default.regress) and\n"
    "writes DIR (default regress-NAME-DATE): each run's log, status and\n"
    "reproduce.sh under runs/, results.json, junit.xml and summary.txt.\n"
    "  --launcher local  N runs at once on this machine (--jobs, default: cores)\n"
    "  --launcher slurm  sbatch job arrays of at most MaxArraySize tasks (scontrol\n"
    "                    show config, or --max-array N); --time (minutes, default\n"
    "                    from the longest timeout), --mem, --partition, --account;\n"
    "                    a task lost to NODE_FAIL/PREEMPTED is retried --retries\n"
    "                    times (2)\n"
    "  --rerun-failed D  runs again the runs of D that did not do what their test\n"
    "                    expects, with waves (+waves_on_fail) for co-simulations\n"
    "  --resume DIR      finishes the interrupted regression in DIR (a signal,\n"
    "                    SIGKILL, a lost node): runs only the runs without a\n"
    "                    complete result, then writes every result file as an\n"
    "                    undisturbed run would (the options it was started with,\n"
    "                    unless --launcher, --jobs or Slurm options are given)\n"
    "  --history HDIR    add this regression to the history in HDIR (HDIR/nights)\n"
    "                    and rewrite HDIR/history.html, the trend of pass rate,\n"
    "                    coverage and time per night; report.html links to it\n"
    "  --list            print the runs and their commands, run nothing\n"
    "  --fail-on-holes   legal functional-coverage bins no run hit fail the\n"
    "                    regression (bins that need a reordering DUT do not)\n"
    "The functional coverage of the runs that passed is merged into\n"
    "DIR/coverage.cov, with coverage.txt, coverage.json, coverage/index.html and\n"
    "coverage.ucis.xml (UCIS XML, which pyucis reads).\n"
    "Exit status: 0 every run as expected, 1 some not, 2 bad input or error,\n"
    "130 interrupted (the results folder then says PARTIAL).\n";

static int usage(const char *fmt, const char *arg) {
  fprintf(stderr, "spagm-regress: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", usage_text);
  return 2;
}

static int num(const char *v, unsigned *out) {
  char *end;
  unsigned long x = v ? strtoul(v, &end, 10) : 0;
  if (!v || !*v || *end || x > 1000000) return -1;
  *out = (unsigned)x;
  return 0;
}

/* --opt VALUE: the value, NULL with *bad set when it is missing. */
static const char *value(int argc, char **argv, int *i, int *bad) {
  if (*i + 1 >= argc) {
    *bad = 1;
    return NULL;
  }
  return argv[++*i];
}

static int parse_opt(int argc, char **argv, int *i, rg_opts *o) {
  const char *a = argv[*i];
  int bad = 0;
  const char **strs[] = {&o->file, &o->set, &o->launcher, &o->out, &o->bindir, &o->rerun,
                         &o->partition, &o->account, &o->history, &o->resume};
  const char *snames[] = {"--file", "--set", "--launcher", "--out", "--bindir",
                          "--rerun-failed", "--partition", "--account", "--history", "--resume"};
  for (size_t k = 0; k < sizeof strs / sizeof strs[0]; k++)
    if (strcmp(a, snames[k]) == 0) return (*strs[k] = value(argc, argv, i, &bad)), bad ? -1 : 0;
  unsigned *nums[] = {&o->jobs, &o->time_min, &o->mem_mb, &o->retries, &o->max_array};
  const char *nnames[] = {"--jobs", "--time", "--mem", "--retries", "--max-array"};
  for (size_t k = 0; k < sizeof nums / sizeof nums[0]; k++)
    if (strcmp(a, nnames[k]) == 0) return num(value(argc, argv, i, &bad), nums[k]);
  if (strcmp(a, "--list") == 0) return o->list_only = 1, 0;
  if (strcmp(a, "--fail-on-holes") == 0) return o->fail_on_holes = 1, 0;
  return -2;
}

static int parse_args(int argc, char **argv, rg_opts *o) {
  memset(o, 0, sizeof *o);
  o->file = NULL; /* default_desc() */
  o->set = "smoke";
  o->launcher = "local";
  o->retries = 2;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  o->jobs = cores > 0 ? (unsigned)cores : 1;
  for (int i = 1; i < argc; i++) {
    int rc = parse_opt(argc, argv, &i, o);
    if (rc == -2) return usage("unknown argument '%s'", argv[i]);
    if (rc) return usage("%s needs a valid value", argv[i - (i == argc)]);
  }
  if (o->jobs == 0) return usage("--jobs must be at least 1%s", "");
  return 0;
}

static char *default_out(const char *name) {
  char stamp[32];
  time_t t = time(NULL);
  struct tm tm;
  localtime_r(&t, &tm);
  strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  spagm_buf b = {0};
  spagm_buf_printf(&b, "regress-%s-%s", name, stamp);
  return spagm_buf_take(&b);
}

static char *self_path(void) {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return NULL;
  buf[n] = '\0';
  return rg_xstrdup(buf);
}

/* A new folder (never mixed with an earlier regression's results), made
 * absolute (Slurm tasks and reproduce commands run from elsewhere) and
 * locked: one regression per folder. */
static char *make_outdir(const char *out) {
  if (rg_mkdir_p(out)) return NULL;
  char *abs = realpath(out, NULL);
  if (!abs) {
    fprintf(stderr, "spagm-regress: cannot resolve %s\n", out);
    return NULL;
  }
  if (rg_lock_take(abs)) {
    free(abs);
    return NULL;
  }
  char *plan = rg_path_join(abs, "plan.tsv");
  int exists = access(plan, F_OK) == 0;
  free(plan);
  if (exists) {
    fprintf(stderr, "spagm-regress: %s already holds a regression: choose another --out, or "
            "--resume %s to finish it\n", out, out);
    rg_lock_release(abs);
    free(abs);
    return NULL;
  }
  return abs;
}

/* The options given on the command line win over the invocation's. */
static int given(int argc, char **argv, const char *opt) {
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], opt) == 0) return 1;
  return 0;
}

static int resume(rg_opts *o, int argc, char **argv, const char *self) {
  static const char *const refused[] = {"--set", "--file", "--out", "--rerun-failed", "--list",
                                        "--bindir", "--history", "--fail-on-holes"};
  for (size_t k = 0; k < sizeof refused / sizeof refused[0]; k++)
    if (given(argc, argv, refused[k]))
      return usage("%s: --resume takes the regression's own (DIR/invocation)", refused[k]);
  char *dir = realpath(o->resume, NULL);
  if (!dir) {
    fprintf(stderr, "spagm-regress: --resume %s: no such folder\n", o->resume);
    return 2;
  }
  rg_invocation inv;
  int rc = 2;
  if (rg_lock_take(dir)) {
    free(dir);
    return 2;
  }
  if (rg_invocation_read(dir, &inv) == 0) {
    if (!given(argc, argv, "--launcher")) o->launcher = inv.launcher;
    if (!given(argc, argv, "--jobs")) o->jobs = inv.jobs;
    if (!given(argc, argv, "--time")) o->time_min = inv.time_min;
    if (!given(argc, argv, "--mem")) o->mem_mb = inv.mem_mb;
    if (!given(argc, argv, "--retries")) o->retries = inv.retries;
    if (!given(argc, argv, "--max-array")) o->max_array = inv.max_array;
    if (!given(argc, argv, "--partition")) o->partition = inv.partition[0] ? inv.partition : NULL;
    if (!given(argc, argv, "--account")) o->account = inv.account[0] ? inv.account : NULL;
    o->history = inv.history && inv.history[0] ? inv.history : NULL;
    o->fail_on_holes = inv.fail_on_holes;
    o->set = inv.set;
    o->file = inv.desc;
    rg_plan p;
    if (rg_resume_plan(dir, &p) == 0) {
      rg_ctx c = {.plan = &p, .dir = dir, .self = self, .opts = o, .started = inv.started};
      rc = rg_engine_run(&c, inv.set, inv.desc);
      rg_plan_free(&p);
    }
    rg_invocation_free(&inv);
  }
  rg_lock_release(dir);
  free(dir);
  return rc;
}

/* The runs of an earlier regression that did not do what their test
 * expects, with the waves argument added to their commands. */
static int rerun_plan(const char *dir, rg_plan *p) {
  rg_plan old;
  if (rg_plan_read(dir, &old)) return -1;
  memset(p, 0, sizeof *p);
  p->runs = rg_xmalloc((old.nruns + 1) * sizeof *p->runs);
  for (size_t i = 0; i < old.nruns; i++) {
    rg_run *r = &old.runs[i];
    if (!rg_status_read(dir, r)) r->res.status = RG_NOTRUN;
    rg_verdict(dir, r);
    if (r->res.ok) continue;
    if (r->waves[0]) {
      spagm_buf cmd = {0};
      spagm_buf_printf(&cmd, "%s %s", r->command, r->waves);
      free(r->command);
      r->command = spagm_buf_take(&cmd);
    }
    p->runs[p->nruns] = *r;
    memset(&p->runs[p->nruns].res, 0, sizeof(rg_result));
    p->runs[p->nruns++].res.exit_code = -1;
    memset(r, 0, sizeof *r); /* moved: the old plan no longer owns its strings */
    r->id = r->test = r->bug = r->unit = r->log_regex = r->waves = r->command = r->cov = NULL;
  }
  rg_plan_free(&old);
  return 0;
}

static int build_plan(const rg_opts *o, const char *bindir, rg_plan *p) {
  if (o->rerun) return rerun_plan(o->rerun, p);
  rg_desc d;
  int rc = rg_desc_load(o->file, &d);
  rc |= rg_desc_check(&d, bindir); /* also after syntax errors: all of them at once */
  if (!rc) rc = rg_plan_expand(&d, o->set, bindir, p);
  rg_desc_free(&d);
  return rc;
}

static void list_plan(const rg_plan *p) {
  for (size_t i = 0; i < p->nruns; i++) {
    const rg_run *r = &p->runs[i];
    printf("%s\t%s\t%us\t%s\n", r->id, r->expect_fail ? "fail" : "pass", r->timeout_s, r->command);
  }
}

/* The description that ships: installed beside the tools
 * (PREFIX/share/spagm/regress/default.regress, its paths relative to it),
 * else the source tree's (a build tree). */
static char *default_desc(const char *self) {
  char *bin = rg_dirname(self);
  char *inst = rg_path_join(bin, "../share/spagm/regress/default.regress");
  free(bin);
  if (access(inst, R_OK) == 0) return inst;
  free(inst);
  return rg_xstrdup(SPAGM_REGRESS_DEFAULT);
}

static int run(const rg_opts *o, const char *self, const char *bindir) {
  rg_plan p;
  if (build_plan(o, bindir, &p)) return 2;
  if (o->list_only) {
    list_plan(&p);
    rg_plan_free(&p);
    return 0;
  }
  const char *name = o->rerun ? "rerun" : o->set;
  char *dflt = o->out ? NULL : default_out(name);
  char *dir = make_outdir(o->out ? o->out : dflt);
  int rc = 2;
  if (dir) {
    rg_ctx c = {.plan = &p, .dir = dir, .self = self, .opts = o};
    spagm_buf setname = {0};
    spagm_buf_printf(&setname, o->rerun ? "rerun-failed of %s" : "%s", o->rerun ? o->rerun : o->set);
    rc = rg_engine_run(&c, setname.s, o->rerun ? o->rerun : o->file);
    spagm_buf_free(&setname);
    rg_lock_release(dir);
  }
  free(dir), free(dflt);
  rg_plan_free(&p);
  return rc;
}

int main(int argc, char **argv) {
  if ((argc == 4 || argc == 5) && strcmp(argv[1], "--exec") == 0)
    return rg_exec_main(argv[2], argv[3], argc == 5 ? argv[4] : NULL);
  if (argc == 3 && strcmp(argv[1], "--rank") == 0) return rg_rank_main(argv[2]);
  if (argc == 3 && strcmp(argv[1], "--read-report") == 0) return rg_read_report_main(argv[2]);
  if (argc >= 2 && strcmp(argv[1], "history") == 0) return rg_history_main(argc - 2, argv + 2);
  if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    fputs(usage_text, stdout);
    return 0;
  }
  rg_opts o;
  if (parse_args(argc, argv, &o)) return 2;
  char *self = self_path();
  if (!self) {
    fprintf(stderr, "spagm-regress: cannot find its own path (/proc/self/exe)\n");
    return 2;
  }
  if (o.resume) {
    int rc = resume(&o, argc, argv, self);
    free(self);
    return rc;
  }
  char *bindir = o.bindir ? realpath(o.bindir, NULL) : rg_dirname(self);
  if (!bindir) {
    fprintf(stderr, "spagm-regress: no folder %s\n", o.bindir);
    free(self);
    return 2;
  }
  char *desc = o.file ? NULL : default_desc(self);
  if (desc) o.file = desc;
  int rc = run(&o, self, bindir);
  free(self), free(bindir), free(desc);
  return rc;
}
