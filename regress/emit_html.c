// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: DIR/report.html, the regression on one page (issue 29
 * item 6): totals and pass rate, the failure buckets, the per-unit
 * functional coverage with bars and the holes, and the runs table (sortable
 * by any column, links to each run's log and reproduce.sh). One
 * self-contained file: inline style and script, relative links only, so it
 * works from file:// and from a CI server's artifact folder alike. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "regress.h"
#include "util.h"

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1f24}"
    "h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}"
    ".meta{color:#57606a}.tiles{display:flex;gap:12px;flex-wrap:wrap}"
    ".tile{border:1px solid #d0d7de;border-radius:6px;padding:8px 14px;min-width:110px}"
    ".tile b{display:block;font-size:22px}.bad b{color:#cf222e}.good b{color:#1a7f37}"
    "table{border-collapse:collapse}td,th{border-bottom:1px solid #d8dee4;padding:3px 8px;"
    "text-align:left;vertical-align:top}th{background:#f6f8fa;cursor:pointer;user-select:none}"
    ".bar{width:220px;height:12px;background:#ffebe9;border-radius:3px;overflow:hidden}"
    ".bar i{display:block;height:100%;background:#2da44e}"
    "tr.notok td{background:#fff8f8}code{font-size:12px}"
    ".st-pass{color:#1a7f37}.st-fail,.st-error,.st-crash,.st-timeout,.st-lost{color:#cf222e}";

/* Sorts a table by the clicked column (numbers as numbers), again to reverse. */
static const char script[] =
    "document.querySelectorAll('table.sortable th').forEach(function(th,col){"
    "th.addEventListener('click',function(){var tb=th.closest('table').tBodies[0];"
    "var rows=Array.from(tb.rows),dir=th.dataset.dir==='a'?-1:1;th.dataset.dir=dir>0?'a':'d';"
    "rows.sort(function(a,b){var x=a.cells[col].dataset.v||a.cells[col].textContent,"
    "y=b.cells[col].dataset.v||b.cells[col].textContent,nx=parseFloat(x),ny=parseFloat(y);"
    "if(!isNaN(nx)&&!isNaN(ny))return (nx-ny)*dir;return x.localeCompare(y)*dir;});"
    "rows.forEach(function(r){tb.appendChild(r);});});});";

static void text(spagm_buf *b, const char *s) { rg_xml_text(b, s); }

static void tile(spagm_buf *b, const char *id, const char *cls, const char *value, const char *label) {
  spagm_buf_printf(b, "<div class=\"tile %s\" id=\"%s\"><b>", cls, id);
  text(b, value);
  spagm_buf_printf(b, "</b>%s</div>", label);
}

static void totals(spagm_buf *b, const rg_plan *p, const rg_meta *m) {
  size_t ok = 0, pass = 0;
  double run_s = 0;
  for (size_t i = 0; i < p->nruns; i++) {
    ok += p->runs[i].res.ok != 0;
    pass += p->runs[i].res.status == RG_PASS;
    run_s += p->runs[i].res.wall_s;
  }
  char v[64];
  spagm_buf_puts(b, "<section class=\"tiles\" id=\"totals\">");
  snprintf(v, sizeof v, "%zu", p->nruns);
  tile(b, "t-runs", "", v, "runs");
  snprintf(v, sizeof v, "%zu", ok);
  tile(b, "t-ok", ok == p->nruns ? "good" : "", v, "as expected");
  snprintf(v, sizeof v, "%zu", p->nruns - ok);
  tile(b, "t-notok", ok == p->nruns ? "good" : "bad", v, "not as expected");
  snprintf(v, sizeof v, "%.1f %%", p->nruns ? 100.0 * ok / p->nruns : 100.0);
  tile(b, "t-rate", ok == p->nruns ? "good" : "bad", v, "pass rate (as expected)");
  snprintf(v, sizeof v, "%zu", pass);
  tile(b, "t-pass", "", v, "exited 0");
  snprintf(v, sizeof v, "%.1f s", m->wall_s);
  tile(b, "t-wall", "", v, "wall time");
  snprintf(v, sizeof v, "%.1f s", run_s);
  tile(b, "t-runtime", "", v, "run time (sum of runs)");
  if (m->cov && m->cov->have) {
    snprintf(v, sizeof v, "%.1f %%", rg_cov_reachable_pct(&m->cov->unit[3]));
    tile(b, "t-cov", m->cov->nholes ? "bad" : "good", v, "functional coverage");
  }
  spagm_buf_puts(b, "</section>\n");
}

static void buckets(spagm_buf *b, const rg_plan *p, const rg_meta *m) {
  size_t n = m->tri ? m->tri->n : 0;
  spagm_buf_printf(b, "<h2 id=\"buckets\">Failure buckets (%zu)</h2>\n", n);
  if (!n) {
    spagm_buf_puts(b, "<p>No run failed.</p>\n");
    return;
  }
  spagm_buf_puts(b, "<table class=\"sortable\" id=\"bucket-table\"><thead><tr><th>bucket</th><th>runs"
                 "</th><th>as expected</th><th>signature</th><th>smallest reproducer</th>"
                 "</tr></thead><tbody>\n");
  for (size_t k = 0; k < n; k++) {
    const rg_bucket *bk = &m->tri->b[k];
    const rg_run *r = &p->runs[bk->smallest];
    spagm_buf_printf(b, "<tr id=\"B%zu\"><td data-v=\"%zu\">B%zu</td><td>%zu</td><td>%zu</td><td>",
                  bk->id, bk->id, bk->id, bk->nruns, bk->expected);
    text(b, bk->signature);
    spagm_buf_puts(b, "</td><td><a href=\"runs/");
    text(b, r->id);
    spagm_buf_puts(b, "/reproduce.sh\">");
    text(b, r->id);
    spagm_buf_puts(b, "</a>");
    if (bk->smallest_txns != (unsigned long)-1)
      spagm_buf_printf(b, " (%lu transactions)", bk->smallest_txns);
    spagm_buf_puts(b, "</td></tr>\n");
  }
  spagm_buf_puts(b, "</tbody></table>\n");
}

static void hole_list(spagm_buf *b, const char *id, const char *title, char **l, size_t n) {
  if (!n) return;
  /* Holes open when few: a long list would push the runs off the page. */
  spagm_buf_printf(b, "<details id=\"%s\"%s><summary>%s (%zu)</summary><ul>", id,
                strcmp(id, "holes") == 0 && n <= 20 ? " open" : "", title, n);
  for (size_t i = 0; i < n; i++) {
    spagm_buf_puts(b, "<li><code>");
    text(b, l[i]);
    spagm_buf_puts(b, "</code></li>");
  }
  spagm_buf_puts(b, "</ul></details>\n");
}

static void pct_cell(spagm_buf *b, unsigned long hit, unsigned long points) {
  double pct = points ? 100.0 * hit / points : 0.0;
  spagm_buf_printf(b, "<td><div class=\"bar\"><i style=\"width:%.1f%%\"></i></div></td><td>%.1f %%"
                "</td><td>%lu / %lu</td>", pct, pct, hit, points);
}

/* Verilator's line and toggle figures per unit (N253), only when built. */
static void rtl_coverage(spagm_buf *b, const rg_rtlcov *r) {
  static const char *const names[] = {"attr", "pix", "tex", "all"};
  if (!r->have) return;
  spagm_buf_printf(b, "<h3 id=\"rtl-coverage\">RTL code coverage</h3>\n<p>Verilator's line (and "
                "branch) and toggle points of each unit's design, %zu runs' counts merged into "
                "<a href=\"rtl-coverage.dat\">rtl-coverage.dat</a> "
                "(lcov: <a href=\"rtl-coverage.info\">rtl-coverage.info</a>).</p>\n", r->inputs);
  spagm_buf_puts(b, "<table id=\"rtl-table\"><thead><tr><th>unit</th><th>line</th><th></th><th>hit / "
                 "points</th><th>toggle</th><th></th><th>hit / points</th></tr></thead><tbody>\n");
  for (int u = 0; u < 4; u++) {
    const rg_rtl_unit *c = &r->unit[u];
    spagm_buf_printf(b, "<tr id=\"rtl-%s\"><td>%s</td>", names[u], names[u]);
    pct_cell(b, c->line_hit, c->line_points);
    pct_cell(b, c->toggle_hit, c->toggle_points);
    spagm_buf_puts(b, "</tr>\n");
  }
  spagm_buf_puts(b, "</tbody></table>\n");
}

static void coverage(spagm_buf *b, const rg_covsum *s) {
  if (!s) return;
  if (!s->have) {
    rtl_coverage(b, &s->rtl);
    return;
  }
  static const char *const names[] = {"attr", "pix", "tex", "all"};
  spagm_buf_printf(b, "<h2 id=\"coverage\">Functional coverage</h2>\n<p>%zu databases of passed runs "
                "merged into <a href=\"coverage.cov\">coverage.cov</a>; the full report: "
                "<a href=\"coverage/index.html\">coverage page</a>, "
                "<a href=\"coverage.txt\">text</a>.</p>\n", s->inputs);
  if (s->nleft_out) {
    spagm_buf_printf(b, "<p class=\"bad\" id=\"cov-left-out\">%zu databases of passed runs could not "
                  "be read and were left out (those runs are errors):</p>\n<ul>\n", s->nleft_out);
    for (size_t i = 0; i < s->nleft_out; i++) {
      spagm_buf_puts(b, "<li>");
      text(b, s->left_out[i]);
      spagm_buf_puts(b, "</li>\n");
    }
    spagm_buf_puts(b, "</ul>\n");
  }
  spagm_buf_puts(b, "<table id=\"cov-table\"><thead><tr><th>unit</th><th>reachable bins hit</th><th>"
                 "</th><th>hit / legal</th><th>holes</th><th>need a reordering DUT</th><th>"
                 "not reachable by co-simulation</th><th>model alone</th></tr></thead><tbody>\n");
  for (int u = 0; u < 4; u++) {
    const rg_cov_unit *c = &s->unit[u];
    double pct = rg_cov_reachable_pct(c);
    spagm_buf_printf(b, "<tr id=\"cov-%s\"><td>%s</td><td><div class=\"bar\"><i style=\"width:%.1f%%\">"
                  "</i></div></td><td>%.1f %%</td><td>%u / %u</td><td>%u</td><td>%u</td><td>%u</td>"
                  "<td>%u</td></tr>\n", names[u], names[u], pct, pct, c->hit, c->legal, c->holes,
                  c->reorder, c->no_port, c->model_only);
  }
  spagm_buf_puts(b, "</tbody></table>\n");
  hole_list(b, "holes", "Holes", s->holes, s->nholes);
  hole_list(b, "reorder", "Need a reordering DUT", s->reorder, s->nreorder);
  hole_list(b, "no-port", "Not reachable by co-simulation (no SM50 word)", s->no_port, s->nno_port);
  hole_list(b, "model-only", "Hit by the model alone (no RTL port form, spec 7.1)",
            s->model_only, s->nmodel_only);
  rtl_coverage(b, &s->rtl);
}

static void run_row(spagm_buf *b, const rg_meta *m, size_t i, const rg_run *r) {
  const rg_bucket *bk = rg_bucket_of(m, i);
  const char *st = rg_status_name(r->res.status);
  spagm_buf_printf(b, "<tr class=\"%s\"><td>", r->res.ok ? "ok" : "notok");
  text(b, r->id);
  spagm_buf_puts(b, "</td><td>");
  text(b, r->test);
  spagm_buf_printf(b, "</td><td>%lu</td><td class=\"st-%s\">%s</td><td>%s</td><td data-v=\"%.3f\">"
                "%.1f</td><td>", r->seed, st, st, r->res.ok ? "yes" : "NO", r->res.wall_s,
                r->res.wall_s);
  if (bk) spagm_buf_printf(b, "<a href=\"#B%zu\">B%zu</a>", bk->id, bk->id);
  spagm_buf_puts(b, "</td><td>");
  text(b, r->res.reason);
  spagm_buf_puts(b, "</td><td><a href=\"runs/");
  text(b, r->id);
  spagm_buf_puts(b, "/log\">log</a> <a href=\"runs/");
  text(b, r->id);
  spagm_buf_puts(b, "/reproduce.sh\">reproduce</a></td></tr>\n");
}

int rg_emit_html(const rg_plan *p, const rg_meta *m) {
  spagm_buf b = {0};
  spagm_buf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                  "<meta name=\"viewport\" content=\"width=device-width\"><title>spagm-regress ");
  text(&b, m->set);
  spagm_buf_printf(&b, "</title><style>%s</style></head><body>\n<h1>Regression ", style);
  text(&b, m->set);
  spagm_buf_printf(&b, "%s</h1>\n<p class=\"meta\">started %s, %s launcher, description ",
                m->partial ? " (PARTIAL: interrupted)" : "", m->started, m->launcher);
  text(&b, m->desc);
  spagm_buf_puts(&b, "; <a href=\"results.json\">results.json</a>, <a href=\"junit.xml\">junit.xml"
                  "</a>, <a href=\"summary.txt\">summary.txt</a>");
  if (m->history) { /* --history: the trend across nights (N251) */
    spagm_buf_puts(&b, ", <a id=\"history\" href=\"");
    text(&b, m->history);
    spagm_buf_puts(&b, "\">history (trend)</a>");
  }
  spagm_buf_puts(&b, "</p>\n");
  totals(&b, p, m);
  buckets(&b, p, m);
  coverage(&b, m->cov);
  spagm_buf_printf(&b, "<h2 id=\"runs\">Runs (%zu)</h2>\n<table class=\"sortable\" id=\"run-table\">"
                "<thead><tr><th>run</th><th>test</th><th>seed</th><th>status</th><th>as expected"
                "</th><th>wall s</th><th>bucket</th><th>reason</th><th>files</th></tr></thead>"
                "<tbody>\n", p->nruns);
  for (size_t i = 0; i < p->nruns; i++) run_row(&b, m, i, &p->runs[i]);
  spagm_buf_printf(&b, "</tbody></table>\n<script>%s</script>\n</body></html>\n", script);
  int rc = rg_write_in(m->dir, "report.html", b.s, b.len);
  spagm_buf_free(&b);
  return rc;
}
