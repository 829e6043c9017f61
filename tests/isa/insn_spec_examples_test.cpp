// SPDX-License-Identifier: Apache-2.0
// Every example line of the spec pages assembles, disassembles to its
// canonical text, and the canonical text reassembles to the same word
// (tests/data/spec_examples.txt).
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "spagm/spagm.h"

namespace {

struct Example {
  int line;
  std::string text, canonical;
  uint64_t word;
};

std::string Trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<Example> LoadExamples() {
  std::ifstream in(std::string(SPAGM_TEST_DATA_DIR) + "/spec_examples.txt");
  std::vector<Example> out;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    n++;
    if (Trim(line).empty() || Trim(line)[0] == '#') continue;
    size_t a = line.find(" => "), b = line.find(" => ", a + 4);
    if (a == std::string::npos || b == std::string::npos) {
      ADD_FAILURE() << "spec_examples.txt:" << n << ": expected 'text => canonical => word'";
      continue;
    }
    Example e{n, line.substr(0, a), Trim(line.substr(a + 4, b - a - 4)), 0};
    e.word = std::stoull(Trim(line.substr(b + 4)), nullptr, 16);
    out.push_back(e);
  }
  return out;
}

std::string Disasm(const spagm_insn &x) {
  char buf[256];
  spagm_disasm(&x, 1, buf, sizeof buf);
  return buf;
}

TEST(SpecExamples, FileListsEveryExampleOfTheFiveSpecPages) {
  // ALD.txt 5, AST.txt 5, PIXLD.txt 1, TLDS.txt 2 (ISBE-layout.txt has none).
  EXPECT_EQ(LoadExamples().size(), 13u);
}

TEST(SpecExamples, EachAssemblesToItsWordAndCanonicalText) {
  for (const Example &e : LoadExamples()) {
    SCOPED_TRACE("spec_examples.txt:" + std::to_string(e.line) + ": " + e.text);
    spagm_insn x;
    spagm_diag d{};
    ASSERT_EQ(spagm_asm_one(e.text.c_str(), e.line, 1, nullptr, &x, &d), SPAGM_OK) << d.msg;
    EXPECT_EQ(Disasm(x), e.canonical);
    uint64_t w = 0;
    unsigned dropped = 0;
    ASSERT_EQ(spagm_encode(&x, &w, &dropped, &d), SPAGM_OK) << d.msg;
    EXPECT_EQ(w, e.word) << std::hex << w;
    EXPECT_EQ(dropped, 0u);
  }
}

TEST(SpecExamples, CanonicalTextReassemblesToTheSameWord) {
  for (const Example &e : LoadExamples()) {
    SCOPED_TRACE(e.canonical);
    spagm_insn x, y;
    spagm_diag d{};
    ASSERT_EQ(spagm_asm_one(e.text.c_str(), 1, 1, nullptr, &x, &d), SPAGM_OK) << d.msg;
    ASSERT_EQ(spagm_asm_one(e.canonical.c_str(), 1, 1, nullptr, &y, &d), SPAGM_OK) << d.msg;
    EXPECT_TRUE(spagm_insn_equal(&x, &y));
    uint64_t w = 0;
    ASSERT_EQ(spagm_encode(&y, &w, nullptr, &d), SPAGM_OK) << d.msg;
    EXPECT_EQ(w, e.word);
    // And the word disassembles to the canonical text.
    char buf[256];
    ASSERT_EQ(spagm_disasm_word(e.word, buf, sizeof buf), SPAGM_OK);
    EXPECT_EQ(std::string(buf), e.canonical);
  }
}

TEST(SpecExamples, WholeFileAssemblesAsOneText) {
  // The vector .PHYS examples assemble (R6: they fault at execution, they
  // are not syntax errors), also when the examples form one program.
  std::string src;
  for (const Example &e : LoadExamples()) src += e.text + "\n";
  spagm_insn *v = nullptr;
  size_t n = 0;
  spagm_diag d{};
  ASSERT_EQ(spagm_asm_text(src.data(), src.size(), nullptr, &v, &n, &d), SPAGM_OK) << d.msg;
  EXPECT_EQ(n, 13u);
  EXPECT_EQ(v[4].op, SPAGM_OP_ALD);
  EXPECT_TRUE(v[4].phys);
  EXPECT_EQ(v[4].asize, SPAGM_ASZ_64);
  EXPECT_EQ(v[9].op, SPAGM_OP_AST);
  EXPECT_TRUE(v[9].phys);
  EXPECT_EQ(v[9].asize, SPAGM_ASZ_128);
  EXPECT_EQ(v[9].rb, 2);  // data register R2, written first in the example (N8)
  EXPECT_EQ(v[9].ra, 0);
  free(v);
}

}  // namespace
