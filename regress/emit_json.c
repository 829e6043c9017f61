// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: DIR/results.json, every run in plan order (docs/regress.md,
 * "Results"): its layout written into util's text buffer, strings escaped
 * by util's spagm_buf_json_str, as every JSON summary is. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "regress.h"
#include "util.h"

static void key_str(spagm_buf *b, const char *key, const char *v, int comma) {
  spagm_buf_printf(b, "\"%s\": ", key);
  spagm_buf_json_str(b, v);
  if (comma) spagm_buf_puts(b, ", ");
}

char *rg_reproduce(const char *dir, const rg_run *r) {
  spagm_buf b = {0};
  char *rundir = rg_run_dir(dir, r);
  spagm_buf_puts(&b, "cd ");
  spagm_buf_shquote(&b, rundir);
  spagm_buf_printf(&b, " && %s", r->command);
  free(rundir);
  return spagm_buf_take(&b);
}

static void run_json(spagm_buf *b, const rg_meta *m, size_t i, const rg_run *r) {
  const char *dir = m->dir;
  const rg_bucket *bk = rg_bucket_of(m, i);
  const rg_result *x = &r->res;
  spagm_buf_puts(b, "    {");
  key_str(b, "id", r->id, 1);
  key_str(b, "test", r->test, 1);
  spagm_buf_printf(b, "\"seed\": %lu, ", r->seed);
  key_str(b, "bug", r->bug, 1);
  key_str(b, "unit", r->unit, 1);
  key_str(b, "expect", r->expect_fail ? "fail" : "pass", 1);
  key_str(b, "status", rg_status_name(x->status), 1);
  spagm_buf_printf(b, "\"ok\": %s, \"exit\": %d, \"signal\": %d, \"wall_s\": %.3f, \"attempts\": %d,\n     ",
                x->ok ? "true" : "false", x->exit_code, x->signal, x->wall_s, r->attempts);
  key_str(b, "host", x->host, 1);
  key_str(b, "slurm_job", x->slurm_job, 1);
  key_str(b, "slurm_task", x->slurm_task, 1);
  key_str(b, "reason", x->reason, 1);
  spagm_buf_printf(b, "\"bucket\": %zu, ", bk ? bk->id : 0);
  spagm_buf log = {0};
  spagm_buf_printf(&log, "runs/%s/log", r->id);
  key_str(b, "log", log.s, 0);
  spagm_buf_free(&log);
  spagm_buf_puts(b, ",\n     ");
  key_str(b, "command", r->command, 1);
  char *rep = rg_reproduce(dir, r);
  key_str(b, "reproduce", rep, 0);
  free(rep);
  spagm_buf_puts(b, "}");
}

static void counts_json(spagm_buf *b, const rg_plan *p) {
  size_t by[RG_STATUS_COUNT] = {0}, ok = 0;
  for (size_t i = 0; i < p->nruns; i++) {
    by[p->runs[i].res.status]++;
    ok += p->runs[i].res.ok != 0;
  }
  spagm_buf_printf(b, "  \"counts\": {\"runs\": %zu, \"ok\": %zu, \"not_ok\": %zu", p->nruns, ok,
                p->nruns - ok);
  for (int s = RG_NOTRUN; s < RG_STATUS_COUNT; s++)
    spagm_buf_printf(b, ", \"%s\": %zu", rg_status_name((rg_status)s), by[s]);
  spagm_buf_puts(b, "},\n");
}

int rg_emit_json(const rg_plan *p, const rg_meta *m) {
  spagm_buf b = {0};
  spagm_buf_puts(&b, "{\n  \"format\": \"spagm-regress results 1\",\n  ");
  key_str(&b, "set", m->set, 1);
  key_str(&b, "description", m->desc, 1);
  key_str(&b, "launcher", m->launcher, 0);
  spagm_buf_puts(&b, ",\n  ");
  key_str(&b, "started", m->started, 1);
  spagm_buf_printf(&b, "\"wall_s\": %.3f, \"partial\": %s,\n", m->wall_s, m->partial ? "true" : "false");
  counts_json(&b, p);
  rg_emit_cov_json(&b, m->cov);
  rg_emit_buckets_json(&b, p, m);
  spagm_buf_puts(&b, "  \"runs\": [\n");
  for (size_t i = 0; i < p->nruns; i++) {
    run_json(&b, m, i, &p->runs[i]);
    spagm_buf_puts(&b, i + 1 < p->nruns ? ",\n" : "\n");
  }
  spagm_buf_puts(&b, "  ]\n}\n");
  int rc = rg_write_in(m->dir, "results.json", b.s, b.len);
  spagm_buf_free(&b);
  return rc;
}
