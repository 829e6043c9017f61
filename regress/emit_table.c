// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the one-screen summary (DIR/summary.txt, also printed):
 * a line per test with its counts, seeds and wall time, then the runs that
 * did not do what their test expects, each with its reason and the command
 * that reproduces it (the first 10; results.json has all). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"
#include "util.h"

static void test_row(spagm_buf *b, const rg_plan *p, size_t from, size_t to) {
  size_t by[RG_STATUS_COUNT] = {0}, ok = 0;
  unsigned long lo = p->runs[from].seed, hi = lo;
  double t = 0;
  for (size_t i = from; i < to; i++) {
    const rg_run *r = &p->runs[i];
    by[r->res.status]++;
    ok += r->res.ok != 0;
    t += r->res.wall_s;
    if (r->seed < lo) lo = r->seed;
    if (r->seed > hi) hi = r->seed;
  }
  char seeds[48];
  snprintf(seeds, sizeof seeds, lo == hi ? "%lu" : "%lu..%lu", lo, hi);
  size_t other = by[RG_CANCELLED] + by[RG_LOST] + by[RG_NOTRUN];
  spagm_buf_printf(b, "%-24.24s %-4s %5zu %5zu %5zu %7zu %5zu %5zu %5zu %5zu/%-5zu %-12s %8.1f\n",
                p->runs[from].test, p->runs[from].expect_fail ? "fail" : "pass", to - from,
                by[RG_PASS], by[RG_FAIL], by[RG_TIMEOUT], by[RG_CRASH], by[RG_ERROR], other, ok,
                to - from,
                seeds, t);
}

static void failures(spagm_buf *b, const rg_plan *p, const rg_meta *m, size_t bad) {
  const char *dir = m->dir;
  if (!bad) return;
  spagm_buf_printf(b, "\nNot as expected (%zu):\n", bad);
  size_t shown = 0;
  for (size_t i = 0; i < p->nruns && shown < 10; i++) {
    const rg_run *r = &p->runs[i];
    if (r->res.ok) continue;
    shown++;
    char *rep = rg_reproduce(dir, r);
    const rg_bucket *bk = rg_bucket_of(m, i);
    spagm_buf_printf(b, "  %s  %s: %s", r->id, rg_status_name(r->res.status), r->res.reason);
    if (bk) spagm_buf_printf(b, " [B%zu]", bk->id);
    spagm_buf_printf(b, "\n    log:       %s/runs/%s/log\n    reproduce: %s\n", dir, r->id, rep);
    free(rep);
  }
  if (shown < bad) spagm_buf_printf(b, "  ... and %zu more in %s/results.json\n", bad - shown, dir);
}

int rg_emit_table(const rg_plan *p, const rg_meta *m, char **text) {
  spagm_buf b = {0};
  size_t bad = 0;
  for (size_t i = 0; i < p->nruns; i++) bad += !p->runs[i].res.ok;
  spagm_buf_printf(&b, "%sregression '%s' (%s launcher): %zu runs, %zu as expected, %zu not, "
                "%.1f s wall\n\n", m->partial ? "PARTIAL " : "", m->set, m->launcher, p->nruns,
                p->nruns - bad, bad, m->wall_s);
  spagm_buf_printf(&b, "%-24s %-4s %5s %5s %5s %7s %5s %5s %5s %11s %-12s %8s\n", "test", "exp",
                "runs", "pass", "fail", "timeout", "crash", "error", "other", "ok", "seeds", "run s");
  for (size_t i = 0, j; i < p->nruns; i = j) {
    for (j = i + 1; j < p->nruns && strcmp(p->runs[j].test, p->runs[i].test) == 0; j++) {
    }
    test_row(&b, p, i, j);
  }
  failures(&b, p, m, bad);
  rg_emit_buckets_text(&b, p, m);
  rg_emit_cov_text(&b, m->cov, m->dir);
  if (m->partial)
    spagm_buf_puts(&b, "\nPARTIAL: the regression was interrupted; unfinished runs are "
                    "cancelled or notrun.\n");
  spagm_buf_printf(&b, "\nresults: %s/report.html, %s/results.json, %s/junit.xml\n", m->dir, m->dir,
                m->dir);
  int rc = rg_write_in(m->dir, "summary.txt", b.s, b.len);
  *text = spagm_buf_take(&b);
  return rc;
}
