// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the coverage part of summary.txt, results.json and
 * junit.xml (issue 29 item 2): per unit the legal bins hit of the total, the
 * holes by name, the bins that need a reordering DUT and those hit only by
 * the model alone (coverage.c, N142, N143). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "regress.h"
#include "util.h"

static const char *const unit_names[] = {"attr", "pix", "tex", "all"};

/* Percent of the legal bins an in-order DUT can reach (reorder-only holes
 * are outside them). */
double rg_cov_reachable_pct(const rg_cov_unit *u) {
  unsigned reach = u->legal - u->reorder;
  return reach ? 100.0 * u->hit / reach : 100.0;
}

static void list_text(rg_buf *b, const char *title, char **l, size_t n, size_t max) {
  if (!n) return;
  rg_buf_printf(b, "  %s (%zu):\n", title, n);
  for (size_t i = 0; i < n && i < max; i++) rg_buf_printf(b, "    %s\n", l[i]);
  if (n > max) rg_buf_printf(b, "    ... and %zu more in coverage.txt\n", n - max);
}

void rg_emit_cov_text(rg_buf *b, const rg_covsum *s, const char *dir) {
  if (!s || !s->have) return;
  rg_buf_printf(b, "\nFunctional coverage: %zu databases of passed runs merged into %s/coverage.cov\n",
                s->inputs, dir);
  for (int u = 0; u < 4; u++) {
    const rg_cov_unit *c = &s->unit[u];
    rg_buf_printf(b, "  %-4s %4u/%-4u legal bins hit (%.1f%% of %u reachable), %u holes, "
                  "%u need a reordering DUT, %u hit by the model alone\n",
                  unit_names[u], c->hit, c->legal, rg_cov_reachable_pct(c), c->legal - c->reorder,
                  c->holes - c->reorder, c->reorder, c->model_only);
  }
  if (s->missing)
    rg_buf_printf(b, "  %zu passed runs left no coverage database (see their logs)\n", s->missing);
  list_text(b, "holes", s->holes, s->nholes, (size_t)-1); /* all: sign-off reads them */
  list_text(b, "needs a reordering DUT", s->reorder, s->nreorder, 12);
  list_text(b, "hit by the model alone (no RTL port form, spec 7.1)", s->model_only,
            s->nmodel_only, 12);
  rg_buf_printf(b, "  reports: %s/coverage.txt, %s/coverage/index.html%s\n", dir, dir,
                s->fail_on_holes && (s->nholes || s->missing) ? "  (--fail-on-holes: FAILED)" : "");
}

static void list_json(rg_buf *b, const char *key, char **l, size_t n) {
  rg_buf_printf(b, ",\n    \"%s\": [", key);
  for (size_t i = 0; i < n; i++) {
    if (i) rg_buf_puts(b, ", ");
    rg_json_str(b, l[i]);
  }
  rg_buf_puts(b, "]");
}

void rg_emit_cov_json(rg_buf *b, const rg_covsum *s) {
  if (!s || !s->have) return;
  rg_buf_printf(b, "  \"coverage\": {\"database\": \"coverage.cov\", \"html\": \"coverage/index.html\", "
                "\"inputs\": %zu, \"missing\": %zu, \"fail_on_holes\": %s,\n    \"units\": {",
                s->inputs, s->missing, s->fail_on_holes ? "true" : "false");
  for (int u = 0; u < 4; u++) {
    const rg_cov_unit *c = &s->unit[u];
    rg_buf_printf(b, "%s\"%s\": {\"legal\": %u, \"hit\": %u, \"holes\": %u, "
                  "\"needs_reordering_dut\": %u, \"model_only\": %u, \"pct_reachable\": %.2f}",
                  u ? ",\n              " : "", unit_names[u], c->legal, c->hit,
                  c->holes - c->reorder, c->reorder, c->model_only, rg_cov_reachable_pct(c));
  }
  rg_buf_puts(b, "}");
  list_json(b, "holes", s->holes, s->nholes);
  list_json(b, "needs_reordering_dut", s->reorder, s->nreorder);
  list_json(b, "model_only", s->model_only, s->nmodel_only);
  rg_buf_puts(b, "},\n");
}

static void prop(rg_buf *b, const char *name, unsigned v) {
  rg_buf_printf(b, "      <property name=\"%s\" value=\"%u\"/>\n", name, v);
}

/* A <testsuite name="coverage"> whose properties carry the figures; its one
 * testcase fails under --fail-on-holes when holes remain. */
void rg_emit_cov_junit(rg_buf *b, const rg_covsum *s, const char *started) {
  if (!s || !s->have) return;
  int fail = s->fail_on_holes && (s->nholes || s->missing);
  rg_buf_printf(b, "  <testsuite name=\"coverage\" tests=\"1\" failures=\"%d\" errors=\"0\" "
                "skipped=\"0\" time=\"0\" timestamp=\"%s\">\n    <properties>\n", fail, started);
  char name[64];
  for (int u = 0; u < 4; u++) {
    const rg_cov_unit *c = &s->unit[u];
    const char *keys[] = {"legal", "hit", "holes", "needs_reordering_dut", "model_only"};
    unsigned vals[] = {c->legal, c->hit, c->holes - c->reorder, c->reorder, c->model_only};
    for (int k = 0; k < 5; k++) {
      snprintf(name, sizeof name, "coverage.%s.%s", unit_names[u], keys[k]);
      prop(b, name, vals[k]);
    }
  }
  rg_buf_puts(b, "    </properties>\n    <testcase classname=\"coverage\" name=\"functional_coverage\" time=\"0\">");
  if (fail) {
    rg_buf_printf(b, "<failure type=\"holes\" message=\"%zu functional coverage holes\">", s->nholes);
    for (size_t i = 0; i < s->nholes; i++) {
      rg_xml_text(b, s->holes[i]);
      rg_buf_puts(b, "\n");
    }
    rg_buf_puts(b, "</failure>");
  }
  rg_buf_puts(b, "</testcase>\n  </testsuite>\n");
}
