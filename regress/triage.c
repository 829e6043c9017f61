// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: failure buckets (N144). Every run that
 * did not pass is given a signature read from its log's first mismatch:
 * the unit, the instruction (op and modifiers, as disassembled), the
 * response field that differs and the rule the model applied there (its
 * explanation's path and the rulings it cites), or else what happened
 * (hang, timeout, crash, error, must-fail-passed, ...). Runs of one
 * signature are one bucket: one bug seen N times is one line. Each bucket
 * names its smallest reproducer, the run with the fewest transactions to
 * its first mismatch (its tag + 1; ties: the shorter run). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"
#include "report_read.h"
#include "util.h"

/* The run's signature from the first report of its log that follows
 * docs/report-format.md (report_read.h); a line that only starts like one
 * is passed over. */
static void sig_of_log(const char *log, rg_sig *s) {
  const char *pos = log;
  size_t line = 1;
  rg_report r;
  char why[160];
  int got;
  while ((got = rg_report_next(&pos, &line, &r, why, sizeof why)) != 0) {
    if (got < 0) continue;
    snprintf(s->kind, sizeof s->kind, "%s", r.kind);
    snprintf(s->unit, sizeof s->unit, "%s", r.unit);
    if (r.subject == RG_REPORT_HANG) return;
    snprintf(s->insn, sizeof s->insn, "%s", r.insn);
    snprintf(s->field, sizeof s->field, "%s", r.field);
    snprintf(s->rule, sizeof s->rule, "%s", r.rule);
    if (r.tag >= 0) s->txns = (unsigned long)r.tag + 1;
    return;
  }
}

void rg_triage_run(const char *dir, const rg_run *r, rg_sig *s) {
  memset(s, 0, sizeof *s);
  const rg_result *x = &r->res;
  if (x->status == RG_PASS) {
    snprintf(s->kind, sizeof s->kind, r->expect_fail ? "must-fail-passed" : "log-mismatch");
  } else if (x->status != RG_FAIL) {
    snprintf(s->kind, sizeof s->kind, "%s", rg_status_name(x->status));
  }
  char *rundir = rg_run_dir(dir, r);
  char *path = rg_path_join(rundir, "log");
  char *log = rg_read_file(path, NULL);
  free(rundir), free(path);
  snprintf(s->unit, sizeof s->unit, "%s", r->unit);
  if (x->status == RG_FAIL && log) sig_of_log(log, s);
  if (!s->kind[0]) snprintf(s->kind, sizeof s->kind, "fail");
  if (!s->txns) s->txns = (unsigned long)-1;
  free(log);
}

void rg_sig_text(const rg_sig *s, char *out, size_t n) {
  rg_report r;
  memset(&r, 0, sizeof r);
  if (strcmp(s->kind, "mismatch") != 0) {
    snprintf(out, n, "%s%s%s", s->kind, s->unit[0] ? " " : "", s->unit);
    return;
  }
  snprintf(r.kind, sizeof r.kind, "mismatch");
  snprintf(r.unit, sizeof r.unit, "%s", s->unit);
  snprintf(r.insn, sizeof r.insn, "%s", s->insn);
  snprintf(r.field, sizeof r.field, "%s", s->field);
  snprintf(r.rule, sizeof r.rule, "%s", s->rule);
  rg_report_bucket(&r, out, n);
}

static int by_size(const void *a, const void *b) {
  const rg_bucket *x = a, *y = b;
  if (x->nruns != y->nruns) return x->nruns < y->nruns ? 1 : -1;
  return strcmp(x->signature, y->signature);
}

static int better(const rg_plan *p, const rg_bucket *b, size_t run, unsigned long txns) {
  if (txns != b->smallest_txns) return txns < b->smallest_txns;
  return p->runs[run].res.wall_s < p->runs[b->smallest].res.wall_s;
}

/* Groups the runs that did not pass (and must-fail runs that did), then
 * numbers the buckets, largest first. */
int rg_triage(const rg_plan *p, const char *dir, rg_triage_t *t) {
  memset(t, 0, sizeof *t);
  t->bucket_of = rg_xmalloc((p->nruns + 1) * sizeof *t->bucket_of);
  char sig[256];
  for (size_t i = 0; i < p->nruns; i++) {
    const rg_run *r = &p->runs[i];
    t->bucket_of[i] = (size_t)-1;
    if (r->res.status == RG_NOTRUN || r->res.status == RG_CANCELLED) continue;
    if (r->res.status == RG_PASS && r->res.ok) continue;
    rg_sig s;
    rg_triage_run(dir, r, &s);
    rg_sig_text(&s, sig, sizeof sig);
    size_t k = 0;
    while (k < t->n && strcmp(t->b[k].signature, sig) != 0) k++;
    if (k == t->n) {
      t->b = rg_xrealloc(t->b, (t->n + 1) * sizeof *t->b);
      memset(&t->b[k], 0, sizeof t->b[k]);
      t->b[k].signature = rg_xstrdup(sig);
      t->b[k].sig = s;
      t->b[k].smallest = i;
      t->b[k].smallest_txns = s.txns;
      t->n++;
    } else if (better(p, &t->b[k], i, s.txns)) {
      t->b[k].smallest = i, t->b[k].smallest_txns = s.txns;
    }
    rg_bucket *b = &t->b[k];
    b->runs = rg_xrealloc(b->runs, (b->nruns + 1) * sizeof *b->runs);
    b->runs[b->nruns++] = i;
    b->expected += r->res.ok != 0;
  }
  qsort(t->b, t->n, sizeof *t->b, by_size);
  for (size_t k = 0; k < t->n; k++) {
    t->b[k].id = k + 1;
    for (size_t j = 0; j < t->b[k].nruns; j++) t->bucket_of[t->b[k].runs[j]] = k;
  }
  return 0;
}

void rg_triage_free(rg_triage_t *t) {
  for (size_t k = 0; k < t->n; k++) free(t->b[k].signature), free(t->b[k].runs);
  free(t->b), free(t->bucket_of);
  memset(t, 0, sizeof *t);
}

/* The whole of a stream, NUL-terminated; NULL when it cannot be read. */
static char *read_stream(FILE *f) {
  size_t n = 0, cap = 1 << 16;
  char *s = malloc(cap);
  while (s) {
    n += fread(s + n, 1, cap - n - 1, f);
    if (ferror(f)) break;
    if (feof(f)) {
      s[n] = '\0';
      return s;
    }
    if (n + 1 == cap) {
      char *t = realloc(s, cap *= 2);
      if (!t) break;
      s = t;
    }
  }
  free(s);
  return NULL;
}

static const char *or_dash(const char *s) { return s[0] ? s : "-"; }

int rg_read_report_main(const char *path) {
  char *log = strcmp(path, "-") == 0 ? read_stream(stdin) : rg_read_file(path, NULL);
  if (!log) {
    fprintf(stderr, "spagm-regress: cannot read %s\n", path);
    return 2;
  }
  const char *pos = log;
  size_t line = 1, found = 0, bad = 0;
  rg_report r;
  char why[160], key[256];
  int got;
  while ((got = rg_report_next(&pos, &line, &r, why, sizeof why)) != 0) {
    if (got < 0) {
      fprintf(stderr, "%s:%zu: not a report header (docs/report-format.md): %s\n", path, r.line,
              why);
      bad++;
      continue;
    }
    rg_report_bucket(&r, key, sizeof key);
    char tag[24] = "-";
    if (r.tag >= 0) snprintf(tag, sizeof tag, "%lld", r.tag);
    printf("report %zu (line %zu)\n  producer  %s\n  kind      %s\n  unit      %s\n"
           "  subject   %s\n  tag       %s\n  insn      %s\n  field     %s\n  rule      %s\n"
           "  bucket    %s\n",
           ++found, r.line, or_dash(r.producer), r.kind, r.unit, rg_report_subject_name(r.subject),
           tag, or_dash(r.insn), or_dash(r.field), or_dash(r.rule), key);
  }
  if (!found && !bad) fprintf(stderr, "%s: no MISMATCH or HANG report\n", path);
  free(log);
  return found && !bad ? 0 : 1;
}
