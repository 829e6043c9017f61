// SPDX-License-Identifier: Apache-2.0
// Scenario runner core: values, expressions, lanes, expectations and
// diagnostics (docs/scenario-format.md). Unit directives are tested by each
// unit's own suite.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "scenario.h"

namespace {

struct ScnRun {
  spagm_status st;
  spagm_scn_result res;
  spagm_diag d;
};

ScnRun run_scn(const std::string &text) {
  ScnRun r{};
  r.st = spagm_scn_run_text(text.data(), text.size(), "t.scn", nullptr, &r.res, &r.d);
  return r;
}

TEST(ScenarioCore, EmptyAndCommentsOnly_Succeed) {
  ScnRun r = run_scn("# nothing\n\n   // still nothing\n");
  EXPECT_EQ(r.st, SPAGM_OK);
  EXPECT_EQ(r.res.instructions, 0u);
  EXPECT_EQ(r.res.expects, 0u);
}

TEST(ScenarioCore, RegAllLanes_ThenExpectHolds) {
  ScnRun r = run_scn("reg R4 = 0x10\nexpect R4 == 16\n");
  EXPECT_EQ(r.st, SPAGM_OK);
  EXPECT_EQ(r.res.expects, 1u);
  EXPECT_EQ(r.res.failed, 0u);
}

TEST(ScenarioCore, ExpectMismatch_FailsWithLine) {
  ScnRun r = run_scn("reg R4 = 1\n\nexpect R4 == 2\nexpect R4 == 1\n");
  EXPECT_EQ(r.st, SPAGM_E_EXPECT);
  EXPECT_EQ(r.res.failed, 1u);
  EXPECT_EQ(r.res.expects, 1u);  // the run goes on after a failure
  EXPECT_EQ(r.d.line, 3);
  EXPECT_NE(std::string(r.d.msg).find("expected 0x00000002"), std::string::npos) << r.d.msg;
}

TEST(ScenarioCore, LaneExpression_PrecedenceLikeC) {
  ScnRun r = run_scn("reg R1 = 16 + lane*4\nexpect R1[0] == 16\nexpect R1[31] == 140\n"
              "reg R2 = (lane % 4) << 2 | 1\nexpect R2[6] == 9\n"
              "reg R3 = -4 + lane\nexpect R3[0] == 0xfffffffc\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 4u);
}

TEST(ScenarioCore, FloatLiteral_GivesIeeeBits) {
  ScnRun r = run_scn("reg R0 = 1.0f\nexpect R0 == 0x3f800000\nreg R1 = -0.5f\nexpect R1 == 0xbf000000\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 2u);
}

TEST(ScenarioCore, LaneSuffix_RestrictsRegAndExpect) {
  ScnRun r = run_scn("reg R0 = 1\nreg R0[0-3,8] = 7\nexpect R0[0-3] == 7\nexpect R0[8] == 7\n"
              "expect R0[4-7] == 1\nexpect R0[0x200] == 1\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 4u);
}

TEST(ScenarioCore, LanesDirective_IsDefaultForExpect) {
  // Only lanes 0-1 are checked, where R0 was set.
  ScnRun r = run_scn("lanes 0-1\nreg R0[0-1] = 5\nexpect R0 == 5\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 1u);
}

TEST(ScenarioCore, PredicateMask_ComparedOnAllLanes) {
  ScnRun r = run_scn("pred P2 = 0-15\nexpect P2 == 0x0000ffff\nexpect P2 == 0x0000fffe\n");
  EXPECT_EQ(r.st, SPAGM_E_EXPECT);
  EXPECT_EQ(r.res.expects, 1u);
  EXPECT_EQ(r.res.failed, 1u);
}

TEST(ScenarioCore, UnknownDirective_ReportsLineAndColumn) {
  ScnRun r = run_scn("reg R0 = 1\n   frobnicate 3\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_EQ(r.d.line, 2);
  EXPECT_EQ(r.d.col, 4);
  EXPECT_NE(std::string(r.d.msg).find("frobnicate"), std::string::npos);
}

TEST(ScenarioCore, BadNumber_PointsAtIt) {
  ScnRun r = run_scn("reg R0 = 0xZZ\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_EQ(r.d.line, 1);
  EXPECT_EQ(r.d.col, 10);
}

TEST(ScenarioCore, RegisterOutOfRange_IsAnError) {
  ScnRun r = run_scn("reg R255 = 1\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_NE(std::string(r.d.msg).find("R255"), std::string::npos) << r.d.msg;
}

TEST(ScenarioCore, SettingRZ_IsAnError) {
  ScnRun r = run_scn("reg RZ = 1\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
}

TEST(ScenarioCore, LaneRangeOutside0To31_IsAnError) {
  ScnRun r = run_scn("lanes 0-32\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  ScnRun r2 = run_scn("lanes 7-3\n");
  EXPECT_EQ(r2.st, SPAGM_E_FORMAT);
}

TEST(ScenarioCore, DivisionByZero_IsAnErrorNotACrash) {
  ScnRun r = run_scn("reg R0 = lane / 0\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_NE(std::string(r.d.msg).find("division by zero"), std::string::npos);
}

TEST(ScenarioCore, TrailingJunk_IsAnError) {
  ScnRun r = run_scn("reg R0 = 1 2\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_EQ(r.d.col, 12);
}

TEST(ScenarioCore, ExpectFaultBeforeAnyInstruction_IsAnError) {
  ScnRun r = run_scn("expect fault NONE\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_NE(std::string(r.d.msg).find("no instruction"), std::string::npos);
}

TEST(ScenarioCore, ThreadCoverageOver16Bits_IsAnError) {
  ScnRun r = run_scn("thread coverage = 0x10000\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  ScnRun ok = run_scn("thread coverage[0-3] = 0xffff\nthread sample = lane % 16\n");
  EXPECT_EQ(ok.st, SPAGM_OK) << ok.d.msg;
}

TEST(ScenarioCore, NulByte_IsRejected) {
  std::string t("reg R0 = 1\n", 11);
  t += std::string("reg\0R1 = 2\n", 11);
  ScnRun r = run_scn(t);
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_EQ(r.d.line, 2);
}

TEST(ScenarioCore, OverlongLine_IsRejected) {
  ScnRun r = run_scn("reg R0 = " + std::string(2000, '1') + "\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
}

TEST(ScenarioCore, MissingFile_IsAnIoError) {
  spagm_scn_result res;
  spagm_diag d{};
  EXPECT_EQ(spagm_scn_run_file("/nonexistent/x.scn", nullptr, &res, &d), SPAGM_E_IO);
  EXPECT_EQ(spagm_scn_run_file(nullptr, nullptr, &res, &d), SPAGM_E_ARG);
}

TEST(ScenarioCore, TrailingComment_EndsAnExpression) {
  ScnRun r = run_scn("reg R0 = 8 // eight\nexpect R0 == 8   // still eight\nreg R1 = 16 / 2\nexpect R1 == 8\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 2u);
}

TEST(ScenarioCore, ResetClearsRegisters) {
  ScnRun r = run_scn("reg R0 = 9\nreset\nexpect R0 == 0\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
}

// asm_stage any: the assembler drops its R8 stage checks (N12) so a scenario
// can issue the word the hardware faults on; the model still applies R8.
TEST(ScenarioCore, AsmStageAny_AssemblesRefusedForm_ModelFaults) {
  // By default the known stage makes the assembler refuse ALD in PS.
  ScnRun refused = run_scn("stage PS\nALD R0, a[0x70];\n");
  EXPECT_EQ(refused.st, SPAGM_E_SEMANTIC);
  EXPECT_EQ(refused.d.line, 2);
  // With asm_stage any the word executes and faults warp-wide.
  ScnRun any = run_scn(
      "stage PS\nasm_stage any\nALD R0, a[0x70];\n"
      "expect fault ILLEGAL_INSTR_ENCODING\nexpect rule fault ATTR_STAGE_ILLEGAL\n"
      "AL2P R2, RZ, 0x70;\nexpect fault ILLEGAL_INSTR_ENCODING\n"
      "expect rule fault AL2P_STAGE_ILLEGAL\n");
  EXPECT_EQ(any.st, SPAGM_OK) << any.d.msg;
  EXPECT_EQ(any.res.instructions, 2u);
  EXPECT_EQ(any.res.expects, 4u);
  // ALD.O in GS, refused by the assembler, faults with its own rule.
  ScnRun gs = run_scn(
      "stage GS\nasm_stage any\nreg R1 = 1\nALD.O R0, a[0x70], R1;\n"
      "expect fault ILLEGAL_INSTR_ENCODING\nexpect rule fault ALD_O_STAGE_ILLEGAL\n");
  EXPECT_EQ(gs.st, SPAGM_OK) << gs.d.msg;
  EXPECT_EQ(gs.res.expects, 2u);
}

TEST(ScenarioCore, AsmStageCurrent_RestoresTheStageChecks) {
  ScnRun r = run_scn("stage PS\nasm_stage any\nALD R0, a[0x70];\n"
                     "asm_stage current\nALD R0, a[0x70];\n");
  EXPECT_EQ(r.st, SPAGM_E_SEMANTIC);
  EXPECT_EQ(r.d.line, 5);
  EXPECT_EQ(r.res.instructions, 1u);
  // A later `stage` does not bring the checks back while `any` holds.
  ScnRun later = run_scn("asm_stage any\nstage PS\nALD R0, a[0x70];\n"
                         "expect fault ILLEGAL_INSTR_ENCODING\n");
  EXPECT_EQ(later.st, SPAGM_OK) << later.d.msg;
  // reset returns to the default, like every other scenario setting.
  ScnRun reset = run_scn("asm_stage any\nreset\nstage PS\nALD R0, a[0x70];\n");
  EXPECT_EQ(reset.st, SPAGM_E_SEMANTIC);
  EXPECT_EQ(reset.d.line, 4);
}

TEST(ScenarioCore, AsmStageBadArgument_IsAnErrorWithColumn) {
  ScnRun r = run_scn("asm_stage   PS\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_EQ(r.d.line, 1);
  EXPECT_EQ(r.d.col, 13);
  EXPECT_NE(std::string(r.d.msg).find("any, current"), std::string::npos) << r.d.msg;
  ScnRun missing = run_scn("\nasm_stage\n");
  EXPECT_EQ(missing.st, SPAGM_E_FORMAT);
  EXPECT_EQ(missing.d.line, 2);
  ScnRun extra = run_scn("asm_stage any now\n");
  EXPECT_EQ(extra.st, SPAGM_E_FORMAT);
  EXPECT_EQ(extra.d.col, 15);
}

}  // namespace

namespace {

// A literal in an expression was parsed through a
// pointer computed to lie before its copy (outside the array: undefined
// behaviour, reported by UBSan in the sanitizer build, label cli). Literals
// far into a long line, good and bad; a bad one is reported at its column.
TEST(ScenarioCore, ExprLiteral_FarIntoTheLine_NoUB_ErrorAtItsColumn) {
  std::string pad(600, ' ');
  ScnRun r = run_scn("reg R0 =" + pad + "16 + lane\nexpect R0[1] == 17\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  r = run_scn("reg R0 =" + pad + "1 + 0x1zz\n");
  EXPECT_NE(r.st, SPAGM_OK);
  EXPECT_EQ(r.d.line, 1);
  EXPECT_EQ(r.d.col, 8 + (int)pad.size() + 5) << r.d.msg;  // the 0 of 0x1zz
}

}  // namespace

// `word 0xHEX` issues a raw word as co-simulation would: a word the
// decoder refuses faults warp-wide, one it accepts executes (its results
// retire like an instruction line's), and a missing value is an error.
TEST(ScenarioCore, Word_IssuesARawWordAsCosimWould) {
  ScnRun r = run_scn("lanes 0-3\nword 0x0\nexpect fault ILLEGAL_INSTR_ENCODING lanes 0-3\n"
                     "expect rule fault ILLEGAL_WORD\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.instructions, 1u);
  EXPECT_EQ(r.res.expects, 2u);
  // PIXLD.MSCOUNT R0 in PS: its word, as `spagm asm` gives it.
  r = run_scn("stage PS\nlanes 0\nword 0xefe8e0000007ff00\nexpect R0 == 1\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  r = run_scn("word\n");
  EXPECT_NE(r.st, SPAGM_OK);
  EXPECT_EQ(r.d.line, 1);
}
