// SPDX-License-Identifier: Apache-2.0
// Pixel-unit state API (pix.h): raster sample count, sample positions, SSAA
// mode, whole-configuration load/store, argument validation.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "pix_harness.h"
#include "spagm/spagm.h"

namespace {

using pixtest::kCounts;

struct Model {
  Model() : m(spagm_model_new()) {}
  ~Model() { spagm_model_free(m); }
  spagm_model *m;
};

TEST(PixState, PowerOn_OneSampleStandardPositionsSsaaOff) {
  Model w;
  ASSERT_NE(w.m, nullptr);
  spagm_raster_config c;
  std::memset(&c, 0x5A, sizeof c);
  ASSERT_EQ(spagm_pix_get_config(w.m, &c, nullptr), SPAGM_OK);
  EXPECT_EQ(c.samples, 1u);
  EXPECT_EQ(c.positions, SPAGM_PIX_POSITIONS_STANDARD);
  EXPECT_FALSE(c.ssaa);
  for (int i = 0; i < SPAGM_PIX_MAX_SAMPLES; i++) {
    EXPECT_EQ(c.table[i].x, 0) << i;
    EXPECT_EQ(c.table[i].y, 0) << i;
  }
}

TEST(PixState, SetSamples_AcceptsEveryRasterMode) {
  Model w;
  for (unsigned n : kCounts) {
    ASSERT_EQ(spagm_pix_set_samples(w.m, n, nullptr), SPAGM_OK) << n;
    unsigned got = 0;
    ASSERT_EQ(spagm_pix_get_samples(w.m, &got, nullptr), SPAGM_OK);
    EXPECT_EQ(got, n);
  }
}

TEST(PixState, SetSamples_RejectsCountsOutside1_2_4_8_16_AndKeepsOld) {
  Model w;
  ASSERT_EQ(spagm_pix_set_samples(w.m, 8, nullptr), SPAGM_OK);
  for (unsigned bad : {0u, 3u, 5u, 6u, 7u, 12u, 15u, 17u, 32u, 0xFFFFFFFFu}) {
    spagm_diag d{};
    EXPECT_EQ(spagm_pix_set_samples(w.m, bad, &d), SPAGM_E_ARG) << bad;
    EXPECT_NE(std::string(d.msg).find(std::to_string(bad)), std::string::npos)
        << d.msg;
    unsigned got = 0;
    ASSERT_EQ(spagm_pix_get_samples(w.m, &got, nullptr), SPAGM_OK);
    EXPECT_EQ(got, 8u);
  }
}

TEST(PixState, NullModel_IsArgErrorEverywhere) {
  unsigned n = 0;
  bool on = false;
  spagm_raster_config c{};
  c.samples = 1;
  spagm_sample_pos t[SPAGM_PIX_MAX_SAMPLES] = {};
  spagm_diag d{};
  EXPECT_EQ(spagm_pix_set_samples(nullptr, 4, &d), SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("NULL"), std::string::npos) << d.msg;
  EXPECT_EQ(spagm_pix_get_samples(nullptr, &n, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_set_standard_positions(nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_set_programmable_positions(nullptr, t, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_set_ssaa(nullptr, true, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_get_ssaa(nullptr, &on, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_get_config(nullptr, &c, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_set_config(nullptr, &c, nullptr), SPAGM_E_ARG);
}

TEST(PixState, NullOutputOrInput_IsArgError) {
  Model w;
  EXPECT_EQ(spagm_pix_get_samples(w.m, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_get_ssaa(w.m, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_get_config(w.m, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_set_config(w.m, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_set_programmable_positions(w.m, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_standard_position(4, 0, nullptr, nullptr), SPAGM_E_ARG);
}

TEST(PixState, Programmable_CoordinateOutsideSignedNibble_IsArgAndNamesEntry) {
  Model w;
  for (int bad : {8, -9, 100, -128}) {
    spagm_sample_pos t[SPAGM_PIX_MAX_SAMPLES] = {};
    t[11].y = static_cast<int8_t>(bad);
    spagm_diag d{};
    EXPECT_EQ(spagm_pix_set_programmable_positions(w.m, t, &d), SPAGM_E_ARG) << bad;
    EXPECT_NE(std::string(d.msg).find("position 11"), std::string::npos) << d.msg;
    spagm_raster_config c{};
    ASSERT_EQ(spagm_pix_get_config(w.m, &c, nullptr), SPAGM_OK);
    EXPECT_EQ(c.positions, SPAGM_PIX_POSITIONS_STANDARD);  // unchanged
  }
}

TEST(PixState, Programmable_ExtremesMinus8And7_Accepted) {
  Model w;
  spagm_sample_pos t[SPAGM_PIX_MAX_SAMPLES];
  for (int i = 0; i < SPAGM_PIX_MAX_SAMPLES; i++) {
    t[i].x = static_cast<int8_t>(i % 2 ? 7 : -8);
    t[i].y = static_cast<int8_t>(i % 2 ? -8 : 7);
  }
  ASSERT_EQ(spagm_pix_set_programmable_positions(w.m, t, nullptr), SPAGM_OK);
  spagm_raster_config c{};
  ASSERT_EQ(spagm_pix_get_config(w.m, &c, nullptr), SPAGM_OK);
  EXPECT_EQ(c.positions, SPAGM_PIX_POSITIONS_PROGRAMMABLE);
  EXPECT_EQ(std::memcmp(c.table, t, sizeof t), 0);
}

TEST(PixState, StandardPositions_KeepTheProgrammableTable) {
  Model w;
  spagm_sample_pos t[SPAGM_PIX_MAX_SAMPLES];
  pixtest::skewed_table(t);
  ASSERT_EQ(spagm_pix_set_programmable_positions(w.m, t, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_pix_set_standard_positions(w.m, nullptr), SPAGM_OK);
  spagm_raster_config c{};
  ASSERT_EQ(spagm_pix_get_config(w.m, &c, nullptr), SPAGM_OK);
  EXPECT_EQ(c.positions, SPAGM_PIX_POSITIONS_STANDARD);
  EXPECT_EQ(std::memcmp(c.table, t, sizeof t), 0);
}

TEST(PixState, Ssaa_SetAndGet) {
  Model w;
  bool on = false;
  ASSERT_EQ(spagm_pix_set_ssaa(w.m, true, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_pix_get_ssaa(w.m, &on, nullptr), SPAGM_OK);
  EXPECT_TRUE(on);
  ASSERT_EQ(spagm_pix_set_ssaa(w.m, false, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_pix_get_ssaa(w.m, &on, nullptr), SPAGM_OK);
  EXPECT_FALSE(on);
}

TEST(PixState, SetConfig_RoundTripsThroughGetConfig) {
  Model w;
  spagm_raster_config in{};
  in.samples = 16;
  in.positions = SPAGM_PIX_POSITIONS_PROGRAMMABLE;
  pixtest::skewed_table(in.table);
  in.ssaa = true;
  ASSERT_EQ(spagm_pix_set_config(w.m, &in, nullptr), SPAGM_OK);
  spagm_raster_config out{};
  ASSERT_EQ(spagm_pix_get_config(w.m, &out, nullptr), SPAGM_OK);
  EXPECT_EQ(out.samples, 16u);
  EXPECT_EQ(out.positions, SPAGM_PIX_POSITIONS_PROGRAMMABLE);
  EXPECT_TRUE(out.ssaa);
  EXPECT_EQ(std::memcmp(out.table, in.table, sizeof in.table), 0);
}

TEST(PixState, SetConfig_AnyBadField_IsArgAndChangesNothing) {
  Model w;
  spagm_raster_config good{};
  good.samples = 4;
  good.positions = SPAGM_PIX_POSITIONS_STANDARD;
  ASSERT_EQ(spagm_pix_set_config(w.m, &good, nullptr), SPAGM_OK);

  spagm_raster_config bad = good;
  bad.samples = 3;
  bad.ssaa = true;
  EXPECT_EQ(spagm_pix_set_config(w.m, &bad, nullptr), SPAGM_E_ARG);
  bad = good;
  // A C caller can store any int in the enum; C++ may not name 2 directly.
  int two = 2;
  static_assert(sizeof bad.positions == sizeof two, "enum is int-sized");
  std::memcpy(&bad.positions, &two, sizeof two);
  bad.ssaa = true;
  EXPECT_EQ(spagm_pix_set_config(w.m, &bad, nullptr), SPAGM_E_ARG);
  bad = good;
  bad.table[15].x = 8;
  bad.ssaa = true;
  EXPECT_EQ(spagm_pix_set_config(w.m, &bad, nullptr), SPAGM_E_ARG);

  spagm_raster_config out{};
  ASSERT_EQ(spagm_pix_get_config(w.m, &out, nullptr), SPAGM_OK);
  EXPECT_EQ(out.samples, 4u);
  EXPECT_FALSE(out.ssaa);
  EXPECT_EQ(out.table[15].x, 0);
}

TEST(PixState, ModelReset_RestoresPowerOnRaster) {
  Model w;
  spagm_raster_config in{};
  in.samples = 8;
  in.positions = SPAGM_PIX_POSITIONS_PROGRAMMABLE;
  pixtest::skewed_table(in.table);
  in.ssaa = true;
  ASSERT_EQ(spagm_pix_set_config(w.m, &in, nullptr), SPAGM_OK);
  spagm_model_reset(w.m);
  spagm_raster_config out{};
  ASSERT_EQ(spagm_pix_get_config(w.m, &out, nullptr), SPAGM_OK);
  EXPECT_EQ(out.samples, 1u);
  EXPECT_EQ(out.positions, SPAGM_PIX_POSITIONS_STANDARD);
  EXPECT_FALSE(out.ssaa);
  EXPECT_EQ(out.table[0].x, 0);
  EXPECT_EQ(out.table[15].y, 0);
}

TEST(PixState, StandardPositionHelper_MatchesDesign74_AndValidates) {
  for (unsigned n : kCounts) {
    const pixtest::Pos *want = pixtest::standard_table(n);
    for (unsigned i = 0; i < n; i++) {
      spagm_sample_pos p{99, 99};
      ASSERT_EQ(spagm_pix_standard_position(n, i, &p, nullptr), SPAGM_OK);
      EXPECT_EQ(p.x, want[i].x) << n << " samples, index " << i;
      EXPECT_EQ(p.y, want[i].y) << n << " samples, index " << i;
    }
    spagm_sample_pos p{};
    EXPECT_EQ(spagm_pix_standard_position(n, n, &p, nullptr), SPAGM_E_ARG);
  }
  spagm_sample_pos p{};
  spagm_diag d{};
  EXPECT_EQ(spagm_pix_standard_position(3, 0, &p, &d), SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("3"), std::string::npos) << d.msg;
}

TEST(PixState, PackOffset_DxLowDyHighSigned16) {
  EXPECT_EQ(spagm_pix_pack_offset(0, 0), 0u);
  EXPECT_EQ(spagm_pix_pack_offset(-2, -6), 0xFFFAFFFEu);
  EXPECT_EQ(spagm_pix_pack_offset(7, -8), 0xFFF80007u);
  EXPECT_EQ(spagm_pix_pack_offset(-8, 7), 0x0007FFF8u);
}

TEST(PixState, TwoModels_HaveIndependentRasterState) {
  Model a, b;
  ASSERT_EQ(spagm_pix_set_samples(a.m, 16, nullptr), SPAGM_OK);
  unsigned n = 0;
  ASSERT_EQ(spagm_pix_get_samples(b.m, &n, nullptr), SPAGM_OK);
  EXPECT_EQ(n, 1u);
}

}  // namespace
