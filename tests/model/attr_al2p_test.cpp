// SPDX-License-Identifier: Apache-2.0
// AL2P (R7, N30): the al2pResult_vtg_t layout, unmapped and out-of-range
// results, Pd = "all components mapped", .I vs .O BMAPs, and the AL2P ->
// ALD.PHYS / AST.PHYS pairs of ALD.txt and AST.txt.
#include <gtest/gtest.h>

#include "attr_harness.h"

namespace {

using attrtest::AttrFixture;
using attrtest::Map;
using attrtest::skew;

class Al2p : public AttrFixture {
 protected:
  Map in{{0x070, 0x07C}, {0x080, 0x084}, {0x200, 0x20C}};
  Map out{{0x090, 0x09C}};
  void SetUp() override {
    AttrFixture::SetUp();
    stage(SPAGM_STAGE_GS);
    in_bmap(in);
    out_bmap(out);
  }
};

TEST_F(Al2p, Mapped_GivesLogicalAddressAndRank) {
  each_lane([&](unsigned l) { req.a[0][l] = 0x200 + 4 * (l % 4); });
  run("AL2P R0, R1, 0;");
  EXPECT_EQ(resp.wb_reg[0], 0u);
  for (unsigned l = 0; l < 32; l++) {
    const uint32_t a = 0x200 + 4 * (l % 4);
    EXPECT_EQ(resp.wb_value[0][l], a | in.rank(a) << 10);
    EXPECT_EQ(rule(0, l), SPAGM_RULE_AL2P_MAPPED);
  }
}

TEST_F(Al2p, Unmapped_SetsBit31_KeepsLogicalAddress) {
  lanes(1);
  req.a[0][0] = 0x88;
  run("AL2P R0, R1, 0;");
  EXPECT_EQ(resp.wb_value[0][0], 0x80000088u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_AL2P_UNMAPPED);
}

TEST_F(Al2p, OutOfRange_SetsBit31) {
  lanes(3);
  req.a[0][0] = 1020;  // + 4 = 1024
  req.a[0][1] = 0;     // - 4
  run("AL2P R0, R1, 4;");
  EXPECT_EQ(resp.wb_value[0][0], 0x80000000u);
  EXPECT_EQ(rule(0, 0), SPAGM_RULE_AL2P_OUT_OF_RANGE);
  run("AL2P R0, R1, -4;");
  EXPECT_EQ(resp.wb_value[0][1], 0x80000000u | (0xFFFFFFFCu & 0x3FF));
}

TEST_F(Al2p, Pd_AllComponentsMapped) {
  lanes(0xF);
  req.a[0][0] = 0x70;  // .128 0x70..0x7C all mapped
  req.a[0][1] = 0x80;  // 0x80, 0x84 mapped; 0x88, 0x8C not
  req.a[0][2] = 0x200;
  req.a[0][3] = 0x3F0;
  run("AL2P.128 R0, P2, R1, 0;");
  EXPECT_EQ(resp.pd, 2u);
  EXPECT_EQ(resp.pd_written, 0xFu);
  EXPECT_EQ(resp.pd_value, 0x5u);
  EXPECT_EQ(rule(SPAGM_EXPLAIN_PD_SLOT, 1), SPAGM_RULE_AL2P_PD);
  // The register result describes the first component only.
  EXPECT_EQ(resp.wb_value[0][1], 0x80u | in.rank(0x80) << 10);
}

TEST_F(Al2p, Pd_64_SecondComponentUnmapped_False) {
  lanes(1);
  req.a[0][0] = 0x80;
  run("AL2P.64 R0, P0, R1, 0;");
  EXPECT_EQ(resp.pd_value, 1u);  // 0x80, 0x84
  req.a[0][0] = 0x84;            // aligned to 0x80 (N30)
  run("AL2P.64 R0, P0, R1, 0;");
  EXPECT_EQ(resp.pd_value, 1u);
  EXPECT_EQ(resp.wb_value[0][0] & 0x3FF, 0x80u);
  req.a[0][0] = 0x7C - 4;  // 0x78 .64: 0x78, 0x7C
  run("AL2P.96 R0, P0, R1, 0;");  // 0x70..0x78
  EXPECT_EQ(resp.pd_value, 1u);
}

TEST_F(Al2p, PdPT_NoPredicateWrite) {
  run("AL2P R0, R1, 0;");
  EXPECT_EQ(resp.pd, SPAGM_PT);
  EXPECT_EQ(resp.pd_written, 0u);
}

TEST_F(Al2p, Output_UsesOutputBmap) {
  lanes(1);
  req.a[0][0] = 0x98;
  run("AL2P.O R0, R1, 0;");
  EXPECT_EQ(resp.wb_value[0][0], 0x98u | out.rank(0x98) << 10);
  run("AL2P.I R0, R1, 0;");
  EXPECT_EQ(resp.wb_value[0][0], 0x80000098u);
}

TEST_F(Al2p, NegativeImmediate_FromRa_AST_Example) {
  lanes(1);
  req.a[0][0] = 0x90 + 32;
  run("AL2P.O.128 R0, R1, -32;");
  EXPECT_EQ(resp.wb_value[0][0], 0x90u | out.rank(0x90) << 10);
}

TEST_F(Al2p, Pair_AldPhys32_ReadsLikeImmediate) {
  vertices(40);
  for (unsigned v = 0; v < 40; v++) put(SPAGM_SPACE_ISBE_IN, v, 0x204, 0x4000 + v);
  each_lane([&](unsigned l) {
    req.a[0][l] = 0x204;
    req.b[0][l] = l + 8;
  });
  run("AL2P.I R0, R1, 0;");
  each_lane([&](unsigned l) { req.a[0][l] = resp.wb_value[0][l]; });  // R0 -> Ra
  run("ALD.I.PHYS R2, a[R0], R5;");
  for (unsigned l = 0; l < 32; l++) EXPECT_EQ(resp.wb_value[0][l], 0x4000u + l + 8);
}

TEST_F(Al2p, Pair_AstPhys32_StoresLikeImmediate) {
  stage(SPAGM_STAGE_VSA);
  out_bmap(out);
  vertex_is_lane();
  each_lane([&](unsigned l) {
    req.a[0][l] = 0x94 + 32;
    req.d[0][l] = 0xE000 + l;
  });
  run("AL2P.O R0, R1, -32;");
  each_lane([&](unsigned l) { req.a[0][l] = resp.wb_value[0][l]; });
  run("AST.PHYS a[R0], R2;");
  for (unsigned l = 0; l < 32; l++)
    EXPECT_EQ(resp.st_addr[0][l], skew(l, out.rank(0x94), out.count()));
}

TEST_F(Al2p, Al2pInTI_LegalAndUsesRa) {
  stage(SPAGM_STAGE_TI);
  lanes(1);
  req.a[0][0] = 0x70;
  run("AL2P R0, R1, 4;");
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.wb_value[0][0], 0x74u | in.rank(0x74) << 10);
}

}  // namespace
