// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: DIR/junit.xml for Jenkins and GitLab: one <testsuite> per
 * test, one <testcase> per run. A run that failed when it should not (or
 * passed when it must fail) is a <failure>; a timeout, crash, cancel or lost
 * task is an <error>; a run an interrupt kept from starting is <skipped>. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "regress.h"
#include "util.h"

static void attr(spagm_buf *b, const char *name, const char *v) {
  spagm_buf_printf(b, " %s=\"", name);
  rg_xml_text(b, v);
  spagm_buf_puts(b, "\"");
}

/* The last lines of a run's log, for the failure's body. */
static char *log_tail(const char *dir, const rg_run *r, size_t lines) {
  char *rundir = rg_run_dir(dir, r);
  char *path = rg_path_join(rundir, "log");
  size_t len = 0;
  char *log = rg_read_file(path, &len);
  free(rundir), free(path);
  if (!log) return rg_xstrdup("");
  size_t start = len, seen = 0;
  while (start > 0 && seen <= lines) seen += log[--start] == '\n';
  if (seen > lines) start++;
  char *tail = rg_xstrdup(log + start);
  free(log);
  return tail;
}

static void problem(spagm_buf *b, const char *dir, const rg_run *r, const rg_bucket *bk) {
  const rg_result *x = &r->res;
  int failure = x->status == RG_FAIL || x->status == RG_PASS;
  spagm_buf_printf(b, "\n      <%s", failure ? "failure" : "error");
  attr(b, "type", rg_status_name(x->status));
  spagm_buf msg = {0};
  spagm_buf_puts(&msg, x->reason);
  if (bk) spagm_buf_printf(&msg, " [bucket B%zu: %s]", bk->id, bk->signature);
  attr(b, "message", msg.s);
  spagm_buf_free(&msg);
  spagm_buf_puts(b, ">reproduce: ");
  char *rep = rg_reproduce(dir, r), *tail = log_tail(dir, r, 20);
  rg_xml_text(b, rep);
  spagm_buf_puts(b, "\nlog: runs/");
  rg_xml_text(b, r->id);
  spagm_buf_puts(b, "/log (last lines below)\n");
  rg_xml_text(b, tail);
  free(rep), free(tail);
  spagm_buf_printf(b, "</%s>\n    ", failure ? "failure" : "error");
}

static void testcase(spagm_buf *b, const rg_meta *m, size_t i, const rg_run *r) {
  const char *dir = m->dir, *set = m->set;
  spagm_buf cls = {0};
  spagm_buf_printf(&cls, "%s.%s", set, r->test);
  spagm_buf_puts(b, "    <testcase");
  attr(b, "classname", cls.s);
  attr(b, "name", r->id);
  spagm_buf_printf(b, " time=\"%.3f\">", r->res.wall_s);
  spagm_buf_free(&cls);
  if (r->res.status == RG_NOTRUN) {
    spagm_buf_puts(b, "<skipped message=\"not run: the regression was interrupted\"/>");
  } else if (!r->res.ok) {
    problem(b, dir, r, rg_bucket_of(m, i));
  }
  spagm_buf_puts(b, "</testcase>\n");
}

/* Runs [from, to) are one test's (the plan is sorted by test). */
static void suite(spagm_buf *b, const rg_plan *p, const rg_meta *m, size_t from, size_t to) {
  size_t fail = 0, err = 0, skip = 0;
  double t = 0;
  for (size_t i = from; i < to; i++) {
    const rg_result *x = &p->runs[i].res;
    t += x->wall_s;
    skip += x->status == RG_NOTRUN;
    if (x->status != RG_NOTRUN && !x->ok) *(x->status == RG_FAIL || x->status == RG_PASS ? &fail : &err) += 1;
  }
  spagm_buf_puts(b, "  <testsuite");
  attr(b, "name", p->runs[from].test);
  spagm_buf_printf(b, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\"",
                to - from, fail, err, skip, t);
  attr(b, "timestamp", m->started);
  spagm_buf_puts(b, ">\n");
  for (size_t i = from; i < to; i++) testcase(b, m, i, &p->runs[i]);
  spagm_buf_puts(b, "  </testsuite>\n");
}

int rg_emit_junit(const rg_plan *p, const rg_meta *m) {
  spagm_buf b = {0};
  spagm_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites");
  spagm_buf name = {0};
  spagm_buf_printf(&name, "spagm-regress %s%s", m->set, m->partial ? " (partial)" : "");
  attr(&b, "name", name.s);
  spagm_buf_free(&name);
  spagm_buf_printf(&b, " tests=\"%zu\" time=\"%.3f\">\n", p->nruns + (m->cov && (m->cov->have || m->cov->rtl.have)), m->wall_s);
  for (size_t i = 0, j; i < p->nruns; i = j) {
    for (j = i + 1; j < p->nruns && strcmp(p->runs[j].test, p->runs[i].test) == 0; j++) {
    }
    suite(&b, p, m, i, j);
  }
  rg_emit_cov_junit(&b, m->cov, m->started);
  spagm_buf_puts(&b, "</testsuites>\n");
  int rc = rg_write_in(m->dir, "junit.xml", b.s, b.len);
  spagm_buf_free(&b);
  return rc;
}
