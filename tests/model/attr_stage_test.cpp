// SPDX-License-Identifier: Apache-2.0
// Stage legality (R8), the R5 address form and R6, each a warp-wide
// ILLEGAL_INSTR_ENCODING with no side effects (N32).
#include <gtest/gtest.h>

#include <vector>

#include "attr_harness.h"

namespace {

using attrtest::AttrFixture;
using attrtest::Map;

class Stage : public AttrFixture {
 protected:
  std::vector<uint8_t> in0, out0, gs0;
  void SetUp() override {
    AttrFixture::SetUp();
    vertex_is_lane();
    lanes(0x00FF00FFu);
    in_bmap(Map::all());
    out_bmap(Map::all());
    each_lane([&](unsigned l) { req.d[0][l] = 0x5A5A0000u | l; });
  }
  void snapshot() {
    in0 = image(SPAGM_SPACE_ISBE_IN);
    out0 = image(SPAGM_SPACE_ISBE_OUT);
    gs0 = image(SPAGM_SPACE_GS_OUT);
  }
  std::vector<uint8_t> image(spagm_space sp) {
    std::vector<uint8_t> v(spagm_attr_space_size(m, sp));
    EXPECT_EQ(spagm_attr_read(m, sp, 0, v.data(), v.size(), nullptr), SPAGM_OK);
    return v;
  }
  // The response and the state of an illegal instruction (R8, DESIGN §3).
  void expect_illegal(unsigned rule_id) {
    EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
    EXPECT_EQ(resp.fault_lanes, 0x00FF00FFu);
    EXPECT_EQ(ex.fault_rule, rule_id);
    for (unsigned i = 0; i < 4; i++) {
      EXPECT_EQ(resp.wb_valid[i], 0u);
      EXPECT_EQ(resp.wb_reg[i], SPAGM_RZ);
      EXPECT_EQ(resp.st_mask[i], 0u);
    }
    EXPECT_EQ(resp.pd, SPAGM_PT);
    EXPECT_EQ(resp.pd_written, 0u);
    EXPECT_EQ(resp.st_space, SPAGM_SPACE_NONE);
    EXPECT_TRUE(image(SPAGM_SPACE_ISBE_IN) == in0);
    EXPECT_TRUE(image(SPAGM_SPACE_ISBE_OUT) == out0);
    EXPECT_TRUE(image(SPAGM_SPACE_GS_OUT) == gs0);
  }
  void expect_legal() { EXPECT_NE(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING); }
};

TEST_F(Stage, AldInPS_Illegal) {
  stage(SPAGM_STAGE_PS);
  snapshot();
  run("ALD R0, a[0x70];");
  expect_illegal(SPAGM_RULE_ATTR_STAGE_ILLEGAL);
}

TEST_F(Stage, AstInPS_Illegal_NoStore) {
  stage(SPAGM_STAGE_PS);
  snapshot();
  run("AST a[0x70], R1;");
  expect_illegal(SPAGM_RULE_ATTR_STAGE_ILLEGAL);
  EXPECT_FALSE(written(SPAGM_SPACE_ISBE_OUT, 0, 0x70));
}

TEST_F(Stage, Al2pInPS_Illegal_NoPredicate) {
  stage(SPAGM_STAGE_PS);
  snapshot();
  run("AL2P R0, P1, R1, 0x10;");
  expect_illegal(SPAGM_RULE_AL2P_STAGE_ILLEGAL);
}

TEST_F(Stage, AldOInGS_Illegal) {
  stage(SPAGM_STAGE_GS);
  snapshot();
  run("ALD.O R0, a[0x70], R1;");
  expect_illegal(SPAGM_RULE_ALD_O_STAGE_ILLEGAL);
}

TEST_F(Stage, AldOInPS_Illegal) {
  stage(SPAGM_STAGE_PS);
  snapshot();
  run("ALD.O R0, a[0x70];");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
}

TEST_F(Stage, AldO_LegalInVsaVsbTiTs) {
  for (spagm_stage st : {SPAGM_STAGE_VSA, SPAGM_STAGE_VSB}) {
    stage(st);
    run("ALD.O R0, a[0x70];");
    expect_legal();
  }
  for (spagm_stage st : {SPAGM_STAGE_TI, SPAGM_STAGE_TS}) {
    stage(st);
    run("ALD.O R0, a[0x70], R1;");
    expect_legal();
  }
}

TEST_F(Stage, AldPOutsideTiTs_Illegal) {
  for (spagm_stage st : {SPAGM_STAGE_VSA, SPAGM_STAGE_VSB, SPAGM_STAGE_GS}) {
    stage(st);
    snapshot();
    run("ALD.P R0, a[0x20];");
    expect_illegal(SPAGM_RULE_ALD_P_STAGE_ILLEGAL);
  }
}

TEST_F(Stage, AldP_LegalInTiAndTs) {
  for (spagm_stage st : {SPAGM_STAGE_TI, SPAGM_STAGE_TS}) {
    stage(st);
    run("ALD.P R0, a[0x20], R1;");
    expect_legal();
    EXPECT_EQ(resp.wb_valid[0], 0x00FF00FFu);
  }
}

TEST_F(Stage, AstPOutsideTi_Illegal) {
  for (spagm_stage st : {SPAGM_STAGE_VSA, SPAGM_STAGE_TS, SPAGM_STAGE_GS}) {
    stage(st);
    snapshot();
    run("AST.P a[0x20], R1;");
    expect_illegal(SPAGM_RULE_AST_P_STAGE_ILLEGAL);
  }
}

TEST_F(Stage, AldWithRbInVertexStage_Illegal) {
  for (spagm_stage st : {SPAGM_STAGE_VSA, SPAGM_STAGE_VSB}) {
    stage(st);
    snapshot();
    run("ALD R0, a[0x70], R5;");
    expect_illegal(SPAGM_RULE_ALD_VS_RB_ILLEGAL);
    EXPECT_EQ(ex.fault_arg[0], 5);
  }
}

TEST_F(Stage, AstWithRcInVertexStage_RcIgnored) {
  stage(SPAGM_STAGE_VSA);
  each_lane([&](unsigned l) { req.c[l] = 999; });
  run("AST a[0x70], R1, R2;");
  expect_legal();
  EXPECT_EQ(resp.st_space, SPAGM_SPACE_ISBE_OUT);
  EXPECT_EQ(resp.st_mask[0], 0x00FF00FFu);
}

TEST_F(Stage, PhysVector_IllegalBeforeAnyStore) {
  stage(SPAGM_STAGE_VSA);
  snapshot();
  run("AST.PHYS.64 a[R0], R2;");
  expect_illegal(SPAGM_RULE_ATTR_PHYS_VECTOR_ILLEGAL);
}

TEST_F(Stage, RaWithoutPatchAndNonZeroImmediate_Illegal) {
  stage(SPAGM_STAGE_GS);
  snapshot();
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_ALD);
  i.rd = 0;
  i.ra = 1;
  i.rb = 2;
  i.imm = 16;
  i.phys = true;
  exec_insn(i);
  expect_illegal(SPAGM_RULE_ATTR_RA_IMM_ILLEGAL);
}

TEST_F(Stage, PhysFlagContradictsFields_Illegal) {
  stage(SPAGM_STAGE_VSA);
  snapshot();
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_AST);
  i.rb = 0;
  i.phys = true;  // but Ra is RZ
  i.imm = 0x70;
  exec_insn(i);
  expect_illegal(SPAGM_RULE_ATTR_RA_IMM_ILLEGAL);
}

TEST_F(Stage, CheckOrder_PSBeforePhysVector) {
  stage(SPAGM_STAGE_PS);
  run("ALD.PHYS.64 R0, a[R2];");
  EXPECT_EQ(ex.fault_rule, SPAGM_RULE_ATTR_STAGE_ILLEGAL);
}

TEST_F(Stage, IsberdAndIsbewr_LegalInEveryStage) {
  for (int st = 0; st < SPAGM_STAGE_COUNT; st++) {
    stage((spagm_stage)st);
    run("ISBERD R0, [R1];");
    expect_legal();
    run("ISBEWR [R1], R2;");
    expect_legal();
  }
}

TEST_F(Stage, IsberdBadSizeField_Illegal) {
  stage(SPAGM_STAGE_GS);
  snapshot();
  spagm_insn i;
  spagm_insn_init(&i, SPAGM_OP_ISBERD);
  i.rd = 0;
  i.isize = (spagm_isbe_size)3;
  exec_insn(i);
  expect_illegal(SPAGM_RULE_ISBE_SIZE_ILLEGAL);
}

TEST_F(Stage, IllegalWord_FaultsCentrally) {
  stage(SPAGM_STAGE_VSA);
  // Ra = R0 with a non-zero immediate and no .P is not a legal word (R5).
  req.insn = 0xEFD8ull << 48 | 7ull << 16 | 0x10ull << 20 | 0xFFull << 39;
  ASSERT_EQ(spagm_execute_explained(m, &req, &resp, &ex), SPAGM_OK);
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(ex.fault_rule, SPAGM_RULE_ILLEGAL_WORD);
}

}  // namespace
