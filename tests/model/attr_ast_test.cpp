// SPDX-License-Identifier: Apache-2.0
// AST (AST.txt): the output BMAP table, bounds (R4), alignment (R10), the
// write status it sets, patch stores (R11), GS stores through Rc (R12, N26),
// .PHYS (R7), same-address stores (N28), and a randomized AST -> ALD.O
// read-back property.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>

#include "attr_harness.h"

namespace {

using attrtest::AttrFixture;
using attrtest::Map;
using attrtest::r3_default;
using attrtest::skew;

class Ast : public AttrFixture {
 protected:
  void SetUp() override {
    AttrFixture::SetUp();
    vertex_is_lane();
    each_lane([&](unsigned l) {
      for (unsigned c = 0; c < 4; c++) req.d[c][l] = 0xD0000000u | c << 8 | l;
    });
  }
};

TEST_F(Ast, Bmap1_StoresAtR1Offset_AndReportsIt) {
  stage(SPAGM_STAGE_VSA);
  Map mp{{0x070, 0x07C}, {0x090, 0x09C}};
  out_bmap(mp);
  run("AST a[0x94], R1;");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.st_space, SPAGM_SPACE_ISBE_OUT);
  EXPECT_EQ(resp.st_mask[0], 0xFFFFFFFFu);
  for (unsigned l = 0; l < 32; l++) {
    const uint32_t phys = skew(l, mp.rank(0x94), mp.count());
    EXPECT_EQ(resp.st_addr[0][l], phys);
    EXPECT_EQ(resp.st_data[0][l], 0xD0000000u | l);
    EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_OUT, phys), 0xD0000000u | l);
    EXPECT_EQ(rule(0, l), SPAGM_RULE_AST_STORED);
  }
}

TEST_F(Ast, Bmap1_SetsCurrentStageWriteStatus) {
  stage(SPAGM_STAGE_VSA);
  out_bmap(Map{{0x070, 0x07C}});
  EXPECT_FALSE(written(SPAGM_SPACE_ISBE_OUT, 3, 0x74));
  run("AST a[0x74], R1;");
  EXPECT_TRUE(written(SPAGM_SPACE_ISBE_OUT, 3, 0x74));
  EXPECT_FALSE(written(SPAGM_SPACE_ISBE_OUT, 3, 0x70));
  EXPECT_FALSE(written(SPAGM_SPACE_ISBE_IN, 3, 0x74));
}

TEST_F(Ast, Bmap0_SilentlyDiscarded) {
  stage(SPAGM_STAGE_VSA);
  map(SPAGM_MAP_OMAP, Map{{0x070, 0x07C}});  // next stage reads nothing
  map(SPAGM_MAP_IMAP_NEXT, Map{{0x080, 0x08C}});
  run("AST a[0x70], R1;");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.st_mask[0], 0u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_AST_BMAP0_DISCARD);
  EXPECT_FALSE(written(SPAGM_SPACE_ISBE_OUT, 0, 0x70));
  uint8_t img[4096];
  ASSERT_EQ(spagm_attr_read(m, SPAGM_SPACE_ISBE_OUT, 0, img, sizeof img, nullptr), SPAGM_OK);
  for (uint8_t b : img) ASSERT_EQ(b, 0);
}

TEST_F(Ast, StoreRequestRange_EnablesStore) {
  stage(SPAGM_STAGE_VSA);
  map(SPAGM_MAP_OMAP, Map{{0x070, 0x07C}});
  ASSERT_EQ(spagm_attr_set_store_req(m, 0x70 / 4, 0x74 / 4, nullptr), SPAGM_OK);
  run("AST.128 a[0x70], R0;");
  EXPECT_EQ(resp.st_mask[0], 0xFFFFFFFFu);
  EXPECT_EQ(resp.st_mask[1], 0xFFFFFFFFu);
  EXPECT_EQ(resp.st_mask[2], 0u);
  EXPECT_EQ(resp.st_mask[3], 0u);
}

TEST_F(Ast, Vector_EachComponentThroughBmap) {
  stage(SPAGM_STAGE_TS);
  Map mp{{0x080, 0x080}, {0x08C, 0x08C}};
  out_bmap(mp);
  lanes(1);
  run("AST.128 a[0x80], R4;");
  EXPECT_EQ(resp.st_mask[0], 1u);
  EXPECT_EQ(resp.st_mask[1], 0u);
  EXPECT_EQ(resp.st_mask[2], 0u);
  EXPECT_EQ(resp.st_mask[3], 1u);
  EXPECT_EQ(resp.st_addr[3][0], skew(0, 1, 2));
  EXPECT_EQ(resp.st_data[3][0], 0xD0000300u);
}

TEST_F(Ast, Bounds_OutsideAddressSpace_Discarded) {
  stage(SPAGM_STAGE_VSA);
  out_bmap(Map::all());
  lanes(1);
  for (int32_t imm : {1024, -4, 2000}) {
    spagm_insn i;
    spagm_insn_init(&i, SPAGM_OP_AST);
    i.rb = 0;
    i.imm = imm;
    exec_insn(i);
    EXPECT_EQ(resp.st_mask[0], 0u) << imm;
    EXPECT_EQ(rule(0, 0), SPAGM_RULE_AST_OUT_OF_BOUNDS);
  }
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_AST);
  i.rb = 0;
  i.imm = 1020;
  exec_insn(i);
  EXPECT_EQ(resp.st_mask[0], 1u);
}

TEST_F(Ast, Align64_StoresTheAlignedPair) {
  stage(SPAGM_STAGE_VSA);
  Map mp{{0x070, 0x07C}};
  out_bmap(mp);
  lanes(1);
  run("AST.64 a[0x7c], R2;");
  EXPECT_EQ(resp.st_addr[0][0], skew(0, 2, 4));  // 0x78
  EXPECT_EQ(resp.st_addr[1][0], skew(0, 3, 4));  // 0x7C
}

TEST_F(Ast, Align128_StoresTheAlignedVec4) {
  stage(SPAGM_STAGE_VSA);
  Map mp{{0x070, 0x07C}};
  out_bmap(mp);
  lanes(1);
  run("AST.128 a[0x7c], R4;");
  for (unsigned c = 0; c < 4; c++) EXPECT_EQ(resp.st_addr[c][0], skew(0, c, 4));
}

TEST_F(Ast, ImplicitVertexOutOfRange_Discarded) {
  stage(SPAGM_STAGE_VSA);
  out_bmap(Map{{0x070, 0x070}});
  vertices(16);
  run("AST a[0x70], R1;");
  EXPECT_EQ(resp.st_mask[0], 0x0000FFFFu);
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(rule(0, 16), SPAGM_RULE_AST_VTX_OUT_OF_RANGE);
}

TEST_F(Ast, ImplicitVertexOutOfRange_WithTrap_FaultsLanes) {
  stage(SPAGM_STAGE_VSA);
  out_bmap(Map{{0x070, 0x070}});
  vertices(16);
  trap(true);
  run("AST a[0x70], R1;");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_VTX_OUT_OF_RANGE);
  EXPECT_EQ(resp.fault_lanes, 0xFFFF0000u);
  EXPECT_EQ(resp.st_mask[0], 0x0000FFFFu);  // the other lanes stored (N34)
}

TEST_F(Ast, SameVertexTwoLanes_HighestLaneWins) {
  stage(SPAGM_STAGE_VSA);
  out_bmap(Map{{0x070, 0x070}});
  each_lane([&](unsigned l) { req.vertex[l] = l / 2; });
  run("AST a[0x70], R1;");
  EXPECT_EQ(resp.st_mask[0], 0xAAAAAAAAu);
  EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_OUT, skew(3, 0, 1)), 0xD0000007u);
  EXPECT_EQ(rule(0, 6), SPAGM_RULE_AST_OVERWRITTEN);
  EXPECT_EQ(ex.arg[0][6][1], 7);
}

// --- patch stores -----------------------------------------------------------

class AstPatch : public Ast {
 protected:
  void SetUp() override {
    Ast::SetUp();
    stage(SPAGM_STAGE_TI);
  }
};

TEST_F(AstPatch, StoresToOutputPatchRegion_NoOmap) {
  lanes(1);
  each_lane([&](unsigned l) { req.a[0][l] = 0x40; });
  run("AST.P.64 a[R0-16], R1;");
  EXPECT_EQ(resp.st_space, SPAGM_SPACE_PATCH);
  EXPECT_EQ(resp.st_addr[0][0], 0x30u);
  EXPECT_EQ(resp.st_addr[1][0], 0x34u);
  EXPECT_EQ(word_at(SPAGM_SPACE_PATCH, 0x30), 0xD0000000u);
  EXPECT_EQ(word_at(SPAGM_SPACE_ISBE_OUT, SPAGM_ISBE_PATCH_BASE + 0x34), 0xD0000100u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_AST_PATCH_STORED);
}

TEST_F(AstPatch, SeveralLanesSameAddress_HighestLaneWins) {
  lanes((1u << 3) | (1u << 7) | (1u << 20));
  run("AST.P a[0x20], R1;");
  EXPECT_EQ(word_at(SPAGM_SPACE_PATCH, 0x20), 0xD0000014u);  // lane 20
  EXPECT_EQ(resp.st_mask[0], 1u << 20);
  EXPECT_EQ(rule(0, 3), SPAGM_RULE_AST_OVERWRITTEN);
  EXPECT_EQ(rule(0, 7), SPAGM_RULE_AST_OVERWRITTEN);
}

TEST_F(AstPatch, TessellationLods_AtFixedPlaces) {
  lanes(1);
  each_lane([&](unsigned l) {
    for (unsigned c = 0; c < 4; c++) req.d[c][l] = 0x3F800000u + c;  // left..top
  });
  run("AST.P.128 a[0x0], R4;");
  each_lane([&](unsigned l) {
    req.d[0][l] = 0x40000000u;  // interior u
    req.d[1][l] = 0x40000001u;  // interior v
  });
  run("AST.P.64 a[0x10], R4;");
  for (uint32_t a = 0; a < 0x10; a += 4)
    EXPECT_EQ(word_at(SPAGM_SPACE_PATCH, a), 0x3F800000u + a / 4);
  EXPECT_EQ(word_at(SPAGM_SPACE_PATCH, 0x10), 0x40000000u);
  EXPECT_EQ(word_at(SPAGM_SPACE_PATCH, 0x14), 0x40000001u);
}

TEST_F(AstPatch, Bounds_PastPatchSize_Discarded) {
  ASSERT_EQ(spagm_attr_set_patch_words(m, 8, nullptr), SPAGM_OK);
  lanes(3);
  req.a[0][0] = 28;
  req.a[0][1] = 32;
  run("AST.P a[R0+0], R1;");
  EXPECT_EQ(resp.st_mask[0], 1u);
  EXPECT_EQ(rule(0, 1), SPAGM_RULE_AST_PATCH_OUT_OF_BOUNDS);
}

TEST_F(AstPatch, Bounds_Negative_Discarded) {
  lanes(1);
  req.a[0][0] = 8;
  run("AST.P.64 a[R0-16], R1;");
  EXPECT_EQ(resp.st_mask[0], 0u);
  EXPECT_EQ(resp.st_mask[1], 0u);
}

TEST_F(AstPatch, PatchStoreOutsideTI_Illegal_NoSideEffect) {
  for (spagm_stage st : {SPAGM_STAGE_VSA, SPAGM_STAGE_VSB, SPAGM_STAGE_TS, SPAGM_STAGE_GS}) {
    stage(st);
    run("AST.P a[0x20], R1;");
    EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) << st;
    EXPECT_EQ(resp.st_mask[0], 0u);
    EXPECT_EQ(resp.st_space, SPAGM_SPACE_NONE);
    EXPECT_EQ(word_at(SPAGM_SPACE_PATCH, 0x20), 0u);
  }
}

// --- GS stores (R12, N26) -----------------------------------------------------

class AstGs : public Ast {
 protected:
  Map mp{{0x070, 0x07C}, {0x100, 0x104}};
  void SetUp() override {
    Ast::SetUp();
    stage(SPAGM_STAGE_GS);
    out_bmap(mp);
    ASSERT_EQ(spagm_attr_set_gs_max_vertices(m, 4, nullptr), SPAGM_OK);
  }
};

TEST_F(AstGs, StoresToLaneBufferAtIndexTimesNPlusRank) {
  each_lane([&](unsigned l) { req.c[l] = l % 4; });
  run("AST a[0x104], R1, R0;");
  EXPECT_EQ(resp.st_space, SPAGM_SPACE_GS_OUT);
  for (unsigned l = 0; l < 32; l++) {
    const uint32_t word = (l % 4) * mp.count() + mp.rank(0x104);
    const uint32_t addr = l * SPAGM_ATTR_GS_LANE_BYTES + word * 4;
    EXPECT_EQ(resp.st_addr[0][l], addr);
    EXPECT_EQ(word_at(SPAGM_SPACE_GS_OUT, addr), 0xD0000000u | l);
  }
  // A GS store does not touch the output ISBE space or its write status.
  EXPECT_FALSE(written(SPAGM_SPACE_ISBE_OUT, 0, 0x104));
}

TEST_F(AstGs, IndexAtMaxOutputVertexCount_Killed) {
  each_lane([&](unsigned l) { req.c[l] = l; });
  run("AST.64 a[0x70], R2, R0;");
  EXPECT_EQ(resp.st_mask[0], 0xFu);
  EXPECT_EQ(resp.st_mask[1], 0xFu);
  EXPECT_EQ(rule(0, 4), SPAGM_RULE_AST_GS_KILLED);
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
}

TEST_F(AstGs, OnlyRcLow16BitsAreTheIndex) {
  lanes(1);
  req.c[0] = 0xABCD0002u;
  run("AST a[0x70], R1, R0;");
  EXPECT_EQ(resp.st_mask[0], 1u);
  EXPECT_EQ(resp.st_addr[0][0], 2u * mp.count() * 4);
}

TEST_F(AstGs, Bmap0_Discarded) {
  lanes(1);
  req.c[0] = 0;
  run("AST a[0x80], R1, R0;");
  EXPECT_EQ(resp.st_mask[0], 0u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_AST_BMAP0_DISCARD);
}

TEST_F(AstGs, WordPastLaneBuffer_Discarded) {
  out_bmap(Map::all());  // N = 256: output vertex 4 starts at word 1024
  ASSERT_EQ(spagm_attr_set_gs_max_vertices(m, 8, nullptr), SPAGM_OK);
  lanes(3);
  req.c[0] = 3;
  req.c[1] = 4;
  run("AST a[0x3fc], R1, R0;");
  EXPECT_EQ(resp.st_mask[0], 1u);
  EXPECT_EQ(rule(0, 1), SPAGM_RULE_AST_GS_FULL);
}

// --- .PHYS ---------------------------------------------------------------------

TEST_F(Ast, Phys_StoresWhereImmediateWould) {
  stage(SPAGM_STAGE_VSA);
  Map mp{{0x070, 0x07C}, {0x200, 0x20C}};
  out_bmap(mp);
  lanes(1);
  req.a[0][0] = 0x208u | mp.rank(0x208) << 10;
  run("AST.PHYS a[R0], R1;");
  EXPECT_EQ(resp.st_addr[0][0], skew(0, mp.rank(0x208), mp.count()));
  EXPECT_TRUE(written(SPAGM_SPACE_ISBE_OUT, 0, 0x208));
}

TEST_F(Ast, Phys_Unmapped_Discarded) {
  stage(SPAGM_STAGE_VSA);
  out_bmap(Map{{0x070, 0x07C}});
  lanes(1);
  req.a[0][0] = 0x80000080u;
  run("AST.PHYS a[R0], R1;");
  EXPECT_EQ(resp.st_mask[0], 0u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_AST_PHYS_UNMAPPED);
}

TEST_F(Ast, Phys_VectorSize_Illegal) {
  stage(SPAGM_STAGE_VSA);
  out_bmap(Map{{0x070, 0x07C}});
  run("AST.PHYS.128 a[R0], R2;");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(resp.st_mask[0], 0u);
  EXPECT_EQ(ex.fault_rule, SPAGM_RULE_ATTR_PHYS_VECTOR_ILLEGAL);
}

// --- property: what AST stores, ALD.O reads back ---------------------------------

using Stored = std::map<std::pair<unsigned, uint32_t>, uint32_t>;

// A random VSA or TS with random OMAP and next IMAP and vertex count; *bmap
// is the output BMAP they give (OMAP & IMAP(next)), computed independently.
void RandomOutputs(std::mt19937 &rng, spagm_model *m, Map *bmap, unsigned *nvert) {
  ASSERT_EQ(spagm_attr_set_stage(m, rng() % 2 ? SPAGM_STAGE_VSA : SPAGM_STAGE_TS, nullptr),
            SPAGM_OK);
  Map omap, inext;
  for (unsigned a = 0; a < 256; a++) {
    if (rng() % 3 == 0) omap.add(a * 4, a * 4);
    if (rng() % 2 == 0) inext.add(a * 4, a * 4);
  }
  ASSERT_EQ(spagm_attr_set_map(m, SPAGM_MAP_OMAP, omap.bits, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_attr_set_map(m, SPAGM_MAP_IMAP_NEXT, inext.bits, nullptr), SPAGM_OK);
  *nvert = 1 + rng() % 96;
  ASSERT_EQ(spagm_attr_set_vertex_count(m, *nvert, nullptr), SPAGM_OK);
  for (unsigned w = 0; w < 8; w++) bmap->bits[w] = omap.bits[w] & inext.bits[w];
}

// Twenty random AST warps; *stored is what each (vertex, address) should
// hold afterwards.
void RandomStores(std::mt19937 &rng, spagm_model *m, const Map &bmap, unsigned nvert,
                  Stored *stored) {
  spagm_request req;
  spagm_response resp;
  for (unsigned t = 0; t < 20; t++) {
    spagm_request_init(&req);
    req.lane_mask = (uint32_t)rng();
    for (unsigned l = 0; l < 32; l++) {
      req.vertex[l] = rng() % nvert;
      for (unsigned c = 0; c < 4; c++) req.d[c][l] = (uint32_t)rng();
    }
    spagm_insn i;
    spagm_insn_init(&i, SPAGM_OP_AST);
    i.rb = 8;
    i.asize = (spagm_asize)(rng() % 4);
    i.imm = (int32_t)(rng() % 256) * 4;
    ASSERT_EQ(spagm_execute_insn(m, &i, &req, &resp, nullptr), SPAGM_OK);
    const uint32_t drop = i.asize == 0 ? 3 : i.asize == 1 ? 7 : 15;
    const uint32_t base = (uint32_t)i.imm & ~drop;
    for (unsigned l = 0; l < 32; l++) {  // lanes in order: highest wins
      if (!(req.lane_mask >> l & 1u)) continue;
      for (unsigned c = 0; c <= (unsigned)i.asize; c++) {
        const uint32_t a = base + 4 * c;
        if (a < 1024 && bmap.has(a)) (*stored)[{req.vertex[l], a}] = req.d[c][l];
      }
    }
  }
}

// Read every (vertex, address) back through ALD.O on the lanes' vertex.
void ExpectAldOReadsBack(std::mt19937 &rng, spagm_model *m, const Map &bmap, unsigned nvert,
                         const Stored &stored, uint32_t seed) {
  spagm_request req;
  spagm_response resp;
  for (unsigned v = 0; v < nvert; v++) {
    for (uint32_t a = 0; a < 1024; a += 4 * (1 + rng() % 8)) {
      spagm_request_init(&req);
      req.lane_mask = 1;
      req.vertex[0] = v;     // VS: implicit vertex
      req.b[0][0] = v;       // TS: vertex handle Rb
      req.primitive[0] = v;  // PRIMITIVE_ID goes through this handle (N27)
      spagm_insn i;
      spagm_insn_init(&i, SPAGM_OP_ALD);
      i.rd = 0;
      i.out = true;
      i.imm = (int32_t)a;
      spagm_stage st;
      spagm_attr_get_stage(m, &st, nullptr);
      if (st != SPAGM_STAGE_VSA) i.rb = 1;
      ASSERT_EQ(spagm_execute_insn(m, &i, &req, &resp, nullptr), SPAGM_OK);
      auto it = stored.find({v, a});
      if (!bmap.has(a)) {
        EXPECT_EQ(resp.wb_value[0][0], r3_default(a)) << seed;
        EXPECT_EQ(resp.wb_dontcare[0][0], 0u);
      } else if (it != stored.end()) {
        EXPECT_EQ(resp.wb_value[0][0], it->second) << "seed " << seed << " v " << v << " a " << a;
        EXPECT_EQ(resp.wb_dontcare[0][0], 0u);
      } else {
        EXPECT_EQ(resp.wb_dontcare[0][0], 0xFFFFFFFFu) << seed;  // never written: garbage
      }
    }
  }
}

TEST(AstProperty, StoreThenAldO_ReadsLastStoredValue_ManySeeds) {
  for (uint32_t seed = 1; seed <= 200; seed++) {
    std::mt19937 rng(seed);
    spagm_model *m = spagm_model_new();
    ASSERT_NE(m, nullptr);
    Map bmap;
    unsigned nvert = 0;
    ASSERT_NO_FATAL_FAILURE(RandomOutputs(rng, m, &bmap, &nvert));
    Stored stored;
    ASSERT_NO_FATAL_FAILURE(RandomStores(rng, m, bmap, nvert, &stored));
    ASSERT_NO_FATAL_FAILURE(ExpectAldOReadsBack(rng, m, bmap, nvert, stored, seed));
    spagm_model_free(m);
  }
}

}  // namespace
