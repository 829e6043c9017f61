// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the coverage part of summary.txt, results.json and
 * junit.xml: per unit the legal bins hit of the total, the
 * holes by name, the bins listed apart from them (need a reordering DUT, not
 * reachable by co-simulation: spagm_cov_bin_gap, N255) and those hit only
 * by the model alone (coverage.c, N142, N143); then the RTL code coverage per
 * unit when the tree has it (rtl_coverage.c, N253). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "regress.h"
#include "util.h"

static const char *const unit_names[] = {"attr", "pix", "tex", "all"};

/* Percent of the legal bins this regression's DUT can reach (the bins
 * listed apart, N255, are outside them). */
unsigned rg_cov_reachable(const rg_cov_unit *u) { return u->legal - u->reorder - u->no_port; }

double rg_cov_reachable_pct(const rg_cov_unit *u) {
  unsigned reach = rg_cov_reachable(u);
  return reach ? 100.0 * u->hit / reach : 100.0;
}

static void list_text(spagm_buf *b, const char *title, char **l, size_t n, size_t max) {
  if (!n) return;
  spagm_buf_printf(b, "  %s (%zu):\n", title, n);
  for (size_t i = 0; i < n && i < max; i++) spagm_buf_printf(b, "    %s\n", l[i]);
  if (n > max) spagm_buf_printf(b, "    ... and %zu more in coverage.txt\n", n - max);
}

static double pct(unsigned long hit, unsigned long points) {
  return points ? 100.0 * hit / points : 0.0;
}

/* The RTL code coverage per unit (N253), after the functional figures. */
static void rtl_text(spagm_buf *b, const rg_rtlcov *r, const char *dir) {
  if (!r->have) return;
  spagm_buf_printf(b, "\nRTL code coverage (Verilator line and toggle): %zu runs' counts merged into "
                "%s/rtl-coverage.dat\n", r->inputs, dir);
  for (int u = 0; u < 4; u++) {
    const rg_rtl_unit *c = &r->unit[u];
    spagm_buf_printf(b, "  %-4s line %6lu/%-6lu (%5.1f%%)  toggle %6lu/%-6lu (%5.1f%%)\n",
                  unit_names[u], c->line_hit, c->line_points, pct(c->line_hit, c->line_points),
                  c->toggle_hit, c->toggle_points, pct(c->toggle_hit, c->toggle_points));
  }
  if (r->missing)
    spagm_buf_printf(b, "  %zu passed runs left no rtl.dat (see their logs)\n", r->missing);
  spagm_buf_printf(b, "  lcov info: %s/rtl-coverage.info (genhtml renders it)\n", dir);
}

static void functional_text(spagm_buf *b, const rg_covsum *s, const char *dir) {
  spagm_buf_printf(b, "\nFunctional coverage: %zu databases of passed runs merged into %s/coverage.cov\n",
                s->inputs, dir);
  for (int u = 0; u < 4; u++) {
    const rg_cov_unit *c = &s->unit[u];
    spagm_buf_printf(b, "  %-4s %4u/%-4u legal bins hit (%.1f%% of %u reachable), %u holes, "
                  "%u need a reordering DUT, ", unit_names[u], c->hit, c->legal,
                  rg_cov_reachable_pct(c), rg_cov_reachable(c), c->holes, c->reorder);
    if (c->no_port) spagm_buf_printf(b, "%u not reachable by co-simulation, ", c->no_port);
    spagm_buf_printf(b, "%u hit by the model alone\n", c->model_only);
  }
  list_text(b, "left out: databases of passed runs that could not be read (those runs are "
            "errors)", s->left_out, s->nleft_out, (size_t)-1);
  list_text(b, "holes", s->holes, s->nholes, (size_t)-1); /* all: sign-off reads them */
  list_text(b, "needs a reordering DUT", s->reorder, s->nreorder, 12);
  list_text(b, "not reachable by co-simulation (no SM50 word: a model-only scenario reaches it)",
            s->no_port, s->nno_port, 12);
  list_text(b, "hit by the model alone (no RTL port form, spec 7.1)", s->model_only,
            s->nmodel_only, 12);
  spagm_buf_printf(b, "  reports: %s/coverage.txt, %s/coverage/index.html, %s/coverage.ucis.xml%s\n",
                dir, dir, dir,
                s->fail_on_holes && (s->nholes || s->missing) ? "  (--fail-on-holes: FAILED)" : "");
}

void rg_emit_cov_text(spagm_buf *b, const rg_covsum *s, const char *dir) {
  if (!s) return;
  if (s->have) functional_text(b, s, dir);
  rtl_text(b, &s->rtl, dir);
}

static void list_json(spagm_buf *b, const char *key, char **l, size_t n) {
  spagm_buf_printf(b, ",\n    \"%s\": [", key);
  for (size_t i = 0; i < n; i++) {
    if (i) spagm_buf_puts(b, ", ");
    spagm_buf_json_str(b, l[i]);
  }
  spagm_buf_puts(b, "]");
}

static void functional_json(spagm_buf *b, const rg_covsum *s) {
  spagm_buf_printf(b, "  \"coverage\": {\"database\": \"coverage.cov\", \"html\": \"coverage/index.html\", "
                "\"inputs\": %zu, \"missing\": %zu, \"fail_on_holes\": %s",
                s->inputs, s->missing, s->fail_on_holes ? "true" : "false");
  list_json(b, "left_out", s->left_out, s->nleft_out);
  spagm_buf_puts(b, ",\n    \"units\": {");
  for (int u = 0; u < 4; u++) {
    const rg_cov_unit *c = &s->unit[u];
    spagm_buf_printf(b, "%s\"%s\": {\"legal\": %u, \"hit\": %u, \"holes\": %u, "
                  "\"needs_reordering_dut\": %u, \"not_reachable_by_cosim\": %u, \"model_only\": %u, "
                  "\"pct_reachable\": %.2f}", u ? ",\n              " : "", unit_names[u], c->legal,
                  c->hit, c->holes, c->reorder, c->no_port, c->model_only, rg_cov_reachable_pct(c));
  }
  spagm_buf_puts(b, "}");
  list_json(b, "holes", s->holes, s->nholes);
  list_json(b, "needs_reordering_dut", s->reorder, s->nreorder);
  list_json(b, "not_reachable_by_cosim", s->no_port, s->nno_port);
  list_json(b, "model_only", s->model_only, s->nmodel_only);
  spagm_buf_puts(b, "},\n");
}

static void rtl_json(spagm_buf *b, const rg_rtlcov *r) {
  spagm_buf_printf(b, "  \"rtl_coverage\": {\"database\": \"rtl-coverage.dat\", \"info\": "
                "\"rtl-coverage.info\", \"inputs\": %zu, \"missing\": %zu,\n    \"units\": {",
                r->inputs, r->missing);
  for (int u = 0; u < 4; u++) {
    const rg_rtl_unit *c = &r->unit[u];
    spagm_buf_printf(b, "%s\"%s\": {\"line_hit\": %lu, \"line_points\": %lu, \"line_pct\": %.2f, "
                  "\"toggle_hit\": %lu, \"toggle_points\": %lu, \"toggle_pct\": %.2f}",
                  u ? ",\n              " : "", unit_names[u], c->line_hit, c->line_points,
                  pct(c->line_hit, c->line_points), c->toggle_hit, c->toggle_points,
                  pct(c->toggle_hit, c->toggle_points));
  }
  spagm_buf_puts(b, "}},\n");
}

void rg_emit_cov_json(spagm_buf *b, const rg_covsum *s) {
  if (!s) return;
  if (s->have) functional_json(b, s);
  if (s->rtl.have) rtl_json(b, &s->rtl); /* no RTL coverage build: absent, not zero (N253) */
}

static void prop(spagm_buf *b, const char *name, unsigned v) {
  spagm_buf_printf(b, "      <property name=\"%s\" value=\"%u\"/>\n", name, v);
}

/* A <testsuite name="coverage"> whose properties carry the figures; its one
 * testcase fails under --fail-on-holes when holes remain. */
void rg_emit_cov_junit(spagm_buf *b, const rg_covsum *s, const char *started) {
  if (!s || (!s->have && !s->rtl.have)) return;
  int fail = s->fail_on_holes && (s->nholes || s->missing);
  spagm_buf_printf(b, "  <testsuite name=\"coverage\" tests=\"1\" failures=\"%d\" errors=\"0\" "
                "skipped=\"0\" time=\"0\" timestamp=\"%s\">\n    <properties>\n", fail, started);
  char name[64];
  for (int u = 0; u < 4 && s->have; u++) {
    const rg_cov_unit *c = &s->unit[u];
    const char *keys[] = {"legal", "hit", "holes", "needs_reordering_dut", "not_reachable_by_cosim",
                          "model_only"};
    unsigned vals[] = {c->legal, c->hit, c->holes, c->reorder, c->no_port, c->model_only};
    for (int k = 0; k < 6; k++) {
      snprintf(name, sizeof name, "coverage.%s.%s", unit_names[u], keys[k]);
      prop(b, name, vals[k]);
    }
  }
  for (int u = 0; u < 4 && s->rtl.have; u++) { /* N253 */
    const rg_rtl_unit *c = &s->rtl.unit[u];
    const char *keys[] = {"line_hit", "line_points", "toggle_hit", "toggle_points"};
    unsigned long vals[] = {c->line_hit, c->line_points, c->toggle_hit, c->toggle_points};
    for (int k = 0; k < 4; k++)
      spagm_buf_printf(b, "      <property name=\"rtl_coverage.%s.%s\" value=\"%lu\"/>\n",
                    unit_names[u], keys[k], vals[k]);
  }
  spagm_buf_puts(b, "    </properties>\n    <testcase classname=\"coverage\" name=\"functional_coverage\" time=\"0\">");
  if (fail) {
    spagm_buf_printf(b, "<failure type=\"holes\" message=\"%zu functional coverage holes\">", s->nholes);
    for (size_t i = 0; i < s->nholes; i++) {
      rg_xml_text(b, s->holes[i]);
      spagm_buf_puts(b, "\n");
    }
    spagm_buf_puts(b, "</failure>");
  }
  spagm_buf_puts(b, "</testcase>\n  </testsuite>\n");
}
