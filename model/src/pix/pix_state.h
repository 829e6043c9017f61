// SPDX-License-Identifier: Apache-2.0
/* Internal: pixel-unit state inside struct spagm_model (model_internal.h),
 * and the internal entry points shared by the pixel unit's files. */
#ifndef SPAGM_PIX_STATE_H
#define SPAGM_PIX_STATE_H

#include <stdint.h>

#include "spagm/pix.h"

typedef struct spagm_pix_state {
  /* Exactly what pix.h exposes, so get/set_config are plain copies. */
  spagm_raster_config raster;
} spagm_pix_state;

/* Power-on raster configuration (pix.h): 1 sample, standard positions,
 * programmable table all (0, 0), SSAA off, offsets in sixteenths, D3D
 * order. */
void spagm__pix_config_default(spagm_raster_config *cfg);

/* The standard positions of a sample count in the given order (N351),
 * sample index i at [i]; the caller guarantees samples is one of 1, 2, 4,
 * 8, 16 (pix_sample_positions.c). */
const spagm_sample_pos *spagm__pix_standard_table(spagm_pix_sample_order order,
                                                  unsigned samples);

/* Standard position in the given order (N351); the caller guarantees
 * samples is one of 1, 2, 4, 8, 16 and index < samples. */
static inline spagm_sample_pos spagm__pix_standard_pos(spagm_pix_sample_order order,
                                                       unsigned samples, unsigned index) {
  return spagm__pix_standard_table(order, samples)[index & (samples - 1u)];
}

/* True when samples is a raster sample count the hardware has. */
int spagm__pix_samples_valid(unsigned samples);

/* Execute one PIXLD warp-instruction (pixld.c); same contract as
 * spagm__pix_execute in model_internal.h. */
void spagm__pixld_execute(spagm_model *m, const spagm_insn *insn,
                          const spagm_request *req, spagm_response *resp,
                          spagm_explain *ex);

#endif
