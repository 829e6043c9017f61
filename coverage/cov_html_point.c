// SPDX-License-Identifier: Apache-2.0
/* One coverpoint's section of the coverage page (N250):
 * its figures, then its bins. A one-dimension point is a sortable table of
 * bins; a cross is drawn as matrices, rows x columns, one panel per
 * combination of its other dimensions (small multiples, no script needed).
 * Every bin's cell or row has the id b-POINT-BIN, which the hole list links
 * to. Excluded bins are marked in place and their rulings listed below. */
#include <inttypes.h>
#include <string.h>

#include "cov_internal.h"

static double pct(unsigned hit, unsigned legal) { return legal ? 100.0 * hit / legal : 100.0; }

/* The cell text and tooltip of bin b of point i. */
static void cell(const spagm_cov *c, FILE *f, size_t i, unsigned b) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  const char *why = NULL, *cls = spagm__cov_bin_class(c, i, b, &why);
  uint64_t h = c->hits[c->first[i] + b];
  char name[192];
  fprintf(f, "<td id=\"b-%s-%u\" class=\"%s\" title=\"", p->name, b, cls);
  spagm__cov_html_text(f, spagm_cov_bin_name(p, b, name, sizeof name));
  if (why) {
    fputs(": ", f);
    spagm__cov_html_text(f, why);
  } else if (!strcmp(cls, "thin")) {
    fprintf(f, ": %" PRIu64 " of %u hits", h, spagm_cov_bin_at_least(p, b));
  }
  if (!strcmp(cls, "ex"))
    fputs("\">&times;</td>", f);
  else
    fprintf(f, "\">%" PRIu64 "</td>", h);
}

/* Rows and columns: the two largest dimensions (ties to the earlier), so
 * the panels are as few and as square as the plan allows. */
static void axes(const spagm_cov_point *p, unsigned *row, unsigned *col) {
  *row = 0;
  for (unsigned k = 1; k < p->ndims; k++)
    if (p->dim[k].n > p->dim[*row].n) *row = k;
  *col = *row == 0 ? 1 : 0;
  for (unsigned k = 0; k < p->ndims; k++)
    if (k != *row && p->dim[k].n > p->dim[*col].n) *col = k;
}

/* One panel: the bins whose other dimensions are at[] (row, col vary). */
static void panel(const spagm_cov *c, FILE *f, size_t i, unsigned row, unsigned col, unsigned *at) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  fputs("<table class=\"matrix\">", f);
  if (p->ndims > 2) {
    const char *sep = "<caption>";
    for (unsigned k = 0; k < p->ndims; k++)
      if (k != row && k != col) {
        fprintf(f, "%s%s=", sep, p->dim[k].name);
        spagm__cov_html_text(f, p->dim[k].bins[at[k]]);
        sep = " ";
      }
    fputs("</caption>", f);
  }
  fprintf(f, "<tr><th class=\"corner\">%s \\ %s</th>", p->dim[row].name, p->dim[col].name);
  for (unsigned x = 0; x < p->dim[col].n; x++) {
    fputs("<th>", f);
    spagm__cov_html_text(f, p->dim[col].bins[x]);
    fputs("</th>", f);
  }
  fputs("</tr>\n", f);
  for (unsigned y = 0; y < p->dim[row].n; y++) {
    fputs("<tr><th>", f);
    spagm__cov_html_text(f, p->dim[row].bins[y]);
    fputs("</th>", f);
    for (unsigned x = 0; x < p->dim[col].n; x++) {
      at[row] = y, at[col] = x;
      cell(c, f, i, spagm__cov_index(p, at));
    }
    fputs("</tr>\n", f);
  }
  fputs("</table>\n", f);
}

/* A cross: one panel per combination of the dimensions that are neither
 * rows nor columns, in bin order. */
static void matrices(const spagm_cov *c, FILE *f, size_t i) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  unsigned row, col, panels = 1, at[SPAGM_COV_MAX_DIMS] = {0};
  axes(p, &row, &col);
  for (unsigned k = 0; k < p->ndims; k++)
    if (k != row && k != col) panels *= p->dim[k].n;
  fputs("<div class=\"panels\">\n", f);
  for (unsigned n = 0; n < panels; n++) {
    unsigned rest = n;
    for (unsigned k = p->ndims; k-- > 0;) {
      if (k == row || k == col) continue;
      at[k] = rest % p->dim[k].n;
      rest /= p->dim[k].n;
    }
    panel(c, f, i, row, col, at);
  }
  fputs("</div>\n", f);
}

/* A one-dimension point: a sortable table of its bins. */
static void bin_table(const spagm_cov *c, FILE *f, size_t i) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  fputs("<table class=\"sortable bins\"><thead><tr><th>bin</th><th>hits</th><th>goal</th>"
        "<th>status</th></tr></thead><tbody>\n", f);
  for (unsigned b = 0; b < spagm_cov_point_bins(p); b++) {
    const char *why = NULL, *cls = spagm__cov_bin_class(c, i, b, &why);
    static const char *const said[][2] = {{"hit", "hit"}, {"hole", "HOLE"}, {"thin", "thin"},
                                          {"bad", "ILLEGAL BIN HIT"}};
    const char *status = why;
    for (size_t k = 0; k < sizeof said / sizeof said[0]; k++)
      if (!strcmp(cls, said[k][0])) status = said[k][1];
    fprintf(f, "<tr id=\"b-%s-%u\" class=\"%s\"><td>", p->name, b, cls);
    spagm__cov_html_text(f, p->dim[0].bins[b]);
    fprintf(f, "</td><td>%" PRIu64 "</td><td>%u</td><td>", c->hits[c->first[i] + b],
            spagm_cov_bin_at_least(p, b));
    spagm__cov_html_text(f, status);
    if (!strcmp(cls, "bad")) { /* an illegal bin hit: say which ruling it breaks */
      fputs(": ", f);
      spagm__cov_html_text(f, why);
    }
    fputs("</td></tr>\n", f);
  }
  fputs("</tbody></table>\n", f);
}

/* The distinct rulings that exclude bins of a cross, with their bin counts. */
static void rulings(FILE *f, const spagm_cov_point *p) {
  if (!p->except || !p->except[0].reason) return;
  fputs("<ul class=\"why\">", f);
  for (const spagm_cov_except *e = p->except; e->reason; e++) {
    bool seen = false;
    for (const spagm_cov_except *o = p->except; o < e; o++) seen |= !strcmp(o->reason, e->reason);
    if (seen) continue;
    unsigned n = 0;
    for (unsigned b = 0; b < spagm_cov_point_bins(p); b++) {
      const char *why = spagm_cov_bin_excluded(p, b);
      n += why && !strcmp(why, e->reason);
    }
    fprintf(f, "<li>&times; %u bin%s: ", n, n == 1 ? "" : "s");
    spagm__cov_html_text(f, e->reason);
    fputs("</li>", f);
  }
  fputs("</ul>\n", f);
}

void spagm__cov_html_point(const spagm_cov *c, FILE *f, size_t i) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  fprintf(f, "<div class=\"point\" id=\"pt-%s\">\n<h3>%s <a class=\"up\" href=\"#s-%s\">"
             "&uarr; summary</a></h3>\n<p class=\"what\">", p->name, p->name, p->name);
  spagm__cov_html_text(f, p->what);
  fputs("</p>\n", f);
  if (!spagm__cov_counted(c, i)) {
    fputs("<p class=\"meta\">Not collected: co-simulation only (N104); this database holds no "
          "co-simulation samples.</p>\n</div>\n", f);
    return;
  }
  spagm_cov_totals t = {0};
  unsigned gaps[4] = {0};
  spagm__cov_point_totals(c, i, &t);
  spagm__cov_point_gaps(c, i, gaps);
  fputs("<div class=\"fig\">", f);
  spagm__cov_html_bar(f, pct(t.hit, t.legal));
  fprintf(f, "<span>%u of %u legal bins (%.1f%%), %u holes, ", t.hit, t.legal,
          pct(t.hit, t.legal), gaps[SPAGM_COV_GAP_HOLE]);
  if (gaps[SPAGM_COV_GAP_REORDER]) /* listed apart, not holes (N255) */
    fprintf(f, "%u need a reordering DUT, ", gaps[SPAGM_COV_GAP_REORDER]);
  if (gaps[SPAGM_COV_GAP_NO_PORT])
    fprintf(f, "%u not reachable by co-simulation, ", gaps[SPAGM_COV_GAP_NO_PORT]);
  fprintf(f, "%u thin, %u excluded; ", t.thin, t.bins - t.legal);
  for (unsigned k = 0; k < p->ndims; k++)
    fprintf(f, "%s%s (%u)", k ? " &times; " : "", p->dim[k].name, p->dim[k].n);
  fputs("</span></div>\n", f);
  if (p->ndims == 1)
    bin_table(c, f, i);
  else
    matrices(c, f, i);
  rulings(f, p);
  fputs("</div>\n", f);
}
