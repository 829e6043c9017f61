// SPDX-License-Identifier: Apache-2.0
/* Internal: the generator context and the per-unit generators (stim_*.c). */
#ifndef SPAGM_STIM_INTERNAL_H
#define SPAGM_STIM_INTERNAL_H

#include "rng.h"
#include "spagm/spagm.h"
#include "spagm/vec/stim.h"

/* What the attribute generator remembers of its epoch's state. */
typedef struct stim_attr {
  spagm_stage stage;
  uint32_t vertex_count, patch_words, gs_max;
  uint32_t bmap_in[SPAGM_ATTR_MAP_WORDS], bmap_out[SPAGM_ATTR_MAP_WORDS];
  unsigned directed; /* next directed recipe */
  bool have_followup; /* an ALD.O queued behind an AST (hazard) */
  spagm_request followup;
} stim_attr;

typedef struct stim_pix {
  unsigned samples;
  bool ssaa;
  unsigned directed;
} stim_pix;

/* What the texture generator remembers of its epoch's state. */
#define STIM_TEX_HEADERS 12u /* headers written to the pool */
#define STIM_TEX_SLOTS 32u   /* constant-bank words #tsPtrIdxU13 uses */
typedef struct stim_tex {
  spagm_tic tic[STIM_TEX_HEADERS];
  uint32_t slot_header[STIM_TEX_SLOTS]; /* headerPtr of each bank word */
  uint32_t max_index;
  unsigned bank;
  unsigned directed;
} stim_tex;

struct spagm_stim {
  spagm_stim_opts o;
  unsigned epoch;
  bool in_epoch;
  uint32_t tag[SPAGM_UNIT_COUNT];
  uint32_t produced[SPAGM_UNIT_COUNT];
  uint32_t budget[SPAGM_UNIT_COUNT]; /* requests of this epoch per unit */
  spagm_rng rng[SPAGM_UNIT_COUNT]; /* request streams of this epoch */
  char summary[SPAGM_UNIT_COUNT][192];
  stim_attr attr;
  stim_pix pix;
  stim_tex tex;
};

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
uint32_t spagm__stim_lane_mask(spagm_rng *r);
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
