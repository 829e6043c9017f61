// SPDX-License-Identifier: Apache-2.0
/* Scenario directives of the texture unit (scenario.h, docs/scenario-tex.md):
 * the state TLDS reads (tex.h).
 *
 *   texture N key=value ...         header N of the pool (+ bank word N)
 *   cbank bank B entry I = VALUE    one constant-bank word
 *   cbank select B                  the bank TLDS reads
 *   header_pool base=VA max_index=N SetTexHeaderPoolC
 *   fp16_round rne|rz               TLDS.F16 rounding
 *   texel N X [Y [Z]] [level=L] [sample=S] = WORD...   one texel's bytes
 *   fill N pattern=xy|gradient|random [seed=S]         every texel
 *   mem VA = BYTE...  /  mem32 VA = WORD...            raw memory */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scenario.h"

/* ---- Small parsing helpers ----------------------------------------------- */

static void skip_blanks(spagm_scn_args *a) {
  while (*a->p == ' ' || *a->p == '\t') a->p++;
}

/* A value that must fit `max`. */
static spagm_status bounded(spagm_scn_args *a, uint32_t max, const char *what,
                            uint32_t *v, spagm_diag *d) {
  skip_blanks(a);
  spagm_scn_args at = *a;
  spagm_status st = spagm_scn_u32(a, v, d);
  if (st != SPAGM_OK) return st;
  if (*v > max)
    return spagm_scn_error(&at, d, "%s %u is above its maximum %u", what, *v, max);
  return SPAGM_OK;
}

/* A name out of `names` (case-insensitive) or, failing that, a number. */
static spagm_status name_or_number(spagm_scn_args *a, const char *const *names,
                                   const unsigned *values, uint32_t max,
                                   const char *what, unsigned *out,
                                   spagm_diag *d) {
  skip_blanks(a);
  spagm_scn_args at = *a;
  char w[64];
  if (!spagm_scn_word(a, w, sizeof w))
    return spagm_scn_error(&at, d, "expected a %s", what);
  for (unsigned i = 0; names[i]; i++)
    if (strcasecmp(w, names[i]) == 0) {
      *out = values[i];
      return SPAGM_OK;
    }
  *a = at;
  uint32_t v;
  spagm_diag ignore;
  if (spagm_scn_u32(a, &v, &ignore) == SPAGM_OK && v <= max) {
    *out = v;
    return SPAGM_OK;
  }
  *a = at;
  char list[256] = "";
  for (unsigned i = 0; names[i]; i++) {
    strncat(list, names[i], sizeof list - strlen(list) - 1);
    if (names[i + 1]) strncat(list, ", ", sizeof list - strlen(list) - 1);
  }
  return spagm_scn_error(&at, d, "unknown %s '%s' (one of %s, or a number 0..%u)",
                         what, w, list, max);
}

static spagm_status model_refused(const spagm_scn_args *at, spagm_diag *d,
                                  spagm_status st, const char *what) {
  return spagm_scn_error(at, d, "%s refused by the model (%s)", what,
                         spagm_status_name(st));
}

/* ---- Names of header fields ----------------------------------------------- */

static const char *const format_names[] = {
    "R32_G32_B32_A32", "R32_G32_B32", "R16_G16_B16_A16", "R32_G32",
    "A8B8G8R8",        "A2B10G10R10", "R16_G16",         "R32",
    "B5G6R5",          "G8R8",        "R16",             "R8",
    "E5B9G9R9_SHAREDEXP", "BF10GF11RF11", NULL};
static const unsigned format_values[] = {
    SPAGM_TEXFMT_R32_G32_B32_A32, SPAGM_TEXFMT_R32_G32_B32,
    SPAGM_TEXFMT_R16_G16_B16_A16, SPAGM_TEXFMT_R32_G32,
    SPAGM_TEXFMT_A8B8G8R8,        SPAGM_TEXFMT_A2B10G10R10,
    SPAGM_TEXFMT_R16_G16,         SPAGM_TEXFMT_R32,
    SPAGM_TEXFMT_B5G6R5,          SPAGM_TEXFMT_G8R8,
    SPAGM_TEXFMT_R16,             SPAGM_TEXFMT_R8,
    SPAGM_TEXFMT_E5B9G9R9_SHAREDEXP, SPAGM_TEXFMT_BF10GF11RF11};

static const char *const dtype_names[] = {"SNORM", "UNORM", "SINT", "UINT",
                                          "SNORM_FORCE_FP16", "UNORM_FORCE_FP16",
                                          "FLOAT", NULL};
static const unsigned dtype_values[] = {1, 2, 3, 4, 5, 6, 7};

static const char *const dim_names[] = {"1D", "2D", "3D", "CUBE", "1D_ARRAY",
                                        "2D_ARRAY", "1D_BUFFER", "2D_NO_MIPMAP",
                                        "CUBE_ARRAY", NULL};
static const unsigned dim_values[] = {0, 1, 2, 3, 4, 5, 6, 7, 8};

static const char *const layout_names[] = {"pitch", "blocklinear", NULL};
static const unsigned layout_values[] = {SPAGM_TEXLAYOUT_PITCH,
                                         SPAGM_TEXLAYOUT_BLOCKLINEAR};

/* swizzle=RGBA: one character per X, Y, Z, W. */
static spagm_status swizzle(spagm_scn_args *a, unsigned src[4], spagm_diag *d) {
  skip_blanks(a);
  spagm_scn_args at = *a;
  char w[16];
  if (!spagm_scn_word(a, w, sizeof w) || strlen(w) != 4)
    return spagm_scn_error(&at, d,
                           "swizzle needs four characters out of R G B A 0 1 I "
                           "(e.g. RGBA, BGR1, R001)");
  for (unsigned i = 0; i < 4; i++) {
    switch (w[i]) {
      case 'R': case 'r': src[i] = SPAGM_TEXSRC_R; break;
      case 'G': case 'g': src[i] = SPAGM_TEXSRC_G; break;
      case 'B': case 'b': src[i] = SPAGM_TEXSRC_B; break;
      case 'A': case 'a': src[i] = SPAGM_TEXSRC_A; break;
      case '0': src[i] = SPAGM_TEXSRC_ZERO; break;
      case '1': src[i] = SPAGM_TEXSRC_ONE_FLOAT; break;
      case 'I': case 'i': src[i] = SPAGM_TEXSRC_ONE_INT; break;
      default:
        return spagm_scn_error(&at, d,
                               "swizzle character '%c' is not one of R G B A 0 "
                               "1 (one-float) I (one-int)",
                               w[i]);
    }
  }
  return SPAGM_OK;
}

/* samples=N: the standard MSAA mode of each count (R20). */
static spagm_status samples_mode(spagm_scn_args *a, unsigned *msaa,
                                 spagm_diag *d) {
  skip_blanks(a);
  spagm_scn_args at = *a;
  uint32_t n;
  spagm_status st = spagm_scn_u32(a, &n, d);
  if (st != SPAGM_OK) return st;
  switch (n) {
    case 1: *msaa = SPAGM_TEXMS_1X1; return SPAGM_OK;
    case 2: *msaa = SPAGM_TEXMS_2X1; return SPAGM_OK;
    case 4: *msaa = SPAGM_TEXMS_2X2; return SPAGM_OK;
    case 8: *msaa = SPAGM_TEXMS_4X2; return SPAGM_OK;
    case 16: *msaa = SPAGM_TEXMS_4X4; return SPAGM_OK;
    default:
      return spagm_scn_error(&at, d,
                             "samples=%u: a texture has 1, 2, 4, 8 or 16 samples "
                             "(msaa=MODE sets other MULTI_SAMPLE_COUNT modes)",
                             n);
  }
}

/* ---- texture N key=value ... ----------------------------------------------- */

typedef struct texture_opts {
  spagm_tic t;
  bool view_max_given;
  bool entry_none;
  uint32_t entry; /* bank word pointed at the header */
} texture_opts;

/* Keys of the texel format: format, type, rtype..atype, swizzle, srgb.
 * *known false when key is none of them. */
static spagm_status format_key(spagm_scn_args *a, const char *key, spagm_tic *t,
                               bool *known, spagm_diag *d) {
  spagm_status st;
  *known = true;
  if (!strcasecmp(key, "format"))
    return name_or_number(a, format_names, format_values, 0x7F, "format",
                          &t->components, d);
  if (!strcasecmp(key, "type")) {
    unsigned ty;
    st = name_or_number(a, dtype_names, dtype_values, 7, "data type", &ty, d);
    for (unsigned c = 0; c < 4 && st == SPAGM_OK; c++) t->data_type[c] = ty;
    return st;
  }
  static const char *const comp_type_keys[] = {"rtype", "gtype", "btype", "atype"};
  for (unsigned c = 0; c < 4; c++)
    if (!strcasecmp(key, comp_type_keys[c]))
      return name_or_number(a, dtype_names, dtype_values, 7, "data type",
                            &t->data_type[c], d);
  if (!strcasecmp(key, "swizzle")) return swizzle(a, t->source, d);
  if (!strcasecmp(key, "srgb")) {
    static const char *const onoff[] = {"off", "on", "0", "1", NULL};
    int i;
    st = spagm_scn_keyword(a, onoff, &i, d);
    t->srgb = i % 2 == 1;
    return st;
  }
  *known = false;
  return SPAGM_E_FORMAT;
}

/* Keys of the memory layout: layout, address, pitch, block_height,
 * block_depth. *known false when key is none of them. */
static spagm_status memory_key(spagm_scn_args *a, const char *key, spagm_tic *t,
                               bool *known, spagm_diag *d) {
  *known = true;
  if (!strcasecmp(key, "layout"))
    return name_or_number(a, layout_names, layout_values, 7, "layout", &t->layout, d);
  if (!strcasecmp(key, "address")) {
    skip_blanks(a);
    return spagm_scn_u64(a, &t->address, d);
  }
  if (!strcasecmp(key, "pitch")) return bounded(a, 0x1FFFFF, "pitch", &t->pitch, d);
  if (!strcasecmp(key, "block_height"))
    return bounded(a, 7, "block_height (log2 GOBs)", &t->block_height_log2, d);
  if (!strcasecmp(key, "block_depth"))
    return bounded(a, 7, "block_depth (log2 GOBs)", &t->block_depth_log2, d);
  *known = false;
  return SPAGM_E_FORMAT;
}

/* Keys of the shape: dim, samples, msaa, width, height, depth/layers,
 * levels, view_min, view_max. *known false when key is none of them. */
static spagm_status shape_key(spagm_scn_args *a, const char *key, texture_opts *o,
                              bool *known, spagm_diag *d) {
  spagm_tic *t = &o->t;
  uint32_t v;
  spagm_status st;
  *known = true;
  if (!strcasecmp(key, "dim"))
    return name_or_number(a, dim_names, dim_values, 15, "texture type", &t->type, d);
  if (!strcasecmp(key, "samples")) return samples_mode(a, &t->msaa, d);
  if (!strcasecmp(key, "msaa")) return bounded(a, 15, "msaa mode", &t->msaa, d);
  if (!strcasecmp(key, "width")) return bounded(a, 65536, "width", &t->width, d);
  if (!strcasecmp(key, "height")) return bounded(a, 65536, "height", &t->height, d);
  if (!strcasecmp(key, "depth") || !strcasecmp(key, "layers"))
    return bounded(a, 16384, key, &t->depth, d);
  if (!strcasecmp(key, "levels")) {
    skip_blanks(a);
    spagm_scn_args at = *a;
    if ((st = bounded(a, 16, "levels", &v, d)) != SPAGM_OK) return st;
    if (v == 0) return spagm_scn_error(&at, d, "levels must be 1..16");
    t->max_mip_level = v - 1;
    return SPAGM_OK;
  }
  if (!strcasecmp(key, "view_min")) return bounded(a, 15, "view_min", &t->view_min_level, d);
  if (!strcasecmp(key, "view_max")) {
    o->view_max_given = true;
    return bounded(a, 15, "view_max", &t->view_max_level, d);
  }
  *known = false;
  return SPAGM_E_FORMAT;
}

/* One key=value of `texture`; *known false when the key is not a key. */
static spagm_status texture_key(spagm_scn_args *a, const char *key,
                                texture_opts *o, bool *known, spagm_diag *d) {
  spagm_status st = format_key(a, key, &o->t, known, d);
  if (!*known) st = memory_key(a, key, &o->t, known, d);
  if (!*known) st = shape_key(a, key, o, known, d);
  if (*known || strcasecmp(key, "entry")) return st;
  /* entry=N|none: the bank word pointed at the header. */
  *known = true;
  if (spagm_scn_accept(a, "none")) {
    o->entry_none = true;
    return SPAGM_OK;
  }
  return bounded(a, SPAGM_TEX_CBANK_WORDS - 1, "entry", &o->entry, d);
}

static spagm_status dir_texture(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  spagm_model *m = spagm_scn_model(s);
  uint32_t index;
  spagm_status st = bounded(a, SPAGM_TEX_HEADER_PTR_MASK, "header index", &index, d);
  if (st != SPAGM_OK) return st;
  texture_opts o;
  memset(&o, 0, sizeof o);
  spagm_tic_init(&o.t);
  o.entry = index;
  while (!spagm_scn_at_end(a)) {
    spagm_scn_args at = *a;
    char key[32];
    spagm_scn_word(a, key, sizeof key);
    if ((st = spagm_scn_require(a, "=", d)) != SPAGM_OK) return st;
    bool known;
    st = texture_key(a, key, &o, &known, d);
    if (!known)
      return spagm_scn_error(&at, d,
                             "unknown texture key '%s' (format type rtype gtype "
                             "btype atype swizzle layout dim address pitch "
                             "block_height block_depth width height depth layers "
                             "levels view_min view_max samples msaa srgb entry)",
                             key);
    if (st != SPAGM_OK) return st;
  }
  if (!o.view_max_given) o.t.view_max_level = o.t.max_mip_level;
  spagm_diag why = {0, 0, ""};
  if (spagm_tex_set_header(m, index, &o.t, &why) != SPAGM_OK)
    return spagm_scn_error(a, d, "texture %u: %s", index, why.msg);
  if (!o.entry_none) {
    unsigned bank = spagm_tex_selected_cbank(m);
    st = spagm_tex_set_cbank_word(m, bank, o.entry, index);
    if (st != SPAGM_OK) return model_refused(a, d, st, "constant-bank word");
  }
  return SPAGM_OK;
}

/* ---- cbank, header_pool, fp16_round --------------------------------------- */

static spagm_status dir_cbank(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  static const char *const what[] = {"bank", "select", NULL};
  spagm_model *m = spagm_scn_model(s);
  int w;
  uint32_t bank, entry, value;
  spagm_status st = spagm_scn_keyword(a, what, &w, d);
  if (st == SPAGM_OK) st = bounded(a, SPAGM_TEX_CBANKS - 1, "bank", &bank, d);
  if (st != SPAGM_OK) return st;
  if (w == 1) {
    if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
    return spagm_tex_select_cbank(m, bank);
  }
  if ((st = spagm_scn_require(a, "entry", d)) != SPAGM_OK) return st;
  if ((st = bounded(a, SPAGM_TEX_CBANK_WORDS - 1, "entry", &entry, d)) != SPAGM_OK)
    return st;
  if ((st = spagm_scn_require(a, "=", d)) != SPAGM_OK) return st;
  if ((st = spagm_scn_u32(a, &value, d)) != SPAGM_OK) return st;
  if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
  st = spagm_tex_set_cbank_word(m, bank, entry, value);
  return st == SPAGM_OK ? st : model_refused(a, d, st, "constant-bank word");
}

static spagm_status dir_header_pool(spagm_scn *s, spagm_scn_args *a,
                                    spagm_diag *d) {
  spagm_model *m = spagm_scn_model(s);
  uint64_t base;
  uint32_t max;
  spagm_tex_get_header_pool(m, &base, &max);
  spagm_scn_args start = *a;
  while (!spagm_scn_at_end(a)) {
    static const char *const keys[] = {"base", "max_index", NULL};
    int k;
    spagm_status st = spagm_scn_keyword(a, keys, &k, d);
    if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
    if (st == SPAGM_OK) {
      skip_blanks(a);
      st = k == 0 ? spagm_scn_u64(a, &base, d) : spagm_scn_u32(a, &max, d);
    }
    if (st != SPAGM_OK) return st;
  }
  if (spagm_tex_set_header_pool(m, base, max) != SPAGM_OK)
    return spagm_scn_error(&start, d,
                           "header pool base 0x%llx must be 32-byte aligned and "
                           "below 2^48",
                           (unsigned long long)base);
  return SPAGM_OK;
}

static spagm_status dir_fp16_round(spagm_scn *s, spagm_scn_args *a,
                                   spagm_diag *d) {
  static const char *const modes[] = {"rne", "rz", NULL};
  int k;
  spagm_status st = spagm_scn_keyword(a, modes, &k, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  return spagm_tex_set_fp16_round(spagm_scn_model(s),
                                  k == 0 ? SPAGM_FP16_RNE : SPAGM_FP16_RZ);
}

/* ---- Texture contents -------------------------------------------------------- */

/* The header of texture N as the pool holds it now. */
static spagm_status header_of(spagm_scn *s, spagm_scn_args *at, uint32_t index,
                              spagm_tic *t, unsigned *bytes, spagm_diag *d) {
  if (spagm_tex_get_header(spagm_scn_model(s), index, t) != SPAGM_OK)
    return spagm_scn_error(at, d, "texture %u: no such header index", index);
  *bytes = spagm_tex_texel_bytes(t->components);
  if (*bytes == 0)
    return spagm_scn_error(at, d,
                           "texture %u has format 0x%02x, which the model does "
                           "not decode (define it with `texture %u format=...` "
                           "first)",
                           index, t->components, index);
  return SPAGM_OK;
}

/* texel N X [Y [Z]] [level=L] [sample=S] = WORD... */
static spagm_status dir_texel(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  spagm_scn_args start = *a;
  uint32_t index, xyz[3] = {0, 0, 0}, level = 0, sample = 0;
  spagm_status st = bounded(a, SPAGM_TEX_HEADER_PTR_MASK, "header index", &index, d);
  if (st != SPAGM_OK) return st;
  unsigned n = 0;
  for (;;) {
    skip_blanks(a);
    if (*a->p == '=') break;
    if (spagm_scn_accept(a, "level")) {
      st = spagm_scn_require(a, "=", d);
      if (st == SPAGM_OK) st = bounded(a, 15, "level", &level, d);
    } else if (spagm_scn_accept(a, "sample")) {
      st = spagm_scn_require(a, "=", d);
      if (st == SPAGM_OK) st = bounded(a, 15, "sample", &sample, d);
    } else if (n < 3) {
      st = spagm_scn_u32(a, &xyz[n++], d);
    } else {
      st = spagm_scn_error(a, d, "expected '=' after at most 3 coordinates");
    }
    if (st != SPAGM_OK) return st;
  }
  spagm_scn_accept(a, "=");
  spagm_tic t;
  unsigned bytes;
  if ((st = header_of(s, &start, index, &t, &bytes, d)) != SPAGM_OK) return st;
  uint64_t va;
  spagm_diag why = {0, 0, ""};
  if (spagm_tex_texel_address(&t, xyz[0], xyz[1], xyz[2], level, sample, &va,
                              &why) != SPAGM_OK)
    return spagm_scn_error(&start, d, "texture %u: %s", index, why.msg);
  uint8_t data[16];
  unsigned words = (bytes + 3) / 4, got = 0;
  while (!spagm_scn_at_end(a) && got < 4) {
    uint32_t w;
    if ((st = spagm_scn_u32(a, &w, d)) != SPAGM_OK) return st;
    for (unsigned b = 0; b < 4; b++) data[4 * got + b] = (uint8_t)(w >> (8 * b));
    got++;
  }
  if (got != words || !spagm_scn_at_end(a))
    return spagm_scn_error(a, d,
                           "a texel of this format is %u bytes: give %u 32-bit "
                           "word(s) in memory order",
                           bytes, words);
  /* Placed as TLDS reads it: a 12-byte texel word by word (N75). */
  st = spagm_tex_texel_write(spagm_scn_model(s), &t, xyz[0], xyz[1], xyz[2], level, sample,
                             data, NULL);
  return st == SPAGM_OK ? st : model_refused(&start, d, st, "texel write");
}

/* Deterministic generator of `fill pattern=random` (splitmix64). */
static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

enum pattern { PAT_XY, PAT_GRADIENT, PAT_RANDOM };

static uint8_t ramp(uint32_t i, uint32_t n) {
  return n <= 1 ? 0 : (uint8_t)((uint64_t)i * 255u / (n - 1u));
}

/* Bytes of one texel for a pattern (docs/scenario-tex.md). */
static void pattern_bytes(enum pattern p, uint64_t *rng, uint32_t x, uint32_t y,
                          uint32_t z, unsigned level, unsigned sample,
                          const uint32_t size[3], unsigned bytes, uint8_t *out) {
  for (unsigned k = 0; k < (bytes + 3) / 4; k++) {
    uint32_t w;
    if (p == PAT_XY)
      w = (x & 0xFFu) | (y & 0xFFu) << 8 | (z & 0xFu) << 16 | (sample & 0xFu) << 20 |
          (level & 0xFu) << 24 | (uint32_t)k << 28;
    else if (p == PAT_GRADIENT)
      w = ramp(x, size[0]) | (uint32_t)ramp(y, size[1]) << 8 |
          (uint32_t)ramp(z, size[2]) << 16 | 0xFFu << 24;
    else
      w = (uint32_t)next_random(rng);
    for (unsigned b = 0; b < 4 && 4 * k + b < bytes; b++) out[4 * k + b] = (uint8_t)(w >> (8 * b));
  }
}

/* fill N pattern=xy|gradient|random [seed=S] */
static spagm_status dir_fill(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  spagm_scn_args start = *a;
  uint32_t index;
  spagm_status st = bounded(a, SPAGM_TEX_HEADER_PTR_MASK, "header index", &index, d);
  if (st != SPAGM_OK) return st;
  int pat = -1;
  uint64_t seed = 1;
  while (!spagm_scn_at_end(a)) {
    static const char *const keys[] = {"pattern", "seed", NULL};
    static const char *const pats[] = {"xy", "gradient", "random", NULL};
    int k;
    st = spagm_scn_keyword(a, keys, &k, d);
    if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
    if (st == SPAGM_OK) {
      skip_blanks(a);
      st = k == 0 ? spagm_scn_keyword(a, pats, &pat, d) : spagm_scn_u64(a, &seed, d);
    }
    if (st != SPAGM_OK) return st;
  }
  if (pat < 0) return spagm_scn_error(a, d, "fill needs pattern=xy|gradient|random");
  spagm_tic t;
  unsigned bytes;
  if ((st = header_of(s, &start, index, &t, &bytes, d)) != SPAGM_OK) return st;
  unsigned samples = 1;
  spagm_tex_msaa_grid(t.msaa, &samples, NULL, NULL);
  bool pitch = t.layout == SPAGM_TEXLAYOUT_PITCH;
  unsigned levels = pitch || t.type == SPAGM_TEXTYPE_2D_NO_MIPMAP ? 1 : t.max_mip_level + 1;
  bool one_d = t.type == SPAGM_TEXTYPE_1D || t.type == SPAGM_TEXTYPE_1D_ARRAY ||
               t.type == SPAGM_TEXTYPE_1D_BUFFER;
  bool three_d = t.type == SPAGM_TEXTYPE_3D;
  bool array = t.type == SPAGM_TEXTYPE_1D_ARRAY || t.type == SPAGM_TEXTYPE_2D_ARRAY ||
               t.type == SPAGM_TEXTYPE_CUBE_ARRAY;
  if (pitch) samples = 1, array = false, three_d = false;
  uint64_t rng = seed;
  spagm_model *m = spagm_scn_model(s);
  for (unsigned l = 0; l < levels; l++) {
    uint32_t size[3];
    size[0] = t.width >> l ? t.width >> l : 1;
    size[1] = one_d ? 1 : (t.height >> l ? t.height >> l : 1);
    size[2] = three_d ? (t.depth >> l ? t.depth >> l : 1) : array ? t.depth : 1;
    for (uint32_t z = 0; z < size[2]; z++)
      for (uint32_t y = 0; y < size[1]; y++)
        for (uint32_t x = 0; x < size[0]; x++)
          for (unsigned smp = 0; smp < samples; smp++) {
            uint8_t texel[16];
            pattern_bytes((enum pattern)pat, &rng, x, y, z, l, smp, size, bytes, texel);
            spagm_diag why = {0, 0, ""};
            if (spagm_tex_texel_write(m, &t, x, y, z, l, smp, texel, &why) != SPAGM_OK)
              return spagm_scn_error(&start, d, "texture %u: %s", index, why.msg);
          }
  }
  return SPAGM_OK;
}

/* mem VA = BYTE...  and  mem32 VA = WORD... */
static spagm_status raw_memory(spagm_scn *s, spagm_scn_args *a, spagm_diag *d,
                               unsigned unit) {
  skip_blanks(a);
  spagm_scn_args start = *a;
  uint64_t va;
  spagm_status st = spagm_scn_u64(a, &va, d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st != SPAGM_OK) return st;
  uint8_t buf[256];
  size_t n = 0;
  while (!spagm_scn_at_end(a)) {
    uint32_t v;
    if ((st = bounded(a, unit == 1 ? 0xFFu : 0xFFFFFFFFu,
                      unit == 1 ? "byte" : "word", &v, d)) != SPAGM_OK)
      return st;
    if (n + unit > sizeof buf)
      return spagm_scn_error(a, d, "at most %zu bytes per line", sizeof buf);
    for (unsigned b = 0; b < unit; b++) buf[n++] = (uint8_t)(v >> (8 * b));
  }
  if (n == 0) return spagm_scn_error(a, d, "no values after '='");
  st = spagm_tex_mem_write(spagm_scn_model(s), va, buf, n);
  if (st != SPAGM_OK)
    return spagm_scn_error(&start, d,
                           "0x%llx + %zu bytes is outside 48-bit texture memory",
                           (unsigned long long)va, n);
  return SPAGM_OK;
}

static spagm_status dir_mem(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  return raw_memory(s, a, d, 1);
}

static spagm_status dir_mem32(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  return raw_memory(s, a, d, 4);
}

const spagm_scn_directive spagm_scn_tex_directives[] = {
    {"texture", dir_texture,
     "texture N format=A8B8G8R8 type=UNORM dim=2D layout=blocklinear width=W "
     "height=H levels=L address=VA ...   header N (+ bank word N)"},
    {"cbank", dir_cbank,
     "cbank bank B entry I = VALUE | cbank select B   constant-bank words"},
    {"header_pool", dir_header_pool,
     "header_pool base=VA max_index=N   SetTexHeaderPoolC"},
    {"fp16_round", dir_fp16_round, "fp16_round rne|rz                 TLDS.F16 rounding"},
    {"texel", dir_texel,
     "texel N X [Y [Z]] [level=L] [sample=S] = WORD...   one texel"},
    {"fill", dir_fill, "fill N pattern=xy|gradient|random [seed=S]   every texel"},
    {"mem", dir_mem, "mem VA = BYTE...                  raw texture memory"},
    {"mem32", dir_mem32, "mem32 VA = WORD...                raw texture memory, 32-bit words"},
    {NULL, NULL, NULL},
};
