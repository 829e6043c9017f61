// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the RTL code coverage of a regression (* N253). In a tree built with -DSPAGM_RTL_COVERAGE=ON every Verilated run
 * that collects writes Verilator's line and toggle counts to rtl.dat; the
 * files of the runs that passed (N142) are merged by `verilator_coverage
 * --write` into DIR/rtl-coverage.dat (and --write-info, lcov's format, into
 * DIR/rtl-coverage.info) and summarised per unit here.
 *
 * A unit's points are those under its design instance, whatever its files
 * are called (a user's RTL too): the testbenches put each unit's top at
 * `u_<unit>.g_rtl.dut` (testbench/shared/tb_dut.svh); the testbench and the
 * version-1 bridge beside it are not the design under test. One point of the
 * RTL is the same in spagm-cosim's and spagm-replay's hierarchy, so its key
 * is taken below `dut` and counted once: hit when any run of any testbench
 * moved it. "line" is Verilator's line and branch points (v_line, v_branch),
 * "toggle" its toggle points (v_toggle), as scripts/rtl-coverage counts. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "regress.h"
#include "util.h"

#ifndef SPAGM_VERILATOR_COVERAGE
#define SPAGM_VERILATOR_COVERAGE "verilator_coverage"
#endif

static const char *const unit_inst[3] = {".u_attr.g_rtl.dut", ".u_pix.g_rtl.dut", ".u_tex.g_rtl.dut"};

/* The set of normalised point keys, each with whether it was hit. */
typedef struct point_set {
  char **key;
  unsigned char *hit;
  size_t cap, n;
} point_set;

static size_t hash(const char *s) {
  size_t h = 1469598103934665603u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
  return h;
}

static void set_grow(point_set *ps);

/* Adds key (or finds it); returns its slot. */
static size_t set_add(point_set *ps, const char *key) {
  if (2 * (ps->n + 1) > ps->cap) set_grow(ps);
  size_t i = hash(key) & (ps->cap - 1);
  while (ps->key[i] && strcmp(ps->key[i], key) != 0) i = (i + 1) & (ps->cap - 1);
  if (!ps->key[i]) ps->key[i] = rg_xstrdup(key), ps->n++;
  return i;
}

static void set_grow(point_set *ps) {
  point_set big = {0};
  big.cap = ps->cap ? 2 * ps->cap : 1 << 16;
  big.key = calloc(big.cap, sizeof *big.key);
  big.hit = calloc(big.cap, 1);
  if (!big.key || !big.hit) abort();
  for (size_t i = 0; i < ps->cap; i++) {
    if (!ps->key[i]) continue;
    size_t j = hash(ps->key[i]) & (big.cap - 1);
    while (big.key[j]) j = (j + 1) & (big.cap - 1);
    big.key[j] = ps->key[i], big.hit[j] = ps->hit[i], big.n++;
  }
  free(ps->key), free(ps->hit);
  *ps = big;
}

static void set_free(point_set *ps) {
  for (size_t i = 0; i < ps->cap; i++) free(ps->key[i]);
  free(ps->key), free(ps->hit);
}

/* The value of field k in a point's key ("\001k\002value..."), into out. */
static void field(const char *rec, const char *k, char *out, size_t n) {
  char pat[16];
  snprintf(pat, sizeof pat, "\001%s\002", k);
  const char *s = strstr(rec, pat);
  size_t len = 0;
  if (s) {
    s += strlen(pat);
    while (s[len] && s[len] != '\001' && s[len] != '\'') len++;
  }
  if (len >= n) len = n - 1;
  memcpy(out, s ? s : "", len);
  out[len] = '\0';
}

/* One "C '<key>' count" line: its unit (-1: not a unit's design), kind (0
 * line, 1 toggle, -1 other) and normalised key. */
static int classify_point(const char *line, int *kind, char *key, size_t n) {
  char h[512], page[128], f[512], l[16], col[16], o[256];
  field(line, "h", h, sizeof h);
  int unit = -1;
  const char *below = NULL;
  for (int u = 0; u < 3 && unit < 0; u++) {
    const char *s = strstr(h, unit_inst[u]);
    size_t k = strlen(unit_inst[u]);
    if (s && (s[k] == '\0' || s[k] == '.')) unit = u, below = s + k;
  }
  if (unit < 0) return -1;
  field(line, "page", page, sizeof page);
  *kind = strncmp(page, "v_toggle", 8) == 0                                   ? 1
          : strncmp(page, "v_line", 6) == 0 || strncmp(page, "v_branch", 8) == 0 ? 0
                                                                                  : -1;
  field(line, "f", f, sizeof f), field(line, "l", l, sizeof l);
  field(line, "n", col, sizeof col), field(line, "o", o, sizeof o);
  snprintf(key, n, "%d|%s|%s|%s|%s|%s|%s", unit, page, f, l, col, o, below);
  return unit;
}

/* Reads the merged file into per-unit figures. */
static int summarise(const char *path, rg_rtlcov *s) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  point_set ps = {0};
  char *line = NULL, key[2048];
  size_t cap = 0;
  while (getline(&line, &cap, f) > 0) {
    if (strncmp(line, "C '", 3) != 0) continue;
    int kind, unit = classify_point(line, &kind, key, sizeof key);
    if (unit < 0 || kind < 0) continue;
    const char *q = strrchr(line, '\'');
    size_t slot = set_add(&ps, key);
    if (q && strtoull(q + 1, NULL, 10)) ps.hit[slot] = 1;
  }
  free(line), fclose(f);
  /* The key starts with the unit and the page: the figures per slot. */
  for (size_t i = 0; i < ps.cap; i++) {
    if (!ps.key[i]) continue;
    int u = ps.key[i][0] - '0';
    int toggle = strncmp(ps.key[i] + 2, "v_toggle", 8) == 0;
    for (int a = 0; a < 2; a++) {
      rg_rtl_unit *c = &s->unit[a ? 3 : u];
      if (toggle)
        c->toggle_points++, c->toggle_hit += ps.hit[i];
      else
        c->line_points++, c->line_hit += ps.hit[i];
    }
  }
  set_free(&ps);
  return 0;
}

/* verilator_coverage --write OUT.tmp --write-info INFO.tmp FILES...,
 * its output in DIR/rtl-coverage.log. */
static int merge(char **files, size_t n, const char *dat, const char *info, const char *log) {
  char *tmp = rg_xstrdup(dat), *itmp = rg_xstrdup(info);
  tmp = rg_xrealloc(tmp, strlen(dat) + 5), strcat(tmp, ".tmp");
  itmp = rg_xrealloc(itmp, strlen(info) + 5), strcat(itmp, ".tmp");
  char **argv = rg_xrealloc(NULL, (n + 6) * sizeof *argv);
  size_t a = 0;
  argv[a++] = (char *)SPAGM_VERILATOR_COVERAGE;
  argv[a++] = (char *)"--write", argv[a++] = tmp;
  argv[a++] = (char *)"--write-info", argv[a++] = itmp;
  for (size_t i = 0; i < n; i++) argv[a++] = files[i];
  argv[a] = NULL;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  extern char **environ;
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ), st = 0;
  posix_spawn_file_actions_destroy(&fa);
  if (rc == 0) {
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    rc = !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  } else {
    fprintf(stderr, "spagm-regress: cannot run %s: %s\n", argv[0], strerror(rc));
  }
  if (rc == 0) rc = rename(tmp, dat) != 0 || rename(itmp, info) != 0;
  if (rc) unlink(tmp), unlink(itmp);
  free(argv), free(tmp), free(itmp);
  return rc ? -1 : 0;
}

int rg_rtl_coverage_collect(const rg_plan *p, const char *dir, rg_rtlcov *s) {
  memset(s, 0, sizeof *s);
  char **files = NULL;
  size_t n = 0, want = 0;
  for (size_t i = 0; i < p->nruns; i++) {
    const rg_run *r = &p->runs[i];
    if (!strstr(r->command, "+rtl_cov=rtl.dat")) continue;
    want++;
    if (r->res.status != RG_PASS || !r->res.ok) continue; /* N142 */
    char *rundir = rg_run_dir(dir, r);
    char *path = rg_path_join(rundir, "rtl.dat");
    free(rundir);
    if (access(path, R_OK) != 0) {
      fprintf(stderr, "spagm-regress: %s: no RTL coverage (rtl.dat)\n", r->id);
      s->missing++;
      free(path);
      continue;
    }
    files = rg_xrealloc(files, (n + 1) * sizeof *files);
    files[n++] = path;
  }
  int rc = 0;
  if (want && n) { /* no Verilated run collected: no RTL section, not zeros */
    char *dat = rg_path_join(dir, "rtl-coverage.dat"), *info = rg_path_join(dir, "rtl-coverage.info");
    char *log = rg_path_join(dir, "rtl-coverage.log");
    rc = merge(files, n, dat, info, log);
    if (rc)
      fprintf(stderr, "spagm-regress: verilator_coverage could not merge the RTL coverage (%s)\n", log);
    else
      rc = summarise(dat, s);
    s->inputs = n;
    s->have = rc == 0;
    free(dat), free(info), free(log);
  }
  for (size_t i = 0; i < n; i++) free(files[i]);
  free(files);
  return rc;
}
