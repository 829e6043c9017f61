// SPDX-License-Identifier: Apache-2.0
/* Standard sample positions (1/16 pixel, relative to the pixel centre, by
 * sample index) for every raster sample count, in the two orders of N351:
 * DESIGN §7.4 (the D3D order) and NVIDIA's default mode. */
#include <stdbool.h>

#include "pix/pix_state.h"

static const spagm_sample_pos pos1[1] = {{0, 0}};
static const spagm_sample_pos pos2[2] = {{4, 4}, {-4, -4}};
static const spagm_sample_pos pos4[4] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
static const spagm_sample_pos pos8[8] = {{1, -3}, {-1, 3}, {5, 1},  {-3, -5},
                                         {-5, 5}, {-7, -1}, {3, 7}, {7, -7}};
/* NVIDIA's default mode numbers the same positions otherwise for 2x and 8x
 * (Mesa nvc0_get_sample_locations, ms2 and ms8, stored from the pixel's
 * corner in 0..15, so each is minus 8 here); 1x and 4x equal §7.4 and the
 * source has no 16x table (N351). */
static const spagm_sample_pos nv2[2] = {{-4, -4}, {4, 4}};
static const spagm_sample_pos nv8[8] = {{-7, -1}, {-3, -5}, {-5, 5}, {-1, 3},
                                        {1, -3},  {7, -7},  {3, 7},  {5, 1}};
static const spagm_sample_pos pos16[16] = {
    {1, 1},   {-1, -3}, {-3, 2}, {4, -1}, {-5, -2}, {2, 5},
    {5, 3},   {3, -5},  {-2, 6}, {0, -7}, {-4, -6}, {-6, 4},
    {-8, 0},  {7, -4},  {6, 7},  {-7, -8}};

int spagm__pix_samples_valid(unsigned samples) {
  /* PIXLD.txt: up to 16xAA; raster modes are powers of two. */
  return samples == 1 || samples == 2 || samples == 4 || samples == 8 ||
         samples == 16;
}

const spagm_sample_pos *spagm__pix_standard_table(spagm_pix_sample_order order,
                                                  unsigned samples) {
  bool nv = order == SPAGM_PIX_ORDER_NVIDIA;
  switch (samples) {
    case 1: return pos1;
    case 2: return nv ? nv2 : pos2;
    case 4: return pos4;
    case 8: return nv ? nv8 : pos8;
    default: return pos16;
  }
}

spagm_status spagm_pix_standard_position(unsigned samples, unsigned index,
                                         spagm_sample_pos *pos, spagm_diag *d) {
  return spagm_pix_standard_position_in(SPAGM_PIX_ORDER_D3D, samples, index,
                                        pos, d);
}

spagm_status spagm_pix_standard_position_in(spagm_pix_sample_order order,
                                            unsigned samples, unsigned index,
                                            spagm_sample_pos *pos,
                                            spagm_diag *d) {
  if (!pos)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "spagm_pix_standard_position: pos is NULL");
  if (order != SPAGM_PIX_ORDER_D3D && order != SPAGM_PIX_ORDER_NVIDIA)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "sample order %d is neither D3D (0) nor NVIDIA (1)",
                          (int)order);
  if (!spagm__pix_samples_valid(samples))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "sample count %u is not 1, 2, 4, 8 or 16", samples);
  if (index >= samples)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "sample index %u is not below the sample count %u",
                          index, samples);
  *pos = spagm__pix_standard_pos(order, samples, index);
  return SPAGM_OK;
}
