// SPDX-License-Identifier: Apache-2.0
/* The configuration load of an epoch (stim.h): the model state's load list,
 * or, in an epoch that keeps the power-on values in place (N280), that list
 * without the register words a reset already gives; in an epoch that draws
 * the "illegal writes" corner (N290) with writes the unit must ignore
 * inserted among and after the legal words. The testbench resets the unit
 * before every load (docs/port-contract.md), so an RTL whose reset value
 * differs from the model's power-on value answers from the wrong value,
 * which a load of every word would have overwritten (N246); and an RTL that
 * takes an illegal write changes a register or a word the end-of-epoch
 * read-back names (spagm_stim_readback_list). */
#include <stdlib.h>
#include <string.h>

#include "core/statemap_internal.h" /* model/src */
#include "stim_internal.h"

bool spagm_stim_keeps_power_on(const spagm_stim *s, spagm_unit u) {
  return s && (unsigned)u < SPAGM_UNIT_COUNT && s->in_epoch && s->keep_power_on[u];
}

bool spagm_stim_has_illegal_writes(const spagm_stim *s, spagm_unit u) {
  return s && (unsigned)u < SPAGM_UNIT_COUNT && s->in_epoch && s->illegal_epoch[u];
}

size_t spagm_stim_illegal_writes(const spagm_stim *s, spagm_unit u,
                                 const spagm_stim_illegal **out) {
  if (!s || !out || (unsigned)u >= SPAGM_UNIT_COUNT) return 0;
  *out = s->illegal[u];
  return spagm_stim_has_illegal_writes(s, u) ? s->n_illegal[u] : 0;
}

/* A model straight after reset: the power-on value of every word (built
 * when first needed, kept for the generator's life). */
static const spagm_model *reset_model(spagm_stim *s) {
  if (!s->reset_model) s->reset_model = spagm_model_new();
  return s->reset_model;
}

/* Whether the word at addr is a register a reset sets, so that a load may
 * leave it out (docs/port-contract.md's reset values, N291): the pixel
 * unit's registers and table (target 0, 0x00..0x7C); the attribute unit's
 * registers, maps and default table (target 0: 0x000..0x01C, 0x100..0x17C,
 * 0x400..0x7FC), not its clear command (0x040, a command, not a value) nor
 * its memories, which a reset does not define; the texture unit's
 * registers (target 0, 0x000..0x014), not its constant bank, which a reset
 * does not clear. */
static bool resets(spagm_unit u, uint32_t addr) {
  if (addr >> 28 != 0) return false;
  switch (u) {
    case SPAGM_UNIT_PIX: return addr < 0x80u;
    case SPAGM_UNIT_ATTR:
      return addr <= 0x01Cu || (addr >= 0x100u && addr < 0x180u) || (addr >= 0x400u && addr < 0x800u);
    case SPAGM_UNIT_TEX: return addr <= 0x014u;
    default: return false;
  }
}

void spagm__stim_power_on_epoch(spagm_stim *s) {
  static const unsigned units[] = {SPAGM_UNIT_ATTR, SPAGM_UNIT_TEX};
  static const unsigned entry[] = {AC_LOAD_POWER_ON, TC_LOAD_POWER_ON};
  const stim_corners *const cns[] = {&s->attr.cn, &s->tex.cn}; /* made ready by the epochs */
  for (unsigned i = 0; i < 2; i++) {
    unsigned u = units[i];
    if (!(s->o.units >> u & 1u)) continue;
    /* A stream of its own: every other draw is unchanged. */
    spagm_rng k;
    spagm_rng_seed(&k, s->o.seed, s->epoch, u, 5);
    s->keep_power_on[u] = spagm__stim_corner(cns[i], &k, entry[i], 1) == 0;
  }
  /* N550: a pool at its power-on values is left to the reset. */
  if (s->o.units >> SPAGM_UNIT_TEX & 1u && s->tex.pool_power_on)
    s->keep_power_on[SPAGM_UNIT_TEX] = true;
}

/* Whether the load of unit u leaves out the word (addr, data) of the
 * model's list: the epoch keeps power-on values, the word is one a reset
 * sets, and it holds its power-on value (the one derivation of the words
 * left unwritten: the load list and spagm_stim_unwritten both ask it). */
static bool left_out(spagm_stim *s, spagm_unit u, uint32_t addr, uint32_t data) {
  uint32_t v;
  /* resets() first: the same answer, and most words (memories, bank
   * words) are decided by it without a call. */
  if (!resets(u, addr) || !spagm_stim_keeps_power_on(s, u)) return false;
  const spagm_model *fresh = reset_model(s);
  return fresh && spagm_statemap_read(fresh, u, addr, &v) && v == data;
}

/* The model's load list without the words left at their power-on value. */
static spagm_status legal_list(spagm_stim *s, const spagm_model *m, spagm_unit u,
                               spagm_cfg_list *out) {
  if (!spagm_stim_keeps_power_on(s, u)) return spagm_statemap_load_list(m, u, out);
  if (!reset_model(s)) return SPAGM_E_NOMEM;
  spagm_cfg_list all = {0};
  spagm_status st = spagm_statemap_load_list(m, u, &all);
  for (size_t i = 0; st == SPAGM_OK && i < all.n; i++)
    if (!left_out(s, u, all.w[i].addr, all.w[i].data))
      st = spagm_cfg_list_push(out, all.w[i].addr, all.w[i].data);
  spagm_cfg_list_free(&all);
  return st;
}

uint32_t spagm_stim_unwritten(spagm_stim *s, const spagm_model *m, spagm_unit u) {
  if (!s || !m || !spagm_stim_keeps_power_on(s, u)) return 0;
  uint32_t left = 0;
  /* The register words 0x00..0x1C a load can leave out, bit k for 4k; a
   * word the list does not name (a pixel configuration choice at its reset
   * value, N352) is not left out: no load has it. */
  for (uint32_t k = 0; k < 8; k++) {
    uint32_t v;
    if (spagm__statemap_listed(m, u, 4 * k, &v) && left_out(s, u, 4 * k, v)) left |= 1u << k;
  }
  return left;
}

/* ---- The attribute load's memory bursts (N467) ---------------------------------------- */

bool spagm_stim_attr_corner_drawn(const spagm_stim *s, spagm_stim_attr_corner k) {
  return s && s->in_epoch && (unsigned)k < SPAGM_STIM_ATTR_CORNERS && (s->attr.corners >> k & 1u);
}

void spagm__stim_attr_load_epoch(spagm_stim *s) {
  if (!(s->o.units >> SPAGM_UNIT_ATTR & 1u)) return;
  /* A stream of its own: every other draw is unchanged. */
  spagm_rng k;
  spagm_rng_seed(&k, s->o.seed, s->epoch, SPAGM_UNIT_ATTR, 11);
  if (spagm__stim_corner(&s->attr.cn, &k, AC_LOAD_TWICE, 1) == 0)
    s->attr.corners |= 1u << SPAGM_STIM_ATTR_BLOCKS_TWICE;
  if (spagm__stim_corner(&s->attr.cn, &k, AC_LOAD_AFTER_CLEAR, 1) == 0)
    s->attr.corners |= 1u << SPAGM_STIM_ATTR_AFTER_CLEAR;
}

#define BLOCK(a) ((a) & ~(uint32_t)127)

/* The end of the run of words from i on that lie in i's 128-byte block. */
static size_t block_end(const spagm_cfg_list *l, size_t i) {
  size_t j = i + 1;
  while (j < l->n && BLOCK(l->w[j].addr) == BLOCK(l->w[i].addr)) j++;
  return j;
}

/* Move the first run of memory words (a target above 0, one block) of the
 * load l[from..] to right behind its clear command, l[from]: the clear's
 * busy cycle is the cycle that burst is offered (N121: the port must not
 * take it then; a unit that does loses it to the flash clear). */
static void memory_after_clear(spagm_cfg_list *l, size_t from) {
  if (from >= l->n || l->w[from].addr != 0x040u) return;
  size_t i = from + 1;
  while (i < l->n && l->w[i].addr >> 28 == 0) i++;
  if (i >= l->n || i == from + 1) return;
  size_t j = block_end(l, i), k = j - i;
  if (k > 32) return; /* a block holds 32 words; a list naming one twice is left alone */
  spagm_cfg_word run[32];
  memcpy(run, l->w + i, k * sizeof *run);
  memmove(l->w + from + 1 + k, l->w + from + 1, (i - from - 1) * sizeof *l->w);
  memcpy(l->w + from + 1, run, k * sizeof *run);
}

/* Write every memory block of two or more words of l[from..] as two bursts:
 * its odd words, then its even words. The second starts below the end of
 * the first, so it is a burst of its own (N120, spagm_cfg_list_next_burst)
 * whose mask leaves out words the block already holds: a unit that writes
 * a masked-off word, or writes a burst into other banks, loses them. */
static void blocks_twice(spagm_cfg_list *l, size_t from) {
  for (size_t i = from; i < l->n;) {
    size_t j = block_end(l, i), k = j - i;
    if (l->w[i].addr >> 28 != 0 && k >= 2 && k <= 32) {
      spagm_cfg_word run[32];
      size_t n = 0;
      for (size_t x = 1; x < k; x += 2) run[n++] = l->w[i + x];
      for (size_t x = 0; x < k; x += 2) run[n++] = l->w[i + x];
      memcpy(l->w + i, run, k * sizeof *run);
    }
    i = j;
  }
}

/* ---- Illegal writes (N123, N290) ------------------------------------------------------ */

/* What a value-kind write breaks: a register and the rule its values obey. */
typedef enum { V_MAX, V_SET, V_ALIGN32 } value_rule;
typedef struct illegal_reg {
  uint32_t addr;
  value_rule rule;
  uint32_t max;   /* V_MAX: the largest legal value */
  uint32_t words; /* registers of this kind from addr on, one per word */
} illegal_reg;
/* A range of addresses [lo, hi) of target t that names no word. */
typedef struct illegal_hole {
  uint32_t t, lo, hi;
} illegal_hole;
typedef struct illegal_map {
  const illegal_reg *regs;
  unsigned nregs;
  const illegal_hole *holes;
  unsigned nholes;
  uint32_t first_free_target; /* targets from here to 15 have no table */
  const uint32_t *set;        /* V_SET: the legal values */
  unsigned nset;
  unsigned edge_pct; /* target and address writes moved to the top edge (N550) */
} illegal_map;

/* The tables of docs/port-contract.md, "Configuration port (version 2)".
 * Pixel unit: the six registers and the sixteen 8-bit table entries. */
static const illegal_reg pix_regs[] = {
    {0x00, V_MAX, 5, 1}, {0x04, V_SET, 0, 1}, {0x08, V_MAX, 1, 1},
    {0x0C, V_MAX, 1, 1}, {0x10, V_MAX, 1, 2}, {0x40, V_MAX, 0xFF, 16}};
static const illegal_hole pix_holes[] = {{0, 0x18, 0x40}, {0, 0x80, 0x1000}};
static const uint32_t pix_set[] = {1, 2, 4, 8, 16};
/* Attribute unit: the scalar registers (maps and defaults take any word). */
static const illegal_reg attr_regs[] = {
    {0x000, V_MAX, 5, 1}, {0x004, V_MAX, 1, 1},    {0x008, V_MAX, 1, 1},
    {0x00C, V_MAX, 256, 1}, {0x010, V_SET, 0, 1}, {0x014, V_MAX, 1024, 1},
    {0x018, V_MAX, 255, 1}, {0x01C, V_MAX, 255, 1}};
static const illegal_hole attr_holes[] = {
    {0, 0x020, 0x040},     {0, 0x044, 0x100},     {0, 0x180, 0x400}, {0, 0x800, 0x1000},
    {1, 0x40A00, 0x41000}, {2, 0x40A00, 0x41000}, {3, 0x2000, 0x3000}, {4, 0x2000, 0x3000},
    {5, 0x1800, 0x2000},   {6, 0x20000, 0x21000}};
static const uint32_t attr_set[] = {8, 16, 32, 64, 128};
/* Texture unit: stage, bank select 0..17, a pool base of 32-byte headers
 * below 2^48 (N60), the rounding mode; MaximumIndex takes any word. */
static const illegal_reg tex_regs[] = {
    {0x000, V_MAX, 5, 1}, {0x004, V_MAX, 17, 1}, {0x008, V_ALIGN32, 0, 1},
    {0x00C, V_MAX, 0xFFFF, 1}, {0x014, V_MAX, 1, 1}};
static const illegal_hole tex_holes[] = {
    {0, 0x018, 0x080}, {0, 0x080, 0x1000}, {0, 0x1000, 0x10000000}, {1, 0x8000, 0x9000}};

#define N_OF(a) (unsigned)(sizeof(a) / sizeof(a)[0])
static const illegal_map maps[SPAGM_UNIT_COUNT] = {
    [SPAGM_UNIT_ATTR] = {attr_regs, N_OF(attr_regs), attr_holes, N_OF(attr_holes), 7, attr_set,
                         N_OF(attr_set), 0},
    [SPAGM_UNIT_PIX] = {pix_regs, N_OF(pix_regs), pix_holes, N_OF(pix_holes), 1, pix_set,
                        N_OF(pix_set), 0},
    [SPAGM_UNIT_TEX] = {tex_regs, N_OF(tex_regs), tex_holes, N_OF(tex_holes), 2, NULL, 0, 50},
};

static bool in_set(const illegal_map *mp, uint32_t v) {
  for (unsigned i = 0; i < mp->nset; i++)
    if (mp->set[i] == v) return true;
  return false;
}

/* A value register g cannot hold: half of the time the first one past the
 * rule's edge (max + 1, a set member's neighbour on either side (N531), a
 * base 1 byte off), else any. */
static uint32_t illegal_value(const illegal_map *mp, const illegal_reg *g, spagm_rng *r) {
  bool edge = spagm_rng_pct(r, 50);
  switch (g->rule) {
    case V_MAX:
      return edge ? g->max + 1 : g->max + 1 + spagm_rng_below(r, 0xFFFFFFFFu - g->max);
    case V_SET: {
      uint32_t v;
      do {
        if (edge) {
          /* One draw per statement (stim.c). */
          v = mp->set[spagm_rng_below(r, mp->nset)];
          v = spagm_rng_pct(r, 50) ? v + 1 : v - 1;
        } else {
          v = spagm_rng_u32(r);
        }
      } while (in_set(mp, v));
      return v;
    }
    case V_ALIGN32:
    default:
      return (spagm_rng_u32(r) & ~31u) | (edge ? 16u : 1u + spagm_rng_below(r, 31));
  }
}

/* A value register g can hold: what a write to it would take. */
static uint32_t legal_value(const illegal_map *mp, const illegal_reg *g, spagm_rng *r) {
  switch (g->rule) {
    case V_MAX: return spagm_rng_below(r, g->max + 1);
    case V_SET: return mp->set[spagm_rng_below(r, mp->nset)];
    case V_ALIGN32:
    default: return spagm_rng_u32(r) & ~31u;
  }
}

/* The register of target 0 whose word is at byte address a, or NULL. */
static const illegal_reg *reg_at(const illegal_map *mp, uint32_t a) {
  for (unsigned i = 0; i < mp->nregs; i++) {
    const illegal_reg *g = &mp->regs[i];
    if (a >= g->addr && a < g->addr + 4u * g->words) return g;
  }
  return NULL;
}

/* One write of kind k for unit u; *reg is the register a value write aims
 * at (its legal word is where the "among" copy goes). A write to another
 * target or to a hole carries a value the register of target 0 that its
 * address aliases (the same offset, or the same word of its block) could
 * hold, so a unit that decodes the address too loosely takes it and shows
 * it in the read-back; half of the target writes land in the first block,
 * where the registers are. Those two choices come from a (a stream of their
 * own, N421), so r's draws, and every write's address but for the block,
 * are those of stimulus 9. Where the unit's map asks (N550), e moves
 * edge_pct of the target and address writes to the top edge of their
 * field, keeping the word in its block: target 8 (only the target field's
 * top bit set) and target 0's block at 2^27 (only the offset's top bit),
 * which a decoder that reads its field one bit off takes for the
 * registers' block. */
static spagm_stim_illegal draw_illegal(spagm_unit u, spagm_stim_illegal_kind k, bool after,
                                       spagm_rng *r, spagm_rng *a, spagm_rng *e, uint32_t *reg) {
  const illegal_map *mp = &maps[u];
  spagm_stim_illegal w = {0, spagm_rng_u32(r), k, after, false};
  if (k == SPAGM_STIM_ILLEGAL_TARGET || k == SPAGM_STIM_ILLEGAL_ADDRESS) {
    uint32_t alias;
    if (k == SPAGM_STIM_ILLEGAL_TARGET) {
      uint32_t t = mp->first_free_target + spagm_rng_below(r, 16 - mp->first_free_target);
      uint32_t word = spagm_rng_below(r, 1024);
      if (spagm_rng_pct(a, 50)) word %= 32u;
      w.addr = t << 28 | 4u * word;
      alias = w.addr & 0x0FFFFFFFu;
    } else {
      const illegal_hole *h = &mp->holes[spagm_rng_below(r, mp->nholes)];
      uint32_t off = spagm_rng_pct(r, 50) ? h->lo : h->lo + 4u * spagm_rng_below(r, (h->hi - h->lo) / 4);
      w.addr = h->t << 28 | off;
      alias = off & 0x7Fu;
    }
    if (mp->edge_pct && spagm_rng_pct(e, mp->edge_pct)) {
      w.addr = k == SPAGM_STIM_ILLEGAL_TARGET ? 8u << 28 | (w.addr & 0x0FFFFFFFu)
                                              : 0x08000000u | (w.addr & 0x7Fu);
      if (k == SPAGM_STIM_ILLEGAL_ADDRESS) alias = w.addr & 0x7Fu;
    }
    const illegal_reg *g = reg_at(mp, alias);
    if (g) {
      w.data = legal_value(mp, g, a);
      w.aliases = true;
    }
  } else {
    const illegal_reg *g = &mp->regs[spagm_rng_below(r, mp->nregs)];
    w.addr = g->addr + 4u * spagm_rng_below(r, g->words);
    w.data = illegal_value(mp, g, r);
  }
  *reg = w.addr;
  return w;
}

void spagm__stim_illegal_epoch(spagm_stim *s) {
  static const unsigned entry[SPAGM_UNIT_COUNT] = {AC_ILLEGAL_WRITES, PC_ILLEGAL_WRITES,
                                                   TC_ILLEGAL_WRITES};
  /* Each generated unit's table, made ready by its epoch. */
  const stim_corners *const cns[SPAGM_UNIT_COUNT] = {&s->attr.cn, &s->pix.cn, &s->tex.cn};
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    s->illegal_epoch[u] = false;
    s->n_illegal[u] = 0;
    if (!(s->o.units >> u & 1u)) continue;
    /* A stream of its own: every other draw is that of stimulus 5. */
    spagm_rng k;
    spagm_rng_seed(&k, s->o.seed, s->epoch, u, 3);
    s->illegal_epoch[u] = spagm__stim_corner(cns[u], &k, entry[u], 1) == 0;
  }
}

/* Insert the epoch's illegal writes into the legal list l (N290): for each
 * kind one among the legal words (a value write right behind its
 * register's word, or where that word would be; the others before a
 * random word but the first, so an attribute load's clear command never
 * wipes them) and one after all of them. */
static spagm_status insert_illegal(spagm_stim *s, spagm_unit u, spagm_cfg_list *l,
                                   size_t from) {
  spagm_rng r, a, e;
  spagm_rng_seed(&r, s->o.seed, s->epoch, u, 4); /* the same writes on every call */
  spagm_rng_seed(&a, s->o.seed, s->epoch, u, 9);
  spagm_rng_seed(&e, s->o.seed, s->epoch, u, 17);
  size_t n = l->n - from, at[SPAGM_STIM_ILLEGAL_KINDS];
  spagm_stim_illegal *ill = s->illegal[u];
  for (unsigned k = 0; k < 2 * SPAGM_STIM_ILLEGAL_KINDS; k++) {
    uint32_t reg = 0;
    bool after = k >= SPAGM_STIM_ILLEGAL_KINDS;
    ill[k] = draw_illegal((spagm_unit)u, (spagm_stim_illegal_kind)(k % SPAGM_STIM_ILLEGAL_KINDS),
                          after, &r, &a, &e, &reg);
    if (after) continue;
    size_t pos = n < 2 ? n : 1 + spagm_rng_below(&r, (uint32_t)(n - 1));
    if (k == SPAGM_STIM_ILLEGAL_VALUE) {
      /* Behind the register's own word; where the load does not name it,
       * behind the last word below it (the words may be in any order,
       * N550). */
      pos = 0;
      for (size_t i = 0; i < n; i++)
        if (l->w[from + i].addr <= reg) pos = i + 1;
      for (size_t i = 0; i < n; i++)
        if (l->w[from + i].addr == reg) pos = i + 1;
      if (pos == 0 && n > 0) pos = 1; /* its word left out (N280): still not first */
    }
    at[k] = pos;
  }
  s->n_illegal[u] = 2 * SPAGM_STIM_ILLEGAL_KINDS;
  /* The merged list built in an array and copied back whole, not word by
   * word through two lists: the same words in the same order. */
  size_t total = n + 2 * SPAGM_STIM_ILLEGAL_KINDS, j = 0;
  spagm_cfg_word *all = malloc(total * sizeof *all);
  if (!all) return SPAGM_E_NOMEM;
  for (size_t i = 0; i <= n; i++) {
    /* The value write first: it stays right behind its register's word. */
    for (unsigned v = 0; v < SPAGM_STIM_ILLEGAL_KINDS; v++) {
      unsigned k = (SPAGM_STIM_ILLEGAL_VALUE + v) % SPAGM_STIM_ILLEGAL_KINDS;
      if (at[k] == i) all[j++] = (spagm_cfg_word){ill[k].addr, ill[k].data};
    }
    if (i < n) all[j++] = l->w[from + i];
  }
  for (unsigned k = SPAGM_STIM_ILLEGAL_KINDS; k < 2 * SPAGM_STIM_ILLEGAL_KINDS; k++)
    all[j++] = (spagm_cfg_word){ill[k].addr, ill[k].data};
  /* Grow l by the inserted words, then overwrite its range. */
  spagm_status st = SPAGM_OK;
  for (unsigned k = 0; k < 2 * SPAGM_STIM_ILLEGAL_KINDS && st == SPAGM_OK; k++)
    st = spagm_cfg_list_push(l, 0, 0);
  if (st == SPAGM_OK) memcpy(l->w + from, all, total * sizeof *all);
  free(all);
  return st;
}

/* ---- Registers written twice (N420) ----------------------------------------------------- */

bool spagm_stim_rewrites_registers(const spagm_stim *s, spagm_unit u) {
  return s && (unsigned)u < SPAGM_UNIT_COUNT && s->in_epoch && s->rewrite_epoch[u];
}

size_t spagm_stim_rewritten(const spagm_stim *s, spagm_unit u) {
  return spagm_stim_rewrites_registers(s, u) ? s->n_rewritten[u] : 0;
}

/* A value register g can hold other than v: the legal values in a ring,
 * any but v's place. */
static uint32_t other_value(const illegal_map *mp, const illegal_reg *g, uint32_t v,
                            spagm_rng *r) {
  if (g->rule == V_SET) {
    unsigned at = 0;
    while (at < mp->nset && mp->set[at] != v) at++;
    return mp->set[(at + 1 + spagm_rng_below(r, mp->nset - 1)) % mp->nset];
  }
  if (g->rule == V_MAX) return (uint32_t)((v + 1u + spagm_rng_below(r, g->max)) % (g->max + 1ull));
  return v ^ 32u << spagm_rng_below(r, 11);
}

/* Writes of another legal value to each register word among the legal
 * words [from, from + n) of l, in their order (N420). */
static spagm_status rewrites(spagm_stim *s, spagm_unit u, const spagm_cfg_list *l, size_t from,
                             size_t n, spagm_cfg_list *pre) {
  const illegal_map *mp = &maps[u];
  spagm_rng r;
  spagm_rng_seed(&r, s->o.seed, s->epoch, u, 8); /* the same words on every call */
  spagm_status st = SPAGM_OK;
  for (size_t i = 0; i < n && st == SPAGM_OK; i++) {
    const spagm_cfg_word *w = &l->w[from + i];
    const illegal_reg *g = w->addr >> 28 ? NULL : reg_at(mp, w->addr);
    if (g) st = spagm_cfg_list_push(pre, w->addr, other_value(mp, g, w->data, &r));
  }
  return st;
}

/* Put the words of pre before the load at l[from]: one burst of ascending
 * addresses, which the load, starting again at a lower address, follows in
 * bursts of its own (N120), so each register ends with the epoch's value. */
static spagm_status prepend(spagm_cfg_list *l, size_t from, const spagm_cfg_list *pre) {
  size_t k = pre->n, tail = l->n - from;
  spagm_status st = SPAGM_OK;
  for (size_t i = 0; i < k && st == SPAGM_OK; i++) st = spagm_cfg_list_push(l, 0, 0);
  if (st != SPAGM_OK || k == 0) return st;
  memmove(l->w + from + k, l->w + from, tail * sizeof *l->w);
  memcpy(l->w + from, pre->w, k * sizeof *l->w);
  return SPAGM_OK;
}

/* ---- The texture load's register words in a random order (N550) ------------------------- */

/* Shuffle the register words (target 0) at the front of the texture load
 * l[from..]: a burst then holds the words that happen to follow each other
 * in ascending order (N120), so most words go without their neighbours and
 * a unit that writes a register under another word's mask bit takes that
 * word's don't-care data. The same order on every call. */
static void registers_any_order(const spagm_stim *s, spagm_cfg_list *l, size_t from) {
  size_t n = 0;
  while (from + n < l->n && l->w[from + n].addr >> 28 == 0) n++;
  spagm_rng r;
  spagm_rng_seed(&r, s->o.seed, s->epoch, SPAGM_UNIT_TEX, 18);
  for (size_t i = n; i > 1; i--) {
    size_t j = spagm_rng_below(&r, (uint32_t)i);
    spagm_cfg_word t = l->w[from + i - 1];
    l->w[from + i - 1] = l->w[from + j];
    l->w[from + j] = t;
  }
}

static bool tex_any_order(const spagm_stim *s) {
  return s->in_epoch && s->o.units >> SPAGM_UNIT_TEX & 1u && s->tex.any_order;
}

spagm_status spagm_stim_load_list(spagm_stim *s, const spagm_model *m, spagm_unit u,
                                  spagm_cfg_list *out) {
  if (!s || !m || !out || (unsigned)u >= SPAGM_UNIT_COUNT) return SPAGM_E_ARG;
  size_t from = out->n;
  spagm_cfg_list pre = {0};
  spagm_status st = legal_list(s, m, u, out);
  if (st == SPAGM_OK && u == SPAGM_UNIT_ATTR) {
    if (spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_AFTER_CLEAR)) memory_after_clear(out, from);
    if (spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_BLOCKS_TWICE)) blocks_twice(out, from);
  }
  if (st == SPAGM_OK && u == SPAGM_UNIT_TEX && tex_any_order(s))
    registers_any_order(s, out, from);
  if (st == SPAGM_OK && spagm_stim_rewrites_registers(s, u))
    st = rewrites(s, u, out, from, out->n - from, &pre);
  if (st == SPAGM_OK && spagm_stim_has_illegal_writes(s, u)) st = insert_illegal(s, u, out, from);
  if (st == SPAGM_OK) st = prepend(out, from, &pre);
  s->n_rewritten[u] = st == SPAGM_OK ? pre.n : 0;
  spagm_cfg_list_free(&pre);
  return st;
}

static int by_addr(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

spagm_status spagm_stim_readback_list(const spagm_stim *s, const spagm_model *m, spagm_unit u,
                                      spagm_cfg_list *out) {
  if (!s || !m || !out || (unsigned)u >= SPAGM_UNIT_COUNT) return SPAGM_E_ARG;
  spagm_status st = spagm_statemap_readback_list(m, u, out);
  /* N550: with the bank words spread over the rows, one more row is read
   * back, the row of a word the epoch wrote, so a read burst's row comes
   * from all of the address and not only row 0's (N284). */
  if (st == SPAGM_OK && u == SPAGM_UNIT_TEX && s->in_epoch && s->tex.spread) {
    spagm_rng r;
    spagm_rng_seed(&r, s->o.seed, s->epoch, SPAGM_UNIT_TEX, 19);
    uint32_t row = s->tex.slot_word[spagm_rng_below(&r, STIM_TEX_SLOTS)] >> 5;
    for (uint32_t k = 0; row != 0 && k < 32 && st == SPAGM_OK; k++)
      st = spagm_cfg_list_push(out, 1u << 28 | row << 7 | 4 * k, 0);
  }
  const spagm_stim_illegal *ill;
  size_t n = spagm_stim_illegal_writes(s, u, &ill);
  uint32_t a[2 * SPAGM_STIM_ILLEGAL_KINDS];
  for (size_t i = 0; i < n; i++) a[i] = ill[i].addr;
  qsort(a, n, sizeof a[0], by_addr);
  for (size_t i = 0; i < n && st == SPAGM_OK; i++)
    if (i == 0 || a[i] != a[i - 1]) st = spagm_cfg_list_push(out, a[i], 0);
  return st;
}
