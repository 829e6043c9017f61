// SPDX-License-Identifier: Apache-2.0
// fp32 -> fp16 of TLDS.F16 (R22) in both rounding modes: zeros, denormals,
// overflow, NaN, infinity and halfway cases, against hand values and an
// independent nearest-neighbour reference; and the PRI mode through TLDS.
#include "tex_harness.h"

using namespace textest;

namespace {

constexpr spagm_fp16_round RNE = SPAGM_FP16_RNE;
constexpr spagm_fp16_round RZ = SPAGM_FP16_RZ;

uint16_t h(uint32_t f32, spagm_fp16_round mode) { return spagm_fp16_from_fp32(f32, mode); }

TEST(TexFp16, Zeros_KeepTheirSign) {
  for (auto m : {RNE, RZ}) {
    EXPECT_EQ(h(0x00000000u, m), 0x0000);
    EXPECT_EQ(h(0x80000000u, m), 0x8000);
  }
}

TEST(TexFp16, Fp32Denormals_BecomeSignedZero) {
  for (auto m : {RNE, RZ}) {
    EXPECT_EQ(h(0x00000001u, m), 0x0000);
    EXPECT_EQ(h(0x807FFFFFu, m), 0x8000);
  }
}

TEST(TexFp16, Fp16DenormalResults_AreKept) {
  EXPECT_EQ(h(f2u(std::ldexp(1.0f, -24)), RNE), 0x0001);  // smallest
  EXPECT_EQ(h(f2u(std::ldexp(1023.0f, -24)), RZ), 0x03FF);  // largest
  EXPECT_EQ(h(f2u(-std::ldexp(5.0f, -24)), RNE), 0x8005);
  // 2^-14 - 2^-25 lies halfway between the largest denormal and 2^-14.
  EXPECT_EQ(h(f2u(std::ldexp(2047.0f, -25)), RNE), 0x0400);  // ties to even
  EXPECT_EQ(h(f2u(std::ldexp(2047.0f, -25)), RZ), 0x03FF);
}

TEST(TexFp16, DenormalHalfwayCases_TieToEven) {
  EXPECT_EQ(h(f2u(std::ldexp(1.0f, -25)), RNE), 0x0000);  // 0.5 ulp -> 0 (even)
  EXPECT_EQ(h(f2u(std::ldexp(3.0f, -25)), RNE), 0x0002);  // 1.5 ulp -> 2
  EXPECT_EQ(h(f2u(std::ldexp(5.0f, -25)), RNE), 0x0002);  // 2.5 ulp -> 2
  EXPECT_EQ(h(f2u(std::ldexp(3.0f, -25)), RZ), 0x0001);
  EXPECT_EQ(h(0x33000001u, RNE), 0x0001);  // just above 0.5 ulp
  EXPECT_EQ(h(0x32FFFFFFu, RNE), 0x0000);  // just below
}

TEST(TexFp16, NormalHalfwayCases_TieToEven) {
  EXPECT_EQ(h(0x3F801000u, RNE), 0x3C00);  // 1 + 2^-11: tie -> 1.0
  EXPECT_EQ(h(0x3F803000u, RNE), 0x3C02);  // 1 + 3*2^-11: tie -> even up
  EXPECT_EQ(h(0x3F801001u, RNE), 0x3C01);
  EXPECT_EQ(h(0x3F803000u, RZ), 0x3C01);
  EXPECT_EQ(h(0xBF803FFFu, RZ), 0xBC01);  // toward zero for negatives too
  EXPECT_EQ(h(0xBF803FFFu, RNE), 0xBC02);
  EXPECT_EQ(h(0x3FFFF000u, RNE), 0x4000);  // carry into the exponent
}

TEST(TexFp16, Overflow_InfinityOrLargestFinite) {
  EXPECT_EQ(h(f2u(65504.0f), RNE), 0x7BFF);
  EXPECT_EQ(h(f2u(65504.0f), RZ), 0x7BFF);
  EXPECT_EQ(h(f2u(65519.996f), RNE), 0x7BFF);  // below the tie
  EXPECT_EQ(h(f2u(65520.0f), RNE), 0x7C00);    // the tie rounds to infinity
  EXPECT_EQ(h(f2u(65520.0f), RZ), 0x7BFF);
  EXPECT_EQ(h(f2u(1e10f), RNE), 0x7C00);
  EXPECT_EQ(h(f2u(1e10f), RZ), 0x7BFF);
  EXPECT_EQ(h(f2u(-1e10f), RZ), 0xFBFF);
  EXPECT_EQ(h(f2u(-3.0e38f), RNE), 0xFC00);
}

TEST(TexFp16, Infinity_StaysInfinityInBothModes) {
  for (auto m : {RNE, RZ}) {
    EXPECT_EQ(h(0x7F800000u, m), 0x7C00);
    EXPECT_EQ(h(0xFF800000u, m), 0xFC00);
  }
}

TEST(TexFp16, NaN_StaysAQuietNaN) {
  for (auto m : {RNE, RZ}) {
    EXPECT_EQ(h(0x7F800001u, m), 0x7E00);  // signalling -> quiet
    EXPECT_EQ(h(0x7FC00000u, m), 0x7E00);
    EXPECT_EQ(h(0xFFC00000u, m), 0xFE00);
    EXPECT_EQ(h(0x7FFFFFFFu, m), 0x7FFF);  // payload truncated
    uint16_t r = h(0x7FA12345u, m);
    EXPECT_EQ(r & 0x7C00, 0x7C00);
    EXPECT_NE(r & 0x0200, 0);
  }
}

// Independent reference: the fp16 neighbours of x by search over all finite
// fp16 values, then the rounding rule.
uint16_t ref_half(uint32_t f32, spagm_fp16_round mode) {
  float x = u2f(f32);
  if (std::isnan(x)) return 0;  // not compared here
  static std::vector<double> pos;  // value of half bits 0x0000..0x7BFF
  if (pos.empty())
    for (uint32_t b = 0; b < 0x7C00; b++) {
      unsigned e = b >> 10, mm = b & 1023;
      pos.push_back(e ? std::ldexp(1024.0 + mm, static_cast<int>(e) - 25)
                      : std::ldexp(static_cast<double>(mm), -24));
    }
  uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  double a = std::fabs(static_cast<double>(x));
  if (std::isinf(a)) return sign | 0x7C00;
  // lo = largest half <= a.
  auto it = std::upper_bound(pos.begin(), pos.end(), a);
  uint32_t lo = static_cast<uint32_t>(it - pos.begin()) - 1;
  if (pos[lo] == a) return static_cast<uint16_t>(sign | lo);
  if (mode == SPAGM_FP16_RZ) return static_cast<uint16_t>(sign | lo);
  double hi = lo + 1 < pos.size() ? pos[lo + 1] : 65536.0;  // 65536 = next binade
  double dlo = a - pos[lo], dhi = hi - a;
  uint32_t pick = dlo < dhi ? lo : dhi < dlo ? lo + 1 : (lo % 2 ? lo + 1 : lo);
  return static_cast<uint16_t>(sign | pick);  // pick 0x7C00 is infinity
}

TEST(TexFp16, SweepAgainstNearestNeighbourReference) {
  unsigned checked = 0;
  for (uint64_t u = 0; u <= 0xFFFFFFFFull; u += 0x3F1u) {  // ~4.3M patterns
    uint32_t f = static_cast<uint32_t>(u);
    if (std::isnan(u2f(f))) continue;
    for (auto m : {RNE, RZ})
      ASSERT_EQ(h(f, m), ref_half(f, m)) << std::hex << f << " mode " << m;
    checked++;
  }
  EXPECT_GT(checked, 4000000u);
}

TEST(TexFp16, HalfToFloat_InverseOfExactValues) {
  for (uint32_t b = 0; b < 0x10000; b++) {
    uint32_t f = spagm_fp32_from_fp16(static_cast<uint16_t>(b));
    if ((b & 0x7C00) == 0x7C00 && (b & 0x3FF)) continue;  // NaN payloads: N66
    ASSERT_EQ(h(f, RNE), b) << std::hex << b;
    ASSERT_EQ(h(f, RZ), b) << std::hex << b;
  }
}

// ---- Through TLDS: the PRI rounding mode -----------------------------------

class TexF16 : public TexFixture {};

TEST_F(TexF16, RoundingModeSelectsRNEOrRZ) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32_G32, SPAGM_TEXDT_FLOAT, 1, 1);
  add_texture(1, t);
  const uint32_t texel[2] = {0x3F803000u, f2u(70000.0f)};
  write(t.address, texel, 8);
  spagm_insn i = tlds(2, SPAGM_RZ, 0, 2, 4, 1, 4, true);  // RG packed in Rd0
  run(i);
  EXPECT_EQ(resp.wb_value[0][0], 0x3C02u | 0x7C00u << 16);
  EXPECT_EQ(resp.wb_dontcare[0][0], 0u);
  ASSERT_EQ(spagm_tex_set_fp16_round(m, SPAGM_FP16_RZ), SPAGM_OK);
  run(i);
  EXPECT_EQ(resp.wb_value[0][0], 0x3C01u | 0x7BFFu << 16);
}

TEST_F(TexF16, UnusedHalf_IsZero_TLDS) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_FLOAT, 1, 1);
  add_texture(1, t);
  write32(t.address, 0xC0000000u);  // -2.0
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 0, true));
  EXPECT_EQ(resp.wb_value[0][11], 0x0000C000u);
  EXPECT_EQ(resp.wb_dontcare[0][11], 0u);
}

TEST_F(TexF16, OutOfRangeZero_PacksToZero) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_FLOAT, 1, 1);
  add_texture(1, t);
  write32(t.address, 0x3F800000u);
  req.lane_mask = 3;
  req.a[0][1] = 1;  // outside the 1x1 texture
  run(tlds(2, SPAGM_RZ, 0, 2, 4, 1, 4, true));
  EXPECT_EQ(resp.wb_value[0][0], 0x3C00u);  // R = 1.0, G = 0 (missing)
  EXPECT_EQ(resp.wb_value[0][1], 0u);
}

}  // namespace
