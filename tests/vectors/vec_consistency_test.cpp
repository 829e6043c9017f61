// SPDX-License-Identifier: Apache-2.0
// The body of a vector file against its header (defect 2; N86):
// an edit whose CRCs were recomputed (a record duplicated or removed, a
// header count or the unit list changed) is refused where it shows.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "spagm/spagm.h"
#include "spagm/vec/file.h"
#include "vec_text.h"

namespace {

using vectest::find_line;
using vectest::gen_text;
using vectest::join_recrc;
using vectest::lines_of;
using vectest::read_all;

const uint32_t kBoth = (1u << SPAGM_UNIT_ATTR) | (1u << SPAGM_UNIT_PIX);

// The lines of the record that starts at line `at` (1-based), `end` included.
std::vector<std::string> record_at(const std::vector<std::string> &v, int at) {
  int end = find_line(v, "end ", at);
  return std::vector<std::string>(v.begin() + at - 1, v.begin() + end);
}

// join_recrc with the trailer's count made right too, so only the
// cross-checks of N86 can catch the edit.
std::string rejoin(std::vector<std::string> v) {
  size_t n = 0;
  for (const auto &l : v)
    if (l.rfind("txn ", 0) == 0) n++;
  v.back() = "trailer txns " + std::to_string(n) + " crc32 00000000";
  return join_recrc(v);
}

spagm_diag reject(const std::string &t) {
  spagm_diag d = {0, 0, ""};
  EXPECT_EQ(read_all(t, &d), SPAGM_E_FORMAT) << "the edited file was accepted";
  return d;
}

class VecConsistency : public ::testing::Test {
 protected:
  void SetUp() override {
    v = lines_of(gen_text(3, 40, 20, kBoth));
    spagm_diag d;
    ASSERT_EQ(read_all(rejoin(v), &d), SPAGM_OK) << d.msg;  // rejoin alone changes nothing
  }
  std::vector<std::string> v;
};

TEST_F(VecConsistency, VecRead_DuplicatedRecord_IsError_file_line) {
  int at = find_line(v, "txn attr", find_line(v, "txn attr") + 1);  // the second attr record
  auto rec = record_at(v, at);
  auto w = v;
  w.insert(w.begin() + at - 1 + (int)rec.size(), rec.begin(), rec.end());
  spagm_diag d = reject(rejoin(w));
  EXPECT_EQ(d.line, at + (int)rec.size()) << d.msg;
  EXPECT_EQ(d.col, 1);
  EXPECT_NE(std::string(d.msg).find("N86"), std::string::npos) << d.msg;
}

TEST_F(VecConsistency, VecRead_DeletedRecord_IsError_file_line) {
  int at = find_line(v, "txn pix", find_line(v, "txn pix") + 1);
  int n = (int)record_at(v, at).size();
  auto w = v;
  w.erase(w.begin() + at - 1, w.begin() + at - 1 + n);
  spagm_diag d = reject(rejoin(w));
  EXPECT_EQ(d.line, find_line(w, "txn pix", at)) << d.msg;  // the next one, whose tag skips one
  EXPECT_NE(std::string(d.msg).find("pix tag"), std::string::npos) << d.msg;
}

TEST_F(VecConsistency, VecRead_DeletedLastRecord_IsErrorAtTheTrailer) {
  int at = 0;
  for (int l = find_line(v, "txn pix"); l; l = find_line(v, "txn pix", l + 1)) at = l;
  int n = (int)record_at(v, at).size();
  auto w = v;
  w.erase(w.begin() + at - 1, w.begin() + at - 1 + n);
  spagm_diag d = reject(rejoin(w));
  EXPECT_EQ(d.line, (int)w.size()) << d.msg;
  EXPECT_NE(std::string(d.msg).find("39 pix records, the header's count is 40"),
            std::string::npos)
      << d.msg;
}

TEST_F(VecConsistency, VecRead_HeaderCountChanged_IsError) {
  for (const char *count : {"count 39", "count 41"}) {
    auto w = v;
    w[(size_t)find_line(w, "count ") - 1] = count;
    spagm_diag d = reject(rejoin(w));
    EXPECT_NE(std::string(d.msg).find("count"), std::string::npos) << count << ": " << d.msg;
  }
}

TEST_F(VecConsistency, VecRead_UnitListRespelled_IsError_file_line_col) {
  auto w = v;
  int at = find_line(w, "units ");
  w[(size_t)at - 1] = "units pix,attr";
  spagm_diag d = reject(rejoin(w));
  EXPECT_EQ(d.line, at);
  EXPECT_EQ(d.col, 7);
  w[(size_t)at - 1] = "units attr,pix,attr";
  d = reject(rejoin(w));
  EXPECT_EQ(d.line, at);
}

// A scenario file numbers its records from 0 in file order.
TEST(VecConsistencyScenario, VecRead_ScenarioRecordDuplicated_IsError_file_line) {
  std::ifstream f(std::string(SPAGM_SOURCE_DIR) + "/vectors/golden/pix_covered.vec");
  std::stringstream ss;
  ss << f.rdbuf();
  auto v = lines_of(ss.str());
  spagm_diag d;
  ASSERT_EQ(read_all(rejoin(v), &d), SPAGM_OK) << d.msg;
  int at = find_line(v, "txn pix", find_line(v, "txn pix") + 1);
  auto rec = record_at(v, at);
  auto w = v;
  w.insert(w.begin() + at - 1, rec.begin(), rec.end());
  d = reject(rejoin(w));
  EXPECT_EQ(d.line, at + (int)rec.size()) << d.msg;
  // Removing the first record leaves the file starting at tag 1.
  w = v;
  int first = find_line(v, "txn pix");
  w.erase(w.begin() + first - 1, w.begin() + first - 1 + (int)record_at(v, first).size());
  d = reject(rejoin(w));
  EXPECT_EQ(d.line, first) << d.msg;
}

// spagm check regenerates a random file's stimulus from its header (N86):
// a generator option edited with the CRCs recomputed is a disagreement.
struct CheckRun {
  spagm_status st;
  spagm_vec_check_result res;
  std::string report;
};

CheckRun check_text(const std::string &t) {
  CheckRun c{SPAGM_E_FORMAT, {}, ""};
  spagm_diag d;
  spagm_vec_reader *r = spagm_vec_reader_open_mem(t.data(), t.size(), "e.vec", nullptr, &d);
  EXPECT_NE(r, nullptr) << d.msg;
  if (!r) return c;
  char *out = nullptr;
  size_t len = 0;
  FILE *rep = open_memstream(&out, &len);
  c.st = spagm_vec_check(r, "e.vec", rep, 0, &c.res, &d);
  fclose(rep);
  c.report.assign(out, len);
  free(out);
  spagm_vec_reader_free(r);
  return c;
}

TEST_F(VecConsistency, VecCheck_GeneratorOptionChanged_IsReported) {
  CheckRun ok = check_text(rejoin(v));
  ASSERT_EQ(ok.st, SPAGM_OK);
  EXPECT_EQ(ok.res.state_failed + ok.res.txns_failed, 0u) << ok.report;
  for (const char *opt : {"seed 4", "epoch-txns 25"}) {
    auto w = v;
    std::string key = std::string(opt).substr(0, std::string(opt).find(' ') + 1);
    w[(size_t)find_line(w, key) - 1] = opt;
    CheckRun c = check_text(rejoin(w));
    ASSERT_EQ(c.st, SPAGM_OK) << opt;  // the file reads: only check can tell
    EXPECT_GT(c.res.state_failed + c.res.txns_failed, 0u) << opt;
    EXPECT_NE(c.report.find("N86"), std::string::npos) << opt << ": " << c.report;
  }
}

}  // namespace
