// SPDX-License-Identifier: Apache-2.0
/* Text reports of a coverage database: totals per unit, per point hits and
 * holes by name, and stimulus grading (spagm/cov/cov.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cov_internal.h"

static double pct(unsigned hit, unsigned legal) { return legal ? 100.0 * hit / legal : 100.0; }

void spagm__cov_point_totals(const spagm_cov *c, size_t i, spagm_cov_totals *t) {
  const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
  for (unsigned b = 0; b < spagm_cov_point_bins(p); b++) {
    t->bins++;
    if (spagm_cov_bin_excluded(p, b)) continue;
    t->legal++;
    uint64_t h = c->hits[c->first[i] + b];
    if (h)
      t->hit++;
    else
      t->holes++;
    if (h && h < spagm_cov_bin_at_least(p, b)) t->thin++;
  }
}

spagm_status spagm_cov_unit_totals(const spagm_cov *c, unsigned u, spagm_cov_totals *t) {
  if (!c || !t || u > SPAGM_UNIT_COUNT) return SPAGM_E_ARG;
  memset(t, 0, sizeof *t);
  for (size_t i = 0; i < COV_PT_COUNT; i++)
    if ((u == SPAGM_UNIT_COUNT || spagm_cov_plan(NULL)[i].unit == u) && spagm__cov_counted(c, i))
      spagm__cov_point_totals(c, i, t);
  return SPAGM_OK;
}

/* What a co-simulation can reach (N243): legal bins of unit u
 * (SPAGM_UNIT_COUNT: all) that cov_reach.c does not list apart (N255), and
 * how many of them are hit. */
typedef struct reach {
  unsigned legal, hit, apart;
} reach;

static reach cosim_reach(const spagm_cov *c, unsigned u) {
  spagm_cov_totals t;
  unsigned gaps[4];
  spagm_cov_unit_totals(c, u, &t);
  spagm__cov_unit_gaps(c, u, gaps);
  reach r = {0, t.hit, gaps[SPAGM_COV_GAP_REORDER] + gaps[SPAGM_COV_GAP_NO_PORT]};
  r.legal = t.legal - r.apart;
  return r;
}

/* The second figure of a co-simulation database: of the bins it can reach. */
static void print_reach(const spagm_cov *c, unsigned u, FILE *f) {
  if (!spagm_cov_has_cosim(c)) {
    fputc('\n', f);
    return;
  }
  reach r = cosim_reach(c, u);
  fprintf(f, "; of the %u this co-simulation can reach: %u hit (%.1f%%), %u holes; %u it cannot "
          "(listed apart, N243)\n",
          r.legal, r.hit, pct(r.hit, r.legal), r.legal - r.hit, r.apart);
}

spagm_status spagm_cov_report_text(const spagm_cov *c, FILE *f) {
  if (!c || !f) return SPAGM_E_ARG;
  char name[192];
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    spagm_cov_totals t;
    spagm_cov_unit_totals(c, u, &t);
    fprintf(f, "unit %s: %u of %u legal bins hit (%.1f%%), %u holes, %u thin, %u bins excluded",
            spagm_unit_name((spagm_unit)u), t.hit, t.legal, pct(t.hit, t.legal), t.holes, t.thin,
            t.bins - t.legal);
    print_reach(c, u, f);
    for (size_t i = 0; i < COV_PT_COUNT; i++) {
      const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
      if (p->unit != u) continue;
      if (!spagm__cov_counted(c, i)) {
        fprintf(f, "  %-26s not collected (co-simulation only, N104)\n", p->name);
        continue;
      }
      spagm_cov_totals pt = {0};
      spagm__cov_point_totals(c, i, &pt);
      fprintf(f, "  %-26s %4u/%-4u %6.1f%%\n", p->name, pt.hit, pt.legal, pct(pt.hit, pt.legal));
      for (unsigned b = 0; b < spagm_cov_point_bins(p); b++) {
        bool excl = spagm_cov_bin_excluded(p, b) != NULL;
        uint64_t h = c->hits[c->first[i] + b];
        if (!excl && h == 0) /* a hole or a bin listed apart (N243, N255) */
          fprintf(f, "    %s: %s\n", spagm_cov_gap_name(spagm_cov_bin_gap(c, i, b)),
                  spagm_cov_bin_name(p, b, name, sizeof name));
        if (!excl && h && h < spagm_cov_bin_at_least(p, b)) /* N161 */
          fprintf(f, "    thin: %s (%" PRIu64 " of %u hits)\n",
                  spagm_cov_bin_name(p, b, name, sizeof name), h, spagm_cov_bin_at_least(p, b));
        if (excl && h) /* the plan says impossible: a model or plan bug */
          fprintf(f, "    ILLEGAL BIN HIT %" PRIu64 " times: %s\n", h,
                  spagm_cov_bin_name(p, b, name, sizeof name));
      }
    }
  }
  spagm_cov_totals all;
  spagm_cov_unit_totals(c, SPAGM_UNIT_COUNT, &all);
  fprintf(f, "total: %u of %u legal bins (%.1f%%), %u holes, %u thin, %zu inputs", all.hit,
          all.legal, pct(all.hit, all.legal), all.holes, all.thin, c->nin);
  print_reach(c, SPAGM_UNIT_COUNT, f);
  return SPAGM_OK;
}

unsigned spagm_cov_report_holes(const spagm_cov *c, FILE *f) {
  if (!c) return 0;
  unsigned holes = 0;
  char name[192];
  for (size_t i = 0; i < COV_PT_COUNT; i++) {
    const spagm_cov_point *p = spagm_cov_plan(NULL) + i;
    if (!spagm__cov_counted(c, i)) continue;
    for (unsigned b = 0; b < spagm_cov_point_bins(p); b++)
      if (spagm_cov_bin_gap(c, i, b) == SPAGM_COV_GAP_HOLE) { /* not those listed apart, N255 */
        holes++;
        if (f) fprintf(f, "hole: %s: %s\n", p->name, spagm_cov_bin_name(p, b, name, sizeof name));
      }
  }
  return holes;
}

/* Legal counted bins input k hits that `got` lacks (got NULL: all it hits). */
static unsigned gain(const spagm_cov *c, size_t k, const uint8_t *got) {
  unsigned n = 0;
  for (unsigned g = 0; g < c->nbins; g++)
    if ((c->in[k].bits[g >> 3] >> (g & 7) & 1u) && !(got && (got[g >> 3] >> (g & 7) & 1u)) &&
        spagm__cov_legal(c, g) && spagm__cov_counted(c, spagm__cov_point_of(c, g)))
      n++;
  return n;
}

unsigned spagm__cov_input_bins(const spagm_cov *c, size_t k) { return gain(c, k, NULL); }

long spagm__cov_rank_order(const spagm_cov *c, size_t *order, unsigned *gains) {
  uint8_t *got = calloc((c->nbins + 7) / 8 + 1, 1);
  if (!got) return -1;
  long picked = 0;
  for (;;) { /* greedy set cover: ties go to the first name in sort order */
    size_t best = 0;
    unsigned best_gain = 0;
    for (size_t k = 0; k < c->nin; k++) {
      unsigned gk = gain(c, k, got);
      if (gk > best_gain || (gk == best_gain && gk && strcmp(c->in[k].name, c->in[best].name) < 0))
        best = k, best_gain = gk;
    }
    if (best_gain == 0) break;
    for (unsigned b = 0; b < (c->nbins + 7) / 8; b++) got[b] |= c->in[best].bits[b];
    order[picked] = best;
    gains[picked++] = best_gain;
  }
  free(got);
  return picked;
}

spagm_status spagm_cov_rank(const spagm_cov *c, FILE *f) {
  if (!c || !f) return SPAGM_E_ARG;
  size_t *order = malloc((c->nin + 1) * sizeof *order);
  unsigned *gains = malloc((c->nin + 1) * sizeof *gains);
  long picked = order && gains ? spagm__cov_rank_order(c, order, gains) : -1;
  if (picked < 0) {
    free(order), free(gains);
    return SPAGM_E_NOMEM;
  }
  unsigned total = 0;
  fprintf(f, "rank  new-bins  total  input\n");
  for (long r = 0; r < picked; r++) {
    total += gains[r];
    fprintf(f, "%4ld  %8u  %5u  %s\n", r + 1, gains[r], total, c->in[order[r]].name);
  }
  fprintf(f, "%ld of %zu inputs reach every bin the inputs reach (%u legal bins)\n", picked,
          c->nin, total);
  free(order), free(gains);
  return SPAGM_OK;
}
