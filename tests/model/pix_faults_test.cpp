// SPDX-License-Identifier: Apache-2.0
// PIXLD faults (R8, R16, N51), lane masking, Rd = RZ (N50), explanations and
// the explanation-free fast path.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "pix_harness.h"
#include "spagm/spagm.h"

namespace {

using pixtest::kTrue;

class Pixld : public pixtest::PixFixture {
 protected:
  // A fault must be warp-wide and have no side effects (DESIGN §3, R8).
  void expect_clean_fault(unsigned rule) {
    EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
    EXPECT_EQ(resp.fault_lanes, req.lane_mask);
    for (unsigned s = 0; s < SPAGM_WB_SLOTS; s++) {
      EXPECT_EQ(resp.wb_reg[s], SPAGM_RZ);
      EXPECT_EQ(resp.wb_valid[s], 0u);
    }
    EXPECT_EQ(resp.pd, SPAGM_PT);
    EXPECT_EQ(resp.pd_written, 0u);
    EXPECT_EQ(ex.fault_rule, rule);
  }
};

TEST_F(Pixld, Mode6_IsIllegalInstrEncoding) {
  coverage_all(0xFFFF);
  run(pixld(6, 0, SPAGM_RZ, 0, 2));
  expect_clean_fault(SPAGM_RULE_PIX_MODE_ILLEGAL);
  EXPECT_EQ(ex.fault_arg[0], 6);
}

TEST_F(Pixld, Mode7_IsIllegalInstrEncoding) {
  req.lane_mask = 0x00FF00FFu;
  run(pixld(7, 1, SPAGM_RZ, 0, 0));
  expect_clean_fault(SPAGM_RULE_PIX_MODE_ILLEGAL);
  EXPECT_EQ(ex.fault_arg[0], 7);
  char buf[200];
  spagm_explain_fault(&ex, buf, sizeof buf);
  EXPECT_NE(std::string(buf).find("mode 7"), std::string::npos) << buf;
}

TEST_F(Pixld, OutsidePs_EveryOtherStage_IsIllegal) {
  for (int st = SPAGM_STAGE_VSA; st < SPAGM_STAGE_PS; st++) {
    ASSERT_EQ(spagm_attr_set_stage(m, static_cast<spagm_stage>(st), nullptr), SPAGM_OK);
    for (unsigned mode = 0; mode < 6; mode++) {
      run(pixld(mode, 0, SPAGM_RZ, 0, 1));
      expect_clean_fault(SPAGM_RULE_PIX_STAGE_ILLEGAL);
      EXPECT_EQ(ex.fault_arg[0], st);
    }
  }
  ASSERT_EQ(spagm_attr_set_stage(m, SPAGM_STAGE_PS, nullptr), SPAGM_OK);
  run(pixld(SPAGM_PIX_MSCOUNT));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(rd0(), 1u);
}

TEST_F(Pixld, ImmWithoutRaOutsideU8_IsIllegal) {
  for (int imm : {-1, 256, -128}) {
    run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, imm));
    expect_clean_fault(SPAGM_RULE_PIX_IMM_U8_RANGE);
    EXPECT_EQ(ex.fault_arg[0], imm);
  }
  run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, 255));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
}

TEST_F(Pixld, ImmWithRaOutsideS8_IsIllegal) {
  for (int imm : {128, 255, -129}) {
    run(pixld(SPAGM_PIX_OFFSET, 0, 4, imm));
    expect_clean_fault(SPAGM_RULE_PIX_IMM_S8_RANGE);
    EXPECT_EQ(ex.fault_arg[0], imm);
    EXPECT_EQ(ex.fault_arg[1], 4);
  }
  run(pixld(SPAGM_PIX_OFFSET, 0, 4, -128));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  run(pixld(SPAGM_PIX_OFFSET, 0, 4, 127));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
}

TEST_F(Pixld, PdBeyondPT_IsIllegal) {
  run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, 0, 8));
  expect_clean_fault(SPAGM_RULE_PIX_PD_RANGE);
}

TEST_F(Pixld, InactiveLanes_WriteNothing) {
  samples(4);
  coverage_all(0x1);
  req.lane_mask = 0x80000005u;
  run(pixld(SPAGM_PIX_COVERED, 2, SPAGM_RZ, 0, 3));
  ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.wb_reg[0], 2u);
  EXPECT_EQ(resp.wb_valid[0], 0x80000005u);
  EXPECT_EQ(resp.pd_written, 0x80000005u);
  EXPECT_EQ(resp.pd_value, 0x80000005u);
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    bool on = (0x80000005u >> l) & 1u;
    EXPECT_EQ(resp.wb_value[0][l], on ? kTrue : 0u) << l;
    if (!on) {
      EXPECT_EQ(ex.rule[0][l], SPAGM_RULE_LANE_INACTIVE) << l;
      EXPECT_EQ(ex.rule[SPAGM_EXPLAIN_PD_SLOT][l], SPAGM_RULE_LANE_INACTIVE) << l;
    }
  }
  // Slots 1..3 are never used by PIXLD.
  for (unsigned s = 1; s < SPAGM_WB_SLOTS; s++) EXPECT_EQ(resp.wb_reg[s], SPAGM_RZ);
}

TEST_F(Pixld, NoActiveLanes_WritesNoLane) {
  req.lane_mask = 0;
  run(pixld(SPAGM_PIX_MY_INDEX, 3, SPAGM_RZ, 0, 1));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.wb_valid[0], 0u);
  EXPECT_EQ(resp.pd_written, 0u);
  for (unsigned l = 0; l < SPAGM_LANES; l++) EXPECT_EQ(resp.wb_value[0][l], 0u);
}

TEST_F(Pixld, RdRZ_NoRegisterWriteButPdStillWritten) {
  samples(2);
  coverage_all(0x2);
  run(pixld(SPAGM_PIX_COVERED, SPAGM_RZ, SPAGM_RZ, 1, 4));
  ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.wb_reg[0], SPAGM_RZ);
  EXPECT_EQ(resp.wb_valid[0], 0u);
  EXPECT_EQ(resp.wb_value[0][0], 0u);
  EXPECT_EQ(resp.pd, 4u);
  EXPECT_EQ(resp.pd_written, 0xFFFFFFFFu);
  EXPECT_EQ(resp.pd_value, 0xFFFFFFFFu);
  EXPECT_EQ(ex.rule[SPAGM_EXPLAIN_PD_SLOT][9], SPAGM_RULE_PIX_COVERED_TRUE);
  EXPECT_EQ(ex.rule[0][9], 0u);
}

TEST_F(Pixld, RdRZ_WithoutPd_WritesNothingAtAll) {
  samples(8);
  run(pixld(SPAGM_PIX_COVMASK, SPAGM_RZ));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  spagm_response empty;
  spagm_response_init(&empty, req.tag);
  EXPECT_EQ(std::memcmp(&resp, &empty, sizeof resp), 0);
}

TEST_F(Pixld, Explain_CoveredText_NamesSampleAndCount) {
  samples(8);
  coverage_all(0x20);
  run(pixld(SPAGM_PIX_COVERED, 0, SPAGM_RZ, 5));
  char buf[200];
  spagm_explain_format(&ex, 0, 0, buf, sizeof buf);
  EXPECT_EQ(std::string(buf),
            "PIXLD.COVERED sample 5 < count 8, coverage bit 5 = 1 -> TRUE (R13)");
  EXPECT_STREQ(spagm_rule_name(SPAGM_RULE_PIX_COVERED_TRUE), "PIX_COVERED_TRUE");
}

TEST_F(Pixld, Explain_OffsetText_ShowsPackedWord) {
  samples(4);
  run(pixld(SPAGM_PIX_OFFSET, 0, SPAGM_RZ, 0));
  char buf[200];
  spagm_explain_format(&ex, 0, 0, buf, sizeof buf);
  EXPECT_NE(std::string(buf).find("0xfffafffe"), std::string::npos) << buf;
}

TEST_F(Pixld, FastPath_NullExplain_GivesTheSameResponse) {
  samples(8);
  programmable();
  ssaa(true);
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    req.coverage[l] = static_cast<uint16_t>(0x9B37u >> (l % 9));
    req.sample[l] = static_cast<uint8_t>(l % 8);
    req.a[0][l] = l * 3u;
  }
  req.lane_mask = 0x7FFFFFFEu;
  for (unsigned mode = 0; mode < 8; mode++) {
    spagm_insn i = pixld(mode, 5, mode % 2 ? 2 : SPAGM_RZ, mode % 2 ? -3 : 2, 1);
    spagm_response fast;
    ASSERT_EQ(spagm_execute_insn(m, &i, &req, &fast, nullptr), SPAGM_OK);
    run(i);
    EXPECT_EQ(std::memcmp(&fast, &resp, sizeof fast), 0) << "mode " << mode;
  }
}

TEST_F(Pixld, Execute_NullArguments_IsArgError) {
  spagm_insn i = pixld(SPAGM_PIX_MSCOUNT);
  EXPECT_EQ(spagm_execute_insn(nullptr, &i, &req, &resp, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_execute_insn(m, &i, nullptr, &resp, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_execute_insn(m, &i, &req, nullptr, nullptr), SPAGM_E_ARG);
}

TEST_F(Pixld, Execution_LeavesRasterStateUnchanged) {
  samples(4);
  ssaa(true);
  spagm_raster_config before{}, after{};
  ASSERT_EQ(spagm_pix_get_config(m, &before, nullptr), SPAGM_OK);
  for (unsigned mode = 0; mode < 8; mode++) run(pixld(mode, 0, SPAGM_RZ, 1, 2));
  ASSERT_EQ(spagm_pix_get_config(m, &after, nullptr), SPAGM_OK);
  EXPECT_EQ(after.samples, before.samples);
  EXPECT_EQ(after.ssaa, before.ssaa);
  EXPECT_EQ(after.positions, before.positions);
}

}  // namespace
