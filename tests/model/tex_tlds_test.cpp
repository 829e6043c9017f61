// SPDX-License-Identifier: Apache-2.0
// TLDS execution: the legal modifier table and its Ra/Rb packing, the
// destination tables (wmsk2C, wmsk34C, packed FP16), R24 and the register
// rules of R10 (TLDS.txt; DESIGN R10, R17, R19, R22–R24).
#include "tex_harness.h"

using namespace textest;

namespace {

// Texel value of the coordinate textures: which texel was read.
uint32_t tag(uint32_t x, uint32_t y, uint32_t z, uint32_t level) {
  return x | y << 8 | z << 16 | level << 24 | 0x80000000u;
}

class Tlds : public TexFixture {
 protected:
  // An R32 UINT texture of `type` whose every texel holds tag(...), written
  // at addresses from the test's own layout formulas.
  spagm_tic coord_texture(uint32_t index, unsigned type, uint32_t w, uint32_t h,
                          uint32_t d, unsigned levels, unsigned samples = 1,
                          unsigned yl = 1, unsigned zl = 0) {
    spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_UINT, w, h,
                         0x100000 + 0x100000 * uint64_t{index});
    t.type = type;
    t.depth = d;
    t.max_mip_level = levels - 1;
    t.view_max_level = levels - 1;
    t.block_height_log2 = yl;
    t.block_depth_log2 = zl;
    t.msaa = samples == 1   ? SPAGM_TEXMS_1X1
             : samples == 2 ? SPAGM_TEXMS_2X1
             : samples == 4 ? SPAGM_TEXMS_2X2
             : samples == 8 ? SPAGM_TEXMS_4X2
                            : SPAGM_TEXMS_4X4;
    add_texture(index, t);
    unsigned dims = type == SPAGM_TEXTYPE_3D ? 3
                    : (type == SPAGM_TEXTYPE_1D || type == SPAGM_TEXTYPE_1D_ARRAY) ? 1
                                                                                  : 2;
    bool array = type == SPAGM_TEXTYPE_1D_ARRAY || type == SPAGM_TEXTYPE_2D_ARRAY;
    for (unsigned l = 0; l < levels; l++) {
      uint32_t lw = std::max(1u, w >> l), lh = dims >= 2 ? std::max(1u, h >> l) : 1;
      uint32_t ld = dims == 3 ? std::max(1u, d >> l) : array ? d : 1;
      for (uint32_t z = 0; z < ld; z++)
        for (uint32_t y = 0; y < lh; y++)
          for (uint32_t x = 0; x < lw; x++)
            for (unsigned s = 0; s < samples; s++)
              write32(ref_texel_address(t, 4, dims, x, y, dims == 3 ? z : 0,
                                        array ? z : 0, l, s, samples),
                      tag(x, y, z | s << 4, l));
    }
    return t;
  }

  // Lane i reads coordinate (i % 8, i / 8) unless a test overrides it.
  void lane_coords_2d(unsigned sa, unsigned sb, bool b_slot_t) {
    for (unsigned l = 0; l < 32; l++) {
      req.a[sa][l] = l % 8;
      if (b_slot_t)
        req.b[sb][l] = l / 8;
      else
        req.a[sb][l] = l / 8;
    }
  }

  void expect_r0(std::function<uint32_t(unsigned)> want) {
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE) << fault_text();
    ASSERT_EQ(resp.wb_reg[0], 0u);
    EXPECT_EQ(resp.wb_valid[0], 0xFFFFFFFFu);
    for (unsigned l = 0; l < 32; l++)
      EXPECT_EQ(resp.wb_value[0][l], want(l)) << "lane " << l << ": " << explain(0, l);
  }
};

// ---- Legal modifier table: one test per row -------------------------------

TEST_F(Tlds, Row0_1D_LZ_SFromRa_RbRZ) {
  coord_texture(1, SPAGM_TEXTYPE_1D, 40, 1, 1, 1);
  for (unsigned l = 0; l < 32; l++) req.a[0][l] = l + 3;
  run(tlds(0, SPAGM_RZ, 0, 2, SPAGM_RZ, 1, 0));
  expect_r0([](unsigned l) { return tag(l + 3, 0, 0, 0); });
  EXPECT_EQ(explain(0, 5), "TLDS texel s=8 at level 0 (R17, R21)");
}

TEST_F(Tlds, Row1_1D_LL_LodFromRb) {
  coord_texture(1, SPAGM_TEXTYPE_1D, 64, 1, 1, 3);
  for (unsigned l = 0; l < 32; l++) req.a[0][l] = l % 16, req.b[0][l] = l / 16 + 1;
  run(tlds(1, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect_r0([](unsigned l) { return tag(l % 16, 0, 0, l / 16 + 1); });
}

TEST_F(Tlds, Row2_2D_LZ_SFromRa_TFromRb) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  lane_coords_2d(0, 0, true);
  run(tlds(2, SPAGM_RZ, 0, 3, 5, 1, 0));
  expect_r0([](unsigned l) { return tag(l % 8, l / 8, 0, 0); });
}

TEST_F(Tlds, Row4_2D_LZ_AOFFI_OffsetsFromRb) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 16, 16, 1, 1);
  lane_coords_2d(0, 1, false);
  b(0, 0x000000F3u);  // u = +3, v = -1; bits above [7:0] (w) are ignored
  for (unsigned l = 0; l < 32; l++) req.a[1][l] = l / 8 + 1;
  run(tlds(4, SPAGM_RZ, 0, 2, 5, 1, 0));
  expect_r0([](unsigned l) { return tag(l % 8 + 3, l / 8, 0, 0); });
}

TEST_F(Tlds, Row5_2D_LL_LodFromRb) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 16, 16, 1, 3);
  lane_coords_2d(0, 1, false);
  b(0, 1);
  run(tlds(5, SPAGM_RZ, 0, 2, 5, 1, 0));
  expect_r0([](unsigned l) { return tag(l % 8, l / 8, 0, 1); });
}

TEST_F(Tlds, Row6_2D_LZ_MS_SampleFromRb) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 4, 4, 1, 1, 8);
  for (unsigned l = 0; l < 32; l++)
    req.a[0][l] = l % 4, req.a[1][l] = (l / 4) % 4, req.b[0][l] = l % 8;
  spagm_insn i = tlds(6, SPAGM_RZ, 0, 2, 5, 1, 0);
  run(i);
  expect_r0([](unsigned l) { return tag(l % 4, (l / 4) % 4, (l % 8) << 4, 0); });
  EXPECT_EQ(explain(0, 9), "TLDS texel s=1 t=2 sample 1 (R20, R21)");
}

TEST_F(Tlds, Row7_3D_LZ_RFromRb) {
  coord_texture(1, SPAGM_TEXTYPE_3D, 8, 4, 6, 1, 1, 0, 1);
  for (unsigned l = 0; l < 32; l++)
    req.a[0][l] = l % 8, req.a[1][l] = l % 4, req.b[0][l] = l % 6;
  run(tlds(7, SPAGM_RZ, 0, 2, 5, 1, 0));
  expect_r0([](unsigned l) { return tag(l % 8, l % 4, l % 6, 0); });
}

TEST_F(Tlds, Row8_Array2D_LayerFromRaLow16_STFromRb) {
  coord_texture(1, SPAGM_TEXTYPE_2D_ARRAY, 8, 8, 5, 1);
  for (unsigned l = 0; l < 32; l++)
    req.a[0][l] = 0xABCD0000u | (l % 5), req.b[0][l] = l % 8, req.b[1][l] = l / 8;
  run(tlds(8, SPAGM_RZ, 0, 3, 4, 1, 0));
  expect_r0([](unsigned l) { return tag(l % 8, l / 8, l % 5, 0); });
  EXPECT_EQ(explain(0, 7), "TLDS texel s=7 t=0 of layer 2 (R17, R21)");
}

TEST_F(Tlds, Row12_2D_LL_AOFFI_LodAndOffsetFromRb) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 32, 32, 1, 2);
  lane_coords_2d(0, 1, false);
  b(0, 1);     // lod
  b(1, 0x2Eu); // u = -2, v = +2
  for (unsigned l = 0; l < 32; l++) req.a[0][l] = l % 8 + 2;
  run(tlds(12, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect_r0([](unsigned l) { return tag(l % 8, l / 8 + 2, 0, 1); });
}

TEST_F(Tlds, LZ_ReadsTheViewMinimumLevel) {
  spagm_tic t = coord_texture(1, SPAGM_TEXTYPE_2D, 16, 16, 1, 3);
  t.view_min_level = 2;
  t.view_max_level = 2;
  add_texture(1, t);
  for (unsigned l = 0; l < 32; l++) req.a[0][l] = l % 4, req.b[0][l] = (l / 4) % 4;
  run(tlds(2, SPAGM_RZ, 0, 3, 5, 1, 0));
  expect_r0([](unsigned l) { return tag(l % 4, (l / 4) % 4, 0, 2); });
}

TEST_F(Tlds, LL_CountsFromTheViewMinimumLevel) {
  spagm_tic t = coord_texture(1, SPAGM_TEXTYPE_2D, 16, 16, 1, 4);
  t.view_min_level = 1;
  add_texture(1, t);
  lane_coords_2d(0, 1, false);
  for (unsigned l = 0; l < 32; l++) req.a[0][l] = l % 2, req.a[1][l] = l / 16, req.b[0][l] = 2;
  run(tlds(5, SPAGM_RZ, 0, 2, 5, 1, 0));
  expect_r0([](unsigned l) { return tag(l % 2, l / 16, 0, 3); });
}

TEST_F(Tlds, NodepAndPhase_HaveNoEffect_TLDS) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  lane_coords_2d(0, 0, true);
  spagm_insn i = tlds(2, SPAGM_RZ, 0, 3, 5, 1, 0);
  run(i);
  spagm_response plain = resp;
  i.nodep = true;
  i.phase = SPAGM_PHASE_P;
  run(i);
  EXPECT_EQ(std::memcmp(&plain, &resp, sizeof resp), 0);
  i.phase = SPAGM_PHASE_T;
  run(i);
  EXPECT_EQ(std::memcmp(&plain, &resp, sizeof resp), 0);
}

TEST_F(Tlds, InactiveLanes_AreNotWritten_Common) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  lane_coords_2d(0, 0, true);
  req.lane_mask = 0x0000F00Fu;
  run(tlds(2, SPAGM_RZ, 0, 3, 5, 1, 0));
  EXPECT_EQ(resp.wb_valid[0], 0x0000F00Fu);
  EXPECT_EQ(resp.wb_value[0][4], 0u);
  EXPECT_EQ(resp.wb_value[0][12], tag(4, 1, 0, 0));
}

TEST_F(Tlds, SelectedConstantBank_ChoosesTheHeader) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  spagm_tic t2 = coord_texture(2, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  (void)t2;
  // Bank 5 word 1 points at header 2 (sampler bits [31:20] are ignored).
  ASSERT_EQ(spagm_tex_set_cbank_word(m, 5, 1, 0xFFF00002u), SPAGM_OK);
  ASSERT_EQ(spagm_tex_select_cbank(m, 5), SPAGM_OK);
  // Overwrite one texel of texture 2 to tell the two apart.
  write32(ref_texel_address(t2, 4, 2, 3, 0, 0, 0, 0), 0xC0FFEEu);
  for (unsigned l = 0; l < 32; l++) req.a[0][l] = 3, req.b[0][l] = 0;
  run(tlds(2, SPAGM_RZ, 0, 3, 5, 1, 0));
  expect_r0([](unsigned) { return 0xC0FFEEu; });
}

// ---- Illegal rows and combinations ------------------------------------------

TEST_F(Tlds, TargetEncodingsOutsideTheTable_AreIllegal_TLDS) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  for (unsigned row : {3u, 9u, 10u, 11u, 13u, 14u, 15u, 16u}) {
    spagm_insn i = tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0);
    i.tlds_encoding = static_cast<uint8_t>(row);
    run(i);
    EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) << row;
    EXPECT_EQ(resp.fault_lanes, 0xFFFFFFFFu);
    EXPECT_EQ(resp.wb_reg[0], SPAGM_RZ);
    EXPECT_EQ(ex.fault_rule, SPAGM_RULE_TEX_ENCODING_ILLEGAL);
    EXPECT_EQ(ex.fault_arg[0], static_cast<int32_t>(row));
  }
}

TEST_F(Tlds, EveryCombinationOutsideTheTable_IsIllegal_TLDS) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  unsigned refused = 0;
  for (unsigned p = 0; p < 4; p++)
    for (unsigned lod = 0; lod < 2; lod++)
      for (unsigned ao = 0; ao < 2; ao++)
        for (unsigned ms = 0; ms < 2; ms++) {
          auto param = static_cast<spagm_tex_param>(p);
          auto l = static_cast<spagm_tex_lod>(lod);
          if (spagm_tlds_encoding_of(param, l, ao, ms) >= 0) continue;
          // The same fields on every legal row's encoding: never consistent.
          for (unsigned row : {0u, 1u, 2u, 4u, 5u, 6u, 7u, 8u, 12u}) {
            spagm_insn i = tlds(row, SPAGM_RZ, 0, 2, 4, 1, 0);
            i.param = param, i.lod = l, i.aoffi = ao, i.ms = ms;
            run(i);
            EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
            EXPECT_EQ(ex.fault_rule, SPAGM_RULE_TEX_MODIFIERS_MISMATCH);
          }
          refused++;
        }
  EXPECT_EQ(refused, 32u - 9u);  // 9 legal rows of 4x2x2x2 combinations
}

TEST_F(Tlds, AoffiOn1D_Refused_TLDS) {
  spagm_insn i = tlds(0, SPAGM_RZ, 0, 2, SPAGM_RZ, 1, 0);
  i.aoffi = true;
  run(i);
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(fault_text(),
            "TLDS modifiers 0x100 (paramA | .LL<<4 | .AOFFI<<8 | .MS<<12) are not "
            "those of legal-table row 0 -> ILLEGAL_INSTR_ENCODING (N73)");
}

TEST_F(Tlds, MSWithLL_Refused_TLDS) {
  spagm_insn i = tlds(5, SPAGM_RZ, 0, 2, 4, 1, 0);
  i.ms = true;
  run(i);
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(ex.fault_rule, SPAGM_RULE_TEX_MODIFIERS_MISMATCH);
}

TEST_F(Tlds, TexIndexBeyond13Bits_Refused) {
  spagm_insn i = tlds(2, SPAGM_RZ, 0, 2, 4, 0x2000, 0);
  run(i);
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(ex.fault_rule, SPAGM_RULE_TEX_FIELD_RANGE);
  i.tex_index = 0x1FFF;
  run(i);
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
}

TEST_F(Tlds, Wmsk5To7WithRd1_NotIn34CTable) {
  for (unsigned w = 5; w < 8; w++) {
    run(tlds(2, 8, 0, 2, 4, 1, w));
    EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) << w;
    EXPECT_EQ(ex.fault_rule, SPAGM_RULE_TEX_WMSK_34C_ILLEGAL);
  }
}

// ---- Register rules (R10) -------------------------------------------------

TEST_F(Tlds, RaRZ_Illegal) {
  run(tlds(2, SPAGM_RZ, 0, SPAGM_RZ, 4, 1, 0));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(ex.fault_rule, SPAGM_RULE_TEX_RA_RZ);
}

TEST_F(Tlds, RequiredRbRZ_Illegal) {
  for (unsigned row : {1u, 2u, 4u, 5u, 6u, 7u, 8u, 12u}) {
    run(tlds(row, SPAGM_RZ, 0, 2, SPAGM_RZ, 1, 0));
    EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) << row;
    EXPECT_EQ(ex.fault_rule, SPAGM_RULE_TEX_RB_RZ) << row;
  }
}

TEST_F(Tlds, RbGivenForRow0_Illegal) {
  run(tlds(0, SPAGM_RZ, 0, 2, 4, 1, 0));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(ex.fault_rule, SPAGM_RULE_TEX_RB_NOT_RZ);
  EXPECT_EQ(ex.fault_arg[1], 4);
}

TEST_F(Tlds, OddRaForVec2Rows_Illegal) {
  for (unsigned row : {4u, 5u, 6u, 7u, 12u}) {
    run(tlds(row, SPAGM_RZ, 0, 3, 4, 1, 0));
    EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) << row;
    EXPECT_EQ(ex.fault_rule, SPAGM_RULE_TEX_REG_MISALIGNED);
    EXPECT_EQ(ex.fault_arg[2], 2);  // Ra
  }
  // A scalar Ra may be odd.
  run(tlds(2, SPAGM_RZ, 0, 3, 5, 1, 0));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
}

TEST_F(Tlds, OddRbForVec2Rows_Illegal) {
  for (unsigned row : {8u, 12u}) {
    run(tlds(row, SPAGM_RZ, 0, 2, 5, 1, 0));
    EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) << row;
    EXPECT_EQ(ex.fault_arg[2], 3);  // Rb
  }
}

TEST_F(Tlds, OddRd0ReceivingTwoRegisters_Illegal) {
  run(tlds(2, SPAGM_RZ, 1, 2, 4, 1, 4));  // RG into R1, R2
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(ex.fault_arg[0], 1);
  EXPECT_EQ(ex.fault_arg[2], 0);  // Rd0
  run(tlds(2, 9, 1, 2, 4, 1, 0));  // RGB: Rd0 vec2
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  run(tlds(2, SPAGM_RZ, 1, 2, 4, 1, 3));  // A: scalar Rd0 may be odd
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
}

TEST_F(Tlds, OddRd1ReceivingTwoRegisters_Illegal) {
  run(tlds(2, 5, 0, 2, 4, 1, 4));  // RGBA: Rd1 vec2
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(ex.fault_arg[2], 1);
  run(tlds(2, 5, 0, 2, 4, 1, 1));  // RGA: Rd1 scalar may be odd
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
}

TEST_F(Tlds, F16DestinationsAreScalars_OddRegistersLegal) {
  run(tlds(2, 5, 3, 2, 4, 1, 4, true));  // .F16 RGBA: one register each
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE) << fault_text();
  EXPECT_EQ(resp.wb_reg[0], 3u);
  EXPECT_EQ(resp.wb_reg[2], 5u);
}

TEST_F(Tlds, BothDestinationsRZ_WriteNothing) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  run(tlds(2, SPAGM_RZ, SPAGM_RZ, 2, 4, 1, 4));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  for (unsigned s = 0; s < 4; s++) {
    EXPECT_EQ(resp.wb_reg[s], SPAGM_RZ);
    EXPECT_EQ(resp.wb_valid[s], 0u);
  }
  EXPECT_EQ(ex.rule[0][3], SPAGM_RULE_TEX_R24_NO_DEST);
}

TEST_F(Tlds, BothDestinationsRZ_StillChecksSources) {
  run(tlds(2, SPAGM_RZ, SPAGM_RZ, SPAGM_RZ, 4, 1, 0));
  EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
}

TEST_F(Tlds, Rd0RZWithRd1_WritesOnlyRd1) {
  coord_texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  lane_coords_2d(0, 0, true);
  run(tlds(2, 6, SPAGM_RZ, 3, 5, 1, 4));  // RGBA: B, A to R6, R7
  EXPECT_EQ(resp.wb_reg[0], SPAGM_RZ);
  EXPECT_EQ(resp.wb_reg[1], SPAGM_RZ);
  EXPECT_EQ(resp.wb_reg[2], 6u);
  EXPECT_EQ(resp.wb_reg[3], 7u);
  EXPECT_EQ(resp.wb_value[2][9], 0u);           // B of an R32 texture: 0
  EXPECT_EQ(resp.wb_value[3][9], 1u);           // A of an R32 UINT: 1 (N67)
}

// ---- Destination tables ------------------------------------------------------

constexpr uint32_t kR = 0x11111111u, kG = 0x22222222u, kB = 0x33333333u,
                   kA = 0x44444444u;
constexpr uint32_t kComp[4] = {kR, kG, kB, kA};
constexpr uint16_t kHalf[4] = {0x3C00, 0x4000, 0x4200, 0x4400};  // 1, 2, 3, 4
constexpr unsigned kNone = 9;

class TldsWmsk : public Tlds {
 protected:
  void SetUp() override {
    Tlds::SetUp();
    spagm_tic t = tic_2d(SPAGM_TEXFMT_R32_G32_B32_A32, SPAGM_TEXDT_UINT, 1, 1);
    add_texture(1, t);
    write(t.address, kComp, 16);
    spagm_tic f = tic_2d(SPAGM_TEXFMT_R32_G32_B32_A32, SPAGM_TEXDT_FLOAT, 1, 1,
                         0x200000);
    add_texture(2, f);
    const float v[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    write(f.address, v, 16);
  }

  // 32-bit table: slot i receives component c[i] (kNone: slot unused).
  void check32(unsigned rd1, unsigned wmsk, unsigned c0, unsigned c1,
               unsigned c2, unsigned c3) {
    run(tlds(2, rd1, 10, 2, 4, 1, wmsk));
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE) << fault_text();
    const unsigned want[4] = {c0, c1, c2, c3};
    const unsigned regs[4] = {10, 11, rd1, rd1 + 1};
    for (unsigned s = 0; s < 4; s++) {
      if (want[s] == kNone) {
        EXPECT_EQ(resp.wb_reg[s], SPAGM_RZ) << "slot " << s;
        EXPECT_EQ(resp.wb_valid[s], 0u);
        continue;
      }
      EXPECT_EQ(resp.wb_reg[s], regs[s]) << "slot " << s;
      EXPECT_EQ(resp.wb_valid[s], 0xFFFFFFFFu);
      EXPECT_EQ(resp.wb_value[s][17], kComp[want[s]]) << "slot " << s;
      EXPECT_EQ(resp.wb_dontcare[s][17], 0u);
    }
  }

  // FP16 table: Rd0 = lo0 | hi0 << 16, Rd1 = lo1 | hi1 << 16 (kNone: 0).
  void check16(unsigned rd1, unsigned wmsk, unsigned lo0, unsigned hi0,
               unsigned lo1, unsigned hi1) {
    run(tlds(2, rd1, 10, 2, 4, 2, wmsk, true));
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE) << fault_text();
    auto h = [](unsigned c) { return c == kNone ? 0u : uint32_t{kHalf[c]}; };
    EXPECT_EQ(resp.wb_reg[0], 10u);
    EXPECT_EQ(resp.wb_value[0][3], h(lo0) | h(hi0) << 16);
    EXPECT_EQ(resp.wb_reg[1], SPAGM_RZ);  // packed: never Rd0+1
    EXPECT_EQ(resp.wb_reg[3], SPAGM_RZ);  // nor Rd1+1
    if (lo1 == kNone) {
      EXPECT_EQ(resp.wb_reg[2], SPAGM_RZ);
    } else {
      EXPECT_EQ(resp.wb_reg[2], rd1);
      EXPECT_EQ(resp.wb_value[2][3], h(lo1) | h(hi1) << 16);
    }
  }
};

#define W32(name, rd1, wmsk, c0, c1, c2, c3) \
  TEST_F(TldsWmsk, name) { check32(rd1, wmsk, c0, c1, c2, c3); }
#define W16(name, rd1, wmsk, lo0, hi0, lo1, hi1) \
  TEST_F(TldsWmsk, name) { check16(rd1, wmsk, lo0, hi0, lo1, hi1); }

// TLDS.txt 32-bit table, Rd1 = RZ (wmsk2C).
W32(Wmsk2C_R0_R_ToRd0_R23, SPAGM_RZ, 0, 0, kNone, kNone, kNone)
W32(Wmsk2C_G1_G_ToRd0_R23, SPAGM_RZ, 1, 1, kNone, kNone, kNone)
W32(Wmsk2C_B2_B_ToRd0_R23, SPAGM_RZ, 2, 2, kNone, kNone, kNone)
W32(Wmsk2C_A3_A_ToRd0_R23, SPAGM_RZ, 3, 3, kNone, kNone, kNone)
W32(Wmsk2C_RG4_ToRd0Rd0p1_R23, SPAGM_RZ, 4, 0, 1, kNone, kNone)
W32(Wmsk2C_RA5_ToRd0Rd0p1_R23, SPAGM_RZ, 5, 0, 3, kNone, kNone)
W32(Wmsk2C_GA6_ToRd0Rd0p1_R23, SPAGM_RZ, 6, 1, 3, kNone, kNone)
W32(Wmsk2C_BA7_ToRd0Rd0p1_R23, SPAGM_RZ, 7, 2, 3, kNone, kNone)
// TLDS.txt 32-bit table, Rd1 != RZ (wmsk34C, encodings of the table: R23).
W32(Wmsk34C_RGB0_RGToRd0_BToRd1_R23, 20, 0, 0, 1, 2, kNone)
W32(Wmsk34C_RGA1_RGToRd0_AToRd1_R23, 20, 1, 0, 1, 3, kNone)
W32(Wmsk34C_RBA2_RBToRd0_AToRd1_R23, 20, 2, 0, 2, 3, kNone)
W32(Wmsk34C_GBA3_GBToRd0_AToRd1_R23, 20, 3, 1, 2, 3, kNone)
W32(Wmsk34C_RGBA4_RGToRd0_BAToRd1_R23, 20, 4, 0, 1, 2, 3)
// TLDS.txt packed FP16 table, Rd1 = RZ.
W16(F16Wmsk2C_R0_LowHalf_R22, SPAGM_RZ, 0, 0, kNone, kNone, kNone)
W16(F16Wmsk2C_G1_LowHalf_R22, SPAGM_RZ, 1, 1, kNone, kNone, kNone)
W16(F16Wmsk2C_B2_LowHalf_R22, SPAGM_RZ, 2, 2, kNone, kNone, kNone)
W16(F16Wmsk2C_A3_LowHalf_R22, SPAGM_RZ, 3, 3, kNone, kNone, kNone)
W16(F16Wmsk2C_RG4_Packed_R22, SPAGM_RZ, 4, 0, 1, kNone, kNone)
W16(F16Wmsk2C_RA5_Packed_R22, SPAGM_RZ, 5, 0, 3, kNone, kNone)
W16(F16Wmsk2C_GA6_Packed_R22, SPAGM_RZ, 6, 1, 3, kNone, kNone)
W16(F16Wmsk2C_BA7_Packed_R22, SPAGM_RZ, 7, 2, 3, kNone, kNone)
// TLDS.txt packed FP16 table, Rd1 != RZ.
W16(F16Wmsk34C_RGB0_BLowInRd1_R22, 21, 0, 0, 1, 2, kNone)
W16(F16Wmsk34C_RGA1_ALowInRd1_R22, 21, 1, 0, 1, 3, kNone)
W16(F16Wmsk34C_RBA2_ALowInRd1_R22, 21, 2, 0, 2, 3, kNone)
W16(F16Wmsk34C_GBA3_ALowInRd1_R22, 21, 3, 1, 2, 3, kNone)
W16(F16Wmsk34C_RGBA4_BAInRd1_R22, 21, 4, 0, 1, 2, 3)

TEST_F(TldsWmsk, Rd0OfR254_SecondRegisterIsRZ) {
  run(tlds(2, SPAGM_RZ, 254, 2, 4, 1, 4));
  ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.wb_reg[0], 254u);
  EXPECT_EQ(resp.wb_reg[1], SPAGM_RZ);
}

}  // namespace
