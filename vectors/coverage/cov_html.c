// SPDX-License-Identifier: Apache-2.0
/* HTML and JSON coverage reports (spagm/vec/cov.h): one self-contained page
 * (inline style, no script, no server) with a table per unit. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cov_internal.h"
#include "spagm/vec/json.h"

static void html_text(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '<') fputs("&lt;", f);
    else if (*s == '>') fputs("&gt;", f);
    else if (*s == '&') fputs("&amp;", f);
    else fputc(*s, f);
  }
}

static void html_unit(const spagm_cov *c, FILE *f, unsigned u) {
  spagm_cov_totals t;
  spagm_cov_unit_totals(c, u, &t);
  fprintf(f, "<h2 id=\"%s\">Unit %s: %u of %u legal bins (%.1f%%)</h2>\n",
          spagm_unit_name((spagm_unit)u), spagm_unit_name((spagm_unit)u), t.hit, t.legal,
          t.legal ? 100.0 * t.hit / t.legal : 100.0);
  fprintf(f, "<table>\n<tr><th>point</th><th>bin</th><th>hits</th><th>status</th></tr>\n");
  char name[192];
  for (size_t i = 0; i < COV_PT_COUNT; i++) {
    const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
    if (p->unit != u) continue;
    if (!spagm__cov_counted(c, i)) {
      fprintf(f, "<tr class=\"ex\"><td>%s</td><td>all</td><td>0</td><td>not collected "
                 "(co-simulation only, N104)</td></tr>\n", p->name);
      continue;
    }
    for (unsigned b = 0; b < spagm_cov_point_bins(p); b++) {
      const char *why = spagm_cov_bin_excluded(p, b);
      uint64_t h = c->hits[c->first[i] + b];
      const char *cls = why ? (h ? "bad" : "ex") : h ? "hit" : "hole";
      fprintf(f, "<tr class=\"%s\"><td>%s</td><td>", cls, p->name);
      html_text(f, spagm_cov_bin_name(p, b, name, sizeof name));
      fprintf(f, "</td><td>%" PRIu64 "</td><td>", h);
      html_text(f, why ? why : h ? "hit" : "HOLE");
      fputs("</td></tr>\n", f);
    }
  }
  fputs("</table>\n", f);
}

static void html_page(const spagm_cov *c, FILE *f) {
  spagm_cov_totals all;
  spagm_cov_unit_totals(c, SPAGM_UNIT_COUNT, &all);
  fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
             "<title>spagm coverage</title>\n<style>\n"
             "body{font-family:sans-serif} table{border-collapse:collapse}\n"
             "td,th{border:1px solid #999;padding:2px 6px;font-size:small}\n"
             ".hit{background:#dfd} .hole{background:#fcc} .ex{color:#888} .bad{background:#f66}\n"
             "</style>\n</head>\n<body>\n<h1>spagm functional coverage</h1>\n"
             "<p>%u of %u legal bins hit, %u holes, %zu inputs.</p>\n",
          all.hit, all.legal, all.holes, c->nin);
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) html_unit(c, f, u);
  fputs("</body>\n</html>\n", f);
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

spagm_status spagm_cov_report_json(const spagm_cov *c, const char *path, spagm_diag *d) {
  if (!c || !path) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no database or path");
  spagm_json j;
  if (!spagm_json_open(&j, path, d)) return SPAGM_E_IO;
  spagm_json_str(&j, "tool", "spagm cov report");
  spagm_json_array(&j, "units");
  char name[192];
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    spagm_cov_totals t;
    spagm_cov_unit_totals(c, u, &t);
    spagm_json_object(&j, NULL);
    spagm_json_str(&j, "unit", spagm_unit_name((spagm_unit)u));
    spagm_json_u64(&j, "bins", t.bins);
    spagm_json_u64(&j, "legal", t.legal);
    spagm_json_u64(&j, "hit", t.hit);
    spagm_json_u64(&j, "thin", t.thin); /* N161: hit below at_least */
    spagm_json_array(&j, "points");
    for (size_t i = 0; i < COV_PT_COUNT; i++) {
      const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
      if (p->unit != u || !spagm__cov_counted(c, i)) continue;
      spagm_json_object(&j, NULL);
      spagm_json_str(&j, "name", p->name);
      spagm_json_array(&j, "holes");
      for (unsigned b = 0; b < spagm_cov_point_bins(p); b++)
        if (!spagm_cov_bin_excluded(p, b) && !c->hits[c->first[i] + b])
          spagm_json_str(&j, NULL, spagm_cov_bin_name(p, b, name, sizeof name));
      spagm_json_end(&j);
      /* Thin bins (N161): name, hits, goal. */
      spagm_json_array(&j, "thin");
      for (unsigned b = 0; b < spagm_cov_point_bins(p); b++) {
        uint64_t h = c->hits[c->first[i] + b];
        unsigned goal = spagm_cov_bin_at_least(p, b);
        if (spagm_cov_bin_excluded(p, b) || !h || h >= goal) continue;
        spagm_json_object(&j, NULL);
        spagm_json_str(&j, "bin", spagm_cov_bin_name(p, b, name, sizeof name));
        spagm_json_u64(&j, "hits", h);
        spagm_json_u64(&j, "at_least", goal);
        spagm_json_end(&j);
      }
      spagm_json_end(&j);
      spagm_json_end(&j);
    }
    spagm_json_end(&j);
    spagm_json_end(&j);
  }
  spagm_json_end(&j);
  return spagm_json_close(&j, d) ? SPAGM_OK : SPAGM_E_IO;
}
