// SPDX-License-Identifier: Apache-2.0
// SM50 words of DESIGN §7.1, bit for bit: every field of every opcode, the
// opcode/size overlap (N1), immediates (R5, R13), TLDS .F16 and tables,
// reserved bits (N3) and encode's refusals. The expected words are built
// here from the DESIGN table, independently of model/src/insn_layout.h.
#include <gtest/gtest.h>

#include <string>

#include "spagm/spagm.h"

namespace {

// v placed at [hi:lo].
constexpr uint64_t B(unsigned hi, unsigned lo, uint64_t v) {
  return (v & ((hi - lo + 1 >= 64) ? ~0ull : ((1ull << (hi - lo + 1)) - 1))) << lo;
}

uint64_t Encode(const spagm_insn &x) {
  uint64_t w = 0;
  spagm_diag d{};
  EXPECT_EQ(spagm_encode(&x, &w, nullptr, &d), SPAGM_OK) << d.msg;
  return w;
}

spagm_insn Decode(uint64_t w) {
  spagm_insn x;
  spagm_diag d{};
  EXPECT_EQ(spagm_decode(w, &x, &d), SPAGM_OK) << std::hex << w << ": " << d.msg;
  return x;
}

std::string DecodeError(uint64_t w) {
  spagm_insn x;
  spagm_diag d{};
  EXPECT_EQ(spagm_decode(w, &x, &d), SPAGM_E_DECODE) << std::hex << w;
  return d.msg;
}

std::string EncodeError(const spagm_insn &x) {
  uint64_t w = 0;
  spagm_diag d{};
  EXPECT_EQ(spagm_encode(&x, &w, nullptr, &d), SPAGM_E_ENCODE);
  return d.msg;
}

TEST(Encoding, AldFieldsAtDesignPositions) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_ALD);
  x.pg = 5; x.pg_not = true; x.rd = 0x12; x.ra = 0x34; x.imm = -3;
  x.patch = true; x.out = true; x.rb = 0x56; x.asize = SPAGM_ASZ_96;
  uint64_t want = B(63, 49, 0xEFD8 >> 1) | B(48, 47, 2) | B(46, 39, 0x56) |
                  B(32, 32, 1) | B(31, 31, 1) | B(30, 20, 0x7FD) | B(19, 19, 1) |
                  B(18, 16, 5) | B(15, 8, 0x34) | B(7, 0, 0x12);
  EXPECT_EQ(Encode(x), want);
  spagm_insn y = Decode(want);
  EXPECT_TRUE(spagm_insn_equal(&x, &y));
}

TEST(Encoding, AstDataRegisterIsBits7to0_RcIsBits46to39) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_AST);
  x.rb = 9; x.ra = SPAGM_RZ; x.imm = 1023; x.rc = 3; x.asize = SPAGM_ASZ_64;
  uint64_t want = B(63, 49, 0xEFF0 >> 1) | B(48, 47, 1) | B(46, 39, 3) |
                  B(30, 20, 1023) | B(18, 16, 7) | B(15, 8, 255) | B(7, 0, 9);
  EXPECT_EQ(Encode(x), want);
  spagm_insn y = Decode(want);
  EXPECT_TRUE(spagm_insn_equal(&x, &y));
}

// AST bit 32 is .O (NAK sets it on every store, Mesa's older code generator
// never does); it decodes, prints and encodes as .O both ways.
TEST(Encoding, AstOutIsBit32_BothValuesDecode) {
  uint64_t plain = B(63, 49, 0xEFF0 >> 1) | B(46, 39, 255) | B(30, 20, 0x80) |
                   B(18, 16, 7) | B(15, 8, 255) | B(7, 0, 4);
  spagm_insn x = Decode(plain), y = Decode(plain | B(32, 32, 1));
  EXPECT_FALSE(x.out);
  EXPECT_TRUE(y.out);
  x.out = true;
  EXPECT_TRUE(spagm_insn_equal(&x, &y));
  EXPECT_EQ(Encode(y), plain | B(32, 32, 1));
}

TEST(Encoding, Al2pPdAt46to44AndOutAt32) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_AL2P);
  x.rd = 4; x.ra = 1; x.imm = -32; x.out = true; x.pd = 2; x.asize = SPAGM_ASZ_128;
  uint64_t want = B(63, 49, 0xEFA0 >> 1) | B(48, 47, 3) | B(46, 44, 2) | B(32, 32, 1) |
                  B(30, 20, 0x7E0) | B(18, 16, 7) | B(15, 8, 1) | B(7, 0, 4);
  EXPECT_EQ(Encode(x), want);
  spagm_insn y = Decode(want);
  EXPECT_TRUE(spagm_insn_equal(&x, &y));
}

TEST(Encoding, IsberdRegionSkewSize) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_ISBERD);
  x.rd = 7; x.ra = 8; x.skew = true; x.out = true; x.region = SPAGM_REGION_PRIM;
  x.isize = SPAGM_ISZ_B32;
  uint64_t want = B(63, 49, 0xEFD0 >> 1) | B(48, 47, 2) | B(34, 33, 2) | B(32, 32, 1) |
                  B(31, 31, 1) | B(18, 16, 7) | B(15, 8, 8) | B(7, 0, 7);
  EXPECT_EQ(Encode(x), want);
  spagm_insn y = Decode(want);
  EXPECT_TRUE(spagm_insn_equal(&x, &y));
}

TEST(Encoding, PixldModePdImm8) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_PIXLD);
  x.rd = 1; x.ra = 2; x.imm = -128; x.pmode = SPAGM_PIX_MY_INDEX; x.pd = 6;
  uint64_t want = B(63, 48, 0xEFE8) | B(47, 45, 6) | B(33, 31, 5) | B(27, 20, 0x80) |
                  B(18, 16, 7) | B(15, 8, 2) | B(7, 0, 1);
  EXPECT_EQ(Encode(x), want);
  spagm_insn y = Decode(want);
  EXPECT_TRUE(spagm_insn_equal(&x, &y));
}

TEST(Encoding, TldsEveryFieldAndF16ClearsBit59) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_TLDS);
  x.rd = 4; x.rd1 = 6; x.ra = 8; x.rb = 10; x.tex_index = 0x1ABC; x.nodep = true;
  x.wmsk = 3; x.param = SPAGM_PARAM_2D; x.lod = SPAGM_LOD_LL; x.aoffi = true;
  x.tlds_encoding = 12;
  uint64_t want = B(63, 57, 0x6D) | B(56, 53, 12) | B(52, 50, 3) | B(49, 49, 1) |
                  B(48, 36, 0x1ABC) | B(35, 28, 6) | B(27, 20, 10) | B(18, 16, 7) |
                  B(15, 8, 8) | B(7, 0, 4);
  EXPECT_EQ(Encode(x), want);
  spagm_insn y = Decode(want);
  EXPECT_TRUE(spagm_insn_equal(&x, &y));
  x.f16 = true;
  EXPECT_EQ(Encode(x), want & ~(1ull << 59));
  EXPECT_EQ(Encode(x) >> 57, 0x69u);  // 0b1101001
  y = Decode(want & ~(1ull << 59));
  EXPECT_TRUE(y.f16);
  EXPECT_TRUE(spagm_insn_equal(&x, &y));
}

TEST(Encoding, SizeMsbIsBit48) {
  // ALD.128: opcode [63:49] still 0xEFD8>>1 while bit 48 is set.
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_ALD);
  x.rd = 0; x.imm = 0x70; x.asize = SPAGM_ASZ_128;
  uint64_t w = Encode(x);
  EXPECT_EQ(w >> 48, 0xEFD9u);
  EXPECT_EQ(Decode(w).op, SPAGM_OP_ALD);
  EXPECT_EQ(Decode(w).asize, SPAGM_ASZ_128);
  // PIXLD is matched on all of [63:48]: 0xEFE9 is no instruction.
  uint64_t pix = B(63, 48, 0xEFE9) | B(18, 16, 7);
  EXPECT_NE(DecodeError(pix).find("unknown opcode"), std::string::npos);
}

TEST(Encoding, GuardAllSixteenValues) {
  for (unsigned pg = 0; pg < 8; pg++) {
    for (unsigned neg = 0; neg < 2; neg++) {
      spagm_insn x;
      spagm_insn_init(&x, SPAGM_OP_PIXLD);
      x.rd = 0; x.pg = (uint8_t)pg; x.pg_not = neg != 0;
      uint64_t w = Encode(x);
      EXPECT_EQ(w >> 16 & 7u, pg);
      EXPECT_EQ(w >> 19 & 1u, neg);
      spagm_insn y = Decode(w);
      EXPECT_TRUE(spagm_insn_equal(&x, &y));
    }
  }
}

TEST(Encoding, ImmUnsigned10WithoutRa_Signed11WithRa) {
  spagm_insn y = Decode(B(63, 49, 0xEFD8 >> 1) | B(46, 39, 255) | B(30, 20, 0x3FF) |
                        B(18, 16, 7) | B(15, 8, 255));
  EXPECT_EQ(y.imm, 1023);
  EXPECT_FALSE(y.phys);
  // With a register and .P, 0x400 is -1024.
  y = Decode(B(63, 49, 0xEFD8 >> 1) | B(46, 39, 255) | B(31, 31, 1) | B(30, 20, 0x400) |
             B(18, 16, 7) | B(15, 8, 3));
  EXPECT_EQ(y.imm, -1024);
  EXPECT_TRUE(y.patch);
  // Bit 30 with Ra = RZ is illegal.
  std::string m = DecodeError(B(63, 49, 0xEFD8 >> 1) | B(30, 20, 0x400) |
                              B(18, 16, 7) | B(15, 8, 255));
  EXPECT_NE(m.find("R5"), std::string::npos) << m;
  EXPECT_NE(m.find("bit [30]"), std::string::npos) << m;
}

TEST(Encoding, PhysIsDerived_PZeroRegisterImmZero) {
  uint64_t w = B(63, 49, 0xEFD8 >> 1) | B(46, 39, 255) | B(18, 16, 7) | B(15, 8, 4) | 2;
  spagm_insn y = Decode(w);
  EXPECT_TRUE(y.phys);
  EXPECT_EQ(y.ra, 4);
  // Same with an immediate: the spec says it has to be zero.
  std::string m = DecodeError(w | B(30, 20, 8));
  EXPECT_NE(m.find("immediate must be 0"), std::string::npos) << m;
  // AST likewise.
  uint64_t a = B(63, 49, 0xEFF0 >> 1) | B(46, 39, 255) | B(30, 20, 4) | B(18, 16, 7) |
               B(15, 8, 4) | 2;
  m = DecodeError(a);
  EXPECT_NE(m.find("AST"), std::string::npos) << m;
}

TEST(Encoding, PixldImm8ZeroExtendedWithoutRa_SignExtendedWithRa) {
  uint64_t base = B(63, 48, 0xEFE8) | B(47, 45, 7) | B(33, 31, 2) | B(18, 16, 7);
  EXPECT_EQ(Decode(base | B(27, 20, 0xFF) | B(15, 8, 255)).imm, 255);
  EXPECT_EQ(Decode(base | B(27, 20, 0xFF) | B(15, 8, 3)).imm, -1);
}

TEST(Encoding, ReservedBitsMustBeZero) {
  struct Case {
    uint64_t base;
    unsigned hi, lo;
    const char *op;
  } cases[] = {
      {B(63, 49, 0xEFD8 >> 1), 38, 33, "ALD"},
      {B(63, 49, 0xEFF0 >> 1), 38, 33, "AST"},
      {B(63, 49, 0xEFA0 >> 1), 31, 31, "AL2P"},
      {B(63, 49, 0xEFA0 >> 1), 43, 33, "AL2P"},
      {B(63, 49, 0xEFD0 >> 1), 30, 20, "ISBERD"},
      {B(63, 49, 0xEFD0 >> 1), 46, 35, "ISBERD"},
      {B(63, 48, 0xEFE8), 30, 28, "PIXLD"},
      {B(63, 48, 0xEFE8), 44, 34, "PIXLD"},
  };
  for (const Case &c : cases) {
    uint64_t legal = c.base | B(18, 16, 7);
    Decode(legal);
    for (unsigned bit = c.lo; bit <= c.hi; bit++) {
      std::string m = DecodeError(legal | 1ull << bit);
      EXPECT_NE(m.find(std::string("of ") + c.op), std::string::npos) << m;
      EXPECT_NE(m.find("must be 0"), std::string::npos) << m;
    }
  }
  EXPECT_EQ(DecodeError(B(63, 49, 0xEFD8 >> 1) | B(18, 16, 7) | B(38, 33, 5)),
            "reserved bits [38:33] of ALD are 0x5, must be 0 (N3)");
}

// Every bit outside opcode and reserved ranges is a field bit: flipping it
// gives a different instruction (or an illegal word), never the same one.
TEST(Encoding, EveryFieldBitIsDecoded) {
  const char *texts[] = {"ALD.P R0, a[R2+4], R5;", "AST.P a[R2+4], R1, R3;",
                         "AL2P R0, R1, 12;",       "ISBERD.PATCH R1, [R2];",
                         "PIXLD.COVERED R1, [R2+1];",
                         "TLDS.LZ R0, R4, R8, R10, 0x7, 2D, RGBA;"};
  for (const char *t : texts) {
    spagm_insn x;
    spagm_diag d{};
    ASSERT_EQ(spagm_asm_one(t, 1, 1, nullptr, &x, &d), SPAGM_OK) << d.msg;
    uint64_t w = Encode(x);
    for (unsigned bit = 0; bit < 64; bit++) {
      uint64_t f = w ^ 1ull << bit;
      spagm_insn y;
      if (spagm_decode(f, &y, &d) != SPAGM_OK) continue;
      EXPECT_FALSE(spagm_insn_equal(&x, &y)) << t << " bit " << bit;
      EXPECT_EQ(Encode(y), f) << t << " bit " << bit;
    }
  }
}

TEST(Encoding, UnusedFieldsAreRefused) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_ALD);
  x.rd = 0; x.skew = true;
  EXPECT_NE(EncodeError(x).find("ALD has no field skew"), std::string::npos);
  spagm_insn_init(&x, SPAGM_OP_AST);
  x.rb = 1; x.rd = 3;  // AST's data register lives in rb
  EXPECT_NE(EncodeError(x).find("AST has no field rd"), std::string::npos);
  spagm_insn_init(&x, SPAGM_OP_PIXLD);
  x.rd = 0; x.tex_index = 1;
  EXPECT_NE(EncodeError(x).find("no field tex_index"), std::string::npos);
}

TEST(Encoding, PhysFlagMustMatchOperands) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_ALD);
  x.rd = 0; x.ra = 2;  // register address without .P: .PHYS
  EXPECT_NE(EncodeError(x).find("phys = 0 contradicts"), std::string::npos);
  x.phys = true;
  EXPECT_EQ(Decode(Encode(x)).phys, true);
  x.imm = 4;
  EXPECT_NE(EncodeError(x).find("needs immediate 0"), std::string::npos);
}

TEST(Encoding, IsbewrHasNoWord) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_ISBEWR);
  x.ra = 1; x.rb = 2;
  EXPECT_NE(EncodeError(x).find("ISBEWR has no SM50 encoding"), std::string::npos);
}

TEST(Encoding, TldsPhaseIsDroppedAndReported) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_TLDS);
  x.rd = 0; x.ra = 1; x.param = SPAGM_PARAM_1D; x.tlds_encoding = 0; x.rd1 = SPAGM_RZ;
  x.phase = SPAGM_PHASE_P;
  uint64_t w = 0, w2 = 0;
  unsigned dropped = 0;
  ASSERT_EQ(spagm_encode(&x, &w, &dropped, nullptr), SPAGM_OK);
  EXPECT_EQ(dropped, SPAGM_DROPPED_PHASE);
  x.phase = SPAGM_PHASE_NONE;
  ASSERT_EQ(spagm_encode(&x, &w2, &dropped, nullptr), SPAGM_OK);
  EXPECT_EQ(dropped, 0u);
  EXPECT_EQ(w, w2);
}

TEST(Encoding, EncodeRangeErrors) {
  spagm_insn x;
  spagm_insn_init(&x, SPAGM_OP_ALD);
  x.rd = 0; x.imm = 1024;
  EXPECT_NE(EncodeError(x).find("0..1023 (R5)"), std::string::npos);
  spagm_insn_init(&x, SPAGM_OP_PIXLD);
  x.rd = 0; x.imm = 256;
  EXPECT_NE(EncodeError(x).find("0..255 (R13)"), std::string::npos);
  spagm_insn_init(&x, SPAGM_OP_TLDS);
  x.ra = 1; x.tex_index = 8192;
  EXPECT_NE(EncodeError(x).find("0..8191"), std::string::npos);
  spagm_insn_init(&x, SPAGM_OP_TLDS);
  x.ra = 1; x.tlds_encoding = 2;  // param 1D .LZ is row 0
  EXPECT_NE(EncodeError(x).find("row is 0"), std::string::npos);
  spagm_insn_init(&x, SPAGM_OP_TLDS);
  x.ra = 1; x.rd1 = 2; x.wmsk = 5;
  EXPECT_NE(EncodeError(x).find("34C"), std::string::npos);
  spagm_insn_init(&x, SPAGM_OP_PIXLD);
  x.pg = 8;
  EXPECT_NE(EncodeError(x).find("guard pg = 8"), std::string::npos);
}

TEST(Encoding, NullArgumentsAreErrorsNotCrashes) {
  spagm_insn x;
  uint64_t w;
  EXPECT_EQ(spagm_decode(0, nullptr, nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_encode(nullptr, &w, nullptr, nullptr), SPAGM_E_ARG);
  spagm_insn_init(&x, SPAGM_OP_ALD);
  EXPECT_EQ(spagm_encode(&x, nullptr, nullptr, nullptr), SPAGM_E_ARG);
  spagm_insn_init(&x, SPAGM_OP_NONE);
  EXPECT_EQ(spagm_encode(&x, &w, nullptr, nullptr), SPAGM_E_ENCODE);
  EXPECT_TRUE(spagm_insn_equal(nullptr, nullptr));
  EXPECT_FALSE(spagm_insn_equal(&x, nullptr));
}

}  // namespace
