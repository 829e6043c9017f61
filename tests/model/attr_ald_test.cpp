// SPDX-License-Identifier: Apache-2.0
// ALD (ALD.txt): the .I and .O BMAP tables row by row, R3 defaults, R2
// garbage and HW-generated values, R4 bounds, R10 alignment, vertex handles
// (R8, R9, N25, N27), .P patch loads and .PHYS (R6, R7, N31).
#include <gtest/gtest.h>

#include "attr_harness.h"

namespace {

using attrtest::AttrFixture;
using attrtest::Map;
using attrtest::r3_default;
using attrtest::skew;

class Ald : public AttrFixture {
 protected:
  void SetUp() override {
    AttrFixture::SetUp();
    vertex_is_lane();
  }
};

// --- .I table --------------------------------------------------------------

TEST_F(Ald, I_Bmap0_ReturnsDefault_Table) {
  stage(SPAGM_STAGE_VSA);
  map(SPAGM_MAP_IMAP, Map{{0x070, 0x07C}});  // previous OMAP empty -> BMAP 0
  run("ALD.128 R4, a[0x70];");
  for (unsigned l = 0; l < 32; l++) {
    EXPECT_EQ(resp.wb_value[0][l], 0u);
    EXPECT_EQ(resp.wb_value[3][l], 0x3F800000u);  // POSITION_W
    EXPECT_EQ(resp.wb_dontcare[3][l], 0u);
    EXPECT_EQ(rule(3, l), SPAGM_RULE_ALD_I_BMAP0_DEFAULT);
  }
}

TEST_F(Ald, I_Bmap0_WriteStatusIgnored_StillDefault) {
  stage(SPAGM_STAGE_VSA);
  map(SPAGM_MAP_OMAP_PREV, Map{{0x070, 0x07C}});  // IMAP empty -> BMAP 0
  for (unsigned v = 0; v < 32; v++)
    ASSERT_EQ(spagm_attr_set_written(m, SPAGM_SPACE_ISBE_IN, v, 0x7C, true, nullptr), SPAGM_OK);
  run("ALD R4, a[0x7c];");
  EXPECT_EQ(resp.wb_value[0][9], 0x3F800000u);
  EXPECT_EQ(rule(0, 9), SPAGM_RULE_ALD_I_BMAP0_DEFAULT);
}

TEST_F(Ald, I_Bmap1_Written0_ReturnsIsbeLeftoverAsDontCare) {
  stage(SPAGM_STAGE_VSA);
  Map mp{{0x080, 0x08C}};
  in_bmap(mp);
  put(SPAGM_SPACE_ISBE_IN, 5, 0x084, 0xDEADBEEF, /*written=*/false);
  run("ALD R0, a[0x84];");
  EXPECT_EQ(resp.wb_value[0][5], 0xDEADBEEFu);  // the physical word as it is
  EXPECT_EQ(resp.wb_dontcare[0][5], 0xFFFFFFFFu);
  EXPECT_EQ(rule(0, 5), SPAGM_RULE_ALD_I_GARBAGE);
}

TEST_F(Ald, I_Bmap1_Written1_ReturnsPreviousStageOutput) {
  stage(SPAGM_STAGE_VSB);
  in_bmap(Map{{0x080, 0x08C}});
  for (unsigned v = 0; v < 32; v++) put(SPAGM_SPACE_ISBE_IN, v, 0x088, 0x1000 + v);
  run("ALD R0, a[0x88];");
  for (unsigned l = 0; l < 32; l++) {
    EXPECT_EQ(resp.wb_value[0][l], 0x1000u + l);
    EXPECT_EQ(resp.wb_dontcare[0][l], 0u);
    EXPECT_EQ(rule(0, l), SPAGM_RULE_ALD_I_PREV_OUTPUT);
  }
}

struct HwCase {
  spagm_attr_hw kind;
  uint32_t addr;
};

TEST_F(Ald, I_Bmap1_Written0_HwAttributes_ReturnHwValue) {
  const HwCase cases[] = {{SPAGM_HW_TESS_COORD_U, 0x2F0}, {SPAGM_HW_TESS_COORD_V, 0x2F4},
                          {SPAGM_HW_INSTANCE_ID, 0x2F8},  {SPAGM_HW_VERTEX_ID, 0x2FC},
                          {SPAGM_HW_FRONT_FACE, 0x3FC}};
  stage(SPAGM_STAGE_VSA);
  in_bmap(Map{{0x2F0, 0x2FC}, {0x3FC, 0x3FC}});
  for (const HwCase &c : cases) {
    for (unsigned v = 0; v < 32; v++) {
      ASSERT_EQ(spagm_attr_set_hw(m, c.kind, v, 0x500 + v * 3 + c.kind, nullptr), SPAGM_OK);
      put(SPAGM_SPACE_ISBE_IN, v, c.addr, 0xBAD, /*written=*/false);
    }
    char text[64];
    snprintf(text, sizeof text, "ALD R1, a[0x%x];", c.addr);
    run(text);
    for (unsigned l = 0; l < 32; l++) {
      EXPECT_EQ(resp.wb_value[0][l], 0x500u + l * 3 + c.kind) << c.addr;
      EXPECT_EQ(resp.wb_dontcare[0][l], 0u);
      EXPECT_EQ(rule(0, l), SPAGM_RULE_ALD_I_HW);
    }
  }
}

TEST_F(Ald, I_Bmap1_Written1_HwAddress_ReturnsPreviousOutputNotHw) {
  stage(SPAGM_STAGE_VSA);
  in_bmap(Map{{0x2FC, 0x2FC}});
  ASSERT_EQ(spagm_attr_set_hw(m, SPAGM_HW_VERTEX_ID, 3, 77, nullptr), SPAGM_OK);
  put(SPAGM_SPACE_ISBE_IN, 3, 0x2FC, 0x4242, /*written=*/true);
  run("ALD R1, a[0x2fc];");
  EXPECT_EQ(resp.wb_value[0][3], 0x4242u);
  EXPECT_EQ(rule(0, 3), SPAGM_RULE_ALD_I_PREV_OUTPUT);
}

TEST_F(Ald, I_Bmap0_HwAddress_ReturnsDefaultNotHw) {
  stage(SPAGM_STAGE_VSA);
  ASSERT_EQ(spagm_attr_set_hw(m, SPAGM_HW_INSTANCE_ID, 0, 99, nullptr), SPAGM_OK);
  run("ALD R1, a[0x2f8];");
  EXPECT_EQ(resp.wb_value[0][0], 0u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ALD_I_BMAP0_DEFAULT);
}

TEST_F(Ald, PrimitiveId_UsesPrimitiveHandleNotRb) {
  stage(SPAGM_STAGE_GS);
  in_bmap(Map{{0x060, 0x060}, {0x070, 0x070}});
  vertices(16);
  put(SPAGM_SPACE_ISBE_IN, 2, 0x060, 0x2222);  // entry of primitive handle 2
  put(SPAGM_SPACE_ISBE_IN, 5, 0x060, 0x5555);  // entry of vertex handle 5
  put(SPAGM_SPACE_ISBE_IN, 5, 0x070, 0x7070);
  each_lane([&](unsigned l) {
    req.b[0][l] = 5;
    req.primitive[l] = 2;
  });
  run("ALD R0, a[0x60], R7;");
  EXPECT_EQ(resp.wb_value[0][0], 0x2222u);
  run("ALD R0, a[0x70], R7;");
  EXPECT_EQ(resp.wb_value[0][0], 0x7070u);
}

TEST_F(Ald, PrimitiveId_Written0_ReturnsPerPrimitiveHwValue) {
  stage(SPAGM_STAGE_GS);
  in_bmap(Map{{0x060, 0x060}});
  ASSERT_EQ(spagm_attr_set_hw(m, SPAGM_HW_PRIMITIVE_ID, 4, 1234, nullptr), SPAGM_OK);
  each_lane([&](unsigned l) {
    req.b[0][l] = 0;
    req.primitive[l] = 4;
  });
  run("ALD R0, a[0x60], R1;");
  EXPECT_EQ(resp.wb_value[0][17], 1234u);
  EXPECT_EQ(rule(0, 17), SPAGM_RULE_ALD_I_HW);
}

// --- .O table --------------------------------------------------------------

TEST_F(Ald, O_Bmap0_ReturnsDefault_Table) {
  stage(SPAGM_STAGE_VSA);
  map(SPAGM_MAP_OMAP, Map{{0x080, 0x08C}});  // next IMAP empty, no ST_REQ
  run("ALD.O.128 R8, a[0x80];");
  EXPECT_EQ(resp.wb_value[0][0], 0u);
  EXPECT_EQ(resp.wb_value[3][0], 0x3F800000u);  // GENERIC0.w
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ALD_O_BMAP0_DEFAULT);
}

TEST_F(Ald, O_Bmap1_Written0_Garbage_EvenAtHwAddress) {
  stage(SPAGM_STAGE_VSA);
  out_bmap(Map{{0x2FC, 0x2FC}});
  ASSERT_EQ(spagm_attr_set_hw(m, SPAGM_HW_VERTEX_ID, 1, 5, nullptr), SPAGM_OK);
  put(SPAGM_SPACE_ISBE_OUT, 1, 0x2FC, 0xCAFE, /*written=*/false);
  run("ALD.O R2, a[0x2fc];");
  EXPECT_EQ(resp.wb_value[0][1], 0xCAFEu);
  EXPECT_EQ(resp.wb_dontcare[0][1], 0xFFFFFFFFu);
  EXPECT_EQ(rule(0, 1), SPAGM_RULE_ALD_O_GARBAGE);
}

TEST_F(Ald, O_Bmap1_Written1_ReturnsCurrentStageOutput) {
  stage(SPAGM_STAGE_TS);
  out_bmap(Map{{0x070, 0x07C}});
  put(SPAGM_SPACE_ISBE_OUT, 6, 0x074, 0x600D);
  each_lane([&](unsigned l) { req.b[0][l] = 6; });
  run("ALD.O R2, a[0x74], R3;");
  EXPECT_EQ(resp.wb_value[0][0], 0x600Du);
  EXPECT_EQ(resp.wb_dontcare[0][0], 0u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ALD_O_CUR_OUTPUT);
}

TEST_F(Ald, O_StoreRequestRange_MakesOutputBmap1) {
  stage(SPAGM_STAGE_VSA);
  map(SPAGM_MAP_OMAP, Map{{0x080, 0x08C}});
  ASSERT_EQ(spagm_attr_set_store_req(m, 0x80 / 4, 0x84 / 4, nullptr), SPAGM_OK);
  put(SPAGM_SPACE_ISBE_OUT, 0, 0x084, 0x84);
  run("ALD.O.128 R8, a[0x80];");
  EXPECT_EQ(rule(1, 0), SPAGM_RULE_ALD_O_CUR_OUTPUT);       // 0x84 in ST_REQ
  EXPECT_EQ(rule(2, 0), SPAGM_RULE_ALD_O_BMAP0_DEFAULT);    // 0x88 not
  EXPECT_EQ(resp.wb_value[1][0], 0x84u);
}

// --- defaults (R3) ---------------------------------------------------------

TEST_F(Ald, DefaultTable_EveryAddress_MatchesR3) {
  stage(SPAGM_STAGE_VSA);
  lanes(1);
  for (uint32_t a = 0; a < 1024; a += 4) {
    char text[64];
    snprintf(text, sizeof text, "ALD R0, a[%u];", a);
    run(text);
    EXPECT_EQ(resp.wb_value[0][0], r3_default(a)) << std::hex << a;
  }
}

TEST_F(Ald, Default_PositionW_IsOne) {
  stage(SPAGM_STAGE_VSA);
  run("ALD R0, a[0x7c];");
  EXPECT_EQ(resp.wb_value[0][0], 0x3F800000u);
}

TEST_F(Ald, Default_EveryGenericW_IsOne_XYZ_Zero) {
  stage(SPAGM_STAGE_VSA);
  for (unsigned n = 0; n < 32; n++) {
    char text[64];
    snprintf(text, sizeof text, "ALD.128 R0, a[%u];", 0x80 + 16 * n);
    run(text);
    EXPECT_EQ(resp.wb_value[0][0], 0u);
    EXPECT_EQ(resp.wb_value[1][0], 0u);
    EXPECT_EQ(resp.wb_value[2][0], 0u);
    EXPECT_EQ(resp.wb_value[3][0], 0x3F800000u) << n;
  }
}

TEST_F(Ald, Default_ColourAlphas_AreOne) {
  stage(SPAGM_STAGE_VSA);
  for (uint32_t a : {0x28Cu, 0x29Cu, 0x2ACu, 0x2BCu}) {
    char text[64];
    snprintf(text, sizeof text, "ALD R0, a[%u];", a);
    run(text);
    EXPECT_EQ(resp.wb_value[0][0], 0x3F800000u) << std::hex << a;
  }
  run("ALD R0, a[0x288];");  // blue of front diffuse
  EXPECT_EQ(resp.wb_value[0][0], 0u);
}

TEST_F(Ald, Default_TexCoordQ_IsOne) {
  stage(SPAGM_STAGE_VSA);
  for (unsigned n = 0; n < 10; n++) {
    char text[64];
    snprintf(text, sizeof text, "ALD.128 R0, a[%u];", 0x300 + 16 * n);
    run(text);
    EXPECT_EQ(resp.wb_value[2][0], 0u);
    EXPECT_EQ(resp.wb_value[3][0], 0x3F800000u) << n;
  }
}

TEST_F(Ald, Default_SystemValues_AreZero) {
  stage(SPAGM_STAGE_VSA);
  for (uint32_t a : {0x060u, 0x06Cu, 0x070u, 0x2C0u, 0x2FCu, 0x3FCu}) {
    char text[64];
    snprintf(text, sizeof text, "ALD R0, a[%u];", a);
    run(text);
    EXPECT_EQ(resp.wb_value[0][0], 0u) << std::hex << a;
  }
}

TEST_F(Ald, DefaultTable_IsModelState_SetterChangesResult) {
  stage(SPAGM_STAGE_VSA);
  ASSERT_EQ(spagm_attr_set_default(m, 0x07C, 0x40000000u, nullptr), SPAGM_OK);
  run("ALD R0, a[0x7c];");
  EXPECT_EQ(resp.wb_value[0][0], 0x40000000u);
}

TEST_F(Ald, Vector_EachComponentEvaluatedOnItsOwn) {
  stage(SPAGM_STAGE_VSA);
  in_bmap(Map{{0x080, 0x080}, {0x088, 0x088}});  // .x and .z of GENERIC0
  put(SPAGM_SPACE_ISBE_IN, 0, 0x080, 11);
  put(SPAGM_SPACE_ISBE_IN, 0, 0x088, 33);
  lanes(1);
  run("ALD.128 R0, a[0x80];");
  EXPECT_EQ(resp.wb_value[0][0], 11u);
  EXPECT_EQ(resp.wb_value[1][0], 0u);
  EXPECT_EQ(resp.wb_value[2][0], 33u);
  EXPECT_EQ(resp.wb_value[3][0], 0x3F800000u);
  EXPECT_EQ(rule(1, 0), SPAGM_RULE_ALD_I_BMAP0_DEFAULT);
  EXPECT_EQ(rule(2, 0), SPAGM_RULE_ALD_I_PREV_OUTPUT);
}

// --- bounds (R4) -------------------------------------------------------------

// Hand-built immediates outside 0..1023 (the word cannot hold them) read 0.
TEST_F(Ald, Bounds_EachSize_At1020And1024) {
  stage(SPAGM_STAGE_VSA);
  ASSERT_EQ(spagm_attr_set_default(m, 0x3FC, 0x77, nullptr), SPAGM_OK);
  lanes(1);
  for (int sz = 0; sz < 4; sz++) {
    spagm_insn i;
    spagm_insn_init(&i, SPAGM_OP_ALD);
    i.rd = 0;
    i.asize = (spagm_asize)sz;
    i.imm = 1020;  // aligned down per size, always inside
    exec_insn(i);
    const uint32_t base = 1020u & ~(sz == 0 ? 3u : sz == 1 ? 7u : 15u);
    for (int c = 0; c <= sz; c++)
      EXPECT_EQ(resp.wb_value[c][0], base + 4u * c == 0x3FC ? 0x77u : r3_default(base + 4u * c));
    i.imm = 1024;  // first address past the space: every component reads 0
    exec_insn(i);
    for (int c = 0; c <= sz; c++) {
      EXPECT_EQ(resp.wb_value[c][0], 0u);
      EXPECT_EQ(rule(c, 0), SPAGM_RULE_ALD_OUT_OF_BOUNDS);
    }
  }
}

TEST_F(Ald, Bounds_NegativeAddress_ReadsZeroNotDefault) {
  stage(SPAGM_STAGE_VSA);
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_ALD);
  i.rd = 0;
  i.imm = -4;
  lanes(1);
  exec_insn(i);
  EXPECT_EQ(resp.wb_value[0][0], 0u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ALD_OUT_OF_BOUNDS);
}

class AldPatch : public Ald {
 protected:
  void SetUp() override {
    Ald::SetUp();
    stage(SPAGM_STAGE_TS);
    for (uint32_t a = 0; a < SPAGM_ISBE_PATCH_SIZE; a += 4)
      poke(SPAGM_SPACE_ISBE_IN, SPAGM_ISBE_PATCH_BASE + a, 0xA0000 + a);
    lanes(1);
  }
  void at(int32_t addr, const char *text) {
    req.a[0][0] = (uint32_t)addr;
    run(text);
  }
};

TEST_F(AldPatch, Bounds_EachSize_AtEndAndPastEnd) {
  ASSERT_EQ(spagm_attr_set_patch_words(m, 8, nullptr), SPAGM_OK);  // 32 bytes
  at(28, "ALD.P R0, a[R1+0], R2;");
  EXPECT_EQ(resp.wb_value[0][0], 0xA0000u + 28);
  at(32, "ALD.P R0, a[R1+0], R2;");
  EXPECT_EQ(resp.wb_value[0][0], 0u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ALD_PATCH_OUT_OF_BOUNDS);
  at(24, "ALD.P.64 R0, a[R1+0], R2;");
  EXPECT_EQ(resp.wb_value[1][0], 0xA0000u + 28);
  at(32, "ALD.P.64 R0, a[R1+0], R2;");
  EXPECT_EQ(resp.wb_value[0][0], 0u);
  EXPECT_EQ(resp.wb_value[1][0], 0u);
  at(16, "ALD.P.96 R0, a[R1+0], R2;");
  EXPECT_EQ(resp.wb_value[2][0], 0xA0000u + 24);
  at(16, "ALD.P.128 R0, a[R1+0], R2;");
  EXPECT_EQ(resp.wb_value[3][0], 0xA0000u + 28);
  at(32, "ALD.P.128 R0, a[R1+0], R2;");
  for (int c = 0; c < 4; c++) EXPECT_EQ(resp.wb_value[c][0], 0u);
}

TEST_F(AldPatch, Bounds_BelowZero_ReadsZero) {
  at(0, "ALD.P R0, a[R1-4], R2;");
  EXPECT_EQ(resp.wb_value[0][0], 0u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ALD_PATCH_OUT_OF_BOUNDS);
  at(-16, "ALD.P.128 R0, a[R1+0], R2;");
  for (int c = 0; c < 4; c++) EXPECT_EQ(resp.wb_value[c][0], 0u);
}

TEST_F(AldPatch, Bounds_128Words_LastWordIn_NextOut) {
  ASSERT_EQ(spagm_attr_set_patch_words(m, 128, nullptr), SPAGM_OK);
  at(508, "ALD.P R0, a[R1+0], R2;");
  EXPECT_EQ(resp.wb_value[0][0], 0xA0000u + 508);
  at(512, "ALD.P R0, a[R1+0], R2;");
  EXPECT_EQ(resp.wb_value[0][0], 0u);
}

TEST_F(AldPatch, NoBmapNoDefault_RbIgnored) {
  // Maps are all empty: a vertex load would default, a patch load reads.
  req.b[0][0] = 9999;  // out-of-range handle, ignored by .P
  trap(true);
  at(0, "ALD.P.128 R4, a[R1+0], R2;");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.wb_value[3][0], 0xA0000u + 12);  // no 1.0 default for .w
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ALD_PATCH);
}

TEST_F(AldPatch, OutputPatch_ReadInTI) {
  stage(SPAGM_STAGE_TI);
  poke(SPAGM_SPACE_PATCH, 0x10, 0x1010);
  at(0, "ALD.O.P R0, a[0x10], R2;");
  EXPECT_EQ(resp.wb_value[0][0], 0x1010u);
}

// --- alignment (R10) -------------------------------------------------------

TEST_F(Ald, Align32_DropsTwoAddressBits) {
  stage(SPAGM_STAGE_VSA);
  in_bmap(Map{{0x070, 0x07C}});
  put(SPAGM_SPACE_ISBE_IN, 0, 0x070, 0x70);
  lanes(1);
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_ALD);
  i.rd = 3;
  i.imm = 0x73;
  exec_insn(i);
  EXPECT_EQ(resp.wb_reg[0], 3u);
  EXPECT_EQ(resp.wb_value[0][0], 0x70u);
}

TEST_F(Ald, Align64_DropsRdBit0AndThreeAddressBits) {
  stage(SPAGM_STAGE_VSA);
  in_bmap(Map{{0x070, 0x07C}});
  put(SPAGM_SPACE_ISBE_IN, 0, 0x078, 0x78);
  put(SPAGM_SPACE_ISBE_IN, 0, 0x07C, 0x7C);
  lanes(1);
  run("ALD.64 R5, a[0x7c];");
  EXPECT_EQ(resp.wb_reg[0], 4u);
  EXPECT_EQ(resp.wb_reg[1], 5u);
  EXPECT_EQ(resp.wb_reg[2], SPAGM_RZ);
  EXPECT_EQ(resp.wb_value[0][0], 0x78u);
  EXPECT_EQ(resp.wb_value[1][0], 0x7Cu);
}

TEST_F(Ald, Align96_DropsRdBits10AndFourAddressBits) {
  stage(SPAGM_STAGE_VSA);
  in_bmap(Map{{0x070, 0x07C}});
  for (uint32_t a = 0x70; a <= 0x7C; a += 4) put(SPAGM_SPACE_ISBE_IN, 0, a, a);
  lanes(1);
  run("ALD.96 R6, a[0x78];");
  EXPECT_EQ(resp.wb_reg[0], 4u);
  EXPECT_EQ(resp.wb_reg[2], 6u);
  EXPECT_EQ(resp.wb_reg[3], SPAGM_RZ);
  EXPECT_EQ(resp.wb_value[0][0], 0x70u);
  EXPECT_EQ(resp.wb_value[2][0], 0x78u);
}

TEST_F(Ald, Align128_DropsRdBits10AndFourAddressBits) {
  stage(SPAGM_STAGE_VSA);
  in_bmap(Map{{0x070, 0x07C}});
  for (uint32_t a = 0x70; a <= 0x7C; a += 4) put(SPAGM_SPACE_ISBE_IN, 0, a, a);
  lanes(1);
  run("ALD.128 R7, a[0x74];");
  for (unsigned c = 0; c < 4; c++) {
    EXPECT_EQ(resp.wb_reg[c], 4u + c);
    EXPECT_EQ(resp.wb_value[c][0], 0x70u + 4 * c);
  }
}

TEST_F(Ald, RdRZ_WritesNothing) {
  stage(SPAGM_STAGE_VSA);
  run("ALD.128 RZ, a[0x70];");
  for (unsigned c = 0; c < 4; c++) {
    EXPECT_EQ(resp.wb_reg[c], SPAGM_RZ);
    EXPECT_EQ(resp.wb_valid[c], 0u);
  }
}

TEST_F(Ald, SlotsPastR254_AreDropped) {
  stage(SPAGM_STAGE_VSA);
  run("ALD.64 R254, a[0x70];");
  EXPECT_EQ(resp.wb_reg[0], 254u);
  EXPECT_EQ(resp.wb_reg[1], SPAGM_RZ);
  EXPECT_EQ(resp.wb_valid[1], 0u);
}

TEST_F(Ald, InactiveLanes_NotWritten) {
  stage(SPAGM_STAGE_VSA);
  lanes(0x0000F00Fu);
  run("ALD.64 R2, a[0x78];");
  EXPECT_EQ(resp.wb_valid[0], 0x0000F00Fu);
  EXPECT_EQ(resp.wb_valid[1], 0x0000F00Fu);
  EXPECT_EQ(resp.wb_value[1][4], 0u);
  EXPECT_EQ(rule(0, 4), SPAGM_RULE_LANE_INACTIVE);
}

// --- vertex handles (R8, R9, N25) ------------------------------------------

TEST_F(Ald, VertexStage_UsesImplicitVertex) {
  stage(SPAGM_STAGE_VSB);
  in_bmap(Map{{0x080, 0x080}});
  for (unsigned v = 0; v < 32; v++) put(SPAGM_SPACE_ISBE_IN, v, 0x80, 100 + v);
  each_lane([&](unsigned l) { req.vertex[l] = 31 - l; });
  run("ALD R0, a[0x80];");
  for (unsigned l = 0; l < 32; l++) EXPECT_EQ(resp.wb_value[0][l], 100u + 31 - l);
}

TEST_F(Ald, GeometryStage_UsesRbHandle) {
  stage(SPAGM_STAGE_GS);
  vertices(64);
  in_bmap(Map{{0x080, 0x080}});
  for (unsigned v = 0; v < 64; v++) put(SPAGM_SPACE_ISBE_IN, v, 0x80, 100 + v);
  each_lane([&](unsigned l) { req.b[0][l] = 2 * l; });
  run("ALD R0, a[0x80], R9;");
  for (unsigned l = 0; l < 32; l++) EXPECT_EQ(resp.wb_value[0][l], 100u + 2 * l);
}

TEST_F(Ald, TessStages_UseRbHandle) {
  for (spagm_stage st : {SPAGM_STAGE_TI, SPAGM_STAGE_TS}) {
    stage(st);
    in_bmap(Map{{0x080, 0x080}});
    put(SPAGM_SPACE_ISBE_IN, 7, 0x80, 0x77);
    each_lane([&](unsigned l) { req.b[0][l] = 7; });
    run("ALD R0, a[0x80], R9;");
    EXPECT_EQ(resp.wb_value[0][12], 0x77u) << st;
  }
}

TEST_F(Ald, GsRbRZ_UsesHandleZero) {
  stage(SPAGM_STAGE_GS);
  in_bmap(Map{{0x080, 0x080}});
  put(SPAGM_SPACE_ISBE_IN, 0, 0x80, 0xF00);
  each_lane([&](unsigned l) { req.b[0][l] = 5; });  // ignored: Rb is RZ
  run("ALD R0, a[0x80];");
  EXPECT_EQ(resp.wb_value[0][3], 0xF00u);
}

TEST_F(Ald, HandleAtVertexCount_ReadsZero_NoTrap) {
  stage(SPAGM_STAGE_GS);
  vertices(8);
  in_bmap(Map{{0x080, 0x080}});
  for (unsigned v = 0; v < 8; v++) put(SPAGM_SPACE_ISBE_IN, v, 0x80, 0x100 + v);
  each_lane([&](unsigned l) { req.b[0][l] = l; });
  run("ALD R0, a[0x80], R1;");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.wb_value[0][7], 0x107u);
  EXPECT_EQ(resp.wb_value[0][8], 0u);
  EXPECT_EQ(resp.wb_valid[0], 0xFFFFFFFFu);
  EXPECT_EQ(rule(0, 8), SPAGM_RULE_ALD_VTX_OUT_OF_RANGE);
}

TEST_F(Ald, HandleOutOfRange_WithTrap_FaultsThoseLanesOnly) {
  stage(SPAGM_STAGE_GS);
  vertices(8);
  trap(true);
  in_bmap(Map{{0x080, 0x080}});
  put(SPAGM_SPACE_ISBE_IN, 1, 0x80, 0x111);
  each_lane([&](unsigned l) { req.b[0][l] = (l % 4 == 0) ? 100 + l : 1; });
  run("ALD R0, a[0x80], R1;");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_VTX_OUT_OF_RANGE);
  EXPECT_EQ(resp.fault_lanes, 0x11111111u);
  EXPECT_EQ(resp.wb_value[0][0], 0u);
  EXPECT_EQ(resp.wb_value[0][1], 0x111u);  // other lanes still load (N34)
  EXPECT_EQ(ex.fault_rule, SPAGM_RULE_VTX_TRAP);
}

TEST_F(Ald, HandleInRange_WithTrap_NoFault) {
  stage(SPAGM_STAGE_GS);
  vertices(32);
  trap(true);
  each_lane([&](unsigned l) { req.b[0][l] = l; });
  run("ALD R0, a[0x80], R1;");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.fault_lanes, 0u);
}

TEST_F(Ald, ImplicitVertexOutOfRange_WithTrap_Faults) {
  stage(SPAGM_STAGE_VSA);
  vertices(4);
  trap(true);
  run("ALD R0, a[0x80];");  // implicit vertex = lane
  EXPECT_EQ(resp.fault, SPAGM_FAULT_VTX_OUT_OF_RANGE);
  EXPECT_EQ(resp.fault_lanes, 0xFFFFFFF0u);
}

TEST_F(Ald, PrimitiveHandleOutOfRange_Traps) {
  stage(SPAGM_STAGE_GS);
  vertices(4);
  trap(true);
  each_lane([&](unsigned l) {
    req.b[0][l] = 0;
    req.primitive[l] = l == 2 ? 50 : 0;
  });
  run("ALD R0, a[0x60], R1;");
  EXPECT_EQ(resp.fault_lanes, 0x4u);
  EXPECT_EQ(rule(0, 2), SPAGM_RULE_ALD_PRIM_OUT_OF_RANGE);
}

// --- .PHYS (R6, R7, N31) ---------------------------------------------------

TEST_F(Ald, Phys_ReadsTheRankTheAl2pResultNames) {
  stage(SPAGM_STAGE_GS);
  Map mp{{0x070, 0x07C}, {0x100, 0x10C}};
  in_bmap(mp);
  put(SPAGM_SPACE_ISBE_IN, 3, 0x104, 0x104104);
  each_lane([&](unsigned l) {
    req.a[0][l] = 0x104u | mp.rank(0x104) << 10;  // al2pResult_vtg_t
    req.b[0][l] = 3;
  });
  run("ALD.PHYS R2, a[R0], R1;");
  EXPECT_EQ(resp.wb_value[0][0], 0x104104u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ALD_I_PREV_OUTPUT);
}

TEST_F(Ald, Phys_Unmapped_ReturnsDefaultOfLogicalAddress) {
  stage(SPAGM_STAGE_GS);
  each_lane([&](unsigned l) { req.a[0][l] = 0x8000007Cu; });
  run("ALD.PHYS R2, a[R0], R1;");
  EXPECT_EQ(resp.wb_value[0][0], 0x3F800000u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_ALD_PHYS_UNMAPPED);
}

TEST_F(Ald, Phys_UnmappedWithOutOfRangeHandle_ReadsZeroAndTraps) {
  stage(SPAGM_STAGE_GS);
  vertices(4);
  trap(true);
  each_lane([&](unsigned l) {
    req.a[0][l] = 0x8000007Cu;
    req.b[0][l] = l;
  });
  run("ALD.PHYS R2, a[R0], R1;");
  EXPECT_EQ(resp.wb_value[0][3], 0x3F800000u);
  EXPECT_EQ(resp.wb_value[0][4], 0u);
  EXPECT_EQ(resp.fault_lanes, 0xFFFFFFF0u);
}

TEST_F(Ald, Phys_RankBeyondBmap_IsUnmapped) {
  stage(SPAGM_STAGE_GS);
  in_bmap(Map{{0x070, 0x07C}});  // 4 attributes: ranks 0..3
  each_lane([&](unsigned l) { req.a[0][l] = 0x08Cu | 4u << 10; });
  run("ALD.PHYS R2, a[R0], R1;");
  EXPECT_EQ(resp.wb_value[0][0], 0x3F800000u);  // default of 0x08C (GENERIC0.w)
}

TEST_F(Ald, Phys_VectorSize_IsIllegal) {
  stage(SPAGM_STAGE_GS);
  in_bmap(Map{{0x070, 0x07C}});
  run("ALD.I.PHYS.64 R2, a[R0], R1;");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(resp.fault_lanes, 0xFFFFFFFFu);
  EXPECT_EQ(resp.wb_valid[0], 0u);
  EXPECT_EQ(ex.fault_rule, SPAGM_RULE_ATTR_PHYS_VECTOR_ILLEGAL);
}

// --- fast path ------------------------------------------------------------

TEST_F(Ald, WithoutExplanation_SameResponse) {
  stage(SPAGM_STAGE_GS);
  vertices(40);
  trap(true);
  in_bmap(Map{{0x060, 0x090}});
  for (unsigned v = 0; v < 40; v++) put(SPAGM_SPACE_ISBE_IN, v, 0x84, v * 7, v % 3 != 0);
  each_lane([&](unsigned l) {
    req.b[0][l] = l * 3 % 45;
    req.primitive[l] = l;
  });
  run("ALD.128 R0, a[0x80], R1;");
  spagm_response fast;
  ASSERT_EQ(spagm_execute(m, &req, &fast), SPAGM_OK);
  EXPECT_EQ(std::memcmp(&fast, &resp, sizeof fast), 0);
}

}  // namespace
