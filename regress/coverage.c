// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: the regression's functional coverage (* N142, N143). The database (run.cov) of every run that passed and was
 * expected to pass is merged into DIR/coverage.cov, with its text report
 * (coverage.txt), JSON summary (coverage.json), HTML page
 * (coverage/index.html) and UCIS XML (coverage.ucis.xml, for pyucis). The
 * unhit legal bins are classed by the one function every coverage report
 * uses (spagm_cov_bin_gap, N255): holes, bins that need a reordering DUT
 * (`overtaken` bins of a unit that answered in order) and bins no
 * co-simulation can reach (ISBEWR, no SM50 word): the last two are listed apart, never silently. Bins hit only
 * by runs of the model alone (`kind = model`, N143) are counted and named
 * as such. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "regress.h"
#include "spagm/cov/cov.h"
#include "util.h"

static void push(char ***list, size_t *n, const char *s) {
  *list = rg_xrealloc(*list, (*n + 1) * sizeof **list);
  (*list)[(*n)++] = rg_xstrdup(s);
}

/* Merges run.cov of each counted run into all (and into rtl when an RTL
 * checked the run). A passed run whose database is missing, cut short or
 * corrupt (its CRC or structure wrong: a job killed as it wrote it, a full
 * disk) is not merged: the run becomes an `error` naming the file, and the
 * database is listed as left out, so coverage is never dropped silently. */
static void merge_runs(rg_plan *p, const char *dir, spagm_cov *all, spagm_cov *rtl,
                       rg_covsum *s) {
  for (size_t i = 0; i < p->nruns; i++) {
    rg_run *r = &p->runs[i];
    if (!r->cov || !r->cov[0] || r->res.status != RG_PASS || !r->res.ok) continue;
    char *rundir = rg_run_dir(dir, r);
    char *path = rg_path_join(rundir, "run.cov");
    spagm_cov *one = NULL;
    spagm_diag d = {0, 0, ""};
    if (spagm_cov_read(path, &one, &d) != SPAGM_OK) {
      fprintf(stderr, "spagm-regress: %s: coverage database %s left out: %s\n", r->id, path,
              d.msg);
      s->missing++;
      /* the reader's message names the file; say it when it does not */
      const char *named = strstr(d.msg, path) ? "" : path;
      char line[512];
      snprintf(line, sizeof line, "%s: %s%s%s", r->id, named, *named ? ": " : "", d.msg);
      push(&s->left_out, &s->nleft_out, line);
      r->res.status = RG_ERROR;
      r->res.ok = 0;
      snprintf(r->res.reason, sizeof r->res.reason, "passed, but its coverage database is "
               "unreadable: %s%s%s", named, *named ? ": " : "", d.msg);
    } else {
      spagm_cov_merge(all, one, NULL);
      if (strcmp(r->cov, "rtl") == 0) spagm_cov_merge(rtl, one, NULL);
      s->inputs++;
    }
    spagm_cov_free(one);
    free(path), free(rundir);
  }
}

static void classify(const spagm_cov *all, const spagm_cov *rtl, rg_covsum *s) {
  size_t npts;
  const spagm_cov_point *plan = spagm_cov_plan(&npts);
  int cosim = spagm_cov_has_cosim(all);
  char name[192], line[256];
  for (unsigned u = 0; u <= SPAGM_UNIT_COUNT; u++) {
    spagm_cov_totals t;
    spagm_cov_unit_totals(all, u, &t);
    s->unit[u].legal = t.legal, s->unit[u].hit = t.hit;
  }
  for (size_t i = 0; i < npts; i++) {
    const spagm_cov_point *pt = &plan[i];
    if (pt->cosim_only && !cosim) continue; /* not counted (N104) */
    for (unsigned b = 0; b < spagm_cov_point_bins(pt); b++) {
      if (spagm_cov_bin_excluded(pt, b)) continue;
      spagm_cov_bin_name(pt, b, name, sizeof name);
      snprintf(line, sizeof line, "%s: %s", pt->name, name);
      rg_cov_unit *cu = &s->unit[pt->unit], *ca = &s->unit[SPAGM_UNIT_COUNT];
      spagm_cov_gap gap = spagm_cov_bin_gap(all, i, b);
      if (gap == SPAGM_COV_GAP_REORDER) {
        cu->reorder++, ca->reorder++;
        push(&s->reorder, &s->nreorder, line);
      } else if (gap == SPAGM_COV_GAP_NO_PORT) {
        cu->no_port++, ca->no_port++;
        push(&s->no_port, &s->nno_port, line);
      } else if (gap == SPAGM_COV_GAP_HOLE) {
        cu->holes++, ca->holes++;
        push(&s->holes, &s->nholes, line);
      } else if (spagm_cov_hits(rtl, i, b) == 0) {
        cu->model_only++, ca->model_only++;
        push(&s->model_only, &s->nmodel_only, line);
      }
    }
  }
}

static int write_reports(const spagm_cov *all, const char *dir, size_t inputs) {
  spagm_diag d = {0, 0, ""};
  char *db = rg_path_join(dir, "coverage.cov"), *json = rg_path_join(dir, "coverage.json");
  char *html = rg_path_join(dir, "coverage"), *txt = rg_path_join(dir, "coverage.txt");
  char *ucis = rg_path_join(dir, "coverage.ucis.xml"); /* for pyucis and other tools' coverage */
  int rc = spagm_cov_write(all, db, &d) != SPAGM_OK || spagm_cov_report_json(all, json, &d) != SPAGM_OK ||
           spagm_cov_report_html(all, html, &d) != SPAGM_OK;
  /* UCIS needs a test record: with no database merged there is no file. */
  if (!rc && inputs && spagm_cov_export_ucis(all, ucis, &d) != SPAGM_OK) rc = 1;
  if (rc) fprintf(stderr, "spagm-regress: coverage reports: %s\n", d.msg);
  if (!rc) { /* the text report, whole or not at all */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    int ok = f && spagm_cov_report_text(all, f) == SPAGM_OK;
    if (f && fclose(f) != 0) ok = 0;
    rc = !ok || rg_write_file(txt, text, len) != 0;
    if (!ok) fprintf(stderr, "spagm-regress: %s: the text report could not be made\n", txt);
    free(text);
  }
  free(db), free(json), free(html), free(txt), free(ucis);
  return rc ? -1 : 0;
}

int rg_coverage_collect(rg_plan *p, const char *dir, rg_covsum *s) {
  int fail_on_holes = s->fail_on_holes;
  memset(s, 0, sizeof *s);
  s->fail_on_holes = fail_on_holes;
  int rtl_rc = rg_rtl_coverage_collect(p, dir, &s->rtl); /* N253 */
  int any = 0;
  for (size_t i = 0; i < p->nruns && !any; i++) any = p->runs[i].cov && p->runs[i].cov[0];
  if (!any) return rtl_rc; /* nothing in this set collects: no coverage section */
  spagm_cov *all = spagm_cov_new(), *rtl = spagm_cov_new();
  if (!all || !rtl) {
    spagm_cov_free(all), spagm_cov_free(rtl);
    return -1;
  }
  merge_runs(p, dir, all, rtl, s);
  classify(all, rtl, s);
  int rc = write_reports(all, dir, s->inputs);
  s->have = rc == 0;
  if (rtl_rc) rc = -1;
  spagm_cov_free(all), spagm_cov_free(rtl);
  return rc;
}

static void free_list(char **l, size_t n) {
  for (size_t i = 0; i < n; i++) free(l[i]);
  free(l);
}

void rg_covsum_free(rg_covsum *s) {
  free_list(s->holes, s->nholes);
  free_list(s->reorder, s->nreorder);
  free_list(s->no_port, s->nno_port);
  free_list(s->model_only, s->nmodel_only);
  free_list(s->left_out, s->nleft_out);
  memset(s, 0, sizeof *s);
}
