// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — texture-unit state API: constant banks, the texture header pool,
 * texture memory and the FP16 rounding mode (DESIGN §3 "texture" state).
 *
 * TLDS finds its texture like the hardware does (TLDS.txt):
 *   1. \#tsPtrIdxU13 indexes a 32-bit word of the selected constant bank;
 *      the word is samplerPtr[31:20] | headerPtr[19:0]; only headerPtr is used.
 *   2. headerPtr > MaximumIndex makes the texture invalid (R18: all zeros).
 *   3. The 32-byte texture header (TIC, Maxwell layout, DESIGN §7.5) is read
 *      from texture memory at pool_base + 32 * headerPtr, so a testbench can
 *      load the header pool and images of a real driver unchanged (N60).
 *   4. Texels are read from texture memory at the header's address, laid out
 *      pitch-linear or block-linear (docs/texture-layout.md).
 * Texture memory is sparse and addressed by 48-bit GPU virtual addresses;
 * memory never written reads as 0 (N61).
 *
 * Every setter has a getter so a testbench can enumerate the whole state and
 * load the same state into RTL. All functions taking a model return
 * SPAGM_E_ARG for a NULL model or pointer argument.
 *
 * Example (examples/api/tex.c, run by the test api_example.tex): a texture
 * set up as a driver does: header pool, constant-bank word, TIC header,
 * texels.
 * \snippet examples/api/tex.c tex_texture
 */
#ifndef SPAGM_TEX_H
#define SPAGM_TEX_H

#include <stdbool.h>
#include <stddef.h>
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

/* ---- Sizes -------------------------------------------------------------- */

#define SPAGM_TEX_CBANKS 18u           /**< constant banks c0..c17 */
#define SPAGM_TEX_CBANK_WORDS 8192u    /**< words \#tsPtrIdxU13 can reach (13 bits) */
#define SPAGM_TEX_HEADER_BYTES 32u     /**< one TIC entry */
#define SPAGM_TEX_HEADER_PTR_MASK 0xFFFFFu /**< headerPtr = entry[19:0] */
#define SPAGM_TEX_VA_BITS 48u          /**< texture memory address width */
#define SPAGM_TEX_VA_LIMIT (1ull << 48) /**< first address past memory */
#define SPAGM_TEX_PAGE_BYTES 4096u     /**< allocation unit of texture memory */

/* ---- FP16 rounding (the PRI SM_TEXIO_CONTROL_FP16_ROUNDING_MODE, R22) --- */

/** How TLDS.F16 rounds a 32-bit float to FP16 (R22). */
typedef enum spagm_fp16_round {

  SPAGM_FP16_RNE = 0, /**< round to nearest, ties to even (power-on) */
  SPAGM_FP16_RZ = 1   /**< round toward zero; overflow gives the largest finite */
} spagm_fp16_round;

/** Set the rounding mode of TLDS.F16. SPAGM_E_ARG for another value. */
spagm_status spagm_tex_set_fp16_round(spagm_model *m, spagm_fp16_round mode);
/** Current rounding mode (SPAGM_FP16_RNE for a NULL model). */
spagm_fp16_round spagm_tex_fp16_round(const spagm_model *m);

/* ---- Constant banks ----------------------------------------------------- */

/** Write word `index` (0..8191) of bank `bank` (0..17). A bank's storage is
 * allocated on its first write (SPAGM_E_NOMEM when that fails); words never
 * written read 0 (headerPtr 0). */
spagm_status spagm_tex_set_cbank_word(spagm_model *m, unsigned bank,
                                      unsigned index, uint32_t value);
/** Read word `index` of bank `bank` into *value. */
spagm_status spagm_tex_get_cbank_word(const spagm_model *m, unsigned bank,
                                      unsigned index, uint32_t *value);
/** Whether any word of `bank` was ever written since reset (false for a bad
 * bank number), so enumeration can skip untouched banks. */
bool spagm_tex_cbank_in_use(const spagm_model *m, unsigned bank);
/** Select the bank TLDS reads its header pointers from (the "bundle state";
 * power-on 0). SPAGM_E_ARG for bank >= SPAGM_TEX_CBANKS. */
spagm_status spagm_tex_select_cbank(spagm_model *m, unsigned bank);
/** The selected bank (0 for a NULL model). */
unsigned spagm_tex_selected_cbank(const spagm_model *m);

/* ---- Texture header pool (SetTexHeaderPoolC) ---------------------------- */

/** Place the header pool at byte address `base` of texture memory (must be
 * below 2^48 and 32-byte aligned) with MaximumIndex `max_index` (headerPtr
 * values above it are invalid textures, R18). Power-on: base 0,
 * max_index 0. */
spagm_status spagm_tex_set_header_pool(spagm_model *m, uint64_t base,
                                       uint32_t max_index);
/** Current pool base and MaximumIndex (either pointer may be NULL). */
spagm_status spagm_tex_get_header_pool(const spagm_model *m, uint64_t *base,
                                       uint32_t *max_index);

/* ---- Texture memory ----------------------------------------------------- */

/** Copy n bytes to texture memory at va. va + n must not pass 2^48
 * (SPAGM_E_ARG). Pages are allocated on write (SPAGM_E_NOMEM when that
 * fails; bytes before the failing page are written). */
spagm_status spagm_tex_mem_write(spagm_model *m, uint64_t va, const void *data,
                                 size_t n);
/** Copy n bytes of texture memory at va into data; unwritten bytes read 0. */
spagm_status spagm_tex_mem_read(const spagm_model *m, uint64_t va, void *data,
                                size_t n);
/** Enumerate allocated memory: fills va_out (when not NULL) with up to cap
 * page addresses (multiples of SPAGM_TEX_PAGE_BYTES) in ascending order and
 * returns the total number of allocated pages (0 for a NULL model). Bytes
 * outside the listed pages are 0. */
size_t spagm_tex_mem_pages(const spagm_model *m, uint64_t *va_out, size_t cap);

/* ---- Texture headers (TIC, DESIGN §7.5, public class header clb197tex) --- */

/** COMPONENTS [6:0]: the formats the model converts (R21). Other values make
 * a header "unsupported": TLDS then returns 0 marked don't-care (N62). */
typedef enum spagm_tex_components {
  SPAGM_TEXFMT_R32_G32_B32_A32 = 0x01,
  SPAGM_TEXFMT_R32_G32_B32 = 0x02,
  SPAGM_TEXFMT_R16_G16_B16_A16 = 0x03,
  SPAGM_TEXFMT_R32_G32 = 0x04,
  SPAGM_TEXFMT_A8B8G8R8 = 0x08,
  SPAGM_TEXFMT_A2B10G10R10 = 0x09,
  SPAGM_TEXFMT_R16_G16 = 0x0C,
  SPAGM_TEXFMT_R32 = 0x0F,
  SPAGM_TEXFMT_B5G6R5 = 0x15,
  SPAGM_TEXFMT_G8R8 = 0x18,
  SPAGM_TEXFMT_R16 = 0x1B,
  SPAGM_TEXFMT_R8 = 0x1D,
  SPAGM_TEXFMT_E5B9G9R9_SHAREDEXP = 0x20,
  SPAGM_TEXFMT_BF10GF11RF11 = 0x21
} spagm_tex_components;

/** Component data types (R/G/B/A_DATA_TYPE, 3 bits each). */
typedef enum spagm_tex_data_type {
  SPAGM_TEXDT_SNORM = 1,
  SPAGM_TEXDT_UNORM = 2,
  SPAGM_TEXDT_SINT = 3,
  SPAGM_TEXDT_UINT = 4,
  SPAGM_TEXDT_SNORM_FORCE_FP16 = 5, /**< not modelled: unsupported (N62) */
  SPAGM_TEXDT_UNORM_FORCE_FP16 = 6, /**< not modelled: unsupported (N62) */
  SPAGM_TEXDT_FLOAT = 7
} spagm_tex_data_type;

/** X/Y/Z/W_SOURCE: where each returned component comes from. */
typedef enum spagm_tex_source {
  SPAGM_TEXSRC_ZERO = 0,
  SPAGM_TEXSRC_R = 2,
  SPAGM_TEXSRC_G = 3,
  SPAGM_TEXSRC_B = 4,
  SPAGM_TEXSRC_A = 5,
  SPAGM_TEXSRC_ONE_INT = 6,  /**< integer 1 (0x00000001) */
  SPAGM_TEXSRC_ONE_FLOAT = 7 /**< 1.0f (0x3F800000) */
} spagm_tex_source;

/** HEADER_VERSION [87:85]: the memory layout. */
typedef enum spagm_tex_layout {
  SPAGM_TEXLAYOUT_PITCH = 2,
  SPAGM_TEXLAYOUT_BLOCKLINEAR = 3
} spagm_tex_layout;

/** TEXTURE_TYPE [154:151]. */
typedef enum spagm_tex_type {
  SPAGM_TEXTYPE_1D = 0,
  SPAGM_TEXTYPE_2D = 1,
  SPAGM_TEXTYPE_3D = 2,
  SPAGM_TEXTYPE_CUBE = 3,
  SPAGM_TEXTYPE_1D_ARRAY = 4,
  SPAGM_TEXTYPE_2D_ARRAY = 5,
  SPAGM_TEXTYPE_1D_BUFFER = 6,
  SPAGM_TEXTYPE_2D_NO_MIPMAP = 7,
  SPAGM_TEXTYPE_CUBE_ARRAY = 8
} spagm_tex_type;

/** MULTI_SAMPLE_COUNT [235:232] modes: samples and their storage grid. */
typedef enum spagm_tex_msaa {
  SPAGM_TEXMS_1X1 = 0,
  SPAGM_TEXMS_2X1 = 1,
  SPAGM_TEXMS_2X2 = 2,
  SPAGM_TEXMS_4X2 = 3,
  SPAGM_TEXMS_4X2_D3D = 4,
  SPAGM_TEXMS_2X1_D3D = 5,
  SPAGM_TEXMS_4X4 = 6,
  SPAGM_TEXMS_2X2_VC_4 = 8,
  SPAGM_TEXMS_2X2_VC_12 = 9,
  SPAGM_TEXMS_4X2_VC_8 = 10,
  SPAGM_TEXMS_4X2_VC_24 = 11
} spagm_tex_msaa;

/** The header fields the model uses, as numbers (sizes are the real sizes,
 * not the minus-one fields). spagm_tic_encode writes exactly these fields
 * and zeroes every other bit. */
typedef struct spagm_tic {
  unsigned components;     /**< spagm_tex_components, [6:0] */
  unsigned data_type[4];   /**< R, G, B, A: spagm_tex_data_type, 3 bits each */
  unsigned source[4];      /**< X, Y, Z, W: spagm_tex_source, 3 bits each */
  unsigned layout;         /**< spagm_tex_layout (HEADER_VERSION), 3 bits */
  uint64_t address;        /**< byte address: block-linear multiple of 512,
                              pitch multiple of 32; below 2^48 */
  uint32_t pitch;          /**< pitch layout: bytes per row, multiple of 32,
                              below 2^21; ignored for block-linear */
  unsigned block_height_log2; /**< block-linear: GOBs per block in y, log2 */
  unsigned block_depth_log2;  /**< block-linear: GOBs per block in z, log2 */
  unsigned max_mip_level;  /**< MAX_MIP_LEVEL, 0..15: levels in memory - 1 */
  uint32_t width;          /**< 1..65536 */
  uint32_t height;         /**< 1..65536 */
  uint32_t depth;          /**< 1..16384: depth (3D) or array size (arrays) */
  unsigned type;           /**< spagm_tex_type, 4 bits */
  bool srgb;               /**< S_R_G_B_CONVERSION [150] */
  unsigned view_min_level; /**< RES_VIEW_MIN_MIP_LEVEL, 0..15 */
  unsigned view_max_level; /**< RES_VIEW_MAX_MIP_LEVEL, 0..15 */
  unsigned msaa;           /**< spagm_tex_msaa, 4 bits */
} spagm_tic;

/** A 1x1 2D block-linear A8B8G8R8 UNORM texture at address 0 with swizzle
 * RGBA, one level, view 0..0, one sample. */
void spagm_tic_init(spagm_tic *t);
/** Pack t into the 32-byte little-endian header image. SPAGM_E_ARG (with a
 * diagnostic naming the field) when a field does not fit its bits or an
 * address/pitch is misaligned. */
spagm_status spagm_tic_encode(const spagm_tic *t, uint8_t out[32],
                              spagm_diag *d);
/** Unpack a 32-byte header image (fields the model does not use are
 * dropped). Never fails for non-NULL arguments. */
spagm_status spagm_tic_decode(const uint8_t in[32], spagm_tic *t);

/** Encode t and write it to texture memory at pool_base + 32 * index. */
spagm_status spagm_tex_set_header(spagm_model *m, uint32_t index,
                                  const spagm_tic *t, spagm_diag *d);
/** Read and decode the header at pool_base + 32 * index. */
spagm_status spagm_tex_get_header(const spagm_model *m, uint32_t index,
                                  spagm_tic *t);

/** Bytes of one texel of a supported format (4 for A8B8G8R8, 12 for
 * R32_G32_B32, ...), or 0 when the model does not support `components`. */
unsigned spagm_tex_texel_bytes(unsigned components);

/** Samples per pixel of an MSAA mode and their storage grid (R20, N64);
 * false for a reserved mode. Any output pointer may be NULL. */
bool spagm_tex_msaa_grid(unsigned msaa, unsigned *samples, unsigned *grid_w,
                         unsigned *grid_h);

/** Where texel (x, y, z) of level `level`, sample `sample` lives: z is the
 * slice of a 3D texture or the layer of an array texture (0 otherwise).
 * Uses the layout of docs/texture-layout.md (the same code TLDS uses).
 * SPAGM_E_ARG when the coordinate, level, layer or sample is out of range
 * for t or t's layout is not one the model supports; *va is then
 * unchanged. */
spagm_status spagm_tex_texel_address(const spagm_tic *t, uint32_t x,
                                     uint32_t y, uint32_t z, unsigned level,
                                     unsigned sample, uint64_t *va,
                                     spagm_diag *d);

/** Store texel (x, y, z) of `level`, sample `sample` of texture t: the
 * spagm_tex_texel_bytes(t->components) bytes in memory order, placed as
 * TLDS reads them (the three words of a 12-byte texel each on its own,
 * N75). Errors as spagm_tex_texel_address, or the memory write's when a
 * texel would pass 2^48 (spagm_tex_mem_write). */
spagm_status spagm_tex_texel_write(spagm_model *m, const spagm_tic *t,
                                   uint32_t x, uint32_t y, uint32_t z,
                                   unsigned level, unsigned sample,
                                   const void *bytes, spagm_diag *d);

/** Format conversion of one texel (R21) followed by the header's swizzle:
 * `bytes` holds spagm_tex_texel_bytes(t->components) bytes as stored in
 * memory; out[0..3] receive the X, Y, Z, W results as 32-bit patterns (fp32
 * or integer). SPAGM_E_ARG when the format, data types, sRGB flag or
 * swizzle are not supported (N62). */
spagm_status spagm_tex_convert_texel(const spagm_tic *t, const uint8_t *bytes,
                                     uint32_t out[4]);

/* ---- Number conversions used by TLDS (exposed for testbenches) ---------- */

/** fp32 bits -> fp16 bits with the given rounding (R22): NaN stays a quiet
 * NaN (sign kept, payload truncated, quiet bit set), denormal results are
 * kept, overflow gives infinity (RNE) or the largest finite value (RZ). */
uint16_t spagm_fp16_from_fp32(uint32_t f32, spagm_fp16_round mode);
/** fp16 bits -> fp32 bits, exact; a NaN becomes a quiet NaN with the same
 * sign and payload (R21, N66). */
uint32_t spagm_fp32_from_fp16(uint16_t h);

#ifdef __cplusplus
}
#endif
#endif
