// SPDX-License-Identifier: Apache-2.0
/* Internal: the generator context and the per-unit generators (stim_*.c). */
#ifndef SPAGM_STIM_INTERNAL_H
#define SPAGM_STIM_INTERNAL_H

#include "spagm/stim/rng.h"
#include "spagm/spagm.h"
#include "spagm/stim/stim.h"

/* Corner tables (docs/stimulus.md): one per unit, in stim_corners.c. A
 * unit's generator draws a bounded field through spagm__stim_corner over
 * the field's contiguous entries and counts each corner drawn. */
#define STIM_MAX_CORNERS 64u
typedef struct stim_corners {
  const spagm_stim_corner *t;
  uint64_t *hits; /* spagm_stim.hits[unit] */
  /* cum[i] = weight of entries [0, i), so a field's draw needs no
   * walk of its entries when it lands in the field's uniform rest. */
  uint32_t cum[STIM_MAX_CORNERS + 1];
} stim_corners;
extern const spagm_stim_corner spagm__stim_attr_corners[];
extern const spagm_stim_corner spagm__stim_pix_corners[];
extern const spagm_stim_corner spagm__stim_tex_corners[];
/* Lane-mask corners, the first four entries of every unit's table. */
enum { SC_MASK_ALL, SC_MASK_NONE, SC_MASK_ONE, SC_MASK_ALL_BUT_ONE, SC_MASK_N };
/* Corner entries of each unit (after the lane mask), in table order. */
enum {
  AC_VTX_FIRST = SC_MASK_N, AC_VTX_LAST, AC_VTX_INVALID,
  AC_ADDR_FIRST, AC_ADDR_LAST, AC_ADDR_VEC_LAST, AC_ADDR_VEC_INVALID,
  AC_PATCH_FIRST, AC_PATCH_LAST, AC_PATCH_INVALID, AC_PATCH_BELOW,
  AC_GS_FIRST, AC_GS_LAST, AC_GS_INVALID,
  AC_ISBE_FIRST, AC_ISBE_LAST, AC_ISBE_INVALID,
  AC_ISBE_END_LAST, AC_ISBE_END_PAST, AC_ISBE_END_TOP,
  AC_STREQ_POINT, AC_STREQ_END_OMAP_FIRST, AC_STREQ_END_OMAP_LAST, AC_STREQ_START_OMAP_LAST,
  AC_STREQ_END_TOP, AC_STREQ_FROM_ZERO, AC_STREQ_START_POWER_ON,
  AC_GS_LIMIT, AC_GS_WORD_LAST, AC_GS_WORD_INVALID,
  AC_ILLEGAL_WRITES,
  AC_LOAD_POWER_ON,
  AC_MAP_ALL, AC_MAP_ONE_OUTPUT, AC_MAP_UPPER_HALF,
  AC_LOAD_TWICE, AC_LOAD_AFTER_CLEAR,
  AC_GS_MAX_POWER_ON,
  AC_GUARD,
  AC_IMM_END,
  AC_AST_OUT,
  AC_N
};
enum {
  PC_COV_ALL = SC_MASK_N, PC_COV_NONE, PC_COV_ALL_BUT_ONE, PC_COV_ONE,
  PC_SAMPLE_FIRST, PC_SAMPLE_LAST, PC_SAMPLE_INVALID,
  PC_INDEX_FIRST, PC_INDEX_LAST, PC_INDEX_INVALID,
  PC_LOAD_POWER_ON,
  PC_ILLEGAL_WRITES,
  PC_OFFSET_S012,
  PC_ORDER_NVIDIA,
  PC_LOAD_REWRITE,
  PC_N
};
enum {
  TC_COORD_FIRST = SC_MASK_N, TC_COORD_LAST, TC_COORD_INVALID, TC_COORD_NEG,
  TC_LAYER_FIRST, TC_LAYER_LAST, TC_LAYER_INVALID,
  TC_LOD_FIRST, TC_LOD_LAST, TC_LOD_INVALID,
  TC_MS_FIRST, TC_MS_LAST, TC_MS_INVALID,
  TC_HDR_LAST, TC_HDR_INVALID,
  TC_F16_TIE_EVEN, TC_F16_TIE_ODD, TC_F16_MAX, TC_F16_TIE_ABOVE_MAX, TC_F16_MIN_NORMAL,
  TC_F16_MAX_SUBNORMAL,
  TC_F16_CONV_FIRST, /* stimulus 12: spagm_stim_f16_corner k is entry TC_F16_CONV_FIRST + k */
  TC_HDR_UNSUPPORTED = TC_F16_CONV_FIRST + SPAGM_STIM_F16_CORNERS,
  TC_REG_RB_RZ, TC_REG_RA_RZ, TC_REG_RB_NOT_RZ,
  TC_ILLEGAL_WRITES,
  TC_LOAD_POWER_ON,
  /* stimulus 14 (N516): header corners, drawn per header from a stream of
   * their own */
  TC_HDR_BLOCK_LIMIT, TC_HDR_VIEW_PAST_LEVELS, TC_HDR_IGNORED_FIELDS, TC_HDR_TYPES,
  TC_HDR_UNUSED_BITS, TC_LONG_TEXTURE, TC_TEXEL_CODE, TC_BANK_ROWS, TC_POOL_ALIGN32,
  /* stimulus 16 (N550): the pool's size and place, the load's order, drawn
   * per epoch from a stream of their own */
  TC_POOL_POWER_ON, TC_POOL_LARGE, TC_POOL_HIGH, TC_LOAD_ANY_ORDER,
  /* stimulus 17 (N553): textures far from the others or of a rare shape,
   * drawn per epoch from a stream of their own */
  TC_POOL_MULTIPLE, TC_TALL_DEEP, TC_SLICES_16384,
  TC_N
};
/* c over the n entries of table t, counting into hits (once per epoch). */
void spagm__stim_corners_init(stim_corners *c, const spagm_stim_corner *t, unsigned n,
                              uint64_t *hits);
/* Draw the field made of entries [first, first + n) of c's table: the
 * corner drawn (0..n-1, counted) or n for the field's uniform rest.
 * The corner is the first i with k < weight of entries [first, first + i];
 * with the table's running sums that is k + cum[first] < cum[first + i + 1]:
 * the same draw and answer as walking the weights (the stimulus stays byte
 * for byte), but the field's rest, most draws, costs one compare, inline
 * (it runs per lane of every request). */
static inline unsigned spagm__stim_corner_at(const stim_corners *c, uint32_t k1000,
                                             unsigned first, unsigned n) {
  uint32_t k = k1000 + c->cum[first];
  if (k >= c->cum[first + n]) return n;
  unsigned i = 0;
  while (k >= c->cum[first + i + 1]) i++;
  c->hits[first + i]++;
  return i;
}
static inline unsigned spagm__stim_corner(const stim_corners *c, spagm_rng *r, unsigned first,
                                          unsigned n) {
  return spagm__stim_corner_at(c, spagm_rng_below(r, 1000), first, n);
}
/* The same corner draw from the next 16 bits of a carved draw (N306). */
static inline unsigned spagm__stim_corner_bits(const stim_corners *c, spagm_bits *b,
                                               unsigned first, unsigned n) {
  return spagm__stim_corner_at(c, spagm_bits_below(b, 1000), first, n);
}

/* What the attribute generator remembers of its epoch's state. */
typedef struct stim_attr {
  stim_corners cn;
  spagm_stage stage;
  uint32_t vertex_count, patch_words, gs_max;
  uint32_t gs_words_n; /* N of the output BMAP when word 1024 of a GS buffer is
                          reachable (1024 / N < gs_max, N26), else 0 (N283) */
  uint32_t bmap_in[SPAGM_ATTR_MAP_WORDS], bmap_out[SPAGM_ATTR_MAP_WORDS];
  unsigned directed; /* next directed recipe */
  /* The corners of spagm_stim_attr_corner drawn so far in the epoch, bit
   * k for corner k (N466, N467, N531). */
  uint32_t corners;
  uint32_t isbe_groups;    /* 32-vertex groups of the attribute region filled (R1) */
  bool gs_drawn_power_on;  /* MaxOutputVertexCount drawn at its power-on value */
  bool have_followup; /* an ALD.O queued behind an AST (hazard) */
  spagm_request followup;
} stim_attr;

typedef struct stim_pix {
  stim_corners cn;
  unsigned samples;
  bool ssaa;
  unsigned directed;
} stim_pix;

/* What the texture generator remembers of its epoch's state. */
#define STIM_TEX_HEADERS 12u /* headers written to the pool */
#define STIM_TEX_SLOTS 32u   /* constant-bank words #tsPtrIdxU13 uses */
typedef struct stim_tex {
  stim_corners cn;
  spagm_tic tic[STIM_TEX_HEADERS];
  uint32_t slot_header[STIM_TEX_SLOTS]; /* headerPtr of each bank word */
  uint16_t slot_word[STIM_TEX_SLOTS];   /* its #tsPtrIdxU13: w, or w + 32 row (N517) */
  uint32_t corners[STIM_TEX_HEADERS];   /* stimulus-13 corners of each header (spagm_stim_tex_corner) */
  uint32_t max_index;  /* the last header written to the pool */
  uint32_t limit;      /* MaximumIndex: max_index, or far above it in a large pool (N550) */
  bool pool_power_on;  /* pool base and MaximumIndex at their power-on 0 (N550) */
  bool any_order;      /* the load's register words in a random order (N550) */
  bool spread;         /* the bank words spread over the rows (N517) */
  spagm_stage stage;   /* the stage of a texture-only run (N550) */
  uint64_t far;        /* 2 x pool: where header far_header's texels are, 0 for none (N553) */
  unsigned far_header; /* its texture at 2 x pool, the next header's at 4 x pool (N553) */
  unsigned tall;       /* 1 + the header of the tall and deep 3D texture, 0 for none (N553) */
  unsigned slices;     /* 1 + the header of the 16384-slice 3D texture, 0 for none (N553) */
  spagm_rng shape;     /* the sizes of those two (N553) */
  unsigned bank;
  unsigned directed;
} stim_tex;

typedef struct stim_f16_texel {
  uint64_t address;
  uint32_t corners;
} stim_f16_texel;

struct spagm_stim {
  spagm_stim_opts o;
  unsigned epoch;
  bool in_epoch;
  uint32_t tag[SPAGM_UNIT_COUNT];
  uint32_t produced[SPAGM_UNIT_COUNT];
  uint32_t budget[SPAGM_UNIT_COUNT]; /* requests of this epoch per unit */
  spagm_rng rng[SPAGM_UNIT_COUNT]; /* request streams of this epoch */
  char summary[SPAGM_UNIT_COUNT][192];
  uint64_t hits[SPAGM_UNIT_COUNT][STIM_MAX_CORNERS]; /* corners drawn, whole run */
  stim_attr attr;
  stim_pix pix;
  stim_tex tex;
  /* N280: this epoch's load leaves the unit's power-on registers unwritten;
   * reset_model holds the power-on values (N291). */
  bool keep_power_on[SPAGM_UNIT_COUNT];
  spagm_model *reset_model; /* power-on values (built when first needed) */
  /* N290: this epoch's load carries illegal writes (one of each kind among
   * the legal words, one of each after them); illegal[u] holds those the
   * last load list of u inserted. */
  bool illegal_epoch[SPAGM_UNIT_COUNT];
  spagm_stim_illegal illegal[SPAGM_UNIT_COUNT][2 * SPAGM_STIM_ILLEGAL_KINDS];
  size_t n_illegal[SPAGM_UNIT_COUNT];
  /* N420: this epoch's load first writes every register word of its list
   * with another value the register can hold (pixel unit); n_rewritten[u]
   * counts those words at the start of the last load list of u. */
  bool rewrite_epoch[SPAGM_UNIT_COUNT];
  size_t n_rewritten[SPAGM_UNIT_COUNT];
  /* N495: the texels of this epoch's FP32 float textures that hold a word
   * of a stimulus-12 conversion corner, by the address of their first
   * byte (sorted once the epoch's textures are filled), with the corners
   * as bits (spagm_stim_f16_corner). */
  stim_f16_texel *f16_texels;
  size_t n_f16_texels, cap_f16_texels;
};

/* Draw each generated unit's "illegal writes" epoch corner (stim_load.c). */
void spagm__stim_illegal_epoch(spagm_stim *s);
/* Draw the attribute and texture units' "power-on values left in place"
 * epoch corner (stim_load.c, N291; the pixel unit's is drawn with its
 * state, stim_pix.c). */
void spagm__stim_power_on_epoch(spagm_stim *s);
/* Draw the attribute load's corners of stimulus 11 (stim_load.c, N467). */
void spagm__stim_attr_load_epoch(spagm_stim *s);

/* Load the unit's state for the epoch into m (already reset) and remember
 * what the request generator needs. */
spagm_status spagm__stim_attr_epoch(spagm_stim *s, spagm_rng *r, spagm_model *m,
                                    spagm_diag *d);
spagm_status spagm__stim_pix_epoch(spagm_stim *s, spagm_rng *r, spagm_model *m,
                                   spagm_diag *d);
spagm_status spagm__stim_tex_epoch(spagm_stim *s, spagm_rng *r, spagm_model *m,
                                   spagm_diag *d);
/* Fill insn, lane_mask and operands of the next request (tag is set by the
 * caller). */
void spagm__stim_attr_next(spagm_stim *s, spagm_rng *r, spagm_request *req);
void spagm__stim_pix_next(spagm_stim *s, spagm_rng *r, spagm_request *req);
void spagm__stim_tex_next(spagm_stim *s, spagm_rng *r, spagm_request *req);

/* Shared helpers (stim.c). */
/* A lane mask: the lane-mask corners of c's table, else uniform. */
uint32_t spagm__stim_lane_mask(const stim_corners *c, spagm_rng *r);
/* A random lane 0..31. */
static inline unsigned spagm__stim_lane(spagm_rng *r) {
  return spagm_rng_below(r, SPAGM_LANES);
}
/* Encode insn into req->insn; false when it has no legal word. */
bool spagm__stim_encode(const spagm_insn *insn, spagm_request *req);
/* A word the decoder rejects, near the given legal word of the unit. */
uint64_t spagm__stim_illegal_word(spagm_rng *r, uint64_t legal);
/* A random register R0..R254 (never RZ). */
static inline uint8_t spagm__stim_reg(spagm_rng *r) {
  return (uint8_t)spagm_rng_below(r, 255);
}
static inline bool spagm__stim_bit(const uint32_t *bits, unsigned i) {
  return (bits[i >> 5] >> (i & 31u)) & 1u;
}

#endif
