// SPDX-License-Identifier: Apache-2.0
// Pixel-unit scenario directives (scenario/scn_pix.c,
// docs/scenario-pix.md): raster samples / positions and ssaa, their
// diagnostics, and PIXLD scenarios end to end.
#include <gtest/gtest.h>

#include <string>

#include "scenario.h"

namespace {

struct PixRun {
  spagm_status st;
  spagm_scn_result res;
  spagm_diag d;
};

PixRun run(const std::string &text) {
  PixRun r{};
  r.st = spagm_scn_run_text(text.data(), text.size(), "pix.scn", nullptr, &r.res, &r.d);
  return r;
}

bool has(const spagm_diag &d, const char *s) {
  return std::string(d.msg).find(s) != std::string::npos;
}

const char *kTable =
    "raster positions programmable (-1,-1) (1,-1) (-1,1) (1,1) (-3,-3) (3,-3) "
    "(-3,3) (3,3) (-5,-5) (5,-5) (-5,5) (5,5) (-7,-7) (7,-7) (-7,7) (7,7)\n";

TEST(PixScenario, RasterSamples_SetsMscount) {
  PixRun r = run("stage PS\nraster samples 16\nPIXLD.MSCOUNT R0;\nexpect R0 == 16\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 1u);
  EXPECT_EQ(r.res.failed, 0u);
}

TEST(PixScenario, RasterSamples_BadCount_IsErrorAtTheValue) {
  PixRun r = run("\nraster samples 3\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_EQ(r.d.line, 2);
  EXPECT_EQ(r.d.col, 16);
  EXPECT_TRUE(has(r.d, "1, 2, 4, 8 or 16")) << r.d.msg;
}

TEST(PixScenario, RasterUnknownKeyword_ListsTheChoices) {
  PixRun r = run("raster sample 4\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_TRUE(has(r.d, "samples, positions")) << r.d.msg;
}

TEST(PixScenario, ProgrammablePositions_DriveCentroid) {
  PixRun r = run(std::string("stage PS\nraster samples 4\n") + kTable +
              "thread coverage = 0b0110\nPIXLD.CENTROID_OFFSET R1;\n"
              "expect R1 == 0xffff0001\nexpect rule R1 PIX_CENTROID_PROGRAMMABLE\n"
              "raster positions standard\nPIXLD.CENTROID_OFFSET R1;\n"
              "expect R1 == 0xfffe0006\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 3u);
}

TEST(PixScenario, ProgrammablePositions_FifteenPairs_IsError) {
  std::string t = kTable;
  t = t.substr(0, t.rfind(" (7,7)")) + "\n";
  PixRun r = run(t);
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_TRUE(has(r.d, "16 (x,y) pairs")) << r.d.msg;
  EXPECT_TRUE(has(r.d, "found 15")) << r.d.msg;
}

TEST(PixScenario, ProgrammablePositions_SeventeenPairs_IsError) {
  std::string t = kTable;
  t.pop_back();
  PixRun r = run(t + " (0,0)\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_TRUE(has(r.d, "more than 16")) << r.d.msg;
}

TEST(PixScenario, ProgrammablePositions_CoordinateOutOfNibble_IsErrorAtIt) {
  PixRun r = run("raster positions programmable (8,0)\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_EQ(r.d.col, 32);
  EXPECT_TRUE(has(r.d, "-8..7")) << r.d.msg;
}

TEST(PixScenario, ProgrammablePositions_MissingParen_IsError) {
  PixRun r = run("raster positions programmable 1,2\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_TRUE(has(r.d, "'('")) << r.d.msg;
}

TEST(PixScenario, Ssaa_OnOff_DrivesMyIndex) {
  PixRun r = run("stage PS\nthread sample = lane % 4\nssaa on\nPIXLD.MY_INDEX R0, P0;\n"
              "expect R0 == lane % 4\nexpect P0 == all\n"
              "ssaa off\nPIXLD.MY_INDEX R0, P0;\nexpect R0 == 0\nexpect P0 == none\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 4u);
}

TEST(PixScenario, Ssaa_BadWord_IsError) {
  PixRun r = run("ssaa maybe\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_TRUE(has(r.d, "off, on")) << r.d.msg;
  r = run("ssaa on off\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
}

TEST(PixScenario, OffsetDontCare_VisibleToExpect) {
  PixRun r = run("stage PS\nraster samples 16\nPIXLD.OFFSET R3, [0];\n"
              "expect dontcare R3 == 0xffffffff\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 1u);
}

TEST(PixScenario, WrongExpectation_Fails) {
  PixRun r = run("stage PS\nraster samples 2\nPIXLD.MSCOUNT R0;\nexpect R0 == 4\n");
  EXPECT_EQ(r.st, SPAGM_E_EXPECT);
  EXPECT_EQ(r.res.failed, 1u);
}

TEST(PixScenario, RasterOffsetsAndOrder_SelectTheConfigChoices) {
  PixRun r = run("stage PS\nraster samples 2\nraster offsets s012\nPIXLD.OFFSET R0, [0];\n"
                 "expect R0 == 0x04000400\nraster order nvidia\nPIXLD.OFFSET R0, [0];\n"
                 "expect R0 == 0xfc00fc00\nraster offsets sixteenths\nraster order d3d\n"
                 "PIXLD.OFFSET R0, [0];\nexpect R0 == 0x00040004\n");
  EXPECT_EQ(r.st, SPAGM_OK) << r.d.msg;
  EXPECT_EQ(r.res.expects, 3u);
  EXPECT_EQ(r.res.failed, 0u);
}

TEST(PixScenario, RasterOffsetsAndOrder_BadWord_IsErrorListingTheChoices) {
  PixRun r = run("\nraster offsets s0.12\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_EQ(r.d.line, 2);
  EXPECT_TRUE(has(r.d, "sixteenths, s012")) << r.d.msg;
  r = run("raster order nv\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
  EXPECT_TRUE(has(r.d, "d3d, nvidia")) << r.d.msg;
  r = run("raster order nvidia extra\n");
  EXPECT_EQ(r.st, SPAGM_E_FORMAT);
}

TEST(PixScenario, ExamplesOfEveryMode_Run) {
  for (const char *name : {"mscount", "covmask", "covered", "offset", "centroid_offset",
                           "my_index", "config_choices"}) {
    std::string path = std::string(SPAGM_SOURCE_DIR) + "/docs/examples/pixld_" + name + ".scn";
    spagm_scn_result res{};
    spagm_diag d{};
    EXPECT_EQ(spagm_scn_run_file(path.c_str(), nullptr, &res, &d), SPAGM_OK)
        << path << ":" << d.line << ":" << d.col << ": " << d.msg;
    EXPECT_EQ(res.failed, 0u) << path;
    EXPECT_GT(res.expects, 5u) << path;
  }
}

}  // namespace
