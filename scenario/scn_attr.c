// SPDX-License-Identifier: Apache-2.0
/* Scenario directives of the attribute unit (scenario.h,
 * docs/scenario-attr.md): stage, attribute maps, SPH headers, ISBE
 * contents, write status, HW values, patch/GS settings, and `check` lines
 * that compare ISBE contents after stores. All state goes through the
 * public setters of spagm/attr.h. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scn_internal.h"

/* Turn a model setter's refusal into a diagnostic at the argument. */
static spagm_status refused(const spagm_scn_args *at, spagm_diag *d,
                            const spagm_diag *why) {
  spagm_scn_args p = *at;
  while (*p.p == ' ' || *p.p == '\t') p.p++;
  return spagm_scn_error(&p, d, "%s", why->msg);
}

/* --- attribute addresses and address lists ------------------------------ */

/* Named attributes (DESIGN §7.2): first byte address and size in bytes. */
typedef struct named_attr {
  const char *name;
  uint32_t addr;
  uint32_t bytes;
} named_attr;

static const named_attr names[] = {
    {"primitive_id", 0x060, 4},   {"rt_array_index", 0x064, 4},
    {"viewport_index", 0x068, 4}, {"point_size", 0x06C, 4},
    {"position", 0x070, 16},      {"front_diffuse", 0x280, 16},
    {"front_specular", 0x290, 16}, {"back_diffuse", 0x2A0, 16},
    {"back_specular", 0x2B0, 16}, {"clip_cull", 0x2C0, 32},
    {"point_sprite", 0x2E0, 8},   {"fog_coord", 0x2E8, 4},
    {"tess_coord", 0x2F0, 8},     {"instance_id", 0x2F8, 4},
    {"vertex_id", 0x2FC, 4},      {"front_face", 0x3FC, 4},
};

/* A name (`position`, `generic3`, `tex_coord2`) as an address range. */
static bool attr_name(const char *w, uint32_t *lo, uint32_t *hi) {
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcasecmp(w, names[i].name) == 0) {
      *lo = names[i].addr;
      *hi = names[i].addr + names[i].bytes - 4;
      return true;
    }
  const struct {
    const char *prefix;
    uint32_t base, count;
  } vec[] = {{"generic", 0x080, 32}, {"tex_coord", 0x300, 10}};
  for (size_t i = 0; i < 2; i++) {
    size_t n = strlen(vec[i].prefix);
    if (strncasecmp(w, vec[i].prefix, n) != 0 || !w[n]) continue;
    char *end;
    unsigned long k = strtoul(w + n, &end, 10);
    if (*end || k >= vec[i].count) return false;
    *lo = vec[i].base + 16u * (uint32_t)k;
    *hi = *lo + 12u;
    return true;
  }
  return false;
}

static bool parse_num(const char *s, uint32_t *v) {
  char *end;
  if (!*s) return false;
  unsigned long x = strtoul(s, &end, 0);
  if (*end || x > 0xFFFFFFFFul) return false;
  *v = (uint32_t)x;
  return true;
}

/* An attribute byte address: a number (multiple of 4, < 0x400) or a
 * single-word name. */
static spagm_status attr_addr(spagm_scn_args *a, uint32_t *addr,
                              spagm_diag *d) {
  spagm_scn_args at = *a;
  char w[64];
  uint32_t hi;
  if (!spagm_scn_word(a, w, sizeof w))
    return spagm_scn_error(&at, d, "expected an attribute address");
  if (attr_name(w, addr, &hi) && hi == *addr) return SPAGM_OK;
  if (!parse_num(w, addr) || *addr >= SPAGM_ATTR_BYTES || (*addr & 3u)) {
    while (*at.p == ' ' || *at.p == '\t') at.p++;
    return spagm_scn_error(&at, d,
                           "'%s' is not an attribute byte address (a multiple "
                           "of 4 below 0x400, or a name like vertex_id)",
                           w);
  }
  return SPAGM_OK;
}

/* An address list: `none`, `all`, or items A, A-B (inclusive byte
 * addresses) and names (`position`, `generic0`) separated by commas. */
static spagm_status addr_list(spagm_scn_args *a,
                              uint32_t bits[SPAGM_ATTR_MAP_WORDS],
                              spagm_diag *d) {
  memset(bits, 0, SPAGM_ATTR_MAP_WORDS * sizeof bits[0]);
  if (spagm_scn_accept(a, "none")) return SPAGM_OK;
  if (spagm_scn_accept(a, "all")) {
    memset(bits, 0xFF, SPAGM_ATTR_MAP_WORDS * sizeof bits[0]);
    return SPAGM_OK;
  }
  do {
    spagm_scn_args at = *a;
    char w[64];
    if (!spagm_scn_word(a, w, sizeof w))
      return spagm_scn_error(&at, d, "expected an address, range or name");
    while (*at.p == ' ' || *at.p == '\t') at.p++;
    uint32_t lo, hi;
    char *dash = strchr(w, '-');
    if (!attr_name(w, &lo, &hi)) {
      if (dash) *dash = '\0';
      if (!parse_num(w, &lo) || (dash ? !parse_num(dash + 1, &hi) : (hi = lo, 0)))
        return spagm_scn_error(&at, d,
                               "'%s%s%s' is not an address, range A-B or "
                               "attribute name",
                               w, dash ? "-" : "", dash ? dash + 1 : "");
    }
    if (lo > hi || hi >= SPAGM_ATTR_BYTES || (lo & 3u) || (hi & 3u))
      return spagm_scn_error(&at, d,
                             "range 0x%x-0x%x: addresses are multiples of 4 "
                             "below 0x400, low first",
                             lo, hi);
    for (uint32_t x = lo / 4; x <= hi / 4; x++) bits[x >> 5] |= 1u << (x & 31);
  } while (spagm_scn_accept(a, ","));
  return spagm_scn_end(a, d);
}

/* in | out as a spagm_space. */
static spagm_status space_of(spagm_scn_args *a, spagm_space *sp,
                             spagm_diag *d) {
  static const char *const words[] = {"in", "out", NULL};
  int k;
  spagm_status st = spagm_scn_keyword(a, words, &k, d);
  if (st == SPAGM_OK)
    *sp = k == 0 ? SPAGM_SPACE_ISBE_IN : SPAGM_SPACE_ISBE_OUT;
  return st;
}

static spagm_status on_off(spagm_scn_args *a, bool *on, spagm_diag *d) {
  static const char *const words[] = {"off", "on", NULL};
  int k;
  spagm_status st = spagm_scn_keyword(a, words, &k, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  *on = k == 1;
  return st;
}

/* --- state directives --------------------------------------------------- */

/* stage VSA|VSB|TI|TS|GS|PS */
static spagm_status dir_stage(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  static const char *const stages[] = {"VSA", "VSB", "TI", "TS", "GS", "PS",
                                       NULL};
  int k;
  spagm_status st = spagm_scn_keyword(a, stages, &k, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  spagm_diag why = {0, 0, ""};
  if (spagm_attr_set_stage(spagm_scn_model(s), (spagm_stage)k, &why) !=
      SPAGM_OK)
    return refused(a, d, &why);
  spagm_scn_set_stage(s, k); /* the assembler's R8 checks follow it */
  return SPAGM_OK;
}

static spagm_status set_map(spagm_scn *s, spagm_scn_args *a, spagm_diag *d,
                            spagm_attr_map which) {
  uint32_t bits[SPAGM_ATTR_MAP_WORDS];
  spagm_scn_args at = *a;
  spagm_status st = addr_list(a, bits, d);
  if (st != SPAGM_OK) return st;
  spagm_diag why = {0, 0, ""};
  if (spagm_attr_set_map(spagm_scn_model(s), which, bits, &why) != SPAGM_OK)
    return refused(&at, d, &why);
  return SPAGM_OK;
}

static spagm_status dir_imap(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  return set_map(s, a, d, SPAGM_MAP_IMAP);
}
static spagm_status dir_omap(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  return set_map(s, a, d, SPAGM_MAP_OMAP);
}
static spagm_status dir_omap_prev(spagm_scn *s, spagm_scn_args *a,
                                  spagm_diag *d) {
  return set_map(s, a, d, SPAGM_MAP_OMAP_PREV);
}
static spagm_status dir_imap_next(spagm_scn *s, spagm_scn_args *a,
                                  spagm_diag *d) {
  return set_map(s, a, d, SPAGM_MAP_IMAP_NEXT);
}

/* streq FIRST LAST (byte addresses, inclusive) | streq none */
static spagm_status dir_streq(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  spagm_scn_args at = *a;
  unsigned start = 255, end = 0;
  if (!spagm_scn_accept(a, "none")) {
    uint32_t lo, hi;
    spagm_status st = attr_addr(a, &lo, d);
    if (st == SPAGM_OK) st = attr_addr(a, &hi, d);
    if (st != SPAGM_OK) return st;
    /* N21: the SPH fields count 32-bit attributes. */
    start = lo / 4;
    end = hi / 4;
  }
  spagm_status st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  spagm_diag why = {0, 0, ""};
  if (spagm_attr_set_store_req(spagm_scn_model(s), start, end, &why) !=
      SPAGM_OK)
    return refused(&at, d, &why);
  return SPAGM_OK;
}

/* sph current|previous|next W0 ... W19 */
static spagm_status dir_sph(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  static const char *const which[] = {"current", "previous", "next", NULL};
  int k;
  spagm_status st = spagm_scn_keyword(a, which, &k, d);
  if (st != SPAGM_OK) return st;
  spagm_scn_args at = *a;
  uint32_t w[SPAGM_SPH_WORDS];
  for (unsigned i = 0; i < SPAGM_SPH_WORDS; i++) {
    if (spagm_scn_at_end(a))
      return spagm_scn_error(a, d, "an SPH v3 header has 20 words; found %u",
                             i);
    if ((st = spagm_scn_u32(a, &w[i], d)) != SPAGM_OK) return st;
  }
  if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
  spagm_model *m = spagm_scn_model(s);
  spagm_diag why = {0, 0, ""};
  if (k == 0) {
    spagm_stage stage;
    spagm_attr_get_stage(m, &stage, NULL);
    st = spagm_attr_load_sph(m, stage, w, NULL, NULL, &why);
  } else if (k == 1) {
    st = spagm_attr_load_sph_prev(m, w, &why);
  } else {
    st = spagm_attr_load_sph_next(m, w, &why);
  }
  return st == SPAGM_OK ? SPAGM_OK : refused(&at, d, &why);
}

/* A number argument handed to an unsigned setter. */
typedef spagm_status (*uint_setter)(spagm_model *, unsigned, spagm_diag *);
static spagm_status set_uint(spagm_scn *s, spagm_scn_args *a, spagm_diag *d,
                             uint_setter fn) {
  spagm_scn_args at = *a;
  uint32_t v;
  spagm_status st = spagm_scn_u32(a, &v, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  spagm_diag why = {0, 0, ""};
  if (fn(spagm_scn_model(s), v, &why) != SPAGM_OK) return refused(&at, d, &why);
  return SPAGM_OK;
}

static spagm_status dir_vertices(spagm_scn *s, spagm_scn_args *a,
                                 spagm_diag *d) {
  return set_uint(s, a, d, spagm_attr_set_vertex_count);
}
static spagm_status dir_patch_words(spagm_scn *s, spagm_scn_args *a,
                                    spagm_diag *d) {
  return set_uint(s, a, d, spagm_attr_set_patch_words);
}
static spagm_status dir_gs_max(spagm_scn *s, spagm_scn_args *a,
                               spagm_diag *d) {
  return set_uint(s, a, d, spagm_attr_set_gs_max_vertices);
}

static spagm_status dir_trap(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  bool on;
  spagm_status st = on_off(a, &on, d);
  if (st != SPAGM_OK) return st;
  return spagm_attr_set_trap(spagm_scn_model(s), on, d);
}

static spagm_status dir_shared(spagm_scn *s, spagm_scn_args *a,
                               spagm_diag *d) {
  bool on;
  spagm_status st = on_off(a, &on, d);
  if (st != SPAGM_OK) return st;
  return spagm_attr_set_shared(spagm_scn_model(s), on, d);
}

/* default ADDR = VALUE */
static spagm_status dir_default(spagm_scn *s, spagm_scn_args *a,
                                spagm_diag *d) {
  uint32_t addr, v;
  spagm_status st = attr_addr(a, &addr, d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st == SPAGM_OK) st = spagm_scn_u32(a, &v, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  return spagm_attr_set_default(spagm_scn_model(s), addr, v, d);
}

/* A vertex (or primitive) index or range LO-HI. */
static spagm_status index_range(spagm_scn_args *a, uint32_t *lo, uint32_t *hi,
                                uint32_t limit, spagm_diag *d) {
  spagm_scn_args at = *a;
  char w[64];
  if (!spagm_scn_word(a, w, sizeof w))
    return spagm_scn_error(&at, d, "expected an index or a range LO-HI");
  while (*at.p == ' ' || *at.p == '\t') at.p++;
  char *dash = strchr(w, '-');
  if (dash) *dash = '\0';
  if (!parse_num(w, lo) || (dash ? !parse_num(dash + 1, hi) : (*hi = *lo, 0)) ||
      *lo > *hi || *hi >= limit)
    return spagm_scn_error(&at, d,
                           "'%s%s%s' is not an index or range below %u", w,
                           dash ? "-" : "", dash ? dash + 1 : "", limit);
  return SPAGM_OK;
}

/* hw KIND INDEX[-LAST] = VALUE */
static spagm_status dir_hw(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  static const char *const kinds[] = {"primitive_id", "tess_coord_u",
                                      "tess_coord_v", "instance_id",
                                      "vertex_id",    "front_face",
                                      NULL};
  int k;
  uint32_t lo, hi, v;
  spagm_status st = spagm_scn_keyword(a, kinds, &k, d);
  uint32_t limit = k == SPAGM_HW_PRIMITIVE_ID ? SPAGM_ATTR_MAX_PRIMITIVES
                                              : SPAGM_ATTR_MAX_VERTICES;
  if (st == SPAGM_OK) st = index_range(a, &lo, &hi, limit, d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st == SPAGM_OK) st = spagm_scn_u32(a, &v, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  for (uint32_t i = lo; i <= hi; i++)
    if ((st = spagm_attr_set_hw(spagm_scn_model(s), (spagm_attr_hw)k, i, v,
                                d)) != SPAGM_OK)
      return st;
  return SPAGM_OK;
}

/* written in|out VERTEX[-LAST] ADDR 0|1 */
static spagm_status dir_written(spagm_scn *s, spagm_scn_args *a,
                                spagm_diag *d) {
  spagm_space sp;
  uint32_t lo, hi, addr, v;
  spagm_status st = space_of(a, &sp, d);
  if (st == SPAGM_OK) st = index_range(a, &lo, &hi, SPAGM_ATTR_MAX_VERTICES, d);
  if (st == SPAGM_OK) st = attr_addr(a, &addr, d);
  spagm_scn_args at = *a;
  if (st == SPAGM_OK) st = spagm_scn_u32(a, &v, d);
  if (st == SPAGM_OK && v > 1)
    return spagm_scn_error(&at, d, "a write-status bit is 0 or 1");
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  for (uint32_t i = lo; i <= hi; i++)
    if ((st = spagm_attr_set_written(spagm_scn_model(s), sp, i, addr, v == 1,
                                     d)) != SPAGM_OK)
      return st;
  return SPAGM_OK;
}

/* Byte address of a region word: raw (space address), map, patch, prim. */
static spagm_status region_addr(spagm_scn_args *a, uint32_t *base,
                                spagm_diag *d) {
  static const char *const regions[] = {"raw", "map", "patch", "prim", NULL};
  int k;
  spagm_status st = spagm_scn_keyword(a, regions, &k, d);
  if (st != SPAGM_OK) return st;
  static const uint32_t bases[] = {0, SPAGM_ISBE_MAP_BASE, SPAGM_ISBE_PATCH_BASE,
                                   SPAGM_ISBE_PRIM_BASE};
  *base = bases[k];
  return SPAGM_OK;
}

/* Fill every attribute of the space's BMAP of vertices 0..count-1 with
 * 0xVVVVAAAA (vertex, address) so any value read back says where it came
 * from; marked written unless `unwritten`. */
static spagm_status isbe_pattern(spagm_model *m, spagm_space sp, bool written,
                                 spagm_diag *d) {
  spagm_attr_config c;
  uint32_t bmap[SPAGM_ATTR_MAP_WORDS];
  spagm_attr_get_config(m, &c, NULL);
  spagm_attr_get_map(m, sp == SPAGM_SPACE_ISBE_IN ? SPAGM_MAP_BMAP_IN
                                                  : SPAGM_MAP_BMAP_OUT,
                     bmap, NULL);
  for (uint32_t v = 0; v < c.vertex_count; v++)
    for (uint32_t x = 0; x < SPAGM_ATTR_COUNT; x++) {
      if (!(bmap[x >> 5] >> (x & 31) & 1u)) continue;
      spagm_status st = spagm_attr_set_vertex_attr(m, sp, v, x * 4,
                                                   v << 16 | x * 4, written, d);
      if (st != SPAGM_OK) return st;
    }
  return SPAGM_OK;
}

/* isbe in|out attr VERTEX[-LAST] ADDR = VALUE [unwritten]
 * isbe in|out pattern [unwritten]
 * isbe in|out raw|map|patch|prim OFFSET = VALUE [u8|u16] */
static spagm_status dir_isbe(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  spagm_model *m = spagm_scn_model(s);
  spagm_space sp;
  spagm_status st = space_of(a, &sp, d);
  if (st != SPAGM_OK) return st;
  spagm_diag why = {0, 0, ""};
  if (spagm_scn_accept(a, "pattern")) {
    bool written = !spagm_scn_accept(a, "unwritten");
    if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
    return isbe_pattern(m, sp, written, d);
  }
  if (spagm_scn_accept(a, "attr")) {
    uint32_t lo, hi, addr, v;
    spagm_scn_args at = *a;
    st = index_range(a, &lo, &hi, SPAGM_ATTR_MAX_VERTICES, d);
    if (st == SPAGM_OK) st = attr_addr(a, &addr, d);
    if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
    if (st == SPAGM_OK) st = spagm_scn_u32(a, &v, d);
    if (st != SPAGM_OK) return st;
    bool written = !spagm_scn_accept(a, "unwritten");
    if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
    for (uint32_t i = lo; i <= hi; i++)
      if (spagm_attr_set_vertex_attr(m, sp, i, addr, v, written, &why) !=
          SPAGM_OK)
        return refused(&at, d, &why);
    return SPAGM_OK;
  }
  uint32_t base, off, v;
  st = region_addr(a, &base, d);
  spagm_scn_args at = *a;
  if (st == SPAGM_OK) st = spagm_scn_u32(a, &off, d);
  if (st == SPAGM_OK) st = spagm_scn_require(a, "=", d);
  if (st == SPAGM_OK) st = spagm_scn_u32(a, &v, d);
  if (st != SPAGM_OK) return st;
  size_t n = 4;
  if (spagm_scn_accept(a, "u8")) n = 1;
  else if (spagm_scn_accept(a, "u16")) n = 2;
  if ((st = spagm_scn_end(a, d)) != SPAGM_OK) return st;
  if (n < 4 && v >> (8 * n))
    return spagm_scn_error(&at, d, "value 0x%x does not fit in %zu bytes", v,
                           n);
  uint8_t bytes[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
                      (uint8_t)(v >> 24)};
  if (spagm_attr_write(m, sp, base + off, bytes, n, &why) != SPAGM_OK)
    return refused(&at, d, &why);
  return SPAGM_OK;
}

/* primitive_count N (output map region word 0) */
static spagm_status dir_primitive_count(spagm_scn *s, spagm_scn_args *a,
                                        spagm_diag *d) {
  uint32_t v;
  spagm_status st = spagm_scn_u32(a, &v, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  return spagm_attr_set_primitive_count(spagm_scn_model(s), v, d);
}

/* --- check: ISBE contents after the fact --------------------------------- */

/* The value a `check` reads and the words that name it. */
typedef struct checked {
  uint32_t got;
  char desc[160];
} checked;

/* isbe in|out attr V ADDR | isbe in|out raw|map|patch|prim OFFSET */
static spagm_status check_isbe(spagm_model *m, spagm_scn_args *a, checked *c,
                               spagm_diag *d) {
  spagm_diag why = {0, 0, ""};
  spagm_space sp;
  spagm_status st;
  if ((st = space_of(a, &sp, d)) != SPAGM_OK) return st;
  spagm_scn_args at = *a;
  if (spagm_scn_accept(a, "attr")) {
    uint32_t v, addr;
    if ((st = index_range(a, &v, &v, SPAGM_ATTR_MAX_VERTICES, d)) != SPAGM_OK ||
        (st = attr_addr(a, &addr, d)) != SPAGM_OK)
      return st;
    if (spagm_attr_get_vertex_attr(m, sp, v, addr, &c->got, &why) != SPAGM_OK)
      return refused(&at, d, &why);
    snprintf(c->desc, sizeof c->desc, "%s vertex %u attribute 0x%03x",
             spagm_space_name(sp), v, addr);
    return SPAGM_OK;
  }
  uint32_t base, off;
  if ((st = region_addr(a, &base, d)) != SPAGM_OK ||
      (st = spagm_scn_u32(a, &off, d)) != SPAGM_OK)
    return st;
  if (spagm_attr_read32(m, sp, base + off, &c->got, &why) != SPAGM_OK)
    return refused(&at, d, &why);
  snprintf(c->desc, sizeof c->desc, "%s byte 0x%x", spagm_space_name(sp),
           base + off);
  return SPAGM_OK;
}

/* patch OFFSET (output patch space, AST.P target) */
static spagm_status check_patch(spagm_model *m, spagm_scn_args *a, checked *c,
                                spagm_diag *d) {
  spagm_diag why = {0, 0, ""};
  spagm_scn_args at = *a;
  uint32_t off;
  spagm_status st;
  if ((st = spagm_scn_u32(a, &off, d)) != SPAGM_OK) return st;
  if (spagm_attr_read32(m, SPAGM_SPACE_PATCH, off, &c->got, &why) != SPAGM_OK)
    return refused(&at, d, &why);
  snprintf(c->desc, sizeof c->desc, "patch word at 0x%x", off);
  return SPAGM_OK;
}

/* gs LANE INDEX ADDR (GS output buffer, R12 / N26) */
static spagm_status check_gs(spagm_model *m, spagm_scn_args *a, checked *c,
                             spagm_diag *d) {
  spagm_scn_args at = *a;
  uint32_t lane, index, addr, bmap[SPAGM_ATTR_MAP_WORDS];
  spagm_status st;
  if ((st = index_range(a, &lane, &lane, SPAGM_LANES, d)) != SPAGM_OK ||
      (st = spagm_scn_u32(a, &index, d)) != SPAGM_OK ||
      (st = attr_addr(a, &addr, d)) != SPAGM_OK)
    return st;
  spagm_attr_get_map(m, SPAGM_MAP_BMAP_OUT, bmap, NULL);
  uint32_t rank = 0, n = 0;
  for (uint32_t x = 0; x < SPAGM_ATTR_COUNT; x++) {
    bool on = bmap[x >> 5] >> (x & 31) & 1u;
    if (x < addr / 4) rank += on;
    n += on;
  }
  if (!(bmap[addr / 128] >> (addr / 4 % 32) & 1u))
    return spagm_scn_error(&at, d,
                           "attribute 0x%03x has output BMAP bit 0: it has "
                           "no place in the GS buffer",
                           addr);
  /* N26: output vertex i, rank k is word i*N + k of the lane's buffer. */
  uint64_t word = (uint64_t)index * n + rank;
  if (word >= SPAGM_ATTR_GS_LANE_WORDS)
    return spagm_scn_error(&at, d, "output vertex %u is past the buffer",
                           index);
  uint32_t byte = lane * SPAGM_ATTR_GS_LANE_BYTES + (uint32_t)word * 4u;
  spagm_attr_read32(m, SPAGM_SPACE_GS_OUT, byte, &c->got, NULL);
  snprintf(c->desc, sizeof c->desc,
           "GS buffer lane %u output vertex %u attribute 0x%03x (byte 0x%x)",
           lane, index, addr, byte);
  return SPAGM_OK;
}

/* written in|out V ADDR */
static spagm_status check_written(spagm_model *m, spagm_scn_args *a,
                                  checked *c, spagm_diag *d) {
  spagm_space sp;
  uint32_t v, addr;
  bool w = false;
  spagm_status st;
  if ((st = space_of(a, &sp, d)) != SPAGM_OK ||
      (st = index_range(a, &v, &v, SPAGM_ATTR_MAX_VERTICES, d)) != SPAGM_OK ||
      (st = attr_addr(a, &addr, d)) != SPAGM_OK)
    return st;
  spagm_attr_get_written(m, sp, v, addr, &w, NULL);
  c->got = w;
  snprintf(c->desc, sizeof c->desc, "write status %s vertex %u attribute 0x%03x",
           spagm_space_name(sp), v, addr);
  return SPAGM_OK;
}

/* check isbe in|out attr V ADDR == VALUE
 * check isbe in|out raw|map|patch|prim OFFSET == VALUE
 * check patch OFFSET == VALUE          (output patch space, AST.P target)
 * check gs LANE INDEX ADDR == VALUE    (GS output buffer, R12 / N26)
 * check written in|out V ADDR == 0|1 */
static spagm_status dir_check(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  static const char *const what[] = {"isbe", "patch", "gs", "written", NULL};
  spagm_model *m = spagm_scn_model(s);
  spagm_scn_args line = *a;
  int k;
  spagm_status st = spagm_scn_keyword(a, what, &k, d);
  if (st != SPAGM_OK) return st;
  checked c = {0, ""};
  uint32_t want;
  switch (k) {
    case 0: st = check_isbe(m, a, &c, d); break;
    case 1: st = check_patch(m, a, &c, d); break;
    case 2: st = check_gs(m, a, &c, d); break;
    default: st = check_written(m, a, &c, d); break;
  }
  if (st != SPAGM_OK) return st;
  if ((st = spagm_scn_require(a, "=", d)) != SPAGM_OK ||
      (st = spagm_scn_require(a, "=", d)) != SPAGM_OK ||
      (st = spagm_scn_u32(a, &want, d)) != SPAGM_OK ||
      (st = spagm_scn_end(a, d)) != SPAGM_OK)
    return st;
  char gv[48], wv[48];
  spagm__scn_fmt_value(c.got, gv, sizeof gv);
  spagm__scn_fmt_value(want, wv, sizeof wv);
  if (c.got == want)
    spagm__scn_record(s, &line, true, "%s == %s", c.desc, wv);
  else
    spagm__scn_record(s, &line, false, "%s is %s, expected %s", c.desc, gv, wv);
  return SPAGM_OK;
}

/* --- show: print derived state for the reader ---------------------------- */

static void print_map(FILE *o, const char *name, const uint32_t *bits) {
  fprintf(o, "  %-9s", name);
  unsigned x = 0, any = 0;
  while (x < SPAGM_ATTR_COUNT) {
    if (!(bits[x >> 5] >> (x & 31) & 1u)) {
      x++;
      continue;
    }
    unsigned y = x;
    while (y + 1 < SPAGM_ATTR_COUNT && (bits[(y + 1) >> 5] >> ((y + 1) & 31) & 1u))
      y++;
    if (y == x) fprintf(o, "%s0x%03x", any ? "," : " ", x * 4);
    else fprintf(o, "%s0x%03x-0x%03x", any ? "," : " ", x * 4, y * 4);
    any = 1;
    x = y + 1;
  }
  unsigned n = 0;
  for (unsigned w = 0; w < SPAGM_ATTR_MAP_WORDS; w++)
    n += (unsigned)__builtin_popcount(bits[w]);
  fprintf(o, "%s  (%u attributes)\n", any ? "" : " none", n);
}

/* show maps */
static spagm_status dir_show(spagm_scn *s, spagm_scn_args *a, spagm_diag *d) {
  static const char *const what[] = {"maps", NULL};
  int k;
  spagm_status st = spagm_scn_keyword(a, what, &k, d);
  if (st == SPAGM_OK) st = spagm_scn_end(a, d);
  if (st != SPAGM_OK) return st;
  FILE *o = spagm_scn_out(s);
  if (!o) return SPAGM_OK;
  spagm_model *m = spagm_scn_model(s);
  spagm_attr_config c;
  spagm_attr_get_config(m, &c, NULL);
  fprintf(o, "  stage %s, %u vertices, patch %u words, GS max %u, trap %s, %s\n",
          spagm_stage_name(c.stage), c.vertex_count, c.patch_words,
          c.gs_max_vertices, c.trap ? "on" : "off",
          c.shared ? "shared ISBE" : "separate ISBE spaces");
  for (int w = SPAGM_MAP_IMAP; w < SPAGM_MAP_COUNT; w++) {
    uint32_t bits[SPAGM_ATTR_MAP_WORDS];
    spagm_attr_get_map(m, (spagm_attr_map)w, bits, NULL);
    print_map(o, spagm_attr_map_name((spagm_attr_map)w), bits);
  }
  return SPAGM_OK;
}

const spagm_scn_directive spagm_scn_attr_directives[] = {
    {"stage", dir_stage, "stage VSA|VSB|TI|TS|GS|PS        shader stage (R8)"},
    {"imap", dir_imap, "imap LIST                        IMAP of this stage, e.g. 0x70-0x7c,generic0"},
    {"omap", dir_omap, "omap LIST                        OMAP of this stage"},
    {"omap_prev", dir_omap_prev, "omap_prev LIST                   OMAP of the previous stage"},
    {"imap_next", dir_imap_next, "imap_next LIST                   IMAP of the next stage"},
    {"streq", dir_streq, "streq FIRST LAST | none          store-request range (byte addresses)"},
    {"sph", dir_sph, "sph current|previous|next W0..W19   load an SPH v3 header"},
    {"vertices", dir_vertices, "vertices N                       ISBE vertex count (R9)"},
    {"patch_words", dir_patch_words, "patch_words 8|16|32|64|128       patch size (R4)"},
    {"gs_max_vertices", dir_gs_max, "gs_max_vertices N                MaxOutputVertexCount (R12)"},
    {"trap", dir_trap, "trap on|off                      vertex-handle trap (R9)"},
    {"shared", dir_shared, "shared on|off                    one ISBE space for input and output"},
    {"default", dir_default, "default ADDR = VALUE             default-table entry (R3)"},
    {"hw", dir_hw, "hw KIND INDEX[-LAST] = VALUE     HW-generated attribute (R2)"},
    {"written", dir_written, "written in|out V[-LAST] ADDR 0|1   write-status bits"},
    {"isbe", dir_isbe,
     "isbe in|out attr V[-LAST] ADDR = VALUE [unwritten] | isbe in|out pattern "
     "[unwritten] | isbe in|out raw|map|patch|prim OFF = VALUE [u8|u16]"},
    {"primitive_count", dir_primitive_count, "primitive_count N                output map region word 0"},
    {"check", dir_check,
     "check isbe in|out attr V ADDR == X | check isbe in|out raw|map|patch|prim "
     "OFF == X | check patch OFF == X | check gs LANE INDEX ADDR == X | check "
     "written in|out V ADDR == 0|1"},
    {"show", dir_show, "show maps                        print maps, BMAPs and settings"},
    {NULL, NULL, NULL},
};
