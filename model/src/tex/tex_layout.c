// SPDX-License-Identifier: Apache-2.0
/* Texture layouts: pitch-linear and block-linear addressing
 * (docs/texture-layout.md; DESIGN §7.5; R20; N64, N65, N70, N76).
 *
 * Block-linear follows the public record of NVIDIA's layout (Mesa nouveau
 * "nil" image code): a GOB is 64 bytes x 8 rows; a block is one GOB wide and
 * 2^yl GOBs high and 2^zl GOBs deep, GOBs stacked in y, then z; blocks run
 * row-major, then by slice of blocks. Each level clamps the header's block
 * height/depth to the smallest power of two of GOBs that covers it; levels
 * follow each other inside a layer, and the layer stride is the sum of the
 * levels rounded up to a whole block of level 0. */
#include "tex/tex_layout.h"

#include <string.h>

#define VA_MASK (SPAGM_TEX_VA_LIMIT - 1u)

unsigned spagm__tex_type_dims(unsigned type) {
  switch (type) {
    case SPAGM_TEXTYPE_1D:
    case SPAGM_TEXTYPE_1D_ARRAY:
    case SPAGM_TEXTYPE_1D_BUFFER: return 1;
    case SPAGM_TEXTYPE_3D: return 3;
    default: return 2;
  }
}

bool spagm__tex_type_is_array(unsigned type) {
  return type == SPAGM_TEXTYPE_1D_ARRAY || type == SPAGM_TEXTYPE_2D_ARRAY ||
         type == SPAGM_TEXTYPE_CUBE_ARRAY;
}

bool spagm_tex_msaa_grid(unsigned msaa, unsigned *samples, unsigned *grid_w,
                         unsigned *grid_h) {
  /* R20: 1, 2, 4, 8, 16 samples in grids 1x1, 2x1, 2x2, 4x2, 4x4. The D3D
   * and virtual-coverage variants store the same grids (N64). */
  static const uint8_t grid[16][2] = {
      [SPAGM_TEXMS_1X1] = {1, 1},      [SPAGM_TEXMS_2X1] = {2, 1},
      [SPAGM_TEXMS_2X2] = {2, 2},      [SPAGM_TEXMS_4X2] = {4, 2},
      [SPAGM_TEXMS_4X2_D3D] = {4, 2},  [SPAGM_TEXMS_2X1_D3D] = {2, 1},
      [SPAGM_TEXMS_4X4] = {4, 4},      [SPAGM_TEXMS_2X2_VC_4] = {2, 2},
      [SPAGM_TEXMS_2X2_VC_12] = {2, 2}, [SPAGM_TEXMS_4X2_VC_8] = {4, 2},
      [SPAGM_TEXMS_4X2_VC_24] = {4, 2}};
  if (msaa >= 16 || grid[msaa][0] == 0) return false;
  if (grid_w) *grid_w = grid[msaa][0];
  if (grid_h) *grid_h = grid[msaa][1];
  if (samples) *samples = (unsigned)grid[msaa][0] * grid[msaa][1];
  return true;
}

static unsigned ceil_log2(uint64_t n) {
  unsigned l = 0;
  while ((1ull << l) < n) l++;
  return l;
}

static uint64_t div_ceil(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static uint32_t minify(uint32_t size, unsigned level) {
  uint32_t s = size >> level;
  return s ? s : 1u;
}

/* Sizes and block shape of one block-linear level (docs/texture-layout.md
 * "Levels"). */
static void block_linear_level(spagm_tex_level *lv, unsigned yl_max,
                               unsigned zl_max) {
  uint64_t gobs_y = div_ceil(lv->rows, SPAGM_TEX_GOB_ROWS);
  unsigned yl = ceil_log2(gobs_y), zl = ceil_log2(lv->d);
  lv->yl = (uint8_t)(yl < yl_max ? yl : yl_max);
  lv->zl = (uint8_t)(zl < zl_max ? zl : zl_max);
  lv->blocks_x = div_ceil(lv->row_bytes, SPAGM_TEX_GOB_BYTES_X);
  lv->blocks_y = div_ceil(lv->rows, (uint64_t)SPAGM_TEX_GOB_ROWS << lv->yl);
  uint64_t blocks_z = div_ceil(lv->d, 1ull << lv->zl);
  lv->size = lv->blocks_x * lv->blocks_y * blocks_z *
             ((uint64_t)SPAGM_TEX_GOB_BYTES << (lv->yl + lv->zl));
}

spagm_tex_unsupported spagm__tex_image_init(spagm_tex_image *L,
                                             const spagm_tic *t,
                                             unsigned texel_bytes) {
  memset(L, 0, sizeof *L);
  if (t->layout != SPAGM_TEXLAYOUT_PITCH &&
      t->layout != SPAGM_TEXLAYOUT_BLOCKLINEAR)
    return SPAGM_TEXU_LAYOUT;
  if (!spagm_tex_msaa_grid(t->msaa, &L->samples, &L->grid_w, &L->grid_h))
    return SPAGM_TEXU_MSAA;
  L->pitch = t->layout == SPAGM_TEXLAYOUT_PITCH;
  L->base = t->address & VA_MASK;
  L->pitch_bytes = t->pitch;
  L->texel_bytes = texel_bytes;
  L->dims = spagm__tex_type_dims(t->type);
  L->layers = spagm__tex_type_is_array(t->type) ? t->depth : 1u;
  /* N65: 2D_NO_MIPMAP stores level 0 only. */
  L->levels = t->type == SPAGM_TEXTYPE_2D_NO_MIPMAP ? 1u : t->max_mip_level + 1u;
  uint32_t height = L->dims >= 2 ? t->height : 1u; /* N65: 1D ignores height */
  uint32_t depth = L->dims == 3 ? t->depth : 1u;   /* slices of 3D only */

  if (L->pitch) {
    /* N70: a pitch texture is one 2D image: one level, one layer, one
     * slice, one sample. */
    L->samples = L->grid_w = L->grid_h = 1;
    L->layers = 1;
    L->levels = 1;
    spagm_tex_level *lv = &L->level[0];
    lv->w = t->width;
    lv->h = height;
    lv->d = 1;
    lv->row_bytes = (uint64_t)t->width * texel_bytes;
    lv->rows = height;
    return SPAGM_TEXU_NONE;
  }

  if (t->block_height_log2 > 5 || t->block_depth_log2 > 5)
    return SPAGM_TEXU_BLOCK;
  uint64_t offset = 0;
  for (unsigned l = 0; l < L->levels; l++) {
    spagm_tex_level *lv = &L->level[l];
    lv->w = minify(t->width, l);
    lv->h = minify(height, l);
    lv->d = minify(depth, l);
    lv->row_bytes = (uint64_t)lv->w * L->grid_w * texel_bytes;
    lv->rows = lv->h * L->grid_h;
    block_linear_level(lv, t->block_height_log2, t->block_depth_log2);
    lv->offset = offset;
    offset += lv->size;
  }
  /* Layers are aligned to one block of level 0. */
  uint64_t align = (uint64_t)SPAGM_TEX_GOB_BYTES
                   << (L->level[0].yl + L->level[0].zl);
  L->layer_stride = div_ceil(offset, align) * align;
  return SPAGM_TEXU_NONE;
}

/* The image of t, or SPAGM_E_ARG when t's format or layout is outside the
 * modelled subset. */
static spagm_status image_of(const spagm_tic *t, spagm_tex_image *L, spagm_diag *d) {
  if (!t) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL argument");
  unsigned bytes = spagm_tex_texel_bytes(t->components);
  if (bytes == 0)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "texture format 0x%02x is not supported", t->components);
  if (spagm__tex_image_init(L, t, bytes) != SPAGM_TEXU_NONE)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "texture layout (header version %u, MSAA mode %u, "
                          "block %u/%u) is not supported",
                          t->layout, t->msaa, t->block_height_log2,
                          t->block_depth_log2);
  return SPAGM_OK;
}

/* The byte column, row, slice and layer in image L of texel (x, y, z) of
 * `level`, sample `sample` (R20), or SPAGM_E_ARG. */
static spagm_status texel_place(const spagm_tex_image *L, uint32_t x, uint32_t y,
                                uint32_t z, unsigned level, unsigned sample,
                                uint64_t *xb, uint32_t *ys, uint32_t *slice,
                                uint32_t *layer, spagm_diag *d) {
  if (level >= L->levels)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "level %u >= %u levels stored", level, L->levels);
  const spagm_tex_level *lv = &L->level[level];
  uint32_t zmax = L->dims == 3 ? lv->d : L->layers;
  if (x >= lv->w || y >= lv->h || z >= zmax)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "texel (%u, %u, %u) outside %ux%ux%u at level %u", x,
                          y, z, lv->w, lv->h, zmax, level);
  if (sample >= L->samples)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "sample %u >= %u samples",
                          sample, L->samples);
  /* R20: sample s is sub-texel (s % grid_w, s / grid_w) of the pixel. */
  *xb = ((uint64_t)x * L->grid_w + sample % L->grid_w) * L->texel_bytes;
  *ys = y * L->grid_h + sample / L->grid_w;
  *slice = L->dims == 3 ? z : 0u;
  *layer = L->dims == 3 ? 0u : z;
  return SPAGM_OK;
}

spagm_status spagm_tex_texel_address(const spagm_tic *t, uint32_t x,
                                     uint32_t y, uint32_t z, unsigned level,
                                     unsigned sample, uint64_t *va,
                                     spagm_diag *d) {
  if (!va) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL argument");
  spagm_tex_image L;
  uint64_t xb = 0;
  uint32_t ys = 0, slice = 0, layer = 0;
  spagm_status st = image_of(t, &L, d);
  if (st == SPAGM_OK) st = texel_place(&L, x, y, z, level, sample, &xb, &ys, &slice, &layer, d);
  if (st == SPAGM_OK) *va = spagm__tex_image_byte(&L, level, xb, ys, slice, layer);
  return st;
}

spagm_status spagm__tex_writer_init(spagm_tex_writer *w, const spagm_tic *t, spagm_diag *d) {
  if (!w) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL argument");
  return image_of(t, &w->image, d);
}

spagm_status spagm__tex_writer_at(const spagm_tex_writer *w, uint32_t x, uint32_t y,
                                  uint32_t z, unsigned level, unsigned sample,
                                  spagm_tex_texel_at *at, uint64_t *va, spagm_diag *d) {
  const spagm_tex_image *L = &w->image;
  at->xb = 0;
  at->ys = at->slice = at->layer = 0;
  at->level = level;
  spagm_status st =
      texel_place(L, x, y, z, level, sample, &at->xb, &at->ys, &at->slice, &at->layer, d);
  if (st != SPAGM_OK) return st;
  if (va) *va = spagm__tex_image_byte(L, level, at->xb, at->ys, at->slice, at->layer);
  return SPAGM_OK;
}

spagm_status spagm__tex_writer_store(const spagm_tex_writer *w, spagm_model *m,
                                     const spagm_tex_texel_at *at, const void *bytes,
                                     spagm_diag *d) {
  const spagm_tex_image *L = &w->image;
  unsigned n = L->texel_bytes;
  spagm_status st = SPAGM_OK;
  /* N75: the three words of a 12-byte texel are placed one by one, as TLDS
   * reads them; wider and narrower texels sit in one 16-byte unit. */
  unsigned piece = n == 12 ? 4u : n;
  for (unsigned off = 0; off < n && st == SPAGM_OK; off += piece) {
    uint64_t a = spagm__tex_image_byte(L, at->level, at->xb + off, at->ys, at->slice, at->layer);
    st = spagm_tex_mem_write(m, a, (const uint8_t *)bytes + off, piece);
  }
  if (st != SPAGM_OK)
    return spagm_diag_set(d, st, 0, 0, "texel at byte column %llu of level %u not stored",
                          (unsigned long long)at->xb, at->level);
  return SPAGM_OK;
}

spagm_status spagm__tex_writer_put(const spagm_tex_writer *w, spagm_model *m, uint32_t x,
                                   uint32_t y, uint32_t z, unsigned level, unsigned sample,
                                   const void *bytes, uint64_t *va, spagm_diag *d) {
  spagm_tex_texel_at at;
  spagm_status st = spagm__tex_writer_at(w, x, y, z, level, sample, &at, va, d);
  if (st != SPAGM_OK) return st;
  if (!m || !bytes) return SPAGM_OK; /* the address only */
  st = spagm__tex_writer_store(w, m, &at, bytes, NULL);
  if (st != SPAGM_OK)
    return spagm_diag_set(d, st, 0, 0, "texel (%u, %u, %u) not stored", x, y, z);
  return SPAGM_OK;
}

spagm_status spagm_tex_texel_write(spagm_model *m, const spagm_tic *t,
                                   uint32_t x, uint32_t y, uint32_t z,
                                   unsigned level, unsigned sample,
                                   const void *bytes, spagm_diag *d) {
  if (!m || !bytes) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL argument");
  spagm_tex_writer w;
  spagm_status st = spagm__tex_writer_init(&w, t, d);
  if (st != SPAGM_OK) return st;
  return spagm__tex_writer_put(&w, m, x, y, z, level, sample, bytes, NULL, d);
}
