// SPDX-License-Identifier: Apache-2.0
// Texture layouts (docs/texture-layout.md, DESIGN §7.5, R20): block-linear
// texel addresses against the test's own formula for several block shapes,
// levels and layers, a hand-computed example, the GOB swizzle, pitch-linear,
// multisample grids, 12-byte texels and bad arguments.
#include "tex_harness.h"

using namespace textest;

namespace {

class TexLayout : public TexFixture {};

uint64_t addr(const spagm_tic &t, uint32_t x, uint32_t y, uint32_t z,
              unsigned level, unsigned sample = 0) {
  uint64_t va = ~uint64_t{0};
  spagm_diag d{};
  EXPECT_EQ(spagm_tex_texel_address(&t, x, y, z, level, sample, &va, &d), SPAGM_OK)
      << d.msg;
  return va;
}

TEST_F(TexLayout, GobSwizzle_SpotValues_DESIGN75) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R8, SPAGM_TEXDT_UNORM, 64, 8, 0x200000);
  t.block_height_log2 = 0;
  const struct {
    uint32_t x, y;
    uint64_t off;
  } cases[] = {{0, 0, 0},    {15, 0, 15},  {16, 0, 32},  {32, 0, 256},
               {0, 1, 16},   {0, 2, 64},   {0, 7, 208},  {48, 5, 256 + 128 + 32 + 16},
               {63, 7, 511}, {17, 3, 64 + 32 + 16 + 1}};
  for (auto &c : cases)
    EXPECT_EQ(addr(t, c.x, c.y, 0, 0), 0x200000u + c.off) << c.x << "," << c.y;
}

TEST_F(TexLayout, HandComputedMipChain_LevelOffsetsAndLayerStride_DocExample) {
  // docs/texture-layout.md worked example: 100 x 50 A8B8G8R8 2D array of
  // 3 layers, 3 levels, header block height 16 GOBs (log2 4).
  spagm_tic t = tic_2d(SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_UNORM, 100, 50, 0x400000);
  t.type = SPAGM_TEXTYPE_2D_ARRAY;
  t.depth = 3;
  t.max_mip_level = 2;
  t.block_height_log2 = 4;
  // Level 0: 7 blocks of 8 GOBs (4096 B) = 28672; level 1: 4 x 2048 = 8192;
  // level 2: 2 x 1024 = 2048; sum 38912 rounded up to 4096: stride 40960.
  EXPECT_EQ(addr(t, 0, 0, 0, 0), 0x400000u);
  EXPECT_EQ(addr(t, 0, 0, 0, 1), 0x400000u + 28672);
  EXPECT_EQ(addr(t, 0, 0, 0, 2), 0x400000u + 28672 + 8192);
  EXPECT_EQ(addr(t, 0, 0, 1, 0), 0x400000u + 40960);
  EXPECT_EQ(addr(t, 0, 0, 2, 2), 0x400000u + 2 * 40960 + 36864);
  // (20, 10) of level 1: byte column 80 -> block 1 (2048 B), row 10 -> GOB 1
  // of the block, inside the GOB (16, 2) -> 64 + 32.
  EXPECT_EQ(addr(t, 20, 10, 0, 1), 0x400000u + 28672 + 2048 + 512 + 96);
  // (99, 49) of level 0: byte column 396 -> block 6, row 49 -> GOB 6, GOB
  // byte (12, 1) -> 16 + 12.
  EXPECT_EQ(addr(t, 99, 49, 0, 0), 0x400000u + 6 * 4096 + 6 * 512 + 28);
}

struct Shape {
  unsigned type, fmt;
  uint32_t w, h, d;
  unsigned yl, zl, levels;
};

TEST_F(TexLayout, BlockLinearAgainstIndependentFormula_ManyShapes_DESIGN75) {
  const Shape shapes[] = {
      {SPAGM_TEXTYPE_2D, SPAGM_TEXFMT_A8B8G8R8, 37, 29, 1, 0, 0, 4},
      {SPAGM_TEXTYPE_2D, SPAGM_TEXFMT_R8, 130, 70, 1, 2, 0, 5},
      {SPAGM_TEXTYPE_2D, SPAGM_TEXFMT_R32_G32_B32_A32, 9, 40, 1, 5, 0, 3},
      {SPAGM_TEXTYPE_2D_ARRAY, SPAGM_TEXFMT_R16_G16, 33, 17, 4, 3, 0, 3},
      {SPAGM_TEXTYPE_3D, SPAGM_TEXFMT_R32, 20, 12, 9, 1, 2, 3},
      {SPAGM_TEXTYPE_3D, SPAGM_TEXFMT_R16, 8, 8, 33, 0, 5, 2},
      {SPAGM_TEXTYPE_1D, SPAGM_TEXFMT_A8B8G8R8, 300, 1, 1, 4, 0, 4},
      {SPAGM_TEXTYPE_1D_ARRAY, SPAGM_TEXFMT_R32_G32, 50, 7, 3, 2, 0, 2},
      {SPAGM_TEXTYPE_2D, SPAGM_TEXFMT_R32_G32_B32, 23, 11, 1, 1, 0, 2},
  };
  for (const Shape &s : shapes) {
    spagm_tic t = tic_2d(s.fmt, SPAGM_TEXDT_UINT, s.w, s.h, 0x7FFF000000ull);
    t.type = s.type;
    t.depth = s.d;
    t.block_height_log2 = s.yl;
    t.block_depth_log2 = s.zl;
    t.max_mip_level = s.levels - 1;
    unsigned bpp = spagm_tex_texel_bytes(s.fmt);
    unsigned dims = s.type == SPAGM_TEXTYPE_3D ? 3
                    : (s.type == SPAGM_TEXTYPE_1D || s.type == SPAGM_TEXTYPE_1D_ARRAY) ? 1
                                                                                        : 2;
    bool array = s.type == SPAGM_TEXTYPE_2D_ARRAY || s.type == SPAGM_TEXTYPE_1D_ARRAY;
    unsigned checked = 0;
    for (unsigned l = 0; l < s.levels; l++) {
      uint32_t lw = std::max(1u, s.w >> l), lh = dims >= 2 ? std::max(1u, s.h >> l) : 1;
      uint32_t lz = dims == 3 ? std::max(1u, s.d >> l) : array ? s.d : 1;
      for (uint32_t z = 0; z < lz; z++)
        for (uint32_t y = 0; y < lh; y++)
          for (uint32_t x = 0; x < lw; x++, checked++)
            ASSERT_EQ(addr(t, x, y, z, l),
                      ref_texel_address(t, bpp, dims, x, y, dims == 3 ? z : 0,
                                        array ? z : 0, l))
                << "type " << s.type << " fmt " << s.fmt << " level " << l << " ("
                << x << "," << y << "," << z << ")";
    }
    EXPECT_GT(checked, 0u);
  }
}

TEST_F(TexLayout, BlockHeightShrinksWithSmallLevels) {
  // 8 x 64 R8 with 32-GOB blocks: level 0 needs 8 GOBs (yl 3), level 3 is
  // 8 rows = 1 GOB (yl 0), so level 3 row 7 sits in the first GOB.
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R8, SPAGM_TEXDT_UNORM, 8, 64, 0);
  t.block_height_log2 = 5;
  t.max_mip_level = 3;
  uint64_t l3 = addr(t, 0, 0, 0, 3);
  EXPECT_EQ(addr(t, 0, 7, 0, 3) - l3, ref_gob_offset(0, 7));
  // Level 0 is one 8-GOB block (4096 B), level 1 a 4-GOB block, level 2 a
  // 2-GOB block: level 3 starts at 4096 + 2048 + 1024.
  EXPECT_EQ(l3, 4096u + 2048 + 1024);
}

TEST_F(TexLayout, PitchLinear_RowTimesPitchPlusColumn) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R16_G16_B16_A16, SPAGM_TEXDT_UNORM, 50, 20, 0x3000020);
  t.layout = SPAGM_TEXLAYOUT_PITCH;
  t.pitch = 416;
  EXPECT_EQ(addr(t, 0, 0, 0, 0), 0x3000020u);
  EXPECT_EQ(addr(t, 7, 3, 0, 0), 0x3000020u + 3 * 416 + 7 * 8);
  EXPECT_EQ(addr(t, 49, 19, 0, 0), 0x3000020u + 19 * 416 + 49 * 8);
  uint64_t va;
  EXPECT_EQ(spagm_tex_texel_address(&t, 0, 0, 0, 1, 0, &va, nullptr), SPAGM_E_ARG);
}

TEST_F(TexLayout, PitchTextureThroughTlds_ReadsRows) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_UINT, 10, 4, 0x500000);
  t.layout = SPAGM_TEXLAYOUT_PITCH;
  t.pitch = 64;
  add_texture(1, t);
  for (uint32_t y = 0; y < 4; y++)
    for (uint32_t x = 0; x < 10; x++) write32(0x500000 + y * 64 + x * 4, y * 100 + x);
  for (unsigned l = 0; l < 32; l++) req.a[0][l] = l % 10, req.b[0][l] = l / 10;
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0));
  for (unsigned l = 0; l < 32; l++)
    EXPECT_EQ(resp.wb_value[0][l], (l / 10) * 100 + l % 10) << l;
}

TEST_F(TexLayout, MultisampleGrid_SamplesRowMajor) {
  const struct {
    unsigned msaa, samples;
  } modes[] = {{SPAGM_TEXMS_2X1, 2},
               {SPAGM_TEXMS_2X2, 4},
               {SPAGM_TEXMS_4X2, 8},
               {SPAGM_TEXMS_4X4, 16}};
  for (auto &mo : modes) {
    spagm_tic t = tic_2d(SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_UNORM, 9, 5, 0x800000);
    t.msaa = mo.msaa;
    t.block_height_log2 = 2;
    for (uint32_t y = 0; y < 5; y++)
      for (uint32_t x = 0; x < 9; x++)
        for (unsigned s = 0; s < mo.samples; s++)
          ASSERT_EQ(addr(t, x, y, 0, 0, s),
                    ref_texel_address(t, 4, 2, x, y, 0, 0, 0, s, mo.samples))
              << mo.samples << " samples";
  }
}

TEST_F(TexLayout, MsaaModes_SampleCountsAndGrids) {
  const struct {
    unsigned mode, n, gw, gh;
  } modes[] = {{0, 1, 1, 1}, {1, 2, 2, 1}, {2, 4, 2, 2}, {3, 8, 4, 2},
               {4, 8, 4, 2}, {5, 2, 2, 1}, {6, 16, 4, 4}, {8, 4, 2, 2},
               {9, 4, 2, 2}, {10, 8, 4, 2}, {11, 8, 4, 2}};
  for (auto &mo : modes) {
    unsigned n = 0, gw = 0, gh = 0;
    EXPECT_TRUE(spagm_tex_msaa_grid(mo.mode, &n, &gw, &gh)) << mo.mode;
    EXPECT_EQ(n, mo.n);
    EXPECT_EQ(gw, mo.gw);
    EXPECT_EQ(gh, mo.gh);
  }
  for (unsigned bad : {7u, 12u, 15u, 16u}) EXPECT_FALSE(spagm_tex_msaa_grid(bad, nullptr, nullptr, nullptr));
}

TEST_F(TexLayout, GridWidthsArePowersOfTwo_TldsMaskAndShift) {
  // TLDS finds sample s's sub-texel as (s & (grid_w - 1), s >> log2(grid_w))
  // instead of dividing on every lane (tlds.c); that is right only
  // while every grid width of R20 / N64 is a power of two.
  unsigned valid = 0;
  for (unsigned mode = 0; mode < 16; mode++) {
    unsigned n = 0, gw = 0, gh = 0;
    if (!spagm_tex_msaa_grid(mode, &n, &gw, &gh)) continue;
    valid++;
    ASSERT_NE(gw, 0u) << "mode " << mode;
    EXPECT_EQ(gw & (gw - 1u), 0u) << "mode " << mode << " grid width " << gw;
    for (unsigned s = 0; s < n; s++) {
      EXPECT_EQ(s % gw, s & (gw - 1u)) << "mode " << mode << " sample " << s;
      EXPECT_EQ(s / gw, s >> __builtin_ctz(gw)) << "mode " << mode << " sample " << s;
    }
  }
  EXPECT_EQ(valid, 11u);  // modes 0-6 and 8-11
}

TEST_F(TexLayout, TwelveByteTexels_EachWordPlacedOnItsOwn) {
  // R32_G32_B32 texel 5 of a row covers byte columns 60..71: its first word
  // ends the first GOB, the other two start the next one. Each word is
  // placed by the swizzle on its own (a 12-byte copy would read garbage).
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32_G32_B32, SPAGM_TEXDT_UINT, 16, 8, 0x900000);
  t.block_height_log2 = 0;
  add_texture(1, t);
  const uint32_t words[3] = {0x1111, 0x2222, 0x3333};
  for (unsigned w = 0; w < 3; w++) {
    uint64_t xb = 5 * 12 + 4 * w;  // 60, 64, 68
    uint64_t va = 0x900000 + (xb / 64) * 512 + ref_gob_offset(xb % 64, 1);
    write32(va, words[w]);
  }
  req.lane_mask = 1;
  a(0, 5), b(0, 1);
  run(tlds(2, 12, 10, 2, 4, 1, 0));  // RGB
  EXPECT_EQ(resp.wb_value[0][0], 0x1111u);
  EXPECT_EQ(resp.wb_value[1][0], 0x2222u);
  EXPECT_EQ(resp.wb_value[2][0], 0x3333u);
}

TEST_F(TexLayout, TldsReadsWhatTheFormulaPlaced_LevelsLayersBlockHeights_DESIGN75) {
  for (unsigned yl = 0; yl <= 5; yl++) {
    spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_UINT, 24, 40, 0xA00000);
    t.type = SPAGM_TEXTYPE_2D_ARRAY;
    t.depth = 3;
    t.max_mip_level = 3;
    t.view_max_level = 3;
    t.block_height_log2 = yl;
    add_texture(1, t);
    for (uint32_t layer = 0; layer < 3; layer++)
      for (unsigned l = 0; l < 4; l++)
        for (uint32_t y = 0; y < std::max(1u, 40u >> l); y++)
          for (uint32_t x = 0; x < std::max(1u, 24u >> l); x++)
            write32(ref_texel_address(t, 4, 2, x, y, 0, layer, l),
                    yl << 28 | layer << 24 | l << 20 | y << 8 | x);
    // Row 12 of the table is 2D .LL; ARRAY_2D has .LZ only, so read layer 0
    // at every level with .LL and every layer at level 0 with ARRAY_2D.
    for (unsigned l = 0; l < 4; l++) {
      for (unsigned i = 0; i < 32; i++) {
        req.a[0][i] = i % std::max(1u, 24u >> l);
        req.a[1][i] = (i * 7) % std::max(1u, 40u >> l);
        req.b[0][i] = l;
      }
      run(tlds(5, SPAGM_RZ, 0, 2, 4, 1, 0));
      for (unsigned i = 0; i < 32; i++)
        ASSERT_EQ(resp.wb_value[0][i], yl << 28 | l << 20 | req.a[1][i] << 8 | req.a[0][i])
            << "yl " << yl << " level " << l << " lane " << i;
    }
    for (unsigned i = 0; i < 32; i++) {
      req.a[0][i] = i % 3;
      req.b[0][i] = i % 24;
      req.b[1][i] = i + 5;
    }
    run(tlds(8, SPAGM_RZ, 0, 2, 4, 1, 0));
    for (unsigned i = 0; i < 32; i++)
      ASSERT_EQ(resp.wb_value[0][i], yl << 28 | (i % 3) << 24 | (i + 5) << 8 | (i % 24))
          << "yl " << yl << " lane " << i;
  }
}

TEST_F(TexLayout, AddressesWrapAt2To48) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_UINT, 64, 8, 0xFFFFFFFFFE00ull);
  t.block_height_log2 = 0;
  // Byte column 256 (texel 64 is out of range, so use the second block of a
  // wider texture): one block of 512 bytes past 2^48 - 512 wraps to 0.
  t.width = 256;
  EXPECT_EQ(addr(t, 16, 0, 0, 0), 0u);
}

TEST_F(TexLayout, TexelAddressBadArguments_Refused_API) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_UINT, 8, 4, 0);
  t.max_mip_level = 1;
  uint64_t va = 12345;
  spagm_diag d{};
  EXPECT_EQ(spagm_tex_texel_address(&t, 8, 0, 0, 0, 0, &va, &d), SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("outside"), std::string::npos) << d.msg;
  EXPECT_EQ(spagm_tex_texel_address(&t, 0, 4, 0, 0, 0, &va, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_texel_address(&t, 0, 0, 1, 0, 0, &va, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_texel_address(&t, 0, 0, 0, 2, 0, &va, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_texel_address(&t, 0, 0, 0, 0, 1, &va, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_texel_address(&t, 0, 0, 0, 0, 0, nullptr, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_texel_address(nullptr, 0, 0, 0, 0, 0, &va, &d), SPAGM_E_ARG);
  t.components = 0x24;
  EXPECT_EQ(spagm_tex_texel_address(&t, 0, 0, 0, 0, 0, &va, &d), SPAGM_E_ARG);
  EXPECT_EQ(va, 12345u);  // unchanged on error
  EXPECT_EQ(spagm_tex_texel_address(&t, 0, 0, 0, 0, 0, &va, nullptr), SPAGM_E_ARG);
}

}  // namespace

// spagm_tex_texel_write stores a texel where TLDS reads it: the words of a
// 12-byte texel each through the GOB swizzle on their own (N75), a
// power-of-two texel in one piece. Addresses from the test's own formula.
TEST_F(TexLayout, TexelWrite_TwelveByteTexel_WordsPlacedApart) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32_G32_B32, SPAGM_TEXDT_UINT, 8, 8, 0x200000);
  t.block_height_log2 = 0;
  // Texel (1, 3): byte columns 12..23 of row 3 cross the 16-byte unit at 16.
  const uint32_t words[3] = {0x11111111u, 0x22222222u, 0x33333333u};
  spagm_diag d{};
  ASSERT_EQ(spagm_tex_texel_write(m, &t, 1, 3, 0, 0, 0, words, &d), SPAGM_OK) << d.msg;
  for (unsigned k = 0; k < 3; k++) {
    uint32_t got = 0;
    uint64_t va = 0x200000u + ref_gob_offset(12 + 4 * k, 3);
    ASSERT_EQ(spagm_tex_mem_read(m, va, &got, 4), SPAGM_OK);
    EXPECT_EQ(got, words[k]) << "word " << k << " at 0x" << std::hex << va;
  }
  // Nothing lands at the contiguous bytes after word 0 (the old mistake).
  uint32_t after = 1;
  ASSERT_EQ(spagm_tex_mem_read(m, 0x200000u + ref_gob_offset(12, 3) + 4, &after, 4), SPAGM_OK);
  EXPECT_EQ(after, 0u);
  // A 16-byte texel is one piece at its address.
  spagm_tic q = tic_2d(SPAGM_TEXFMT_R32_G32_B32_A32, SPAGM_TEXDT_UINT, 8, 8, 0x300000);
  q.block_height_log2 = 0;
  const uint32_t four[4] = {1, 2, 3, 4};
  ASSERT_EQ(spagm_tex_texel_write(m, &q, 1, 0, 0, 0, 0, four, &d), SPAGM_OK) << d.msg;
  uint32_t back[4] = {};
  ASSERT_EQ(spagm_tex_mem_read(m, 0x300000u + ref_gob_offset(16, 0), back, 16), SPAGM_OK);
  EXPECT_EQ(0, std::memcmp(back, four, 16));
  // Out of range: refused like spagm_tex_texel_address, nothing written.
  EXPECT_EQ(spagm_tex_texel_write(m, &q, 8, 0, 0, 0, 0, four, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_texel_write(nullptr, &q, 0, 0, 0, 0, 0, four, &d), SPAGM_E_ARG);
}
