// SPDX-License-Identifier: Apache-2.0
// The 64-bit word of one instruction written as text, for tests that build
// requests by hand: assembled (stage-independent checks) and encoded, each
// step a test failure naming the text when it is refused.
#ifndef SPAGM_TEST_ASM_WORD_H
#define SPAGM_TEST_ASM_WORD_H

#include <gtest/gtest.h>

#include <cstdint>

#include "spagm/spagm.h"

inline uint64_t asm_word(const char *text) {
  spagm_insn insn;
  spagm_diag d{};
  EXPECT_EQ(spagm_asm_one(text, 1, 1, nullptr, &insn, &d), SPAGM_OK) << text << ": " << d.msg;
  uint64_t w = 0;
  EXPECT_EQ(spagm_encode(&insn, &w, nullptr, &d), SPAGM_OK) << text << ": " << d.msg;
  return w;
}

#endif
