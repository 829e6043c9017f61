// SPDX-License-Identifier: Apache-2.0
// Progress lines and JSON summaries of long runs (spagm/util/progress.h,
// spagm/util/json.h), and the tools' text buffer (spagm/util/buf.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "spagm/util/buf.h"
#include "spagm/util/json.h"
#include "spagm/util/progress.h"
#include "test_scratch.h"

namespace {

std::string Slurp(const std::string &path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string TempName(const char *what) {
  return spagm_test::scratch(std::string("report_") + what);
}

TEST(Progress, Format_CountTotalPercentRateEta) {
  spagm_progress p;
  spagm_progress_start(&p, nullptr, "gen", "transactions", 60000);  // disabled: no output
  p.who = "gen";
  p.what = "transactions";
  p.total = 60000;
  char line[200];
  spagm_progress_format(&p, 15000, 2.0, line, sizeof line);
  EXPECT_STREQ(line, "gen: 15000/60000 transactions (25%), 7500/s, ETA 0:06");
}

TEST(Progress, Format_NothingDoneYet_HasNoEta) {
  spagm_progress p{};
  p.who = "replay";
  p.what = "checks";
  p.total = 10;
  char line[200];
  spagm_progress_format(&p, 0, 1.0, line, sizeof line);
  EXPECT_STREQ(line, "replay: 0/10 checks (0%), 0/s, ETA -");
}

TEST(Progress, Format_UnknownTotal_CountAndRateOnly) {
  spagm_progress p{};
  p.who = "check";
  p.what = "transactions";
  char line[200];
  spagm_progress_format(&p, 300, 3.0, line, sizeof line);
  EXPECT_STREQ(line, "check: 300 transactions, 100/s");
}

// SPAGM_PROGRESS_SECONDS=0 into a file: a plain line (no carriage return)
// at every 256th update; "off": nothing at all.
TEST(Progress, PlainLinesToAFile_OffPrintsNothing) {
  std::string path = TempName("progress");
  FILE *f = fopen(path.c_str(), "w");
  ASSERT_NE(f, nullptr);
  setenv("SPAGM_PROGRESS_SECONDS", "0", 1);
  spagm_progress p;
  spagm_progress_start(&p, f, "cosim", "transactions", 1024);
  for (uint64_t i = 1; i <= 1024; i++) spagm_progress_update(&p, i);
  spagm_progress_end(&p);
  setenv("SPAGM_PROGRESS_SECONDS", "off", 1);
  spagm_progress_start(&p, f, "cosim", "transactions", 1024);
  for (uint64_t i = 1; i <= 1024; i++) spagm_progress_update(&p, i);
  unsetenv("SPAGM_PROGRESS_SECONDS");
  fclose(f);
  std::string text = Slurp(path);
  remove(path.c_str());
  EXPECT_EQ(text.find('\r'), std::string::npos);
  EXPECT_NE(text.find("cosim: 256/1024 transactions (25%)"), std::string::npos) << text;
  EXPECT_NE(text.find("cosim: 1024/1024 transactions (100%)"), std::string::npos) << text;
  size_t lines = 0;
  for (char c : text) lines += c == '\n';
  EXPECT_EQ(lines, 4u) << text;
}

// The resident memory a long run prints: this test's own process has
// some, its peak is at least what it holds now, and a megabyte it writes
// into shows in both.
TEST(Progress, Memory_ResidentAndPeakOfThisProcess) {
  uint64_t rss0 = 0, hwm0 = 0;
  ASSERT_TRUE(spagm_progress_memory(&rss0, &hwm0));
  EXPECT_GT(rss0, 0u);
  EXPECT_GE(hwm0, rss0);
  std::vector<char> mb(8u << 20);
  for (size_t i = 0; i < mb.size(); i += 4096) mb[i] = (char)i;
  asm volatile("" : : "g"(mb.data()) : "memory");  // the pages escape: not optimised away
  uint64_t rss1 = 0, hwm1 = 0;
  ASSERT_TRUE(spagm_progress_memory(&rss1, &hwm1));
  EXPECT_GE(rss1, rss0 + 7u * 1024u) << rss0 << " -> " << rss1;
  EXPECT_GE(hwm1, rss1);
  EXPECT_TRUE(spagm_progress_memory(nullptr, nullptr));
}

// Whether this build's malloc is glibc's (a sanitizer's own malloc leaves
// glibc's counts empty, and spagm_progress_heap then gives no figure).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TEST_MALLOC_REPLACED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define TEST_MALLOC_REPLACED 1
#endif
#endif

// The heap in use: 8 MB malloc'd and written shows, and is gone once freed;
// under a sanitizer's malloc there is no figure, and the call says so.
TEST(Progress, Heap_CountsWhatIsAllocatedUntilFreed) {
#ifdef TEST_MALLOC_REPLACED
  uint64_t kb0 = 1;
  EXPECT_FALSE(spagm_progress_heap(&kb0));
  EXPECT_EQ(kb0, 0u);
#else
  uint64_t kb0 = 0, kb1 = 0, kb2 = 0;
  ASSERT_TRUE(spagm_progress_heap(&kb0));
  char *block = static_cast<char *>(malloc(8u << 20));
  ASSERT_NE(block, nullptr);
  memset(block, 1, 8u << 20);
  asm volatile("" : : "g"(block) : "memory");  // the block escapes: not optimised away
  ASSERT_TRUE(spagm_progress_heap(&kb1));
  free(block);
  ASSERT_TRUE(spagm_progress_heap(&kb2));
  EXPECT_GE(kb1, kb0 + 8u * 1024u) << kb0 << " -> " << kb1;
  EXPECT_LT(kb2, kb1 - 7u * 1024u) << kb1 << " -> " << kb2;
  EXPECT_TRUE(spagm_progress_heap(nullptr));
#endif
}

#ifdef TEST_MALLOC_REPLACED
#define HEAP_FIGURE "-"
#else
#define HEAP_FIGURE "[0-9]+"
#endif

// A checkpoint line: count, wall and CPU seconds to the microsecond, the
// resident memory, its peak and the heap in use ("-" where the build has
// no heap figure, under a sanitizer's malloc).
TEST(Progress, Checkpoint_CountSecondsResidentAndPeak) {
  std::string path = TempName("checkpoint");
  FILE *f = fopen(path.c_str(), "w");
  ASSERT_NE(f, nullptr);
  spagm_progress_checkpoint(f, "transactions", 300000, 9.8766);
  spagm_progress_checkpoint(nullptr, "transactions", 1, 1.0);  // nothing, no crash
  fclose(f);
  std::string text = Slurp(path);
  remove(path.c_str());
  EXPECT_TRUE(std::regex_match(
      text, std::regex("checkpoint: 300000 transactions, 9\\.876600 s, cpu [0-9]+\\.[0-9]{6} s, "
                       "VmRSS [1-9][0-9]* kB, "
                       "VmHWM [1-9][0-9]* kB, heap " HEAP_FIGURE " kB\n")))
      << text;
}

TEST(Json, NestedObjectsArraysAndEscapes) {
  std::string path = TempName("nested.json");
  spagm_diag d = {0, 0, ""};
  spagm_json j;
  ASSERT_TRUE(spagm_json_open(&j, path.c_str(), &d)) << d.msg;
  spagm_json_str(&j, "s", "a\"b\\c\nd\x01");
  spagm_json_u64(&j, "n", 18446744073709551615ull);
  spagm_json_f64(&j, "x", 1.5);
  spagm_json_f64(&j, "nan", std::nan(""));
  spagm_json_bool(&j, "t", true);
  spagm_json_object(&j, "o");
  spagm_json_array(&j, "a");
  spagm_json_u64(&j, nullptr, 1);
  spagm_json_str(&j, nullptr, "two");
  spagm_json_end(&j);
  spagm_json_object(&j, "empty");
  spagm_json_end(&j);
  ASSERT_TRUE(spagm_json_close(&j, &d)) << d.msg;  // closes "o" too
  std::string text = Slurp(path);
  remove(path.c_str());
  EXPECT_EQ(text,
            "{\n  \"s\": \"a\\\"b\\\\c\\nd\\u0001\",\n  \"n\": 18446744073709551615,\n"
            "  \"x\": 1.5,\n  \"nan\": null,\n  \"t\": true,\n  \"o\": {\n    \"a\": [\n"
            "      1,\n      \"two\"\n    ],\n    \"empty\": {}\n  }\n}\n");
}

// Bytes a file name or report may hold become valid JSON text.
TEST(Json, InvalidUtf8BecomesReplacementCharacter) {
  std::string path = TempName("utf8.json");
  spagm_diag d = {0, 0, ""};
  spagm_json j;
  ASSERT_TRUE(spagm_json_open(&j, path.c_str(), &d));
  spagm_json_str(&j, "k", "ok \xc3\xa9 bad \xff \xe0\x80 end");
  ASSERT_TRUE(spagm_json_close(&j, &d));
  std::string text = Slurp(path);
  remove(path.c_str());
  EXPECT_NE(text.find("ok \xc3\xa9 bad \\ufffd \\ufffd\\ufffd end"), std::string::npos) << text;
}

// Written whole: a file that cannot be created is reported and nothing is
// left; an earlier file survives an abort.
TEST(Json, WrittenWholeOrNotAtAll) {
  spagm_diag d = {0, 0, ""};
  spagm_json j;
  EXPECT_FALSE(spagm_json_open(&j, "/nonexistent-dir/x.json", &d));
  EXPECT_NE(std::string(d.msg).find("cannot create"), std::string::npos) << d.msg;
  EXPECT_FALSE(spagm_json_open(&j, nullptr, &d));
  std::string path = TempName("keep.json");
  {
    std::ofstream f(path);
    f << "old";
  }
  ASSERT_TRUE(spagm_json_open(&j, path.c_str(), &d));
  spagm_json_u64(&j, "n", 1);
  spagm_json_abort(&j);
  EXPECT_EQ(Slurp(path), "old");
  remove(path.c_str());
}

// Closing more levels than were opened is misuse: the file is not renamed
// into place.
TEST(Json, UnbalancedEndFailsClose) {
  std::string path = TempName("unbalanced.json");
  spagm_diag d = {0, 0, ""};
  spagm_json j;
  ASSERT_TRUE(spagm_json_open(&j, path.c_str(), &d));
  spagm_json_end(&j);
  EXPECT_FALSE(spagm_json_close(&j, &d));
  EXPECT_FALSE(std::ifstream(path).good());
}

// A tool's buffer (spagm-regress's results.json) escapes a string exactly
// as a JSON summary file does: every byte value, and cut or overlong UTF-8.
TEST(Json, BufferStringSameBytesAsFileString) {
  std::string all;
  for (int c = 1; c < 256; c++) all += static_cast<char>(c);
  const std::string cases[] = {all, "ok \xc3\xa9 bad \xff \xe0\x80 \xf0\x9f\x98 end", "",
                               "a\"b\\c\nd\x01\x7f"};
  for (const std::string &in : cases) {
    std::string path = TempName("same.txt");
    FILE *f = fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    spagm_json_write_string(f, in.c_str());
    fclose(f);
    spagm_buf b = {};
    spagm_buf_json_str(&b, in.c_str());
    char *text = spagm_buf_take(&b);
    EXPECT_EQ(std::string(text), Slurp(path));
    free(text);
    remove(path.c_str());
  }
  spagm_buf b = {};
  spagm_buf_json_str(&b, "a\"b\\c\nd\x01\xff");
  EXPECT_STREQ(b.s, "\"a\\\"b\\\\c\\nd\\u0001\\ufffd\"");
  spagm_buf_free(&b);
}

// Text grows past any first size; printf output longer than the stack
// buffer arrives whole; take leaves the buffer empty, and an empty buffer
// gives "".
TEST(Buf, AddPrintfTakeFree) {
  spagm_buf b = {};
  char *empty = spagm_buf_take(&b);
  EXPECT_STREQ(empty, "");
  free(empty);
  std::string want;
  for (int i = 0; i < 1000; i++) {
    spagm_buf_printf(&b, "%d,", i);
    want += std::to_string(i) + ",";
  }
  std::string long_word(600, 'x');
  spagm_buf_printf(&b, "[%s]", long_word.c_str());
  want += "[" + long_word + "]";
  spagm_buf_add(&b, "abc", 2);
  want += "ab";
  EXPECT_EQ(b.len, want.size());
  char *text = spagm_buf_take(&b);
  EXPECT_EQ(std::string(text), want);
  free(text);
  EXPECT_EQ(b.s, nullptr);
  EXPECT_EQ(b.len, 0u);
}

// Reproduce commands: plain words as they are, anything else single-quoted
// with a quote written '\''.
TEST(Buf, ShquoteQuotesOnlyWhatShellWouldSplit) {
  spagm_buf b = {};
  spagm_buf_shquote(&b, "build/bin/spagm-cosim");
  spagm_buf_puts(&b, " ");
  spagm_buf_shquote(&b, "it's a $HOME");
  spagm_buf_puts(&b, " ");
  spagm_buf_shquote(&b, "");
  EXPECT_STREQ(b.s, "build/bin/spagm-cosim 'it'\\''s a $HOME' ''");
  spagm_buf_free(&b);
}

}  // namespace
