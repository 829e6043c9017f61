// SPDX-License-Identifier: Apache-2.0
/* Pixel-unit raster configuration: the public setters and getters of pix.h.
 * Every setter validates its whole input before touching the model, so a
 * failing call leaves the configuration unchanged. */
#include <string.h>

#include "core/model_internal.h"

void spagm__pix_config_default(spagm_raster_config *cfg) {
  memset(cfg, 0, sizeof *cfg);
  cfg->samples = 1;
  cfg->positions = SPAGM_PIX_POSITIONS_STANDARD;
  cfg->ssaa = false;
  cfg->offset_format = SPAGM_PIX_OFFSET_SIXTEENTHS; /* PIXLD.txt (N350) */
  cfg->order = SPAGM_PIX_ORDER_D3D;                 /* DESIGN §7.4 (N351) */
}

static spagm_status null_arg(spagm_diag *d, const char *fn, const char *what) {
  return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "%s: %s is NULL", fn, what);
}

static spagm_status check_samples(unsigned samples, spagm_diag *d) {
  if (spagm__pix_samples_valid(samples)) return SPAGM_OK;
  return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                        "raster sample count %u is not 1, 2, 4, 8 or 16",
                        samples);
}

/* Programmable positions are signed 4-bit (PIXLD.txt: range (-8,+7)). */
static spagm_status check_table(const spagm_sample_pos *table, spagm_diag *d) {
  for (unsigned i = 0; i < SPAGM_PIX_MAX_SAMPLES; i++) {
    int x = table[i].x, y = table[i].y;
    if (x < SPAGM_PIX_POS_MIN || x > SPAGM_PIX_POS_MAX ||
        y < SPAGM_PIX_POS_MIN || y > SPAGM_PIX_POS_MAX)
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                            "programmable sample position %u is (%d, %d): "
                            "each coordinate must be in -8..7 (1/16 pixel)",
                            i, x, y);
  }
  return SPAGM_OK;
}

static spagm_status check_format(spagm_pix_offset_format f, spagm_diag *d) {
  if (f == SPAGM_PIX_OFFSET_SIXTEENTHS || f == SPAGM_PIX_OFFSET_S012)
    return SPAGM_OK;
  return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                        "offset format %d is neither SIXTEENTHS (0) nor "
                        "S012 (1)",
                        (int)f);
}

static spagm_status check_order(spagm_pix_sample_order o, spagm_diag *d) {
  if (o == SPAGM_PIX_ORDER_D3D || o == SPAGM_PIX_ORDER_NVIDIA) return SPAGM_OK;
  return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                        "sample order %d is neither D3D (0) nor NVIDIA (1)",
                        (int)o);
}

spagm_status spagm_pix_set_samples(spagm_model *m, unsigned samples,
                                   spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_set_samples", "model");
  spagm_status st = check_samples(samples, d);
  if (st != SPAGM_OK) return st;
  m->pix.raster.samples = (uint8_t)samples;
  return SPAGM_OK;
}

spagm_status spagm_pix_get_samples(const spagm_model *m, unsigned *samples,
                                   spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_get_samples", "model");
  if (!samples) return null_arg(d, "spagm_pix_get_samples", "samples");
  *samples = m->pix.raster.samples;
  return SPAGM_OK;
}

spagm_status spagm_pix_set_standard_positions(spagm_model *m, spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_set_standard_positions", "model");
  m->pix.raster.positions = SPAGM_PIX_POSITIONS_STANDARD;
  return SPAGM_OK;
}

spagm_status spagm_pix_set_programmable_positions(
    spagm_model *m, const spagm_sample_pos table[SPAGM_PIX_MAX_SAMPLES],
    spagm_diag *d) {
  const char *fn = "spagm_pix_set_programmable_positions";
  if (!m) return null_arg(d, fn, "model");
  if (!table) return null_arg(d, fn, "table");
  spagm_status st = check_table(table, d);
  if (st != SPAGM_OK) return st;
  memcpy(m->pix.raster.table, table, sizeof m->pix.raster.table);
  m->pix.raster.positions = SPAGM_PIX_POSITIONS_PROGRAMMABLE;
  return SPAGM_OK;
}

spagm_status spagm_pix_set_ssaa(spagm_model *m, bool on, spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_set_ssaa", "model");
  m->pix.raster.ssaa = on;
  return SPAGM_OK;
}

spagm_status spagm_pix_get_ssaa(const spagm_model *m, bool *on,
                                spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_get_ssaa", "model");
  if (!on) return null_arg(d, "spagm_pix_get_ssaa", "on");
  *on = m->pix.raster.ssaa;
  return SPAGM_OK;
}

spagm_status spagm_pix_set_offset_format(spagm_model *m,
                                         spagm_pix_offset_format format,
                                         spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_set_offset_format", "model");
  spagm_status st = check_format(format, d);
  if (st != SPAGM_OK) return st;
  m->pix.raster.offset_format = format;
  return SPAGM_OK;
}

spagm_status spagm_pix_get_offset_format(const spagm_model *m,
                                         spagm_pix_offset_format *format,
                                         spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_get_offset_format", "model");
  if (!format) return null_arg(d, "spagm_pix_get_offset_format", "format");
  *format = m->pix.raster.offset_format;
  return SPAGM_OK;
}

spagm_status spagm_pix_set_sample_order(spagm_model *m,
                                        spagm_pix_sample_order order,
                                        spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_set_sample_order", "model");
  spagm_status st = check_order(order, d);
  if (st != SPAGM_OK) return st;
  m->pix.raster.order = order;
  return SPAGM_OK;
}

spagm_status spagm_pix_get_sample_order(const spagm_model *m,
                                        spagm_pix_sample_order *order,
                                        spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_get_sample_order", "model");
  if (!order) return null_arg(d, "spagm_pix_get_sample_order", "order");
  *order = m->pix.raster.order;
  return SPAGM_OK;
}

spagm_status spagm_pix_get_config(const spagm_model *m,
                                  spagm_raster_config *cfg, spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_get_config", "model");
  if (!cfg) return null_arg(d, "spagm_pix_get_config", "cfg");
  *cfg = m->pix.raster;
  return SPAGM_OK;
}

spagm_status spagm_pix_set_config(spagm_model *m,
                                  const spagm_raster_config *cfg,
                                  spagm_diag *d) {
  if (!m) return null_arg(d, "spagm_pix_set_config", "model");
  if (!cfg) return null_arg(d, "spagm_pix_set_config", "cfg");
  spagm_status st = check_samples(cfg->samples, d);
  if (st != SPAGM_OK) return st;
  if (cfg->positions != SPAGM_PIX_POSITIONS_STANDARD &&
      cfg->positions != SPAGM_PIX_POSITIONS_PROGRAMMABLE)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "sample-position mode %d is neither STANDARD (0) "
                          "nor PROGRAMMABLE (1)",
                          (int)cfg->positions);
  st = check_table(cfg->table, d);
  if (st == SPAGM_OK) st = check_format(cfg->offset_format, d);
  if (st == SPAGM_OK) st = check_order(cfg->order, d);
  if (st != SPAGM_OK) return st;
  m->pix.raster = *cfg;
  return SPAGM_OK;
}
