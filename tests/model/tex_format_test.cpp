// SPDX-License-Identifier: Apache-2.0
// Texel format conversions (R21): exhaustive UNORM/SNORM 8/16 and fp16 against
// double-precision references through TLDS, sRGB, the small-float and
// shared-exponent formats against hand-computed values, integer extension,
// missing components (N67) and the swizzle.
#include "tex_harness.h"

using namespace textest;

namespace {

class TexFormat : public TexFixture {
 protected:
  // Read `count` texels of a 2D texture of width `w` in row-major order
  // (texel i at (i % w, i / w)) through TLDS, component `wmsk` (2C table).
  std::vector<uint32_t> read_all(uint32_t index, uint32_t w, uint32_t count,
                                 unsigned wmsk = 0) {
    std::vector<uint32_t> out(count);
    for (uint32_t base = 0; base < count; base += 32) {
      for (unsigned l = 0; l < 32; l++) {
        uint32_t i = base + l < count ? base + l : count - 1;
        req.a[0][l] = i % w;
        req.b[0][l] = i / w;
      }
      run(tlds(2, SPAGM_RZ, 0, 2, 4, index, wmsk));
      EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
      for (unsigned l = 0; l < 32 && base + l < count; l++)
        out[base + l] = resp.wb_value[0][l];
    }
    return out;
  }

  // A block-linear texture whose texel i (row-major) holds bytes from fn(i).
  template <typename Fn>
  spagm_tic make(uint32_t index, unsigned fmt, unsigned type, uint32_t w,
                 uint32_t h, unsigned bpp, Fn fn, bool srgb = false) {
    spagm_tic t = tic_2d(fmt, type, w, h, 0x1000000 * uint64_t{index});
    t.srgb = srgb;
    t.block_height_log2 = 4;
    add_texture(index, t);
    uint8_t bytes[16];
    for (uint32_t i = 0; i < w * h; i++) {
      fn(i, bytes);
      write(ref_texel_address(t, bpp, 2, i % w, i / w, 0, 0, 0), bytes, bpp);
    }
    return t;
  }
};

uint32_t ref_unorm(uint32_t c, unsigned bits) {
  return f2u(static_cast<float>(static_cast<double>(c) / ((1u << bits) - 1)));
}

uint32_t ref_snorm(int32_t c, unsigned bits) {
  double v = static_cast<double>(c) / ((1 << (bits - 1)) - 1);
  return f2u(static_cast<float>(v < -1.0 ? -1.0 : v));
}

TEST_F(TexFormat, Unorm8Exhaustive_CorrectlyRoundedQuotient) {
  make(1, SPAGM_TEXFMT_R8, SPAGM_TEXDT_UNORM, 256, 1, 1,
       [](uint32_t i, uint8_t *b) { b[0] = static_cast<uint8_t>(i); });
  auto v = read_all(1, 256, 256);
  for (uint32_t c = 0; c < 256; c++) ASSERT_EQ(v[c], ref_unorm(c, 8)) << c;
  EXPECT_EQ(v[255], 0x3F800000u);
}

TEST_F(TexFormat, Snorm8Exhaustive_MinusOneClamp) {
  make(1, SPAGM_TEXFMT_R8, SPAGM_TEXDT_SNORM, 256, 1, 1,
       [](uint32_t i, uint8_t *b) { b[0] = static_cast<uint8_t>(i); });
  auto v = read_all(1, 256, 256);
  for (uint32_t c = 0; c < 256; c++)
    ASSERT_EQ(v[c], ref_snorm(static_cast<int8_t>(c), 8)) << c;
  EXPECT_EQ(v[0x80], 0xBF800000u);  // -128 -> -1.0
  EXPECT_EQ(v[0x81], 0xBF800000u);  // -127 -> -1.0
  EXPECT_EQ(v[0x7F], 0x3F800000u);
}

TEST_F(TexFormat, Unorm16Exhaustive_CorrectlyRoundedQuotient) {
  make(1, SPAGM_TEXFMT_R16, SPAGM_TEXDT_UNORM, 256, 256, 2, [](uint32_t i, uint8_t *b) {
    b[0] = static_cast<uint8_t>(i), b[1] = static_cast<uint8_t>(i >> 8);
  });
  auto v = read_all(1, 256, 65536);
  for (uint32_t c = 0; c < 65536; c++) ASSERT_EQ(v[c], ref_unorm(c, 16)) << c;
}

TEST_F(TexFormat, Snorm16Exhaustive_MinusOneClamp) {
  make(1, SPAGM_TEXFMT_R16, SPAGM_TEXDT_SNORM, 256, 256, 2, [](uint32_t i, uint8_t *b) {
    b[0] = static_cast<uint8_t>(i), b[1] = static_cast<uint8_t>(i >> 8);
  });
  auto v = read_all(1, 256, 65536);
  for (uint32_t c = 0; c < 65536; c++)
    ASSERT_EQ(v[c], ref_snorm(static_cast<int16_t>(c), 16)) << c;
  EXPECT_EQ(v[0x8000], 0xBF800000u);
}

// fp16 -> fp32 from first principles: (-1)^s * 2^(e-15) * (1 + m/1024).
uint32_t ref_half(uint16_t h) {
  unsigned s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
  if (e == 31)
    return (s << 31) | 0x7F800000u | (m ? 0x400000u | m << 13 : 0u);  // N66
  double v = e == 0 ? std::ldexp(m, -24) : std::ldexp(1024 + m, static_cast<int>(e) - 25);
  return f2u(static_cast<float>(s ? -v : v));
}

TEST_F(TexFormat, Float16Exhaustive_ExactConversion) {
  make(1, SPAGM_TEXFMT_R16, SPAGM_TEXDT_FLOAT, 256, 256, 2, [](uint32_t i, uint8_t *b) {
    b[0] = static_cast<uint8_t>(i), b[1] = static_cast<uint8_t>(i >> 8);
  });
  auto v = read_all(1, 256, 65536);
  for (uint32_t c = 0; c < 65536; c++)
    ASSERT_EQ(v[c], ref_half(static_cast<uint16_t>(c))) << std::hex << c;
  EXPECT_EQ(v[0x0001], 0x33800000u);  // smallest denormal 2^-24
  EXPECT_EQ(v[0x7C00], 0x7F800000u);
  EXPECT_EQ(v[0xFC01], 0xFFC02000u);  // signalling NaN comes back quiet
}

TEST_F(TexFormat, Fp32ToFp32_Unchanged_DenormalsAndNaNKept) {
  const uint32_t vals[] = {0x00000001u, 0x807FFFFFu, 0x7FA00001u, 0x80000000u,
                           0x3F800000u, 0xFF800000u};
  make(1, SPAGM_TEXFMT_R32, SPAGM_TEXDT_FLOAT, 6, 1, 4, [&](uint32_t i, uint8_t *b) {
    std::memcpy(b, &vals[i], 4);
  });
  auto v = read_all(1, 6, 6);
  for (unsigned i = 0; i < 6; i++) EXPECT_EQ(v[i], vals[i]) << i;
}

double ref_srgb(unsigned c8) {
  double c = c8 / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

TEST_F(TexFormat, Srgb8All256_MatchTheFormula_AlphaLinear) {
  make(1, SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_UNORM, 256, 1, 4,
       [](uint32_t i, uint8_t *b) { std::memset(b, static_cast<int>(i), 4); }, true);
  for (unsigned wmsk : {0u, 1u, 2u}) {
    auto v = read_all(1, 256, 256, wmsk);
    for (unsigned c = 0; c < 256; c++)
      ASSERT_EQ(v[c], f2u(static_cast<float>(ref_srgb(c)))) << c;
  }
  auto alpha = read_all(1, 256, 256, 3);
  for (unsigned c = 0; c < 256; c++) ASSERT_EQ(alpha[c], ref_unorm(c, 8)) << c;
}

TEST_F(TexFormat, SrgbOnG8R8AndR8_DecodesColourComponents) {
  make(1, SPAGM_TEXFMT_G8R8, SPAGM_TEXDT_UNORM, 1, 1, 2,
       [](uint32_t, uint8_t *b) { b[0] = 0x80, b[1] = 0xFF; }, true);
  auto r = read_all(1, 1, 1, 0), g = read_all(1, 1, 1, 1);
  EXPECT_EQ(r[0], f2u(static_cast<float>(ref_srgb(0x80))));
  EXPECT_EQ(g[0], 0x3F800000u);
}

TEST_F(TexFormat, SrgbOnSnorm_Unsupported) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_SNORM, 1, 1);
  t.srgb = true;
  uint8_t texel[4] = {1, 2, 3, 4};
  uint32_t out[4];
  EXPECT_EQ(spagm_tex_convert_texel(&t, texel, out), SPAGM_E_ARG);
  t.data_type[3] = SPAGM_TEXDT_SNORM;
  t.data_type[0] = t.data_type[1] = t.data_type[2] = SPAGM_TEXDT_UNORM;
  EXPECT_EQ(spagm_tex_convert_texel(&t, texel, out), SPAGM_OK);  // alpha may differ
  EXPECT_EQ(out[3], f2u(4.0f / 127.0f));
}

// ---- Packed float formats (hand-computed) ------------------------------------

// BF10GF11RF11: R [10:0] and G [21:11] 5-bit exponent + 6-bit mantissa,
// B [31:22] 5-bit exponent + 5-bit mantissa, bias 15, unsigned.
uint32_t r11g11b10(unsigned re, unsigned rm, unsigned ge, unsigned gm,
                   unsigned be, unsigned bm) {
  return (re << 6 | rm) | (ge << 6 | gm) << 11 | (be << 5 | bm) << 22;
}

TEST_F(TexFormat, BF10GF11RF11_HandValues) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_BF10GF11RF11, SPAGM_TEXDT_FLOAT, 1, 1);
  struct {
    uint32_t word, r, g, b;
  } cases[] = {
      // 1.0, 2.0, 0.5
      {r11g11b10(15, 0, 16, 0, 14, 0), 0x3F800000u, 0x40000000u, 0x3F000000u},
      // 1.5 (m 32/64), 1.75 (m 48/64), 1.5 (m 16/32)
      {r11g11b10(15, 32, 15, 48, 15, 16), 0x3FC00000u, 0x3FE00000u, 0x3FC00000u},
      // largest finite: 65024, 65024, 64512
      {r11g11b10(30, 63, 30, 63, 30, 31), 0x477E0000u, 0x477E0000u, 0x477C0000u},
      // denormals: 2^-20 (1/64 of 2^-14), 63 * 2^-20, 2^-19 (1/32 of 2^-14)
      {r11g11b10(0, 1, 0, 63, 0, 1), 0x35800000u, 0x387C0000u, 0x36000000u},
      // infinity, NaN (quiet, payload kept), zero
      {r11g11b10(31, 0, 31, 5, 0, 0), 0x7F800000u, 0x7FCA0000u, 0u},
  };
  for (auto &c : cases) {
    uint8_t b[4];
    std::memcpy(b, &c.word, 4);
    uint32_t out[4];
    ASSERT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_OK);
    EXPECT_EQ(out[0], c.r) << std::hex << c.word;
    EXPECT_EQ(out[1], c.g) << std::hex << c.word;
    EXPECT_EQ(out[2], c.b) << std::hex << c.word;
    EXPECT_EQ(out[3], 0x3F800000u);  // no alpha: 1.0 (N67)
  }
}

// E5B9G9R9: R [8:0], G [17:9], B [26:18], shared exponent [31:27], bias 15,
// value = mantissa * 2^(E - 15 - 9).
uint32_t rgb9e5(unsigned r, unsigned g, unsigned b, unsigned e) {
  return r | g << 9 | b << 18 | e << 27;
}

TEST_F(TexFormat, E5B9G9R9_HandValues) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_E5B9G9R9_SHAREDEXP, SPAGM_TEXDT_FLOAT, 1, 1);
  struct {
    uint32_t word, r, g, b;
  } cases[] = {
      // E = 15: 256/512 = 0.5, 511/512 = 0.998046875, 1/512
      {rgb9e5(256, 511, 1, 15), 0x3F000000u, 0x3F7F8000u, 0x3B000000u},
      // E = 0: 1 * 2^-24, 0, 3 * 2^-24
      {rgb9e5(1, 0, 3, 0), 0x33800000u, 0u, 0x34400000u},
      // E = 31: 511 * 2^7 = 65408, 1 * 2^7, 384 * 2^7 = 49152
      {rgb9e5(511, 1, 384, 31), 0x477F8000u, 0x43000000u, 0x47400000u},
  };
  for (auto &c : cases) {
    uint8_t b[4];
    std::memcpy(b, &c.word, 4);
    uint32_t out[4];
    ASSERT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_OK);
    EXPECT_EQ(out[0], c.r) << std::hex << c.word;
    EXPECT_EQ(out[1], c.g) << std::hex << c.word;
    EXPECT_EQ(out[2], c.b) << std::hex << c.word;
    EXPECT_EQ(out[3], 0x3F800000u);
  }
}

TEST_F(TexFormat, B5G6R5_Unorm) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_B5G6R5, SPAGM_TEXDT_UNORM, 1, 1);
  uint16_t w = 31 | 32 << 5 | 1 << 11;  // R 31, G 32, B 1
  uint8_t b[2];
  std::memcpy(b, &w, 2);
  uint32_t out[4];
  ASSERT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0x3F800000u);
  EXPECT_EQ(out[1], ref_unorm(32, 6));
  EXPECT_EQ(out[2], ref_unorm(1, 5));
  EXPECT_EQ(out[3], 0x3F800000u);
}

TEST_F(TexFormat, A2B10G10R10_UnormAndUint) {
  uint32_t w = 1023u | 0u << 10 | 512u << 20 | 2u << 30;
  uint8_t b[4];
  std::memcpy(b, &w, 4);
  uint32_t out[4];
  spagm_tic t = tic_2d(SPAGM_TEXFMT_A2B10G10R10, SPAGM_TEXDT_UNORM, 1, 1);
  ASSERT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0x3F800000u);
  EXPECT_EQ(out[1], 0u);
  EXPECT_EQ(out[2], ref_unorm(512, 10));
  EXPECT_EQ(out[3], ref_unorm(2, 2));
  t = tic_2d(SPAGM_TEXFMT_A2B10G10R10, SPAGM_TEXDT_UINT, 1, 1);
  ASSERT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_OK);
  EXPECT_EQ(out[0], 1023u);
  EXPECT_EQ(out[2], 512u);
  EXPECT_EQ(out[3], 2u);
}

// ---- Integers ----------------------------------------------------------------

TEST_F(TexFormat, SintSignExtends_UintZeroExtends) {
  uint8_t b8[4] = {0x80, 0x7F, 0xFF, 0x01};
  uint32_t out[4];
  spagm_tic t = tic_2d(SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_SINT, 1, 1);
  ASSERT_EQ(spagm_tex_convert_texel(&t, b8, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0xFFFFFF80u);
  EXPECT_EQ(out[1], 0x7Fu);
  EXPECT_EQ(out[2], 0xFFFFFFFFu);
  t = tic_2d(SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_UINT, 1, 1);
  ASSERT_EQ(spagm_tex_convert_texel(&t, b8, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0x80u);
  EXPECT_EQ(out[2], 0xFFu);

  uint8_t b16[8] = {0x01, 0x80, 0xFF, 0xFF, 0, 0, 0, 0};
  t = tic_2d(SPAGM_TEXFMT_R16_G16_B16_A16, SPAGM_TEXDT_SINT, 1, 1);
  ASSERT_EQ(spagm_tex_convert_texel(&t, b16, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0xFFFF8001u);
  EXPECT_EQ(out[1], 0xFFFFFFFFu);
  t = tic_2d(SPAGM_TEXFMT_R16_G16_B16_A16, SPAGM_TEXDT_UINT, 1, 1);
  ASSERT_EQ(spagm_tex_convert_texel(&t, b16, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0x8001u);

  uint8_t b32[12] = {0xEF, 0xBE, 0xAD, 0xDE, 1, 0, 0, 0x80, 0, 0, 0, 0};
  t = tic_2d(SPAGM_TEXFMT_R32_G32_B32, SPAGM_TEXDT_SINT, 1, 1);
  ASSERT_EQ(spagm_tex_convert_texel(&t, b32, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0xDEADBEEFu);
  EXPECT_EQ(out[1], 0x80000001u);
}

TEST_F(TexFormat, PerComponentDataTypes) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_G8R8, SPAGM_TEXDT_UNORM, 1, 1);
  t.data_type[1] = SPAGM_TEXDT_SINT;
  uint8_t b[2] = {0xFF, 0xFE};
  uint32_t out[4];
  ASSERT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0x3F800000u);
  EXPECT_EQ(out[1], 0xFFFFFFFEu);
}

// ---- Missing components and swizzle -------------------------------------------

TEST_F(TexFormat, MissingComponents_ZeroZeroOne) {
  uint8_t b[8] = {0, 0, 0x80, 0x3F, 0, 0, 0, 0x40};
  uint32_t out[4];
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_FLOAT, 1, 1);
  ASSERT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0x3F800000u);
  EXPECT_EQ(out[1], 0u);
  EXPECT_EQ(out[2], 0u);
  EXPECT_EQ(out[3], 0x3F800000u);
  t = tic_2d(SPAGM_TEXFMT_R32_G32, SPAGM_TEXDT_UINT, 1, 1);
  ASSERT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_OK);
  EXPECT_EQ(out[1], 0x40000000u);
  EXPECT_EQ(out[2], 0u);
  EXPECT_EQ(out[3], 1u);  // integer texture: integer one
}

TEST_F(TexFormat, SwizzleSources_AllSeven_DESIGN75) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32_G32_B32_A32, SPAGM_TEXDT_UINT, 1, 1);
  const uint32_t texel[4] = {0xA, 0xB, 0xC, 0xD};
  uint8_t b[16];
  std::memcpy(b, texel, 16);
  uint32_t out[4];
  t.source[0] = SPAGM_TEXSRC_A, t.source[1] = SPAGM_TEXSRC_ONE_INT;
  t.source[2] = SPAGM_TEXSRC_ZERO, t.source[3] = SPAGM_TEXSRC_ONE_FLOAT;
  ASSERT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0xDu);
  EXPECT_EQ(out[1], 1u);
  EXPECT_EQ(out[2], 0u);
  EXPECT_EQ(out[3], 0x3F800000u);
  t.source[0] = SPAGM_TEXSRC_B, t.source[1] = SPAGM_TEXSRC_G;
  t.source[2] = SPAGM_TEXSRC_R, t.source[3] = SPAGM_TEXSRC_R;
  ASSERT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_OK);
  EXPECT_EQ(out[0], 0xCu);
  EXPECT_EQ(out[1], 0xBu);
  EXPECT_EQ(out[2], 0xAu);
  EXPECT_EQ(out[3], 0xAu);
}

TEST_F(TexFormat, SwizzleAppliesThroughTlds_WmskSelectsSwizzledComponents) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_UINT, 1, 1);
  t.source[0] = SPAGM_TEXSRC_A, t.source[1] = SPAGM_TEXSRC_B;
  t.source[2] = SPAGM_TEXSRC_G, t.source[3] = SPAGM_TEXSRC_R;  // ABGR
  add_texture(1, t);
  const uint8_t texel[4] = {1, 2, 3, 4};
  write(t.address, texel, 4);
  run(tlds(2, 12, 10, 2, 4, 1, 4));  // RGBA
  EXPECT_EQ(resp.wb_value[0][0], 4u);
  EXPECT_EQ(resp.wb_value[1][0], 3u);
  EXPECT_EQ(resp.wb_value[2][0], 2u);
  EXPECT_EQ(resp.wb_value[3][0], 1u);
}

TEST_F(TexFormat, TexelBytes_PerFormat) {
  EXPECT_EQ(spagm_tex_texel_bytes(SPAGM_TEXFMT_R32_G32_B32_A32), 16u);
  EXPECT_EQ(spagm_tex_texel_bytes(SPAGM_TEXFMT_R32_G32_B32), 12u);
  EXPECT_EQ(spagm_tex_texel_bytes(SPAGM_TEXFMT_R16_G16_B16_A16), 8u);
  EXPECT_EQ(spagm_tex_texel_bytes(SPAGM_TEXFMT_A8B8G8R8), 4u);
  EXPECT_EQ(spagm_tex_texel_bytes(SPAGM_TEXFMT_B5G6R5), 2u);
  EXPECT_EQ(spagm_tex_texel_bytes(SPAGM_TEXFMT_R8), 1u);
  EXPECT_EQ(spagm_tex_texel_bytes(0x24), 0u);  // DXT1: not modelled
}

TEST_F(TexFormat, UnsupportedTypeCombinations_Refused) {
  uint8_t b[16] = {};
  uint32_t out[4];
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_UNORM, 1, 1);  // 32-bit UNORM
  EXPECT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_E_ARG);
  t = tic_2d(SPAGM_TEXFMT_R8, SPAGM_TEXDT_FLOAT, 1, 1);
  EXPECT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_E_ARG);
  t = tic_2d(SPAGM_TEXFMT_R16, SPAGM_TEXDT_UNORM_FORCE_FP16, 1, 1);
  EXPECT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_E_ARG);
  t = tic_2d(SPAGM_TEXFMT_B5G6R5, SPAGM_TEXDT_SNORM, 1, 1);
  EXPECT_EQ(spagm_tex_convert_texel(&t, b, out), SPAGM_E_ARG);
  EXPECT_EQ(spagm_tex_convert_texel(nullptr, b, out), SPAGM_E_ARG);
}

}  // namespace
