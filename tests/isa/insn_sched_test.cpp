// SPDX-License-Identifier: Apache-2.0
// Scheduling control words (DESIGN §7.1): three 21-bit fields at bits 0, 21
// and 42; inside each, stall [3:0], yield [4], write barrier [7:5], read
// barrier [10:8], wait mask [16:11], reuse [20:17].
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "spagm/spagm.h"

namespace {

spagm_sched Neutral() {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_NONE);
  return x.sched;
}

TEST(Sched, NeutralFieldIsNoBarriers) {
  spagm_sched s = Neutral();
  EXPECT_EQ(s.stall, 0);
  EXPECT_EQ(s.yield, 0);
  EXPECT_EQ(s.wr_bar, 7);
  EXPECT_EQ(s.rd_bar, 7);
  EXPECT_EQ(s.wait, 0);
  EXPECT_EQ(s.reuse, 0);
}

TEST(Sched, EachSubfieldAtItsBits) {
  const spagm_sched zero = {0, 0, 0, 0, 0, 0};
  struct {
    spagm_sched f;
    uint64_t bits;
  } cases[] = {
      {{0xF, 0, 0, 0, 0, 0}, 0xFull << 0},  {{0, 1, 0, 0, 0, 0}, 1ull << 4},
      {{0, 0, 7, 0, 0, 0}, 7ull << 5},      {{0, 0, 0, 7, 0, 0}, 7ull << 8},
      {{0, 0, 0, 0, 0x3F, 0}, 0x3Full << 11}, {{0, 0, 0, 0, 0, 0xF}, 0xFull << 17},
  };
  for (const auto &c : cases) {
    for (unsigned slot = 0; slot < 3; slot++) {
      spagm_sched g[3] = {zero, zero, zero};
      g[slot] = c.f;
      EXPECT_EQ(spagm_sched_pack(g), c.bits << (21 * slot));
    }
  }
}

TEST(Sched, PackUnpackRoundTripAndBit63Zero) {
  std::mt19937_64 rng(50);
  for (int i = 0; i < 2000; i++) {
    spagm_sched s[3], t[3];
    for (auto &f : s) {
      f.stall = rng() % 16;
      f.yield = rng() % 2;
      f.wr_bar = rng() % 8;
      f.rd_bar = rng() % 8;
      f.wait = rng() % 64;
      f.reuse = rng() % 16;
    }
    uint64_t w = spagm_sched_pack(s);
    EXPECT_EQ(w >> 63, 0u);
    spagm_sched_unpack(w, t);
    for (int k = 0; k < 3; k++) {
      EXPECT_EQ(t[k].stall, s[k].stall);
      EXPECT_EQ(t[k].yield, s[k].yield);
      EXPECT_EQ(t[k].wr_bar, s[k].wr_bar);
      EXPECT_EQ(t[k].rd_bar, s[k].rd_bar);
      EXPECT_EQ(t[k].wait, s[k].wait);
      EXPECT_EQ(t[k].reuse, s[k].reuse);
    }
    EXPECT_EQ(spagm_sched_pack(t), w);
  }
}

TEST(Sched, ValidRejectsOutOfRangeAndBarrierSix) {
  spagm_diag d{};
  spagm_sched s = Neutral();
  EXPECT_TRUE(spagm_sched_valid(&s, &d));
  s.stall = 16;
  EXPECT_FALSE(spagm_sched_valid(&s, &d));
  EXPECT_NE(std::string(d.msg).find("stall 16"), std::string::npos);
  s = Neutral();
  s.wr_bar = 6;
  EXPECT_FALSE(spagm_sched_valid(&s, &d));
  EXPECT_NE(std::string(d.msg).find("write barrier 6"), std::string::npos);
  s = Neutral();
  s.rd_bar = 6;
  EXPECT_FALSE(spagm_sched_valid(&s, &d));
  s = Neutral();
  s.wait = 64;
  EXPECT_FALSE(spagm_sched_valid(&s, &d));
  s = Neutral();
  s.reuse = 16;
  EXPECT_FALSE(spagm_sched_valid(&s, &d));
  s = Neutral();
  s.yield = 2;
  EXPECT_FALSE(spagm_sched_valid(&s, &d));
  EXPECT_FALSE(spagm_sched_valid(nullptr, &d));
}

}  // namespace
