// SPDX-License-Identifier: Apache-2.0
// spagm-cosim's harness against the units its build holds
// (-DSPAGM_COSIM_UNITS, N546): +units naming a unit left out is refused,
// and a run without +units is of the units built.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cosim_plusargs.h"

namespace {

// parse_plusargs on ARGS (after the program name) with BUILT as the
// units the build holds; the parsed options in *o.
int parse(const std::vector<std::string> &args, const std::string &built, cosim::Options *o) {
  std::vector<std::string> argv_text = {"spagm-cosim"};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char *> argv;
  for (std::string &a : argv_text) argv.push_back(a.data());
  o->units_built = built;
  return cosim::parse_plusargs((int)argv.size(), argv.data(), o);
}

bool has_arg(const cosim::Options &o, const std::string &a) {
  return std::find(o.args.begin(), o.args.end(), a) != o.args.end();
}

TEST(UnitsOfBuild, UnitNotBuilt_IsRefusedNamingTheUnitsBuilt) {
  cosim::Options o;
  testing::internal::CaptureStderr();
  EXPECT_EQ(parse({"+units=attr"}, "pix", &o), 2);
  EXPECT_NE(testing::internal::GetCapturedStderr().find(
                "+units=attr: this build holds only pix (-DSPAGM_COSIM_UNITS)"),
            std::string::npos);
}

TEST(UnitsOfBuild, ListWithOneUnitNotBuilt_IsRefused) {
  cosim::Options o;
  testing::internal::CaptureStderr();
  EXPECT_EQ(parse({"+units=pix,tex"}, "attr,pix", &o), 2);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("this build holds only attr,pix"),
            std::string::npos);
}

TEST(UnitsOfBuild, UnitsBuilt_AreAccepted) {
  cosim::Options o;
  EXPECT_EQ(parse({"+units=tex,attr"}, "attr,tex", &o), -1);
}

TEST(UnitsOfBuild, NoUnitsGiven_RunsTheUnitsBuilt) {
  cosim::Options o;
  EXPECT_EQ(parse({"+seed=3"}, "pix", &o), -1);
  EXPECT_TRUE(has_arg(o, "+units=pix"));
}

TEST(UnitsOfBuild, NoUnitsGivenToAWholeBuild_AddsNothing) {
  cosim::Options o;
  EXPECT_EQ(parse({"+seed=3"}, "attr,pix,tex", &o), -1);
  EXPECT_EQ(std::count_if(o.args.begin(), o.args.end(),
                          [](const std::string &a) { return a.rfind("+units=", 0) == 0; }),
            0);
}

// The list's own reading, shared with the check of every plusarg.
TEST(UnitsOfBuild, UnitNamedTwice_IsRefusedBeforeTheBuildIsAsked) {
  cosim::Options o;
  testing::internal::CaptureStderr();
  EXPECT_EQ(parse({"+units=pix,pix"}, "pix", &o), 2);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("+units: names pix twice"), std::string::npos);
}

TEST(UnitsOfBuild, EmptyNameInTheList_IsNotAUnit) {
  cosim::Options o;
  testing::internal::CaptureStderr();
  EXPECT_EQ(parse({"+units=pix,"}, "pix", &o), 2);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("'' is not a unit"), std::string::npos);
}

}  // namespace
