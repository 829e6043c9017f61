// SPDX-License-Identifier: Apache-2.0
// Test harness for the attribute unit: a model, a request being built, and
// helpers that assemble text, execute it (through the SM50 word when it has
// one, so the decoder is exercised too) and compute expected values
// independently of the model (the R1 formula, BMAP ranks, R3 defaults).
#ifndef SPAGM_TESTS_ATTR_HARNESS_H
#define SPAGM_TESTS_ATTR_HARNESS_H

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <utility>

#include "spagm/spagm.h"

namespace attrtest {

// A 256-bit attribute map built from inclusive byte-address ranges.
struct Map {
  uint32_t bits[SPAGM_ATTR_MAP_WORDS] = {};
  Map() = default;
  Map(std::initializer_list<std::pair<uint32_t, uint32_t>> ranges) {
    for (auto r : ranges) add(r.first, r.second);
  }
  Map &add(uint32_t lo, uint32_t hi) {
    for (uint32_t a = lo / 4; a <= hi / 4; a++) bits[a / 32] |= 1u << (a % 32);
    return *this;
  }
  bool has(uint32_t addr) const { return bits[addr / 128] >> (addr / 4 % 32) & 1u; }
  unsigned count() const {
    unsigned n = 0;
    for (uint32_t w : bits) n += (unsigned)__builtin_popcount(w);
    return n;
  }
  // R1 rank: number of mapped attributes below addr.
  unsigned rank(uint32_t addr) const {
    unsigned k = 0;
    for (uint32_t a = 0; a < addr / 4; a++) k += bits[a / 32] >> (a % 32) & 1u;
    return k;
  }
  static Map all() {
    Map m;
    std::memset(m.bits, 0xFF, sizeof m.bits);
    return m;
  }
};

// R1, computed here from the ruling's formula, not from the model.
inline uint32_t skew(uint32_t v, uint32_t k, uint32_t n) {
  return (v / 32) * (n * 128) + k * 128 + (v % 32) * 4;
}

// R3 default, from the ruling's list.
inline uint32_t r3_default(uint32_t addr) {
  const uint32_t one = 0x3F800000u;
  if (addr == 0x07C) return one;
  if (addr >= 0x08C && addr <= 0x27C && (addr - 0x08C) % 16 == 0) return one;
  if (addr == 0x28C || addr == 0x29C || addr == 0x2AC || addr == 0x2BC) return one;
  if (addr >= 0x30C && addr <= 0x39C && (addr - 0x30C) % 16 == 0) return one;
  return 0;
}

class AttrFixture : public ::testing::Test {
 protected:
  spagm_model *m = nullptr;
  spagm_request req;
  spagm_response resp;
  spagm_explain ex;
  spagm_insn insn;

  void SetUp() override {
    m = spagm_model_new();
    ASSERT_NE(m, nullptr);
    spagm_request_init(&req);
    req.lane_mask = 0xFFFFFFFFu;
  }
  void TearDown() override { spagm_model_free(m); }

  void stage(spagm_stage s) { ASSERT_EQ(spagm_attr_set_stage(m, s, nullptr), SPAGM_OK); }
  void map(spagm_attr_map which, const Map &mp) {
    ASSERT_EQ(spagm_attr_set_map(m, which, mp.bits, nullptr), SPAGM_OK);
  }
  // Input BMAP = mp (IMAP and previous OMAP both mp).
  void in_bmap(const Map &mp) {
    map(SPAGM_MAP_IMAP, mp);
    map(SPAGM_MAP_OMAP_PREV, mp);
  }
  // Output BMAP = mp (OMAP and next IMAP both mp).
  void out_bmap(const Map &mp) {
    map(SPAGM_MAP_OMAP, mp);
    map(SPAGM_MAP_IMAP_NEXT, mp);
  }
  void vertices(unsigned n) { ASSERT_EQ(spagm_attr_set_vertex_count(m, n, nullptr), SPAGM_OK); }
  void trap(bool on) { ASSERT_EQ(spagm_attr_set_trap(m, on, nullptr), SPAGM_OK); }

  // Write attribute addr of vertex v through the R1 layout.
  void put(spagm_space sp, unsigned v, uint32_t addr, uint32_t value, bool written = true) {
    spagm_diag d{};
    ASSERT_EQ(spagm_attr_set_vertex_attr(m, sp, v, addr, value, written, &d), SPAGM_OK) << d.msg;
  }
  uint32_t word_at(spagm_space sp, uint32_t addr) {
    uint32_t v = 0;
    spagm_diag d{};
    EXPECT_EQ(spagm_attr_read32(m, sp, addr, &v, &d), SPAGM_OK) << d.msg;
    return v;
  }
  void poke(spagm_space sp, uint32_t addr, uint32_t v) {
    spagm_diag d{};
    ASSERT_EQ(spagm_attr_write32(m, sp, addr, v, &d), SPAGM_OK) << d.msg;
  }
  bool written(spagm_space sp, unsigned v, uint32_t addr) {
    bool w = false;
    EXPECT_EQ(spagm_attr_get_written(m, sp, v, addr, &w, nullptr), SPAGM_OK);
    return w;
  }

  // Assemble text (stage-independent assembler checks only).
  spagm_insn assemble(const char *text) {
    spagm_insn i;
    spagm_diag d{};
    EXPECT_EQ(spagm_asm_one(text, 1, 1, nullptr, &i, &d), SPAGM_OK) << text << ": " << d.msg;
    return i;
  }

  // Assemble and execute with explanation; words go through spagm_encode
  // and spagm_execute_explained (the decoder), ISBEWR runs decoded.
  void run(const char *text) {
    insn = assemble(text);
    exec();
  }
  void exec() {
    if (insn.op != SPAGM_OP_ISBEWR) {
      uint64_t w = 0;
      spagm_diag d{};
      ASSERT_EQ(spagm_encode(&insn, &w, nullptr, &d), SPAGM_OK) << d.msg;
      req.insn = w;
      ASSERT_EQ(spagm_execute_explained(m, &req, &resp, &ex), SPAGM_OK);
    } else {
      ASSERT_EQ(spagm_execute_insn(m, &insn, &req, &resp, &ex), SPAGM_OK);
    }
  }
  // Execute a hand-built instruction.
  void exec_insn(const spagm_insn &i) {
    insn = i;
    ASSERT_EQ(spagm_execute_insn(m, &insn, &req, &resp, &ex), SPAGM_OK);
  }

  void lanes(uint32_t mask) { req.lane_mask = mask; }
  template <class F>
  void each_lane(F f) {
    for (unsigned l = 0; l < SPAGM_LANES; l++) f(l);
  }
  void vertex_is_lane() {
    for (unsigned l = 0; l < SPAGM_LANES; l++) req.vertex[l] = l;
  }
  unsigned rule(unsigned slot, unsigned lane) const { return ex.rule[slot][lane]; }
};

}  // namespace attrtest

#endif
