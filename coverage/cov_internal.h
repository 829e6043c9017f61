// SPDX-License-Identifier: Apache-2.0
/* Coverage internals shared by the plan, the sampler, the database and the
 * reports (spagm/cov/cov.h). */
#ifndef SPAGM_COV_INTERNAL_H
#define SPAGM_COV_INTERNAL_H

#include "spagm/attr.h"
#include "spagm/cov/cov.h"

/* The plan's points, in table order (cov_plan.c indexes by these). */
typedef enum cov_pt {
  COV_ATTR_RULE,
  COV_ATTR_FAULT,
  COV_ATTR_OP_STAGE,
  COV_ALD_FIELDS,
  COV_AST_FIELDS,
  COV_AL2P_FIELDS,
  COV_ISBE_FIELDS,
  COV_ATTR_ACCESS,
  COV_ATTR_BMAP_STAGE,
  COV_PIX_RULE,
  COV_PIX_FAULT,
  COV_PIX_FIELDS,
  COV_PIX_MODE_LAYOUT_MASK,
  COV_TEX_RULE,
  COV_TEX_FAULT,
  COV_TEX_FIELDS,
  COV_TEX_WMSK,
  COV_TEX_ENC_LAYOUT,
  COV_TEX_FORMAT_LAYOUT,
  COV_TEX_FP16,
  COV_ATTR_BOUNDARY, /* boundary, ST_REQ and power-on points (N245, N246) */
  COV_ATTR_STREQ,
  COV_ATTR_POWER_ON,
  COV_PIX_COVMASK,
  COV_PIX_INDEX,
  COV_PIX_POWER_ON,
  COV_TEX_BOUNDARY,
  COV_TEX_POWER_ON,
  COV_PIX_UNWRITTEN, /* co-simulation only (N280) */
  COV_ATTR_COSIM,
  COV_PIX_COSIM,
  COV_TEX_COSIM,
  COV_ATTR_ILLEGAL, /* co-simulation only (N290) */
  COV_PIX_ILLEGAL,
  COV_TEX_ILLEGAL,
  COV_ATTR_UNWRITTEN, /* co-simulation only (N291) */
  COV_TEX_UNWRITTEN,
  COV_PIX_CONFIG_CHOICE, /* N350, N351, N353 */
  COV_PIX_LOAD_CORNER,   /* co-simulation only (N420, N421, N433) */
  COV_ATTR_EPOCH_CORNER, /* co-simulation only (N466, N467) */
  COV_TEX_F16_INPUT,     /* co-simulation only (N495) */
  COV_TEX_STATE_CORNER,  /* co-simulation only (N518) */
  COV_PT_COUNT
} cov_pt;

/* What the plan does not bin, with the ruling why (cov_plan.c). */
typedef struct spagm__cov_unbinned {
  const char *what, *why;
} spagm__cov_unbinned;
extern const spagm__cov_unbinned spagm__cov_not_binned[]; /* NULL-terminated */

/* Rule bins: the common rules a unit can give, then the unit's own table
 * (rules_*.h), in table order. */
extern const uint16_t spagm__cov_rule_nums_attr[];
extern const uint16_t spagm__cov_rule_nums_pix[];
extern const uint16_t spagm__cov_rule_nums_tex[];
extern const unsigned spagm__cov_rule_count[SPAGM_UNIT_COUNT];

#define COV_RULE_SPACE 0x400u /* rule numbers 0x000..0x3FF (explain.h) */
#define COV_NAME_MAX 255u

typedef struct cov_input {
  char *name;
  uint8_t *bits; /* one bit per global bin */
} cov_input;

struct spagm_cov {
  unsigned nbins;
  unsigned first[COV_PT_COUNT + 1]; /* global index of each point's bin 0 */
  uint64_t *hits;
  cov_input *in;
  size_t nin, cap;
  long cur;                          /* input being credited, -1 none */
  uint16_t rule_bin[COV_RULE_SPACE]; /* rule number -> bin + 1 in its unit's point */
  spagm_attr_config attr_power_on;   /* spagm_attr_config_default, made once (N246) */
};

/* Credit global bin g: count it and mark it for the current input. */
static inline void cov_hit(spagm_cov *c, unsigned g) {
  c->hits[g]++;
  if (c->cur >= 0) c->in[c->cur].bits[g >> 3] |= (uint8_t)(1u << (g & 7));
}

/* Bin of a point from per-dimension indexes (row-major, last fastest). */
unsigned spagm__cov_index(const spagm_cov_point *p, const unsigned *at);
/* Input `name` (created when new); its index or -1 when out of memory. */
long spagm__cov_input(spagm_cov *c, const char *name);
/* Whether a global bin is legal (not excluded). */
bool spagm__cov_legal(const spagm_cov *c, unsigned g);
/* Write text to path whole: path.tmp-PID, then rename (N101). */
spagm_status spagm__cov_write_text(const char *path, const char *text, size_t len,
                                   spagm_diag *d);
/* Whether point i counts in totals and holes (cosim_only points only when
 * the database holds co-simulation samples, N104). */
bool spagm__cov_counted(const spagm_cov *c, size_t i);
/* Counts per spagm_cov_gap (index) of unit u's bins (SPAGM_UNIT_COUNT: all),
 * counted points only (cov_reach.c, N255). */
void spagm__cov_unit_gaps(const spagm_cov *c, unsigned u, unsigned n[4]);
/* The same for point i, added into n. */
void spagm__cov_point_gaps(const spagm_cov *c, size_t i, unsigned n[4]);
/* Point index of global bin g. */
size_t spagm__cov_point_of(const spagm_cov *c, unsigned g);
/* Totals of point i added into *t (cov_report.c). */
void spagm__cov_point_totals(const spagm_cov *c, size_t i, spagm_cov_totals *t);
/* Stimulus grading (greedy set cover, ties to the first name in sort order):
 * the picked inputs' indexes into order[] and the legal bins each adds into
 * gain[] (both c->nin long); returns how many were picked, or -1 when out
 * of memory. The text (spagm_cov_rank) and HTML reports print it. */
long spagm__cov_rank_order(const spagm_cov *c, size_t *order, unsigned *gain);
/* Legal counted bins input k hits (its own coverage, for the HTML page). */
unsigned spagm__cov_input_bins(const spagm_cov *c, size_t k);

/* ---- The HTML page (cov_html*.c) ---------------------------------------- */
/* Text escaped for HTML element content and attribute values. */
void spagm__cov_html_text(FILE *f, const char *s);
/* What a bin is on the page: "hit", "hole", "thin" (hit below at_least,
 * N161), "reorder" or "noport" (listed apart, N255; *why gets the class's
 * name), "ex" (excluded; *why gets the ruling) or "bad" (excluded but hit). */
const char *spagm__cov_bin_class(const spagm_cov *c, size_t i, unsigned b, const char **why);
/* A bar of pct percent (a div the page's style draws). */
void spagm__cov_html_bar(FILE *f, double pct);
/* The section of point i: its figures and its bins, a cross as matrices. */
void spagm__cov_html_point(const spagm_cov *c, FILE *f, size_t i);

#endif
