// SPDX-License-Identifier: Apache-2.0
// Issue and retire: the register file <-> request/response mapping of
// DESIGN §3 (regfile.h).
#include <gtest/gtest.h>

#include "spagm/spagm.h"

namespace {

spagm_insn assemble(const char *text) {
  spagm_insn insn;
  spagm_diag d{};
  EXPECT_EQ(spagm_asm_one(text, 1, 1, nullptr, &insn, &d), SPAGM_OK) << d.msg;
  return insn;
}

struct RegfileTest : ::testing::Test {
  spagm_regfile rf;
  void SetUp() override {
    spagm_regfile_init(&rf);
    for (unsigned r = 0; r < SPAGM_NREGS; r++)
      for (unsigned l = 0; l < SPAGM_LANES; l++) rf.r[r][l] = r * 100 + l;
  }
};

TEST_F(RegfileTest, Issue_SlotsComeFromRaRbRc_Design3) {
  spagm_insn insn = assemble("TLDS.LZ R0, R4, R10, R12, 0x7, 2D, RGBA;");
  spagm_request req;
  spagm_issue(&insn, 0x1234, &rf, 0xFFFFFFFFu, 7, &req);
  EXPECT_EQ(req.tag, 7u);
  EXPECT_EQ(req.insn, 0x1234u);
  EXPECT_EQ(req.a[0][3], 1003u);
  EXPECT_EQ(req.a[1][3], 1103u);
  EXPECT_EQ(req.b[0][5], 1205u);
  EXPECT_EQ(req.b[1][5], 1305u);
}

TEST_F(RegfileTest, Issue_RzReadsZero_Design3) {
  spagm_insn insn = assemble("ALD R4, a[16];");
  spagm_request req;
  spagm_issue(&insn, 0, &rf, 0xFFFFFFFFu, 1, &req);
  EXPECT_EQ(req.a[0][0], 0u);
  EXPECT_EQ(req.a[1][31], 0u);
  EXPECT_EQ(req.b[0][9], 0u);
}

TEST_F(RegfileTest, Issue_AstDataFromAlignedRegister) {
  spagm_insn insn = assemble("AST.128 a[64], R1;");
  spagm_request req;
  spagm_issue(&insn, 0, &rf, 0xFFFFFFFFu, 1, &req);
  // R1 aligns to R0 for .128: components come from R0..R3.
  EXPECT_EQ(req.d[0][2], 2u);
  EXPECT_EQ(req.d[3][2], 302u);
  spagm_insn i64 = assemble("AST.64 a[64], R7;");
  spagm_issue(&i64, 0, &rf, 0xFFFFFFFFu, 1, &req);
  EXPECT_EQ(req.d[0][0], 600u);
  EXPECT_EQ(req.d[1][0], 700u);
  spagm_insn i32 = assemble("AST a[64], R7;");
  spagm_issue(&i32, 0, &rf, 0xFFFFFFFFu, 1, &req);
  EXPECT_EQ(req.d[0][0], 700u);
}

TEST_F(RegfileTest, Issue_GuardNarrowsLanes) {
  rf.p[2] = 0x0000FF0Fu;
  spagm_insn insn = assemble("@P2 ALD R4, a[16];");
  spagm_request req;
  spagm_issue(&insn, 0, &rf, 0x000000FFu, 1, &req);
  EXPECT_EQ(req.lane_mask, 0x0000000Fu);
  spagm_insn neg = assemble("@!P2 ALD R4, a[16];");
  spagm_issue(&neg, 0, &rf, 0xFFFFFFFFu, 1, &req);
  EXPECT_EQ(req.lane_mask, 0xFFFF00F0u);
}

TEST_F(RegfileTest, Retire_WritesValidLanesAndPredicate) {
  spagm_response resp;
  spagm_response_init(&resp, 1);
  resp.wb_reg[0] = 9;
  resp.wb_valid[0] = 0x3;
  resp.wb_value[0][0] = 0xAAAA;
  resp.wb_value[0][1] = 0xBBBB;
  resp.wb_value[0][2] = 0xCCCC;  // lane 2 not valid: not written
  resp.pd = 1;
  resp.pd_written = 0xF0;
  resp.pd_value = 0x30;
  rf.p[1] = 0x0F0F;
  spagm_retire(&resp, &rf);
  EXPECT_EQ(rf.r[9][0], 0xAAAAu);
  EXPECT_EQ(rf.r[9][1], 0xBBBBu);
  EXPECT_EQ(rf.r[9][2], 902u);
  EXPECT_EQ(rf.p[1], 0x0F3Fu & ~0xC0u);
}

}  // namespace
