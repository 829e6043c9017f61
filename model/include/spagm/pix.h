// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — pixel-unit state: the raster configuration PIXLD reads
 * (PIXLD.txt, DESIGN §3 "State", R13–R16).
 *
 * The raster configuration is model state, not part of a transaction: it is
 * loaded identically into the model and the RTL before traffic. It holds
 *   - the raster sample count (1, 2, 4, 8 or 16). With target-independent
 *     rasterization it may differ from the render target's sample count
 *     (PIXLD.txt .MSCOUNT), so it is set here and not derived from a texture;
 *   - the sample-position mode: the standard positions of DESIGN §7.4 or a
 *     programmable table of 16 signed 4-bit (x, y) pairs;
 *   - whether the shader runs in SSAA mode (per-sample invocation, .MY_INDEX).
 * Per-pixel data (coverage mask, SSAA sample index) travels in each request's
 * thread context (txn.h), not here.
 *
 *   - two configuration choices where the compilers that target this hardware
 *     read the architecture otherwise than the spec pages (spec-notes
 *     N350-N352): the word format of .OFFSET / .CENTROID_OFFSET and the order
 *     of the standard sample positions.
 *
 * After spagm_model_new / spagm_model_reset: 1 sample, standard positions, a
 * programmable table of (0, 0) pairs, SSAA off, offsets in sixteenths
 * (PIXLD.txt), the D3D sample order (DESIGN §7.4).
 *
 * Every function returns SPAGM_E_ARG for a NULL model or output pointer and
 * for out-of-range values, and then fills d (optional, may be NULL) with the
 * reason; the model is left unchanged by a failing setter.
 *
 * Example (examples/api/pix.c, run by the test api_example.pix): a 4xAA
 * raster configuration and the sample positions PIXLD.OFFSET returns for it.
 * \snippet examples/api/pix.c pix_raster
 */
#ifndef SPAGM_PIX_H
#define SPAGM_PIX_H

#include <stdbool.h>
#include <stdint.h>

#include "spagm/model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Pointer arguments: no function declared here dereferences a
 * NULL pointer. A NULL for a required pointer gives SPAGM_E_ARG from a
 * function returning spagm_status, NULL from one returning a pointer, false
 * from one returning bool, 0 (or a fixed text) from one returning a number
 * or a name, and nothing at all from a void function. spagm_diag *d and
 * spagm_explain *ex are optional wherever they appear (NULL: not wanted),
 * as are outputs whose comment says so. tests/model/api_null_test.cpp calls
 * every function with NULL for each pointer. */

#define SPAGM_PIX_MAX_SAMPLES 16 /**< 16xAA is the largest raster mode */
#define SPAGM_PIX_POS_MIN (-8)   /**< sample offsets are signed 4-bit ... */
#define SPAGM_PIX_POS_MAX 7      /**< ... in 1/16 pixel (PIXLD.txt .OFFSET) */

/** Where sample positions come from. */
typedef enum spagm_pix_positions {
  SPAGM_PIX_POSITIONS_STANDARD = 0,    /**< DESIGN §7.4 tables */
  SPAGM_PIX_POSITIONS_PROGRAMMABLE = 1 /**< spagm_raster_config.table */
} spagm_pix_positions;

/** Word format of PIXLD.OFFSET / .CENTROID_OFFSET (spec-notes N350). Each
 * 16-bit half (dx [15:0], dy [31:16]) holds the offset either as PIXLD.txt
 * states it, signed sixteenths of a pixel, or as IPA.OFFSET's S0.12 operand
 * reads it in the public compilers, sixteenths shifted left by 8. */
typedef enum spagm_pix_offset_format {
  SPAGM_PIX_OFFSET_SIXTEENTHS = 0, /**< (+4, +4) -> 0x00040004 (PIXLD.txt) */
  SPAGM_PIX_OFFSET_S012 = 1        /**< (+4, +4) -> 0x04000400 (S0.12) */
} spagm_pix_offset_format;

/** Order of the standard sample positions (spec-notes N351): the same
 * positions, numbered as DESIGN §7.4 (the D3D order) or as NVIDIA's default
 * mode numbers them (2x reversed, 8x permuted; 1x, 4x and 16x unchanged). */
typedef enum spagm_pix_sample_order {
  SPAGM_PIX_ORDER_D3D = 0,   /**< DESIGN §7.4 */
  SPAGM_PIX_ORDER_NVIDIA = 1 /**< NVIDIA's default mode */
} spagm_pix_sample_order;

/** One sample position in 1/16 pixel relative to the pixel centre; x grows to
 * the right, y downwards (the convention of the §7.4 tables). Each value is
 * in SPAGM_PIX_POS_MIN..SPAGM_PIX_POS_MAX. */
typedef struct spagm_sample_pos {
  int8_t x; /**< 1/16 pixel to the right of the centre */
  int8_t y; /**< 1/16 pixel below the centre */
} spagm_sample_pos;


/** The whole raster configuration, as the co-simulation loads it into RTL. */
typedef struct spagm_raster_config {
  uint8_t samples;                 /**< 1, 2, 4, 8 or 16 */
  spagm_pix_positions positions;   /**< standard or programmable */
  /** Programmable positions by sample index; sample i of a pixel with n
   * samples uses table[i] (i < n). Kept, but unused, while positions is
   * STANDARD. */
  spagm_sample_pos table[SPAGM_PIX_MAX_SAMPLES];
  bool ssaa;                       /**< SSAA (per-sample shading) mode */
  spagm_pix_offset_format offset_format; /**< .OFFSET word format (N350) */
  spagm_pix_sample_order order;          /**< standard position order (N351) */
} spagm_raster_config;

/** Raster sample count: 1, 2, 4, 8 or 16, anything else is SPAGM_E_ARG. */
spagm_status spagm_pix_set_samples(spagm_model *m, unsigned samples,
                                   spagm_diag *d);
/** Current raster sample count into *samples. */
spagm_status spagm_pix_get_samples(const spagm_model *m, unsigned *samples,
                                   spagm_diag *d);

/** Use the standard positions of DESIGN §7.4 (the programmable table is
 * kept). */
spagm_status spagm_pix_set_standard_positions(spagm_model *m, spagm_diag *d);
/** Use programmable positions: table holds 16 (x, y) pairs by sample index,
 * each coordinate in -8..7 (signed 4-bit, 1/16 pixel). SPAGM_E_ARG for a NULL
 * table or a coordinate out of range (d names the entry). */
spagm_status spagm_pix_set_programmable_positions(
    spagm_model *m, const spagm_sample_pos table[SPAGM_PIX_MAX_SAMPLES],
    spagm_diag *d);

/// @{
/** SSAA mode on (true) or off. */
spagm_status spagm_pix_set_ssaa(spagm_model *m, bool on, spagm_diag *d);
spagm_status spagm_pix_get_ssaa(const spagm_model *m, bool *on,
                                spagm_diag *d);
/// @}

/// @{
/** Word format of .OFFSET / .CENTROID_OFFSET; a value that is not a
 * spagm_pix_offset_format is SPAGM_E_ARG. */
spagm_status spagm_pix_set_offset_format(spagm_model *m,
                                         spagm_pix_offset_format format,
                                         spagm_diag *d);
spagm_status spagm_pix_get_offset_format(const spagm_model *m,
                                         spagm_pix_offset_format *format,
                                         spagm_diag *d);
/// @}

/// @{
/** Order of the standard sample positions; a value that is not a
 * spagm_pix_sample_order is SPAGM_E_ARG. */
spagm_status spagm_pix_set_sample_order(spagm_model *m,
                                        spagm_pix_sample_order order,
                                        spagm_diag *d);
spagm_status spagm_pix_get_sample_order(const spagm_model *m,
                                        spagm_pix_sample_order *order,
                                        spagm_diag *d);
/// @}

/** Copy of the whole raster configuration. */
spagm_status spagm_pix_get_config(const spagm_model *m,
                                  spagm_raster_config *cfg, spagm_diag *d);
/** Replace the whole raster configuration after checking every field (sample
 * count, positions enum, every table coordinate, offset format, sample
 * order); on error nothing changes. */
spagm_status spagm_pix_set_config(spagm_model *m,
                                  const spagm_raster_config *cfg,
                                  spagm_diag *d);

/** Standard position (DESIGN §7.4) of sample `index` of a pixel with
 * `samples` samples (1, 2, 4, 8 or 16). SPAGM_E_ARG for another count or an
 * index >= samples. Needs no model: the tables are architectural constants. */
spagm_status spagm_pix_standard_position(unsigned samples, unsigned index,
                                         spagm_sample_pos *pos, spagm_diag *d);
/** The same in either order (spagm_pix_sample_order); SPAGM_E_ARG also for
 * an order that is neither. */
spagm_status spagm_pix_standard_position_in(spagm_pix_sample_order order,
                                            unsigned samples, unsigned index,
                                            spagm_sample_pos *pos,
                                            spagm_diag *d);

/** A sample offset packed the way PIXLD.OFFSET / .CENTROID_OFFSET return it
 * and IPA accepts it: dx sign-extended to 16 bits in [15:0], dy in [31:16]
 * (DESIGN §7.4). */
static inline uint32_t spagm_pix_pack_offset(int dx, int dy) {
  return (uint32_t)(uint16_t)(int16_t)dx |
         (uint32_t)(uint16_t)(int16_t)dy << 16;
}

/** The same in either word format: SPAGM_PIX_OFFSET_S012 multiplies each
 * offset by 256 before packing (1/16 pixel is 256/4096), so (-4, 4) packs as
 * 0x0400FC00 (N350); any other format value packs sixteenths. */
static inline uint32_t spagm_pix_pack_offset_as(spagm_pix_offset_format format,
                                                int dx, int dy) {
  int scale = format == SPAGM_PIX_OFFSET_S012 ? 256 : 1;
  return spagm_pix_pack_offset(dx * scale, dy * scale);
}

#ifdef __cplusplus
}
#endif
#endif
