// SPDX-License-Identifier: Apache-2.0
// The load of stimulus 5's "power-on values left in place" corner (issue
// #31, N280): spagm_stim_load_list leaves out exactly the register words a
// reset model holds, only for the pixel unit and only in the epochs that
// draw the corner. The corner's count in the explanation stream is part of
// StimCorners.EveryCornerTenTimesPerSeed_* (stim_corners_test.cpp).
#include <gtest/gtest.h>

#include "spagm/spagm.h"
#include "spagm/vec/stim.h"

namespace {

// The load of an epoch that keeps the power-on values leaves out exactly
// the pixel words a reset model holds, and nothing of the other units;
// every other epoch's load is the whole statemap list.
TEST(StimLoad, PowerOnLoadLeavesOutOnlyResetValues_N280) {
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.units = 7;
  spagm_diag d{};
  spagm_stim *s = spagm_stim_new(&o, &d);
  spagm_model *m = spagm_model_new(), *fresh = spagm_model_new();
  unsigned kept = 0, whole = 0;
  for (unsigned e = 0; e < 40; e++) {
    ASSERT_EQ(spagm_stim_begin_epoch(s, e, m, &d), SPAGM_OK) << d.msg;
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      spagm_cfg_list all{}, load{};
      ASSERT_EQ(spagm_statemap_load_list(m, (spagm_unit)u, &all), SPAGM_OK);
      ASSERT_EQ(spagm_stim_load_list(s, m, (spagm_unit)u, &load), SPAGM_OK);
      bool keeps = spagm_stim_keeps_power_on(s, (spagm_unit)u);
      EXPECT_TRUE(u == SPAGM_UNIT_PIX || !keeps);
      if (!keeps) {
        whole++;
        ASSERT_EQ(load.n, all.n);
      } else {
        kept++;
        EXPECT_LT(load.n, all.n);
        size_t j = 0;
        for (size_t i = 0; i < all.n; i++) {
          uint32_t reset = 0;
          ASSERT_TRUE(spagm_statemap_read(fresh, (spagm_unit)u, all.w[i].addr, &reset));
          bool left = j >= load.n || load.w[j].addr != all.w[i].addr;
          EXPECT_EQ(left, reset == all.w[i].data) << "word 0x" << std::hex << all.w[i].addr;
          if (!left) j++;
        }
        // The positions word is always among them: standard positions.
        uint32_t pos = 1;
        spagm_statemap_read(m, SPAGM_UNIT_PIX, 0x08, &pos);
        EXPECT_EQ(pos, 0u);
      }
      spagm_cfg_list_free(&all);
      spagm_cfg_list_free(&load);
    }
  }
  EXPECT_GT(kept, 5u);
  EXPECT_GT(whole, 40u);
  EXPECT_EQ(spagm_stim_load_list(nullptr, m, SPAGM_UNIT_PIX, nullptr), SPAGM_E_ARG);
  EXPECT_FALSE(spagm_stim_keeps_power_on(nullptr, SPAGM_UNIT_PIX));
  spagm_model_free(fresh);
  spagm_model_free(m);
  spagm_stim_free(s);
}

} // namespace
