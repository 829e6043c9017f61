// SPDX-License-Identifier: Apache-2.0
// The pixel unit's two configuration choices: the word format of
// PIXLD.OFFSET / .CENTROID_OFFSET (sixteenths, or S0.12) and the order of the
// standard sample positions (DESIGN §7.4's, or NVIDIA's default mode). The
// expected words and tables are typed here from docs/spec-notes.md and Mesa's
// nvc0_get_sample_locations, independently of the model's tables.
#include <gtest/gtest.h>

#include <string>

#include "pix_harness.h"
#include "spagm/spagm.h"
#include "spagm/statemap.h"

namespace {

using pixtest::pack;
using pixtest::standard_table;

// (dx, dy) as IPA's S0.12 operand: each half the sixteenths times 256.
uint32_t pack_s012(int dx, int dy) { return pack(dx * 256, dy * 256); }

// NVIDIA's default order, from Mesa's corner-based table (x - 8, y - 8):
// ms2 {4,4},{c,c}; ms8 {1,7},{5,3},{3,d},{7,b},{9,5},{f,1},{b,f},{d,9}.
const pixtest::Pos *nvidia_table(unsigned count) {
  static const pixtest::Pos n2[] = {{-4, -4}, {4, 4}};
  static const pixtest::Pos n8[] = {{-7, -1}, {-3, -5}, {-5, 5}, {-1, 3},
                                    {1, -3},  {7, -7},  {3, 7},  {5, 1}};
  if (count == 2) return n2;
  if (count == 8) return n8;
  return standard_table(count);  // 1x, 4x and 16x are §7.4's
}

class Pixld : public pixtest::PixFixture {
 protected:
  void format(spagm_pix_offset_format f) {
    ASSERT_EQ(spagm_pix_set_offset_format(m, f, nullptr), SPAGM_OK);
  }
  void order(spagm_pix_sample_order o) {
    ASSERT_EQ(spagm_pix_set_sample_order(m, o, nullptr), SPAGM_OK);
  }
};

// ---- Word format ----------------------------------------------------------

TEST_F(Pixld, PIXLD_Offset_DefaultFormat_IsSixteenthsAsPlainIntegers) {
  samples(2);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));  // (+4, +4)
  EXPECT_EQ(rd0(), 0x00040004u);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 1));  // (-4, -4)
  EXPECT_EQ(rd0(), 0xFFFCFFFCu);
}

TEST_F(Pixld, PIXLD_Offset_S012Format_ShiftsSixteenthsBy8) {
  format(SPAGM_PIX_OFFSET_S012);
  samples(2);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));  // (+4, +4)
  EXPECT_EQ(rd0(), 0x04000400u);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 1));  // (-4, -4): -1024 each half
  EXPECT_EQ(rd0(), 0xFC00FC00u);
  samples(8);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 7));  // (7, -7)
  EXPECT_EQ(rd0(), 0xF9000700u);
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_OFFSET_STANDARD);
  EXPECT_EQ(resp.wb_dontcare[0][0], 0u);
}

TEST_F(Pixld, PIXLD_Offset_S012Format_EverySampleOf1_2_4_8) {
  format(SPAGM_PIX_OFFSET_S012);
  for (unsigned n : {1u, 2u, 4u, 8u}) {
    samples(n);
    for (unsigned i = 0; i < n; i++) {
      run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, static_cast<int>(i)));
      const pixtest::Pos p = standard_table(n)[i];
      EXPECT_EQ(rd0(), pack_s012(p.x, p.y)) << n << " samples, index " << i;
    }
  }
}

TEST_F(Pixld, PIXLD_Offset_S012Format_InvalidIndexIsStillZero) {
  format(SPAGM_PIX_OFFSET_S012);
  samples(4);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 4));
  EXPECT_EQ(rd0(), 0u);
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_OFFSET_INDEX_INVALID);
}

TEST_F(Pixld, PIXLD_Offset_S012Format_DontCareValueIsScaledToo) {
  format(SPAGM_PIX_OFFSET_S012);
  samples(16);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 15));  // (-7, -8)
  EXPECT_EQ(rd0(), pack_s012(-7, -8));
  EXPECT_EQ(resp.wb_dontcare[0][0], 0xFFFFFFFFu);
}

TEST_F(Pixld, PIXLD_CentroidOffset_S012Format_ScalesStandardAndProgrammable) {
  format(SPAGM_PIX_OFFSET_S012);
  samples(4);
  coverage_all(0x6);  // samples 1 and 2: the centroid is sample 1, (6, -2)
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), 0xFE000600u);
  programmable();  // sample i at (i-8, 7-i): sample 1 at (-7, 6)
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), pack_s012(-7, 6));
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_CENTROID_PROGRAMMABLE);
  coverage_all(0xF);  // full coverage: the centre, 0 in either format
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), 0u);
}

TEST_F(Pixld, PIXLD_Offset_FormatBackToSixteenths_IsUnscaledAgain) {
  format(SPAGM_PIX_OFFSET_S012);
  format(SPAGM_PIX_OFFSET_SIXTEENTHS);
  samples(2);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));
  EXPECT_EQ(rd0(), 0x00040004u);
}

TEST_F(Pixld, PIXLD_OtherModes_IgnoreTheFormat) {
  format(SPAGM_PIX_OFFSET_S012);
  samples(8);
  coverage_all(0x1FF);
  run(pixld(SPAGM_PIX_MSCOUNT));
  EXPECT_EQ(rd0(), 8u);
  run(pixld(SPAGM_PIX_COVMASK));
  EXPECT_EQ(rd0(), 0xFFu);
}

// ---- Standard sample order -------------------------------------------------

TEST_F(Pixld, PIXLD_Offset_DefaultOrder_IsTheD3DTable) {
  samples(2);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));
  EXPECT_EQ(rd0(), pack(4, 4));
  samples(8);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));
  EXPECT_EQ(rd0(), pack(1, -3));
}

TEST_F(Pixld, PIXLD_Offset_NvidiaOrder_Reverses2xAndPermutes8x) {
  order(SPAGM_PIX_ORDER_NVIDIA);
  samples(2);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));
  EXPECT_EQ(rd0(), pack(-4, -4));
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 1));
  EXPECT_EQ(rd0(), pack(4, 4));
  samples(8);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));
  EXPECT_EQ(rd0(), pack(-7, -1));
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 7));
  EXPECT_EQ(rd0(), pack(5, 1));
}

TEST_F(Pixld, PIXLD_Offset_NvidiaOrder_EverySampleOf1_2_4_8) {
  order(SPAGM_PIX_ORDER_NVIDIA);
  for (unsigned n : {1u, 2u, 4u, 8u}) {
    samples(n);
    for (unsigned i = 0; i < n; i++) {
      run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, static_cast<int>(i)));
      const pixtest::Pos p = nvidia_table(n)[i];
      EXPECT_EQ(rd0(), pack(p.x, p.y)) << n << " samples, index " << i;
      EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_OFFSET_STANDARD);
    }
  }
}

TEST_F(Pixld, PIXLD_CentroidOffset_NvidiaOrder_LowestCoveredSampleOfThatOrder) {
  order(SPAGM_PIX_ORDER_NVIDIA);
  samples(8);
  coverage_all(0x0C);  // samples 2 and 3 -> sample 2, NVIDIA (-5, 5)
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), pack(-5, 5));
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_PIX_CENTROID_STANDARD);
  samples(16);  // no NVIDIA 16x table: §7.4's sample 2, (-3, 2)
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), pack(-3, 2));
}

TEST_F(Pixld, PIXLD_CentroidOffset_NvidiaOrder_ProgrammableTableUnchanged) {
  order(SPAGM_PIX_ORDER_NVIDIA);
  programmable();
  samples(2);
  coverage_all(0x2);  // sample 1 of the programmable table: (-7, 6)
  run(pixld(SPAGM_PIX_CENTROID_OFFSET));
  EXPECT_EQ(rd0(), pack(-7, 6));
}

TEST_F(Pixld, PIXLD_Offset_BothChoices_NvidiaPositionInS012) {
  order(SPAGM_PIX_ORDER_NVIDIA);
  format(SPAGM_PIX_OFFSET_S012);
  samples(2);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));  // NVIDIA sample 0 (-4, -4)
  EXPECT_EQ(rd0(), 0xFC00FC00u);
}

// ---- State API -------------------------------------------------------------

TEST(PixState, ConfigChoices_PowerOnAreSixteenthsAndD3DOrder) {
  spagm_model *m = spagm_model_new();
  spagm_pix_offset_format f = SPAGM_PIX_OFFSET_S012;
  spagm_pix_sample_order o = SPAGM_PIX_ORDER_NVIDIA;
  ASSERT_EQ(spagm_pix_get_offset_format(m, &f, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_pix_get_sample_order(m, &o, nullptr), SPAGM_OK);
  EXPECT_EQ(f, SPAGM_PIX_OFFSET_SIXTEENTHS);
  EXPECT_EQ(o, SPAGM_PIX_ORDER_D3D);
  spagm_pix_set_offset_format(m, SPAGM_PIX_OFFSET_S012, nullptr);
  spagm_pix_set_sample_order(m, SPAGM_PIX_ORDER_NVIDIA, nullptr);
  spagm_model_reset(m);
  spagm_raster_config c;
  spagm_pix_get_config(m, &c, nullptr);
  EXPECT_EQ(c.offset_format, SPAGM_PIX_OFFSET_SIXTEENTHS);
  EXPECT_EQ(c.order, SPAGM_PIX_ORDER_D3D);
  spagm_model_free(m);
}

TEST(PixState, ConfigChoices_OutOfRangeValues_AreArgAndKeepTheOld) {
  spagm_model *m = spagm_model_new();
  spagm_diag d{};
  ASSERT_EQ(spagm_pix_set_offset_format(m, SPAGM_PIX_OFFSET_S012, nullptr), SPAGM_OK);
  EXPECT_EQ(spagm_pix_set_offset_format(m, static_cast<spagm_pix_offset_format>(2), &d),
            SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("offset format 2"), std::string::npos) << d.msg;
  EXPECT_EQ(spagm_pix_set_sample_order(m, static_cast<spagm_pix_sample_order>(-1), &d),
            SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("sample order -1"), std::string::npos) << d.msg;
  spagm_raster_config c;
  spagm_pix_get_config(m, &c, nullptr);
  EXPECT_EQ(c.offset_format, SPAGM_PIX_OFFSET_S012);
  EXPECT_EQ(c.order, SPAGM_PIX_ORDER_D3D);
  c.order = static_cast<spagm_pix_sample_order>(7);
  c.samples = 8;
  EXPECT_EQ(spagm_pix_set_config(m, &c, &d), SPAGM_E_ARG);
  c.order = SPAGM_PIX_ORDER_D3D;
  c.offset_format = static_cast<spagm_pix_offset_format>(9);
  EXPECT_EQ(spagm_pix_set_config(m, &c, &d), SPAGM_E_ARG);
  unsigned n = 0;
  spagm_pix_get_samples(m, &n, nullptr);
  EXPECT_EQ(n, 1u);  // neither failing set_config changed anything
  EXPECT_EQ(spagm_pix_set_offset_format(nullptr, SPAGM_PIX_OFFSET_S012, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_pix_get_sample_order(m, nullptr, &d), SPAGM_E_ARG);
  spagm_model_free(m);
}

TEST(PixState, StandardPositionIn_GivesEachOrdersTable) {
  for (unsigned n : pixtest::kCounts)
    for (unsigned i = 0; i < n; i++) {
      spagm_sample_pos p{};
      ASSERT_EQ(spagm_pix_standard_position_in(SPAGM_PIX_ORDER_NVIDIA, n, i, &p, nullptr),
                SPAGM_OK);
      EXPECT_EQ(p.x, nvidia_table(n)[i].x) << n << "/" << i;
      EXPECT_EQ(p.y, nvidia_table(n)[i].y) << n << "/" << i;
      ASSERT_EQ(spagm_pix_standard_position_in(SPAGM_PIX_ORDER_D3D, n, i, &p, nullptr),
                SPAGM_OK);
      EXPECT_EQ(p.x, standard_table(n)[i].x);
      EXPECT_EQ(p.y, standard_table(n)[i].y);
    }
  spagm_sample_pos p{};
  EXPECT_EQ(spagm_pix_standard_position_in(static_cast<spagm_pix_sample_order>(2), 2, 0, &p,
                                           nullptr),
            SPAGM_E_ARG);
}

TEST(PixState, PackOffsetAs_S012IsSixteenthsTimes256) {
  EXPECT_EQ(spagm_pix_pack_offset_as(SPAGM_PIX_OFFSET_S012, 4, 4), 0x04000400u);
  EXPECT_EQ(spagm_pix_pack_offset_as(SPAGM_PIX_OFFSET_S012, -4, 4), 0x0400FC00u);
  EXPECT_EQ(spagm_pix_pack_offset_as(SPAGM_PIX_OFFSET_S012, -8, 7), 0x0700F800u);
  EXPECT_EQ(spagm_pix_pack_offset_as(SPAGM_PIX_OFFSET_SIXTEENTHS, -8, 7), 0x0007FFF8u);
}

// ---- Configuration port ----------------------------------------------------

TEST(Statemap, PixelConfigChoices_RoundTripAtTheirAddresses) {
  spagm_model *a = spagm_model_new(), *b = spagm_model_new();
  spagm_diag d{};
  ASSERT_EQ(spagm_statemap_write(a, SPAGM_UNIT_PIX, 0x10, 1, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_statemap_write(a, SPAGM_UNIT_PIX, 0x14, 1, &d), SPAGM_OK) << d.msg;
  spagm_raster_config c;
  spagm_pix_get_config(a, &c, nullptr);
  EXPECT_EQ(c.offset_format, SPAGM_PIX_OFFSET_S012);
  EXPECT_EQ(c.order, SPAGM_PIX_ORDER_NVIDIA);
  uint32_t v = 0;
  ASSERT_TRUE(spagm_statemap_read(a, SPAGM_UNIT_PIX, 0x10, &v));
  EXPECT_EQ(v, 1u);
  ASSERT_TRUE(spagm_statemap_read(a, SPAGM_UNIT_PIX, 0x14, &v));
  EXPECT_EQ(v, 1u);
  spagm_cfg_list l{};
  ASSERT_EQ(spagm_statemap_load_list(a, SPAGM_UNIT_PIX, &l), SPAGM_OK);
  bool has10 = false, has14 = false;
  for (size_t i = 0; i < l.n; i++) {
    has10 |= l.w[i].addr == 0x10 && l.w[i].data == 1;
    has14 |= l.w[i].addr == 0x14 && l.w[i].data == 1;
    ASSERT_EQ(spagm_statemap_write(b, SPAGM_UNIT_PIX, l.w[i].addr, l.w[i].data, &d), SPAGM_OK);
  }
  EXPECT_TRUE(has10);
  EXPECT_TRUE(has14);
  spagm_cfg_list_free(&l);
  spagm_pix_get_config(b, &c, nullptr);
  EXPECT_EQ(c.offset_format, SPAGM_PIX_OFFSET_S012);
  EXPECT_EQ(c.order, SPAGM_PIX_ORDER_NVIDIA);
  ASSERT_EQ(spagm_statemap_readback_list(a, SPAGM_UNIT_PIX, &l), SPAGM_OK);
  has10 = has14 = false;
  for (size_t i = 0; i < l.n; i++) {
    has10 |= l.w[i].addr == 0x10;
    has14 |= l.w[i].addr == 0x14;
  }
  EXPECT_TRUE(has10);
  EXPECT_TRUE(has14);
  spagm_cfg_list_free(&l);
  spagm_model_free(a);
  spagm_model_free(b);
}

TEST(Statemap, PixelConfigChoices_AtResetValue_AreNotListed) {
  spagm_model *m = spagm_model_new();
  spagm_cfg_list l{};
  ASSERT_EQ(spagm_statemap_load_list(m, SPAGM_UNIT_PIX, &l), SPAGM_OK);
  EXPECT_EQ(l.n, 20u);  // stage, samples, positions, SSAA and the 16 table words
  for (size_t i = 0; i < l.n; i++) EXPECT_TRUE(l.w[i].addr < 0x10 || l.w[i].addr >= 0x40);
  l.n = 0;
  ASSERT_EQ(spagm_statemap_readback_list(m, SPAGM_UNIT_PIX, &l), SPAGM_OK);
  EXPECT_EQ(l.n, 20u);
  spagm_cfg_list_free(&l);
  uint32_t v = 7;
  ASSERT_TRUE(spagm_statemap_read(m, SPAGM_UNIT_PIX, 0x10, &v));  // readable all the same
  EXPECT_EQ(v, 0u);
  spagm_model_free(m);
}

TEST(Statemap, PixelConfigChoices_IllegalValuesAreRefused) {
  spagm_model *m = spagm_model_new();
  spagm_diag d{};
  EXPECT_EQ(spagm_statemap_write(m, SPAGM_UNIT_PIX, 0x10, 2, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m, SPAGM_UNIT_PIX, 0x14, 0xFFFFFFFFu, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_statemap_write(m, SPAGM_UNIT_PIX, 0x18, 0, &d), SPAGM_E_ARG);
  uint32_t v = 7;
  EXPECT_FALSE(spagm_statemap_read(m, SPAGM_UNIT_PIX, 0x18, &v));
  spagm_raster_config c;
  spagm_pix_get_config(m, &c, nullptr);
  EXPECT_EQ(c.offset_format, SPAGM_PIX_OFFSET_SIXTEENTHS);
  EXPECT_EQ(c.order, SPAGM_PIX_ORDER_D3D);
  spagm_model_free(m);
}

}  // namespace
