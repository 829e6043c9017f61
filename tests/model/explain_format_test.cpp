// SPDX-License-Identifier: Apache-2.0
// Explanation sentences (model/include/spagm/explain.h): the rule's text
// with %0..%2 as signed decimal and %x0..%x2 as 0x-prefixed hex. Vector
// files and reports quote them, so the exact text matters.
#include <gtest/gtest.h>

#include <climits>
#include <string>

#include "spagm/spagm.h"

namespace {

std::string sentence(unsigned rule, int32_t a0, int32_t a1, int32_t a2) {
  spagm_explain ex;
  spagm_explain_init(&ex);
  ex.rule[1][7] = (uint16_t)rule;
  ex.arg[1][7][0] = a0;
  ex.arg[1][7][1] = a1;
  ex.arg[1][7][2] = a2;
  char buf[256];
  size_t n = spagm_explain_format(&ex, 1, 7, buf, sizeof buf);
  EXPECT_EQ(n, std::string(buf).size());
  return buf;
}

}  // namespace

TEST(ExplainFormat, Decimal_SignedIncludingExtremes) {
  EXPECT_EQ(sentence(SPAGM_RULE_TEX_S_OOR, -1, 5, 0),
            "TLDS s=-1 outside width 5 at level 0 -> 0 (R18)");
  EXPECT_EQ(sentence(SPAGM_RULE_TEX_S_OOR, INT_MIN, INT_MAX, 10),
            "TLDS s=-2147483648 outside width 2147483647 at level 10 -> 0 (R18)");
}

TEST(ExplainFormat, Hex_LowerCaseWithPrefix_NegativeAsUnsigned) {
  EXPECT_EQ(sentence(SPAGM_RULE_ALD_I_BMAP0_DEFAULT, 0x7c, 0x3f800000, 0),
            "ALD.I input BMAP=0 at 0x7c -> default 0x3f800000 (R3)");
  EXPECT_EQ(sentence(SPAGM_RULE_ALD_I_BMAP0_DEFAULT, 0, -1, 0),
            "ALD.I input BMAP=0 at 0x0 -> default 0xffffffff (R3)");
}

TEST(ExplainFormat, ShortBuffer_TruncatesButReportsTheFullLength) {
  spagm_explain ex;
  spagm_explain_init(&ex);
  ex.rule[0][0] = SPAGM_RULE_TEX_S_OOR;
  char buf[8];
  size_t n = spagm_explain_format(&ex, 0, 0, buf, sizeof buf);
  EXPECT_EQ(std::string(buf), "TLDS s=");
  EXPECT_EQ(n, std::string("TLDS s=0 outside width 0 at level 0 -> 0 (R18)").size());
}
