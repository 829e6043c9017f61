// SPDX-License-Identifier: Apache-2.0
// The instruction words the public SM50 compilers (Mesa's NAK and Mesa's
// GM107 code generator) emit for ALD, AST, AL2P, ISBERD, PIXLD and TLDS,
// listed with their sources in tests/data/isa/compiler_words.txt (N341):
// every word decodes, disassembles to the text the file gives, assembles
// back (with its stage's checks, N12) to the same word and the same decoded
// fields, and executes in its stage without ILLEGAL_INSTR_ENCODING.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "bar_columns.h"
#include "spagm/spagm.h"

namespace {

struct Word {
  int line;
  uint64_t word;
  spagm_stage stage;
  std::string text, form;
  std::vector<std::string> sources;
};

struct Corpus {
  std::map<std::string, std::string> sources;  // id -> the rest of its line
  std::vector<Word> words;
};

std::vector<std::string> SplitCommas(const std::string &s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(item);
  return out;
}

bool StageOf(const std::string &name, spagm_stage *st) {
  for (int s = 0; s < SPAGM_STAGE_COUNT; s++)
    if (name == spagm_stage_name((spagm_stage)s)) {
      *st = (spagm_stage)s;
      return true;
    }
  return false;
}

// Reads the corpus; a malformed line fails the calling test with its number.
Corpus Load() {
  Corpus c;
  const std::string path = std::string(SPAGM_TEST_DATA_DIR) + "/isa/compiler_words.txt";
  std::ifstream f(path);
  EXPECT_TRUE(f.good()) << path;
  std::string line;
  for (int n = 1; std::getline(f, line); n++) {
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("source ", 0) == 0) {
      std::vector<std::string> v = spagm_test::bar_columns(line.substr(7));
      EXPECT_EQ(v.size(), 6u) << path << ":" << n << ": a source has 6 columns";
      if (v.size() == 6) c.sources[v[0]] = line;
      continue;
    }
    EXPECT_EQ(line.rfind("word ", 0), 0u) << path << ":" << n << ": not a source or word line";
    std::vector<std::string> v = spagm_test::bar_columns(line.substr(5));
    EXPECT_EQ(v.size(), 5u) << path << ":" << n << ": a word has 5 columns";
    if (v.size() != 5) continue;
    Word w{n, std::stoull(v[0], nullptr, 16), SPAGM_STAGE_VSA, v[2], v[4], SplitCommas(v[3])};
    EXPECT_TRUE(StageOf(v[1], &w.stage)) << path << ":" << n << ": stage " << v[1];
    c.words.push_back(w);
  }
  return c;
}

std::string Where(const Word &w) {
  std::ostringstream o;
  o << "compiler_words.txt:" << w.line << " 0x" << std::hex << w.word << " (" << w.form << ")";
  return o.str();
}

TEST(CompilerWords, EveryWordCitesDeclaredSourcesAndEverySourceIsUsed) {
  Corpus c = Load();
  std::set<std::string> used;
  for (const Word &w : c.words) {
    EXPECT_FALSE(w.sources.empty()) << Where(w);
    for (const std::string &s : w.sources) {
      EXPECT_TRUE(c.sources.count(s)) << Where(w) << ": source " << s << " is not declared";
      used.insert(s);
    }
  }
  for (const auto &s : c.sources) EXPECT_TRUE(used.count(s.first)) << s.first << " cites no word";
  // Both compilers and all six instructions are represented.
  std::set<std::string> ops;
  for (const Word &w : c.words) {
    spagm_insn x;
    if (spagm_decode(w.word, &x, nullptr) == SPAGM_OK) ops.insert(spagm_op_name(x.op));
  }
  for (const char *op : {"ALD", "AST", "AL2P", "ISBERD", "PIXLD", "TLDS"})
    EXPECT_TRUE(ops.count(op)) << op << " has no compiler word";
  EXPECT_GE(c.words.size(), 60u);
}

TEST(CompilerWords, EveryWordDecodesAndDisassemblesToItsText) {
  for (const Word &w : Load().words) {
    char text[256];
    EXPECT_EQ(spagm_disasm_word(w.word, text, sizeof text), SPAGM_OK) << Where(w) << ": " << text;
    EXPECT_EQ(std::string(text), w.text) << Where(w);
  }
}

TEST(CompilerWords, EveryTextAssemblesInItsStageToTheSameWordAndFields) {
  for (const Word &w : Load().words) {
    spagm_insn decoded, assembled;
    spagm_diag d{};
    ASSERT_EQ(spagm_decode(w.word, &decoded, &d), SPAGM_OK) << Where(w) << ": " << d.msg;
    spagm_asm_opts opts{(int)w.stage};
    ASSERT_EQ(spagm_asm_one(w.text.c_str(), w.line, 1, &opts, &assembled, &d), SPAGM_OK)
        << Where(w) << ": " << d.msg;
    EXPECT_TRUE(spagm_insn_equal(&decoded, &assembled)) << Where(w);
    uint64_t back = 0;
    ASSERT_EQ(spagm_encode(&assembled, &back, nullptr, &d), SPAGM_OK) << Where(w) << ": " << d.msg;
    EXPECT_EQ(back, w.word) << Where(w);
  }
}

TEST(CompilerWords, EveryWordExecutesInItsStageWithoutAnEncodingFault) {
  spagm_model *m = spagm_model_new();
  ASSERT_NE(m, nullptr);
  for (const Word &w : Load().words) {
    spagm_model_reset(m);
    ASSERT_EQ(spagm_attr_set_stage(m, w.stage, nullptr), SPAGM_OK);
    spagm_request req;
    spagm_request_init(&req);
    req.insn = w.word;
    req.lane_mask = 0xFFFFFFFFu;
    spagm_response resp;
    spagm_explain ex;
    ASSERT_EQ(spagm_execute_explained(m, &req, &resp, &ex), SPAGM_OK) << Where(w);
    EXPECT_EQ(resp.fault, SPAGM_FAULT_NONE)
        << Where(w) << " in " << spagm_stage_name(w.stage) << ": "
        << spagm_fault_name((spagm_fault)resp.fault);
  }
  spagm_model_free(m);
}

// AST [32] is .O, which every store implies (N340): NAK's word (bit set) and
// Mesa's (bit clear) store the same words to the same places.
TEST(CompilerWords, AstWithAndWithoutBit32StoresTheSame) {
  const uint32_t map[SPAGM_ATTR_MAP_WORDS] = {0xFFFFFFFFu, 0xFFFFFFFFu};
  spagm_response resp[2];
  for (int bit = 0; bit < 2; bit++) {
    spagm_model *m = spagm_model_new();
    ASSERT_NE(m, nullptr);
    ASSERT_EQ(spagm_attr_set_stage(m, SPAGM_STAGE_VSA, nullptr), SPAGM_OK);
    ASSERT_EQ(spagm_attr_set_map(m, SPAGM_MAP_OMAP, map, nullptr), SPAGM_OK);
    ASSERT_EQ(spagm_attr_set_map(m, SPAGM_MAP_IMAP_NEXT, map, nullptr), SPAGM_OK);
    spagm_request req;
    spagm_request_init(&req);
    req.lane_mask = 0xFFFFFFFFu;
    // AST.128 a[0x70], R4 as Mesa emits it; NAK sets bit 32.
    req.insn = 0xEFF1FF800707FF04ull | (uint64_t)bit << 32;
    for (unsigned l = 0; l < SPAGM_LANES; l++) {
      req.vertex[l] = l;
      for (unsigned c = 0; c < 4; c++) req.d[c][l] = 0xA0000000u | c << 8 | l;
    }
    ASSERT_EQ(spagm_execute(m, &req, &resp[bit]), SPAGM_OK);
    spagm_model_free(m);
  }
  EXPECT_EQ(resp[1].fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(resp[1].st_mask[3], 0xFFFFFFFFu);
#define SPAGM_SAME_FIELD(name, ctype, bits, dims) \
  EXPECT_EQ(std::memcmp(&resp[0].name, &resp[1].name, sizeof resp[0].name), 0) << #name;
  SPAGM_RESPONSE_FIELDS(SPAGM_SAME_FIELD)
#undef SPAGM_SAME_FIELD
}

}  // namespace
