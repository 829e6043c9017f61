// SPDX-License-Identifier: Apache-2.0
// TLDS legal tables (TLDS.txt): modifier table rows, Ra/Rb packing, and the
// 2C / 34C destination tables (R23).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "spagm/spagm.h"

namespace {

TEST(TldsTable, ExactlyTheNineRowsOfTheLegalModifierTable) {
  std::set<int> rows;
  int legal = 0;
  for (int p = 0; p < 4; p++)
    for (int lod = 0; lod < 2; lod++)
      for (int a = 0; a < 2; a++)
        for (int ms = 0; ms < 2; ms++) {
          int r = spagm_tlds_encoding_of((spagm_tex_param)p, (spagm_tex_lod)lod, a, ms);
          if (r >= 0) {
            legal++;
            rows.insert(r);
          }
        }
  EXPECT_EQ(legal, 9);
  EXPECT_EQ(rows, (std::set<int>{0, 1, 2, 4, 5, 6, 7, 8, 12}));
  EXPECT_EQ(spagm_tlds_encoding_of(SPAGM_PARAM_2D, SPAGM_LOD_LZ, false, true), 6);
  EXPECT_EQ(spagm_tlds_encoding_of(SPAGM_PARAM_2D, SPAGM_LOD_LL, true, false), 12);
  EXPECT_EQ(spagm_tlds_encoding_of(SPAGM_PARAM_ARRAY_2D, SPAGM_LOD_LZ, false, false), 8);
  EXPECT_EQ(spagm_tlds_encoding_of(SPAGM_PARAM_3D, SPAGM_LOD_LZ, false, false), 7);
  // .MS only with .LZ and 2D (the table has no ARRAY_2D .MS row).
  EXPECT_EQ(spagm_tlds_encoding_of(SPAGM_PARAM_2D, SPAGM_LOD_LL, false, true), -1);
  EXPECT_EQ(spagm_tlds_encoding_of(SPAGM_PARAM_ARRAY_2D, SPAGM_LOD_LZ, false, true), -1);
}

TEST(TldsTable, DecodeIsInverseOfEncodingOf) {
  for (unsigned e = 0; e < 16; e++) {
    spagm_tex_param p;
    spagm_tex_lod lod;
    bool a, ms;
    bool ok = spagm_tlds_encoding_decode(e, &p, &lod, &a, &ms);
    EXPECT_EQ(ok, std::set<unsigned>({0, 1, 2, 4, 5, 6, 7, 8, 12}).count(e) == 1) << e;
    if (ok) {
      EXPECT_EQ(spagm_tlds_encoding_of(p, lod, a, ms), (int)e);
    }
  }
}

TEST(TldsTable, SourceCountsFollowHwNoteBits) {
  // Ra: bit 2 of the row = vec2; Rb: bit 3 = vec2, row 0 has no Rb.
  const unsigned ra[16] = {1, 1, 1, 0, 2, 2, 2, 2, 1, 0, 0, 0, 2, 0, 0, 0};
  const unsigned rb[16] = {0, 1, 1, 0, 1, 1, 1, 1, 2, 0, 0, 0, 2, 0, 0, 0};
  for (unsigned e = 0; e < 16; e++) {
    EXPECT_EQ(spagm_tlds_src_count(e, 0), ra[e]) << e;
    EXPECT_EQ(spagm_tlds_src_count(e, 1), rb[e]) << e;
  }
}

TEST(TldsTable, WmskNamesAndEncodings) {
  const char *c2[] = {"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
  for (unsigned w = 0; w < 8; w++) EXPECT_STREQ(spagm_tlds_wmsk_name(true, w), c2[w]);
  EXPECT_EQ(spagm_tlds_wmsk_name(true, 8), nullptr);
  const char *c34[] = {"RGB", "RGA", "RBA", "GBA", "RGBA"};
  for (unsigned w = 0; w < 5; w++) EXPECT_STREQ(spagm_tlds_wmsk_name(false, w), c34[w]);
  EXPECT_EQ(spagm_tlds_wmsk_name(false, 5), nullptr);
  unsigned comp[4];
  ASSERT_EQ(spagm_tlds_wmsk_components(false, 2, comp), 3u);  // RBA
  EXPECT_EQ(comp[0], 0u);
  EXPECT_EQ(comp[1], 2u);
  EXPECT_EQ(comp[2], 3u);
  ASSERT_EQ(spagm_tlds_wmsk_components(true, 7, comp), 2u);  // BA
  EXPECT_EQ(comp[0], 2u);
  EXPECT_EQ(comp[1], 3u);
  EXPECT_EQ(spagm_tlds_wmsk_components(false, 7, comp), 0u);
}

TEST(TldsTable, DestinationRegisterCounts) {
  // 32-bit: 2C scalar or vec2 in Rd0; 34C vec2 Rd0 + scalar/vec2 Rd1.
  EXPECT_EQ(spagm_tlds_dst_count(false, true, 0, 0), 1u);
  EXPECT_EQ(spagm_tlds_dst_count(false, true, 4, 0), 2u);
  EXPECT_EQ(spagm_tlds_dst_count(false, true, 4, 1), 0u);
  EXPECT_EQ(spagm_tlds_dst_count(false, false, 0, 0), 2u);
  EXPECT_EQ(spagm_tlds_dst_count(false, false, 0, 1), 1u);
  EXPECT_EQ(spagm_tlds_dst_count(false, false, 4, 1), 2u);
  // .F16: every written register is a scalar.
  EXPECT_EQ(spagm_tlds_dst_count(true, true, 7, 0), 1u);
  EXPECT_EQ(spagm_tlds_dst_count(true, false, 4, 0), 1u);
  EXPECT_EQ(spagm_tlds_dst_count(true, false, 4, 1), 1u);
  EXPECT_EQ(spagm_tlds_dst_count(false, false, 5, 0), 0u);
}

}  // namespace
