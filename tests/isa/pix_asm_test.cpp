// SPDX-License-Identifier: Apache-2.0
// PIXLD through the word path: assembled text and hand-built SM50 words
// (DESIGN §7.1) executed with spagm_execute must agree with the decoded
// path, and the illegal modes 6/7 fault at decode (R16).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "pix_harness.h"
#include "spagm/spagm.h"

namespace {

class Pixld : public pixtest::PixFixture {
 protected:
  // The PIXLD word laid out by hand from DESIGN §7.1: opcode [63:48] 0xEFE8,
  // Rd [7:0], Ra [15:8], Pg [18:16] = PT, imm8 [27:20], mode [33:31],
  // Pd [47:45].
  static uint64_t word(unsigned mode, unsigned rd, unsigned ra, unsigned imm8,
                       unsigned pd) {
    return 0xEFE8ull << 48 | uint64_t{pd & 7u} << 45 | uint64_t{mode & 7u} << 31 |
           uint64_t{imm8 & 0xFFu} << 20 | uint64_t{7} << 16 | uint64_t{ra & 0xFFu} << 8 |
           uint64_t{rd & 0xFFu};
  }

  // Execute the word; expect the same response as the hand-built insn.
  void expect_word_matches(uint64_t w, const spagm_insn &i) {
    run(i);
    spagm_response by_word;
    req.insn = w;
    ASSERT_EQ(spagm_execute(m, &req, &by_word), SPAGM_OK);
    EXPECT_EQ(std::memcmp(&by_word, &resp, sizeof resp), 0) << std::hex << w;
  }
};

TEST_F(Pixld, Asm_EveryModeText_EncodesToTheDesign71Word) {
  struct Case {
    const char *text;
    uint64_t want;
  } cases[] = {
      {"PIXLD.MSCOUNT R0;", word(0, 0, 255, 0, 7)},
      {"PIXLD.COVMASK R3;", word(1, 3, 255, 0, 7)},
      {"PIXLD.COVERED R1, P2, [5];", word(2, 1, 255, 5, 2)},
      {"PIXLD.COVERED R1, [R4-3];", word(2, 1, 4, 0xFD, 7)},
      {"PIXLD.OFFSET R7, [R2+127];", word(3, 7, 2, 0x7F, 7)},
      {"PIXLD.OFFSET R7, [255];", word(3, 7, 255, 0xFF, 7)},
      {"PIXLD.CENTROID_OFFSET R9;", word(4, 9, 255, 0, 7)},
      {"PIXLD.MY_INDEX R2, P6;", word(5, 2, 255, 0, 6)},
  };
  for (const Case &c : cases) {
    spagm_insn i;
    spagm_diag d{};
    ASSERT_EQ(spagm_asm_one(c.text, 1, 1, nullptr, &i, &d), SPAGM_OK) << c.text << ": " << d.msg;
    uint64_t w = 0;
    ASSERT_EQ(spagm_encode(&i, &w, nullptr, &d), SPAGM_OK) << c.text << ": " << d.msg;
    EXPECT_EQ(w, c.want) << c.text;
  }
}

TEST_F(Pixld, Word_EveryMode_ExecutesLikeTheDecodedInstruction) {
  samples(8);
  ssaa(true);
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    req.coverage[l] = static_cast<uint16_t>(0x3C5Au >> (l % 7));
    req.sample[l] = static_cast<uint8_t>(l % 8);
    req.a[0][l] = l % 11;
  }
  req.lane_mask = 0xF0F0FFFFu;
  for (unsigned mode = 0; mode < 6; mode++) {
    expect_word_matches(word(mode, 4, 255, 3, 1), pixld(mode, 4, SPAGM_RZ, 3, 1));
    expect_word_matches(word(mode, 4, 6, 0xFE, 7), pixld(mode, 4, 6, -2, SPAGM_PT));
  }
}

TEST_F(Pixld, Word_RaPlusImm8_IsSignExtendedByTheDecoder) {
  samples(4);
  coverage_all(0x4);  // only sample 2
  ra_all(3);
  req.insn = word(SPAGM_PIX_COVERED, 0, 6, 0xFF, 7);  // [R6 + -1] = 2
  ASSERT_EQ(spagm_execute(m, &req, &resp), SPAGM_OK);
  EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.wb_value[0][0], pixtest::kTrue);
}

TEST_F(Pixld, Word_ImmWithoutRa_IsZeroExtendedByTheDecoder) {
  samples(16);
  coverage_all(0xFFFF);
  req.insn = word(SPAGM_PIX_COVERED, 0, 255, 0xFF, 7);  // [255], not [-1]
  ASSERT_EQ(spagm_execute(m, &req, &resp), SPAGM_OK);
  EXPECT_EQ(resp.wb_value[0][0], pixtest::kFalse);
}

TEST_F(Pixld, Word_Mode6And7_AreIllegalInstrEncoding) {
  for (unsigned mode : {6u, 7u}) {
    req.insn = word(mode, 0, 255, 0, 0);
    ASSERT_EQ(spagm_execute_explained(m, &req, &resp, &ex), SPAGM_OK);
    EXPECT_EQ(resp.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING) << mode;
    EXPECT_EQ(resp.fault_lanes, 0xFFFFFFFFu);
    EXPECT_EQ(resp.wb_valid[0], 0u);
    EXPECT_EQ(resp.pd, SPAGM_PT);
    EXPECT_EQ(resp.pd_written, 0u);
    spagm_insn i;
    spagm_diag d{};
    EXPECT_EQ(spagm_decode(req.insn, &i, &d), SPAGM_E_DECODE);
  }
}

TEST_F(Pixld, Asm_ImmOutsideItsForm_IsRejected) {
  spagm_insn i;
  spagm_diag d{};
  EXPECT_NE(spagm_asm_one("PIXLD.COVERED R0, [256];", 1, 1, nullptr, &i, &d), SPAGM_OK);
  EXPECT_NE(spagm_asm_one("PIXLD.OFFSET R0, [R1+128];", 1, 1, nullptr, &i, &d), SPAGM_OK);
  EXPECT_EQ(spagm_asm_one("PIXLD.OFFSET R0, [R1-128];", 1, 1, nullptr, &i, &d), SPAGM_OK);
  EXPECT_EQ(i.imm, -128);
}

TEST_F(Pixld, Asm_ThenExecute_CoveredWithPd) {
  spagm_insn i;
  spagm_diag d{};
  ASSERT_EQ(spagm_asm_one("PIXLD.COVERED R5, P3, [R2+1];", 1, 1, nullptr, &i, &d), SPAGM_OK)
      << d.msg;
  samples(2);
  coverage_all(0x2);
  for (unsigned l = 0; l < SPAGM_LANES; l++) req.a[0][l] = l % 2;  // index 1 or 2
  run(i);
  ASSERT_EQ(resp.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp.wb_reg[0], 5u);
  EXPECT_EQ(resp.pd, 3u);
  EXPECT_EQ(resp.pd_value, 0x55555555u);
  EXPECT_EQ(resp.wb_value[0][0], pixtest::kTrue);
  EXPECT_EQ(resp.wb_value[0][1], pixtest::kFalse);
}

}  // namespace
