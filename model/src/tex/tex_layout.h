// SPDX-License-Identifier: Apache-2.0
/* Internal: where the texels of a texture live in texture memory —
 * pitch-linear and block-linear layouts with mip levels, slices, array
 * layers and multisample grids. The formulas are documented in
 * docs/texture-layout.md; this file and that page must agree. */
#ifndef SPAGM_TEX_LAYOUT_H
#define SPAGM_TEX_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "spagm/tex.h"
#include "tex/tex_format.h"

#define SPAGM_TEX_MAX_LEVELS 16u /* MAX_MIP_LEVEL is 4 bits */
#define SPAGM_TEX_GOB_BYTES_X 64u
#define SPAGM_TEX_GOB_ROWS 8u
#define SPAGM_TEX_GOB_BYTES 512u

/* One mip level of one layer. */
typedef struct spagm_tex_level {
  uint32_t w, h, d;      /* size in texels (pixels for multisample) */
  uint64_t row_bytes;    /* w * grid_w * texel bytes */
  uint32_t rows;         /* h * grid_h: rows of samples */
  uint8_t yl, zl;        /* block height/depth in GOBs, log2, for this level */
  uint64_t blocks_x;     /* blocks per row of blocks */
  uint64_t blocks_y;     /* rows of blocks per slice of blocks */
  uint64_t offset;       /* bytes from the start of the layer */
  uint64_t size;         /* bytes of the level, whole blocks */
} spagm_tex_level;

typedef struct spagm_tex_image {
  bool pitch;             /* pitch-linear (else block-linear) */
  uint64_t base;          /* byte address of level 0 of layer 0 */
  uint32_t pitch_bytes;   /* pitch-linear row stride */
  unsigned texel_bytes;
  unsigned dims;          /* coordinates of the texture type: 1, 2 or 3 */
  unsigned samples;       /* per pixel (R20) */
  unsigned grid_w, grid_h;/* sample grid of a pixel (R20, N64) */
  uint32_t layers;        /* array size, 1 for non-array textures */
  unsigned levels;        /* levels stored per layer */
  uint64_t layer_stride;  /* bytes from one layer to the next */
  spagm_tex_level level[SPAGM_TEX_MAX_LEVELS];
} spagm_tex_image;

/* Number of coordinates of a texture type (TLDS.txt #paramA): 1 for 1D
 * types, 3 for 3D, 2 otherwise. */
unsigned spagm__tex_type_dims(unsigned type);
/* Whether a texture type has array layers. */
bool spagm__tex_type_is_array(unsigned type);

/* Derive the layout of t whose texels are texel_bytes wide. Returns the
 * reason when the layout is outside the modelled subset (N62). */
spagm_tex_unsupported spagm__tex_image_init(spagm_tex_image *L,
                                             const spagm_tic *t,
                                             unsigned texel_bytes);

/* A texture's image computed once, for writing many of its texels: what
 * spagm_tex_texel_write does per texel without deriving the layout of every
 * level again each time (the stimulus's texture fill). */
typedef struct spagm_tex_writer {
  spagm_tex_image image;
} spagm_tex_writer;

/* The image of t, or the error spagm_tex_texel_write gives for t. */
spagm_status spagm__tex_writer_init(spagm_tex_writer *w, const spagm_tic *t, spagm_diag *d);
/* Where one texel of a writer's image lies, found once. */
typedef struct spagm_tex_texel_at {
  uint64_t xb;                  /* byte column of the texel's first byte */
  uint32_t ys, slice, layer;    /* sample row, slice and array layer */
  unsigned level;
} spagm_tex_texel_at;
/* The texel's place to *at and the address of its first byte to *va (when
 * va is not NULL): the checks and address of spagm_tex_texel_address. */
spagm_status spagm__tex_writer_at(const spagm_tex_writer *w, uint32_t x, uint32_t y,
                                  uint32_t z, unsigned level, unsigned sample,
                                  spagm_tex_texel_at *at, uint64_t *va, spagm_diag *d);
/* The texel's bytes written at a place writer_at found: the bytes of
 * spagm_tex_texel_write. */
spagm_status spagm__tex_writer_store(const spagm_tex_writer *w, spagm_model *m,
                                     const spagm_tex_texel_at *at, const void *bytes,
                                     spagm_diag *d);
/* spagm_tex_texel_write and spagm_tex_texel_address in one: the address of
 * the texel's first byte to *va (when va is not NULL), then its bytes
 * written (when m and bytes are not NULL); the same checks and bytes. */
spagm_status spagm__tex_writer_put(const spagm_tex_writer *w, spagm_model *m, uint32_t x,
                                   uint32_t y, uint32_t z, unsigned level, unsigned sample,
                                   const void *bytes, uint64_t *va, spagm_diag *d);

/* Offset of byte (x, y) inside a 64 B x 8 row GOB (DESIGN §7.5). */
static inline uint32_t spagm__tex_gob_offset(uint32_t x, uint32_t y) {
  return ((x % 64u) / 32u) * 256u + ((y % 8u) / 2u) * 64u +
         ((x % 32u) / 16u) * 32u + (y % 2u) * 16u + x % 16u;
}

/* Byte address (mod 2^48) of byte column xb of sample row y of slice z of
 * `level` of `layer`, for in-range arguments (the caller checks bounds).
 * Inline because TLDS calls it for every lane. docs/texture-layout.md
 * "Addresses". */
static inline uint64_t spagm__tex_image_byte(const spagm_tex_image *L,
                                             unsigned level, uint64_t xb,
                                             uint32_t y, uint32_t z,
                                             uint32_t layer) {
  const uint64_t va_mask = SPAGM_TEX_VA_LIMIT - 1u;
  const spagm_tex_level *lv = &L->level[level];
  if (L->pitch) return (L->base + (uint64_t)y * L->pitch_bytes + xb) & va_mask;
  unsigned yl = lv->yl, zl = lv->zl;
  uint64_t block_bytes = (uint64_t)SPAGM_TEX_GOB_BYTES << (yl + zl);
  /* Blocks run row-major in a slice of blocks, slices of blocks in z. */
  uint64_t block = ((uint64_t)(z >> zl) * lv->blocks_y + (y >> (3 + yl))) *
                       lv->blocks_x +
                   (xb >> 6);
  /* Inside a block GOBs stack in y, then in z. */
  uint64_t gob = ((uint64_t)(z & ((1u << zl) - 1u)) << yl) |
                 ((y >> 3) & ((1u << yl) - 1u));
  uint64_t off = (uint64_t)layer * L->layer_stride + lv->offset +
                 block * block_bytes + gob * SPAGM_TEX_GOB_BYTES +
                 spagm__tex_gob_offset((uint32_t)(xb & 63u), y & 7u);
  return (L->base + off) & va_mask;
}

#endif
