// SPDX-License-Identifier: Apache-2.0
/* The JSON summary of a coverage database (spagm/cov/cov.h,
 * docs/json-summary.md): per unit its bin counts and per point its counts,
 * its holes, the bins listed apart from them (N255) and its thin bins. */
#include "cov_internal.h"
#include "spagm/util/json.h"

/* The names of point i's bins of class g, as the array `key`. */
static void gap_list(spagm_json *j, const spagm_cov *c, size_t i, const char *key,
                     spagm_cov_gap g) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  char name[192];
  spagm_json_array(j, key);
  for (unsigned b = 0; b < spagm_cov_point_bins(p); b++)
    if (spagm_cov_bin_gap(c, i, b) == g)
      spagm_json_str(j, NULL, spagm_cov_bin_name(p, b, name, sizeof name));
  spagm_json_end(j);
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
    unsigned gap[4];
    spagm_cov_unit_totals(c, u, &t);
    spagm__cov_unit_gaps(c, u, gap);
    spagm_json_object(&j, NULL);
    spagm_json_str(&j, "unit", spagm_unit_name((spagm_unit)u));
    spagm_json_u64(&j, "bins", t.bins);
    spagm_json_u64(&j, "legal", t.legal);
    spagm_json_u64(&j, "hit", t.hit);
    spagm_json_u64(&j, "thin", t.thin); /* N161: hit below at_least */
    /* The unhit legal bins by class (N255): holes and those listed apart. */
    spagm_json_u64(&j, "holes", gap[SPAGM_COV_GAP_HOLE]);
    spagm_json_u64(&j, "needs_reordering_dut", gap[SPAGM_COV_GAP_REORDER]);
    spagm_json_u64(&j, "not_reachable_by_cosim", gap[SPAGM_COV_GAP_NO_PORT]);
    spagm_json_array(&j, "points");
    for (size_t i = 0; i < COV_PT_COUNT; i++) {
      const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
      if (p->unit != u || !spagm__cov_counted(c, i)) continue;
      spagm_json_object(&j, NULL);
      spagm_json_str(&j, "name", p->name);
      spagm_cov_totals pt = {0}; /* per-point counts (N250) */
      spagm__cov_point_totals(c, i, &pt);
      spagm_json_u64(&j, "bins", pt.bins);
      spagm_json_u64(&j, "legal", pt.legal);
      spagm_json_u64(&j, "hit", pt.hit);
      gap_list(&j, c, i, "holes", SPAGM_COV_GAP_HOLE);
      gap_list(&j, c, i, "needs_reordering_dut", SPAGM_COV_GAP_REORDER);
      gap_list(&j, c, i, "not_reachable_by_cosim", SPAGM_COV_GAP_NO_PORT);
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
