// SPDX-License-Identifier: Apache-2.0
/* TLDS — Texture Load with scalar/non-vec4 source/destinations (TLDS.txt;
 * DESIGN R10, R17–R24; spec-notes N60–N79).
 *
 *   TLDS{.F16}.LZ|.LL{.AOFFI}{.MS}{.NODEP}{.T|.P} Rd1, Rd0, Ra{, Rb},
 *        #tsPtrIdxU13, #paramA{, #wmsk}
 *
 * A point-sampled texel load with integer coordinates (R17, DX `ld`):
 *   1. the legal modifier table row says what Ra/Rb carry;
 *   2. #tsPtrIdxU13 picks a word of the selected constant bank whose
 *      headerPtr[19:0] indexes the header pool (tex.h);
 *   3. coordinates outside the level, a level, layer or sample out of range,
 *      an invalid header index or a paramA that does not match the texture
 *      type return 0 in every component (R18);
 *   4. otherwise the texel is read, converted (R21) and swizzled, and the
 *      components named by wmsk are written to Rd0/Rd1 as 32-bit values or
 *      packed FP16 (R22, R23).
 * .NODEP and the .T/.P phase only steer scheduling: no effect on results. */
#include <stdbool.h>
#include <string.h>

#include "core/model_internal.h"
#include "tex/tex_format.h"
#include "tex/tex_layout.h"

/* ---- The legal modifier table: what Ra and Rb carry --------------------- */

enum role { NONE = 0, S, T, R, ARRAY, LOD, AOFFI, MS };

typedef struct packing {
  uint8_t ra[2]; /* Ra, Ra+1 */
  uint8_t rb[2]; /* Rb, Rb+1 */
} packing;

/* TLDS.txt "Legal modifier table", columns Ra and Rb, by encoding. */
static const packing packings[16] = {
    [0] = {{S, NONE}, {NONE, NONE}},   /* 1D .LZ        Rb must be RZ */
    [1] = {{S, NONE}, {LOD, NONE}},    /* 1D .LL                      */
    [2] = {{S, NONE}, {T, NONE}},      /* 2D .LZ                      */
    [4] = {{S, T}, {AOFFI, NONE}},     /* 2D .LZ .AOFFI               */
    [5] = {{S, T}, {LOD, NONE}},       /* 2D .LL                      */
    [6] = {{S, T}, {MS, NONE}},        /* 2D .LZ .MS                  */
    [7] = {{S, T}, {R, NONE}},         /* 3D .LZ                      */
    [8] = {{ARRAY, NONE}, {S, T}},     /* ARRAY_2D .LZ                */
    [12] = {{S, T}, {LOD, AOFFI}},     /* 2D .LL .AOFFI               */
};

/* One lane's operands, by meaning. */
typedef struct coords {
  int64_t s, t, r; /* R17: signed 32-bit texel coordinates */
  uint32_t array;  /* R17: low 16 bits, unsigned */
  uint32_t lod;    /* R17: unsigned, from the view's minimum level */
  uint32_t aoffi;  /* R19: u [3:0], v [7:4] */
  uint32_t sample; /* .MS sample index */
} coords;

/* Where each role's per-lane values are in the request; a role the row
 * does not carry reads zeros, so a lane's coordinates take no branch. */
typedef struct sources {
  const uint32_t *of[MS + 1];
} sources;

static const uint32_t no_operand[SPAGM_LANES];

static sources operand_sources(const packing *p, const spagm_request *req) {
  sources src;
  for (unsigned role = 0; role <= MS; role++) src.of[role] = no_operand;
  for (unsigned i = 0; i < 2; i++) {
    if (p->ra[i] != NONE) src.of[p->ra[i]] = req->a[i];
    if (p->rb[i] != NONE) src.of[p->rb[i]] = req->b[i];
  }
  return src;
}

static uint32_t value_of(const sources *src, unsigned role, unsigned lane) {
  return src->of[role][lane];
}

static coords lane_coords(const sources *src, unsigned lane) {
  coords c;
  c.s = (int32_t)value_of(src, S, lane);
  c.t = (int32_t)value_of(src, T, lane);
  c.r = (int32_t)value_of(src, R, lane);
  c.array = value_of(src, ARRAY, lane) & 0xFFFFu; /* R17: a is U16 */
  c.lod = value_of(src, LOD, lane);
  c.aoffi = value_of(src, AOFFI, lane);
  c.sample = value_of(src, MS, lane);
  return c;
}

/* ---- Encoding and register rules (warp-wide faults) --------------------- */

/* A rule and the three numbers of its sentence: why a warp faulted, or why
 * a lane's result is what it is. */
typedef struct reason {
  unsigned rule;
  int32_t arg[3];
} reason;

static bool refuse(reason *f, unsigned rule, int32_t a0, int32_t a1, int32_t a2) {
  f->rule = rule;
  f->arg[0] = a0;
  f->arg[1] = a1;
  f->arg[2] = a2;
  return true;
}

/* Operand codes of TEX_REG_MISALIGNED. */
enum { OPND_RD0 = 0, OPND_RD1 = 1, OPND_RA = 2, OPND_RB = 3 };

static bool misaligned(unsigned reg, unsigned count) {
  return reg != SPAGM_RZ && count == 2 && reg % 2 != 0;
}

/* True (and *f filled) when the instruction must be refused with
 * ILLEGAL_INSTR_ENCODING. A hand-built instruction must be one a word can
 * hold, so spagm_execute_insn agrees with spagm_execute (N73). */
static bool illegal(const spagm_insn *insn, reason *f) {
  if (insn->tex_index > 0x1FFFu) /* #tsPtrIdxU13 [48:36] */
    return refuse(f, SPAGM_RULE_TEX_FIELD_RANGE, 0, insn->tex_index, 0);
  if (insn->wmsk > 7u) /* [52:50] */
    return refuse(f, SPAGM_RULE_TEX_FIELD_RANGE, 1, insn->wmsk, 0);

  unsigned row = insn->tlds_encoding;
  spagm_tex_param param;
  spagm_tex_lod lod;
  bool aoffi, ms;
  if (!spagm_tlds_encoding_decode(row, &param, &lod, &aoffi, &ms))
    return refuse(f, SPAGM_RULE_TEX_ENCODING_ILLEGAL, (int32_t)row, 0, 0);
  if (param != insn->param || lod != insn->lod || aoffi != insn->aoffi ||
      ms != insn->ms) {
    int32_t mods = (int32_t)((unsigned)insn->param | (unsigned)insn->lod << 4 |
                             (unsigned)insn->aoffi << 8 | (unsigned)insn->ms << 12);
    return refuse(f, SPAGM_RULE_TEX_MODIFIERS_MISMATCH, mods, (int32_t)row, 0);
  }

  /* R23: with Rd1 != RZ only the five 34C encodings exist. */
  bool rd1_rz = insn->rd1 == SPAGM_RZ;
  if (!rd1_rz && insn->wmsk > 4u)
    return refuse(f, SPAGM_RULE_TEX_WMSK_34C_ILLEGAL, insn->wmsk, insn->rd1, 0);

  /* R10 / TLDS.txt register rules 2–4 for the sources. */
  unsigned na = spagm_tlds_src_count(row, 0), nb = spagm_tlds_src_count(row, 1);
  if (insn->ra == SPAGM_RZ)
    return refuse(f, SPAGM_RULE_TEX_RA_RZ, (int32_t)row, 0, 0);
  if (misaligned(insn->ra, na))
    return refuse(f, SPAGM_RULE_TEX_REG_MISALIGNED, insn->ra, 2, OPND_RA);
  if (nb == 0 && insn->rb != SPAGM_RZ)
    return refuse(f, SPAGM_RULE_TEX_RB_NOT_RZ, (int32_t)row, insn->rb, 0);
  if (nb > 0 && insn->rb == SPAGM_RZ)
    return refuse(f, SPAGM_RULE_TEX_RB_RZ, (int32_t)row, 0, 0);
  if (misaligned(insn->rb, nb))
    return refuse(f, SPAGM_RULE_TEX_REG_MISALIGNED, insn->rb, 2, OPND_RB);

  /* R10 / TLDS.txt rule 1: Rd0/Rd1 aligned to the registers they receive. */
  if (misaligned(insn->rd, spagm_tlds_dst_count(insn->f16, rd1_rz, insn->wmsk, 0)))
    return refuse(f, SPAGM_RULE_TEX_REG_MISALIGNED, insn->rd, 2, OPND_RD0);
  if (misaligned(insn->rd1, spagm_tlds_dst_count(insn->f16, rd1_rz, insn->wmsk, 1)))
    return refuse(f, SPAGM_RULE_TEX_REG_MISALIGNED, insn->rd1, 2, OPND_RD1);
  return false;
}

/* ---- Destinations -------------------------------------------------------- */

/* Which component each write-back slot carries: slot 0 = Rd0, 1 = Rd0+1,
 * 2 = Rd1, 3 = Rd1+1. With .F16 a slot packs two components, lo and hi;
 * NO_COMP marks an unused half, written 0 (TLDS.txt: partial register writes
 * do not occur). */
#define NO_COMP 0xFFu

typedef struct dest {
  uint8_t reg[SPAGM_WB_SLOTS]; /* RZ = slot not written */
  uint8_t lo[SPAGM_WB_SLOTS];  /* component in [31:0], or in [15:0] (.F16) */
  uint8_t hi[SPAGM_WB_SLOTS];  /* .F16 component in [31:16] */
} dest;

static unsigned reg_plus_one(unsigned reg) {
  return reg >= SPAGM_RZ - 1u ? SPAGM_RZ : reg + 1u; /* R254+1 is RZ */
}

/* Filled in place rather than returned: the bytes are written one by one,
 * and a returned copy reads them back as wider words, which stalls. */
static void destinations(const spagm_insn *insn, dest *d) {
  memset(d->reg, SPAGM_RZ, sizeof d->reg);
  memset(d->lo, NO_COMP, sizeof d->lo);
  memset(d->hi, NO_COMP, sizeof d->hi);
  bool rd1_rz = insn->rd1 == SPAGM_RZ;
  unsigned comp[4];
  unsigned n = spagm_tlds_wmsk_components(rd1_rz, insn->wmsk, comp);
  unsigned base[2] = {insn->rd, insn->rd1};
  if (insn->f16) {
    /* TLDS.txt packed FP16 table: Rd0 = comp0 | comp1 << 16, Rd1 = comp2 |
     * comp3 << 16. */
    for (unsigned i = 0; i < n; i++) {
      unsigned slot = (i / 2) * 2;
      if (i % 2 == 0)
        d->lo[slot] = (uint8_t)comp[i];
      else
        d->hi[slot] = (uint8_t)comp[i];
      d->reg[slot] = (uint8_t)base[i / 2];
    }
  } else {
    /* TLDS.txt 32-bit table: Rd0, Rd0+1, Rd1, Rd1+1 in component order. */
    for (unsigned i = 0; i < n; i++) {
      d->lo[i] = (uint8_t)comp[i];
      d->reg[i] = (uint8_t)(i % 2 == 0 ? base[i / 2] : reg_plus_one(base[i / 2]));
    }
  }
}

/* ---- The texture of this instruction ------------------------------------ */

/* What every lane shares: the header and what it implies. The decode's
 * results are read in place from the header's memo, which nothing
 * changes while the warp runs. */
typedef struct texture {
  uint32_t header_index;
  unsigned first_level, last_level; /* view range that exists (N69) */
  const spagm_tic *tic;
  const spagm_tex_format *fmt;
  const spagm_tex_image *image;
} texture;

/* Outcome of the texture lookup for the whole warp. */
typedef enum lookup {
  LOOKUP_OK,          /* per-lane checks follow */
  LOOKUP_ZERO,        /* R18: every lane 0 */
  LOOKUP_UNSUPPORTED  /* N62: every lane 0, don't-care */
} lookup;

/* R18: the coordinate count of paramA must match the texture type; array
 * specifiers work on non-array textures and the opposite (TLDS.txt). Cube,
 * cube-array and buffer textures never match. */
static bool type_matches(spagm_tex_param param, unsigned type) {
  switch (type) {
    case SPAGM_TEXTYPE_1D:
    case SPAGM_TEXTYPE_1D_ARRAY: return param == SPAGM_PARAM_1D;
    case SPAGM_TEXTYPE_2D:
    case SPAGM_TEXTYPE_2D_ARRAY:
    case SPAGM_TEXTYPE_2D_NO_MIPMAP:
      return param == SPAGM_PARAM_2D || param == SPAGM_PARAM_ARRAY_2D;
    case SPAGM_TEXTYPE_3D: return param == SPAGM_PARAM_3D;
    default: return false;
  }
}

/* Decode the header bytes into memo unless it holds them already. */
static const spagm_tex_header_memo *decode_header(spagm_tex_header_memo *memo,
                                                  const uint8_t bytes[SPAGM_TEX_HEADER_BYTES]) {
  if (memo->valid && !memcmp(memo->bytes, bytes, SPAGM_TEX_HEADER_BYTES)) return memo;
  memcpy(memo->bytes, bytes, SPAGM_TEX_HEADER_BYTES);
  spagm_tic_decode(bytes, &memo->tic);
  memo->unsupported = spagm__tex_format_init(&memo->fmt, &memo->tic);
  if (memo->unsupported == SPAGM_TEXU_NONE)
    memo->unsupported = spagm__tex_image_init(&memo->image, &memo->tic, memo->fmt.bytes);
  memo->valid = true;
  return memo;
}

static lookup find_texture(const spagm_tex_state *s, spagm_tex_header_memo *memo,
                           const spagm_insn *insn, texture *tx, reason *why) {
  /* TLDS.txt: the bank word is samplerPtr[31:20] | headerPtr[19:0]. */
  const uint32_t *bank = s->cbank[s->cbank_selected];
  uint32_t entry = bank ? bank[insn->tex_index] : 0u; /* N63 */
  tx->header_index = entry & SPAGM_TEX_HEADER_PTR_MASK;
  if (tx->header_index > s->pool_max_index) {
    /* TLDS.txt: above MaximumIndex the texture is invalid (R18). */
    refuse(why, SPAGM_RULE_TEX_HEADER_INDEX_OOR, (int32_t)tx->header_index,
           (int32_t)s->pool_max_index, 0);
    return LOOKUP_ZERO;
  }
  uint8_t bytes[SPAGM_TEX_HEADER_BYTES];
  spagm__tex_read_header(s, tx->header_index, bytes);
  const spagm_tex_header_memo *h =
      decode_header(&memo[tx->header_index % SPAGM_TEX_MEMOS], bytes);
  tx->tic = &h->tic;
  if (!type_matches(insn->param, tx->tic->type)) {
    refuse(why, SPAGM_RULE_TEX_TYPE_MISMATCH, insn->param, (int32_t)tx->tic->type,
           (int32_t)tx->header_index);
    return LOOKUP_ZERO;
  }
  spagm_tex_unsupported u = h->unsupported;
  tx->fmt = &h->fmt;
  tx->image = &h->image;
  if (u != SPAGM_TEXU_NONE) {
    refuse(why, SPAGM_RULE_TEX_UNSUPPORTED_HEADER, (int32_t)tx->header_index,
           (int32_t)u, 0);
    return LOOKUP_UNSUPPORTED;
  }
  /* N69: levels exist from the view's minimum up to the smaller of the
   * view's maximum and the last level stored. */
  unsigned stored_last = tx->image->levels - 1u;
  tx->first_level = tx->tic->view_min_level;
  tx->last_level = tx->tic->view_max_level < stored_last ? tx->tic->view_max_level
                                                         : stored_last;
  return LOOKUP_OK;
}

/* The header index and, for 32-bit results of a decoded format, the
 * number type of each written slot's component (R21), for reports. A
 * .F16 slot packs two fp16 halves: its type stays the rule's. */
static void explain_texture(spagm_explain *ex, const spagm_insn *insn, const texture *tx,
                            lookup found, const dest *d) {
  ex->has_tex_header = true;
  ex->tex_header = tx->header_index;
  if (found != LOOKUP_OK || insn->f16) return;
  for (unsigned slot = 0; slot < SPAGM_WB_SLOTS; slot++)
    if (d->reg[slot] != SPAGM_RZ)
      ex->value_type[slot] = tx->fmt->comp_type[d->lo[slot] & 3u]; /* a component 0..3 */
}

/* ---- One lane ------------------------------------------------------------ */

/* A lane's result is its four components X, Y, Z, W after conversion and
 * swizzle, and the reason for them. The two are kept apart: the components
 * go to the format decoder in memory, the reason never leaves this file and
 * stays in registers. In one struct, the reason went through memory on
 * every lane, written word by word and read back as pairs, which stalls
 *. */

static int32_t clamp32(int64_t v) {
  return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

static bool zero(uint32_t comp[4], reason *why, unsigned rule, int64_t a0,
                 int64_t a1, int64_t a2) {
  memset(comp, 0, 4 * sizeof comp[0]); /* R18: border colour 0 */
  why->rule = rule;
  why->arg[0] = clamp32(a0);
  why->arg[1] = clamp32(a1);
  why->arg[2] = clamp32(a2);
  return false;
}

static int32_t sext4(uint32_t v) { return (int32_t)((v & 0xFu) ^ 0x8u) - 8; }

/* Where one lane's texel is, once the R18 checks have passed. */
typedef struct texel_at {
  uint64_t level;
  uint32_t layer, sample;
  int64_t x, y, z;
} texel_at;

/* Where the lane's texel would be, before any check: the level from the
 * view's first level (plus the lane's LOD for .LL, R17), the layer and
 * sample paramA uses (N64), and the coordinates offset by AOFFI (R19: the
 * offsets are added before the bounds check). Coordinates paramA does not
 * use are 0. Every field is set here, once, so what the checks below pass
 * on to the read is the whole location. */
static texel_at lane_texel(const spagm_insn *insn, const texture *tx,
                           const coords *c) {
  texel_at at;
  at.level = (uint64_t)tx->first_level;
  if (insn->lod == SPAGM_LOD_LL) at.level += c->lod;
  at.layer = insn->param == SPAGM_PARAM_ARRAY_2D ? c->array : 0u;
  at.sample = insn->ms ? c->sample : 0u;
  at.x = c->s, at.y = c->t, at.z = c->r;
  if (insn->aoffi) {
    at.x += sext4(c->aoffi);
    at.y += sext4(c->aoffi >> 4);
  }
  if (insn->param == SPAGM_PARAM_1D) at.y = 0;  /* no T check below either */
  if (insn->param != SPAGM_PARAM_3D) at.z = 0;  /* no R check below either */
  return at;
}

/* R18's checks of a location, in the order of N71: level, layer, sample,
 * then each coordinate paramA uses against the level's size; false (with
 * r set to zeros) at the first one out of range. A non-array texture has
 * one layer. */
static bool texel_in_range(const spagm_insn *insn, const texture *tx,
                           const texel_at *at, uint32_t comp[4],
                           reason *why) {
  const spagm_tex_image *L = tx->image;
  if (at->level > tx->last_level)
    return zero(comp, why, SPAGM_RULE_TEX_LEVEL_OOR, (int64_t)at->level, tx->last_level, 0);
  if (at->layer >= L->layers)
    return zero(comp, why, SPAGM_RULE_TEX_LAYER_OOR, at->layer, L->layers, 0);
  if (at->sample >= L->samples)
    return zero(comp, why, SPAGM_RULE_TEX_SAMPLE_OOR, at->sample, L->samples, 0);
  const spagm_tex_level *lv = &L->level[at->level];
  int64_t lvl = (int64_t)at->level;
  if (at->x < 0 || at->x >= lv->w)
    return zero(comp, why, SPAGM_RULE_TEX_S_OOR, at->x, lv->w, lvl);
  if (insn->param != SPAGM_PARAM_1D && (at->y < 0 || at->y >= lv->h))
    return zero(comp, why, SPAGM_RULE_TEX_T_OOR, at->y, lv->h, lvl);
  if (insn->param == SPAGM_PARAM_3D && (at->z < 0 || at->z >= lv->d))
    return zero(comp, why, SPAGM_RULE_TEX_R_OOR, at->z, lv->d, lvl);
  return true;
}

/* The texel's bytes from texture memory: in unit (a power-of-two texel) or
 * gathered into texel (a 12-byte one). */
static const uint8_t *fetch_texel(const spagm_tex_state *s,
                                  const spagm_tex_image *L, const texel_at *at,
                                  spagm_tex_page_cache *cache,
                                  uint8_t unit[16], uint8_t texel[16],
                                  uint64_t *first) {
  /* R20: sample s is the sub-texel (s % grid_w, s / grid_w) of the pixel.
   * grid_w is 1, 2 or 4 (spagm_tex_msaa_grid, N64), so the two are a mask
   * and a shift rather than a division on every lane. */
  unsigned col = at->sample & (L->grid_w - 1u);
  unsigned row = at->sample >> __builtin_ctz(L->grid_w);
  uint64_t xs = (uint64_t)at->x * L->grid_w + col;
  uint32_t ys = (uint32_t)at->y * L->grid_h + row;
  uint64_t xb = xs * L->texel_bytes;
  if (L->texel_bytes == 12) {
    /* N75: a 12-byte texel can cross a 16-byte swizzle unit of the GOB, so
     * each 4-byte word is placed on its own. */
    for (unsigned w = 0; w < 3; w++) {
      uint64_t va = spagm__tex_image_byte(L, (unsigned)at->level, xb + 4u * w,
                                          ys, (uint32_t)at->z, at->layer);
      if (w == 0) *first = va;
      spagm__tex_mem_unit16(&s->mem, cache, va, unit);
      memcpy(texel + 4u * w, unit + (va & 15u), 4);
    }
    return texel;
  }
  /* A power-of-two texel sits inside one aligned 16-byte unit. */
  uint64_t va = spagm__tex_image_byte(L, (unsigned)at->level, xb, ys,
                                      (uint32_t)at->z, at->layer);
  *first = va;
  spagm__tex_mem_unit16(&s->mem, cache, va, unit);
  return unit + (va & 15u);
}

/* The explanation of a texel read, by the form of paramA. */
static void explain_read(const spagm_insn *insn, const texel_at *at,
                         reason *why) {
  int32_t x = (int32_t)at->x, y = (int32_t)at->y;
  if (insn->ms) {
    why->rule = SPAGM_RULE_TEX_READ_MS;
    why->arg[0] = x, why->arg[1] = y, why->arg[2] = (int32_t)at->sample;
  } else if (insn->param == SPAGM_PARAM_ARRAY_2D) {
    why->rule = SPAGM_RULE_TEX_READ_ARRAY;
    why->arg[0] = x, why->arg[1] = y, why->arg[2] = (int32_t)at->layer;
  } else if (insn->param == SPAGM_PARAM_3D) {
    why->rule = SPAGM_RULE_TEX_READ_3D;
    why->arg[0] = x, why->arg[1] = y, why->arg[2] = (int32_t)at->z;
  } else if (insn->param == SPAGM_PARAM_2D) {
    why->rule = SPAGM_RULE_TEX_READ_2D;
    why->arg[0] = x, why->arg[1] = y, why->arg[2] = (int32_t)at->level;
  } else {
    why->rule = SPAGM_RULE_TEX_READ_1D;
    why->arg[0] = x, why->arg[1] = (int32_t)at->level, why->arg[2] = 0;
  }
}

/* The lane's location into the explanation (explain.h,
 * spagm_explain_texel): read, with its address, or out of range (R18,
 * address 0). A location that passed the R18 checks needs no clamping:
 * each coordinate is below its level's size (at most 65536) and the level
 * at most the view's last. The lane masks texel_lanes and texel_read are
 * the warp's, set once after its lanes (spagm__tlds_execute). */
static inline void explain_location(spagm_explain *ex, unsigned lane, const texel_at *at,
                                    bool read, uint64_t address) {
  spagm_explain_texel *e = &ex->texel[lane];
  if (read) {
    e->s = (int32_t)at->x, e->t = (int32_t)at->y, e->r = (int32_t)at->z;
    e->level = (uint32_t)at->level;
  } else {
    e->s = clamp32(at->x), e->t = clamp32(at->y), e->r = clamp32(at->z);
    e->level = at->level > UINT32_MAX ? UINT32_MAX : (uint32_t)at->level;
  }
  e->layer = at->layer, e->sample = at->sample;
  e->address = address;
}

/* Read and convert one texel into comp; false (with comp set to zeros)
 * when a check of R18 fails. The checks run in the order of N71. The
 * location goes to ex when ex is not NULL. */
static bool load_texel(const spagm_tex_state *s, const spagm_insn *insn,
                       const texture *tx, const coords *c,
                       spagm_tex_page_cache *cache, uint32_t comp[4],
                       reason *why, spagm_explain *ex, unsigned lane) {
  const texel_at at = lane_texel(insn, tx, c);
  if (!texel_in_range(insn, tx, &at, comp, why)) {
    if (ex) explain_location(ex, lane, &at, false, 0u);
    return false;
  }
  uint8_t unit[16], texel[16];
  uint64_t address = 0;
  const uint8_t *bytes = fetch_texel(s, tx->image, &at, cache, unit, texel, &address);
  spagm__tex_format_decode(tx->fmt, bytes, comp);
  explain_read(insn, &at, why);
  if (ex) explain_location(ex, lane, &at, true, address);
  return true;
}

/* ---- Write-back ---------------------------------------------------------- */

/* R22: one component as the low or high half of a packed FP16 register. */
static uint32_t half_of(const uint32_t comp[4], unsigned c,
                        spagm_fp16_round mode) {
  return c == NO_COMP ? 0u : spagm_fp16_from_fp32(comp[c], mode);
}

/* The don't-care mask of each write-back slot: the same for every lane. */
static void slot_dontcare(const spagm_insn *insn, const dest *d,
                          bool unsupported, bool f16_integer,
                          uint32_t dc[SPAGM_WB_SLOTS]) {
  for (unsigned slot = 0; slot < SPAGM_WB_SLOTS; slot++) {
    dc[slot] = unsupported ? 0xFFFFFFFFu : 0u; /* N62 */
    if (insn->f16 && f16_integer) {            /* R22: integer texture */
      if (d->lo[slot] != NO_COMP) dc[slot] |= 0x0000FFFFu;
      if (d->hi[slot] != NO_COMP) dc[slot] |= 0xFFFF0000u;
    }
  }
}

/* The slots the warp writes (reg != RZ), listed once per warp so that each
 * lane visits only those; with what each carries and its don't-care mask. */
typedef struct written {
  unsigned n;
  uint8_t slot[SPAGM_WB_SLOTS], lo[SPAGM_WB_SLOTS], hi[SPAGM_WB_SLOTS];
  uint32_t dc[SPAGM_WB_SLOTS];
} written;

static void written_slots(const dest *d, const uint32_t dc[SPAGM_WB_SLOTS],
                          written *w) {
  w->n = 0;
  for (unsigned slot = 0; slot < SPAGM_WB_SLOTS; slot++) {
    if (d->reg[slot] == SPAGM_RZ) continue;
    w->slot[w->n] = (uint8_t)slot;
    w->lo[w->n] = d->lo[slot];
    w->hi[w->n] = d->hi[slot];
    w->dc[w->n] = dc[slot];
    w->n++;
  }
}

static void write_lane(bool f16, const written *w, unsigned lane,
                       const uint32_t comp[4], const reason *why,
                       spagm_fp16_round mode, spagm_response *resp,
                       spagm_explain *ex) {
  for (unsigned i = 0; i < w->n; i++) {
    unsigned slot = w->slot[i];
    resp->wb_value[slot][lane] =
        f16 ? half_of(comp, w->lo[i], mode) | half_of(comp, w->hi[i], mode) << 16
            : comp[w->lo[i]];
    resp->wb_dontcare[slot][lane] = w->dc[i];
    spagm_explain_set(ex, slot, lane, why->rule, why->arg[0], why->arg[1],
                      why->arg[2]);
  }
}

/* R24: no destination, so nothing is written and no texture is read. */
static void explain_no_destination(spagm_explain *ex, uint32_t lanes) {
  if (!ex) return;
  for (uint32_t left = lanes; left; left &= left - 1u)
    spagm_explain_set(ex, 0, spagm__lowest_lane(left), SPAGM_RULE_TEX_R24_NO_DEST, 0, 0, 0);
}

/* Every active lane writes every destination register: zeros when out of
 * range (R18), so the valid masks are the lane mask. */
static void write_registers(const dest *d, uint32_t lanes, spagm_response *resp) {
  for (unsigned slot = 0; slot < SPAGM_WB_SLOTS; slot++) {
    resp->wb_reg[slot] = d->reg[slot];
    resp->wb_valid[slot] = d->reg[slot] != SPAGM_RZ ? lanes : 0u;
  }
}

void spagm__tlds_execute(spagm_model *m, const spagm_insn *insn,
                         const spagm_request *req, spagm_response *resp,
                         spagm_explain *ex) {
  reason f;
  if (illegal(insn, &f)) {
    spagm__fault_warp(req, resp, ex, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING, f.rule,
                      f.arg[0], f.arg[1], f.arg[2]);
    return;
  }
  const uint32_t lanes = req->lane_mask;
  if (insn->rd == SPAGM_RZ && insn->rd1 == SPAGM_RZ) {
    explain_no_destination(ex, lanes);
    return;
  }
  dest d;
  destinations(insn, &d);
  write_registers(&d, lanes, resp);
  const spagm_tex_state *s = &m->tex;
  texture tx = {0, 0, 0, NULL, NULL, NULL};
  reason warp_why = {0, {0, 0, 0}};
  lookup found = find_texture(s, m->tex.memo, insn, &tx, &warp_why);
  if (ex) explain_texture(ex, insn, &tx, found, &d);
  /* R22: an integer texture's .F16 result is don't-care (N72). */
  bool f16_dontcare = found == LOOKUP_OK && insn->f16 && tx.fmt->integer;
  uint32_t dc[SPAGM_WB_SLOTS];
  slot_dontcare(insn, &d, found == LOOKUP_UNSUPPORTED, f16_dontcare, dc);
  written w;
  written_slots(&d, dc, &w);

  const sources src = operand_sources(&packings[insn->tlds_encoding], req);
  spagm_tex_page_cache cache;
  memset(&cache, 0, sizeof cache);
  uint32_t read = 0; /* the lanes that read their texel */
  for (uint32_t left = lanes; left; left &= left - 1u) {
    unsigned lane = spagm__lowest_lane(left);
    uint32_t comp[4];
    reason why;
    if (found == LOOKUP_OK) {
      coords c = lane_coords(&src, lane);
      read |= (uint32_t)load_texel(s, insn, &tx, &c, &cache, comp, &why, ex, lane) << lane;
      if (f16_dontcare) {
        why.rule = SPAGM_RULE_TEX_F16_INTEGER_DONTCARE;
        why.arg[0] = (int32_t)tx.header_index, why.arg[1] = 0, why.arg[2] = 0;
      }
    } else {
      memset(comp, 0, sizeof comp); /* R18 / N62: every lane 0, */
      why = warp_why;               /* for the warp's reason */
    }
    write_lane(insn->f16, &w, lane, comp, &why, s->fp16_round, resp, ex);
  }
  /* With the texture found, every active lane has its location. */
  if (ex && found == LOOKUP_OK) {
    ex->texel_lanes = lanes;
    ex->texel_read = read;
  }
}
