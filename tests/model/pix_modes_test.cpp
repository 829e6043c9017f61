// SPDX-License-Identifier: Apache-2.0
// PIXLD .MSCOUNT, .COVMASK, .COVERED and .MY_INDEX (PIXLD.txt, R13, R16)
// executed through spagm_execute_insn with hand-built instructions.
#include <gtest/gtest.h>

#include "pix_harness.h"
#include "spagm/spagm.h"

namespace {

using pixtest::kCounts;
using pixtest::kFalse;
using pixtest::kTrue;

class Pixld : public pixtest::PixFixture {};

// ---- .MSCOUNT ---------------------------------------------------------------

TEST_F(Pixld, Mscount_IsRasterSampleCount_EveryCount) {
  for (unsigned n : kCounts) {
    samples(n);
    run(pixld(SPAGM_PIX_MSCOUNT, 9));
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
    EXPECT_EQ(resp.wb_reg[0], 9u);
    EXPECT_EQ(resp.wb_valid[0], 0xFFFFFFFFu);
    for (unsigned l = 0; l < SPAGM_LANES; l++) {
      EXPECT_EQ(resp.wb_value[0][l], n) << "lane " << l;
      EXPECT_EQ(resp.wb_dontcare[0][l], 0u);
    }
    EXPECT_EQ(ex.rule[0][5], SPAGM_RULE_PIX_MSCOUNT);
  }
}

TEST_F(Pixld, Mscount_NeverWritesPdEvenWhenNamed) {
  samples(4);
  run(pixld(SPAGM_PIX_MSCOUNT, 0, SPAGM_RZ, 0, 2));
  EXPECT_EQ(resp.pd, SPAGM_PT);
  EXPECT_EQ(resp.pd_written, 0u);
  EXPECT_EQ(rd0(), 4u);
}

TEST_F(Pixld, Mscount_IndependentOfSsaaAndPositions) {
  samples(8);
  ssaa(true);
  programmable();
  run(pixld(SPAGM_PIX_MSCOUNT));
  EXPECT_EQ(rd0(), 8u);
}

// ---- .COVMASK ---------------------------------------------------------------

TEST_F(Pixld, Covmask_BitsAtOrAboveCountAreZero_EveryCount) {
  for (unsigned n : kCounts) {
    samples(n);
    coverage_all(0xFFFF);
    req.coverage[3] = 0xA5C3;
    run(pixld(SPAGM_PIX_COVMASK, 1));
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
    uint32_t below = n == 16 ? 0xFFFFu : (1u << n) - 1u;
    EXPECT_EQ(resp.wb_value[0][0], below) << n;
    EXPECT_EQ(resp.wb_value[0][3], 0xA5C3u & below) << n;
    EXPECT_EQ(resp.wb_dontcare[0][3], 0u);
    EXPECT_EQ(ex.rule[0][3], SPAGM_RULE_PIX_COVMASK);
  }
}

TEST_F(Pixld, Covmask_LiteralWords) {
  samples(4);
  coverage_all(0x00F6);  // samples 1, 2 of 0..3 covered, 4..7 beyond the count
  run(pixld(SPAGM_PIX_COVMASK));
  EXPECT_EQ(rd0(), 0x6u);
  samples(16);
  run(pixld(SPAGM_PIX_COVMASK));
  EXPECT_EQ(rd0(), 0xF6u);
}

TEST_F(Pixld, Covmask_PerLaneCoverage) {
  samples(16);
  for (unsigned l = 0; l < SPAGM_LANES; l++)
    req.coverage[l] = static_cast<uint16_t>(1u << (l % 16));
  run(pixld(SPAGM_PIX_COVMASK));
  for (unsigned l = 0; l < SPAGM_LANES; l++)
    EXPECT_EQ(resp.wb_value[0][l], 1u << (l % 16)) << l;
}

TEST_F(Pixld, Covmask_NoPdWrite) {
  run(pixld(SPAGM_PIX_COVMASK, 0, SPAGM_RZ, 0, 0));
  EXPECT_EQ(resp.pd, SPAGM_PT);
  EXPECT_EQ(resp.pd_written, 0u);
}

// ---- .COVERED ---------------------------------------------------------------

// Every count, every immediate index 0..16 and a coverage mask with every
// other sample: TRUE exactly where index < count and the bit is set.
TEST_F(Pixld, Covered_ImmIndex_EveryIndexEveryCount) {
  for (unsigned n : kCounts) {
    samples(n);
    coverage_all(0x5555);
    for (int idx = 0; idx <= 16; idx++) {
      run(pixld(SPAGM_PIX_COVERED, 2, SPAGM_RZ, idx, 1));
      ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
      bool want = static_cast<unsigned>(idx) < n && (idx % 2 == 0);
      EXPECT_EQ(rd0(), want ? kTrue : kFalse) << n << " samples, index " << idx;
      EXPECT_EQ(resp.pd_value, want ? 0xFFFFFFFFu : 0u) << n << "/" << idx;
      EXPECT_EQ(resp.wb_dontcare[0][0], 0u);
    }
  }
}

TEST_F(Pixld, Covered_IndexAtCountMinusOne_IsCovered) {
  for (unsigned n : kCounts) {
    samples(n);
    coverage_all(static_cast<uint16_t>(1u << (n - 1)));
    run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, static_cast<int>(n - 1)));
    EXPECT_EQ(rd0(), kTrue) << n;
    EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_COVERED_TRUE);
    EXPECT_EQ(ex.arg[0][0][0], static_cast<int32_t>(n - 1));
    EXPECT_EQ(ex.arg[0][0][1], static_cast<int32_t>(n));
  }
}

TEST_F(Pixld, Covered_IndexAtCount_IsFalse) {
  for (unsigned n : {1u, 2u, 4u, 8u}) {
    samples(n);
    coverage_all(0xFFFF);  // the bit at index n is set but not a valid sample
    run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, static_cast<int>(n), 3));
    EXPECT_EQ(rd0(), kFalse) << n;
    EXPECT_EQ(resp.pd_value, 0u);
    EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_COVERED_INDEX_INVALID);
  }
  samples(16);
  run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, 16));
  EXPECT_EQ(rd0(), kFalse);
}

TEST_F(Pixld, Covered_UncoveredValidSample_IsFalse) {
  samples(8);
  coverage_all(0xFFDF);  // sample 5 not covered
  run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, 5));
  EXPECT_EQ(rd0(), kFalse);
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_COVERED_FALSE);
}

TEST_F(Pixld, Covered_NoAddress_IsSampleZero) {
  // "if not specified, a zero is inserted": [#0] without Ra.
  samples(4);
  coverage_all(0x1);
  run(pixld(SPAGM_PIX_COVERED));
  EXPECT_EQ(rd0(), kTrue);
  coverage_all(0x2);
  run(pixld(SPAGM_PIX_COVERED));
  EXPECT_EQ(rd0(), kFalse);
}

TEST_F(Pixld, Covered_ImmWithoutRa_IsZeroExtended) {
  // [#0xFF] is index 255 (zero-extended), not -1; with 16 samples and full
  // coverage it is still out of range.
  samples(16);
  coverage_all(0xFFFF);
  run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, 255));
  EXPECT_EQ(rd0(), kFalse);
  EXPECT_EQ(ex.arg[0][0][0], 255);
}

TEST_F(Pixld, Covered_RaPlusNegativeImm_IsSignExtended) {
  samples(8);
  coverage_all(0x0004);  // only sample 2
  ra_all(5);
  run(pixld(SPAGM_PIX_COVERED, 0, 7, -3));  // R7 + (-3) = 2
  EXPECT_EQ(rd0(), kTrue);
  run(pixld(SPAGM_PIX_COVERED, 0, 7, -4));  // 1
  EXPECT_EQ(rd0(), kFalse);
  ra_all(130);
  run(pixld(SPAGM_PIX_COVERED, 0, 7, -128));  // 2
  EXPECT_EQ(rd0(), kTrue);
}

TEST_F(Pixld, Covered_RaPlusImmBelowZero_WrapsUnsigned_IsFalse) {
  samples(16);
  coverage_all(0xFFFF);
  ra_all(1);
  run(pixld(SPAGM_PIX_COVERED, 0, 7, -2));  // 0xFFFFFFFF, not a valid sample
  EXPECT_EQ(rd0(), kFalse);
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_COVERED_INDEX_INVALID);
  EXPECT_EQ(static_cast<uint32_t>(ex.arg[0][0][0]), 0xFFFFFFFFu);
}

TEST_F(Pixld, Covered_RaPlusPositiveImm_AtCountBoundary) {
  samples(4);
  coverage_all(0xFFFF);
  ra_all(1);
  run(pixld(SPAGM_PIX_COVERED, 0, 7, 2));  // 3 = count-1
  EXPECT_EQ(rd0(), kTrue);
  run(pixld(SPAGM_PIX_COVERED, 0, 7, 3));  // 4 = count
  EXPECT_EQ(rd0(), kFalse);
  ra_all(0x80000000u);
  run(pixld(SPAGM_PIX_COVERED, 0, 7, 0));  // huge, unsigned compare
  EXPECT_EQ(rd0(), kFalse);
}

TEST_F(Pixld, Covered_RaPerLane_IndexesDifferentSamples) {
  samples(16);
  coverage_all(0x00FF);
  for (unsigned l = 0; l < SPAGM_LANES; l++) req.a[0][l] = l;
  run(pixld(SPAGM_PIX_COVERED, 0, 3, 0, 6));
  uint32_t want_pd = 0;
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    bool cov = l < 8;
    EXPECT_EQ(resp.wb_value[0][l], cov ? kTrue : kFalse) << l;
    if (cov) want_pd |= 1u << l;
  }
  EXPECT_EQ(resp.pd, 6u);
  EXPECT_EQ(resp.pd_written, 0xFFFFFFFFu);
  EXPECT_EQ(resp.pd_value, want_pd);
}

TEST_F(Pixld, Covered_PdWrittenWhenNotPT) {
  samples(2);
  coverage_all(0x1);
  req.coverage[4] = 0x2;
  run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, 0, 0));
  EXPECT_EQ(resp.pd, 0u);
  EXPECT_EQ(resp.pd_written, 0xFFFFFFFFu);
  EXPECT_EQ(resp.pd_value, 0xFFFFFFEFu);
  EXPECT_EQ(ex.rule[SPAGM_EXPLAIN_PD_SLOT][4], SPAGM_RULE_PIX_COVERED_FALSE);
  EXPECT_EQ(ex.rule[SPAGM_EXPLAIN_PD_SLOT][0], SPAGM_RULE_PIX_COVERED_TRUE);
}

TEST_F(Pixld, Covered_PdPT_SuppressesPredicateWrite) {
  samples(2);
  coverage_all(0x1);
  run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, 0, SPAGM_PT));
  EXPECT_EQ(rd0(), kTrue);
  EXPECT_EQ(resp.pd, SPAGM_PT);
  EXPECT_EQ(resp.pd_written, 0u);
  EXPECT_EQ(resp.pd_value, 0u);
  EXPECT_EQ(ex.rule[SPAGM_EXPLAIN_PD_SLOT][0], 0u);
}

// ---- .MY_INDEX --------------------------------------------------------------

TEST_F(Pixld, MyIndex_Ssaa_SampleIndexAndPdTrue_EveryCount) {
  ssaa(true);
  for (unsigned n : kCounts) {
    samples(n);
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      req.sample[l] = static_cast<uint8_t>(l % n);
    run(pixld(SPAGM_PIX_MY_INDEX, 4, SPAGM_RZ, 0, 5));
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      EXPECT_EQ(resp.wb_value[0][l], l % n) << n << " lane " << l;
    EXPECT_EQ(resp.pd, 5u);
    EXPECT_EQ(resp.pd_written, 0xFFFFFFFFu);
    EXPECT_EQ(resp.pd_value, 0xFFFFFFFFu);
    EXPECT_EQ(ex.rule[0][1], SPAGM_RULE_PIX_MY_INDEX_SSAA);
  }
}

TEST_F(Pixld, MyIndex_NotSsaa_ZeroAndPdFalse_EveryCount) {
  for (unsigned l = 0; l < SPAGM_LANES; l++) req.sample[l] = 3;
  for (unsigned n : kCounts) {
    samples(n);
    run(pixld(SPAGM_PIX_MY_INDEX, 4, SPAGM_RZ, 0, 5));
    for (unsigned l = 0; l < SPAGM_LANES; l++) EXPECT_EQ(resp.wb_value[0][l], 0u);
    EXPECT_EQ(resp.wb_valid[0], 0xFFFFFFFFu);
    EXPECT_EQ(resp.pd, 5u);
    EXPECT_EQ(resp.pd_written, 0xFFFFFFFFu);
    EXPECT_EQ(resp.pd_value, 0u);
    EXPECT_EQ(ex.rule[SPAGM_EXPLAIN_PD_SLOT][0], SPAGM_RULE_PIX_MY_INDEX_NO_SSAA);
  }
}

TEST_F(Pixld, MyIndex_PdPT_SuppressesPredicateWrite) {
  ssaa(true);
  for (unsigned l = 0; l < SPAGM_LANES; l++) req.sample[l] = 7;
  samples(8);
  run(pixld(SPAGM_PIX_MY_INDEX, 4));
  EXPECT_EQ(rd0(), 7u);
  EXPECT_EQ(resp.pd, SPAGM_PT);
  EXPECT_EQ(resp.pd_written, 0u);
}

TEST_F(Pixld, MyIndex_ReturnsThe4BitContextField) {
  ssaa(true);
  samples(4);
  req.sample[0] = 15;    // beyond the raster count: returned as given (N56)
  req.sample[1] = 0x1B;  // only 4 bits travel in the transaction (txn.h)
  run(pixld(SPAGM_PIX_MY_INDEX));
  EXPECT_EQ(resp.wb_value[0][0], 15u);
  EXPECT_EQ(resp.wb_value[0][1], 0xBu);
}

}  // namespace
