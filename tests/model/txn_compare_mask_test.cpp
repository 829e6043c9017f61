// SPDX-License-Identifier: Apache-2.0
// The port contract's compare mask (docs/port-contract.md, "What is
// compared"): which bits of a response a checker compares with the
// expected one.
#include <gtest/gtest.h>

#include "spagm/spagm.h"

TEST(CompareMask, WrittenLanesOutsideDontCare_AreCompared) {
  spagm_response e, m;
  spagm_response_init(&e, 7);
  e.wb_reg[1] = 12;
  e.wb_valid[1] = 0x5;
  e.wb_dontcare[1][2] = 0xFFFF0000u;
  e.pd = 3;
  e.pd_written = 0x3;
  spagm_response_compare_mask(&e, &m);
  EXPECT_EQ(m.tag, 0u);  // matched by tag, not compared
  EXPECT_EQ(m.fault, 0xFF);
  EXPECT_EQ(m.fault_lanes, 0xFFFFFFFFu);
  EXPECT_EQ(m.wb_valid[0], 0xFFFFFFFFu);  // "nothing written" is compared too
  EXPECT_EQ(m.wb_reg[0], 0);              // unused slot: register ignored
  EXPECT_EQ(m.wb_reg[1], 0xFF);
  EXPECT_EQ(m.wb_value[1][0], 0xFFFFFFFFu);
  EXPECT_EQ(m.wb_value[1][1], 0u);  // lane not written
  EXPECT_EQ(m.wb_value[1][2], 0x0000FFFFu);
  EXPECT_EQ(m.wb_dontcare[1][2], 0u);
  EXPECT_EQ(m.pd, 0xFF);
  EXPECT_EQ(m.pd_value, 0x3u);
  EXPECT_EQ(m.st_space, 0);  // no stores: space ignored
}

TEST(CompareMask, StoredLanes_CompareSpaceAddressAndData) {
  spagm_response e, m;
  spagm_response_init(&e, 1);
  e.st_space = SPAGM_SPACE_ISBE_OUT;
  e.st_mask[2] = 0x80000000u;
  spagm_response_compare_mask(&e, &m);
  EXPECT_EQ(m.st_space, 0xFF);
  EXPECT_EQ(m.st_mask[0], 0xFFFFFFFFu);
  EXPECT_EQ(m.st_addr[2][31], 0xFFFFFFFFu);
  EXPECT_EQ(m.st_data[2][31], 0xFFFFFFFFu);
  EXPECT_EQ(m.st_data[2][30], 0u);
  EXPECT_EQ(m.pd, 0);  // no predicate write: Pd ignored
}
