// SPDX-License-Identifier: Apache-2.0
// The scoreboard of the co-simulation and the predictor (cosim/scoreboard.h):
// predictions parked by tag, found by tag whatever the order the responses
// come in, released, the pool growing up to its limit.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "scoreboard.h"

namespace {

struct Board {
  spagm_scoreboard sb;
  explicit Board(uint32_t limit) { EXPECT_TRUE(spagm__sb_init(&sb, limit)); }
  ~Board() { spagm__sb_free(&sb); }
  Board(const Board &) = delete;
  Board &operator=(const Board &) = delete;
  void park(uint32_t tag, uint64_t cycle) {
    spagm_parked *e = spagm__sb_park(&sb, tag);
    ASSERT_NE(e, nullptr) << "tag " << tag;
    e->cycle = cycle;
  }
  // The cycle parked under tag, or ~0 when the tag is not parked.
  uint64_t cycle_of(uint32_t tag) const {
    uint32_t s = spagm__sb_find(&sb, tag);
    return s == ~0u ? ~0ull : spagm__sb_entry(&sb, s)->cycle;
  }
  bool release(uint32_t tag) {
    uint32_t s = spagm__sb_find(&sb, tag);
    if (s == ~0u) return false;
    spagm__sb_release(&sb, s);
    return true;
  }
};

}  // namespace

// The texture unit answers out of order: responses overtake each other, so
// each is found by its tag, never by arrival order.
TEST(Scoreboard, ResponsesOvertaking_EachFindsItsOwnPrediction) {
  Board b(1024);
  for (uint32_t t = 100; t < 140; t++) b.park(t, 1000 + t);
  for (uint32_t t = 139; t >= 120; t--) {
    EXPECT_EQ(b.cycle_of(t), 1000u + t);
    EXPECT_TRUE(b.release(t));
  }
  for (uint32_t t = 100; t < 120; t += 2) EXPECT_TRUE(b.release(t));
  for (uint32_t t = 101; t < 120; t += 2) EXPECT_EQ(b.cycle_of(t), 1000u + t);
  EXPECT_EQ(b.sb.outstanding, 10u);
  EXPECT_EQ(b.cycle_of(100), ~0ull);
}

// Entries keep their predictions while the pool grows under them, and
// tags far apart that share a home slot are told apart.
TEST(Scoreboard, PoolGrows_NothingParkedIsLost) {
  Board b(1u << 16);
  std::vector<uint32_t> tags;
  for (uint32_t k = 0; k < 5000; k++) tags.push_back(k * 4096u + (k & 7u));
  for (uint32_t k = 0; k < tags.size(); k++) b.park(tags[k], k);
  EXPECT_GE(b.sb.pool_cap, 5000u);
  for (uint32_t k = 0; k < tags.size(); k++) ASSERT_EQ(b.cycle_of(tags[k]), k) << tags[k];
  for (uint32_t k = 0; k < tags.size(); k += 3) ASSERT_TRUE(b.release(tags[k]));
  for (uint32_t k = 0; k < tags.size(); k++)
    ASSERT_EQ(b.cycle_of(tags[k]), k % 3 ? uint64_t{k} : ~0ull) << tags[k];
}

// Tags whose home slot is the same form one probe run; releasing one in
// the middle of it leaves every other one findable.
TEST(Scoreboard, TagsSharingAHomeSlot_ReleasingOneKeepsTheOthers) {
  Board b(64);
  std::vector<uint32_t> same;
  uint32_t home = spagm__sb_home(&b.sb, 1);
  for (uint32_t t = 1; same.size() < 6; t++)
    if (spagm__sb_home(&b.sb, t) == home) same.push_back(t);
  for (uint32_t t : same) b.park(t, t);
  for (size_t k : {size_t{1}, size_t{0}, size_t{2}}) {
    ASSERT_TRUE(b.release(same[k]));
    same.erase(same.begin() + (long)k);
    for (uint32_t t : same) ASSERT_EQ(b.cycle_of(t), t) << "tag " << t;
  }
}

// At its limit the scoreboard parks nothing more and says so; a release
// makes room again, for the entry released last.
TEST(Scoreboard, AtTheLimit_ParkFailsUntilARelease) {
  Board b(64);
  for (uint32_t t = 0; t < 64; t++) b.park(t, t);
  EXPECT_EQ(spagm__sb_park(&b.sb, 64), nullptr);
  spagm_parked *freed = spagm__sb_entry(&b.sb, spagm__sb_find(&b.sb, 7));
  EXPECT_TRUE(b.release(7));
  EXPECT_EQ(spagm__sb_park(&b.sb, 64), freed);
  EXPECT_EQ(b.sb.outstanding, 64u);
}

// The oldest prediction (the hang report's, the predictor's "never
// answered" list) by the order of parking; clear drops every one.
TEST(Scoreboard, OldestAndClear) {
  Board b(1024);
  for (uint32_t t : {50u, 10u, 30u, 20u}) b.park(t, t);
  const spagm_parked *o = spagm__sb_oldest(&b.sb, 0);
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->tag, 50u);
  o = spagm__sb_oldest(&b.sb, o->seq);
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->tag, 10u);
  EXPECT_TRUE(b.release(10));
  EXPECT_EQ(spagm__sb_oldest(&b.sb, spagm__sb_oldest(&b.sb, 0)->seq)->tag, 30u);
  EXPECT_EQ(spagm__sb_clear(&b.sb), 3u);
  EXPECT_EQ(spagm__sb_oldest(&b.sb, 0), nullptr);
  EXPECT_EQ(b.cycle_of(50), ~0ull);
  b.park(50, 7);
  EXPECT_EQ(b.cycle_of(50), 7u);
}
