// SPDX-License-Identifier: Apache-2.0
/* Unit state <-> configuration-port words (spagm/statemap.h), following the maps
 * of docs/port-contract.md. */
#include <stdlib.h>
#include <string.h>

#include "spagm/spagm.h"
#include "spagm/statemap.h"
#include "statemap_internal.h"

/* Targets of the attribute unit's configuration port ([31:28]). */
enum {
  T_REGS = 0x0,
  T_ISBE_IN = 0x1,
  T_ISBE_OUT = 0x2,
  T_WS_IN = 0x3,
  T_WS_OUT = 0x4,
  T_HW = 0x5,
  T_GS = 0x6
};
#define ADDR(t, off) ((uint32_t)(t) << 28 | (uint32_t)(off))
#define ATTR_CLEAR 0x040u
#define HW_STRIDE 1024u /* bytes per HW kind: 256 entries */

void spagm_cfg_list_free(spagm_cfg_list *l) {
  if (!l) return;
  free(l->w);
  memset(l, 0, sizeof *l);
}

spagm_status spagm_cfg_list_push(spagm_cfg_list *l, uint32_t addr, uint32_t data) {
  if (!l) return SPAGM_E_ARG;
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 1024;
    spagm_cfg_word *w = realloc(l->w, cap * sizeof *w);
    if (!w) return SPAGM_E_NOMEM;
    l->w = w;
    l->cap = cap;
  }
  l->w[l->n].addr = addr;
  l->w[l->n].data = data;
  l->n++;
  return SPAGM_OK;
}

bool spagm_cfg_list_next_burst(const spagm_cfg_list *l, size_t *pos, spagm_cfg_burst *b) {
  if (!l || !pos || !b || *pos >= l->n) return false;
  const uint32_t block = ~(uint32_t)127;
  memset(b, 0, sizeof *b);
  b->addr = l->w[*pos].addr & block;
  uint32_t last = 0;
  while (*pos < l->n) {
    const spagm_cfg_word *w = &l->w[*pos];
    if ((w->addr & block) != b->addr || (b->mask && w->addr <= last)) break;
    unsigned k = (w->addr >> 2) & 31u;
    b->mask |= 1u << k;
    b->data[k] = w->data;
    last = w->addr;
    ++*pos;
  }
  return true;
}

/* ---- Attribute unit ----------------------------------------------------- */

/* Register offsets 0x000..0x01C in spagm_attr_config order. */
static uint32_t *attr_reg(spagm_attr_config *c, uint32_t off, bool *is_stage) {
  *is_stage = false;
  switch (off) {
    case 0x000: *is_stage = true; return NULL;
    case 0x00C: return &c->vertex_count;
    case 0x010: return &c->patch_words;
    case 0x014: return &c->gs_max_vertices;
    case 0x018: return &c->streq_start;
    case 0x01C: return &c->streq_end;
    default: break;
  }
  if (off >= 0x100 && off < 0x180) {
    unsigned i = (off - 0x100) / 4;
    uint32_t *maps[] = {c->imap, c->omap, c->omap_prev, c->imap_next};
    return &maps[i / 8][i % 8];
  }
  if (off >= 0x400 && off < 0x800) return &c->defaults[(off - 0x400) / 4];
  return NULL;
}

static spagm_space isbe_space(uint32_t t) {
  return t == T_ISBE_IN ? SPAGM_SPACE_ISBE_IN : SPAGM_SPACE_ISBE_OUT;
}
static spagm_space ws_space(uint32_t t) {
  return t == T_WS_IN ? SPAGM_SPACE_ISBE_IN : SPAGM_SPACE_ISBE_OUT;
}

static bool attr_read(const spagm_model *m, uint32_t addr, uint32_t *v) {
  uint32_t t = addr >> 28, off = addr & 0x0FFFFFFFu;
  if (off % 4) return false;
  switch (t) {
    case T_REGS: {
      /* Only registers need the configuration; memory words are read far
       * more often (vector files, read-back) and skip the copy. */
      spagm_attr_config c;
      spagm_attr_get_config(m, &c, NULL);
      if (off == 0x004) { *v = c.shared; return true; }
      if (off == 0x008) { *v = c.trap; return true; }
      bool stage;
      uint32_t *p = attr_reg(&c, off, &stage);
      if (stage) { *v = (uint32_t)c.stage; return true; }
      if (!p) return false;
      *v = *p;
      return true;
    }
    case T_ISBE_IN:
    case T_ISBE_OUT:
      return spagm_attr_read32(m, isbe_space(t), off, v, NULL) == SPAGM_OK;
    case T_WS_IN:
    case T_WS_OUT: {
      uint32_t bits[SPAGM_ATTR_MAP_WORDS];
      if (off / 32 >= SPAGM_ATTR_MAX_VERTICES) return false;
      if (spagm_attr_get_written_bits(m, ws_space(t), off / 32, bits, NULL) != SPAGM_OK)
        return false;
      *v = bits[(off % 32) / 4];
      return true;
    }
    case T_HW:
      return spagm_attr_get_hw(m, (spagm_attr_hw)(off / HW_STRIDE), (off % HW_STRIDE) / 4, v,
                               NULL) == SPAGM_OK;
    case T_GS:
      return spagm_attr_read32(m, SPAGM_SPACE_GS_OUT, off, v, NULL) == SPAGM_OK;
    default:
      return false;
  }
}

/* The clear command: every memory of the unit to zero, the hidden own
 * output memory of a shared configuration included (N24). */
static spagm_status attr_clear(spagm_model *m, spagm_diag *d) {
  spagm_attr_config c;
  spagm_attr_get_config(m, &c, NULL);
  void *zero = calloc(1, SPAGM_ISBE_SPACE_BYTES > SPAGM_ATTR_GS_BYTES ? SPAGM_ISBE_SPACE_BYTES
                                                                     : SPAGM_ATTR_GS_BYTES);
  if (!zero) return spagm_diag_set(d, SPAGM_E_NOMEM, 0, 0, "out of memory");
  spagm_attr_set_shared(m, false, NULL);
  spagm_attr_write(m, SPAGM_SPACE_ISBE_IN, 0, zero, SPAGM_ISBE_SPACE_BYTES, NULL);
  spagm_attr_write(m, SPAGM_SPACE_ISBE_OUT, 0, zero, SPAGM_ISBE_SPACE_BYTES, NULL);
  spagm_attr_write(m, SPAGM_SPACE_GS_OUT, 0, zero, SPAGM_ATTR_GS_BYTES, NULL);
  spagm_attr_set_shared(m, c.shared, NULL);
  free(zero);
  uint32_t none[SPAGM_ATTR_MAP_WORDS] = {0};
  for (unsigned v = 0; v < SPAGM_ATTR_MAX_VERTICES; v++) {
    spagm_attr_set_written_bits(m, SPAGM_SPACE_ISBE_IN, v, none, NULL);
    spagm_attr_set_written_bits(m, SPAGM_SPACE_ISBE_OUT, v, none, NULL);
  }
  for (unsigned k = 0; k < SPAGM_HW_COUNT; k++)
    for (unsigned i = 0; i < 256; i++) spagm_attr_set_hw(m, (spagm_attr_hw)k, i, 0, NULL);
  return SPAGM_OK;
}

static spagm_status attr_write(spagm_model *m, uint32_t addr, uint32_t v, spagm_diag *d) {
  uint32_t t = addr >> 28, off = addr & 0x0FFFFFFFu;
  if (off % 4) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "address 0x%08x is not word aligned", addr);
  switch (t) {
    case T_REGS: {
      if (off == ATTR_CLEAR) return attr_clear(m, d);
      spagm_attr_config c;
      spagm_attr_get_config(m, &c, NULL);
      bool stage;
      uint32_t *p = attr_reg(&c, off, &stage);
      if (stage) c.stage = (spagm_stage)v;
      else if (off == 0x004 || off == 0x008) {
        if (v > 1) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "register 0x%03x holds 0 or 1, not %u", off, v);
        if (off == 0x004) c.shared = v;
        else c.trap = v;
      } else if (p) *p = v;
      else return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no attribute register at 0x%03x", off);
      /* set_config validates every field and changes nothing on error. */
      return spagm_attr_set_config(m, &c, d);
    }
    case T_ISBE_IN:
    case T_ISBE_OUT:
      return spagm_attr_write32(m, isbe_space(t), off, v, d);
    case T_WS_IN:
    case T_WS_OUT: {
      uint32_t bits[SPAGM_ATTR_MAP_WORDS];
      if (off / 32 >= SPAGM_ATTR_MAX_VERTICES)
        return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "write status of vertex %u: only 256", off / 32);
      spagm_attr_get_written_bits(m, ws_space(t), off / 32, bits, NULL);
      bits[(off % 32) / 4] = v;
      return spagm_attr_set_written_bits(m, ws_space(t), off / 32, bits, d);
    }
    case T_HW:
      if (off / HW_STRIDE >= SPAGM_HW_COUNT)
        return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no HW value kind %u", off / HW_STRIDE);
      return spagm_attr_set_hw(m, (spagm_attr_hw)(off / HW_STRIDE), (off % HW_STRIDE) / 4, v, d);
    case T_GS:
      return spagm_attr_write32(m, SPAGM_SPACE_GS_OUT, off, v, d);
    default:
      return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no attribute target %u", t);
  }
}

/* Push the non-zero little-endian words (N20) of a memory image read into
 * buf as target t's words at their offsets. */
static spagm_status push_nonzero_words(spagm_cfg_list *out, uint32_t t, const uint8_t *buf,
                                       uint32_t bytes) {
  spagm_status st = SPAGM_OK;
  for (uint32_t off = 0; off < bytes && st == SPAGM_OK; off += 4) {
    /* Most of an ISBE space is zero: skip 32 zero bytes at once. */
    if (off % 32 == 0 && off + 32 <= bytes) {
      uint64_t z[4];
      memcpy(z, buf + off, sizeof z);
      if (!(z[0] | z[1] | z[2] | z[3])) {
        off += 28;
        continue;
      }
    }
    uint32_t x = (uint32_t)buf[off] | (uint32_t)buf[off + 1] << 8 |
                 (uint32_t)buf[off + 2] << 16 | (uint32_t)buf[off + 3] << 24;
    if (x) st = spagm_cfg_list_push(out, ADDR(t, off), x);
  }
  return st;
}

static spagm_status attr_load(const spagm_model *m, spagm_cfg_list *out) {
  spagm_status st = spagm_cfg_list_push(out, ADDR(T_REGS, ATTR_CLEAR), 1);
  uint32_t v;
  for (uint32_t off = 0; off < 0x800 && st == SPAGM_OK; off += 4)
    if (off != ATTR_CLEAR && attr_read(m, ADDR(T_REGS, off), &v))
      st = spagm_cfg_list_push(out, ADDR(T_REGS, off), v);
  spagm_attr_config c;
  spagm_attr_get_config(m, &c, NULL);
  /* With sharing both spaces name one memory: load it once. */
  unsigned spaces = c.shared ? 1 : 2;
  uint8_t *buf = malloc(SPAGM_ISBE_SPACE_BYTES > SPAGM_ATTR_GS_BYTES ? SPAGM_ISBE_SPACE_BYTES
                                                                    : SPAGM_ATTR_GS_BYTES);
  if (!buf) return SPAGM_E_NOMEM;
  for (unsigned sp = 0; sp < spaces && st == SPAGM_OK; sp++) {
    uint32_t t = sp ? T_ISBE_OUT : T_ISBE_IN;
    spagm_attr_read(m, isbe_space(t), 0, buf, SPAGM_ISBE_SPACE_BYTES, NULL);
    st = push_nonzero_words(out, t, buf, SPAGM_ISBE_SPACE_BYTES);
  }
  /* Write status a vertex (eight words) at a time, not a word at a time:
   * the same list, an eighth of the lookups. */
  for (uint32_t t = T_WS_IN; t <= T_WS_OUT; t++)
    for (uint32_t vx = 0; vx < SPAGM_ATTR_MAX_VERTICES && st == SPAGM_OK; vx++) {
      uint32_t bits[SPAGM_ATTR_MAP_WORDS];
      if (spagm_attr_get_written_bits(m, ws_space(t), vx, bits, NULL) != SPAGM_OK) continue;
      for (uint32_t i = 0; i < SPAGM_ATTR_MAP_WORDS && st == SPAGM_OK; i++)
        if (bits[i]) st = spagm_cfg_list_push(out, ADDR(t, 32 * vx + 4 * i), bits[i]);
    }
  for (uint32_t off = 0; off < SPAGM_HW_COUNT * HW_STRIDE && st == SPAGM_OK; off += 4)
    if (attr_read(m, ADDR(T_HW, off), &v) && v) st = spagm_cfg_list_push(out, ADDR(T_HW, off), v);
  /* The GS output buffers in one copy as the ISBE spaces. */
  if (st == SPAGM_OK && spagm_attr_read(m, SPAGM_SPACE_GS_OUT, 0, buf, SPAGM_ATTR_GS_BYTES, NULL) == SPAGM_OK)
    st = push_nonzero_words(out, T_GS, buf, SPAGM_ATTR_GS_BYTES);
  free(buf);
  return st;
}

/* Attributes in a map: N of the R1 layout it gives. */
static uint32_t map_count(const spagm_model *m, spagm_attr_map k) {
  uint32_t bits[SPAGM_ATTR_MAP_WORDS];
  spagm_attr_get_map(m, k, bits, NULL);
  uint32_t n = 0;
  for (unsigned i = 0; i < SPAGM_ATTR_MAP_WORDS; i++)
    for (uint32_t x = bits[i]; x; x &= x - 1) n++;
  return n;
}

static spagm_status push_range(spagm_cfg_list *out, uint32_t t, uint32_t from, uint32_t to) {
  spagm_status st = SPAGM_OK;
  for (uint32_t off = from; off < to && st == SPAGM_OK; off += 4)
    st = spagm_cfg_list_push(out, ADDR(t, off), 0);
  return st;
}

/* The end-of-epoch read-back names every target of the unit, in target
 * order: the state instructions change (the output space's attributes of
 * the live vertices and its patch region, the output write status, the used
 * GS buffers in a GS) and the state only the load writes, read through the
 * same port (N465): the registers, maps and default table (target 0, the
 * clear command 0x040 aside), the input space's attributes of the live
 * vertices and its map, patch and primitive regions (target 1), the input
 * write status (target 3) and every HW value (target 5). */
static spagm_status attr_readback(const spagm_model *m, spagm_cfg_list *out) {
  spagm_attr_config c;
  spagm_attr_get_config(m, &c, NULL);
  uint32_t groups = (c.vertex_count + 31) / 32; /* R1 */
  uint32_t n = map_count(m, SPAGM_MAP_BMAP_OUT);
  spagm_status st = push_range(out, T_REGS, 0x000, 0x020);
  if (st == SPAGM_OK) st = push_range(out, T_REGS, 0x100, 0x180);
  if (st == SPAGM_OK) st = push_range(out, T_REGS, 0x400, 0x800);
  if (st == SPAGM_OK)
    st = push_range(out, T_ISBE_IN, 0, groups * map_count(m, SPAGM_MAP_BMAP_IN) * 128u);
  if (st == SPAGM_OK) st = push_range(out, T_ISBE_IN, SPAGM_ISBE_MAP_BASE, SPAGM_ISBE_SPACE_BYTES);
  if (st == SPAGM_OK) st = push_range(out, T_ISBE_OUT, 0, groups * n * 128u);
  if (st == SPAGM_OK)
    st = push_range(out, T_ISBE_OUT, SPAGM_ISBE_PATCH_BASE,
                    SPAGM_ISBE_PATCH_BASE + 4 * c.patch_words);
  if (st == SPAGM_OK) st = push_range(out, T_WS_IN, 0, 32 * SPAGM_ATTR_MAX_VERTICES);
  if (st == SPAGM_OK) st = push_range(out, T_WS_OUT, 0, 32 * SPAGM_ATTR_MAX_VERTICES);
  if (st == SPAGM_OK) st = push_range(out, T_HW, 0, SPAGM_HW_COUNT * HW_STRIDE);
  if (c.stage == SPAGM_STAGE_GS) {
    uint32_t words = c.gs_max_vertices * n; /* N26 */
    if (words > SPAGM_ATTR_GS_LANE_WORDS) words = SPAGM_ATTR_GS_LANE_WORDS;
    for (uint32_t l = 0; l < SPAGM_LANES && st == SPAGM_OK; l++)
      st = push_range(out, T_GS, l * SPAGM_ATTR_GS_LANE_BYTES,
                      l * SPAGM_ATTR_GS_LANE_BYTES + 4 * words);
  }
  return st;
}

/* ---- Pixel unit --------------------------------------------------------- */

static bool pix_read(const spagm_model *m, uint32_t addr, uint32_t *v) {
  spagm_raster_config rc;
  spagm_stage stage;
  spagm_pix_get_config(m, &rc, NULL);
  spagm_attr_get_stage(m, &stage, NULL);
  switch (addr) {
    case 0x00: *v = (uint32_t)stage; return true;
    case 0x04: *v = rc.samples; return true;
    case 0x08: *v = (uint32_t)rc.positions; return true;
    case 0x0C: *v = rc.ssaa; return true;
    case 0x10: *v = (uint32_t)rc.offset_format; return true;
    case 0x14: *v = (uint32_t)rc.order; return true;
    default: break;
  }
  if (addr >= 0x40 && addr < 0x80 && addr % 4 == 0) {
    const spagm_sample_pos *p = &rc.table[(addr - 0x40) / 4];
    *v = ((uint32_t)p->x & 0xFu) | ((uint32_t)p->y & 0xFu) << 4;
    return true;
  }
  return false;
}

static int sign4(uint32_t x) { return (int)(x & 0xFu) - (x & 0x8u ? 16 : 0); }

static spagm_status pix_write(spagm_model *m, uint32_t addr, uint32_t v, spagm_diag *d) {
  /* The pixel unit's stage register mirrors the one stage of the model. */
  if (addr == 0x00) return spagm_attr_set_stage(m, (spagm_stage)v, d);
  spagm_raster_config rc;
  spagm_pix_get_config(m, &rc, NULL);
  if (addr == 0x04) rc.samples = (uint8_t)(v > 255 ? 0 : v);
  else if (addr == 0x08) rc.positions = (spagm_pix_positions)v;
  else if (addr == 0x0C && v <= 1) rc.ssaa = v;
  else if (addr == 0x10) rc.offset_format = (spagm_pix_offset_format)v;
  else if (addr == 0x14) rc.order = (spagm_pix_sample_order)v;
  else if (addr >= 0x40 && addr < 0x80 && addr % 4 == 0 && v <= 0xFF) {
    rc.table[(addr - 0x40) / 4].x = (int8_t)sign4(v);
    rc.table[(addr - 0x40) / 4].y = (int8_t)sign4(v >> 4);
  } else {
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no pixel register at 0x%02x for value 0x%x", addr, v);
  }
  return spagm_pix_set_config(m, &rc, d);
}

/* The configuration-choice registers (0x10 offset format, 0x14 sample
 * order) are listed only when they differ from their reset value 0: a
 * list, a vector file and a read-back image of the default configuration
 * are then the words they were before the registers existed, so older
 * vector files still round-trip (N352). */
static bool pix_listed(const spagm_model *m, uint32_t addr, uint32_t *v) {
  if (!pix_read(m, addr, v)) return false;
  return (addr != 0x10 && addr != 0x14) || *v != 0;
}

static spagm_status pix_load(const spagm_model *m, spagm_cfg_list *out) {
  uint32_t v;
  spagm_status st = SPAGM_OK;
  for (uint32_t a = 0; a < 0x80 && st == SPAGM_OK; a += 4)
    if (pix_listed(m, a, &v)) st = spagm_cfg_list_push(out, a, v);
  return st;
}

/* ---- Texture unit ------------------------------------------------------- */

/* Registers (target 0) and the selected constant bank (target 1); texture
 * memory is the testbench memory model's, not the configuration port's. */
static bool tex_read(const spagm_model *m, uint32_t addr, uint32_t *v) {
  uint32_t t = addr >> 28, off = addr & 0x0FFFFFFFu;
  if (off % 4) return false;
  uint64_t base = 0;
  uint32_t max_index = 0;
  spagm_tex_get_header_pool(m, &base, &max_index);
  if (t == T_REGS) {
    spagm_stage stage = SPAGM_STAGE_VSA;
    spagm_attr_get_stage(m, &stage, NULL);
    switch (off) {
      case 0x000: *v = (uint32_t)stage; return true;
      case 0x004: *v = spagm_tex_selected_cbank(m); return true;
      case 0x008: *v = (uint32_t)base; return true;
      case 0x00C: *v = (uint32_t)(base >> 32); return true;
      case 0x010: *v = max_index; return true;
      case 0x014: *v = (uint32_t)spagm_tex_fp16_round(m); return true;
      default: return false;
    }
  }
  if (t == 1 && off < 4u * SPAGM_TEX_CBANK_WORDS)
    return spagm_tex_get_cbank_word(m, spagm_tex_selected_cbank(m), off / 4, v) == SPAGM_OK;
  return false;
}

static spagm_status tex_write(spagm_model *m, uint32_t addr, uint32_t v, spagm_diag *d) {
  uint32_t t = addr >> 28, off = addr & 0x0FFFFFFFu;
  uint64_t base = 0;
  uint32_t max_index = 0;
  spagm_tex_get_header_pool(m, &base, &max_index);
  spagm_status st = SPAGM_E_ARG;
  if (t == T_REGS) {
    switch (off) {
      case 0x000: return spagm_attr_set_stage(m, (spagm_stage)v, d);
      case 0x004: st = spagm_tex_select_cbank(m, v); break;
      case 0x008: st = spagm_tex_set_header_pool(m, (base & ~0xFFFFFFFFull) | v, max_index); break;
      case 0x00C: st = spagm_tex_set_header_pool(m, (base & 0xFFFFFFFFull) | (uint64_t)v << 32, max_index); break;
      case 0x010: st = spagm_tex_set_header_pool(m, base, v); break;
      case 0x014: st = spagm_tex_set_fp16_round(m, (spagm_fp16_round)v); break;
      default: break;
    }
  } else if (t == 1 && off % 4 == 0 && off < 4u * SPAGM_TEX_CBANK_WORDS) {
    st = spagm_tex_set_cbank_word(m, spagm_tex_selected_cbank(m), off / 4, v);
  }
  if (st != SPAGM_OK)
    return spagm_diag_set(d, st, 0, 0, "texture configuration word 0x%08x = 0x%x not accepted",
                          addr, v);
  return SPAGM_OK;
}

static spagm_status tex_load(const spagm_model *m, spagm_cfg_list *out) {
  uint32_t v;
  spagm_status st = SPAGM_OK;
  for (uint32_t off = 0; off <= 0x014 && st == SPAGM_OK; off += 4)
    if (tex_read(m, ADDR(T_REGS, off), &v)) st = spagm_cfg_list_push(out, ADDR(T_REGS, off), v);
  /* All words of the selected bank: the unit holds only that bank. The
   * words tex_read gives, with the bank found once, not once a word. */
  unsigned bank = spagm_tex_selected_cbank(m);
  for (uint32_t i = 0; i < SPAGM_TEX_CBANK_WORDS && st == SPAGM_OK; i++)
    if (spagm_tex_get_cbank_word(m, bank, i, &v) == SPAGM_OK)
      st = spagm_cfg_list_push(out, ADDR(1, 4 * i), v);
  return st;
}

/* ---- Texture memory ------------------------------------------------------- */

void spagm_mem_list_free(spagm_mem_list *l) {
  if (!l) return;
  free(l->w);
  memset(l, 0, sizeof *l);
}

spagm_status spagm_mem_list_push(spagm_mem_list *l, uint64_t va, uint32_t data) {
  if (!l) return SPAGM_E_ARG;
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 4096;
    spagm_mem_word *w = realloc(l->w, cap * sizeof *w);
    if (!w) return SPAGM_E_NOMEM;
    l->w = w;
    l->cap = cap;
  }
  l->w[l->n].va = va;
  l->w[l->n].data = data;
  l->n++;
  return SPAGM_OK;
}

bool spagm_statemap_has_memory(spagm_unit u) { return u == SPAGM_UNIT_TEX; }

spagm_status spagm_statemap_memory_list(const spagm_model *m, spagm_unit u,
                                        spagm_mem_list *out) {
  if (!m || !out) return SPAGM_E_ARG;
  if (!spagm_statemap_has_memory(u)) return SPAGM_OK;
  size_t n = spagm_tex_mem_pages(m, NULL, 0);
  if (!n) return SPAGM_OK;
  uint64_t *pages = malloc(n * sizeof *pages);
  uint8_t *bytes = malloc(SPAGM_TEX_PAGE_BYTES);
  spagm_status st = pages && bytes ? SPAGM_OK : SPAGM_E_NOMEM;
  if (st == SPAGM_OK) n = spagm_tex_mem_pages(m, pages, n); /* ascending (tex.h) */
  for (size_t p = 0; st == SPAGM_OK && p < n; p++) {
    st = spagm_tex_mem_read(m, pages[p], bytes, SPAGM_TEX_PAGE_BYTES);
    for (uint32_t k = 0; st == SPAGM_OK && k < SPAGM_TEX_PAGE_BYTES; k += 4) {
      /* Little-endian words, as the memory port delivers bytes. */
      uint32_t v = (uint32_t)bytes[k] | (uint32_t)bytes[k + 1] << 8 |
                   (uint32_t)bytes[k + 2] << 16 | (uint32_t)bytes[k + 3] << 24;
      if (v) st = spagm_mem_list_push(out, pages[p] + k, v);
    }
  }
  free(pages);
  free(bytes);
  return st;
}

spagm_status spagm_statemap_memory_write(spagm_model *m, spagm_unit u, uint64_t va,
                                         uint32_t data, spagm_diag *d) {
  if (!m) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no model");
  if (!spagm_statemap_has_memory(u))
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "the %s unit has no memory port",
                          spagm_unit_name(u));
  if (va % 4 || va > SPAGM_TEX_VA_LIMIT - 4)
    return spagm_diag_set(d, SPAGM_E_ARG, 0, 0,
                          "texture memory word at 0x%llx: not word aligned or past 2^48",
                          (unsigned long long)va);
  uint8_t b[4] = {(uint8_t)data, (uint8_t)(data >> 8), (uint8_t)(data >> 16),
                  (uint8_t)(data >> 24)};
  spagm_status st = spagm_tex_mem_write(m, va, b, sizeof b);
  if (st != SPAGM_OK)
    return spagm_diag_set(d, st, 0, 0, "texture memory word at 0x%llx not stored (%s)",
                          (unsigned long long)va, spagm_status_name(st));
  return SPAGM_OK;
}

/* ---- Dispatch ----------------------------------------------------------- */

spagm_status spagm_statemap_load_list(const spagm_model *m, spagm_unit u, spagm_cfg_list *out) {
  if (!m || !out) return SPAGM_E_ARG;
  if (u == SPAGM_UNIT_ATTR) return attr_load(m, out);
  if (u == SPAGM_UNIT_PIX) return pix_load(m, out);
  if (u == SPAGM_UNIT_TEX) return tex_load(m, out);
  return SPAGM_E_ARG;
}

spagm_status spagm_statemap_readback_list(const spagm_model *m, spagm_unit u,
                                          spagm_cfg_list *out) {
  if (!m || !out) return SPAGM_E_ARG;
  if (u == SPAGM_UNIT_ATTR) return attr_readback(m, out);
  /* PIXLD and TLDS change no state; their read-back checks that the state
   * the load wrote (or left at its reset value, N280) still reads as the
   * model holds it: the pixel registers and programmable sample table, the
   * texture registers and the first row of the selected constant bank, the
   * 32 words the stimulus writes (N284). */
  spagm_status st = SPAGM_OK;
  if (u == SPAGM_UNIT_PIX) {
    uint32_t v;
    for (uint32_t a = 0; a <= 0x14 && st == SPAGM_OK; a += 4)
      if (pix_listed(m, a, &v)) st = spagm_cfg_list_push(out, a, 0);
    for (uint32_t a = 0x40; a < 0x80 && st == SPAGM_OK; a += 4) st = spagm_cfg_list_push(out, a, 0);
    return st;
  }
  if (u == SPAGM_UNIT_TEX) {
    for (uint32_t a = 0; a <= 0x14 && st == SPAGM_OK; a += 4) st = spagm_cfg_list_push(out, a, 0);
    for (uint32_t a = 0; a < 0x80 && st == SPAGM_OK; a += 4)
      st = spagm_cfg_list_push(out, 1u << 28 | a, 0);
    return st;
  }
  return SPAGM_E_ARG;
}

bool spagm__statemap_listed(const spagm_model *m, spagm_unit u, uint32_t addr, uint32_t *v) {
  if (u == SPAGM_UNIT_PIX) return pix_listed(m, addr, v);
  return spagm_statemap_read(m, u, addr, v);
}

bool spagm_statemap_read(const spagm_model *m, spagm_unit u, uint32_t addr, uint32_t *value) {
  if (!m || !value) return false;
  if (u == SPAGM_UNIT_ATTR) return attr_read(m, addr, value);
  if (u == SPAGM_UNIT_PIX) return pix_read(m, addr, value);
  if (u == SPAGM_UNIT_TEX) return tex_read(m, addr, value);
  return false;
}

spagm_status spagm_statemap_write(spagm_model *m, spagm_unit u, uint32_t addr, uint32_t data,
                                  spagm_diag *d) {
  if (!m) return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no model");
  if (u == SPAGM_UNIT_ATTR) return attr_write(m, addr, data, d);
  if (u == SPAGM_UNIT_PIX) return pix_write(m, addr, data, d);
  if (u == SPAGM_UNIT_TEX) return tex_write(m, addr, data, d);
  return spagm_diag_set(d, SPAGM_E_ARG, 0, 0, "no unit %u", (unsigned)u);
}

const char *spagm_statemap_target_name(spagm_unit u, uint32_t addr) {
  if (u == SPAGM_UNIT_TEX) return addr >> 28 == 1 ? "constant bank" : "register";
  if (u != SPAGM_UNIT_ATTR) return "register";
  static const char *const names[] = {"register",          "ISBE input space",
                                      "ISBE output space", "input write status",
                                      "output write status", "HW value",
                                      "GS output buffer"};
  unsigned t = addr >> 28;
  return t < sizeof names / sizeof names[0] ? names[t] : "unknown target";
}
