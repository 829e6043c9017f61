// SPDX-License-Identifier: Apache-2.0
/* Attribute-unit stimulus: per-epoch state (stage, maps with holes, ISBE
 * contents, write status, HW values) and ALD/AST/AL2P/ISBERD requests,
 * directed first, then constrained-random. */
#include <stdio.h>
#include <string.h>

#include "stim_internal.h"

/* ---- State ------------------------------------------------------------- */

/* A map with holes: a few runs of set attributes, biased towards the
 * interesting areas (position, generics, colours, texture coordinates). */
static void random_map(spagm_rng *r, uint32_t bits[SPAGM_ATTR_MAP_WORDS],
                       unsigned density) {
  memset(bits, 0, SPAGM_ATTR_MAP_WORDS * sizeof bits[0]);
  static const unsigned starts[] = {0x060 / 4, 0x070 / 4, 0x080 / 4, 0x100 / 4,
                                    0x280 / 4, 0x2C0 / 4, 0x2F0 / 4, 0x300 / 4};
  unsigned runs = 1 + spagm_rng_below(r, density);
  for (unsigned i = 0; i < runs; i++) {
    /* One draw per statement (evaluation order, stim.c). */
    unsigned start;
    if (spagm_rng_pct(r, 70)) {
      start = starts[spagm_rng_below(r, 8)];
      start += spagm_rng_below(r, 8);
    } else {
      start = spagm_rng_below(r, 256);
    }
    unsigned len = 1 + spagm_rng_below(r, 12);
    for (unsigned a = start; a < start + len && a < 256; a++)
      if (!spagm_rng_pct(r, 15)) bits[a / 32] |= 1u << (a % 32); /* holes */
  }
}

static void or_map(uint32_t *dst, const uint32_t *a) {
  for (unsigned i = 0; i < SPAGM_ATTR_MAP_WORDS; i++) dst[i] |= a[i];
}

/* Fill a space's attribute region for every vertex entry with random data
 * and random write status (mostly written). Words beyond the live vertices
 * also get data, as leftovers a previous draw could have left (R2). With
 * last_group_only (N531's upper half) only the last 32-vertex group gets
 * data, the groups below it reading 0, so the load stays near 8 192 words. */
static void fill_space(spagm_rng *r, spagm_model *m, spagm_space sp,
                       const uint32_t *bmap, unsigned vertex_count, bool last_group_only) {
  unsigned n = 0;
  for (unsigned a = 0; a < SPAGM_ATTR_COUNT; a++) n += spagm__stim_bit(bmap, a);
  unsigned entries = vertex_count + 8 < SPAGM_ATTR_MAX_VERTICES ? vertex_count + 8
                                                               : SPAGM_ATTR_MAX_VERTICES;
  /* R1: the attribute region of `entries` vertices spans
   * ceil(entries/32) * N * 128 bytes from 0. */
  uint32_t groups = (entries + 31) / 32, bytes = groups * n * 128u;
  uint32_t first = last_group_only ? (groups - 1) * n * 128u : 0;
  for (uint32_t off = first; off < bytes; off += 4)
    spagm_attr_write32(m, sp, off, spagm_rng_u32(r), NULL);
  for (unsigned v = 0; v < entries; v++) {
    uint32_t w[SPAGM_ATTR_MAP_WORDS];
    for (unsigned i = 0; i < SPAGM_ATTR_MAP_WORDS; i++) {
      uint32_t x = spagm_rng_u32(r);
      x |= spagm_rng_u32(r);
      x |= spagm_rng_u32(r);
      w[i] = bmap[i] & x;
    }
    /* Sometimes a written bit where the BMAP is 0: the tables ignore it. */
    if (spagm_rng_pct(r, 10)) {
      unsigned word = spagm_rng_below(r, 8);
      w[word] |= spagm_rng_u32(r);
    }
    spagm_attr_set_written_bits(m, sp, v, w, NULL);
  }
}

static void fill_region(spagm_rng *r, spagm_model *m, spagm_space sp, uint32_t base,
                        uint32_t size) {
  for (uint32_t off = 0; off < size; off += 4)
    spagm_attr_write32(m, sp, base + off, spagm_rng_u32(r), NULL);
}

/* IMAP/OMAP of this stage, OMAP of the previous and IMAP of the next, and
 * sometimes a store-request range. */
/* The lowest or highest attribute of a map (0 or 255 for an empty one). */
static uint32_t map_end(const uint32_t *bits, bool highest) {
  for (unsigned i = 0; i < SPAGM_ATTR_COUNT; i++) {
    unsigned a = highest ? SPAGM_ATTR_COUNT - 1 - i : i;
    if (spagm__stim_bit(bits, a)) return a;
  }
  return highest ? 255u : 0u;
}

/* The ST_REQ range: its corners (docs/stimulus.md), else sometimes a
 * uniform range, else none. N531: a range ending at attribute 255, and one
 * starting at attribute 0 with attribute 0 in OMAP and not in IMAP(next),
 * so that only ST_REQ puts it in the output BMAP (ALD.txt). N532: one whose
 * start keeps its power-on value 255 with an end of 1..254 (empty, N21). */
static void random_streq(const stim_corners *cn, spagm_rng *r, spagm_attr_config *c,
                         bool *from_zero) {
  uint32_t first = map_end(c->omap, false), last = map_end(c->omap, true);
  uint32_t len = spagm_rng_below(r, 16);
  switch (spagm__stim_corner(cn, r, AC_STREQ_POINT, 7)) {
    case 0: c->streq_start = c->streq_end = spagm_rng_below(r, 256); return;
    case 1:
      c->streq_end = first;
      c->streq_start = first > len ? first - len : 0;
      return;
    case 2:
      c->streq_end = last;
      c->streq_start = last > len ? last - len : 0;
      return;
    case 3:
      c->streq_start = last;
      c->streq_end = last + len > 255 ? 255 : last + len;
      return;
    case 4:
      c->streq_end = SPAGM_ATTR_COUNT - 1;
      c->streq_start = c->streq_end - len;
      return;
    case 5: /* the maps are set after the map corners (streq_from_zero) */
      c->streq_start = 0;
      c->streq_end = len;
      *from_zero = true;
      return;
    case 6: /* N532: start keeps its power-on value (255): an empty range */
      c->streq_end = 1 + spagm_rng_below(r, SPAGM_ATTR_COUNT - 2);
      return;
    default: break;
  }
  if (spagm_rng_pct(r, 30)) {
    c->streq_start = spagm_rng_below(r, 256);
    c->streq_end = c->streq_start + len;
    if (c->streq_end > 255) c->streq_end = 255;
  }
}

static void random_maps(const stim_corners *cn, spagm_rng *r, spagm_attr_config *c,
                        bool *streq_from_zero) {
  random_map(r, c->imap, 6);
  random_map(r, c->omap, 6);
  random_map(r, c->omap_prev, 6);
  random_map(r, c->imap_next, 6);
  /* Make the input and output BMAPs non-trivial: share most of IMAP with
   * the previous OMAP, and of OMAP with the next IMAP. */
  if (spagm_rng_pct(r, 80)) or_map(c->omap_prev, c->imap);
  if (spagm_rng_pct(r, 80)) or_map(c->imap_next, c->omap);
  random_streq(cn, r, c, streq_from_zero);
}

/* The epoch's configuration: stage, sharing, trap, sizes, maps, defaults.
 * One draw per statement, in this order (stim.c). */
static void random_config(const spagm_stim *s, const stim_corners *cn, spagm_rng *r,
                          spagm_attr_config *c, bool *streq_from_zero) {
  spagm_attr_config_default(c);
  bool attr_on = (s->o.units & (1u << SPAGM_UNIT_ATTR)) != 0;
  bool pix_on = (s->o.units & (1u << SPAGM_UNIT_PIX)) != 0;
  /* Every VTG stage; PS mostly when only the pixel unit runs, half the
   * epochs when both run, rarely for the attribute unit alone (its R8
   * faults); the unit the stage does not suit gets few requests (stim.c). */
  static const spagm_stage vtg[] = {SPAGM_STAGE_VSA, SPAGM_STAGE_VSB, SPAGM_STAGE_TI,
                                    SPAGM_STAGE_TS, SPAGM_STAGE_GS};
  unsigned ps_pct = !attr_on ? 90 : pix_on ? 50 : 4;
  c->stage = spagm_rng_pct(r, ps_pct) ? SPAGM_STAGE_PS : vtg[spagm_rng_below(r, 5)];
  c->shared = spagm_rng_pct(r, 20);
  c->trap = spagm_rng_pct(r, 50);
  static const uint32_t counts[] = {1, 3, 17, 32, 33, 64, 96, 100, 128, 200, 256};
  c->vertex_count = spagm_rng_pct(r, 70) ? counts[spagm_rng_below(r, 11)]
                                         : 1 + spagm_rng_below(r, 256);
  static const uint32_t patch[] = {8, 16, 32, 64, 128};
  c->patch_words = patch[spagm_rng_below(r, 5)];
  c->gs_max_vertices = spagm_rng_below(r, 40);
  random_maps(cn, r, c, streq_from_zero);
  /* Mostly the R3 defaults; sometimes a driver's own table. */
  if (spagm_rng_pct(r, 25))
    for (unsigned i = 0; i < 8; i++) {
      unsigned at = spagm_rng_below(r, 256);
      c->defaults[at] = spagm_rng_u32(r);
    }
}

/* ISBE contents: attribute regions and write status of both spaces, then
 * the map, patch and primitive regions. */
static void fill_isbe(spagm_rng *r, spagm_model *m, const stim_attr *a,
                      const spagm_attr_config *c) {
  bool upper = (a->corners >> SPAGM_STIM_ATTR_UPPER_HALF & 1u) != 0;
  fill_space(r, m, SPAGM_SPACE_ISBE_IN, a->bmap_in, c->vertex_count, upper);
  if (!c->shared) fill_space(r, m, SPAGM_SPACE_ISBE_OUT, a->bmap_out, c->vertex_count, upper);
  else {
    /* Shared memory: the output side still has its own write status. */
    for (unsigned v = 0; v < c->vertex_count; v++) {
      uint32_t w[SPAGM_ATTR_MAP_WORDS];
      for (unsigned i = 0; i < SPAGM_ATTR_MAP_WORDS; i++)
        w[i] = a->bmap_out[i] & spagm_rng_u32(r);
      spagm_attr_set_written_bits(m, SPAGM_SPACE_ISBE_OUT, v, w, NULL);
    }
  }
  static const spagm_isbe_region regions[] = {SPAGM_REGION_MAP, SPAGM_REGION_PATCH,
                                              SPAGM_REGION_PRIM};
  for (unsigned i = 0; i < 3; i++) {
    uint32_t base = spagm_isbe_region_base(regions[i]);
    uint32_t size = spagm_isbe_region_size(regions[i]);
    fill_region(r, m, SPAGM_SPACE_ISBE_IN, base, size);
    if (!c->shared) fill_region(r, m, SPAGM_SPACE_ISBE_OUT, base, size);
  }
}

/* Primitive count and the HW-generated values of R2. */
static void random_hw_values(spagm_rng *r, spagm_model *m) {
  spagm_attr_set_primitive_count(m, spagm_rng_below(r, 64), NULL);
  for (unsigned v = 0; v < SPAGM_ATTR_MAX_VERTICES; v++)
    for (unsigned k = 1; k < SPAGM_HW_COUNT; k++)
      spagm_attr_set_hw(m, (spagm_attr_hw)k, v, spagm_rng_u32(r), NULL);
  for (unsigned p = 0; p < SPAGM_ATTR_MAX_PRIMITIVES; p++)
    spagm_attr_set_hw(m, SPAGM_HW_PRIMITIVE_ID, p, spagm_rng_u32(r), NULL);
}

/* The one-line description of the epoch's attribute state. */
static void summarize(spagm_stim *s, const stim_attr *a, const spagm_attr_config *c) {
  unsigned nin = 0, nout = 0;
  for (unsigned i = 0; i < SPAGM_ATTR_COUNT; i++) {
    nin += spagm__stim_bit(a->bmap_in, i);
    nout += spagm__stim_bit(a->bmap_out, i);
  }
  snprintf(s->summary[SPAGM_UNIT_ATTR], sizeof s->summary[0],
           "stage %s, %u vertices, %u/%u attributes in/out, patch %u words, "
           "GS max %u, trap %s%s",
           spagm_stage_name(c->stage), c->vertex_count, nin, nout, c->patch_words,
           c->gs_max_vertices, c->trap ? "on" : "off", c->shared ? ", shared ISBE" : "");
}

/* Attributes in a map: N of the R1 layout it gives. */
static uint32_t map_count(const uint32_t *map) {
  uint32_t n = 0;
  for (unsigned w = 0; w < SPAGM_ATTR_MAP_WORDS; w++) n += (uint32_t)__builtin_popcount(map[w]);
  return n;
}

/* N283: in a GS epoch, sometimes a MaxOutputVertexCount just past the
 * vertex whose words cross the end of the lane's 1024-word buffer (vertex
 * v, rank k is word v N + k, N26), so stores reach the word limit. Drawn
 * from a stream of its own: the other state draws are those of stimulus 4. */
static void gs_word_limit(spagm_stim *s, stim_attr *a, spagm_model *m, spagm_attr_config *c) {
  uint32_t n = map_count(a->bmap_out);
  if (c->stage != SPAGM_STAGE_GS || n == 0) return;
  spagm_rng k;
  spagm_rng_seed(&k, s->o.seed, s->epoch, SPAGM_UNIT_ATTR, 2);
  if (spagm__stim_corner(&a->cn, &k, AC_GS_LIMIT, 1) == 0) {
    uint32_t max = SPAGM_ATTR_GS_LANE_WORDS / n + 1 + spagm_rng_below(&k, 8);
    c->gs_max_vertices = max < SPAGM_ATTR_MAX_GS_VERTICES ? max : SPAGM_ATTR_MAX_GS_VERTICES;
    spagm_attr_set_gs_max_vertices(m, c->gs_max_vertices, NULL);
  }
  if (SPAGM_ATTR_GS_LANE_WORDS / n < c->gs_max_vertices) a->gs_words_n = n;
}

/* The attribute of rank k in map (the k-th set bit), or 0 when none. */
static uint32_t attr_of_rank(const uint32_t *map, uint32_t k) {
  for (unsigned i = 0; i < SPAGM_ATTR_COUNT; i++)
    if (spagm__stim_bit(map, i) && k-- == 0) return i;
  return 0;
}

/* N466: the maps at their ends, from a stream of its own (the drawn maps are
 * replaced, so the other draws of an epoch without the corner are those of
 * stimulus 10). Every attribute mapped makes N = 256 in both spaces, so
 * ranks reach 255 and the vertex-group stride 256 x 128 bytes; the vertex
 * count then stays at 33..64 (vertices past 31 use the stride, and the
 * load and read-back of 2 x 256 x 32 words per space stay short). One
 * output attribute makes N = 1, so a GS buffer's words are the vertex
 * indices themselves; a GS epoch then takes MaxOutputVertexCount 1024, so
 * stores reach indices 512..1023 (R12, N26). N531: every attribute mapped
 * over 129..136 vertices puts vertices 128 and up at ISBE offsets of
 * 0x20000 and more (R1: (v / 32) x 256 x 128), the half of the attribute
 * region no other epoch fills; the ISBE is shared, so one space is loaded
 * and read back. */
static void map_corner(spagm_stim *s, stim_attr *a, spagm_attr_config *c) {
  spagm_rng k;
  spagm_rng_seed(&k, s->o.seed, s->epoch, SPAGM_UNIT_ATTR, 10);
  unsigned corner = spagm__stim_corner(&a->cn, &k, AC_MAP_ALL, 3);
  if (corner == 0 || corner == 2) {
    uint32_t *maps[] = {c->imap, c->omap, c->omap_prev, c->imap_next};
    for (unsigned i = 0; i < 4; i++) memset(maps[i], 0xFF, SPAGM_ATTR_MAP_WORDS * sizeof(uint32_t));
    if (corner == 0) {
      c->vertex_count = 33 + spagm_rng_below(&k, 32);
      a->corners |= 1u << SPAGM_STIM_ATTR_ALL_MAPPED;
    } else {
      c->vertex_count = 129 + spagm_rng_below(&k, 8);
      c->shared = true;
      a->corners |= 1u << SPAGM_STIM_ATTR_UPPER_HALF;
    }
  } else if (corner == 1) {
    unsigned at = spagm_rng_below(&k, SPAGM_ATTR_COUNT);
    memset(c->omap, 0, SPAGM_ATTR_MAP_WORDS * sizeof(uint32_t));
    c->omap[at / 32] = 1u << (at % 32);
    c->imap_next[at / 32] |= 1u << (at % 32);
    if (c->stage == SPAGM_STAGE_GS) c->gs_max_vertices = SPAGM_ATTR_MAX_GS_VERTICES;
    a->corners |= 1u << SPAGM_STIM_ATTR_ONE_OUTPUT;
  }
}

/* N531: MaxOutputVertexCount at its power-on value, from a stream of its
 * own, so an epoch that keeps power-on values (N291) leaves it to the
 * reset; drawn 1 in 40 otherwise. N283's word limit may replace it in a GS
 * epoch (then the corner is not counted as drawn). */
static void gs_max_power_on(spagm_stim *s, stim_attr *a, spagm_attr_config *c) {
  spagm_rng k;
  spagm_rng_seed(&k, s->o.seed, s->epoch, SPAGM_UNIT_ATTR, 12);
  if (spagm__stim_corner(&a->cn, &k, AC_GS_MAX_POWER_ON, 1) != 0) return;
  spagm_attr_config p;
  spagm_attr_config_default(&p);
  c->gs_max_vertices = p.gs_max_vertices;
  a->gs_drawn_power_on = true;
  a->corners |= 1u << SPAGM_STIM_ATTR_GS_MAX_POWER_ON;
}

/* N531: leftover words (R2) in the last 128 bytes of each space's
 * attribute region, past every live vertex, so an ISBERD of the region's
 * last element reads data. From a stream of its own. */
static void isbe_end_leftovers(spagm_stim *s, stim_attr *a, spagm_model *m,
                               const spagm_attr_config *c) {
  uint32_t n = map_count(a->bmap_in), n_out = map_count(a->bmap_out);
  uint32_t entries = c->vertex_count + 8 < SPAGM_ATTR_MAX_VERTICES ? c->vertex_count + 8
                                                                  : SPAGM_ATTR_MAX_VERTICES;
  uint32_t groups = (entries + 31) / 32; /* as fill_space */
  uint32_t filled = groups * (n > n_out ? n : n_out) * 128u;
  a->isbe_groups = groups;
  uint32_t from = SPAGM_ISBE_ATTR_BASE + SPAGM_ISBE_ATTR_SIZE - 128u;
  if (filled > from) return;
  spagm_rng k;
  spagm_rng_seed(&k, s->o.seed, s->epoch, SPAGM_UNIT_ATTR, 13);
  fill_region(&k, m, SPAGM_SPACE_ISBE_IN, from, 128u);
  if (!c->shared) fill_region(&k, m, SPAGM_SPACE_ISBE_OUT, from, 128u);
}

spagm_status spagm__stim_attr_epoch(spagm_stim *s, spagm_rng *r, spagm_model *m,
                                    spagm_diag *d) {
  stim_attr *a = &s->attr;
  memset(a, 0, sizeof *a);
  spagm__stim_corners_init(&a->cn, spagm__stim_attr_corners, AC_N, s->hits[SPAGM_UNIT_ATTR]);
  spagm_attr_config c;
  bool streq_from_zero = false;
  random_config(s, &a->cn, r, &c, &streq_from_zero);
  map_corner(s, a, &c);
  gs_max_power_on(s, a, &c);
  /* N531: attribute 0 in OMAP and not in IMAP(next), so only the range
   * from 0 maps it; not in a "one output attribute" epoch, whose OMAP is
   * its one attribute. */
  if (streq_from_zero && !(a->corners >> SPAGM_STIM_ATTR_ONE_OUTPUT & 1u)) {
    c.omap[0] |= 1u;
    c.imap_next[0] &= ~1u;
  }
  /* The ST_REQ corners as the maps left them (the map corners replace
   * OMAP and IMAP(next)). */
  if (c.streq_end == SPAGM_ATTR_COUNT - 1) a->corners |= 1u << SPAGM_STIM_ATTR_STREQ_TOP;
  spagm_attr_config power_on;
  spagm_attr_config_default(&power_on);
  if (c.streq_start == power_on.streq_start && c.streq_end != power_on.streq_end)
    a->corners |= 1u << SPAGM_STIM_ATTR_STREQ_POWER_ON;
  if (c.streq_start == 0 && c.streq_end >= c.streq_start && (c.omap[0] & 1u) &&
      !(c.imap_next[0] & 1u))
    a->corners |= 1u << SPAGM_STIM_ATTR_STREQ_ZERO;
  spagm_status st = spagm_attr_set_config(m, &c, d);
  if (st != SPAGM_OK) return st;

  spagm_attr_get_map(m, SPAGM_MAP_BMAP_IN, a->bmap_in, NULL);
  spagm_attr_get_map(m, SPAGM_MAP_BMAP_OUT, a->bmap_out, NULL);
  fill_isbe(r, m, a, &c);
  random_hw_values(r, m);
  isbe_end_leftovers(s, a, m, &c);

  a->stage = c.stage;
  a->vertex_count = c.vertex_count;
  a->patch_words = c.patch_words;
  gs_word_limit(s, a, m, &c);
  a->gs_max = c.gs_max_vertices;
  spagm_attr_config p;
  spagm_attr_config_default(&p);
  if (!(a->gs_drawn_power_on && c.gs_max_vertices == p.gs_max_vertices))
    a->corners &= ~(1u << SPAGM_STIM_ATTR_GS_MAX_POWER_ON);
  summarize(s, a, &c);
  return SPAGM_OK;
}

/* ---- Requests ---------------------------------------------------------- */

#define DIRECTED_DONE 1000u

static bool is_vs(spagm_stage st) {
  return st == SPAGM_STAGE_VSA || st == SPAGM_STAGE_VSB;
}

/* The first attribute of bmap at or after `start`, wrapping past 255 to 0;
 * 256 when none is mapped. Word by word, the answer of a bit walk. */
static unsigned next_mapped(const uint32_t *bmap, unsigned start) {
  unsigned w = start / 32;
  uint32_t x = bmap[w] & (~0u << (start % 32));
  for (unsigned i = 0; i <= SPAGM_ATTR_MAP_WORDS; i++) {
    if (x) return 32 * w + (unsigned)__builtin_ctz(x);
    w = (w + 1) % SPAGM_ATTR_MAP_WORDS;
    x = bmap[w];
    /* The start word again: only its bits below `start` are left. */
    if (w == start / 32) x &= ~(~0u << (start % 32));
  }
  return 256;
}

/* An attribute byte address worth loading or storing with an access of
 * `size`: its corners (R4; 1024 itself, the first invalid start of a
 * 32-bit access, only reaches the Ra forms: an immediate keeps 10 bits),
 * else the older mix. */
static inline uint32_t pick_addr(const stim_attr *sa, spagm_rng *r, const uint32_t *bmap,
                                 spagm_asize size) {
  /* One draw (N306): the corner (16 bits), the kind of address (16) and
   * the address of that kind (16). */
  spagm_bits b = spagm_bits_draw(r);
  uint32_t bytes = 4u * ((unsigned)size + 1u);
  switch (spagm__stim_corner_bits(&sa->cn, &b, AC_ADDR_FIRST, 4)) {
    case 0: return 0;
    case 1: return 0x3FC;
    case 2: return 1024 - bytes;
    case 3: return 1028 - bytes;
    default: break;
  }
  unsigned k = spagm_bits_below(&b, 100);
  if (k < 55) {
    /* A mapped attribute, when there is one: the first at or after `start`,
     * wrapping. */
    unsigned start = spagm_bits_below(&b, 256);
    unsigned a = next_mapped(bmap, start);
    if (a < 256) return a * 4;
  }
  if (k < 70) {
    /* Default classes of R3 and the HW attributes of R2. */
    static const uint32_t special[] = {0x07C, 0x08C, 0x0FC, 0x27C, 0x28C, 0x29C,
                                       0x2AC, 0x2BC, 0x30C, 0x39C, 0x060, 0x2F0,
                                       0x2F4, 0x2F8, 0x2FC, 0x3FC, 0x070, 0x000};
    return special[spagm_bits_below(&b, sizeof special / sizeof special[0])];
  }
  if (k < 78) return 1008 + 4 * spagm_bits_below(&b, 4); /* vector past 1024 (R4) */
  if (k < 85) return spagm_bits_below(&b, 1024);         /* unaligned too (R10) */
  return 4 * spagm_bits_below(&b, 256);
}

/* Vertex handles of a warp: most warps have every handle in range; about
 * one in six has some lanes out of range (R9), so traps stay exceptional. */
static void vertex_handles(const stim_attr *a, spagm_rng *stream, uint32_t out[SPAGM_LANES]) {
  spagm_rng local = *stream, *r = &local; /* in registers for the lane loop */
  unsigned bad_pct = spagm_rng_pct(r, 15) ? 20 : 0;
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    /* One draw a lane (N306): in range or not (16 bits), then the handle
     * (16), or just out of range or not (16) and how far (16) or any
     * word (32). */
    spagm_bits b = spagm_bits_draw(r);
    if (!spagm_bits_pct(&b, bad_pct) && a->vertex_count)
      out[l] = spagm_bits_below(&b, a->vertex_count);
    else if (spagm_bits_pct(&b, 80))
      out[l] = a->vertex_count + spagm_bits_below(&b, 40); /* just out of range */
    else
      out[l] = spagm_bits_take(&b, 32);
  }
  /* One lane at a corner of the handle range (R9). */
  unsigned k = spagm__stim_corner(&a->cn, r, AC_VTX_FIRST, 3);
  unsigned lane = spagm__stim_lane(r);
  if (k == 0) out[lane] = 0;
  else if (k == 1) out[lane] = a->vertex_count - 1;
  else if (k == 2) out[lane] = a->vertex_count;
  *stream = local;
}

static void thread_context(const stim_attr *a, spagm_rng *r, spagm_request *req) {
  vertex_handles(a, r, req->vertex);
  vertex_handles(a, r, req->primitive);
}

static void random_data(spagm_rng *r, spagm_request *req) {
  spagm_rng local = *r; /* in registers for the lane loop */
  for (unsigned i = 0; i < 4; i++)
    for (unsigned l = 0; l < SPAGM_LANES; l += 2) {
      uint64_t v = spagm_rng_u64(&local); /* two lanes a draw (N306) */
      req->d[i][l] = (uint32_t)v;
      req->d[i][l + 1] = (uint32_t)(v >> 32);
    }
  *r = local;
}

/* R7 AL2P result for addr under bmap: [9:0] address, [17:10] rank, bit 31
 * when unmapped. Built from the maps, not from executing AL2P, so traffic
 * never depends on results. */
static uint32_t al2p_value(const uint32_t *bmap, uint32_t addr) {
  unsigned attr = (addr & 1023u) / 4, rank = 0;
  if (addr >= 1024 || !spagm__stim_bit(bmap, attr)) return 0x80000000u | (addr & 1023u);
  /* The attributes mapped below attr, counted a word at a time. */
  for (unsigned w = 0; w < attr / 32; w++) rank += (unsigned)__builtin_popcount(bmap[w]);
  if (attr % 32) rank += (unsigned)__builtin_popcount(bmap[attr / 32] & ~(~0u << (attr % 32)));
  return (uint32_t)rank << 10 | (addr & 1023u);
}

/* Indexed patch form a[Ra + imm] (.P): offsets around the patch, some
 * below 0 and some past 4 * patch_words (R4). */
static void patch_operands(const stim_attr *a, spagm_rng *r, spagm_request *req,
                           spagm_insn *i) {
  i->patch = true;
  i->ra = spagm__stim_reg(r);
  i->imm = spagm_rng_range(r, -64, 64);
  /* Four lanes a draw, 16 bits each (N306). */
  uint32_t span = 4 * a->patch_words + 33;
  spagm_bits b = {0};
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    if (l % 4 == 0) b = spagm_bits_draw(r);
    req->a[0][l] = (uint32_t)(-16 + (int32_t)spagm_bits_below(&b, span));
  }
  /* One lane whose Ra + imm is a corner of the patch (R4). */
  static const int32_t below = -4;
  int32_t limit = 4 * (int32_t)a->patch_words;
  unsigned k = spagm__stim_corner(&a->cn, r, AC_PATCH_FIRST, 4);
  unsigned lane = spagm__stim_lane(r);
  const int32_t at[4] = {0, limit - 4, limit, below};
  if (k < 4) req->a[0][lane] = (uint32_t)(at[k] - i->imm);
}

/* .PHYS form a[Ra]: AL2P results (R7) for the access's BMAP, some junk. */
static void phys_operands(const stim_attr *a, spagm_rng *r, spagm_request *req,
                          spagm_insn *i, const uint32_t *bmap) {
  i->phys = true;
  i->ra = spagm__stim_reg(r);
  spagm_rng local = *r; /* in registers for the lane loop */
  for (unsigned l = 0; l < SPAGM_LANES; l++)
    req->a[0][l] = spagm_rng_pct(&local, 95)
                       ? al2p_value(bmap, pick_addr(a, &local, bmap, i->asize))
                       : spagm_rng_u32(&local);
  *r = local;
}

static spagm_asize pick_size(spagm_rng *r) {
  return (spagm_asize)spagm_rng_below(r, 4);
}

static uint8_t pick_dst(spagm_rng *r) {
  return spagm_rng_pct(r, 3) ? SPAGM_RZ : spagm__stim_reg(r);
}

/* ALD in one of its three forms. `form` 0 immediate, 1 indexed patch,
 * 2 .PHYS; out selects .O. */
static void make_ald(stim_attr *a, spagm_rng *r, spagm_request *req, int form, bool out,
                     spagm_asize size, uint32_t addr) {
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_ALD);
  i.rd = pick_dst(r);
  i.out = out;
  i.asize = size;
  const uint32_t *bmap = out ? a->bmap_out : a->bmap_in;
  if (form == 0) {
    i.imm = (int32_t)(addr & 1023u);
    i.patch = a->stage == SPAGM_STAGE_TI || a->stage == SPAGM_STAGE_TS
                  ? spagm_rng_pct(r, 30)
                  : spagm_rng_pct(r, 2);
  } else if (form == 1) {
    patch_operands(a, r, req, &i);
  } else {
    phys_operands(a, r, req, &i, bmap);
  }
  /* Vertex handle: VS uses the implicit vertex (R8: Rb must be RZ); the
   * other VTG stages name Rb, rarely RZ (handle 0). */
  bool vs = is_vs(a->stage);
  if ((!vs && !spagm_rng_pct(r, 3)) || (vs && spagm_rng_pct(r, 2))) {
    i.rb = spagm__stim_reg(r);
    vertex_handles(a, r, req->b[0]);
  }
  spagm__stim_encode(&i, req);
}

static void make_ast(stim_attr *a, spagm_rng *r, spagm_request *req, int form,
                     spagm_asize size, uint32_t addr) {
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_AST);
  i.rb = spagm__stim_reg(r);
  i.asize = size;
  if (form == 0) {
    i.imm = (int32_t)(addr & 1023u);
  } else if (form == 1) {
    patch_operands(a, r, req, &i);
  } else {
    phys_operands(a, r, req, &i, a->bmap_out);
  }
  if (a->stage == SPAGM_STAGE_GS || spagm_rng_pct(r, 5)) {
    /* GS state (R12): [15:0] output vertex index, upper bits opaque. */
    i.rc = spagm__stim_reg(r);
    for (unsigned l = 0; l < SPAGM_LANES; l++) {
      uint32_t opaque = spagm_rng_u32(r) & 0xFFFF0000u;
      req->c[l] = opaque | (spagm_rng_pct(r, 90) ? spagm_rng_below(r, a->gs_max + 3)
                                                 : spagm_rng_below(r, 0x10000));
    }
    /* One lane at a corner of the GS output buffer (R12). */
    unsigned k = spagm__stim_corner(&a->cn, r, AC_GS_FIRST, 3);
    unsigned lane = spagm__stim_lane(r);
    const uint32_t at[3] = {0, a->gs_max ? a->gs_max - 1 : 0, a->gs_max};
    if (k < 3) req->c[lane] = (req->c[lane] & 0xFFFF0000u) | at[k];
    /* N283: one lane's first component at the buffer's last word or the
     * first past it: vertex w / N, the attribute of rank w % N. */
    if (form == 0 && a->stage == SPAGM_STAGE_GS && a->gs_words_n) {
      unsigned g = spagm__stim_corner(&a->cn, r, AC_GS_WORD_LAST, 2);
      if (g < 2) {
        /* A 32-bit store, so no alignment moves the address (R10). */
        uint32_t w = SPAGM_ATTR_GS_LANE_WORDS - 1 + g, n = a->gs_words_n;
        unsigned at_lane = spagm__stim_lane(r);
        i.asize = SPAGM_ASZ_32;
        i.imm = (int32_t)(4u * attr_of_rank(a->bmap_out, w % n));
        req->c[at_lane] = (req->c[at_lane] & 0xFFFF0000u) | w / n;
      }
    }
  }
  /* N532: sometimes the .O bit (32) every store implies (N340), as NAK
   * writes it. */
  if (spagm__stim_corner(&a->cn, r, AC_AST_OUT, 1) == 0) {
    i.out = true;
    a->corners |= 1u << SPAGM_STIM_ATTR_AST_O;
  }
  random_data(r, req);
  spagm__stim_encode(&i, req);
}

static void make_al2p(stim_attr *a, spagm_rng *r, spagm_request *req, bool out,
                      spagm_asize size, uint32_t addr) {
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_AL2P);
  i.rd = pick_dst(r);
  i.out = out;
  i.asize = size;
  i.pd = spagm_rng_pct(r, 30) ? SPAGM_PT : (uint8_t)spagm_rng_below(r, 7);
  if (spagm_rng_pct(r, 60)) {
    i.imm = (int32_t)(addr & 1023u);
  } else {
    i.ra = spagm__stim_reg(r);
    i.imm = spagm_rng_range(r, -64, 64);
    /* N531: an immediate whose bit 10 is unlike bit 9 (512..1023 or
     * -1024..-513), the lanes' Ra taking it back out of the address, so
     * the sign bit of the 11-bit field decides whether the sum is in
     * range (R5). */
    bool imm_end = spagm__stim_corner(&a->cn, r, AC_IMM_END, 1) == 0;
    if (imm_end) {
      int32_t mag = 512 + (int32_t)spagm_rng_below(r, 512);
      i.imm = spagm_rng_pct(r, 50) ? mag : -mag - 1;
      a->corners |= 1u << SPAGM_STIM_ATTR_IMM_END;
    }
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      req->a[0][l] = spagm_rng_pct(r, 90) ? pick_addr(a, r, out ? a->bmap_out : a->bmap_in, size)
                                          : (uint32_t)spagm_rng_range(r, -128, 1200);
    if (imm_end)
      for (unsigned l = 0; l < SPAGM_LANES; l++) req->a[0][l] -= (uint32_t)i.imm;
  }
  spagm__stim_encode(&i, req);
}

static void make_isberd(stim_attr *a, spagm_rng *r, spagm_request *req,
                        spagm_isbe_region region) {
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_ISBERD);
  i.rd = pick_dst(r);
  i.out = spagm_rng_pct(r, 40);
  i.region = region;
  i.skew = spagm_rng_pct(r, 50);
  i.isize = (spagm_isbe_size)spagm_rng_below(r, 3);
  /* ATTR: the first 8 KB, or in an epoch that fills the ISBE's upper half
   * (N531) the whole region it filled. */
  bool upper = (a->corners >> SPAGM_STIM_ATTR_UPPER_HALF & 1u) != 0;
  uint32_t filled = a->isbe_groups * map_count(i.out ? a->bmap_out : a->bmap_in) * 128u;
  uint32_t size = region == SPAGM_REGION_PATCH ? 4 * a->patch_words
                  : region == SPAGM_REGION_ATTR ? (upper && filled ? filled : 32u * 4u * 64u)
                                                : spagm_isbe_region_size(region);
  if (!spagm_rng_pct(r, 5)) {
    i.ra = spagm__stim_reg(r);
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      req->a[0][l] = spagm_rng_pct(r, 93) ? spagm_rng_below(r, size)
                                          : size + spagm_rng_below(r, 256);
    /* One lane at a corner of the region (N29). The vertex-major view
     * (ATTR without .SKEW) ends after 256 vertices of N words, at byte
     * 1024 N (N: the space's BMAP attributes, N281). */
    unsigned k = spagm__stim_corner(&a->cn, r, AC_ISBE_FIRST, 3);
    unsigned lane = spagm__stim_lane(r);
    uint32_t n = map_count(i.out ? a->bmap_out : a->bmap_in);
    uint32_t bound = region == SPAGM_REGION_ATTR && !i.skew && n ? 1024u * n : size;
    const uint32_t at[3] = {0, bound - (1u << i.isize), bound};
    if (k < 3) req->a[0][lane] = at[k];
    /* N531: one lane at the end of the ISBE's attribute region, whatever
     * region the ISBERD names: a region's bound one off, or its end
     * computed without the carry, shows only there. */
    unsigned e = spagm__stim_corner(&a->cn, r, AC_ISBE_END_LAST, 3);
    unsigned end_lane = spagm__stim_lane(r);
    const uint32_t end = SPAGM_ISBE_ATTR_BASE + SPAGM_ISBE_ATTR_SIZE, elem = 1u << i.isize;
    const uint32_t past[3] = {end - elem, end, 0u - elem};
    if (e < 3) {
      req->a[0][end_lane] = past[e];
      a->corners |= 1u << SPAGM_STIM_ATTR_ISBE_END;
    }
  }
  spagm__stim_encode(&i, req);
}

/* Queue an ALD.O of what the AST in req just stored: same lanes, same
 * vertices (implicit, and as Rb handles in TI/TS), same address and size,
 * so the load sees the store (the AST-then-ALD.O hazard). */
static void queue_readback(stim_attr *a, spagm_rng *r, const spagm_request *ast,
                           spagm_asize size, uint32_t addr) {
  spagm_request_init(&a->followup);
  make_ald(a, r, &a->followup, 0, true, size, addr);
  a->followup.lane_mask = ast->lane_mask;
  memcpy(a->followup.vertex, ast->vertex, sizeof ast->vertex);
  memcpy(a->followup.primitive, ast->primitive, sizeof ast->primitive);
  memcpy(a->followup.b[0], ast->vertex, sizeof ast->vertex);
  a->have_followup = true;
}

/* Directed recipes walked at the start of each epoch; false when done. */
static bool directed(stim_attr *a, spagm_rng *r, spagm_request *req) {
  unsigned k = a->directed++;
  const uint32_t *bin = a->bmap_in, *bout = a->bmap_out;
  /* 0..7: every size of ALD .I and .O at a mapped address. */
  if (k < 8) {
    make_ald(a, r, req, 0, k >= 4, (spagm_asize)(k % 4),
             pick_addr(a, r, k >= 4 ? bout : bin, (spagm_asize)(k % 4)));
    return true;
  }
  k -= 8;
  /* 8..15: the default classes (R3) and bounds (R4). */
  static const uint32_t probes[] = {0x070, 0x080, 0x280, 0x300, 0x3F0, 1016, 1020, 0x2F0};
  static const spagm_asize probe_size[] = {SPAGM_ASZ_128, SPAGM_ASZ_128, SPAGM_ASZ_128,
                                           SPAGM_ASZ_128, SPAGM_ASZ_128, SPAGM_ASZ_128,
                                           SPAGM_ASZ_64,  SPAGM_ASZ_96};
  if (k < 8) {
    make_ald(a, r, req, 0, false, probe_size[k], probes[k]);
    return true;
  }
  k -= 8;
  /* 16..19: AL2P then ALD.PHYS / AST.PHYS (R7), .I and .O. */
  if (k < 4) {
    bool out = k >= 2;
    if (k % 2 == 0) make_al2p(a, r, req, out, SPAGM_ASZ_32,
                                pick_addr(a, r, out ? bout : bin, SPAGM_ASZ_32));
    else if (out) make_ast(a, r, req, 2, SPAGM_ASZ_32, 0);
    else make_ald(a, r, req, 2, false, SPAGM_ASZ_32, 0);
    return true;
  }
  k -= 4;
  /* 20..23: AST of each size, each followed by ALD.O of the same place. */
  if (k < 4) {
    uint32_t addr = pick_addr(a, r, bout, (spagm_asize)k);
    make_ast(a, r, req, 0, (spagm_asize)k, addr);
    queue_readback(a, r, req, (spagm_asize)k, addr);
    return true;
  }
  k -= 4;
  /* 24..27: patch load and store in both forms, ISBERD map and attribute. */
  switch (k) {
    case 0: make_ald(a, r, req, 1, false, SPAGM_ASZ_64, 0); return true;
    case 1: make_ast(a, r, req, 1, SPAGM_ASZ_128, 0); return true;
    case 2: make_isberd(a, r, req, SPAGM_REGION_MAP); return true;
    case 3: make_isberd(a, r, req, SPAGM_REGION_ATTR); return true;
    default: return false;
  }
}

void spagm__stim_attr_next(spagm_stim *s, spagm_rng *r, spagm_request *req) {
  stim_attr *a = &s->attr;
  if (a->have_followup) {
    *req = a->followup;
    a->have_followup = false;
    return;
  }
  req->lane_mask = spagm__stim_lane_mask(&a->cn, r);
  thread_context(a, r, req);
  if (a->directed < DIRECTED_DONE && directed(a, r, req)) return;
  a->directed = DIRECTED_DONE;
  unsigned k = spagm_rng_below(r, 100);
  bool tess = a->stage == SPAGM_STAGE_TI || a->stage == SPAGM_STAGE_TS;
  if (k < 45) {
    bool out = a->stage == SPAGM_STAGE_GS ? spagm_rng_pct(r, 3) : spagm_rng_pct(r, 35);
    int form = spagm_rng_below(r, 100) < 60 ? 0 : (tess && spagm_rng_pct(r, 60)) ? 1 : 2;
    spagm_asize size = form == 2 && spagm_rng_pct(r, 95) ? SPAGM_ASZ_32 : pick_size(r);
    make_ald(a, r, req, form, out, size, pick_addr(a, r, out ? a->bmap_out : a->bmap_in, size));
  } else if (k < 72) {
    bool patch = (a->stage == SPAGM_STAGE_TI && spagm_rng_pct(r, 60)) || spagm_rng_pct(r, 3);
    int form = spagm_rng_below(r, 100) < 60 ? 0 : patch ? 1 : 2;
    spagm_asize size = form == 2 && spagm_rng_pct(r, 95) ? SPAGM_ASZ_32 : pick_size(r);
    uint32_t addr = pick_addr(a, r, a->bmap_out, size);
    make_ast(a, r, req, form, size, addr);
    if (form == 0 && a->stage != SPAGM_STAGE_GS && spagm_rng_pct(r, 30))
      queue_readback(a, r, req, size, addr);
  } else if (k < 84) {
    bool out = spagm_rng_pct(r, 40);
    /* One draw per statement (N83); the size first, as the address's
     * corners depend on it (stimulus 2). */
    spagm_asize size = pick_size(r);
    uint32_t addr = pick_addr(a, r, out ? a->bmap_out : a->bmap_in, size);
    make_al2p(a, r, req, out, size, addr);
  } else {
    make_isberd(a, r, req, (spagm_isbe_region)spagm_rng_below(r, 4));
  }
  /* N531: sometimes a guard other than @PT in [19:16]: the lanes are
   * already those after the guard (lane_mask), and no legality rule of
   * the unit reads the guard. */
  if (spagm__stim_corner(&a->cn, r, AC_GUARD, 1) == 0) {
    uint64_t g = spagm_rng_below(r, 15);
    if (g >= 7) g++; /* 7 is @PT */
    req->insn = (req->insn & ~(0xFull << 16)) | g << 16;
    a->corners |= 1u << SPAGM_STIM_ATTR_GUARD;
  }
}
