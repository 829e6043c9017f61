// SPDX-License-Identifier: Apache-2.0
/* Legal bins that no co-simulation of the stand-in RTL can reach, by
 * construction (N243): they stay legal (a model-only scenario or another
 * DUT reaches them) and are reported as their own category next to the
 * holes, never dropped. */
#include <string.h>

#include "cov_internal.h"

typedef struct reach_rule {
  const char *point;  /* the point's name */
  const char *prefix; /* bins whose name starts with this */
  const char *why;    /* the category and its ruling */
} reach_rule;

/* The categories: ISBEWR has no SM50 word, so no request carries it (N241);
 * the attribute and pixel stand-ins answer in acceptance order. */
#define NO_WORD "not reachable by co-simulation (N241)"
#define IN_ORDER "needs a reordering DUT (N243)"

static const reach_rule rules[] = {
    {"attr.rule", "ISBEWR_", NO_WORD},
    {"attr.op_stage", "op=ISBEWR ", NO_WORD},
    {"attr.isbe_fields", "op=ISBEWR ", NO_WORD},
    {"attr.cosim_flow", "order=overtaken ", IN_ORDER},
    {"pix.cosim_flow", "order=overtaken ", IN_ORDER},
};

const char *spagm__cov_bin_unreachable(const spagm_cov_point *p, unsigned bin) {
  if (!p || bin >= spagm_cov_point_bins(p) || spagm_cov_bin_excluded(p, bin)) return NULL;
  char name[192];
  spagm_cov_bin_name(p, bin, name, sizeof name);
  for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
    if (!strcmp(p->name, rules[i].point) &&
        !strncmp(name, rules[i].prefix, strlen(rules[i].prefix)))
      return rules[i].why;
  return NULL;
}
