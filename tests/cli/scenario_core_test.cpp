// Scenario runner core: values, expressions, lanes, expectations and
// diagnostics (docs/scenario-format.md). Unit directives are tested by each
// unit's own suite.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "scenario/scenario.h"

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

}  // namespace
