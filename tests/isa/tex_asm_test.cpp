// SPDX-License-Identifier: Apache-2.0
// TLDS from assembly text to results: the two examples of TLDS.txt, words
// decoded by spagm_execute exactly as co-simulation does, and combinations
// the assembler refuses (TLDS.txt legal tables, R10, R23).
#include "tex_harness.h"

using namespace textest;

namespace {

class TexAsm : public TexFixture {
 protected:
  void SetUp() override {
    TexFixture::SetUp();
    spagm_regfile_init(&rf);
  }

  // Assemble, encode, issue from rf on all lanes, execute the word, retire.
  void exec(const char *text) {
    spagm_insn insn;
    spagm_diag d{};
    ASSERT_EQ(spagm_asm_one(text, 1, 1, nullptr, &insn, &d), SPAGM_OK) << d.msg;
    uint64_t word = 0;
    ASSERT_EQ(spagm_encode(&insn, &word, nullptr, &d), SPAGM_OK) << d.msg;
    spagm_issue(&insn, word, &rf, 0xFFFFFFFFu, 1, &req);
    ASSERT_EQ(spagm_execute_explained(m, &req, &resp, &ex), SPAGM_OK);
    ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE) << fault_text();
    spagm_retire(&resp, &rf);
  }

  spagm_status refuse(const char *text) {
    spagm_insn insn;
    spagm_diag d{};
    return spagm_asm_one(text, 1, 1, nullptr, &insn, &d);
  }

  spagm_regfile rf;
};

// TLDS.txt: "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA; // reads R9 & R11;
// writes R0, R1, R4, & R5".
TEST_F(TexAsm, SpecExample1_RGBA_ReadsR9R11_WritesR4R5R0R1_TLDS) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32_G32_B32_A32, SPAGM_TEXDT_UINT, 16, 16);
  add_texture(7, t);
  for (uint32_t y = 0; y < 16; y++)
    for (uint32_t x = 0; x < 16; x++) {
      const uint32_t texel[4] = {x, y, 0x100 + x, 0x200 + y};
      write(ref_texel_address(t, 16, 2, x, y, 0, 0, 0), texel, 16);
    }
  for (unsigned l = 0; l < 32; l++) {
    rf.r[9][l] = l % 16;   // s
    rf.r[10][l] = 0xBAD;   // not read: row 2 has a scalar Ra
    rf.r[11][l] = l / 16;  // t
  }
  exec("TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA;");
  for (unsigned l = 0; l < 32; l++) {
    EXPECT_EQ(rf.r[4][l], l % 16) << l;         // Rd0   = R
    EXPECT_EQ(rf.r[5][l], l / 16) << l;         // Rd0+1 = G
    EXPECT_EQ(rf.r[0][l], 0x100 + l % 16) << l; // Rd1   = B
    EXPECT_EQ(rf.r[1][l], 0x200 + l / 16) << l; // Rd1+1 = A
  }
  EXPECT_EQ(resp.wb_reg[0], 4u);
  EXPECT_EQ(resp.wb_reg[1], 5u);
  EXPECT_EQ(resp.wb_reg[2], 0u);
  EXPECT_EQ(resp.wb_reg[3], 1u);
}

// TLDS.txt: "TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R; // reads R6, R7, &
// R11; writes R9".
TEST_F(TexAsm, SpecExample2_MS_ReadsR6R7R11_WritesR9_TLDS) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32, SPAGM_TEXDT_FLOAT, 4, 4);
  t.msaa = SPAGM_TEXMS_2X2;
  add_texture(0, t);
  for (uint32_t y = 0; y < 4; y++)
    for (uint32_t x = 0; x < 4; x++)
      for (unsigned s = 0; s < 4; s++)
        write32(ref_texel_address(t, 4, 2, x, y, 0, 0, 0, s, 4),
                f2u(static_cast<float>(100 * s + 10 * y + x)));
  for (unsigned l = 0; l < 32; l++) {
    rf.r[6][l] = l % 4;
    rf.r[7][l] = (l / 4) % 4;
    rf.r[11][l] = l / 8;
    rf.r[9][l] = 0xFFFFFFFFu;
  }
  exec("TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R;");
  for (unsigned l = 0; l < 32; l++)
    EXPECT_EQ(rf.r[9][l], f2u(static_cast<float>(100 * (l / 8) + 10 * ((l / 4) % 4) + l % 4)))
        << l;
  EXPECT_EQ(resp.wb_reg[1], SPAGM_RZ);
  EXPECT_EQ(resp.wb_reg[2], SPAGM_RZ);
}

TEST_F(TexAsm, F16TextWithRZRounding_PacksHalves) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_R32_G32_B32_A32, SPAGM_TEXDT_FLOAT, 1, 1);
  add_texture(3, t);
  const float texel[4] = {1.0f / 3.0f, -2.5f, 65536.0f, 0.0f};
  write(t.address, texel, 16);
  ASSERT_EQ(spagm_tex_set_fp16_round(m, SPAGM_FP16_RZ), SPAGM_OK);
  exec("TLDS.F16.LZ R3, R2, R8, R9, 0x3, 2D, RGBA;");
  EXPECT_EQ(rf.r[2][0], 0x3555u | 0xC100u << 16);  // 1/3 truncated, -2.5
  EXPECT_EQ(rf.r[3][0], 0x7BFFu | 0x0000u << 16);  // 65536 -> largest finite
}

TEST_F(TexAsm, AllLegalRows_AssembleAndExecute_TLDS) {
  const char *rows[] = {
      "TLDS.LZ RZ, R0, R2, 0x1, 1D, R;",
      "TLDS.LL RZ, R0, R2, R4, 0x1, 1D, R;",
      "TLDS.LZ RZ, R0, R2, R4, 0x1, 2D, R;",
      "TLDS.LZ.AOFFI RZ, R0, R2, R4, 0x1, 2D, R;",
      "TLDS.LL RZ, R0, R2, R4, 0x1, 2D, R;",
      "TLDS.LZ.MS RZ, R0, R2, R4, 0x1, 2D, R;",
      "TLDS.LZ RZ, R0, R2, R4, 0x1, 3D, R;",
      "TLDS.LZ RZ, R0, R2, R4, 0x1, ARRAY_2D, R;",
      "TLDS.LL.AOFFI RZ, R0, R2, R4, 0x1, 2D, R;",
  };
  const unsigned encodings[] = {0, 1, 2, 4, 5, 6, 7, 8, 12};
  for (unsigned i = 0; i < 9; i++) {
    spagm_insn insn;
    spagm_diag d{};
    ASSERT_EQ(spagm_asm_one(rows[i], 1, 1, nullptr, &insn, &d), SPAGM_OK) << rows[i] << d.msg;
    EXPECT_EQ(insn.tlds_encoding, encodings[i]) << rows[i];
    exec(rows[i]);  // no fault (texture 1 is absent: R18 zeros)
  }
}

TEST_F(TexAsm, IllegalCombinations_RefusedByTheAssembler_TLDS) {
  EXPECT_EQ(refuse("TLDS.LZ.AOFFI RZ, R0, R2, R4, 0x1, 1D, R;"), SPAGM_E_SEMANTIC);
  EXPECT_EQ(refuse("TLDS.LL RZ, R0, R2, R4, 0x1, 3D, R;"), SPAGM_E_SEMANTIC);
  EXPECT_EQ(refuse("TLDS.LL RZ, R0, R2, R4, 0x1, ARRAY_2D, R;"), SPAGM_E_SEMANTIC);
  EXPECT_EQ(refuse("TLDS.LL.MS RZ, R0, R2, R4, 0x1, 2D, R;"), SPAGM_E_SEMANTIC);
  EXPECT_EQ(refuse("TLDS.LZ.MS.AOFFI RZ, R0, R2, R4, 0x1, 2D, R;"), SPAGM_E_SEMANTIC);
  EXPECT_EQ(refuse("TLDS.LZ.MS RZ, R0, R2, R4, 0x1, 3D, R;"), SPAGM_E_SEMANTIC);
  EXPECT_EQ(refuse("TLDS.LZ RZ, R0, R2, R4, 0x1, CUBE, R;"), SPAGM_E_SEMANTIC);
}

TEST_F(TexAsm, RegisterRules_RefusedByTheAssembler) {
  EXPECT_EQ(refuse("TLDS.LZ RZ, R0, R3, R4, 0x1, 3D, R;"), SPAGM_E_SEMANTIC);     // Ra odd
  EXPECT_EQ(refuse("TLDS.LZ RZ, R0, R2, R5, 0x1, ARRAY_2D, R;"), SPAGM_E_SEMANTIC);  // Rb odd
  EXPECT_EQ(refuse("TLDS.LZ RZ, R0, R2, R4, 0x1, 1D, R;"), SPAGM_E_SEMANTIC);     // Rb given
  EXPECT_EQ(refuse("TLDS.LZ RZ, R1, R2, R4, 0x1, 2D, RG;"), SPAGM_E_SEMANTIC);    // Rd0 odd
  EXPECT_EQ(refuse("TLDS.LZ R1, R0, R2, R4, 0x1, 2D, RGBA;"), SPAGM_E_SEMANTIC);  // Rd1 odd
}

TEST_F(TexAsm, IllegalTargetEncodingWord_FaultsAtExecute_TLDS) {
  spagm_insn insn;
  spagm_diag d{};
  ASSERT_EQ(spagm_asm_one("TLDS.LZ RZ, R0, R2, R4, 0x1, 2D, R;", 1, 1, nullptr, &insn, &d),
            SPAGM_OK);
  uint64_t word = 0;
  ASSERT_EQ(spagm_encode(&insn, &word, nullptr, &d), SPAGM_OK);
  for (uint64_t target : {3u, 9u, 10u, 11u, 13u, 14u, 15u}) {
    req.insn = (word & ~(uint64_t{0xF} << 53)) | target << 53;  // [56:53]
    ASSERT_EQ(spagm_execute_explained(m, &req, &resp, &ex), SPAGM_OK);
    EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) << target;
    EXPECT_EQ(resp.wb_reg[0], SPAGM_RZ);
  }
}

TEST_F(TexAsm, WordAndDecodedInstruction_GiveTheSameResponse) {
  spagm_tic t = tic_2d(SPAGM_TEXFMT_A8B8G8R8, SPAGM_TEXDT_UNORM, 8, 8);
  add_texture(1, t);
  const uint8_t texel[4] = {10, 20, 30, 40};
  write(ref_texel_address(t, 4, 2, 2, 3, 0, 0, 0), texel, 4);
  for (unsigned l = 0; l < 32; l++) rf.r[2][l] = 2, rf.r[3][l] = 3;
  spagm_insn insn;
  spagm_diag d{};
  ASSERT_EQ(spagm_asm_one("TLDS.LZ.AOFFI R6, R4, R2, R8, 0x1, 2D, RGBA;", 1, 1, nullptr,
                          &insn, &d),
            SPAGM_OK)
      << d.msg;
  uint64_t word = 0;
  ASSERT_EQ(spagm_encode(&insn, &word, nullptr, &d), SPAGM_OK);
  spagm_issue(&insn, word, &rf, 0xFFFFFFFFu, 1, &req);
  spagm_response by_word, by_insn;
  ASSERT_EQ(spagm_execute(m, &req, &by_word), SPAGM_OK);
  ASSERT_EQ(spagm_execute_insn(m, &insn, &req, &by_insn, nullptr), SPAGM_OK);
  EXPECT_EQ(std::memcmp(&by_word, &by_insn, sizeof by_word), 0);
  EXPECT_EQ(by_word.wb_value[0][0], f2u(10.0f / 255.0f));
  EXPECT_EQ(by_word.wb_value[3][0], f2u(40.0f / 255.0f));
}

}  // namespace
