// SPDX-License-Identifier: Apache-2.0
// The ISBE spaces: R1 SKEW layout checked against the formula computed here
// (more than 32 vertices, non-contiguous maps), the ISBE-layout.txt example,
// ISBERD/ISBEWR over the four regions (N29), the map region with
// primitive_count, and shared spaces (N24).
#include <gtest/gtest.h>

#include <random>

#include "attr_harness.h"

namespace {

using attrtest::AttrFixture;
using attrtest::Map;
using attrtest::skew;

class Isbe : public AttrFixture {};

TEST_F(Isbe, Skew_PhysAddr_MatchesR1Formula_NonContiguousMap_ManyVertices) {
  Map mp{{0x06C, 0x070}, {0x0A0, 0x0A8}, {0x2FC, 0x2FC}, {0x3F0, 0x3FC}};
  in_bmap(mp);
  out_bmap(Map{{0x080, 0x080}});
  vertices(200);
  const unsigned n = mp.count();
  ASSERT_EQ(n, 2u + 3 + 1 + 4);
  for (unsigned v = 0; v < 200; v++)
    for (uint32_t a = 0; a < 1024; a += 4) {
      uint32_t phys = 0;
      spagm_status st = spagm_attr_phys_addr(m, SPAGM_SPACE_ISBE_IN, v, a, &phys, nullptr);
      if (!mp.has(a)) {
        ASSERT_EQ(st, SPAGM_E_STATE);
        continue;
      }
      ASSERT_EQ(st, SPAGM_OK);
      ASSERT_EQ(phys, skew(v, mp.rank(a), n)) << v << " " << a;
    }
}

TEST_F(Isbe, Skew_AldReadsWordsPokedAtFormulaOffsets) {
  Map mp{{0x070, 0x07C}, {0x100, 0x104}, {0x2F8, 0x2F8}};
  in_bmap(mp);
  stage(SPAGM_STAGE_GS);
  vertices(256);
  const unsigned n = mp.count();
  std::mt19937 rng(7);
  for (unsigned v = 0; v < 256; v++)
    for (uint32_t a = 0; a < 1024; a += 4)
      if (mp.has(a)) {
        poke(SPAGM_SPACE_ISBE_IN, skew(v, mp.rank(a), n), v << 16 | a);
        ASSERT_EQ(spagm_attr_set_written(m, SPAGM_SPACE_ISBE_IN, v, a, true, nullptr), SPAGM_OK);
      }
  for (unsigned t = 0; t < 64; t++) {
    each_lane([&](unsigned l) { req.b[0][l] = rng() % 256; });
    run("ALD.128 R0, a[0x70], R1;");
    for (unsigned l = 0; l < 32; l++)
      for (unsigned c = 0; c < 4; c++)
        ASSERT_EQ(resp.wb_value[c][l], req.b[0][l] << 16 | (0x70 + 4 * c));
    run("ALD R0, a[0x2f8], R1;");
    for (unsigned l = 0; l < 32; l++) ASSERT_EQ(resp.wb_value[0][l], req.b[0][l] << 16 | 0x2F8);
  }
}

// ISBE-layout.txt: 256 vertices with POINT_SIZE (0x6C) and POSITION_X (0x70).
TEST_F(Isbe, LayoutDocExample_PointSizeAndPositionX) {
  Map mp{{0x06C, 0x070}};
  out_bmap(mp);
  vertices(256);
  uint32_t p;
  ASSERT_EQ(spagm_attr_phys_addr(m, SPAGM_SPACE_ISBE_OUT, 0, 0x6C, &p, nullptr), SPAGM_OK);
  EXPECT_EQ(p, 0x000u);
  ASSERT_EQ(spagm_attr_phys_addr(m, SPAGM_SPACE_ISBE_OUT, 31, 0x6C, &p, nullptr), SPAGM_OK);
  EXPECT_EQ(p, 0x07Cu);
  ASSERT_EQ(spagm_attr_phys_addr(m, SPAGM_SPACE_ISBE_OUT, 0, 0x70, &p, nullptr), SPAGM_OK);
  EXPECT_EQ(p, 0x080u);  // R1 corrects the document's 0x000..0x100 typo
  ASSERT_EQ(spagm_attr_phys_addr(m, SPAGM_SPACE_ISBE_OUT, 32, 0x6C, &p, nullptr), SPAGM_OK);
  EXPECT_EQ(p, 0x100u);
  ASSERT_EQ(spagm_attr_phys_addr(m, SPAGM_SPACE_ISBE_OUT, 64, 0x70, &p, nullptr), SPAGM_OK);
  EXPECT_EQ(p, 0x280u);
  ASSERT_EQ(spagm_attr_phys_addr(m, SPAGM_SPACE_ISBE_OUT, 224, 0x6C, &p, nullptr), SPAGM_OK);
  EXPECT_EQ(p, 0x700u);
  ASSERT_EQ(spagm_attr_phys_addr(m, SPAGM_SPACE_ISBE_OUT, 255, 0x70, &p, nullptr), SPAGM_OK);
  EXPECT_EQ(p, 0x7FCu);
}

// --- ISBERD -------------------------------------------------------------------

TEST_F(Isbe, IsberdMap_InputIndicesFromZero_U8) {
  for (unsigned i = 0; i < 12; i++)
    ASSERT_EQ(spagm_attr_set_primitive_index(m, SPAGM_SPACE_ISBE_IN, i, (uint8_t)(200 + i), nullptr),
              SPAGM_OK);
  each_lane([&](unsigned l) { req.a[0][l] = l; });
  run("ISBERD R3, [R1];");
  for (unsigned l = 0; l < 32; l++) {
    EXPECT_EQ(resp.wb_value[0][l], l < 12 ? 200u + l : 0u);
    EXPECT_EQ(rule(0, l), SPAGM_RULE_ISBERD_READ);
  }
}

TEST_F(Isbe, IsberdMap_OutputHasPrimitiveCountThenIndicesAtFour) {
  ASSERT_EQ(spagm_attr_set_primitive_count(m, 3, nullptr), SPAGM_OK);
  for (unsigned i = 0; i < 9; i++)
    ASSERT_EQ(spagm_attr_set_primitive_index(m, SPAGM_SPACE_ISBE_OUT, i, (uint8_t)(i * 2), nullptr),
              SPAGM_OK);
  lanes(3);
  req.a[0][0] = 0;
  req.a[0][1] = 4 + 5;
  run("ISBERD.O.MAP.B32 R0, [R1];");
  EXPECT_EQ(resp.wb_value[0][0], 3u);
  run("ISBERD.O.MAP.U8 R0, [R1];");
  EXPECT_EQ(resp.wb_value[0][1], 10u);
}

TEST_F(Isbe, Isberd_U16ZeroExtends_AndDropsBit0) {
  poke(SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_PRIM_BASE + 8, 0xFEDCBA98u);
  lanes(3);
  req.a[0][0] = 10;
  req.a[0][1] = 11;  // aligned to 10
  run("ISBERD.PRIM.U16 R0, [R1];");
  EXPECT_EQ(resp.wb_value[0][0], 0xFEDCu);
  EXPECT_EQ(resp.wb_value[0][1], 0xFEDCu);
}

TEST_F(Isbe, Isberd_AttrSkew_IsPhysicalOffset) {
  Map mp{{0x070, 0x07C}};
  in_bmap(mp);
  vertices(64);
  put(SPAGM_SPACE_ISBE_IN, 33, 0x78, 0x3378);
  lanes(1);
  req.a[0][0] = skew(33, 2, 4);
  run("ISBERD.ATTR.SKEW.B32 R0, [R1];");
  EXPECT_EQ(resp.wb_value[0][0], 0x3378u);
}

TEST_F(Isbe, Isberd_AttrNoSkew_IsVertexMajor) {
  Map mp{{0x070, 0x07C}, {0x200, 0x200}};
  in_bmap(mp);
  vertices(64);
  put(SPAGM_SPACE_ISBE_IN, 33, 0x200, 0x33200);
  lanes(1);
  req.a[0][0] = 33 * 4 * mp.count() + 4 * mp.rank(0x200);
  run("ISBERD.ATTR.B32 R0, [R1];");
  EXPECT_EQ(resp.wb_value[0][0], 0x33200u);
  EXPECT_EQ(ex.arg[0][0][1], (int32_t)skew(33, 4, 5));
}

TEST_F(Isbe, Isberd_AttrNoSkew_EmptyBmap_ReadsZero) {
  lanes(1);
  req.a[0][0] = 0;
  run("ISBERD.ATTR.B32 R0, [R1];");
  EXPECT_EQ(resp.wb_value[0][0], 0u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ISBERD_OUT_OF_RANGE);
}

TEST_F(Isbe, Isberd_PatchRegion_BoundIsPatchWords) {
  ASSERT_EQ(spagm_attr_set_patch_words(m, 16, nullptr), SPAGM_OK);
  poke(SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_PATCH_BASE + 60, 0x60);
  poke(SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_PATCH_BASE + 64, 0x64);
  lanes(3);
  req.a[0][0] = 60;
  req.a[0][1] = 64;
  run("ISBERD.PATCH.B32 R0, [R1];");
  EXPECT_EQ(resp.wb_value[0][0], 0x60u);
  EXPECT_EQ(resp.wb_value[0][1], 0u);
  EXPECT_EQ(rule(0, 1), SPAGM_RULE_ISBERD_OUT_OF_RANGE);
}

TEST_F(Isbe, Isberd_MapRegionEnd_OutOfRange) {
  lanes(3);
  req.a[0][0] = SPAGM_ISBE_MAP_SIZE - 4;
  req.a[0][1] = SPAGM_ISBE_MAP_SIZE;
  poke(SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_MAP_BASE + SPAGM_ISBE_MAP_SIZE - 4, 0xABCD);
  run("ISBERD.MAP.B32 R0, [R1];");
  EXPECT_EQ(resp.wb_value[0][0], 0xABCDu);
  EXPECT_EQ(resp.wb_value[0][1], 0u);
}

// --- ISBEWR -------------------------------------------------------------------

TEST_F(Isbe, Isbewr_AttrSkew_WritesAndMarksWritten_ThenAldOReads) {
  stage(SPAGM_STAGE_VSA);
  Map mp{{0x070, 0x07C}};
  out_bmap(mp);
  vertex_is_lane();
  each_lane([&](unsigned l) {
    req.a[0][l] = skew(l, 1, 4);  // POSITION_Y of vertex l
    req.d[0][l] = 0x7700 + l;
  });
  run("ISBEWR.O.ATTR.SKEW.B32 [R1], R2;");
  EXPECT_EQ(resp.st_space, SPAGM_SPACE_ISBE_OUT);
  EXPECT_EQ(resp.st_mask[0], 0xFFFFFFFFu);
  EXPECT_EQ(resp.st_addr[0][5], skew(5, 1, 4));
  EXPECT_TRUE(written(SPAGM_SPACE_ISBE_OUT, 5, 0x74));
  run("ALD.O R0, a[0x74];");
  for (unsigned l = 0; l < 32; l++) {
    EXPECT_EQ(resp.wb_value[0][l], 0x7700u + l);
    EXPECT_EQ(rule(0, l), SPAGM_RULE_ALD_O_CUR_OUTPUT);
  }
}

TEST_F(Isbe, Isbewr_U8_WritesOneByte) {
  poke(SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_PRIM_BASE, 0x11223344u);
  lanes(1);
  req.a[0][0] = 2;
  req.d[0][0] = 0xAB;
  run("ISBEWR.PRIM.U8 [R1], R2;");
  EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_PRIM_BASE), 0x11AB3344u);
  EXPECT_EQ(resp.st_data[0][0], 0xABu);
  EXPECT_EQ(resp.st_addr[0][0], SPAGM_ISBE_PRIM_BASE + 2);
}

TEST_F(Isbe, Isbewr_OutOfRegion_Discarded) {
  lanes(1);
  req.a[0][0] = SPAGM_ISBE_PRIM_SIZE;
  req.d[0][0] = 0xFF;
  run("ISBEWR.PRIM.U8 [R1], R2;");
  EXPECT_EQ(resp.st_mask[0], 0u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ISBEWR_OUT_OF_RANGE);
  EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_PRIM_BASE + SPAGM_ISBE_PRIM_SIZE - 4), 0u);
}

TEST_F(Isbe, Isbewr_SameAddress_HighestLaneWins) {
  lanes(0x80000101u);
  each_lane([&](unsigned l) {
    req.a[0][l] = 16;
    req.d[0][l] = 0x100 + l;
  });
  run("ISBEWR.MAP.B32 [R1], R2;");
  EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_MAP_BASE + 16), 0x11Fu);
  EXPECT_EQ(resp.st_mask[0], 0x80000000u);
  EXPECT_EQ(rule(0, 8), SPAGM_RULE_ISBEWR_OVERWRITTEN);
}

// --- shared spaces (N24) --------------------------------------------------------

TEST_F(Isbe, Shared_AstVisibleInInputSpace) {
  stage(SPAGM_STAGE_VSA);
  Map mp{{0x070, 0x07C}};
  in_bmap(mp);
  out_bmap(mp);
  ASSERT_EQ(spagm_attr_set_shared(m, true, nullptr), SPAGM_OK);
  vertex_is_lane();
  each_lane([&](unsigned l) { req.d[0][l] = 0xAA00 + l; });
  run("AST a[0x70], R4;");
  run("ALD R0, a[0x70];");
  EXPECT_EQ(resp.wb_value[0][9], 0xAA09u);  // same memory, same layout
  // Write status stays per space: the previous stage did not write it.
  EXPECT_EQ(rule(0, 9), SPAGM_RULE_ALD_I_GARBAGE);
  EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_IN, skew(9, 0, 4)), 0xAA09u);
}

TEST_F(Isbe, NotShared_SpacesAreSeparate) {
  stage(SPAGM_STAGE_VSA);
  Map mp{{0x070, 0x07C}};
  in_bmap(mp);
  out_bmap(mp);
  vertex_is_lane();
  each_lane([&](unsigned l) { req.d[0][l] = 0xAA00 + l; });
  run("AST a[0x70], R4;");
  EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_IN, skew(9, 0, 4)), 0u);
  EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_OUT, skew(9, 0, 4)), 0xAA09u);
}

TEST_F(Isbe, SharedOff_OutputMemoryComesBack) {
  poke(SPAGM_SPACE_ISBE_OUT, 0x40, 0x1234);
  ASSERT_EQ(spagm_attr_set_shared(m, true, nullptr), SPAGM_OK);
  EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_OUT, 0x40), 0u);  // input's memory
  ASSERT_EQ(spagm_attr_set_shared(m, false, nullptr), SPAGM_OK);
  EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_OUT, 0x40), 0x1234u);
}

}  // namespace
