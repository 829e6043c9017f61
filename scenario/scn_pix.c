// SPDX-License-Identifier: Apache-2.0
/* Scenario directives of the pixel unit (scenario.h, docs/scenario-pix.md):
 * the raster configuration PIXLD reads (pix.h).
 *
 *   raster samples N                      1, 2, 4, 8 or 16
 *   raster positions standard             DESIGN §7.4 positions
 *   raster positions programmable (x,y) ... 16 pairs, each -8..7
 *   raster offsets sixteenths|s012        .OFFSET word format (N350)
 *   raster order d3d|nvidia               standard sample order (N351)
 *   ssaa on|off                           SSAA (per-sample shading) mode
 *
 * Coverage masks and SSAA sample indexes are per lane and come from the core
 * `thread coverage` / `thread sample` directives. */
#include <string.h>

#include "scenario.h"

/* Turn a model setter's refusal into a diagnostic at the argument. */
static spagm_status model_refused(const spagm_scn_args *at, spagm_diag *d,
                                  const spagm_diag *why) {
  return spagm_scn_error(at, d, "%s", why->msg);
}

/* A signed coordinate of a programmable position, 1/16 pixel. */
static spagm_status coordinate(spagm_scn_args *a, int8_t *out, spagm_diag *d) {
  spagm_scn_args at = *a;
  uint32_t v;
  spagm_status st = spagm_scn_u32(a, &v, d);
  if (st != SPAGM_OK) return st;
  int32_t s = (int32_t)v;
  if (s < SPAGM_PIX_POS_MIN || s > SPAGM_PIX_POS_MAX) {
    while (*at.p == ' ' || *at.p == '\t') at.p++;
    return spagm_scn_error(&at, d,
                           "sample coordinate %d is outside -8..7 (signed "
                           "4-bit, 1/16 pixel)",
                           (int)s);
  }
  *out = (int8_t)s;
  return SPAGM_OK;
}

/* (x,y) (x,y) ... exactly 16 pairs, sample 0 first. */
static spagm_status position_table(
    spagm_scn_args *a, spagm_sample_pos table[SPAGM_PIX_MAX_SAMPLES],
    spagm_diag *d) {
  for (unsigned i = 0; i < SPAGM_PIX_MAX_SAMPLES; i++) {
    if (spagm_scn_at_end(a))
      return spagm_scn_error(a, d,
                             "programmable positions need 16 (x,y) pairs, "
                             "one per sample index; found %u",
                             i);
    spagm_status st = spagm_scn_require(a, "(", d);
    if (st == SPAGM_OK) st = coordinate(a, &table[i].x, d);
    if (st == SPAGM_OK) st = spagm_scn_require(a, ",", d);
    if (st == SPAGM_OK) st = coordinate(a, &table[i].y, d);
    if (st == SPAGM_OK) st = spagm_scn_require(a, ")", d);
    if (st != SPAGM_OK) return st;
  }
  if (!spagm_scn_at_end(a))
    return spagm_scn_error(a, d,
                           "more than 16 (x,y) pairs: a pixel has at most "
                           "16 samples");
  return SPAGM_OK;
}

/* raster offsets sixteenths|s012 | raster order d3d|nvidia: the two
 * configuration choices, each a keyword whose index is the enum value. */
static spagm_status config_choice(spagm_model *m, int w, spagm_scn_args *a,
                                  spagm_diag *d) {
  static const char *const formats[] = {"sixteenths", "s012", NULL};
  static const char *const orders[] = {"d3d", "nvidia", NULL};
  spagm_diag why = {0, 0, ""};
  spagm_scn_args at = *a;
  int k;
  spagm_status st = spagm_scn_keyword(a, w == 2 ? formats : orders, &k, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  st = w == 2 ? spagm_pix_set_offset_format(m, (spagm_pix_offset_format)k, &why)
              : spagm_pix_set_sample_order(m, (spagm_pix_sample_order)k, &why);
  return st == SPAGM_OK ? SPAGM_OK : model_refused(&at, d, &why);
}

/* raster samples N | raster positions standard | raster positions
 * programmable (x,y)... | raster offsets ... | raster order ... */
static spagm_status dir_raster(spagm_scn *s, spagm_scn_args *a,
                               spagm_diag *d) {
  static const char *const what[] = {"samples", "positions", "offsets", "order",
                                     NULL};
  spagm_model *m = spagm_scn_model(s);
  spagm_diag why = {0, 0, ""};
  int w;
  spagm_status st = spagm_scn_keyword(a, what, &w, d);
  if (st != SPAGM_OK) return st;

  if (w == 0) {
    spagm_scn_args at = *a;
    uint32_t n;
    if ((st = spagm_scn_u32(a, &n, d)) != SPAGM_OK) return st;
    if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
    while (*at.p == ' ' || *at.p == '\t') at.p++;
    if (spagm_pix_set_samples(m, n, &why) != SPAGM_OK)
      return model_refused(&at, d, &why);
    return SPAGM_OK;
  }

  if (w >= 2) return config_choice(m, w, a, d);

  static const char *const kinds[] = {"standard", "programmable", NULL};
  int k;
  if ((st = spagm_scn_keyword(a, kinds, &k, d)) != SPAGM_OK) return st;
  if (k == 0) {
    if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
    return spagm_pix_set_standard_positions(m, &why) == SPAGM_OK
               ? SPAGM_OK
               : model_refused(a, d, &why);
  }
  spagm_scn_args at = *a;
  spagm_sample_pos table[SPAGM_PIX_MAX_SAMPLES];
  memset(table, 0, sizeof table);
  if ((st = position_table(a, table, d)) != SPAGM_OK) return st;
  if (spagm_pix_set_programmable_positions(m, table, &why) != SPAGM_OK)
    return model_refused(&at, d, &why);
  return SPAGM_OK;
}

/* ssaa on|off */
static spagm_status dir_ssaa(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  static const char *const onoff[] = {"off", "on", NULL};
  spagm_diag why = {0, 0, ""};
  int on;
  spagm_status st = spagm_scn_keyword(a, onoff, &on, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  if (spagm_pix_set_ssaa(spagm_scn_model(s), on == 1, &why) != SPAGM_OK)
    return model_refused(a, d, &why);
  return SPAGM_OK;
}

const spagm_scn_directive spagm_scn_pix_directives[] = {
    {"raster", dir_raster,
     "raster samples 1|2|4|8|16 | raster positions standard|programmable "
     "(x,y)*16 | raster offsets sixteenths|s012 | raster order d3d|nvidia   "
     "PIXLD raster state"},
    {"ssaa", dir_ssaa,
     "ssaa on|off                      SSAA mode (PIXLD.MY_INDEX)"},
    {NULL, NULL, NULL},
};
