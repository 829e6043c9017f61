// SPDX-License-Identifier: Apache-2.0
/* spagm-regress --rank DIR: grading. From the coverage
 * databases of the runs of DIR that counted (coverage.c, N142): greedily
 * the run that adds the most legal bins not yet hit, until none adds any.
 * The runs so picked are the smallest set this greedy order finds that
 * reaches the regression's whole coverage; the others add nothing. Per run,
 * not per input name: two co-simulations of one seed are two runs. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regress.h"
#include "spagm/cov/cov.h"
#include "util.h"

/* The legal bins run r hit, as flags over the plan's bins. */
static unsigned char *hits_of(const char *dir, const rg_run *r, size_t nbins) {
  char *rundir = rg_run_dir(dir, r);
  char *path = rg_path_join(rundir, "run.cov");
  spagm_cov *c = NULL;
  int ok = spagm_cov_read(path, &c, NULL) == SPAGM_OK;
  free(rundir), free(path);
  if (!ok) return NULL;
  unsigned char *h = calloc(nbins ? nbins : 1, 1);
  size_t npts, k = 0;
  const spagm_cov_point *plan = spagm_cov_plan(&npts);
  for (size_t i = 0; i < npts; i++)
    for (unsigned b = 0; b < spagm_cov_point_bins(&plan[i]); b++, k++)
      h[k] = !spagm_cov_bin_excluded(&plan[i], b) && spagm_cov_hits(c, i, b) > 0;
  spagm_cov_free(c);
  return h;
}

int rg_rank_main(const char *dir) {
  rg_plan p;
  if (rg_plan_read(dir, &p)) return 2;
  size_t npts, nbins = 0;
  const spagm_cov_point *plan = spagm_cov_plan(&npts);
  for (size_t i = 0; i < npts; i++) nbins += spagm_cov_point_bins(&plan[i]);
  unsigned char **h = calloc(p.nruns + 1, sizeof *h), *have = calloc(nbins + 1, 1);
  size_t counted = 0, picked = 0, total = 0;
  for (size_t i = 0; i < p.nruns; i++) {
    rg_run *r = &p.runs[i];
    if (!r->cov[0] || !rg_status_read(dir, r) || r->res.status != RG_PASS) continue;
    counted += (h[i] = hits_of(dir, r, nbins)) != NULL;
  }
  printf("grading %s: %zu runs with coverage; in the order that adds the most:\n", dir, counted);
  for (;;) {
    size_t best = 0, best_i = p.nruns;
    for (size_t i = 0; i < p.nruns; i++) {
      size_t add = 0;
      for (size_t k = 0; h[i] && k < nbins; k++) add += h[i][k] && !have[k];
      if (add > best) best = add, best_i = i;
    }
    if (!best) break;
    for (size_t k = 0; k < nbins; k++) have[k] |= h[best_i][k];
    total += best;
    printf("  %4zu  %-40s +%zu bins (%zu)\n", ++picked, p.runs[best_i].id, best, total);
    free(h[best_i]), h[best_i] = NULL;
  }
  printf("%zu of %zu runs reach the same %zu legal bins; %zu add nothing:\n", picked, counted,
         total, counted - picked);
  for (size_t i = 0; i < p.nruns; i++)
    if (h[i]) printf("  %s\n", p.runs[i].id), free(h[i]);
  free(h), free(have);
  rg_plan_free(&p);
  return 0;
}
