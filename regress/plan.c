// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: a set expanded into runs (test x defect x seed), each with
 * the exact shell command that performs it, and the plan file
 * (DIR/plan.tsv) that every run process reads its run from. */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"
#include "util.h"

typedef struct expand {
  const rg_desc *d;
  const char *bindir;
  rg_plan *p;
  size_t cap; /* runs p->runs has room for */
  const rg_test **tests; /* tests already expanded: a test in two sets runs once */
  size_t ntests;
  rg_bug *bugs;
  size_t nbugs;
  int bugs_loaded;
} expand;

/* {bin}, {seed}, {txns}, {units} in a command test's text. */
static char *substitute(const expand *e, const rg_test *t, unsigned long seed) {
  spagm_buf b = {0};
  for (const char *s = t->command; *s;) {
    if (strncmp(s, "{bin}", 5) == 0) {
      spagm_buf_shquote(&b, e->bindir), s += 5;
    } else if (strncmp(s, "{seed}", 6) == 0) {
      spagm_buf_printf(&b, "%lu", seed), s += 6;
    } else if (strncmp(s, "{txns}", 6) == 0) {
      spagm_buf_printf(&b, "%lu", t->txns), s += 6;
    } else if (strncmp(s, "{units}", 7) == 0) {
      spagm_buf_puts(&b, t->units), s += 7;
    } else {
      spagm_buf_add(&b, s++, 1);
    }
  }
  return spagm_buf_take(&b);
}

static void bin_path(spagm_buf *b, const expand *e, const char *tool) {
  char *path = rg_path_join(e->bindir, tool);
  spagm_buf_shquote(b, path);
  free(path);
}

/* Runs expected to pass collect functional coverage into run.cov in their
 * folder; a must-fail run's coverage (of a broken RTL) never counts (N142). */
static int collects(const rg_test *t, const rg_bug *bug) {
  return !bug && !t->expect_fail && t->kind != RG_KIND_COMMAND;
}

/* In a tree built with -DSPAGM_RTL_COVERAGE=ON every Verilated testbench
 * has Verilator's line and toggle counters, and a run that collects writes
 * them to rtl.dat beside run.cov (N253); Icarus has none. */
#ifndef SPAGM_REGRESS_RTL_COVERAGE
#define SPAGM_REGRESS_RTL_COVERAGE 0
#endif
static void rtl_cov_arg(spagm_buf *b, const rg_test *t, const rg_bug *bug) {
  if (SPAGM_REGRESS_RTL_COVERAGE && collects(t, bug) && t->kind != RG_KIND_REPLAY_ICARUS &&
      t->kind != RG_KIND_MODEL)
    spagm_buf_puts(b, " +rtl_cov=rtl.dat");
}

/* A file of the description's absolute path (runs start in their own
 * folders). */
static char *desc_path(const expand *e, const char *file) {
  char *dir = rg_dirname(e->d->path);
  char *rel = rg_path_join(dir, file);
  char *abs = realpath(rel, NULL);
  free(dir);
  if (!abs) return rel;
  free(rel);
  return abs;
}

/* `exec` makes the tool itself the run's process: a crash is its signal. */
static char *cosim_command(const expand *e, const rg_test *t, unsigned long seed,
                           const rg_bug *bug) {
  spagm_buf b = {0};
  spagm_buf_puts(&b, "exec ");
  bin_path(&b, e, t->kind == RG_KIND_SC_COSIM ? "spagm-sc-cosim" : "spagm-cosim");
  const char *units = bug ? bug->unit : t->units;
  if (units[0]) spagm_buf_printf(&b, " +units=%s", units);
  spagm_buf_printf(&b, " +seed=%lu", seed);
  if (t->txns) spagm_buf_printf(&b, " +txns=%lu", t->txns);
  if (bug) spagm_buf_printf(&b, " +bug=%s", bug->name);
  if (bug && bug->extra[0]) spagm_buf_printf(&b, " %s", bug->extra);
  if (collects(t, bug)) spagm_buf_puts(&b, " +cov=run.cov");
  rtl_cov_arg(&b, t, bug);
  if (t->plusargs[0]) spagm_buf_printf(&b, " %s", t->plusargs);
  return spagm_buf_take(&b);
}

/* A scenario on the model alone, with coverage (N143: text-only forms). */
static char *model_command(const expand *e, const rg_test *t) {
  spagm_buf b = {0};
  spagm_buf_puts(&b, "exec ");
  bin_path(&b, e, "spagm");
  spagm_buf_puts(&b, " run --quiet --cov run.cov ");
  char *scn = desc_path(e, t->scenario);
  spagm_buf_shquote(&b, scn);
  free(scn);
  return spagm_buf_take(&b);
}

/* The co-simulation's traffic (or a scenario, or a vector file as it is)
 * as vectors, exported and replayed through the RTL, which checks every
 * response against the model's (README). Coverage is sampled by the model on the same
 * transactions and counts only when the replay passes (N142). */
static char *replay_command(const expand *e, const rg_test *t, unsigned long seed) {
  spagm_buf b = {0};
  int cov = collects(t, NULL);
  if (t->vectors[0]) {
    /* A vector file as it is: checked against the model (its coverage
     * sampled on the way), then replayed. */
    char *vec = desc_path(e, t->vectors);
    bin_path(&b, e, "spagm");
    spagm_buf_puts(&b, " check ");
    spagm_buf_shquote(&b, vec);
    if (cov) spagm_buf_puts(&b, " --cov run.cov");
    spagm_buf_puts(&b, " >/dev/null && ");
    bin_path(&b, e, "spagm");
    spagm_buf_puts(&b, " export-hex ");
    spagm_buf_shquote(&b, vec);
    free(vec);
  } else {
    if (t->scenario[0]) {
      char *scn = desc_path(e, t->scenario);
      if (cov) {
        bin_path(&b, e, "spagm");
        spagm_buf_puts(&b, " run --quiet --cov run.cov ");
        spagm_buf_shquote(&b, scn);
        spagm_buf_puts(&b, " >/dev/null && ");
      }
      bin_path(&b, e, "spagm");
      spagm_buf_puts(&b, " gen --scenario ");
      spagm_buf_shquote(&b, scn);
      free(scn);
    } else {
      bin_path(&b, e, "spagm");
      spagm_buf_printf(&b, " gen --seed %lu --count %lu", seed, t->txns ? t->txns : 20000UL);
      if (t->units[0]) spagm_buf_printf(&b, " --units %s", t->units);
      if (cov) spagm_buf_puts(&b, " --cov run.cov");
    }
    spagm_buf_puts(&b, " -o run.vec && ");
    bin_path(&b, e, "spagm");
    spagm_buf_puts(&b, " export-hex run.vec");
  }
  spagm_buf_puts(&b, " run.hex && exec ");
  if (t->kind == RG_KIND_REPLAY_ICARUS) {
    bin_path(&b, e, "spagm-replay-iverilog");
  } else {
    bin_path(&b, e, "spagm-replay");
  }
  spagm_buf_puts(&b, " +vectors=run.hex");
  rtl_cov_arg(&b, t, NULL);
  if (t->plusargs[0]) spagm_buf_printf(&b, " %s", t->plusargs);
  return spagm_buf_take(&b);
}

/* {unit} in a log_regex becomes the defect's unit: "blamed on its unit". */
static char *unit_regex(const char *re, const char *unit) {
  spagm_buf b = {0};
  for (const char *s = re; *s;) {
    if (strncmp(s, "{unit}", 6) == 0)
      spagm_buf_puts(&b, unit), s += 6;
    else
      spagm_buf_add(&b, s++, 1);
  }
  return spagm_buf_take(&b);
}

/* Room for one more run at p->runs[p->nruns], the array growing by
 * doubling: a test of many seeds (seeds = 1..100000) expands in time linear
 * in its runs, where growing by one run at a time copies the whole array
 * on each. */
static rg_run *plan_room(rg_plan *p, size_t *cap) {
  if (p->nruns == *cap) {
    *cap = *cap ? 2 * *cap : 64;
    p->runs = rg_xrealloc(p->runs, *cap * sizeof *p->runs);
  }
  return &p->runs[p->nruns];
}

static void add_run(expand *e, const rg_test *t, unsigned long seed, const rg_bug *bug) {
  rg_plan *p = e->p;
  rg_run *r = plan_room(p, &e->cap);
  p->nruns++;
  memset(r, 0, sizeof *r);
  spagm_buf id = {0};
  spagm_buf_printf(&id, "%s.%s%ss%lu", t->name, bug ? bug->name : "", bug ? "." : "", seed);
  r->id = spagm_buf_take(&id);
  r->test = rg_xstrdup(t->name);
  r->seed = seed;
  r->bug = rg_xstrdup(bug ? bug->name : "");
  r->unit = rg_xstrdup(bug ? bug->unit : "");
  r->expect_fail = t->expect_fail;
  r->timeout_s = t->timeout_s;
  r->log_regex = unit_regex(t->log_regex, r->unit);
  int cosim = t->kind == RG_KIND_COSIM || t->kind == RG_KIND_SC_COSIM;
  r->waves = rg_xstrdup(cosim ? "+waves_on_fail" : "");
  if (cosim)
    r->command = cosim_command(e, t, seed, bug);
  else if (t->kind == RG_KIND_COMMAND)
    r->command = substitute(e, t, seed);
  else if (t->kind == RG_KIND_MODEL)
    r->command = model_command(e, t);
  else
    r->command = replay_command(e, t, seed);
  r->cov = rg_xstrdup(!collects(t, bug) ? "" : t->kind == RG_KIND_MODEL ? "model" : "rtl");
  r->res.exit_code = -1;
}

/* A defect whose catalogue line names a seed shows only with that seed. */
static int bug_seed(const rg_bug *b, unsigned long *seed) {
  const char *s = strstr(b->extra, "+seed=");
  return s && sscanf(s + 6, "%lu", seed) == 1;
}

static int load_bugs(expand *e) {
  if (e->bugs_loaded) return 0;
  if (!e->d->bugs_file[0]) {
    fprintf(stderr, "%s: error: a test has `bugs =` but the file has no `bugs_file =`\n",
            e->d->path);
    return -1;
  }
  char *dir = rg_dirname(e->d->path);
  char *path = rg_path_join(dir, e->d->bugs_file);
  int rc = rg_bugs_load(path, &e->bugs, &e->nbugs);
  free(dir), free(path);
  e->bugs_loaded = 1;
  return rc;
}

static int wanted_bug(const rg_test *t, const rg_bug *b) {
  if (strcmp(t->bugs, "all") == 0) return 1;
  size_t n = strlen(b->name);
  for (const char *s = strstr(t->bugs, b->name); s; s = strstr(s + 1, b->name))
    if ((s == t->bugs || s[-1] == ' ' || s[-1] == ',') && (s[n] == '\0' || s[n] == ' ' || s[n] == ','))
      return 1;
  return 0;
}

/* Units whose RTL is the user's (SPAGM_<UNIT>_RTL), from the build: the
 * catalogue's defects are the stand-in's, which such an RTL has not, so
 * their runs are left out, never counted as defects missed (N252). */
#ifndef SPAGM_REGRESS_OWN_RTL
#define SPAGM_REGRESS_OWN_RTL ""
#endif
static int own_rtl(const char *unit) {
  const char *l = SPAGM_REGRESS_OWN_RTL;
  size_t n = strlen(unit);
  for (const char *s = strstr(l, unit); s; s = strstr(s + 1, unit))
    if ((s == l || s[-1] == ' ') && (s[n] == '\0' || s[n] == ' ')) return 1;
  return 0;
}

static int expand_bugs(expand *e, const rg_test *t) {
  if (load_bugs(e)) return -1;
  size_t before = e->p->nruns, skipped = 0;
  for (size_t i = 0; i < e->nbugs; i++) {
    const rg_bug *b = &e->bugs[i];
    unsigned long seed;
    if (!wanted_bug(t, b)) continue;
    if (own_rtl(b->unit)) {
      skipped++;
      continue;
    }
    if (bug_seed(b, &seed)) {
      add_run(e, t, seed, b);
      continue;
    }
    for (size_t k = 0; k < t->nseeds; k++) add_run(e, t, t->seeds[k], b);
  }
  if (skipped)
    fprintf(stderr, "spagm-regress: test '%s': %zu defect%s left out: the RTL of %s is the "
            "user's, the catalogue's defects are the stand-in's (N252)\n", t->name, skipped,
            skipped == 1 ? "" : "s", SPAGM_REGRESS_OWN_RTL);
  if (e->p->nruns == before && !skipped) {
    fprintf(stderr, "%s:%d:1: error: test '%s': `bugs = %s` names no defect of %s\n",
            e->d->path, t->line, t->name, t->bugs, e->d->bugs_file);
    return -1;
  }
  return 0;
}

static int expand_test(expand *e, const rg_test *t) {
  for (size_t i = 0; i < e->ntests; i++)
    if (e->tests[i] == t) return 0;
  e->tests = rg_xrealloc(e->tests, (e->ntests + 1) * sizeof *e->tests);
  e->tests[e->ntests++] = t;
  if (t->bugs[0]) return expand_bugs(e, t);
  for (size_t k = 0; k < t->nseeds; k++) add_run(e, t, t->seeds[k], NULL);
  return 0;
}

static int expand_name(expand *e, const char *name, int depth) {
  if (depth > 16) {
    fprintf(stderr, "%s: error: set '%s' includes itself (through other sets)\n", e->d->path, name);
    return -1;
  }
  const rg_set *st = rg_desc_set(e->d, name);
  if (st) {
    for (size_t i = 0; i < st->nmembers; i++)
      if (expand_name(e, st->members[i], depth + 1)) return -1;
    return 0;
  }
  for (size_t i = 0; i < e->d->ntests; i++)
    if (strcmp(e->d->tests[i].name, name) == 0) return expand_test(e, &e->d->tests[i]);
  fprintf(stderr, "%s: error: no set or test named '%s'", e->d->path, name);
  if (depth == 0) { /* the user's --set: say what there is */
    fputs(" (sets:", stderr);
    for (size_t i = 0; i < e->d->nsets; i++) fprintf(stderr, " %s", e->d->sets[i].name);
    fputs(")", stderr);
  }
  fputc('\n', stderr);
  return -1;
}

/* Results are ordered by test, defect and seed, never by completion. */
static int run_cmp(const void *a, const void *b) {
  const rg_run *x = a, *y = b;
  int c = strcmp(x->test, y->test);
  if (!c) c = strcmp(x->bug, y->bug);
  if (!c) c = (x->seed > y->seed) - (x->seed < y->seed);
  if (!c) c = strcmp(x->id, y->id);
  return c;
}

int rg_plan_expand(const rg_desc *d, const char *set, const char *bindir, rg_plan *p) {
  memset(p, 0, sizeof *p);
  expand e = {.d = d, .bindir = bindir, .p = p};
  int rc = expand_name(&e, set, 0);
  rg_bugs_free(e.bugs, e.nbugs);
  free(e.tests);
  if (!rc) qsort(p->runs, p->nruns, sizeof *p->runs, run_cmp);
  return rc;
}

char *rg_run_dir(const char *dir, const rg_run *r) {
  spagm_buf b = {0};
  spagm_buf_printf(&b, "%s/runs/%s", dir, r->id);
  return spagm_buf_take(&b);
}

int rg_plan_write(const rg_plan *p, const char *dir) {
  spagm_buf b = {0};
  spagm_buf_puts(&b, "# spagm-regress plan 1: id seed test bug unit expect timeout log_regex "
                  "waves command cov (tab-separated)\n");
  for (size_t i = 0; i < p->nruns; i++) {
    const rg_run *r = &p->runs[i];
    spagm_buf_printf(&b, "%s\t%lu\t%s\t%s\t%s\t%s\t%u\t%s\t%s\t%s\t%s\n", r->id, r->seed, r->test,
                  r->bug, r->unit, r->expect_fail ? "fail" : "pass", r->timeout_s, r->log_regex,
                  r->waves, r->command, r->cov);
  }
  int rc = rg_write_in(dir, "plan.tsv", b.s, b.len);
  spagm_buf_free(&b);
  return rc;
}

/* Ten fields (before coverage) or eleven; the command may hold no tab. */
static int plan_line(char *line, rg_run *r) {
  char *f[11];
  int n = 0;
  for (char *s = line; s && n < 11; n++) {
    f[n] = s;
    s = strchr(s, '\t');
    if (s) *s++ = '\0';
  }
  if (n != 10 && n != 11) return -1;
  memset(r, 0, sizeof *r);
  r->id = rg_xstrdup(f[0]);
  r->seed = strtoul(f[1], NULL, 10);
  r->test = rg_xstrdup(f[2]);
  r->bug = rg_xstrdup(f[3]);
  r->unit = rg_xstrdup(f[4]);
  r->expect_fail = strcmp(f[5], "fail") == 0;
  r->timeout_s = (unsigned)strtoul(f[6], NULL, 10);
  r->log_regex = rg_xstrdup(f[7]);
  r->waves = rg_xstrdup(f[8]);
  r->command = rg_xstrdup(f[9]);
  r->cov = rg_xstrdup(n > 10 ? f[10] : "");
  r->res.exit_code = -1;
  return 0;
}

int rg_plan_read(const char *dir, rg_plan *p) {
  memset(p, 0, sizeof *p);
  char *path = rg_path_join(dir, "plan.tsv");
  char *text = rg_read_file(path, NULL);
  int lineno = 0, rc = text ? 0 : -1;
  size_t cap = 0;
  if (!text) fprintf(stderr, "%s: error: no plan here (not a spagm-regress results folder)\n", path);
  for (char *save = NULL, *line = text; line && *line && !rc; line = save) {
    save = strchr(line, '\n');
    if (save) *save++ = '\0';
    lineno++;
    if (line[0] == '#') continue;
    rc = plan_line(line, plan_room(p, &cap));
    if (rc) fprintf(stderr, "%s:%d:1: error: a plan line has 10 or 11 tab-separated fields\n", path, lineno);
    else p->nruns++;
  }
  free(text), free(path);
  return rc;
}

void rg_plan_free(rg_plan *p) {
  for (size_t i = 0; i < p->nruns; i++) {
    rg_run *r = &p->runs[i];
    free(r->id), free(r->test), free(r->bug), free(r->unit);
    free(r->log_regex), free(r->waves), free(r->command), free(r->cov);
  }
  free(p->runs);
  memset(p, 0, sizeof *p);
}
