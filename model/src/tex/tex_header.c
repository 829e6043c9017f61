// SPDX-License-Identifier: Apache-2.0
/* Texture headers (TIC): the 32-byte Maxwell layout of DESIGN §7.5 and the
 * public class header clb197tex, packed and unpacked field by field, and
 * their place in the header pool (N60). Bit positions count from bit 0 of
 * byte 0; the header is eight little-endian 32-bit words. */
#include <string.h>

#include "core/model_internal.h"

/* [hi:lo] of a field; no field crosses a 32-bit word. */
typedef struct field {
  uint8_t hi, lo;
} field;

static const field F_COMPONENTS = {6, 0};
static const field F_DATA_TYPE[4] = {{9, 7}, {12, 10}, {15, 13}, {18, 16}};
static const field F_SOURCE[4] = {{21, 19}, {24, 22}, {27, 25}, {30, 28}};
static const field F_BL_ADDR_31_9 = {63, 41};    /* block-linear address[31:9] */
static const field F_PITCH_ADDR_31_5 = {63, 37}; /* pitch address[31:5] */
static const field F_ADDR_47_32 = {79, 64};
static const field F_HEADER_VERSION = {87, 85};
static const field F_GOBS_PER_BLOCK_HEIGHT = {101, 99};
static const field F_GOBS_PER_BLOCK_DEPTH = {104, 102};
static const field F_PITCH_20_5 = {111, 96};
static const field F_MAX_MIP_LEVEL = {127, 124};
static const field F_WIDTH_MINUS_ONE = {143, 128};
static const field F_SRGB = {150, 150};
static const field F_TEXTURE_TYPE = {154, 151};
static const field F_HEIGHT_MINUS_ONE = {175, 160};
static const field F_DEPTH_MINUS_ONE = {189, 176};
static const field F_VIEW_MIN_LEVEL = {227, 224};
static const field F_VIEW_MAX_LEVEL = {231, 228};
static const field F_MULTI_SAMPLE_COUNT = {235, 232};

static uint32_t mask_of(field f) {
  unsigned n = f.hi - f.lo + 1u;
  return n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
}

static uint32_t get(const uint32_t w[8], field f) {
  return (w[f.lo / 32] >> (f.lo % 32)) & mask_of(f);
}

static void put(uint32_t w[8], field f, uint32_t v) {
  w[f.lo / 32] |= (v & mask_of(f)) << (f.lo % 32);
}

static bool fits(field f, uint64_t v) { return v <= mask_of(f); }

void spagm_tic_init(spagm_tic *t) {
  if (!t) return;
  memset(t, 0, sizeof *t);
  t->components = SPAGM_TEXFMT_A8B8G8R8;
  for (unsigned c = 0; c < 4; c++) {
    t->data_type[c] = SPAGM_TEXDT_UNORM;
    t->source[c] = SPAGM_TEXSRC_R + c;
  }
  t->layout = SPAGM_TEXLAYOUT_BLOCKLINEAR;
  t->width = t->height = t->depth = 1;
  t->type = SPAGM_TEXTYPE_2D;
  t->msaa = SPAGM_TEXMS_1X1;
}

/* Range check of one field for encode. */
#define CHECK(cond, ...)                                         \
  do {                                                           \
    if (!(cond)) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, __VA_ARGS__); \
  } while (0)

/* Format words: components, data type and swizzle source of R, G, B, A. */
static spagm_status check_format(const spagm_tic *t, spagm_diag *d) {
  CHECK(fits(F_COMPONENTS, t->components), "components 0x%x does not fit [6:0]",
        t->components);
  for (unsigned c = 0; c < 4; c++) {
    CHECK(fits(F_DATA_TYPE[c], t->data_type[c]),
          "data type %u of component %u does not fit 3 bits", t->data_type[c], c);
    CHECK(fits(F_SOURCE[c], t->source[c]),
          "swizzle source %u of component %u does not fit 3 bits", t->source[c], c);
  }
  return SPAGM_OK;
}

/* Memory: layout (HEADER_VERSION), address and its alignment, then the
 * pitch or the block shape the layout uses. */
static spagm_status check_memory(const spagm_tic *t, spagm_diag *d) {
  CHECK(fits(F_HEADER_VERSION, t->layout), "layout %u does not fit [87:85]",
        t->layout);
  CHECK(t->address < SPAGM_TEX_VA_LIMIT, "address 0x%llx is not below 2^48",
        (unsigned long long)t->address);
  bool pitch = t->layout == SPAGM_TEXLAYOUT_PITCH;
  unsigned align = pitch ? 32u : 512u;
  CHECK(t->address % align == 0,
        "address 0x%llx of a %s texture must be a multiple of %u",
        (unsigned long long)t->address, pitch ? "pitch" : "block-linear", align);
  if (pitch)
    CHECK(t->pitch % 32u == 0 && t->pitch < (1u << 21),
          "pitch %u must be a multiple of 32 below 2^21", t->pitch);
  else
    CHECK(t->block_height_log2 <= 7 && t->block_depth_log2 <= 7,
          "block height/depth log2 %u/%u do not fit 3 bits",
          t->block_height_log2, t->block_depth_log2);
  return SPAGM_OK;
}

/* Shape: mip levels, sizes, type, view levels and MSAA mode. */
static spagm_status check_shape(const spagm_tic *t, spagm_diag *d) {
  CHECK(fits(F_MAX_MIP_LEVEL, t->max_mip_level), "max_mip_level %u > 15",
        t->max_mip_level);
  CHECK(t->width >= 1 && t->width - 1u <= mask_of(F_WIDTH_MINUS_ONE),
        "width %u outside 1..65536", t->width);
  CHECK(t->height >= 1 && t->height - 1u <= mask_of(F_HEIGHT_MINUS_ONE),
        "height %u outside 1..65536", t->height);
  CHECK(t->depth >= 1 && t->depth - 1u <= mask_of(F_DEPTH_MINUS_ONE),
        "depth %u outside 1..16384", t->depth);
  CHECK(fits(F_TEXTURE_TYPE, t->type), "texture type %u does not fit 4 bits",
        t->type);
  CHECK(fits(F_VIEW_MIN_LEVEL, t->view_min_level) &&
            fits(F_VIEW_MAX_LEVEL, t->view_max_level),
        "view levels %u..%u do not fit 4 bits", t->view_min_level,
        t->view_max_level);
  CHECK(fits(F_MULTI_SAMPLE_COUNT, t->msaa), "MSAA mode %u does not fit 4 bits",
        t->msaa);
  return SPAGM_OK;
}

/* Every field into its bits of the eight words (already range-checked). */
static void pack_words(const spagm_tic *t, uint32_t w[8]) {
  put(w, F_COMPONENTS, t->components);
  for (unsigned c = 0; c < 4; c++) {
    put(w, F_DATA_TYPE[c], t->data_type[c]);
    put(w, F_SOURCE[c], t->source[c]);
  }
  if (t->layout == SPAGM_TEXLAYOUT_PITCH) {
    put(w, F_PITCH_ADDR_31_5, (uint32_t)(t->address >> 5));
    put(w, F_PITCH_20_5, t->pitch >> 5);
  } else {
    put(w, F_BL_ADDR_31_9, (uint32_t)(t->address >> 9));
    put(w, F_GOBS_PER_BLOCK_HEIGHT, t->block_height_log2);
    put(w, F_GOBS_PER_BLOCK_DEPTH, t->block_depth_log2);
  }
  put(w, F_ADDR_47_32, (uint32_t)(t->address >> 32));
  put(w, F_HEADER_VERSION, t->layout);
  put(w, F_MAX_MIP_LEVEL, t->max_mip_level);
  put(w, F_WIDTH_MINUS_ONE, t->width - 1u);
  put(w, F_SRGB, t->srgb ? 1u : 0u);
  put(w, F_TEXTURE_TYPE, t->type);
  put(w, F_HEIGHT_MINUS_ONE, t->height - 1u);
  put(w, F_DEPTH_MINUS_ONE, t->depth - 1u);
  put(w, F_VIEW_MIN_LEVEL, t->view_min_level);
  put(w, F_VIEW_MAX_LEVEL, t->view_max_level);
  put(w, F_MULTI_SAMPLE_COUNT, t->msaa);
}

spagm_status spagm_tic_encode(const spagm_tic *t, uint8_t out[32],
                              spagm_diag *d) {
  if (!t || !out) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL argument");
  spagm_status s = check_format(t, d);
  if (s == SPAGM_OK) s = check_memory(t, d);
  if (s == SPAGM_OK) s = check_shape(t, d);
  if (s != SPAGM_OK) return s;
  uint32_t w[8] = {0};
  pack_words(t, w);
  for (unsigned i = 0; i < 8; i++)
    for (unsigned b = 0; b < 4; b++) out[4 * i + b] = (uint8_t)(w[i] >> (8 * b));
  return SPAGM_OK;
}

spagm_status spagm_tic_decode(const uint8_t in[32], spagm_tic *t) {
  if (!in || !t) return SPAGM_E_ARG;
  uint32_t w[8];
  for (unsigned i = 0; i < 8; i++)
    w[i] = (uint32_t)in[4 * i] | (uint32_t)in[4 * i + 1] << 8 |
           (uint32_t)in[4 * i + 2] << 16 | (uint32_t)in[4 * i + 3] << 24;
  memset(t, 0, sizeof *t);
  t->components = get(w, F_COMPONENTS);
  for (unsigned c = 0; c < 4; c++) {
    t->data_type[c] = get(w, F_DATA_TYPE[c]);
    t->source[c] = get(w, F_SOURCE[c]);
  }
  t->layout = get(w, F_HEADER_VERSION);
  uint64_t high = (uint64_t)get(w, F_ADDR_47_32) << 32;
  if (t->layout == SPAGM_TEXLAYOUT_PITCH) {
    t->address = high | (uint64_t)get(w, F_PITCH_ADDR_31_5) << 5;
    t->pitch = get(w, F_PITCH_20_5) << 5;
  } else {
    /* Every other header version is read with the block-linear fields. */
    t->address = high | (uint64_t)get(w, F_BL_ADDR_31_9) << 9;
    t->block_height_log2 = get(w, F_GOBS_PER_BLOCK_HEIGHT);
    t->block_depth_log2 = get(w, F_GOBS_PER_BLOCK_DEPTH);
  }
  t->max_mip_level = get(w, F_MAX_MIP_LEVEL);
  t->width = get(w, F_WIDTH_MINUS_ONE) + 1u;
  t->srgb = get(w, F_SRGB) != 0;
  t->type = get(w, F_TEXTURE_TYPE);
  t->height = get(w, F_HEIGHT_MINUS_ONE) + 1u;
  t->depth = get(w, F_DEPTH_MINUS_ONE) + 1u;
  t->view_min_level = get(w, F_VIEW_MIN_LEVEL);
  t->view_max_level = get(w, F_VIEW_MAX_LEVEL);
  t->msaa = get(w, F_MULTI_SAMPLE_COUNT);
  return SPAGM_OK;
}

/* N60: header i lives at pool_base + 32 i (mod 2^48, N61). */
static uint64_t header_va(const spagm_tex_state *s, uint32_t index) {
  return (s->pool_base + (uint64_t)index * SPAGM_TEX_HEADER_BYTES) &
         (SPAGM_TEX_VA_LIMIT - 1u);
}

spagm_status spagm_tex_set_header(spagm_model *m, uint32_t index,
                                  const spagm_tic *t, spagm_diag *d) {
  if (!m || !t) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "NULL argument");
  if (index > SPAGM_TEX_HEADER_PTR_MASK)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "header index %u does not fit headerPtr[19:0]", index);
  uint8_t bytes[SPAGM_TEX_HEADER_BYTES];
  spagm_status st = spagm_tic_encode(t, bytes, d);
  if (st != SPAGM_OK) return st;
  st = spagm__tex_mem_write(&m->tex.mem, header_va(&m->tex, index), bytes,
                            sizeof bytes);
  if (st != SPAGM_OK)
    return spagm_diag_set(d, st, 0, 0, "out of memory writing header %u", index);
  return SPAGM_OK;
}

spagm_status spagm_tex_get_header(const spagm_model *m, uint32_t index,
                                  spagm_tic *t) {
  if (!m || !t || index > SPAGM_TEX_HEADER_PTR_MASK) return SPAGM_E_ARG;
  uint8_t bytes[SPAGM_TEX_HEADER_BYTES];
  spagm__tex_read_header(&m->tex, index, bytes);
  return spagm_tic_decode(bytes, t);
}

void spagm__tex_read_header(const spagm_tex_state *s, uint32_t index,
                            uint8_t out[32]) {
  /* The pool base is 32-byte aligned, so a header never runs past 2^48. */
  spagm__tex_mem_read(&s->mem, header_va(s, index), out, SPAGM_TEX_HEADER_BYTES);
}
