// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the trend page of a history of nights (N251): pass rate
 * and functional coverage per night on one 0-100 % chart, wall time on a
 * second, both inline SVG written here (no script, no library, works from
 * file://), then a table of the nights linking to each report.html. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "history.h"
#include "util.h"

enum { W = 760, H = 240, L = 56, R = 40, T = 14, B = 46 }; /* chart box and margins */

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1f24}"
    "h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}.meta{color:#57606a}"
    "table{border-collapse:collapse}td,th{border-bottom:1px solid #d8dee4;padding:3px 8px;"
    "text-align:left}th{background:#f6f8fa}td.num{text-align:right}"
    "svg text{font:11px system-ui,sans-serif;fill:#57606a}.key span{margin-right:14px}"
    ".key i{display:inline-block;width:18px;height:3px;vertical-align:middle;margin-right:4px}";

static double pass_pct(const rg_night *n) { return n->runs ? 100.0 * n->ok / n->runs : 100.0; }

/* x of night i of count: evenly spaced, one night in the middle. */
static double xat(size_t i, size_t count) {
  return count < 2 ? L + (W - L - R) / 2.0 : L + (double)(W - L - R) * i / (count - 1);
}

static double yat(double v, double top) { return T + (H - T - B) * (1.0 - (top > 0 ? v / top : 0)); }

/* The frame: horizontal grid lines with their values, a date under each
 * night (every k-th when they would overlap). */
static void frame(spagm_buf *b, const rg_night *n, size_t count, double top, const char *unit) {
  for (int g = 0; g <= 4; g++) {
    double v = top * g / 4, y = yat(v, top);
    spagm_buf_printf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#d8dee4\"/>"
                  "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4g%s</text>\n",
                  L, y, W - R, y, L - 6, y + 4, v, unit);
  }
  size_t step = count / 12 + 1;
  for (size_t i = 0; i < count; i += step)
    spagm_buf_printf(b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.10s</text>"
                  "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.5s</text>\n",
                  xat(i, count), H - B + 16, n[i].started, xat(i, count), H - B + 30,
                  n[i].started + (strlen(n[i].started) > 11 ? 11 : 0));
}

/* One series: a line through the nights that have the figure, a dot with
 * a tooltip on each. which: 0 pass rate, 1 coverage, 2 wall time. */
static void series(spagm_buf *b, const rg_night *n, size_t count, int which, double top,
                   const char *colour, const char *id) {
  /* Coverage wide and under the pass rate: at 100 % both stay visible. */
  spagm_buf_printf(b, "<polyline id=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%d\" "
                "stroke-opacity=\"%s\" points=\"", id, colour, which == 1 ? 5 : 2,
                which == 1 ? "0.6" : "1");
  for (size_t i = 0; i < count; i++) {
    if (which == 1 && !n[i].have_cov) continue;
    double v = which == 0 ? pass_pct(&n[i]) : which == 1 ? n[i].cov_pct : n[i].wall_s;
    spagm_buf_printf(b, "%.1f,%.1f ", xat(i, count), yat(v, top));
  }
  spagm_buf_puts(b, "\"/>\n");
  for (size_t i = 0; i < count; i++) {
    if (which == 1 && !n[i].have_cov) continue;
    double v = which == 0 ? pass_pct(&n[i]) : which == 1 ? n[i].cov_pct : n[i].wall_s;
    spagm_buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\"><title>%s: %.1f%s"
                  "</title></circle>\n", xat(i, count), yat(v, top), which == 1 ? 6 : 4, colour,
                  n[i].started, v, which == 2 ? " s" : " %");
  }
}

/* The axis top for values up to x: 1, 2, 4 or 8 times a power of ten, so
 * the four grid steps are round numbers. */
static double nice_top(double x) {
  if (x <= 0) return 1;
  double p = 1;
  while (p > x) p /= 10;
  while (p * 10 < x) p *= 10;
  static const double m[] = {1, 2, 4, 8, 10};
  for (size_t k = 0; k < sizeof m / sizeof m[0]; k++)
    if (m[k] * p >= x) return m[k] * p;
  return 10 * p;
}

static void charts(spagm_buf *b, const rg_night *n, size_t count) {
  spagm_buf_printf(b, "<h2>Pass rate and functional coverage</h2>\n<p class=\"key\"><span><i style="
                "\"background:#0969da\"></i>pass rate (runs as expected)</span><span><i style=\""
                "background:#1a7f37\"></i>legal bins hit (reachable)</span></p>\n<svg id=\"trend\" "
                "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n", W, H, W, H);
  frame(b, n, count, 100, "%");
  series(b, n, count, 1, 100, "#1a7f37", "cov-line");
  series(b, n, count, 0, 100, "#0969da", "pass-line");
  double top = 0;
  for (size_t i = 0; i < count; i++)
    if (n[i].wall_s > top) top = n[i].wall_s;
  top = nice_top(top * 1.05);
  spagm_buf_printf(b, "</svg>\n<h2>Wall time</h2>\n<svg id=\"wall\" width=\"%d\" height=\"%d\" "
                "viewBox=\"0 0 %d %d\" role=\"img\">\n", W, H, W, H);
  frame(b, n, count, top, " s");
  series(b, n, count, 2, top, "#8250df", "wall-line");
  spagm_buf_puts(b, "</svg>\n");
}

static void night_row(spagm_buf *b, const rg_night *n, const char *outdir) {
  char *report = rg_path_join(n->dir, "report.html");
  char *rel = rg_relpath(outdir, report);
  spagm_buf_puts(b, "<tr><td>");
  rg_xml_text(b, n->started);
  spagm_buf_puts(b, "</td><td>");
  rg_xml_text(b, n->set);
  spagm_buf_printf(b, "%s</td><td class=\"num\">%zu</td><td class=\"num\">%zu</td>"
                "<td class=\"num\">%.1f %%</td>", n->partial ? " (PARTIAL)" : "", n->runs, n->ok,
                pass_pct(n));
  if (n->have_cov)
    spagm_buf_printf(b, "<td class=\"num\">%.1f %%</td><td class=\"num\">%zu</td>", n->cov_pct,
                  n->holes);
  else
    spagm_buf_puts(b, "<td>no coverage</td><td></td>");
  spagm_buf_printf(b, "<td class=\"num\">%.1f</td><td class=\"num\">%.1f</td><td><a href=\"",
                n->wall_s, n->run_s);
  rg_xml_text(b, rel);
  spagm_buf_puts(b, "\">report</a></td></tr>\n");
  free(report), free(rel);
}

int rg_emit_history(const rg_night *n, size_t count, const char *out) {
  char *dir = rg_dirname(out), *absdir = realpath(dir, NULL);
  if (!absdir) {
    fprintf(stderr, "spagm-regress: history: no folder %s for %s\n", dir, out);
    free(dir);
    return -1;
  }
  spagm_buf b = {0};
  spagm_buf_printf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
                "spagm-regress history</title><style>%s</style></head><body>\n<h1>Regression "
                "history</h1>\n<p class=\"meta\">%zu nights", style, count);
  if (count) {
    spagm_buf_puts(&b, ", ");
    rg_xml_text(&b, n[0].started);
    spagm_buf_puts(&b, " to ");
    rg_xml_text(&b, n[count - 1].started);
  }
  spagm_buf_puts(&b, ".</p>\n");
  if (count) charts(&b, n, count);
  spagm_buf_puts(&b, "<h2>Nights</h2>\n<table id=\"nights\"><thead><tr><th>started (UTC)</th><th>set"
                  "</th><th>runs</th><th>as expected</th><th>pass rate</th><th>coverage</th><th>"
                  "holes</th><th>wall s</th><th>run s</th><th></th></tr></thead><tbody>\n");
  for (size_t i = count; i-- > 0;) night_row(&b, &n[i], absdir); /* newest first */
  spagm_buf_puts(&b, "</tbody></table>\n</body></html>\n");
  int rc = rg_write_file(out, b.s, b.len);
  spagm_buf_free(&b);
  free(dir), free(absdir);
  return rc;
}

char *rg_relpath(const char *from, const char *to) {
  size_t common = 0; /* the longest common prefix that ends a path component */
  for (size_t i = 0; from[i] && from[i] == to[i]; i++)
    if (to[i + 1] == '/' && (from[i + 1] == '/' || from[i + 1] == '\0')) common = i + 1;
  spagm_buf b = {0};
  if (strcmp(from, "/") == 0) {
    spagm_buf_puts(&b, to + 1);
    return spagm_buf_take(&b);
  }
  for (const char *s = from + common; *s; s++)
    if (*s == '/') spagm_buf_puts(&b, "../");
  spagm_buf_puts(&b, to[common] == '/' ? to + common + 1 : to + common);
  return spagm_buf_take(&b);
}
