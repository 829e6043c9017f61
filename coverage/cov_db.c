// SPDX-License-Identifier: Apache-2.0
/* The coverage database in memory: counts per bin, inputs and the bins each
 * hit, and the merge of two databases (spagm/cov/cov.h, N101, N102). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cov_internal.h"

spagm_cov *spagm_cov_new(void) {
  spagm_cov *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  size_t n;
  const spagm_cov_point *p = spagm_cov_plan(&n);
  for (size_t i = 0; i < n; i++) c->first[i + 1] = c->first[i] + spagm_cov_point_bins(p + i);
  c->nbins = c->first[n];
  c->hits = calloc(c->nbins, sizeof *c->hits);
  c->cur = -1;
  /* The power-on configuration the sampler compares with (N246): built
   * once here, not per transaction. */
  spagm_attr_config_default(&c->attr_power_on);
  if (!c->hits) {
    spagm_cov_free(c);
    return NULL;
  }
  /* Rule number -> bin in its unit's rule point; common rules (ILLEGAL_WORD,
   * LANE_INACTIVE) have the same bins in every unit's point (cov_plan.c). */
  const uint16_t *nums[SPAGM_UNIT_COUNT] = {spagm__cov_rule_nums_attr, spagm__cov_rule_nums_pix,
                                            spagm__cov_rule_nums_tex};
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    for (unsigned i = 0; i < spagm__cov_rule_count[u]; i++)
      if (nums[u][i] < COV_RULE_SPACE) c->rule_bin[nums[u][i]] = (uint16_t)(i + 1);
  return c;
}

void spagm_cov_free(spagm_cov *c) {
  if (!c) return;
  for (size_t i = 0; i < c->nin; i++) {
    free(c->in[i].name);
    free(c->in[i].bits);
  }
  free(c->in);
  free(c->hits);
  free(c);
}

long spagm__cov_input(spagm_cov *c, const char *name) {
  for (size_t i = 0; i < c->nin; i++)
    if (strcmp(c->in[i].name, name) == 0) return (long)i;
  if (c->nin == c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 8;
    cov_input *in = realloc(c->in, cap * sizeof *in);
    if (!in) return -1;
    c->in = in;
    c->cap = cap;
  }
  cov_input *in = &c->in[c->nin];
  in->name = strdup(name);
  in->bits = calloc((c->nbins + 7) / 8, 1);
  if (!in->name || !in->bits) {
    free(in->name);
    free(in->bits);
    return -1;
  }
  return (long)c->nin++;
}

/* An input name is one printable line (it is a line of the file, N101). */
static bool name_ok(const char *name) {
  size_t n = strlen(name);
  if (n == 0 || n > COV_NAME_MAX) return false;
  for (const unsigned char *s = (const unsigned char *)name; *s; s++)
    if (*s < 0x20 || *s == 0x7F) return false;
  return true;
}

spagm_status spagm_cov_begin_input(spagm_cov *c, const char *name, spagm_diag *d) {
  if (!c || !name) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no database or input name");
  if (!name_ok(name))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "coverage input name must be 1..%u printable characters",
                          COV_NAME_MAX);
  c->cur = spagm__cov_input(c, name);
  return c->cur < 0 ? spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory") : SPAGM_OK;
}

uint64_t spagm_cov_hits(const spagm_cov *c, size_t point, unsigned bin) {
  if (!c || point >= COV_PT_COUNT || c->first[point] + bin >= c->first[point + 1]) return 0;
  return c->hits[c->first[point] + bin];
}

bool spagm_cov_has_cosim(const spagm_cov *c) {
  if (!c) return false;
  for (size_t i = 0; i < COV_PT_COUNT; i++)
    if (spagm_cov_plan(NULL)[i].cosim_only)
      for (unsigned g = c->first[i]; g < c->first[i + 1]; g++)
        if (c->hits[g]) return true;
  return false;
}

bool spagm__cov_counted(const spagm_cov *c, size_t i) {
  return !spagm_cov_plan(NULL)[i].cosim_only || spagm_cov_has_cosim(c);
}

size_t spagm__cov_point_of(const spagm_cov *c, unsigned g) {
  size_t p = 0;
  while (p + 1 < COV_PT_COUNT && g >= c->first[p + 1]) p++;
  return p;
}

bool spagm__cov_legal(const spagm_cov *c, unsigned g) {
  size_t p = spagm__cov_point_of(c, g);
  return !spagm_cov_bin_excluded(spagm_cov_plan(NULL) + p, g - c->first[p]);
}

spagm_status spagm_cov_merge(spagm_cov *into, const spagm_cov *from, spagm_diag *d) {
  if (!into || !from) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no database to merge");
  if (into->nbins != from->nbins)
    return spagm_diag_set(d, SPAGM_E_FORMAT, 0, 0, "databases of different plans");
  for (unsigned g = 0; g < into->nbins; g++) {
    uint64_t s = into->hits[g] + from->hits[g];
    into->hits[g] = s < into->hits[g] ? UINT64_MAX : s; /* saturate */
  }
  for (size_t i = 0; i < from->nin; i++) {
    long k = spagm__cov_input(into, from->in[i].name);
    if (k < 0) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
    for (unsigned b = 0; b < (into->nbins + 7) / 8; b++) into->in[k].bits[b] |= from->in[i].bits[b];
  }
  return SPAGM_OK;
}
