// SPDX-License-Identifier: Apache-2.0
/* TLDS legal tables of TLDS.txt: the modifier table (target encoding
 * [56:53] <-> paramA, .lod, .AOFFI, .MS), the Ra/Rb packing of each row, and
 * the destination tables for wmsk2C (Rd1 = RZ) and wmsk34C (Rd1 != RZ). */
#include "spagm/insn.h"

typedef struct tlds_row {
  uint8_t encoding;
  spagm_tex_param param;
  spagm_tex_lod lod;
  bool aoffi, ms;
} tlds_row;

/* TLDS.txt "Legal modifier table". */
static const tlds_row rows[] = {
    {0, SPAGM_PARAM_1D, SPAGM_LOD_LZ, false, false},
    {1, SPAGM_PARAM_1D, SPAGM_LOD_LL, false, false},
    {2, SPAGM_PARAM_2D, SPAGM_LOD_LZ, false, false},
    {4, SPAGM_PARAM_2D, SPAGM_LOD_LZ, true, false},
    {5, SPAGM_PARAM_2D, SPAGM_LOD_LL, false, false},
    {6, SPAGM_PARAM_2D, SPAGM_LOD_LZ, false, true},
    {7, SPAGM_PARAM_3D, SPAGM_LOD_LZ, false, false},
    {8, SPAGM_PARAM_ARRAY_2D, SPAGM_LOD_LZ, false, false},
    {12, SPAGM_PARAM_2D, SPAGM_LOD_LL, true, false},
};
#define NROWS (sizeof rows / sizeof rows[0])

int spagm_tlds_encoding_of(spagm_tex_param param, spagm_tex_lod lod, bool aoffi,
                           bool ms) {
  for (unsigned i = 0; i < NROWS; i++)
    if (rows[i].param == param && rows[i].lod == lod && rows[i].aoffi == aoffi &&
        rows[i].ms == ms)
      return rows[i].encoding;
  return -1;
}

bool spagm_tlds_encoding_decode(unsigned encoding, spagm_tex_param *param,
                                spagm_tex_lod *lod, bool *aoffi, bool *ms) {
  for (unsigned i = 0; i < NROWS; i++) {
    if (rows[i].encoding != encoding) continue;
    if (param) *param = rows[i].param;
    if (lod) *lod = rows[i].lod;
    if (aoffi) *aoffi = rows[i].aoffi;
    if (ms) *ms = rows[i].ms;
    return true;
  }
  return false;
}

unsigned spagm_tlds_src_count(unsigned encoding, unsigned which) {
  if (!spagm_tlds_encoding_decode(encoding, NULL, NULL, NULL, NULL)) return 0;
  /* TLDS.txt HW note: bit 2 of the row = Ra vec2, bit 3 = Rb vec2. Row 0
   * (1D .LZ) is the only row whose Rb "must be RZ". */
  if (which == 0) return (encoding & 4u) ? 2u : 1u;
  if (encoding == 0) return 0;
  return (encoding & 8u) ? 2u : 1u;
}

/* Components of each write mask, R = 0, G = 1, B = 2, A = 3, and how many. */
typedef struct wmsk_row {
  const char *name;
  uint8_t n;
  uint8_t comp[4];
} wmsk_row;

/* TLDS.txt destination tables; the 34C encodings follow the table (R23). */
static const wmsk_row wmsk2c[8] = {
    {"R", 1, {0}},       {"G", 1, {1}},       {"B", 1, {2}},
    {"A", 1, {3}},       {"RG", 2, {0, 1}},   {"RA", 2, {0, 3}},
    {"GA", 2, {1, 3}},   {"BA", 2, {2, 3}},
};
static const wmsk_row wmsk34c[5] = {
    {"RGB", 3, {0, 1, 2}}, {"RGA", 3, {0, 1, 3}}, {"RBA", 3, {0, 2, 3}},
    {"GBA", 3, {1, 2, 3}}, {"RGBA", 4, {0, 1, 2, 3}},
};

static const wmsk_row *wmsk_lookup(bool rd1_is_rz, unsigned wmsk) {
  if (rd1_is_rz) return wmsk < 8 ? &wmsk2c[wmsk] : NULL;
  return wmsk < 5 ? &wmsk34c[wmsk] : NULL;
}

const char *spagm_tlds_wmsk_name(bool rd1_is_rz, unsigned wmsk) {
  const wmsk_row *r = wmsk_lookup(rd1_is_rz, wmsk);
  return r ? r->name : NULL;
}

unsigned spagm_tlds_wmsk_components(bool rd1_is_rz, unsigned wmsk,
                                    unsigned comp[4]) {
  const wmsk_row *r = wmsk_lookup(rd1_is_rz, wmsk);
  if (!r) return 0;
  for (unsigned i = 0; i < r->n; i++) comp[i] = r->comp[i];
  return r->n;
}

unsigned spagm_tlds_dst_count(bool f16, bool rd1_is_rz, unsigned wmsk,
                              unsigned which) {
  const wmsk_row *r = wmsk_lookup(rd1_is_rz, wmsk);
  if (!r || which > 1) return 0;
  if (rd1_is_rz) {
    /* 2C: everything in Rd0; packed FP16 fits two components in one. */
    if (which == 1) return 0;
    return f16 ? 1u : r->n;
  }
  /* 34C: Rd0 takes the first two components (one packed register with
   * .F16), Rd1 the remaining one or two. */
  if (f16) return 1u;
  return which == 0 ? 2u : (unsigned)r->n - 2u;
}
