// SPDX-License-Identifier: Apache-2.0
// Random byte strings and random words never crash the assembler, the
// decoder or the disassembler (bounded loops, fixed seeds; run under
// ASan+UBSan in CI). Whatever they accept must round-trip; whatever they
// refuse must say where and why.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "spagm/spagm.h"

namespace {

void CheckResult(spagm_status s, const spagm_insn &x, const spagm_diag &d,
                 const std::string &input) {
  if (s == SPAGM_OK) {
    char text[256];
    spagm_disasm(&x, 1, text, sizeof text);
    spagm_insn y;
    spagm_diag d2{};
    ASSERT_EQ(spagm_asm_one(text, 1, 1, nullptr, &y, &d2), SPAGM_OK) << input << " -> " << text;
    EXPECT_TRUE(spagm_insn_equal(&x, &y)) << input;
    return;
  }
  EXPECT_TRUE(s == SPAGM_E_SYNTAX || s == SPAGM_E_SEMANTIC) << input << ": " << s;
  EXPECT_GT(std::string(d.msg).size(), 5u) << input;
  EXPECT_GE(d.line, 1) << input;
  EXPECT_GE(d.col, 1) << input;
}

TEST(Fuzz, RandomBytesToAssembler) {
  std::mt19937 rng(1);
  for (int i = 0; i < 20000; i++) {
    std::string s(rng() % 64, '\0');
    for (char &c : s) c = (char)(rng() % 256);
    spagm_insn x;
    spagm_diag d{};
    spagm_status st = spagm_asm_one(s.c_str(), 1, 1, nullptr, &x, &d);
    CheckResult(st, x, d, s);
    // spagm_asm_text sees the embedded NULs too.
    spagm_insn *v = nullptr;
    size_t n = 0;
    st = spagm_asm_text(s.data(), s.size(), nullptr, &v, &n, &d);
    EXPECT_TRUE(st == SPAGM_OK || st == SPAGM_E_SYNTAX || st == SPAGM_E_SEMANTIC);
    free(v);
  }
}

// Random sequences of assembler vocabulary reach deep into the parser.
TEST(Fuzz, RandomTokenSoupToAssembler) {
  const char *vocab[] = {"ALD", "AST", "AL2P", "ISBERD", "ISBEWR", "PIXLD", "TLDS", ".",
                         "I", "O", "P", "PHYS", "64", "128", "F16", "LZ", "LL", "MS",
                         "AOFFI", "COVERED", "SKEW", "U16", "R0", "R1", "R2", "R4", "R5",
                         "RZ", "P0", "PT", "a", "[", "]", "+", "-", ",", ";", "\n", "#",
                         "0x7", "16", "1023", "2D", "ARRAY_2D", "RGBA", "R", "&", "req_",
                         "{", "}", "rd1", "wr2", "?", "WAIT3", "YIELD", "@", "!", " ",
                         "//x", "-1", "9999999999"};
  const size_t nv = sizeof vocab / sizeof vocab[0];
  std::mt19937 rng(2);
  for (int i = 0; i < 30000; i++) {
    std::string s = vocab[rng() % 7];
    size_t len = rng() % 14;
    for (size_t k = 0; k < len; k++) {
      s += vocab[rng() % nv];
      if (rng() % 3 == 0) s += " ";
    }
    spagm_insn x;
    spagm_diag d{};
    spagm_status st = spagm_asm_one(s.c_str(), 1, 1, nullptr, &x, &d);
    CheckResult(st, x, d, s);
  }
}

// Valid statements with a few random edits: some stay valid (and must
// round-trip), the others must be refused with a position.
TEST(Fuzz, MutatedValidStatements) {
  const char *valid[] = {
      "ALD.O.P.64 R2, a[R4+16], R5 &req_1 &wr2 ?WAIT3;",
      "AST.PHYS.128 a[R0], R4, R1 &rd0;",
      "@!P3 AL2P.O.96 R0, P2, R1, -32;",
      "ISBERD.O.ATTR.SKEW.B32 R1, [R2] ?YIELD;",
      "ISBEWR.PATCH.U16 [R2], R3;",
      "PIXLD.COVERED R1, P2, [R3+4];",
      "TLDS.F16.LL.AOFFI.NODEP.T R0, R2, R4, R6, 0x10, 2D, RGB;",
      "TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R;",
  };
  const char alphabet[] = "ALDSTPRZ0123456789x.,;[]+-#@!&?{}_ aIO\n";
  std::mt19937 rng(5);
  size_t accepted = 0, refused = 0;
  for (int i = 0; i < 40000; i++) {
    std::string s = valid[rng() % 8];
    for (unsigned k = 0, edits = 1 + rng() % 3; k < edits && !s.empty(); k++) {
      size_t at = rng() % s.size();
      switch (rng() % 3) {
        case 0: s.erase(at, 1); break;
        case 1: s.insert(at, 1, alphabet[rng() % (sizeof alphabet - 1)]); break;
        default: s[at] = alphabet[rng() % (sizeof alphabet - 1)]; break;
      }
    }
    spagm_insn x;
    spagm_diag d{};
    spagm_asm_opts o{(int)(rng() % 7) - 1};
    spagm_status st = spagm_asm_one(s.c_str(), 1, 1, &o, &x, &d);
    if (o.stage < 0) CheckResult(st, x, d, s);
    EXPECT_TRUE(st == SPAGM_OK || st == SPAGM_E_SYNTAX || st == SPAGM_E_SEMANTIC);
    (st == SPAGM_OK ? accepted : refused)++;
  }
  EXPECT_GT(accepted, 1000u);
  EXPECT_GT(refused, 1000u);
}

TEST(Fuzz, RandomWordsToDecoderAndDisassembler) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 200000; i++) {
    uint64_t w = rng();
    if (i % 2) w = (w & 0x0001FFFFFFFFFFFFull) | (0xEFC0ull + (rng() % 64)) << 48;
    spagm_insn x;
    spagm_diag d{};
    spagm_status s = spagm_decode(w, &x, &d);
    char text[300];
    spagm_status t = spagm_disasm_word(w, text, sizeof text);
    ASSERT_EQ(s, t);
    if (s == SPAGM_OK) {
      uint64_t back = 0;
      ASSERT_EQ(spagm_encode(&x, &back, nullptr, &d), SPAGM_OK);
      EXPECT_EQ(back, w);
    } else {
      EXPECT_EQ(s, SPAGM_E_DECODE);
      EXPECT_EQ(std::string(text).rfind("<illegal: ", 0), 0u);
    }
  }
}

// Instructions with arbitrary field values (not only legal ones) are
// refused by encode with a message, never encoded wrongly or crashed on.
TEST(Fuzz, RandomInstructionFieldsToEncoderAndDisassembler) {
  std::mt19937 rng(4);
  for (int i = 0; i < 50000; i++) {
    spagm_insn x;
    spagm_insn_init(&x, (spagm_op)(rng() % (SPAGM_OP_COUNT + 2)));
    x.pg = rng() % 10;
    x.rd = rng() % 256; x.ra = rng() % 256; x.rb = rng() % 256;
    if (rng() % 4 == 0) x.rd1 = rng() % 256;
    if (rng() % 4 == 0) x.pd = rng() % 9;
    x.imm = (int32_t)(rng() % 4096) - 2048;
    if (rng() % 3 == 0) x.asize = (spagm_asize)(rng() % 5);
    if (rng() % 3 == 0) x.pmode = (spagm_pixld_mode)(rng() % 8);
    if (rng() % 3 == 0) x.tlds_encoding = rng() % 16;
    if (rng() % 3 == 0) x.wmsk = rng() % 8;
    if (rng() % 3 == 0) x.region = (spagm_isbe_region)(rng() % 5);
    if (rng() % 3 == 0) x.isize = (spagm_isbe_size)(rng() % 4);
    x.phys = !x.patch && x.ra != SPAGM_RZ;
    char text[300];
    spagm_disasm(&x, 1, text, sizeof text);
    uint64_t w = 0;
    spagm_diag d{};
    if (spagm_encode(&x, &w, nullptr, &d) == SPAGM_OK) {
      spagm_insn y;
      ASSERT_EQ(spagm_decode(w, &y, &d), SPAGM_OK) << text;
      EXPECT_TRUE(spagm_insn_equal(&x, &y)) << text;
    } else {
      EXPECT_GT(std::string(d.msg).size(), 5u);
    }
  }
}

}  // namespace
