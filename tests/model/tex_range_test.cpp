// SPDX-License-Identifier: Apache-2.0
// TLDS out-of-range and invalid cases: every class of R18 at its boundary,
// AOFFI across an edge (R19), header validity (N62) and .F16 of integer
// textures (R22).
#include "tex_harness.h"

using namespace textest;

namespace {

constexpr uint32_t kTexel = 0x5EED0001u;  // what in-range reads return

class TexRange : public TexFixture {
 protected:
  // An R32 UINT texture whose every texel holds kTexel.
  spagm_tic texture(uint32_t index, unsigned type, uint32_t w, uint32_t h,
                    uint32_t d, unsigned levels, unsigned msaa = SPAGM_TEXMS_1X1) {
    spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_UINT, w, h,
                         0x100000 + 0x400000 * uint64_t{index});
    t.type = type;
    t.depth = d;
    t.max_mip_level = levels - 1;
    t.view_max_level = levels - 1;
    t.msaa = msaa;
    add_texture(index, t);
    // Fill generously: 4 MiB of kTexel covers every level and layer used.
    std::vector<uint32_t> fill(0x100000, kTexel);
    write(t.address, fill.data(), fill.size() * 4);
    return t;
  }

  // Lane 0 reads coordinate set A, lane 1 set B; everything else inactive.
  void two_lanes() { req.lane_mask = 0x3u; }

  void expect(unsigned lane, uint32_t value, unsigned rule) {
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE) << fault_text();
    EXPECT_EQ(resp.wb_value[0][lane], value) << explain(0, lane);
    EXPECT_EQ(resp.wb_dontcare[0][lane], 0u);
    EXPECT_EQ(ex.rule[0][lane], rule) << explain(0, lane);
  }
};

// ---- Coordinates -------------------------------------------------------------

TEST_F(TexRange, SAtWidthMinusOneReads_AtWidthZero) {
  texture(1, SPAGM_TEXTYPE_2D, 13, 7, 1, 1);
  two_lanes();
  req.a[0][0] = 12, req.a[0][1] = 13;
  b(0, 6);
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_S_OOR);
  EXPECT_EQ(explain(0, 1), "TLDS s=13 outside width 13 at level 0 -> 0 (R18)");
}

TEST_F(TexRange, NegativeS_Zero) {
  texture(1, SPAGM_TEXTYPE_2D, 13, 7, 1, 1);
  two_lanes();
  req.a[0][0] = 0, req.a[0][1] = 0xFFFFFFFFu;  // -1 as a signed coordinate
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_S_OOR);
  EXPECT_EQ(ex.arg[0][1][0], -1);
}

TEST_F(TexRange, HugeUnsignedS_IsNegative_Zero) {
  texture(1, SPAGM_TEXTYPE_2D, 13, 7, 1, 1);
  req.lane_mask = 1;
  req.a[0][0] = 0x80000000u;
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, 0, SPAGM_RULE_TEX_S_OOR);
}

TEST_F(TexRange, TAtHeight_Zero_NegativeT_Zero) {
  texture(1, SPAGM_TEXTYPE_2D, 13, 7, 1, 1);
  req.lane_mask = 0x7u;
  a(0, 3);
  req.b[0][0] = 6, req.b[0][1] = 7, req.b[0][2] = 0xFFFFFFF0u;
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_T_OOR);
  expect(2, 0, SPAGM_RULE_TEX_T_OOR);
}

TEST_F(TexRange, RAtDepth_Zero) {
  texture(1, SPAGM_TEXTYPE_3D, 4, 4, 5, 1);
  two_lanes();
  a(0, 1), a(1, 1);
  req.b[0][0] = 4, req.b[0][1] = 5;
  run(tlds(7, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_3D);
  expect(1, 0, SPAGM_RULE_TEX_R_OOR);
}

TEST_F(TexRange, SizeShrinksWithLevel_Boundary) {
  texture(1, SPAGM_TEXTYPE_2D, 13, 7, 1, 3);  // level 2: 3 x 1
  two_lanes();
  b(0, 2);  // lod 2
  req.a[0][0] = 2, req.a[0][1] = 3;
  req.a[1][0] = 0, req.a[1][1] = 0;
  run(tlds(5, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_S_OOR);
  EXPECT_EQ(explain(0, 1), "TLDS s=3 outside width 3 at level 2 -> 0 (R18)");
}

// ---- Levels ------------------------------------------------------------------

TEST_F(TexRange, LodAtViewMax_Reads_Beyond_Zero) {
  texture(1, SPAGM_TEXTYPE_2D, 16, 16, 1, 3);
  two_lanes();
  req.b[0][0] = 2, req.b[0][1] = 3;
  run(tlds(5, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_LEVEL_OOR);
  EXPECT_EQ(explain(0, 1), "TLDS level 3 beyond the last level 2 of the view -> 0 (R18)");
}

TEST_F(TexRange, ViewMaxAboveStoredLevels_StoredLevelsWin) {
  spagm_tic t = texture(1, SPAGM_TEXTYPE_2D, 16, 16, 1, 2);
  t.view_max_level = 5;
  add_texture(1, t);
  two_lanes();
  req.b[0][0] = 1, req.b[0][1] = 2;
  run(tlds(5, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_LEVEL_OOR);
}

TEST_F(TexRange, HugeLod_DoesNotWrap) {
  spagm_tic t = texture(1, SPAGM_TEXTYPE_2D, 16, 16, 1, 3);
  t.view_min_level = 1;
  add_texture(1, t);
  req.lane_mask = 1;
  b(0, 0xFFFFFFFFu);  // view min 1 + (2^32 - 1) must not wrap to level 0
  run(tlds(5, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, 0, SPAGM_RULE_TEX_LEVEL_OOR);
}

TEST_F(TexRange, ViewMinAboveViewMax_LZZero) {
  spagm_tic t = texture(1, SPAGM_TEXTYPE_2D, 16, 16, 1, 3);
  t.view_min_level = 2;
  t.view_max_level = 1;
  add_texture(1, t);
  req.lane_mask = 1;
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, 0, SPAGM_RULE_TEX_LEVEL_OOR);
}

TEST_F(TexRange, NoMipmapType_HasOnlyLevel0) {
  spagm_tic t = texture(1, SPAGM_TEXTYPE_2D_NO_MIPMAP, 16, 16, 1, 3);
  (void)t;
  two_lanes();
  req.b[0][0] = 0, req.b[0][1] = 1;
  run(tlds(5, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_LEVEL_OOR);
}

// ---- Layers and samples --------------------------------------------------------

TEST_F(TexRange, LayerAtArraySizeMinusOne_Reads_AtSize_Zero) {
  texture(1, SPAGM_TEXTYPE_2D_ARRAY, 8, 8, 6, 1);
  two_lanes();
  req.a[0][0] = 5, req.a[0][1] = 6;
  run(tlds(8, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_ARRAY);
  expect(1, 0, SPAGM_RULE_TEX_LAYER_OOR);
  EXPECT_EQ(explain(0, 1), "TLDS layer 6 >= array size 6 -> 0 (R18)");
}

TEST_F(TexRange, LayerUsesLow16BitsOnly) {
  texture(1, SPAGM_TEXTYPE_2D_ARRAY, 8, 8, 6, 1);
  req.lane_mask = 1;
  req.a[0][0] = 0x00010005u;  // layer 5
  run(tlds(8, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_ARRAY);
}

TEST_F(TexRange, Array2DOnNonArrayTexture_Layer0Only) {
  texture(1, SPAGM_TEXTYPE_2D, 8, 8, 6, 1);  // depth ignored: one layer
  two_lanes();
  req.a[0][0] = 0, req.a[0][1] = 1;
  run(tlds(8, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_ARRAY);
  expect(1, 0, SPAGM_RULE_TEX_LAYER_OOR);
}

TEST_F(TexRange, NonArrayParamOnArrayTexture_ReadsLayer0) {
  spagm_tic t = texture(1, SPAGM_TEXTYPE_2D_ARRAY, 8, 8, 3, 1);
  // Mark texel (1, 1) of layer 0 and of layer 1 differently.
  write32(ref_texel_address(t, 4, 2, 1, 1, 0, 0, 0), 0xAAAAu);
  write32(ref_texel_address(t, 4, 2, 1, 1, 0, 1, 0), 0xBBBBu);
  req.lane_mask = 1;
  a(0, 1), b(0, 1);
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, 0xAAAAu, SPAGM_RULE_TEX_READ_2D);
}

TEST_F(TexRange, SampleAtCountMinusOne_Reads_AtCount_Zero) {
  texture(1, SPAGM_TEXTYPE_2D, 4, 4, 1, 1, SPAGM_TEXMS_2X2);
  two_lanes();
  req.b[0][0] = 3, req.b[0][1] = 4;
  run(tlds(6, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_MS);
  expect(1, 0, SPAGM_RULE_TEX_SAMPLE_OOR);
  EXPECT_EQ(explain(0, 1), "TLDS sample 4 >= sample count 4 -> 0 (R18)");
}

TEST_F(TexRange, MSOnSingleSampleTexture_Sample0Only) {
  texture(1, SPAGM_TEXTYPE_2D, 4, 4, 1, 1);
  two_lanes();
  req.b[0][0] = 0, req.b[0][1] = 1;
  run(tlds(6, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_MS);
  expect(1, 0, SPAGM_RULE_TEX_SAMPLE_OOR);
}

// ---- Header index and texture type -----------------------------------------------

TEST_F(TexRange, HeaderIndexAtMaximumIndex_Reads_Above_Zero) {
  ASSERT_EQ(spagm_tex_set_header_pool(m, kPool, 9), SPAGM_OK);
  texture(9, SPAGM_TEXTYPE_2D, 4, 4, 1, 1);
  texture(10, SPAGM_TEXTYPE_2D, 4, 4, 1, 1);
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 9, 0));
  expect(5, kTexel, SPAGM_RULE_TEX_READ_2D);
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 10, 0));
  expect(5, 0, SPAGM_RULE_TEX_HEADER_INDEX_OOR);
  EXPECT_EQ(explain(0, 5), "TLDS header index 10 > MaximumIndex 9 -> 0 (R18)");
}

TEST_F(TexRange, HeaderPtrIsLow20BitsOfTheBankWord_TLDS) {
  texture(3, SPAGM_TEXTYPE_2D, 4, 4, 1, 1);
  ASSERT_EQ(spagm_tex_set_cbank_word(m, 0, 100, 0xABC00003u), SPAGM_OK);
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 100, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  // A headerPtr with bit 19 set is far above MaximumIndex 63.
  ASSERT_EQ(spagm_tex_set_cbank_word(m, 0, 100, 0x00080003u), SPAGM_OK);
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 100, 0));
  expect(0, 0, SPAGM_RULE_TEX_HEADER_INDEX_OOR);
}

struct TypeCase {
  unsigned row;       // legal-table row (its paramA)
  unsigned type;      // texture type
  bool matches;
};

TEST_F(TexRange, ParamAMustMatchTextureType) {
  const TypeCase cases[] = {
      {0, SPAGM_TEXTYPE_1D, true},         {0, SPAGM_TEXTYPE_1D_ARRAY, true},
      {0, SPAGM_TEXTYPE_2D, false},        {0, SPAGM_TEXTYPE_3D, false},
      {2, SPAGM_TEXTYPE_2D, true},         {2, SPAGM_TEXTYPE_2D_ARRAY, true},
      {2, SPAGM_TEXTYPE_2D_NO_MIPMAP, true}, {2, SPAGM_TEXTYPE_1D, false},
      {2, SPAGM_TEXTYPE_3D, false},        {2, SPAGM_TEXTYPE_CUBE, false},
      {2, SPAGM_TEXTYPE_CUBE_ARRAY, false}, {2, SPAGM_TEXTYPE_1D_BUFFER, false},
      {7, SPAGM_TEXTYPE_3D, true},         {7, SPAGM_TEXTYPE_2D, false},
      {7, SPAGM_TEXTYPE_2D_ARRAY, false},  {8, SPAGM_TEXTYPE_2D_ARRAY, true},
      {8, SPAGM_TEXTYPE_2D, true},         {8, SPAGM_TEXTYPE_1D_ARRAY, false},
      {8, SPAGM_TEXTYPE_CUBE_ARRAY, false},
  };
  for (const TypeCase &c : cases) {
    texture(1, c.type, 4, 4, 2, 1);
    req.lane_mask = 1;
    a(0, 0), a(1, 0), b(0, 0), b(1, 0);
    unsigned rb = c.row == 0 ? SPAGM_RZ : 4;
    run(tlds(c.row, SPAGM_RZ, 0, 2, rb, 1, 0));
    SCOPED_TRACE(testing::Message() << "row " << c.row << " type " << c.type);
    if (c.matches) {
      EXPECT_EQ(resp.wb_value[0][0], kTexel) << explain(0, 0);
    } else {
      EXPECT_EQ(resp.wb_value[0][0], 0u);
      EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_TEX_TYPE_MISMATCH) << explain(0, 0);
    }
  }
}

TEST_F(TexRange, TypeMismatch_ExplainsParamAndType) {
  texture(1, SPAGM_TEXTYPE_CUBE, 4, 4, 1, 1);
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0));
  EXPECT_EQ(explain(0, 31),
            "TLDS paramA 1 does not match texture type 3 of header 1 -> 0 (R18)");
}

// ---- AOFFI --------------------------------------------------------------------

TEST_F(TexRange, AoffiPushesAcrossTheRightEdge_Zero) {
  texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  two_lanes();
  req.a[0][0] = 0, req.a[0][1] = 1;  // s + 7 = 7 (in), 8 (out)
  a(1, 0);
  b(0, 0x07u);
  run(tlds(4, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_S_OOR);
  EXPECT_EQ(ex.arg[0][1][0], 8);
}

TEST_F(TexRange, AoffiPullsInsideFromOutside_Reads) {
  texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  two_lanes();
  a(0, 3);
  req.a[1][0] = 8, req.a[1][1] = 9;  // t - 1 = 7 (in), 8 (out)
  b(0, 0xF0u);                        // v = -1
  run(tlds(4, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_T_OOR);
}

TEST_F(TexRange, AoffiMostNegativeOffset_CrossesZero) {
  texture(1, SPAGM_TEXTYPE_2D, 8, 8, 1, 1);
  two_lanes();
  req.a[0][0] = 8, req.a[0][1] = 7;  // s - 8 = 0 (in), -1 (out)
  a(1, 0);
  b(0, 0x08u);
  run(tlds(4, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_S_OOR);
}

TEST_F(TexRange, AoffiWithLL_UsesRbPlusOne) {
  texture(1, SPAGM_TEXTYPE_2D, 16, 16, 1, 2);  // level 1: 8 x 8
  two_lanes();
  a(0, 6), a(1, 0);
  b(0, 1);
  req.b[1][0] = 0x01u, req.b[1][1] = 0x02u;  // 6 + 1 = 7 (in), 6 + 2 = 8 (out)
  run(tlds(12, SPAGM_RZ, 0, 2, 4, 1, 0));
  expect(0, kTexel, SPAGM_RULE_TEX_READ_2D);
  expect(1, 0, SPAGM_RULE_TEX_S_OOR);
}

// ---- Unsupported headers and .F16 of integer textures ------------------------

TEST_F(TexRange, UnsupportedFormat_ZeroDontCare) {
  spagm_tic t = tic_2d(0x24 /* DXT1 */, SPAGM_TEXDT_UNORM, 8, 8);
  add_texture(1, t);
  run(tlds(2, 12, 0, 2, 4, 1, 4));
  ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
  for (unsigned s = 0; s < 4; s++) {
    EXPECT_EQ(resp.wb_value[s][0], 0u);
    EXPECT_EQ(resp.wb_dontcare[s][0], 0xFFFFFFFFu);
  }
  EXPECT_EQ(explain(0, 0),
            "TLDS header 1 is outside the modelled subset (1) -> don't-care (N62)");
}

TEST_F(TexRange, UnsupportedDataTypeAndLayout_DontCare) {
  struct {
    void (*edit)(spagm_tic *);
    int reason;
  } cases[] = {
      {[](spagm_tic *t) { t->data_type[0] = SPAGM_TEXDT_FLOAT; }, 2},  // R8 FLOAT
      {[](spagm_tic *t) { t->components = SPAGM_TEXFMT_R16, t->srgb = true; }, 3},
      {[](spagm_tic *t) { t->source[1] = 1; }, 4},
      {[](spagm_tic *t) { t->layout = 1; }, 5},
      {[](spagm_tic *t) { t->msaa = 7; }, 6},
      {[](spagm_tic *t) { t->block_height_log2 = 6; }, 7},
  };
  for (auto &c : cases) {
    spagm_tic t = tic_2d(SPAGM_TEXFMT_R8, SPAGM_TEXDT_UNORM, 8, 8);
    c.edit(&t);
    add_texture(1, t);
    run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0));
    EXPECT_EQ(resp.wb_dontcare[0][0], 0xFFFFFFFFu) << c.reason;
    EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_TEX_UNSUPPORTED_HEADER);
    EXPECT_EQ(ex.arg[0][0][1], c.reason);
  }
}

TEST_F(TexRange, PowerOnHeaderOfZeros_IsAOneDTexture_TypeMismatchFor2D) {
  // Nothing written: header 0 is all zero bytes (type 1D, format invalid).
  ASSERT_EQ(spagm_tex_set_cbank_word(m, 0, 0, 0), SPAGM_OK);
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 0, 0));
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_TEX_TYPE_MISMATCH);
  run(tlds(0, SPAGM_RZ, 0, 2, SPAGM_RZ, 0, 0));
  EXPECT_EQ(ex.rule[0][0], SPAGM_RULE_TEX_UNSUPPORTED_HEADER);
}

TEST_F(TexRange, F16OfIntegerTexture_ComponentHalvesDontCare) {
  texture(1, SPAGM_TEXTYPE_2D, 4, 4, 1, 1);
  run(tlds(2, 12, 10, 2, 4, 1, 0, true));  // RGB: Rd0 = R|G, Rd1 = B|0
  ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.wb_dontcare[0][4], 0xFFFFFFFFu);
  EXPECT_EQ(resp.wb_dontcare[2][4], 0x0000FFFFu);  // unused half: exactly 0
  EXPECT_EQ(resp.wb_value[2][4] >> 16, 0u);
  EXPECT_EQ(ex.rule[0][4], SPAGM_RULE_TEX_F16_INTEGER_DONTCARE);
}

TEST_F(TexRange, F32OfIntegerTexture_IsExact) {
  texture(1, SPAGM_TEXTYPE_2D, 4, 4, 1, 1);
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0));
  EXPECT_EQ(resp.wb_value[0][4], kTexel);
  EXPECT_EQ(resp.wb_dontcare[0][4], 0u);
}

}  // namespace

namespace {

// Random header images and operands: whatever the bytes, TLDS never faults
// (only encoding rules fault), returns the same response twice, and every
// lane explained by an R18 rule is exactly 0 and not don't-care.
TEST_F(TexRange, RandomHeadersAndCoordinates_ZeroOrReadNeverCrash) {
  uint64_t x = 0x9E3779B97F4A7C15ull;
  auto next = [&x] {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
  };
  const unsigned rows[] = {0, 1, 2, 4, 5, 6, 7, 8, 12};
  unsigned zeros = 0, reads = 0;
  for (unsigned iter = 0; iter < 400; iter++) {
    uint8_t raw[32];
    for (auto &b : raw) b = static_cast<uint8_t>(next());
    if (iter % 2) {  // a valid header with random shape
      spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_UINT,
                           1 + static_cast<uint32_t>(next() % 9),
                           1 + static_cast<uint32_t>(next() % 9), 0x100000);
      const unsigned types[] = {SPAGM_TEXTYPE_1D, SPAGM_TEXTYPE_2D, SPAGM_TEXTYPE_3D,
                                SPAGM_TEXTYPE_1D_ARRAY, SPAGM_TEXTYPE_2D_ARRAY,
                                SPAGM_TEXTYPE_2D_NO_MIPMAP};
      t.type = types[next() % 6];
      t.depth = 1 + static_cast<uint32_t>(next() % 5);
      t.max_mip_level = static_cast<unsigned>(next() % 4);
      t.view_min_level = static_cast<unsigned>(next() % 2);
      t.view_max_level = static_cast<unsigned>(next() % 4);
      t.block_height_log2 = static_cast<unsigned>(next() % 6);
      t.block_depth_log2 = static_cast<unsigned>(next() % 6);
      t.msaa = static_cast<unsigned>(next() % 7);
      ASSERT_EQ(spagm_tic_encode(&t, raw, nullptr), SPAGM_OK);
    }
    write(kPool + 32, raw, 32);
    ASSERT_EQ(spagm_tex_set_cbank_word(m, 0, 1, 1), SPAGM_OK);
    for (unsigned l = 0; l < 32; l++) {
      uint32_t small = static_cast<uint32_t>(next() % 8);
      req.a[0][l] = l % 3 ? small : static_cast<uint32_t>(next());
      req.a[1][l] = small;
      req.b[0][l] = static_cast<uint32_t>(next() % 4);
      req.b[1][l] = static_cast<uint32_t>(next() % 4);
    }
    unsigned row = rows[iter % 9];
    spagm_insn i = tlds(row, 12, 10, 2, row == 0 ? SPAGM_RZ : 4, 1, 4, iter % 3 == 0);
    run(i);
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
    spagm_response first = resp;
    run(i);
    ASSERT_EQ(std::memcmp(&first, &resp, sizeof resp), 0);
    for (unsigned l = 0; l < 32; l++) {
      unsigned rule = ex.rule[0][l];
      if (rule >= SPAGM_RULE_TEX_HEADER_INDEX_OOR && rule <= SPAGM_RULE_TEX_R_OOR) {
        EXPECT_EQ(resp.wb_value[0][l], 0u);
        EXPECT_EQ(resp.wb_value[3][l], 0u);
        EXPECT_EQ(resp.wb_dontcare[0][l], 0u);
        zeros++;
      } else if (rule >= SPAGM_RULE_TEX_READ_1D && rule <= SPAGM_RULE_TEX_READ_MS) {
        reads++;
      }
    }
  }
  EXPECT_GT(zeros, 0u);
  EXPECT_GT(reads, 0u);
}

}  // namespace
