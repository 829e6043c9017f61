// SPDX-License-Identifier: Apache-2.0
// PIXLD .OFFSET (R14) and .CENTROID_OFFSET (R15) against the sample
// positions of DESIGN §7.4, typed independently in pix_harness.h.
#include <gtest/gtest.h>

#include "pix_harness.h"
#include "spagm/spagm.h"

namespace {

using pixtest::kCounts;
using pixtest::pack;
using pixtest::standard_table;

class Pixld : public pixtest::PixFixture {};

// ---- .OFFSET ----------------------------------------------------------------

TEST_F(Pixld, Offset_EverySampleOf1_2_4_8_MatchesStandardTable) {
  for (unsigned n : {1u, 2u, 4u, 8u}) {
    samples(n);
    for (unsigned i = 0; i < n; i++) {
      run(pixld(SPAGM_PIX_OFFSET, 3, SPAGM_RZ, static_cast<int>(i)));
      ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
      const pixtest::Pos p = standard_table(n)[i];
      for (unsigned l = 0; l < SPAGM_LANES; l += 31) {
        EXPECT_EQ(resp.wb_value[0][l], pack(p.x, p.y)) << n << " samples, index " << i;
        EXPECT_EQ(resp.wb_dontcare[0][l], 0u);
      }
      EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_OFFSET_STANDARD);
    }
  }
}

TEST_F(Pixld, Offset_LiteralWords_DxLowDyHigh) {
  samples(4);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));  // (-2, -6)
  EXPECT_EQ(rd0(), 0xFFFAFFFEu);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 1));  // (6, -2)
  EXPECT_EQ(rd0(), 0xFFFE0006u);
  samples(8);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 7));  // (7, -7)
  EXPECT_EQ(rd0(), 0xFFF90007u);
  samples(2);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));  // (4, 4)
  EXPECT_EQ(rd0(), 0x00040004u);
}

TEST_F(Pixld, Offset_IndexAtOrAboveCount_IsZero) {
  for (unsigned n : {1u, 2u, 4u, 8u}) {
    samples(n);
    for (int idx : {static_cast<int>(n), 15, 255}) {
      run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, idx));
      EXPECT_EQ(rd0(), 0u) << n << "/" << idx;
      EXPECT_EQ(resp.wb_dontcare[0][0], 0u);
      EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_OFFSET_INDEX_INVALID);
    }
  }
}

TEST_F(Pixld, Offset_RaPlusSignedImm_SelectsSample) {
  samples(8);
  for (unsigned l = 0; l < SPAGM_LANES; l++) req.a[0][l] = l;
  run(pixld(SPAGM_PIX_OFFSET, 0, 10, -2));  // lane l reads sample l-2
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    uint32_t idx = l - 2u;
    uint32_t want = idx < 8 ? pack(standard_table(8)[idx].x, standard_table(8)[idx].y) : 0u;
    EXPECT_EQ(resp.wb_value[0][l], want) << "lane " << l;
    EXPECT_EQ(resp.wb_dontcare[0][l], 0u);
  }
}

TEST_F(Pixld, Offset_16Samples_IsDontCare) {
  samples(16);
  for (int idx : {0, 7, 15, 16, 200}) {
    run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, idx));
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
    EXPECT_EQ(resp.wb_valid[0], 0xFFFFFFFFu);
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      EXPECT_EQ(resp.wb_dontcare[0][l], 0xFFFFFFFFu) << idx << " lane " << l;
    EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_OFFSET_16_DONTCARE);
  }
}

TEST_F(Pixld, Offset_16Samples_DontCareValueIsDeterministic) {
  // N54: the value under the don't-care mask is the 16-sample standard
  // position for a valid index, 0 otherwise, so vectors are reproducible.
  samples(16);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 12));
  EXPECT_EQ(rd0(), pack(-8, 0));
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 16));
  EXPECT_EQ(rd0(), 0u);
}

TEST_F(Pixld, Offset_ProgrammablePositions_IsDontCare_EveryCount) {
  programmable();
  for (unsigned n : kCounts) {
    samples(n);
    run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      EXPECT_EQ(resp.wb_dontcare[0][l], 0xFFFFFFFFu) << n;
    EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_OFFSET_PROGRAMMABLE_DONTCARE);
    EXPECT_EQ(rd0(), pack(-8, 7));  // N54: programmable entry 0
  }
}

TEST_F(Pixld, Offset_BackToStandard_IsExactAgain) {
  programmable();
  ASSERT_EQ(spagm_pix_set_standard_positions(m, nullptr), SPAGM_OK);
  samples(2);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 1));
  EXPECT_EQ(rd0(), pack(-4, -4));
  EXPECT_EQ(resp.wb_dontcare[0][0], 0u);
}

TEST_F(Pixld, Offset_NoPdWrite) {
  samples(4);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 1, 4));
  EXPECT_EQ(resp.pd, SPAGM_PT);
  EXPECT_EQ(resp.pd_written, 0u);
}

// ---- .CENTROID_OFFSET ---------------------------------------------------------

TEST_F(Pixld, Centroid_FullCoverage_IsPixelCentre_EveryCount) {
  for (bool prog : {false, true}) {
    if (prog) programmable();
    for (unsigned n : kCounts) {
      samples(n);
      coverage_all(static_cast<uint16_t>(n == 16 ? 0xFFFFu : (1u << n) - 1u));
      run(pixld(SPAGM_PIX_CENTROID_OFFSET, 6));
      ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
      EXPECT_EQ(rd0(), 0u) << n << (prog ? " programmable" : " standard");
      EXPECT_EQ(resp.wb_dontcare[0][0], 0u);
      EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_CENTROID_FULL);
    }
  }
}

TEST_F(Pixld, Centroid_NoCoverage_IsZero_EveryCount) {
  for (unsigned n : kCounts) {
    samples(n);
    coverage_all(0);
    run(pixld(SPAGM_PIX_CENTROID_OFFSET));
    EXPECT_EQ(rd0(), 0u) << n;
    EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_CENTROID_NONE);
  }
}

// Every count, every partial mask with lowest sample s: the offset of s.
TEST_F(Pixld, Centroid_Partial_LowestCoveredStandardSample_EveryCount) {
  for (unsigned n : {2u, 4u, 8u, 16u}) {
    samples(n);
    uint32_t full = n == 16 ? 0xFFFFu : (1u << n) - 1u;
    for (unsigned s = 0; s < n; s++) {
      // Lane 0: only sample s; lane 1: s and every later sample (partial
      // unless s == 0); lane 2: s and the top sample.
      req.coverage[0] = static_cast<uint16_t>(1u << s);
      req.coverage[1] = static_cast<uint16_t>(full & ~((1u << s) - 1u));
      req.coverage[2] = static_cast<uint16_t>((1u << s) | (1u << (n - 1)));
      run(pixld(SPAGM_PIX_CENTROID_OFFSET));
      const pixtest::Pos p = standard_table(n)[s];
      EXPECT_EQ(resp.wb_value[0][0], pack(p.x, p.y)) << n << "/" << s;
      EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_CENTROID_STANDARD);
      EXPECT_EQ(ex.arg[0][0][1], static_cast<int32_t>(s));
      EXPECT_EQ(resp.wb_value[0][1], s == 0 ? 0u : pack(p.x, p.y)) << n << "/" << s;
      bool full2 = (req.coverage[2] & full) == full;
      EXPECT_EQ(resp.wb_value[0][2], full2 ? 0u : pack(p.x, p.y)) << n << "/" << s;
    }
  }
}

TEST_F(Pixld, Centroid_Partial_LiteralWords) {
  samples(4);
  coverage_all(0xC);  // samples 2 and 3: lowest is 2 at (-6, 2)
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), 0x0002FFFAu);
  samples(16);
  coverage_all(0x8000);  // only sample 15 at (-7, -8)
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), 0xFFF8FFF9u);
}

TEST_F(Pixld, Centroid_Partial_UsesProgrammablePositions_EveryCount) {
  programmable();  // sample i at (i-8, 7-i)
  for (unsigned n : {2u, 4u, 8u, 16u}) {
    samples(n);
    for (unsigned s = 1; s < n; s++) {
      coverage_all(static_cast<uint16_t>(1u << s));
      run(pixld(SPAGM_PIX_CENTROID_OFFSET));
      int x = static_cast<int>(s) - 8, y = 7 - static_cast<int>(s);
      EXPECT_EQ(rd0(), pack(x, y)) << n << "/" << s;
      EXPECT_EQ(resp.wb_dontcare[0][0], 0u);  // R15: not don't-care, unlike OFFSET
      EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_CENTROID_PROGRAMMABLE);
    }
  }
}

TEST_F(Pixld, Centroid_OneSample_IsAlwaysCentre) {
  samples(1);
  coverage_all(0xFFFE);  // sample 0 not covered, the rest is beyond the count
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), 0u);
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_CENTROID_NONE);
  coverage_all(0x0001);
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), 0u);
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_CENTROID_FULL);
}

TEST_F(Pixld, Centroid_CoverageBitsAboveCount_AreIgnored) {
  samples(4);
  coverage_all(0xFF0F);  // all four samples covered plus bits 8..15
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), 0u);
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_CENTROID_FULL);
  coverage_all(0xFFF0);  // none of 0..3 covered
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), 0u);
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_CENTROID_NONE);
}

TEST_F(Pixld, Centroid_NoPdWrite) {
  samples(4);
  coverage_all(0x2);
  run(pixld(SPAGM_PIX_CENTROID_OFFSET, 0, SPAGM_RZ, 0, 1));
  EXPECT_EQ(resp.pd, SPAGM_PT);
  EXPECT_EQ(resp.pd_written, 0u);
}

}  // namespace
