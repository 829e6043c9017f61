// SPDX-License-Identifier: Apache-2.0
// Scenario directives of the attribute unit (docs/scenario-attr.md): they
// set the same state the C API sets, report bad arguments as file:line:col
// errors, and `check` lines count as expectations.
#include <gtest/gtest.h>

#include <string>

#include "scenario.h"

namespace {

struct ScnRun {
  spagm_status st;
  spagm_scn_result res;
  spagm_diag d;
};

ScnRun run(const std::string &text) {
  ScnRun r{};
  r.st = spagm_scn_run_text(text.data(), text.size(), "a.scn", nullptr, &r.res, &r.d);
  return r;
}

TEST(ScnAttr, MapsNamesAndRanges_GiveTheBmap) {
  // GENERIC0.z of vertex 3 at rank 6 (position 4 + generic0 .x .y first).
  ScnRun r = run(
      "stage VSA\nimap position,generic0\nomap_prev 0x70-0x7c,0x80-0x8c\n"
      "isbe in attr 3 0x88 = 0x33\n"
      "check isbe in raw 0x30c == 0x33\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 1u);
}

TEST(ScnAttr, IsbeAttrUnmapped_IsAnErrorAtTheArgument) {
  ScnRun r = run("stage VSA\n\nisbe in attr 0 0x70 = 1\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_EQ(r.d.line, 3);
  EXPECT_GT(r.d.col, 1);
  EXPECT_NE(std::string(r.d.msg).find("BMAP"), std::string::npos) << r.d.msg;
}

TEST(ScnAttr, BadAddress_Rejected) {
  for (const char *bad : {"imap 0x72\n", "imap 0x400\n", "imap 0x80-0x70\n", "imap bogus\n",
                          "default 0x3fe = 1\n", "streq 0x70\n"}) {
    ScnRun r = run(bad);
    EXPECT_EQ(r.st, SPAGM_E_FORMAT) << bad;
    EXPECT_EQ(r.d.line, 1) << bad;
  }
}

TEST(ScnAttr, SettersRefusingValues_AreErrors) {
  for (const char *bad : {"patch_words 12\n", "vertices 257\n", "gs_max_vertices 2000\n",
                          "stage XS\n", "hw vertex_id 256 = 1\n", "trap maybe\n"}) {
    ScnRun r = run(bad);
    EXPECT_NE(r.st, SPAGM_OK) << bad;
  }
}

TEST(ScnAttr, CheckFailure_MakesTheRunFail) {
  ScnRun r = run("check isbe out raw 0 == 1\ncheck isbe out raw 0 == 0\n");
  EXPECT_EQ(r.st, SPAGM_E_EXPECT);
  EXPECT_EQ(r.res.failed, 1u);
  EXPECT_EQ(r.res.expects, 1u);
  EXPECT_EQ(r.d.line, 1);
}

TEST(ScnAttr, StageDirective_DrivesExecutionAndAssembler) {
  // The model's stage decides execution: ALD.P is legal in TS.
  ScnRun r = run("stage TS\nALD.P R0, a[0x10], R1;\nexpect fault NONE\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  // The assembler follows the stage too: ALD in PS, and an ALD without its
  // vertex handle in GS, are refused at their line (R8).
  for (const char *text : {"stage PS\nALD R0, a[0x70];\n", "stage GS\nALD R0, a[0x70];\n"}) {
    ScnRun g = run(text);
    EXPECT_EQ(g.st, SPAGM_E_SEMANTIC) << text;
    EXPECT_EQ(g.d.line, 2);
  }
}

TEST(ScnAttr, SphCurrent_NeedsTwentyWordsAndMatchingStage) {
  ScnRun shortr = run("stage VSA\nsph current 0x401 0 0\n");
  EXPECT_EQ(shortr.st, SPAGM_E_FORMAT);
  std::string twenty = " 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n";
  ScnRun wrong = run("stage GS\nsph current 0x401" + twenty);  // a VERTEX header
  EXPECT_EQ(wrong.st, SPAGM_E_FORMAT);
  EXPECT_NE(std::string(wrong.d.msg).find("ShaderType"), std::string::npos) << wrong.d.msg;
  ScnRun ok = run("stage VSA\nsph current 0x2000401" + twenty);  // bit 25: shared
  EXPECT_EQ(ok.st, SPAGM_OK) << ok.d.msg;
}

TEST(ScnAttr, PatternAndWritten_FeedTheAldTable) {
  ScnRun r = run(
      "stage VSA\nimap position\nomap_prev position\nisbe in pattern\n"
      "thread vertex = lane\nALD R0, a[0x74];\nexpect R0[5] == 0x00050074\n"
      "written in 0-31 0x74 0\nALD R0, a[0x74];\nexpect rule R0 ALD_I_GARBAGE\n"
      "expect dontcare R0 == 0xffffffff\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 3u);
}

TEST(ScnAttr, HwAndDefault_Directives) {
  ScnRun r = run(
      "stage VSA\nimap vertex_id\nomap_prev none\ndefault vertex_id = 7\n"
      "ALD R0, a[0x2fc];\nexpect R0 == 7\n"
      "omap_prev vertex_id\nhw vertex_id 0-31 = 99\nALD R0, a[0x2fc];\n"
      "expect R0 == 99\nexpect rule R0 ALD_I_HW\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 3u);
}

TEST(ScnAttr, GsCheck_ReadsTheBufferLayout) {
  ScnRun r = run(
      "stage GS\ngs_max_vertices 4\nomap position\nimap_next position\n"
      "reg R1 = 0x100 + lane\nreg R2 = 3\nAST a[0x78], R1, R2;\n"
      "check gs 7 3 0x78 == 0x107\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 1u);
}

}  // namespace

namespace {

TEST(ScnAttr, AstDataRegister_IsAlignedLikeRd) {
  ScnRun r = run(
      "stage VSA\nomap position\nimap_next position\nlanes 0\n"
      "reg R4 = 4\nreg R5 = 5\nreg R6 = 6\nreg R7 = 7\nreg R8 = 8\n"
      "AST.64 a[0x70], R5;\nexpect store 0 data = 4\nexpect store 1 data = 5\n"
      "AST.128 a[0x70], R7;\nexpect store 0 data = 4\nexpect store 3 data = 7\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 4u);
}

}  // namespace
