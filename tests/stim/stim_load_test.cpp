// SPDX-License-Identifier: Apache-2.0
// The load of the "power-on values left in place" corner (N280,
// N291): spagm_stim_load_list leaves out exactly the words a reset sets
// that hold their reset value, only in the epochs that draw the corner;
// and the illegal writes of N290. The corner's count in the explanation stream is part of
// StimCorners.EveryCornerTenTimesPerSeed_* (stim_corners_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <vector>

#include "spagm/spagm.h"
#include "spagm/stim/stim.h"

namespace {

// The load without the epoch's illegal writes (N290), each (addr, data)
// of spagm_stim_illegal_writes taken out once, and without the first writes
// of the registers it writes twice (N420), the spagm_stim_rewritten words
// at its start.
spagm_cfg_list legal_part(const spagm_stim *s, spagm_unit u, const spagm_cfg_list &load) {
  const spagm_stim_illegal *ill = nullptr;
  size_t n = spagm_stim_illegal_writes(s, u, &ill);
  std::vector<bool> used(n, false);
  spagm_cfg_list out{};
  for (size_t i = spagm_stim_rewritten(s, u); i < load.n; i++) {
    bool skip = false;
    for (size_t k = 0; k < n && !skip; k++)
      if (!used[k] && ill[k].addr == load.w[i].addr && ill[k].data == load.w[i].data)
        used[k] = skip = true;
    if (!skip) spagm_cfg_list_push(&out, load.w[i].addr, load.w[i].data);
  }
  return out;
}

// A generator of every unit with the default options (seed 1).
spagm_stim *every_unit() {
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.units = 7;
  return spagm_stim_new(&o, nullptr);
}

// Calls f(s, m, unit, load) for every unit's load list (spagm_stim_load_list)
// of epochs 0..39 of every_unit(); s and m hold the epoch.
void each_load(const std::function<void(spagm_stim *, spagm_model *, spagm_unit,
                                        const spagm_cfg_list &)> &f) {
  spagm_diag d{};
  spagm_stim *s = every_unit();
  spagm_model *m = spagm_model_new();
  for (unsigned e = 0; e < 40; e++) {
    ASSERT_EQ(spagm_stim_begin_epoch(s, e, m, &d), SPAGM_OK) << d.msg;
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      spagm_cfg_list load{};
      ASSERT_EQ(spagm_stim_load_list(s, m, (spagm_unit)u, &load), SPAGM_OK);
      f(s, m, (spagm_unit)u, load);
      spagm_cfg_list_free(&load);
    }
  }
  spagm_model_free(m);
  spagm_stim_free(s);
}

// The words of a load in list order: the clear command first, then by
// address (the statemap's order), so a load whose memory blocks go in
// another order (N467) compares with the statemap's list word by word.
spagm_cfg_list in_list_order(const spagm_cfg_list &load) {
  std::vector<spagm_cfg_word> w(load.w, load.w + load.n);
  auto key = [](const spagm_cfg_word &x) { return x.addr == 0x040u ? 0ull : x.addr + 1ull; };
  std::stable_sort(w.begin(), w.end(),
                   [&](const spagm_cfg_word &a, const spagm_cfg_word &b) { return key(a) < key(b); });
  spagm_cfg_list out{};
  for (const spagm_cfg_word &x : w) spagm_cfg_list_push(&out, x.addr, x.data);
  return out;
}

// The words a reset sets, from docs/port-contract.md's tables (written
// here independently of stim_load.c): the pixel unit's registers and
// table, the attribute unit's registers, maps and default table (not its
// clear command, not its memories), the texture unit's registers (not its
// constant bank, which a reset does not clear).
bool reset_sets(unsigned u, uint32_t addr) {
  if (addr >> 28) return false;
  if (u == SPAGM_UNIT_PIX) return addr < 0x80;
  if (u == SPAGM_UNIT_TEX) return addr <= 0x14;
  return addr <= 0x1C || (addr >= 0x100 && addr < 0x180) || (addr >= 0x400 && addr < 0x800);
}

// One epoch's load of unit u that keeps the power-on values: exactly the
// words a reset sets that hold their reset value are left out (a bank or
// memory word of value 0 stays: N291's resets(u, addr) looks at the
// address), and spagm_stim_unwritten names exactly the register words
// 0x00..0x1C left out (the one derivation). An epoch whose every register
// holds another value leaves nothing out; the caller counts the others.
void check_power_on_load(const spagm_stim *s, const spagm_model *m, const spagm_model *fresh,
                         unsigned u, const spagm_cfg_list &all, const spagm_cfg_list &load) {
  EXPECT_LE(load.n, all.n) << "unit " << u;
  size_t j = 0;
  uint32_t left_regs = 0;
  for (size_t i = 0; i < all.n; i++) {
    uint32_t reset = 0, a = all.w[i].addr;
    bool readable = spagm_statemap_read(fresh, (spagm_unit)u, a, &reset);
    bool left = j >= load.n || load.w[j].addr != a;
    EXPECT_EQ(left, readable && reset_sets(u, a) && reset == all.w[i].data)
        << "unit " << u << " word 0x" << std::hex << a;
    if (!left) j++;
    if (left && a < 0x20) left_regs |= 1u << (a / 4);
  }
  EXPECT_EQ(spagm_stim_unwritten(const_cast<spagm_stim *>(s), m, (spagm_unit)u), left_regs);
  if (u == SPAGM_UNIT_PIX) {
    // The positions word is always among them (standard positions), and
    // the table at (0, 0): none of its words is written.
    EXPECT_NE(left_regs & 4u, 0u);
    for (size_t i = 0; i < load.n; i++) EXPECT_FALSE(load.w[i].addr >= 0x40 && load.w[i].addr < 0x80);
  }
}

// The load of an epoch that keeps the power-on values leaves out exactly
// the words a reset sets and holds (N280, N291); every other epoch's load
// is the whole statemap list.
TEST(StimLoad, PowerOnLoadLeavesOutOnlyResetRegisters) {
  spagm_model *fresh = spagm_model_new();
  unsigned kept[SPAGM_UNIT_COUNT] = {0}, left_out[SPAGM_UNIT_COUNT] = {0}, whole = 0;
  each_load([&](spagm_stim *s, spagm_model *m, spagm_unit u, const spagm_cfg_list &with_illegal) {
    spagm_cfg_list all{};
    ASSERT_EQ(spagm_statemap_load_list(m, u, &all), SPAGM_OK);
    spagm_cfg_list legal = legal_part(s, u, with_illegal), load = in_list_order(legal);
    spagm_cfg_list_free(&legal);
    if (!spagm_stim_keeps_power_on(s, u)) {
      EXPECT_EQ(spagm_stim_unwritten(s, m, u), 0u);
      whole++;
      EXPECT_EQ(load.n, all.n);
    } else {
      kept[u]++;
      left_out[u] += load.n < all.n;
      check_power_on_load(s, m, fresh, u, all, load);
    }
    spagm_cfg_list_free(&all);
    spagm_cfg_list_free(&load);
  });
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    EXPECT_GT(kept[u], 5u) << u;
    EXPECT_GT(left_out[u], kept[u] / 2) << "unit " << u << ": kept epochs that left a word out";
  }
  EXPECT_GT(whole, 40u);
  spagm_model *m = spagm_model_new();
  EXPECT_EQ(spagm_stim_load_list(nullptr, m, SPAGM_UNIT_PIX, nullptr), SPAGM_E_ARG);
  EXPECT_FALSE(spagm_stim_keeps_power_on(nullptr, SPAGM_UNIT_PIX));
  spagm_model_free(m);
  spagm_model_free(fresh);
}

// Illegal write number k (kind k % 3, after the legal words from k = 3):
// no word where it is outside a table, a register where it is a value,
// and the model refuses it and keeps its state (its load list).
void check_refused(spagm_model *m, spagm_unit un, const spagm_stim_illegal &w, size_t k) {
  EXPECT_EQ((unsigned)w.kind, k % 3);
  EXPECT_EQ(w.after, k >= 3);
  uint32_t v = 0;
  bool readable = spagm_statemap_read(m, un, w.addr, &v);
  EXPECT_EQ(readable, w.kind == SPAGM_STIM_ILLEGAL_VALUE) << std::hex << w.addr;
  if (w.kind == SPAGM_STIM_ILLEGAL_TARGET) {
    EXPECT_NE(w.addr >> 28, 0u);
  }
  spagm_cfg_list before{}, after{};
  spagm_statemap_load_list(m, un, &before);
  EXPECT_NE(spagm_statemap_write(m, un, w.addr, w.data, nullptr), SPAGM_OK)
      << std::hex << w.addr << " = " << w.data;
  spagm_statemap_load_list(m, un, &after);
  ASSERT_EQ(before.n, after.n);
  EXPECT_EQ(std::memcmp(before.w, after.w, before.n * sizeof before.w[0]), 0);
  spagm_cfg_list_free(&before);
  spagm_cfg_list_free(&after);
}

// The three after the legal words close the load, in kind order; among
// them, none is first (an attribute load's clear would wipe it) and a
// value write sits right behind its register's legal word (or where that
// word would be).
void check_placed(spagm_unit un, const spagm_cfg_list &load, const spagm_stim_illegal *ill) {
  for (size_t k = 0; k < 3; k++) {
    EXPECT_EQ(load.w[load.n - 3 + k].addr, ill[3 + k].addr);
    EXPECT_EQ(load.w[load.n - 3 + k].data, ill[3 + k].data);
  }
  for (size_t i = 0; i < load.n - 3; i++) {
    if (load.w[i].addr == ill[2].addr && load.w[i].data == ill[2].data) {
      ASSERT_GT(i, 0u);
      // Behind its register's word, or, when the load does not name the
      // register (a power-on epoch left it out, N280; a configuration
      // choice at 0, N352), behind a word below it or second (not first).
      bool named = std::any_of(load.w, load.w + load.n, [&](const spagm_cfg_word &w) {
        return w.addr == ill[2].addr && w.data != ill[2].data;
      });
      if (named) {
        EXPECT_EQ(load.w[i - 1].addr, ill[2].addr) << "unit " << un;
      } else {
        EXPECT_TRUE(load.w[i - 1].addr < ill[2].addr || i == 1) << "unit " << un;
      }
    }
    if (load.w[i].addr == ill[0].addr && load.w[i].data == ill[0].data) {
      EXPECT_GT(i, 0u);
    }
  }
}

// N290: in an epoch that draws the
// "illegal writes" corner the load of each unit carries one write of each
// kind among the legal words and one of each after them; the model refuses
// every one (N123: the unit ignores it), the rest of the load is the legal
// list, a value write sits right behind its register's own word, and the
// read-back names every illegal address.
TEST(StimLoad, IllegalWritesOfEachKindIgnoredAmongAndAfter) {
  unsigned with[SPAGM_UNIT_COUNT] = {0}, without[SPAGM_UNIT_COUNT] = {0};
  each_load([&](spagm_stim *s, spagm_model *m, spagm_unit un, const spagm_cfg_list &load) {
    spagm_cfg_list again{}, rb{}, plain_rb{};
    ASSERT_EQ(spagm_stim_load_list(s, m, un, &again), SPAGM_OK);
    EXPECT_EQ(load.n, again.n); // the same writes on every call
    spagm_cfg_list_free(&again);
    const spagm_stim_illegal *ill = nullptr;
    size_t n = spagm_stim_illegal_writes(s, un, &ill);
    spagm_cfg_list legal = legal_part(s, un, load);
    EXPECT_EQ(legal.n + n + spagm_stim_rewritten(s, un), load.n);
    spagm_cfg_list_free(&legal);
    if (!spagm_stim_has_illegal_writes(s, un)) {
      without[un]++;
      EXPECT_EQ(n, 0u);
      return;
    }
    with[un]++;
    ASSERT_EQ(n, 6u);
    for (size_t k = 0; k < n; k++) check_refused(m, un, ill[k], k);
    check_placed(un, load, ill);
    // The read-back names each illegal address after the statemap's.
    spagm_statemap_readback_list(m, un, &plain_rb);
    EXPECT_EQ(spagm_stim_readback_list(s, m, un, &rb), SPAGM_OK);
    for (size_t k = 0; k < n; k++)
      EXPECT_TRUE(std::any_of(rb.w + plain_rb.n, rb.w + rb.n,
                              [&](const spagm_cfg_word &w) { return w.addr == ill[k].addr; }));
    spagm_cfg_list_free(&rb);
    spagm_cfg_list_free(&plain_rb);
  });
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    EXPECT_GT(with[u], 5u) << u;
    EXPECT_GT(without[u], 15u) << u;
  }
  spagm_model *m = spagm_model_new();
  const spagm_stim_illegal *ill = nullptr;
  EXPECT_EQ(spagm_stim_illegal_writes(nullptr, SPAGM_UNIT_PIX, &ill), 0u);
  EXPECT_FALSE(spagm_stim_has_illegal_writes(nullptr, SPAGM_UNIT_PIX));
  EXPECT_EQ(spagm_stim_readback_list(nullptr, m, SPAGM_UNIT_PIX, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_stim_unwritten(nullptr, m, SPAGM_UNIT_PIX), 0u);
  spagm_model_free(m);
}

// A write to another target, or to an address of a table that names no
// word, carries a value that the register of target 0 its address aliases
// (the same offset; for a hole, the same word of its 128-byte block) can
// hold, so a unit that decodes the target or the block too loosely takes
// it: the model at target 0 takes every such value. Enough pixel target
// writes land in the register block to reach that slip in a seed.
TEST(StimLoad, IllegalAddressWritesCarryAValueTheAliasedRegisterTakes) {
  spagm_model *fresh = spagm_model_new();
  unsigned aliased[SPAGM_UNIT_COUNT] = {0}, pix_block0 = 0;
  each_load([&](spagm_stim *s, spagm_model *, spagm_unit un, const spagm_cfg_list &) {
    const spagm_stim_illegal *ill = nullptr;
    size_t n = spagm_stim_illegal_writes(s, un, &ill);
    for (size_t k = 0; k < n; k++) {
      if (ill[k].kind == SPAGM_STIM_ILLEGAL_VALUE) continue;
      uint32_t alias = ill[k].kind == SPAGM_STIM_ILLEGAL_TARGET ? ill[k].addr & 0x0FFFFFFFu
                                                                 : ill[k].addr & 0x7Fu;
      uint32_t v = 0;
      if (!spagm_statemap_read(fresh, un, alias, &v)) continue;
      spagm_model *scratch = spagm_model_new();
      EXPECT_EQ(spagm_statemap_write(scratch, un, alias, ill[k].data, nullptr), SPAGM_OK)
          << "unit " << un << " write 0x" << std::hex << ill[k].addr << " = 0x" << ill[k].data
          << " aliases 0x" << alias;
      spagm_model_free(scratch);
      aliased[un]++;
      if (un == SPAGM_UNIT_PIX && ill[k].kind == SPAGM_STIM_ILLEGAL_TARGET && alias < 0x80u)
        pix_block0++;
    }
  });
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) EXPECT_GT(aliased[u], 0u) << u;
  EXPECT_GE(pix_block0, 4u);
  spagm_model_free(fresh);
}

// One epoch's load of the pixel unit that writes its registers twice:
// it starts with one write of each register word the rest of it names, in
// the same ascending order, each a value the register can hold and not the
// epoch's; the whole load leaves the epoch's state. Counts the registers
// whose epoch value is the reset value into *at_reset.
void check_rewrites(const spagm_stim *s, const spagm_model *m, const spagm_cfg_list &load,
                    unsigned *at_reset) {
  size_t k = spagm_stim_rewritten(s, SPAGM_UNIT_PIX);
  spagm_cfg_list rest = legal_part(s, SPAGM_UNIT_PIX, load), all{};
  // The register words of the rest (the pixel unit's are 0x00..0x7C of
  // target 0, docs/port-contract.md), each written first.
  std::vector<spagm_cfg_word> regs;
  for (size_t i = 0; i < rest.n; i++)
    if (rest.w[i].addr < 0x80u) regs.push_back(rest.w[i]);
  ASSERT_EQ(k, regs.size());
  ASSERT_GT(k, 0u);
  spagm_model *scratch = spagm_model_new(), *fresh = spagm_model_new();
  for (size_t i = 0; i < k; i++) {
    EXPECT_EQ(load.w[i].addr, regs[i].addr);
    EXPECT_NE(load.w[i].data, regs[i].data) << std::hex << regs[i].addr;
    EXPECT_EQ(spagm_statemap_write(scratch, SPAGM_UNIT_PIX, load.w[i].addr, load.w[i].data, nullptr),
              SPAGM_OK)
        << std::hex << load.w[i].addr << " = " << load.w[i].data;
    uint32_t v = 0;
    if (spagm_statemap_read(fresh, SPAGM_UNIT_PIX, regs[i].addr, &v) && v == regs[i].data)
      ++*at_reset;
  }
  for (size_t i = 0; i < load.n; i++)
    spagm_statemap_write(scratch, SPAGM_UNIT_PIX, load.w[i].addr, load.w[i].data, nullptr);
  spagm_statemap_load_list(m, SPAGM_UNIT_PIX, &all);
  for (size_t i = 0; i < all.n; i++) {
    uint32_t v = 0;
    EXPECT_TRUE(spagm_statemap_read(scratch, SPAGM_UNIT_PIX, all.w[i].addr, &v));
    EXPECT_EQ(v, all.w[i].data) << std::hex << all.w[i].addr;
  }
  spagm_model_free(fresh);
  spagm_model_free(scratch);
  spagm_cfg_list_free(&rest);
  spagm_cfg_list_free(&all);
}

// In an epoch that draws "registers written twice" (pixel unit) the load
// first writes each register another legal value and still leaves the
// epoch's state (check_rewrites); other epochs and units write nothing
// twice.
TEST(StimLoad, RegistersWrittenTwiceEndWithTheEpochsValue) {
  unsigned twice = 0, once = 0, at_reset_value = 0;
  each_load([&](spagm_stim *s, spagm_model *m, spagm_unit un, const spagm_cfg_list &load) {
    if (un == SPAGM_UNIT_PIX && spagm_stim_rewrites_registers(s, un)) {
      twice++;
      check_rewrites(s, m, load, &at_reset_value);
    } else {
      EXPECT_EQ(spagm_stim_rewritten(s, un), 0u) << un;
      if (un == SPAGM_UNIT_PIX) once++;
    }
  });
  EXPECT_GT(twice, 5u);
  EXPECT_GT(once, 15u);
  // Registers whose epoch value is the reset value are among them: a unit
  // that refuses that value keeps the first write's.
  EXPECT_GT(at_reset_value, 5u);
  EXPECT_FALSE(spagm_stim_rewrites_registers(nullptr, SPAGM_UNIT_PIX));
  EXPECT_EQ(spagm_stim_rewritten(nullptr, SPAGM_UNIT_PIX), 0u);
}

// The attribute load's bursts (spagm_cfg_list_next_burst) from l[from..].
std::vector<spagm_cfg_burst> bursts_of(const spagm_cfg_list &l) {
  std::vector<spagm_cfg_burst> out;
  size_t pos = 0;
  spagm_cfg_burst b;
  while (spagm_cfg_list_next_burst(&l, &pos, &b)) out.push_back(b);
  return out;
}

// In an epoch that draws "memory blocks written in two bursts" every memory
// block of two or more words goes in two bursts, the second's mask leaving
// out the words the first wrote; in one that draws "a memory burst right
// after the clear command" the second burst is a memory block. Either way
// the load holds the statemap's words (in_list_order), so the state is the
// epoch's; other epochs load the statemap's order.
TEST(StimLoad, AttributeMemoryBlocksInTwoBurstsAndRightAfterTheClear) {
  unsigned twice = 0, after_clear = 0, plain = 0;
  each_load([&](spagm_stim *s, spagm_model *m, spagm_unit un, const spagm_cfg_list &with_illegal) {
    if (un != SPAGM_UNIT_ATTR) return;
    spagm_cfg_list load = legal_part(s, un, with_illegal), all{}, sorted = in_list_order(load);
    ASSERT_EQ(spagm_stim_load_list(s, m, un, &all), SPAGM_OK);
    spagm_cfg_list_free(&all);
    ASSERT_EQ(spagm_statemap_load_list(m, un, &all), SPAGM_OK);
    bool split = spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_BLOCKS_TWICE);
    bool first = spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_AFTER_CLEAR);
    if (!spagm_stim_keeps_power_on(s, un)) {
      ASSERT_EQ(sorted.n, all.n);
      EXPECT_EQ(std::memcmp(sorted.w, all.w, all.n * sizeof all.w[0]), 0);
    }
    std::vector<spagm_cfg_burst> b = bursts_of(load);
    ASSERT_GT(b.size(), 2u);
    EXPECT_EQ(b[0].addr, 0u);  // the clear command's block
    EXPECT_EQ(b[0].mask, 1u << (0x040 / 4));
    if (first) {
      after_clear++;
      EXPECT_NE(b[1].addr >> 28, 0u) << "a memory block right after the clear";
    } else {
      EXPECT_EQ(b[1].addr >> 28, 0u) << "the registers right after the clear";
    }
    // Per memory block: the bursts naming it, and whether a later one's mask
    // leaves out words an earlier one wrote.
    unsigned blocks = 0, over_written = 0;
    for (size_t i = 0; i < b.size(); i++) {
      if (b[i].addr >> 28 == 0 || (i > 0 && b[i - 1].addr == b[i].addr)) continue;
      blocks++;
      uint32_t words = b[i].mask;
      size_t j = i + 1;
      for (; j < b.size() && b[j].addr == b[i].addr; j++) {
        EXPECT_EQ(b[j].mask & words, 0u) << "a word written twice";
        if (b[j].mask != 0 && words != 0) over_written++;
        words |= b[j].mask;
      }
      if (split && __builtin_popcount(words) >= 2) {
        EXPECT_EQ(j - i, 2u) << std::hex << b[i].addr;
      } else {
        EXPECT_EQ(j - i, 1u) << std::hex << b[i].addr;
      }
    }
    if (split) {
      twice++;
      EXPECT_GT(over_written, blocks / 2);
    } else {
      EXPECT_EQ(over_written, 0u);
      if (!first) plain++;
    }
    spagm_cfg_list_free(&load);
    spagm_cfg_list_free(&all);
    spagm_cfg_list_free(&sorted);
  });
  EXPECT_GT(twice, 5u);
  EXPECT_GT(after_clear, 5u);
  EXPECT_GT(plain, 5u);
  EXPECT_FALSE(spagm_stim_attr_corner_drawn(nullptr, SPAGM_STIM_ATTR_BLOCKS_TWICE));
}

// The map corners (N466): every attribute in both BMAPs (N = 256) with
// 33..64 vertices, or one attribute in the output BMAP (N = 1).
TEST(StimLoad, AttributeMapCornersGiveNOf256AndOne) {
  unsigned all_mapped = 0, one = 0;
  each_load([&](spagm_stim *s, spagm_model *m, spagm_unit un, const spagm_cfg_list &) {
    if (un != SPAGM_UNIT_ATTR) return;
    auto count = [&](spagm_attr_map k) {
      uint32_t bits[8];
      spagm_attr_get_map(m, k, bits, nullptr);
      unsigned n = 0;
      for (uint32_t x : bits) n += (unsigned)__builtin_popcount(x);
      return n;
    };
    spagm_attr_config c;
    spagm_attr_get_config(m, &c, nullptr);
    if (spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_ALL_MAPPED)) {
      all_mapped++;
      EXPECT_EQ(count(SPAGM_MAP_BMAP_IN), 256u);
      EXPECT_EQ(count(SPAGM_MAP_BMAP_OUT), 256u);
      EXPECT_GE(c.vertex_count, 33u);
      EXPECT_LE(c.vertex_count, 64u);
    }
    if (spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_ONE_OUTPUT)) {
      one++;
      EXPECT_EQ(count(SPAGM_MAP_BMAP_OUT), 1u);
    }
  });
  EXPECT_GT(all_mapped, 1u);
  EXPECT_GT(one, 1u);
}

// The state corners of the attribute unit's ends (N531): every attribute
// mapped over 129..136 vertices of a shared ISBE, with data at offset
// 0x20000 (vertex 128, rank 0); ST_REQ ending at 255, or starting at 0 with
// attribute 0 in the output BMAP only through ST_REQ; MaxOutputVertexCount
// at its power-on value; and in every epoch leftover data in the last 128
// bytes of the attribute region when no live vertex reaches them; ST_REQ
// start at its power-on value with an end below it (N532).
TEST(StimLoad, AttributeEndCornersHoldTheirState) {
  unsigned upper = 0, top = 0, zero = 0, gs = 0, leftovers = 0, streq_power_on = 0;
  spagm_attr_config p;
  spagm_attr_config_default(&p);
  each_load([&](spagm_stim *s, spagm_model *m, spagm_unit un, const spagm_cfg_list &) {
    if (un != SPAGM_UNIT_ATTR) return;
    spagm_attr_config c;
    spagm_attr_get_config(m, &c, nullptr);
    uint32_t out[8];
    spagm_attr_get_map(m, SPAGM_MAP_BMAP_OUT, out, nullptr);
    if (spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_UPPER_HALF)) {
      upper++;
      EXPECT_TRUE(c.shared);
      EXPECT_GE(c.vertex_count, 129u);
      EXPECT_LE(c.vertex_count, 136u);
      bool data = false;
      for (uint32_t off = 0x20000; off < 0x20000 + 128 * 4; off += 4) {
        uint32_t v = 0;
        spagm_attr_read32(m, SPAGM_SPACE_ISBE_IN, off, &v, nullptr);
        data = data || v != 0;
      }
      EXPECT_TRUE(data) << "no data at ISBE offset 0x20000";
    }
    if (spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_STREQ_TOP)) {
      top++;
      EXPECT_EQ(c.streq_end, 255u);
    }
    if (spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_STREQ_ZERO)) {
      zero++;
      EXPECT_EQ(c.streq_start, 0u);
      EXPECT_EQ(c.omap[0] & 1u, 1u);
      EXPECT_EQ(c.imap_next[0] & 1u, 0u);
      EXPECT_EQ(out[0] & 1u, 1u);
    }
    if (spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_STREQ_POWER_ON)) {
      streq_power_on++;
      EXPECT_EQ(c.streq_start, p.streq_start);
      EXPECT_NE(c.streq_end, p.streq_end);
      EXPECT_LT(c.streq_end, c.streq_start);
    }
    if (spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_GS_MAX_POWER_ON)) {
      gs++;
      EXPECT_EQ(c.gs_max_vertices, p.gs_max_vertices);
    }
    bool left = false;
    for (uint32_t off = 0x3FF80; off < 0x40000; off += 4) {
      uint32_t v = 0;
      spagm_attr_read32(m, SPAGM_SPACE_ISBE_IN, off, &v, nullptr);
      left = left || v != 0;
    }
    leftovers += left;
  });
  EXPECT_GT(upper, 1u);
  EXPECT_GT(top, 1u);
  EXPECT_GT(zero, 1u);
  EXPECT_GT(gs, 1u);
  EXPECT_GT(streq_power_on, 1u);
  EXPECT_GE(leftovers, 35u); /* every epoch of 40 but a rare filled one */
}

// The request corners of the attribute unit's ends (N531, N532), over an
// attribute-only run: an ISBERD lane at the ISBE's last element, its end
// or the last element of 32 bits; a guard other than @PT; an AL2P with Ra
// whose immediate has bit 10 unlike bit 9; an AST with its .O bit. Each
// marks its epoch.
TEST(StimLoad, AttributeEndRequestCornersAreDrawnAndMarked) {
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = 1;
  o.units = 1u << SPAGM_UNIT_ATTR;
  spagm_stim *s = spagm_stim_new(&o, nullptr);
  ASSERT_NE(s, nullptr);
  spagm_model *m = spagm_model_new();
  spagm_diag d{};
  unsigned isbe_end = 0, guard = 0, imm = 0, ast_out = 0;
  for (unsigned e = 0; e < 10; e++) {
    ASSERT_EQ(spagm_stim_begin_epoch(s, e, m, &d), SPAGM_OK) << d.msg;
    spagm_request req;
    while (spagm_stim_next(s, SPAGM_UNIT_ATTR, &req)) {
      spagm_insn in;
      if (spagm_decode(req.insn, &in, nullptr) != SPAGM_OK) continue;
      if (in.pg != SPAGM_PT || in.pg_not) {
        guard++;
        EXPECT_TRUE(spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_GUARD));
      }
      // The vertex-major view with N = 256 ends at 0x40000 too (its own
      // corner, N281), so only the other views count here.
      bool vertex_major = in.region == SPAGM_REGION_ATTR && !in.skew;
      if (in.op == SPAGM_OP_ISBERD && in.ra != SPAGM_RZ && !vertex_major)
        for (unsigned l = 0; l < SPAGM_LANES; l++) {
          uint32_t elem = 1u << in.isize, ra = req.a[0][l];
          if (ra == 0x40000u - elem || ra == 0x40000u || ra == 0u - elem) {
            isbe_end++;
            EXPECT_TRUE(spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_ISBE_END));
          }
        }
      if (in.op == SPAGM_OP_AST && in.out) {
        ast_out++;
        EXPECT_TRUE(spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_AST_O));
      }
      if (in.op == SPAGM_OP_AL2P && in.ra != SPAGM_RZ && ((in.imm >> 10 ^ in.imm >> 9) & 1)) {
        imm++;
        EXPECT_TRUE(spagm_stim_attr_corner_drawn(s, SPAGM_STIM_ATTR_IMM_END));
      }
    }
  }
  EXPECT_GT(isbe_end, 10u);
  EXPECT_GT(guard, 10u);
  EXPECT_GT(imm, 10u);
  EXPECT_GT(ast_out, 10u);
  spagm_model_free(m);
  spagm_stim_free(s);
}

// Calls f(s, m, load) for the texture load of epochs 0..19 of a
// texture-only generator of each seed 1..3 (N550's corners are drawn in
// texture-only runs as in every other).
void each_tex_load(const std::function<void(spagm_stim *, spagm_model *,
                                            const spagm_cfg_list &)> &f) {
  for (uint64_t seed = 1; seed <= 3; seed++) {
    spagm_stim_opts o;
    spagm_stim_opts_default(&o);
    o.seed = seed;
    o.units = 1u << SPAGM_UNIT_TEX;
    spagm_diag d{};
    spagm_stim *s = spagm_stim_new(&o, &d);
    spagm_model *m = spagm_model_new();
    for (unsigned e = 0; e < 20; e++) {
      ASSERT_EQ(spagm_stim_begin_epoch(s, e, m, &d), SPAGM_OK) << d.msg;
      spagm_cfg_list load{};
      ASSERT_EQ(spagm_stim_load_list(s, m, SPAGM_UNIT_TEX, &load), SPAGM_OK);
      f(s, m, load);
      spagm_cfg_list_free(&load);
    }
    spagm_model_free(m);
    spagm_stim_free(s);
  }
}

// N550: some epochs write the texture registers in a random order, so most
// go in bursts of their own; the words are the statemap's all the same.
TEST(StimLoad, TextureRegisterWordsInAnyOrder_SameWordsInMoreBursts) {
  unsigned shuffled = 0, ascending = 0;
  each_tex_load([&](spagm_stim *s, spagm_model *m, const spagm_cfg_list &load) {
    spagm_cfg_list legal = legal_part(s, SPAGM_UNIT_TEX, load);
    spagm_cfg_list sorted = in_list_order(legal);
    spagm_cfg_list want{};
    spagm_statemap_load_list(m, SPAGM_UNIT_TEX, &want);
    // The same words as the statemap's (less those a power-on load leaves out).
    size_t j = 0;
    for (size_t i = 0; i < want.n && j < sorted.n; i++)
      if (want.w[i].addr == sorted.w[j].addr) {
        EXPECT_EQ(want.w[i].data, sorted.w[j].data) << std::hex << want.w[i].addr;
        j++;
      }
    EXPECT_EQ(j, sorted.n);
    size_t regs = 0, bursts = 0, pos = 0;
    while (regs < legal.n && legal.w[regs].addr >> 28 == 0) regs++;
    bool in_order = std::is_sorted(legal.w, legal.w + regs,
                                   [](const spagm_cfg_word &a, const spagm_cfg_word &b) {
                                     return a.addr < b.addr;
                                   });
    spagm_cfg_list head{};
    for (size_t i = 0; i < regs; i++) spagm_cfg_list_push(&head, legal.w[i].addr, legal.w[i].data);
    spagm_cfg_burst b;
    while (spagm_cfg_list_next_burst(&head, &pos, &b)) bursts++;
    if (in_order) {
      ascending++;
    } else {
      shuffled++;
      EXPECT_GT(bursts, 1u);
    }
    spagm_cfg_list_free(&head);
    spagm_cfg_list_free(&want);
    spagm_cfg_list_free(&sorted);
    spagm_cfg_list_free(&legal);
  });
  EXPECT_GE(shuffled, 10u);
  EXPECT_GE(ascending, 10u);
}

// N550: a texture-only run has no attribute epoch, so the texture epoch
// draws the stage its register holds: every stage up to PS.
TEST(StimLoad, TextureOnlyRunDrawsEveryStage) {
  bool seen[8] = {};
  each_tex_load([&](spagm_stim *, spagm_model *m, const spagm_cfg_list &) {
    uint32_t stage = 99;
    ASSERT_TRUE(spagm_statemap_read(m, SPAGM_UNIT_TEX, 0x000, &stage));
    ASSERT_LE(stage, 5u);
    seen[stage] = true;
  });
  for (unsigned k = 0; k <= 5; k++) EXPECT_TRUE(seen[k]) << "stage " << k;
}

// N550: half of the texture unit's target and address writes go to the top
// edge of their field (target 8; target 0's block at 2^27), each refused.
TEST(StimLoad, TextureIllegalWritesReachTheAddressFieldsTopEdge) {
  unsigned target8 = 0, block27 = 0;
  each_tex_load([&](spagm_stim *s, spagm_model *m, const spagm_cfg_list &) {
    const spagm_stim_illegal *ill = nullptr;
    size_t n = spagm_stim_illegal_writes(s, SPAGM_UNIT_TEX, &ill);
    for (size_t k = 0; k < n; k++) {
      if (ill[k].kind == SPAGM_STIM_ILLEGAL_TARGET && ill[k].addr >> 28 == 8) target8++;
      if (ill[k].kind == SPAGM_STIM_ILLEGAL_ADDRESS && (ill[k].addr & ~0x7Fu) == 0x08000000u)
        block27++;
      if (ill[k].kind != SPAGM_STIM_ILLEGAL_VALUE) {
        uint32_t v;
        EXPECT_FALSE(spagm_statemap_read(m, SPAGM_UNIT_TEX, ill[k].addr, &v))
            << std::hex << ill[k].addr;
      }
    }
  });
  EXPECT_GE(target8, 5u);
  EXPECT_GE(block27, 5u);
}

// N550: an epoch whose bank words are spread over the rows reads back, beside
// row 0 (N284), the whole row of one of them.
TEST(StimLoad, TextureReadBackReadsAWrittenRowBesideRowZero) {
  unsigned rows = 0;
  each_tex_load([&](spagm_stim *s, spagm_model *m, const spagm_cfg_list &) {
    spagm_cfg_list rb{};
    ASSERT_EQ(spagm_stim_readback_list(s, m, SPAGM_UNIT_TEX, &rb), SPAGM_OK);
    uint32_t row = 0, words = 0, nonzero = 0;
    for (size_t i = 0; i < rb.n; i++) {
      uint32_t a = rb.w[i].addr, v = 0;
      // Row 0 is N284's; words from 0x8000 are illegal writes read back.
      if (a >> 28 != 1 || (a & 0x0FFFFFFFu) < 0x80 || (a & 0x0FFFFFFFu) >= 0x8000) continue;
      if (!row) row = (a & 0x0FFFFFFFu) >> 7;
      EXPECT_EQ((a & 0x0FFFFFFFu) >> 7, row);
      words++;
      if (spagm_statemap_read(m, SPAGM_UNIT_TEX, a, &v) && v) nonzero++;
    }
    if (words) {
      rows++;
      EXPECT_EQ(words, 32u);
      EXPECT_GE(nonzero, 1u) << "row " << row << " holds none of the epoch's words";
    }
    spagm_cfg_list_free(&rb);
  });
  EXPECT_GE(rows, 10u);
}

// N550: the pool at its power-on values (base 0, MaximumIndex 0) is left to
// the reset: that epoch's load keeps power-on values and names neither.
TEST(StimLoad, TexturePoolAtPowerOnIsLeftToTheReset) {
  unsigned epochs = 0;
  each_tex_load([&](spagm_stim *s, spagm_model *m, const spagm_cfg_list &load) {
    uint64_t pool = 1;
    uint32_t max_index = 1;
    spagm_tex_get_header_pool(m, &pool, &max_index);
    if (pool != 0 || max_index != 0) return;
    epochs++;
    EXPECT_TRUE(spagm_stim_keeps_power_on(s, SPAGM_UNIT_TEX));
    spagm_cfg_list legal = legal_part(s, SPAGM_UNIT_TEX, load);
    for (size_t i = 0; i < legal.n; i++) {
      EXPECT_NE(legal.w[i].addr, 0x008u);
      EXPECT_NE(legal.w[i].addr, 0x00Cu);
      EXPECT_NE(legal.w[i].addr, 0x010u);
    }
    spagm_cfg_list_free(&legal);
  });
  EXPECT_GE(epochs, 2u);
}

// Every lane of every texture-only epoch of seeds 1-3 that read a texel: the
// epoch's pool base, the header the lane's TLDS read (decoded from the
// pool) and the lane's texel location (the model's explanation).
void each_texel_read(const std::function<void(uint64_t, const spagm_tic &,
                                              const spagm_explain_texel &)> &f) {
  each_tex_load([&](spagm_stim *s, spagm_model *m, const spagm_cfg_list &) {
    uint64_t pool = 0;
    uint32_t max_index = 0;
    spagm_tex_get_header_pool(m, &pool, &max_index);
    spagm_request r;
    spagm_response resp;
    spagm_explain ex;
    while (spagm_stim_next(s, SPAGM_UNIT_TEX, &r)) {
      ASSERT_EQ(spagm_execute_explained(m, &r, &resp, &ex), SPAGM_OK);
      if (!ex.has_tex_header || !ex.texel_read) continue;
      uint8_t raw[32];
      spagm_tic t;
      ASSERT_EQ(spagm_tex_mem_read(m, pool + 32ull * ex.tex_header, raw, 32), SPAGM_OK);
      ASSERT_EQ(spagm_tic_decode(raw, &t), SPAGM_OK);
      for (unsigned l = 0; l < SPAGM_LANES; l++)
        if (ex.texel_read >> l & 1u) f(pool, t, ex.texel[l]);
    }
  });
}

// N553: in some epochs the pool lies at a 32 KiB multiple and textures at
// twice and four times its address, so a texel line and a header line (the
// pool's line j is the line cache's set j: 2^10 sets of 32-byte lines,
// tex_lcache.sv) share a set with tags a factor of two apart.
TEST(StimLoad, TextureAtTwiceThePoolAddressSharesItsCacheSet) {
  unsigned reads = 0, beside_headers = 0;
  each_texel_read([&](uint64_t pool, const spagm_tic &t, const spagm_explain_texel &x) {
    uint64_t tag = pool >> 15;
    if (pool == 0 || (t.address != 2 * pool && t.address != 4 * pool)) return;
    EXPECT_EQ(pool % 32768, 0u);
    EXPECT_LT(t.address, 1ull << 48);
    reads++;
    uint64_t line = x.address >> 5;
    bool near = line >> 10 == 2 * tag || line >> 10 == 4 * tag;
    if (near && (line & 1023u) < 12) beside_headers++;
  });
  EXPECT_GE(reads, 100u);
  EXPECT_GE(beside_headers, 10u) << "texel lines in a header line's set";
}

// N553: a 3D texture taller than 16 GOBs and deeper than 16 slices with
// blocks of 2^5 x 2^5 GOBs keeps those blocks at level 0, so a texel of
// slice 16..31 of a block lies in a GOB of index 512 and more in its block.
TEST(StimLoad, TallDeepTextureWithLargeBlocksIsDrawn) {
  unsigned high_gobs = 0;
  each_texel_read([&](uint64_t, const spagm_tic &t, const spagm_explain_texel &x) {
    if (t.type != SPAGM_TEXTYPE_3D || t.layout != SPAGM_TEXLAYOUT_BLOCKLINEAR ||
        t.block_height_log2 != 5 || t.block_depth_log2 != 5 || x.level != 0 ||
        t.height <= 128 || t.depth <= 16)
      return;
    uint32_t gob = (uint32_t)(x.r % 32) * 32 + (uint32_t)(x.t / 8) % 32;
    if (gob >= 512) high_gobs++;
  });
  EXPECT_GE(high_gobs, 10u);
}

// N553: a 3D texture of 16384 slices (DEPTH_MINUS_ONE's largest value)
// whose view starts past level 1, so the level a TLDS reads lies behind
// levels whose depth needs the field's top bit.
TEST(StimLoad, SixteenThousandSliceTextureIsReadPastLevelOne) {
  unsigned reads = 0;
  each_texel_read([&](uint64_t, const spagm_tic &t, const spagm_explain_texel &x) {
    if (t.type == SPAGM_TEXTYPE_3D && t.depth == 16384 && x.level >= 2) reads++;
  });
  EXPECT_GE(reads, 10u);
}

} // namespace
