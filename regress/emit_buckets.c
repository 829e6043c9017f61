// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the failure buckets (triage.c, N144) in summary.txt and
 * results.json: per bucket its signature, its runs, how many of them were
 * as expected (must-fail runs), its smallest reproducer with the script
 * that reruns it and the command that reruns it with waves. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "regress.h"
#include "util.h"

const rg_bucket *rg_bucket_of(const rg_meta *m, size_t i) {
  if (!m->tri || !m->tri->bucket_of || m->tri->bucket_of[i] == (size_t)-1) return NULL;
  return &m->tri->b[m->tri->bucket_of[i]];
}

char *rg_waves_command(const char *dir, const rg_run *r) {
  char *rep = rg_reproduce(dir, r);
  spagm_buf b = {0};
  spagm_buf_printf(&b, "%s%s%s", rep, r->waves[0] ? " " : "", r->waves);
  free(rep);
  return spagm_buf_take(&b);
}

/* One line a person reads: what differs, where, how often. */
static void describe(spagm_buf *b, const rg_bucket *k) {
  const rg_sig *s = &k->sig;
  if (strcmp(s->kind, "mismatch") == 0)
    spagm_buf_printf(b, "%s %s: the %s differs from the model's (rule %s)", s->unit,
                  s->insn[0] ? s->insn : "transaction", s->field, s->rule[0] ? s->rule : "-");
  else if (strcmp(s->kind, "must-fail-passed") == 0)
    spagm_buf_puts(b, "a must-fail run passed: the defect was not caught");
  else if (strcmp(s->kind, "hang") == 0)
    spagm_buf_printf(b, "the %s unit stopped answering (hang watchdog)", s->unit);
  else
    spagm_buf_printf(b, "runs ended as %s", s->kind);
}

void rg_emit_buckets_text(spagm_buf *b, const rg_plan *p, const rg_meta *m) {
  if (!m->tri || !m->tri->n) return;
  spagm_buf_printf(b, "\nFailure buckets (%zu), by signature (unit insn | field | rule):\n", m->tri->n);
  for (size_t k = 0; k < m->tri->n; k++) {
    const rg_bucket *bk = &m->tri->b[k];
    const rg_run *r = &p->runs[bk->smallest];
    spagm_buf_printf(b, "  B%zu  %zu run%s (%zu as expected)  %s\n      ", bk->id, bk->nruns,
                  bk->nruns == 1 ? "" : "s", bk->expected, bk->signature);
    describe(b, bk);
    spagm_buf_printf(b, "\n      smallest: %s", r->id);
    if (bk->smallest_txns != (unsigned long)-1)
      spagm_buf_printf(b, " (%lu transactions to the first mismatch)", bk->smallest_txns);
    char *w = rg_waves_command(m->dir, r);
    spagm_buf_printf(b, "\n      reproduce: %s/runs/%s/reproduce.sh\n      waves: %s\n", m->dir,
                  r->id, w);
    free(w);
  }
}

void rg_emit_buckets_json(spagm_buf *b, const rg_plan *p, const rg_meta *m) {
  spagm_buf_puts(b, "  \"buckets\": [");
  for (size_t k = 0; m->tri && k < m->tri->n; k++) {
    const rg_bucket *bk = &m->tri->b[k];
    const rg_run *r = &p->runs[bk->smallest];
    spagm_buf_printf(b, "%s\n    {\"id\": %zu, \"signature\": ", k ? "," : "", bk->id);
    spagm_buf_json_str(b, bk->signature);
    const char *keys[] = {"kind", "unit", "insn", "field", "rule"};
    const char *vals[] = {bk->sig.kind, bk->sig.unit, bk->sig.insn, bk->sig.field, bk->sig.rule};
    for (int i = 0; i < 5; i++) {
      spagm_buf_printf(b, ", \"%s\": ", keys[i]);
      spagm_buf_json_str(b, vals[i]);
    }
    spagm_buf d = {0};
    describe(&d, bk);
    spagm_buf_puts(b, ",\n     \"description\": ");
    spagm_buf_json_str(b, d.s);
    spagm_buf_free(&d);
    spagm_buf_printf(b, ", \"expected\": %zu, \"smallest\": ", bk->expected);
    spagm_buf_json_str(b, r->id);
    if (bk->smallest_txns != (unsigned long)-1)
      spagm_buf_printf(b, ", \"smallest_txns\": %lu", bk->smallest_txns);
    spagm_buf_printf(b, ", \"reproduce\": \"runs/%s/reproduce.sh\", \"waves\": ", r->id);
    char *w = rg_waves_command(m->dir, r);
    spagm_buf_json_str(b, w);
    free(w);
    spagm_buf_puts(b, ",\n     \"runs\": [");
    for (size_t j = 0; j < bk->nruns; j++) {
      if (j) spagm_buf_puts(b, ", ");
      spagm_buf_json_str(b, p->runs[bk->runs[j]].id);
    }
    spagm_buf_puts(b, "]}");
  }
  spagm_buf_puts(b, "\n  ],\n");
}
