// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the shared types of the regression runner (docs/regress.md).
 * A description file declares tests and named sets; a set expands into runs
 * (test x seed x defect); a launcher executes each run through
 * `spagm-regress --exec DIR INDEX`, which writes the run's status file; the
 * results are then read back in plan order and emitted. */
#ifndef SPAGM_REGRESS_H
#define SPAGM_REGRESS_H

#include <stddef.h>

typedef enum rg_kind {
  RG_KIND_COSIM,             /* spagm-cosim with plusargs */
  RG_KIND_REPLAY_ICARUS,     /* spagm gen + export-hex + spagm-replay-iverilog */
  RG_KIND_REPLAY_VERILATOR,  /* spagm gen + export-hex + spagm-replay */
  RG_KIND_COMMAND,           /* any shell command (faults, own tools) */
  RG_KIND_MODEL,             /* spagm run --cov SCENARIO: the model alone (N143) */
  RG_KIND_SC_COSIM,          /* spagm-sc-cosim: the co-simulation under SystemC */
} rg_kind;

typedef struct rg_test {
  char *name;
  rg_kind kind;
  char *units;           /* attr,pix,tex list, "" = the binary's default */
  unsigned long *seeds;  /* expanded seed list */
  size_t nseeds;
  unsigned long txns;    /* 0 = the binary's default */
  char *plusargs;        /* extra arguments, appended as written */
  char *command;         /* RG_KIND_COMMAND: shell text with {seed} {bin} {txns} */
  char *bugs;            /* "" none, "all" every defect of bugs_file, or names */
  char *log_regex;       /* ERE the log must match ({unit} = the defect's unit) */
  char *scenario;        /* replay/model kinds: a scenario file instead of gen, "" none */
  char *vectors;         /* replay kinds: a vector file instead of gen, "" none */
  int expect_fail;       /* 1: the run must fail ("must fail", defects) */
  unsigned timeout_s;
  int line;              /* where the [test] section starts */
  int line_bugs, line_plusargs, line_regex, line_scenario, line_vectors; /* where (0: absent) */
  int col_bugs, col_plusargs, col_regex, col_scenario, col_vectors;     /* the value's column */
} rg_test;

typedef struct rg_set {
  char *name;
  char **members;        /* test names and other set names */
  size_t nmembers;
  int line;
} rg_set;

typedef struct rg_desc {
  char *path;            /* the description file */
  char *bugs_file;       /* absolute or relative to the description's folder */
  rg_test *tests;
  size_t ntests;
  rg_set *sets;
  size_t nsets;
} rg_desc;

typedef enum rg_status {
  RG_NOTRUN = 0,   /* never started (interrupted regression) */
  RG_PASS,         /* exit status 0 */
  RG_FAIL,         /* exit status 1..127 */
  RG_TIMEOUT,      /* killed after its timeout */
  RG_CRASH,        /* died of a signal (or a shell's 128+N) */
  RG_CANCELLED,    /* stopped by the user or the scheduler */
  RG_LOST,         /* the scheduler ended the task without a result */
  RG_ERROR,        /* exit status 2: the tool refused its input (N140) */
} rg_status;
#define RG_STATUS_COUNT (RG_ERROR + 1)

typedef enum rg_phase { RG_QUEUED = 0, RG_RUNNING, RG_DONE } rg_phase;

typedef struct rg_result {
  rg_status status;
  int exit_code;   /* -1 when none */
  int signal;      /* 0 when none */
  double wall_s;
  int ok;          /* the outcome the test expects */
  char reason[512];
  char host[64];
  char slurm_job[24];  /* SLURM_ARRAY_JOB_ID (or SLURM_JOB_ID), "" locally */
  char slurm_task[16]; /* SLURM_ARRAY_TASK_ID, "" locally */
  char farm[24];   /* the scheduler state that ended the run (TIMEOUT, CANCELLED,
                      PREEMPTED...), "" when the run ended by itself */
} rg_result;

typedef struct rg_run {
  char *id;        /* test.sSEED or test.BUG.sSEED: unique, sorts as the plan */
  char *test;
  unsigned long seed;
  char *bug;       /* "" when none */
  char *unit;      /* the defect's unit, "" when none */
  int expect_fail;
  unsigned timeout_s;
  char *log_regex; /* "" when none */
  char *waves;     /* what --rerun-failed appends ("" none) */
  char *command;   /* shell command, run in the run's folder */
  char *cov;       /* "rtl": writes run.cov of what an RTL ran and passed; "model":
                      run.cov of the model alone (N143); "" none */
  rg_phase phase;
  int attempts;    /* scheduler submissions (retries of lost tasks) */
  rg_result res;
} rg_run;

typedef struct rg_plan {
  rg_run *runs;
  size_t nruns;
} rg_plan;

/* desc.c: every error of the file is reported (file:line:col), -1 if any */
int rg_desc_load(const char *path, rg_desc *d);
/* The same from len bytes of text (any bytes) named path in messages. */
int rg_desc_parse(const char *path, const char *text, size_t len, rg_desc *d);
/* desc_check.c: what a description names exists (defects, plusargs of the
 * tools in bindir) and its regexes compile; every error reported, -1 if any */
int rg_desc_check(const rg_desc *d, const char *bindir);
void rg_desc_free(rg_desc *d);
const rg_set *rg_desc_set(const rg_desc *d, const char *name);

/* plan.c */
int rg_plan_expand(const rg_desc *d, const char *set, const char *bindir, rg_plan *p);
int rg_plan_write(const rg_plan *p, const char *dir);
int rg_plan_read(const char *dir, rg_plan *p);
void rg_plan_free(rg_plan *p);
char *rg_run_dir(const char *dir, const rg_run *r);
/* `cd RUNDIR && COMMAND`: the exact command that reproduces a run. */
char *rg_reproduce(const char *dir, const rg_run *r);

/* bugs.c: the injected defects (rtl_stubs/bugs.tsv) */
typedef struct rg_bug {
  char *unit, *name, *extra;
} rg_bug;
int rg_bugs_load(const char *path, rg_bug **bugs, size_t *n);
void rg_bugs_free(rg_bug *bugs, size_t n);

/* exec.c: one run, in the calling process (local child or Slurm task);
 * token: the runner's (rg_lock_token), NULL when run by hand */
int rg_exec_main(const char *dir, const char *index, const char *token);

/* status.c */
int rg_status_read(const char *dir, rg_run *r);
int rg_status_write(const char *dir, const rg_run *r, const rg_result *res);
const char *rg_status_name(rg_status s);
void rg_verdict(const char *dir, rg_run *r);
/* The run's result is complete: it ran to its own end (pass, fail, error,
 * its own timeout or crash). Not cancelled, lost, never run or ended by the
 * farm: those are what --resume runs again. */
int rg_result_complete(const rg_result *res);

/* coverage.c: the functional coverage of the runs that passed, merged
 * into DIR/coverage.cov with its reports (N142). */
typedef struct rg_cov_unit {
  unsigned legal, hit;
  unsigned holes;      /* unhit legal bins that are neither of the next two (N255) */
  unsigned reorder;    /* unhit bins only an RTL that reorders responses can hit */
  unsigned no_port;    /* unhit bins no RTL port can carry (ISBEWR, N241) */
  unsigned model_only; /* hit, but by no run an RTL checked (N143) */
} rg_cov_unit;
/* rtl_coverage.c: Verilator's line and toggle counts of the Verilated runs
 * that passed, in a tree built with -DSPAGM_RTL_COVERAGE=ON (N253). */
typedef struct rg_rtl_unit {
  unsigned long line_hit, line_points, toggle_hit, toggle_points;
} rg_rtl_unit;
typedef struct rg_rtlcov {
  int have;               /* DIR/rtl-coverage.dat was written: figures below */
  size_t inputs, missing; /* rtl.dat files merged; passed runs without one */
  rg_rtl_unit unit[4];    /* attr, pix, tex, all */
} rg_rtlcov;

typedef struct rg_covsum {
  int have;               /* a database was written */
  size_t inputs, missing; /* databases merged; collecting runs without one */
  rg_cov_unit unit[4];    /* attr, pix, tex, all */
  char **holes;           /* "point: bin" of the holes (spagm_cov_bin_gap, N255) */
  size_t nholes;
  char **reorder;         /* the unhit bins that need a reordering DUT */
  size_t nreorder;
  char **no_port;         /* the unhit bins not reachable by co-simulation */
  size_t nno_port;
  char **model_only;
  size_t nmodel_only;
  char **left_out;        /* "ID: PATH: why" of the databases not merged */
  size_t nleft_out;
  int fail_on_holes;
  rg_rtlcov rtl;          /* the RTL code coverage, have = 0 without it */
} rg_covsum;
/* A passed run whose database cannot be read becomes an error (named). */
int rg_coverage_collect(rg_plan *p, const char *dir, rg_covsum *s);
int rg_rtl_coverage_collect(const rg_plan *p, const char *dir, rg_rtlcov *s);
void rg_covsum_free(rg_covsum *s);

/* rank.c: spagm-regress --rank DIR, which runs add coverage (grading) */
int rg_rank_main(const char *dir);

/* triage.c: failure buckets by signature (N144) */
typedef struct rg_sig {
  char kind[20];   /* mismatch, hang, timeout, crash, error, must-fail-passed, ... */
  char unit[8];
  char insn[64];   /* op and modifiers of the first mismatching instruction */
  char field[32];  /* the response field class that differs */
  char rule[96];   /* the model's path and the rulings it cites there */
  unsigned long txns; /* transactions to the first mismatch, ULONG_MAX unknown */
} rg_sig;
typedef struct rg_bucket {
  size_t id;       /* 1.. in the order shown (largest first) */
  char *signature;
  rg_sig sig;
  size_t *runs, nruns;
  size_t expected; /* runs of it that were as expected (must-fail runs) */
  size_t smallest; /* the run with the fewest transactions to the mismatch */
  unsigned long smallest_txns;
} rg_bucket;
typedef struct rg_triage_t {
  rg_bucket *b;
  size_t n;
  size_t *bucket_of; /* per run: index into b, or (size_t)-1 */
} rg_triage_t;
void rg_triage_run(const char *dir, const rg_run *r, rg_sig *s);
void rg_sig_text(const rg_sig *s, char *out, size_t n);
int rg_triage(const rg_plan *p, const char *dir, rg_triage_t *t);
/* spagm-regress --read-report LOG: each report of LOG ("-": standard input)
 * as triage reads it; 0 when there is one and every header follows the
 * grammar, 1 otherwise, 2 when LOG cannot be read. */
int rg_read_report_main(const char *path);
void rg_triage_free(rg_triage_t *t);

/* emit_*.c: results written whole (temp file, then rename) */
typedef struct rg_meta {
  const char *set, *desc, *launcher, *dir;
  int partial;
  double wall_s;
  char started[32];
  const rg_covsum *cov;
  const rg_triage_t *tri;
  char *history; /* --history: the trend page, relative to DIR (N251), or NULL */
} rg_meta;
int rg_emit_json(const rg_plan *p, const rg_meta *m);
int rg_emit_junit(const rg_plan *p, const rg_meta *m);
int rg_emit_table(const rg_plan *p, const rg_meta *m, char **text);
int rg_emit_html(const rg_plan *p, const rg_meta *m); /* DIR/report.html */
/* emit_cov.c: the coverage sections */
struct spagm_buf;
unsigned rg_cov_reachable(const rg_cov_unit *u);
double rg_cov_reachable_pct(const rg_cov_unit *u);
void rg_emit_cov_text(struct spagm_buf *b, const rg_covsum *s, const char *dir);
void rg_emit_cov_json(struct spagm_buf *b, const rg_covsum *s);
void rg_emit_cov_junit(struct spagm_buf *b, const rg_covsum *s, const char *started);
/* emit_buckets.c */
void rg_emit_buckets_text(struct spagm_buf *b, const rg_plan *p, const rg_meta *m);
void rg_emit_buckets_json(struct spagm_buf *b, const rg_plan *p, const rg_meta *m);
/* The bucket of run i as "B3: signature", or NULL. */
const rg_bucket *rg_bucket_of(const rg_meta *m, size_t i);
/* The command that reruns a bucket's smallest run with waves. */
char *rg_waves_command(const char *dir, const rg_run *r);

#endif
