// SPDX-License-Identifier: Apache-2.0
/* The HTML coverage report (spagm/cov/cov.h; the JSON one is cov_json.c). The page (issue 29
 * item 3, N250) is one self-contained file (inline style and script, no
 * server, works from file://) laid out as urg/genhtml users expect: a
 * summary per unit and per point with bars, the holes and thin bins next
 * with links to their cells, the inputs with their grading, then every
 * point's section (cov_html_point.c: crosses as matrices). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cov_internal.h"

static double pct(unsigned hit, unsigned legal) { return legal ? 100.0 * hit / legal : 100.0; }

void spagm__cov_html_text(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '<') fputs("&lt;", f);
    else if (*s == '>') fputs("&gt;", f);
    else if (*s == '&') fputs("&amp;", f);
    else if (*s == '"') fputs("&quot;", f);
    else fputc(*s, f);
  }
}

const char *spagm__cov_bin_class(const spagm_cov *c, size_t i, unsigned b, const char **why) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  uint64_t h = c->hits[c->first[i] + b];
  *why = spagm_cov_bin_excluded(p, b);
  if (*why) return h ? "bad" : "ex";
  spagm_cov_gap g = spagm_cov_bin_gap(c, i, b); /* listed apart, not holes (N255) */
  if (g == SPAGM_COV_GAP_REORDER || g == SPAGM_COV_GAP_NO_PORT) {
    *why = spagm_cov_gap_name(g);
    return g == SPAGM_COV_GAP_REORDER ? "reorder" : "noport";
  }
  if (!h) return "hole";
  return h < spagm_cov_bin_at_least(p, b) ? "thin" : "hit";
}

void spagm__cov_html_bar(FILE *f, double pct) {
  fprintf(f, "<div class=\"bar\"><i style=\"width:%.1f%%\"></i></div>", pct);
}

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1f24}"
    "h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid "
    "#d0d7de}h3{font-size:15px;margin:20px 0 2px}.meta,.what{color:#57606a;margin:2px 0}"
    "a{color:#0969da}a.up{font-size:12px;font-weight:normal;margin-left:8px}"
    ".tiles{display:flex;gap:12px;flex-wrap:wrap;margin:8px 0}.tile{border:1px solid #d0d7de;"
    "border-radius:6px;padding:8px 14px;min-width:170px}.tile b{display:block;font-size:20px}"
    "table{border-collapse:collapse;margin:4px 0}td,th{border:1px solid #d8dee4;padding:2px 7px;"
    "text-align:left;font-size:13px}th{background:#f6f8fa;white-space:nowrap}table.sortable th{cursor:pointer;"
    "user-select:none}table.sortable th:after{content:' \\2195';color:#8c959f}"
    ".bar{display:inline-block;vertical-align:middle;width:160px;height:11px;background:#ffcecb;"
    "border-radius:3px;overflow:hidden;margin-right:6px}.bar i{display:block;height:100%;"
    "background:#2da44e}.fig{margin:4px 0 6px}td.num{text-align:right}"
    ".hit{background:#dafbe1}.hole{background:#ffcecb;color:#82071e;font-weight:bold}.thin{background:#fff1a8}"
    ".reorder,.noport{background:#ddf4ff;color:#0a3069}.ex{background:#f0f1f3;color:#8c959f}.bad{background:#a40e26;color:#fff;font-weight:bold}"
    ".panels{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}"
    "table.matrix td{text-align:right;min-width:34px}table.matrix caption{text-align:left;white-space:nowrap;"
    "font-size:12px;color:#57606a}th.corner{font-weight:normal;color:#57606a;font-size:11px}"
    ".legend span{display:inline-block;padding:0 8px;margin-right:6px;border:1px solid #d8dee4}"
    "table.bins td:last-child{max-width:640px}ul.why{margin:4px 0;padding-left:18px;color:#57606a;font-size:13px}"
    ":target{outline:3px solid #0969da}";

/* Sorts a table.sortable by the clicked column: numbers (a cell's data-v,
 * else its text) as numbers, the rest as text; a second click reverses. */
static const char script[] =
    "document.querySelectorAll('table.sortable').forEach(function(t){"
    "t.tHead.querySelectorAll('th').forEach(function(th,col){th.addEventListener('click',"
    "function(){var b=t.tBodies[0],up=th.dataset.dir!=='a';th.dataset.dir=up?'a':'d';"
    "var key=function(r){var c=r.cells[col];return c.dataset.v!==undefined?c.dataset.v:"
    "c.textContent;};Array.from(b.rows).sort(function(r,s){var x=key(r),y=key(s),"
    "nx=parseFloat(x),ny=parseFloat(y),d=!isNaN(nx)&&!isNaN(ny)?nx-ny:x.localeCompare(y);"
    "return up?d:-d;}).forEach(function(r){b.appendChild(r);});});});});";

/* The bins of gap[] listed apart from the holes (N255), as ", N need a
 * reordering DUT, M not reachable by co-simulation" (nothing when none). */
static void apart_counts(FILE *f, const unsigned gap[4]) {
  if (gap[SPAGM_COV_GAP_REORDER])
    fprintf(f, ", <span class=\"n-reorder\">%u</span> need a reordering DUT",
            gap[SPAGM_COV_GAP_REORDER]);
  if (gap[SPAGM_COV_GAP_NO_PORT])
    fprintf(f, ", <span class=\"n-noport\">%u</span> not reachable by co-simulation",
            gap[SPAGM_COV_GAP_NO_PORT]);
}

/* A tile per unit and one for the whole plan: bar, percentage, figures. */
static void tiles(const spagm_cov *c, FILE *f) {
  fputs("<div class=\"tiles\">", f);
  for (unsigned u = 0; u <= SPAGM_UNIT_COUNT; u++) {
    spagm_cov_totals t;
    unsigned gap[4];
    spagm_cov_unit_totals(c, u, &t);
    spagm__cov_unit_gaps(c, u, gap);
    const char *name = u < SPAGM_UNIT_COUNT ? spagm_unit_name((spagm_unit)u) : "all";
    fprintf(f, "<div class=\"tile\" id=\"u-%s\">%s<b>%.1f%%</b>", name, name, pct(t.hit, t.legal));
    spagm__cov_html_bar(f, pct(t.hit, t.legal));
    fprintf(f, "<div class=\"meta\">%u / %u legal bins, <span class=\"n-holes\">%u</span> holes",
            t.hit, t.legal, gap[SPAGM_COV_GAP_HOLE]);
    apart_counts(f, gap);
    fprintf(f, ", %u thin</div></div>", t.thin);
  }
  fputs("</div>\n", f);
}

/* One summary row per point, linking to its section. */
static void summary_row(const spagm_cov *c, FILE *f, size_t i) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  fprintf(f, "<tr id=\"s-%s\"><td>%s</td><td><a href=\"#pt-%s\">%s</a></td><td>",
          p->name, spagm_unit_name(p->unit), p->name, p->name);
  for (unsigned k = 0; k < p->ndims; k++) fprintf(f, "%s%u", k ? "&times;" : "", p->dim[k].n);
  fputs("</td>", f);
  if (!spagm__cov_counted(c, i)) {
    fputs("<td data-v=\"-1\">not collected (co-simulation only, N104)</td>"
          "<td data-v=\"-1\"></td><td class=\"n-holes\" data-v=\"-1\"></td>"
          "<td data-v=\"-1\"></td><td data-v=\"-1\"></td></tr>\n", f);
    return;
  }
  spagm_cov_totals t = {0};
  unsigned gap[4] = {0};
  spagm__cov_point_totals(c, i, &t);
  spagm__cov_point_gaps(c, i, gap);
  fprintf(f, "<td data-v=\"%.3f\">", pct(t.hit, t.legal));
  spagm__cov_html_bar(f, pct(t.hit, t.legal));
  fprintf(f, "%.1f%%</td><td class=\"num\" data-v=\"%u\">%u / %u</td><td class=\"num n-holes\">"
             "%u</td><td class=\"num n-apart\">%u</td><td class=\"num\">%u</td></tr>\n",
          pct(t.hit, t.legal), t.hit, t.hit, t.legal, gap[SPAGM_COV_GAP_HOLE],
          gap[SPAGM_COV_GAP_REORDER] + gap[SPAGM_COV_GAP_NO_PORT], t.thin);
}

static void summary(const spagm_cov *c, FILE *f) {
  fputs("<h2 id=\"summary\">Summary</h2>\n", f);
  tiles(c, f);
  fputs("<table class=\"sortable\" id=\"summary-table\"><thead><tr><th>unit</th><th>point</th>"
        "<th>bins</th><th>legal bins hit</th><th>hit / legal</th><th>holes</th>"
        "<th title=\"unhit, but not holes: need a reordering DUT or not reachable by "
        "co-simulation (N255)\">listed apart</th><th>thin</th>"
        "</tr></thead><tbody>\n", f);
  for (size_t i = 0; i < COV_PT_COUNT; i++) summary_row(c, f, i);
  fputs("</tbody></table>\n", f);
}

/* Rows of a bin list for point i: holes, thin bins and illegal bins hit
 * (apart = false), or the unhit bins listed apart from them (true, N255). */
static unsigned hole_rows(const spagm_cov *c, FILE *f, size_t i, bool apart) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  unsigned n = 0;
  char name[192];
  for (unsigned b = 0; b < spagm_cov_point_bins(p) && spagm__cov_counted(c, i); b++) {
    const char *why = NULL, *cls = spagm__cov_bin_class(c, i, b, &why);
    if (!strcmp(cls, "hit") || !strcmp(cls, "ex") ||
        apart != (!strcmp(cls, "reorder") || !strcmp(cls, "noport")))
      continue;
    n++;
    if (!f) continue;
    fprintf(f, "<tr class=\"%s\"><td>%s</td><td><a href=\"#b-%s-%u\">", cls, p->name, p->name, b);
    spagm__cov_html_text(f, spagm_cov_bin_name(p, b, name, sizeof name));
    fprintf(f, "</a></td><td>%s</td><td class=\"num\">%" PRIu64 "</td><td class=\"num\">%u</td>"
               "</tr>\n", !strcmp(cls, "bad") ? "ILLEGAL BIN HIT" : apart ? why : cls,
            c->hits[c->first[i] + b], spagm_cov_bin_at_least(p, b));
  }
  return n;
}

/* The unhit legal bins that are not holes (N255): a DUT that answers in
 * order cannot hit the first kind, no RTL port can carry the second. */
static void apart(const spagm_cov *c, FILE *f) {
  unsigned n = 0;
  for (size_t i = 0; i < COV_PT_COUNT; i++) n += hole_rows(c, NULL, i, true);
  if (!n) return;
  fprintf(f, "<h2 id=\"apart\">Listed apart, not holes (%u)</h2>\n<p class=\"meta\">Legal bins "
             "this database's runs could not reach: <span class=\"reorder\">needs a reordering "
             "DUT</span> (the unit answered every request in order), <span class=\"noport\">not "
             "reachable by co-simulation</span> (no SM50 word, so no RTL port carries it; a "
             "model-only directed scenario does). Neither counts as a hole (N243, N255).</p>\n"
             "<details%s><summary>%u bins</summary>\n<table class=\"sortable\" id=\"apart-table\">"
             "<thead><tr><th>point</th><th>bin</th><th>why</th><th>hits</th><th>goal</th></tr>"
             "</thead><tbody>\n", n, n <= 60 ? " open" : "", n);
  for (size_t i = 0; i < COV_PT_COUNT; i++) hole_rows(c, f, i, true);
  fputs("</tbody></table></details>\n", f);
}

/* Holes and thin bins (and illegal bins hit) next, each linking to its cell;
 * a long list starts folded so the point sections stay in reach. */
static void holes(const spagm_cov *c, FILE *f) {
  unsigned n = 0;
  for (size_t i = 0; i < COV_PT_COUNT; i++) n += hole_rows(c, NULL, i, false);
  spagm_cov_totals t;
  unsigned gap[4];
  spagm_cov_unit_totals(c, SPAGM_UNIT_COUNT, &t);
  spagm__cov_unit_gaps(c, SPAGM_UNIT_COUNT, gap);
  fprintf(f, "<h2 id=\"holes\">Holes (%u) and thin bins (%u)</h2>\n", gap[SPAGM_COV_GAP_HOLE],
          t.thin);
  if (!n) {
    fputs("<p>Every legal bin is hit as often as its goal asks.</p>\n", f);
    return;
  }
  fprintf(f, "<details%s><summary>%u bins to look at</summary>\n<table class=\"sortable\" "
             "id=\"hole-table\"><thead><tr><th>point</th><th>bin</th><th>status</th><th>hits</th>"
             "<th>goal</th></tr></thead><tbody>\n", n <= 60 ? " open" : "", n);
  for (size_t i = 0; i < COV_PT_COUNT; i++) hole_rows(c, f, i, false);
  fputs("</tbody></table></details>\n", f);
}

static void input_cells(const spagm_cov *c, FILE *f, size_t k, unsigned gain, unsigned total) {
  fputs("<td>", f);
  spagm__cov_html_text(f, c->in[k].name);
  fprintf(f, "</td><td class=\"num\">%u</td><td class=\"num\">%u</td><td class=\"num\">%u"
             "</td></tr>\n", gain, total, spagm__cov_input_bins(c, k));
}

/* The inputs with the grading (spagm_cov_rank): what each adds, in order. */
static void inputs(const spagm_cov *c, FILE *f) {
  size_t *order = calloc(c->nin + 1, sizeof *order);
  unsigned *gain = calloc(c->nin + 1, sizeof *gain), total = 0;
  long picked = order && gain ? spagm__cov_rank_order(c, order, gain) : -1;
  fprintf(f, "<h2 id=\"inputs\">Inputs (%zu) and grading</h2>\n<p class=\"meta\">", c->nin);
  if (picked < 0) {
    fputs("Out of memory for the grading.</p>\n", f);
  } else {
    fprintf(f, "%ld of %zu inputs reach every bin the inputs reach (greedy, "
               "<code>spagm cov report --rank</code>); the others add nothing.</p>\n", picked, c->nin);
    fprintf(f, "<details%s><summary>%zu inputs</summary>\n", c->nin <= 60 ? " open" : "", c->nin);
    fputs("<table class=\"sortable\" id=\"rank-table\"><thead><tr><th>rank</th><th>input</th>"
          "<th>new bins</th><th>total</th><th>bins it hits</th></tr></thead><tbody>\n", f);
    for (long r = 0; r < picked; r++) {
      total += gain[r];
      fprintf(f, "<tr><td class=\"num\">%ld</td>", r + 1);
      input_cells(c, f, order[r], gain[r], total);
    }
    for (size_t k = 0; k < c->nin; k++) { /* the inputs that add nothing */
      long r = 0;
      while (r < picked && order[r] != k) r++;
      if (r < picked) continue;
      fputs("<tr class=\"ex\"><td class=\"num\" data-v=\"1e9\">&ndash;</td>", f);
      input_cells(c, f, k, 0, total);
    }
    fputs("</tbody></table></details>\n", f);
  }
  free(order);
  free(gain);
}

static void html_page(const spagm_cov *c, FILE *f) {
  spagm_cov_totals all;
  unsigned gap[4];
  spagm_cov_unit_totals(c, SPAGM_UNIT_COUNT, &all);
  spagm__cov_unit_gaps(c, SPAGM_UNIT_COUNT, gap);
  fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
             "<title>spagm coverage</title>\n<style>%s</style>\n</head>\n<body>\n"
             "<h1>spagm functional coverage</h1>\n<p class=\"meta\" id=\"totals\">%u of %u legal "
             "bins hit (%.1f%%), %u holes", style, all.hit, all.legal, pct(all.hit, all.legal),
          gap[SPAGM_COV_GAP_HOLE]);
  apart_counts(f, gap);
  fprintf(f, ", %u thin, %u bins excluded; %zu inputs; plan %08x, database "
             "format %u. <a href=\"#summary\">Summary</a> &middot; <a href=\"#holes\">Holes</a> "
             "&middot; <a href=\"#inputs\">Inputs</a> &middot; <a href=\"#points\">Points</a></p>\n"
             "<p class=\"legend\"><span class=\"hit\">hit</span><span class=\"thin\">thin: hit "
             "below its goal</span><span class=\"hole\">hole</span><span class=\"reorder\">needs "
             "a reordering DUT</span><span class=\"noport\">not reachable by co-simulation</span>"
             "<span class=\"ex\">&times; excluded (illegal or unreachable)</span><span "
             "class=\"bad\">excluded but hit</span></p>\n", all.thin, all.bins - all.legal,
          c->nin, spagm_cov_plan_id(), SPAGM_COV_FORMAT_VERSION);
  summary(c, f);
  holes(c, f);
  apart(c, f);
  inputs(c, f);
  fputs("<h2 id=\"points\">Coverpoints and crosses</h2>\n", f);
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    spagm_cov_totals t;
    spagm_cov_unit_totals(c, u, &t);
    fprintf(f, "<h2 id=\"%s\">Unit %s: %u of %u legal bins (%.1f%%)</h2>\n",
            spagm_unit_name((spagm_unit)u), spagm_unit_name((spagm_unit)u), t.hit, t.legal,
            pct(t.hit, t.legal));
    for (size_t i = 0; i < COV_PT_COUNT; i++)
      if (spagm_cov_plan(NULL)[i].unit == u) spagm__cov_html_point(c, f, i);
  }
  fprintf(f, "<script>%s</script>\n</body>\n</html>\n", script);
}

spagm_status spagm_cov_report_html(const spagm_cov *c, const char *dir, spagm_diag *d) {
  if (!c || !dir) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no database or directory");
  if (mkdir(dir, 0777) != 0 && errno != EEXIST)
    return spagm_diag_set(d, SPAGM_E_IO, 0, 0, "cannot create %s: %s", dir, strerror(errno));
  size_t n = strlen(dir) + 16, len = 0;
  char *path = malloc(n), *page = NULL;
  FILE *f = open_memstream(&page, &len);
  spagm_status st = SPAGM_OK;
  if (!path || !f) {
    st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    if (f) fclose(f);
  } else {
    html_page(c, f);
    if (fclose(f) != 0) st = spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    snprintf(path, n, "%s/index.html", dir);
    if (st == SPAGM_OK) st = spagm__cov_write_text(path, page, len, d);
  }
  free(page);
  free(path);
  return st;
}
