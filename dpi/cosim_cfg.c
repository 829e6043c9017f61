/* The configuration maps of docs/port-contract.md on the model side: which
 * writes load an epoch's state into each unit's RTL, which words are read
 * back at the end of an epoch, and the model's value at any address. */
#include <stdlib.h>
#include <string.h>

#include "cosim_internal.h"

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

static void push_cfg(spagm_cosim_unit *s, uint32_t addr, uint32_t data) {
  if (s->ncfg == s->cfg_cap) {
    size_t cap = s->cfg_cap ? s->cfg_cap * 2 : 4096;
    spagm_cfg_write *n = realloc(s->cfg, cap * sizeof *n);
    if (!n) return; /* out of memory: the load is short and the run fails loudly */
    s->cfg = n;
    s->cfg_cap = cap;
  }
  s->cfg[s->ncfg].addr = addr;
  s->cfg[s->ncfg].data = data;
  s->ncfg++;
}

static void push_rb(spagm_cosim_unit *s, uint32_t addr) {
  if (s->nrb == s->rb_cap) {
    size_t cap = s->rb_cap ? s->rb_cap * 2 : 4096;
    uint32_t *n = realloc(s->rb, cap * sizeof *n);
    if (!n) return;
    s->rb = n;
    s->rb_cap = cap;
  }
  s->rb[s->nrb++] = addr;
}

static bool attr_read(const spagm_model *m, uint32_t addr, uint32_t *v) {
  uint32_t t = addr >> 28, off = addr & 0x0FFFFFFFu;
  spagm_attr_config c;
  spagm_attr_get_config(m, &c, NULL);
  switch (t) {
    case T_REGS:
      switch (off) {
        case 0x000: *v = (uint32_t)c.stage; return true;
        case 0x004: *v = c.shared; return true;
        case 0x008: *v = c.trap; return true;
        case 0x00C: *v = c.vertex_count; return true;
        case 0x010: *v = c.patch_words; return true;
        case 0x014: *v = c.gs_max_vertices; return true;
        case 0x018: *v = c.streq_start; return true;
        case 0x01C: *v = c.streq_end; return true;
        default: break;
      }
      if (off >= 0x100 && off < 0x180) {
        unsigned i = (off - 0x100) / 4;
        const uint32_t *maps[] = {c.imap, c.omap, c.omap_prev, c.imap_next};
        *v = maps[i / 8][i % 8];
        return true;
      }
      if (off >= 0x400 && off < 0x800) {
        *v = c.defaults[(off - 0x400) / 4];
        return true;
      }
      return false;
    case T_ISBE_IN:
    case T_ISBE_OUT:
      return spagm_attr_read32(m, t == T_ISBE_IN ? SPAGM_SPACE_ISBE_IN : SPAGM_SPACE_ISBE_OUT,
                               off, v, NULL) == SPAGM_OK;
    case T_WS_IN:
    case T_WS_OUT: {
      uint32_t bits[SPAGM_ATTR_MAP_WORDS];
      if (off / 32 >= SPAGM_ATTR_MAX_VERTICES) return false;
      if (spagm_attr_get_written_bits(m, t == T_WS_IN ? SPAGM_SPACE_ISBE_IN : SPAGM_SPACE_ISBE_OUT,
                                      off / 32, bits, NULL) != SPAGM_OK)
        return false;
      *v = bits[(off % 32) / 4];
      return true;
    }
    case T_HW:
      return spagm_attr_get_hw(m, (spagm_attr_hw)(off / 1024), (off % 1024) / 4, v, NULL) ==
             SPAGM_OK;
    case T_GS:
      return spagm_attr_read32(m, SPAGM_SPACE_GS_OUT, off, v, NULL) == SPAGM_OK;
    default:
      return false;
  }
}

/* Pixel unit registers. */
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
    default: break;
  }
  if (addr >= 0x40 && addr < 0x80) {
    const spagm_sample_pos *p = &rc.table[(addr - 0x40) / 4];
    *v = ((uint32_t)p->x & 0xFu) | ((uint32_t)p->y & 0xFu) << 4;
    return true;
  }
  return false;
}

bool spagm__cosim_model_read(spagm_cosim *c, spagm_unit u, uint32_t addr, uint32_t *v) {
  if (u == SPAGM_UNIT_ATTR) return attr_read(c->model, addr, v);
  if (u == SPAGM_UNIT_PIX) return pix_read(c->model, addr, v);
  return false;
}

const char *spagm__cosim_target_name(spagm_unit u, uint32_t addr) {
  if (u != SPAGM_UNIT_ATTR) return "register";
  static const char *const names[] = {"register",         "ISBE input space",
                                      "ISBE output space", "input write status",
                                      "output write status", "HW value",
                                      "GS output buffer"};
  unsigned t = addr >> 28;
  return t < sizeof names / sizeof names[0] ? names[t] : "unknown target";
}

/* Registers always; memories word by word where non-zero (the clear at the
 * start zeroes the rest). */
static void attr_cfg(spagm_cosim *c, spagm_cosim_unit *s) {
  uint32_t v;
  push_cfg(s, ADDR(T_REGS, ATTR_CLEAR), 1);
  static const uint32_t regs[] = {0x000, 0x004, 0x008, 0x00C, 0x010, 0x014, 0x018, 0x01C};
  for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++)
    if (attr_read(c->model, ADDR(T_REGS, regs[i]), &v)) push_cfg(s, ADDR(T_REGS, regs[i]), v);
  for (uint32_t off = 0x100; off < 0x180; off += 4)
    if (attr_read(c->model, ADDR(T_REGS, off), &v)) push_cfg(s, ADDR(T_REGS, off), v);
  for (uint32_t off = 0x400; off < 0x800; off += 4)
    if (attr_read(c->model, ADDR(T_REGS, off), &v)) push_cfg(s, ADDR(T_REGS, off), v);
  spagm_attr_config cfg;
  spagm_attr_get_config(c->model, &cfg, NULL);
  /* With sharing both spaces name one memory: load it once. */
  unsigned spaces = cfg.shared ? 1 : 2;
  uint32_t *buf = malloc(SPAGM_ISBE_SPACE_BYTES);
  for (unsigned sp = 0; buf && sp < spaces; sp++) {
    spagm_attr_read(c->model, sp ? SPAGM_SPACE_ISBE_OUT : SPAGM_SPACE_ISBE_IN, 0, buf,
                    SPAGM_ISBE_SPACE_BYTES, NULL);
    for (uint32_t w = 0; w < SPAGM_ISBE_SPACE_BYTES / 4; w++) {
      uint32_t x;
      memcpy(&x, (const uint8_t *)buf + 4 * w, 4); /* little-endian words, N20 */
      if (x) push_cfg(s, ADDR(sp ? T_ISBE_OUT : T_ISBE_IN, 4 * w), x);
    }
  }
  free(buf);
  for (unsigned t = T_WS_IN; t <= T_WS_OUT; t++)
    for (uint32_t off = 0; off < 32 * SPAGM_ATTR_MAX_VERTICES; off += 4)
      if (attr_read(c->model, ADDR(t, off), &v) && v) push_cfg(s, ADDR(t, off), v);
  for (uint32_t k = 0; k < SPAGM_HW_COUNT; k++)
    for (uint32_t i = 0; i < 256; i++)
      if (attr_read(c->model, ADDR(T_HW, 1024 * k + 4 * i), &v) && v)
        push_cfg(s, ADDR(T_HW, 1024 * k + 4 * i), v);
  for (uint32_t off = 0; off < SPAGM_ATTR_GS_BYTES; off += 4)
    if (attr_read(c->model, ADDR(T_GS, off), &v) && v) push_cfg(s, ADDR(T_GS, off), v);
}

static void pix_cfg(spagm_cosim *c, spagm_cosim_unit *s) {
  uint32_t v;
  for (uint32_t a = 0; a <= 0x0C; a += 4)
    if (pix_read(c->model, a, &v)) push_cfg(s, a, v);
  for (uint32_t a = 0x40; a < 0x80; a += 4)
    if (pix_read(c->model, a, &v)) push_cfg(s, a, v);
}

void spagm__cosim_build_cfg(spagm_cosim *c, spagm_unit u) {
  spagm_cosim_unit *s = &c->sb[u];
  s->ncfg = 0;
  if (!(c->o.units >> u & 1u)) return;
  if (u == SPAGM_UNIT_ATTR) attr_cfg(c, s);
  else if (u == SPAGM_UNIT_PIX) pix_cfg(c, s);
}

/* Words an epoch's stores can change: the output space's attribute region
 * of the live vertices and its patch region, the output write status of
 * every vertex, and in a GS the used part of each lane's output buffer.
 * The pixel unit has no memories; its registers are read back. */
void spagm__cosim_build_readback(spagm_cosim *c, spagm_unit u) {
  spagm_cosim_unit *s = &c->sb[u];
  s->nrb = 0;
  if (!(c->o.units >> u & 1u)) return;
  if (u == SPAGM_UNIT_PIX) {
    for (uint32_t a = 0; a <= 0x0C; a += 4) push_rb(s, a);
    return;
  }
  if (u != SPAGM_UNIT_ATTR) return;
  spagm_attr_config cfg;
  uint32_t bout[SPAGM_ATTR_MAP_WORDS];
  spagm_attr_get_config(c->model, &cfg, NULL);
  spagm_attr_get_map(c->model, SPAGM_MAP_BMAP_OUT, bout, NULL);
  unsigned n = 0;
  for (unsigned i = 0; i < SPAGM_ATTR_MAP_WORDS; i++) n += (unsigned)__builtin_popcount(bout[i]);
  uint32_t attr_bytes = ((cfg.vertex_count + 31) / 32) * n * 128u;
  for (uint32_t off = 0; off < attr_bytes; off += 4) push_rb(s, ADDR(T_ISBE_OUT, off));
  for (uint32_t off = 0; off < 4 * cfg.patch_words; off += 4)
    push_rb(s, ADDR(T_ISBE_OUT, SPAGM_ISBE_PATCH_BASE + off));
  for (uint32_t off = 0; off < 32 * SPAGM_ATTR_MAX_VERTICES; off += 4)
    push_rb(s, ADDR(T_WS_OUT, off));
  if (cfg.stage == SPAGM_STAGE_GS) {
    uint32_t words = cfg.gs_max_vertices * n;
    if (words > SPAGM_ATTR_GS_LANE_WORDS) words = SPAGM_ATTR_GS_LANE_WORDS;
    for (uint32_t l = 0; l < SPAGM_LANES; l++)
      for (uint32_t w = 0; w < words; w++)
        push_rb(s, ADDR(T_GS, l * SPAGM_ATTR_GS_LANE_BYTES + 4 * w));
  }
}
