// SPDX-License-Identifier: Apache-2.0
/* What an unhit legal bin is (N255): the one place that decides, for
 * `spagm cov report` (text, HTML, JSON, --fail-on-holes) and for
 * spagm-regress alike. Three classes, decided from the plan and from the
 * database's own hits, never from a list of units:
 *  - needs a reordering DUT (N243, N255): an `order=overtaken` bin of a
 *    co-simulation-only point, while no response of that point's unit was
 *    ever overtaken in the database: the DUT answered in order, so no
 *    stimulus could reach it. Once the unit reordered at all, its missing
 *    overtaken bins are holes of the stimulus like any other.
 *  - not reachable by co-simulation (N241): a bin of an instruction with no
 *    SM50 word (ISBEWR, spec §7.1, SPAGM_OP_ISBEWR) in a database that
 *    holds co-simulation samples: a request carries its instruction as a
 *    word, so no run through an RTL port reaches it, random or directed;
 *    a model-only directed scenario does (N143). In a model-only database
 *    (gen, run) it stays a hole, since the scenario belongs there.
 *  - a hole: everything else.
 * Both stay legal: each is reachable, by another DUT or by the model. */
#include <string.h>

#include "cov_internal.h"

/* The op that has no SM50 word: its bins in an `op` dimension and its
 * rules (rules_attr.h: ISBEWR_*) in a rule point. */
#define NO_WORD_OP "ISBEWR"

/* Bin index of dimension k inside bin b (row-major, the last fastest). */
static unsigned dim_index(const spagm_cov_point *p, unsigned b, unsigned k) {
  for (unsigned j = p->ndims; j-- > k + 1;) b /= p->dim[j].n;
  return b % p->dim[k].n;
}

/* Dimension named `name` of p, or -1. */
static int dim_named(const spagm_cov_point *p, const char *name) {
  for (unsigned k = 0; k < p->ndims; k++)
    if (!strcmp(p->dim[k].name, name)) return (int)k;
  return -1;
}

static bool is_overtaken(const spagm_cov_point *p, int order, unsigned b) {
  return !strcmp(p->dim[order].bins[dim_index(p, b, (unsigned)order)], "overtaken");
}

/* Whether any response of p's unit was overtaken in c (the DUT reorders). */
static bool saw_reordering(const spagm_cov *c, size_t i, int order) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  for (unsigned b = 0; b < spagm_cov_point_bins(p); b++)
    if (is_overtaken(p, order, b) && c->hits[c->first[i] + b]) return true;
  return false;
}

static bool no_word(const spagm_cov_point *p, unsigned b) {
  int op = dim_named(p, "op");
  if (op >= 0) return !strcmp(p->dim[op].bins[dim_index(p, b, (unsigned)op)], NO_WORD_OP);
  size_t len = strlen(p->name);
  char name[192];
  return len > 5 && !strcmp(p->name + len - 5, ".rule") &&
         !strncmp(spagm_cov_bin_name(p, b, name, sizeof name), NO_WORD_OP "_",
                  strlen(NO_WORD_OP "_"));
}

spagm_cov_gap spagm_cov_bin_gap(const spagm_cov *c, size_t i, unsigned b) {
  if (!c || i >= COV_PT_COUNT) return SPAGM_COV_GAP_NONE;
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  if (b >= spagm_cov_point_bins(p) || spagm_cov_bin_excluded(p, b) || c->hits[c->first[i] + b] ||
      !spagm__cov_counted(c, i))
    return SPAGM_COV_GAP_NONE;
  int order = p->cosim_only ? dim_named(p, "order") : -1;
  if (order >= 0 && is_overtaken(p, order, b) && !saw_reordering(c, i, order))
    return SPAGM_COV_GAP_REORDER;
  if (spagm_cov_has_cosim(c) && no_word(p, b)) return SPAGM_COV_GAP_NO_PORT;
  return SPAGM_COV_GAP_HOLE;
}

const char *spagm_cov_gap_name(spagm_cov_gap g) {
  switch (g) {
  case SPAGM_COV_GAP_HOLE: return "hole";
  case SPAGM_COV_GAP_REORDER: return "needs a reordering DUT (N243)";
  case SPAGM_COV_GAP_NO_PORT: return "not reachable by co-simulation (N241)";
  case SPAGM_COV_GAP_NONE: break;
  }
  return "";
}

void spagm__cov_point_gaps(const spagm_cov *c, size_t i, unsigned n[4]) {
  for (unsigned b = 0; b < spagm_cov_point_bins(spagm_cov_plan(NULL) + i); b++)
    n[spagm_cov_bin_gap(c, i, b)]++;
}

void spagm__cov_unit_gaps(const spagm_cov *c, unsigned u, unsigned n[4]) {
  memset(n, 0, 4 * sizeof *n);
  for (size_t i = 0; i < COV_PT_COUNT; i++)
    if (u == SPAGM_UNIT_COUNT || spagm_cov_plan(NULL)[i].unit == u) spagm__cov_point_gaps(c, i, n);
}
