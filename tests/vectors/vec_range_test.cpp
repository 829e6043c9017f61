// SPDX-License-Identifier: Apache-2.0
// Range checks of the vector format (defects 1 and 3): the reader
// refuses every row index and value outside its field with file:line:col,
// and the writer refuses to write what the reader would refuse.
#include <gtest/gtest.h>

#include <cstring>
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

// Replace the first occurrence of `from` in line `line` (1-based) and fix
// every CRC, so only the grammar can catch the edit.
std::string edit_recrc(std::vector<std::string> v, int line, const std::string &from,
                       const std::string &to, int *col) {
  std::string &l = v[(size_t)line - 1];
  size_t at = l.find(from);
  EXPECT_NE(at, std::string::npos) << l;
  l.replace(at, from.size(), to);
  *col = (int)at + 1;
  return join_recrc(v);
}

// A row index one past the field's rows was accepted (the decimal parser's
// overflow check wrapped for a maximum below 9) and its elements were
// written into the next field.
TEST(VecRange, VecRead_RowIndexOutOfRange_IsError_file_line_col) {
  auto v = lines_of(gen_text(3, 40, 20, kBoth));
  int expect = find_line(v, "expect");
  int row = find_line(v, "  wb_value[0] @", expect);
  ASSERT_GT(row, 0);
  for (const char *bad : {"wb_value[4]", "wb_value[9]", "wb_value[8]"}) {
    int col = 0;
    std::string t = edit_recrc(v, row, "wb_value[0]", bad, &col);
    spagm_diag d = {0, 0, ""};
    EXPECT_EQ(read_all(t, &d), SPAGM_E_FORMAT) << bad << " accepted";
    EXPECT_EQ(d.line, row) << d.msg;
    EXPECT_EQ(d.col, col + (int)strlen("wb_value")) << d.msg;
    EXPECT_NE(std::string(d.msg).find("[0..3]"), std::string::npos) << d.msg;
  }
}

// Two-row fields (a, b): row 2 is out of range.
TEST(VecRange, VecRead_TwoRowFieldIndex2_IsError_file_line_col) {
  auto v = lines_of(gen_text(3, 40, 20, kBoth));
  int row = find_line(v, "  a[0] @");
  ASSERT_GT(row, 0);
  int col = 0;
  std::string t = edit_recrc(v, row, "a[0]", "a[2]", &col);
  spagm_diag d = {0, 0, ""};
  EXPECT_EQ(read_all(t, &d), SPAGM_E_FORMAT);
  EXPECT_EQ(d.line, row) << d.msg;
  EXPECT_EQ(d.col, col + 1) << d.msg;
}

// A value wider than its field, in a CRC-valid file, is refused at its column.
TEST(VecRange, VecRead_ValueWiderThanField_IsError_file_line_col) {
  auto v = lines_of(gen_text(3, 40, 20, kBoth));
  int row = find_line(v, "  fault ");
  ASSERT_GT(row, 0);
  auto w = v;
  std::string &l = w[(size_t)row - 1];
  int col = (int)l.rfind(' ') + 2;
  l = l.substr(0, (size_t)col - 1) + "100";  // fault is 8 bits
  spagm_diag d = {0, 0, ""};
  EXPECT_EQ(read_all(join_recrc(w), &d), SPAGM_E_FORMAT);
  EXPECT_EQ(d.line, row) << d.msg;
  EXPECT_EQ(d.col, col) << d.msg;
}

// The writer for one pix epoch of a scenario file.
spagm_vec_writer *open_pix_writer() {
  spagm_vec_header h;
  memset(&h, 0, sizeof h);
  h.version = SPAGM_VEC_FORMAT_VERSION;
  strcpy(h.generator, "spagm test");
  h.source = SPAGM_VEC_SOURCE_SCENARIO;
  strcpy(h.scenario, "range.scn");
  h.units = 1u << SPAGM_UNIT_PIX;
  h.epochs = 1;
  spagm_diag d;
  spagm_vec_writer *w = spagm_vec_writer_open_mem(&h, &d);
  EXPECT_NE(w, nullptr) << d.msg;
  if (!w) return nullptr;
  spagm_cfg_list none = {nullptr, 0, 0};
  EXPECT_EQ(spagm_vec_write_epoch(w, 0, &d), SPAGM_OK) << d.msg;
  EXPECT_EQ(spagm_vec_write_state(w, SPAGM_UNIT_PIX, &none, nullptr, nullptr, &d), SPAGM_OK)
      << d.msg;
  return w;
}

// `sample` is 4 bits in a uint8_t: the writer used to write 1f, which no
// reader accepts.
TEST(VecRange, VecWrite_SampleWiderThanField_IsRefused) {
  spagm_vec_writer *w = open_pix_writer();
  ASSERT_NE(w, nullptr);
  spagm_request req;
  spagm_response rsp;
  spagm_request_init(&req);
  spagm_response_init(&rsp, 0);
  req.sample[3] = 0x1f;
  size_t before = 0;
  ASSERT_NE(spagm_vec_writer_text(w, &before), nullptr);
  spagm_diag d = {0, 0, ""};
  EXPECT_EQ(spagm_vec_write_txn(w, SPAGM_UNIT_PIX, &req, &rsp, nullptr, &d), SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("sample element 3"), std::string::npos) << d.msg;
  size_t after = 0;
  spagm_vec_writer_text(w, &after);
  EXPECT_EQ(after, before) << "the refused record left text behind";
  // The writer is still usable and writes what fits.
  req.sample[3] = 0xf;
  EXPECT_EQ(spagm_vec_write_txn(w, SPAGM_UNIT_PIX, &req, &rsp, nullptr, &d), SPAGM_OK) << d.msg;
  spagm_cfg_list none = {nullptr, 0, 0};
  EXPECT_EQ(spagm_vec_write_readback(w, SPAGM_UNIT_PIX, &none, &d), SPAGM_OK) << d.msg;
  EXPECT_EQ(spagm_vec_writer_finish_mem(w, &d), SPAGM_OK) << d.msg;
  size_t len = 0;
  const char *t = spagm_vec_writer_text(w, &len);
  EXPECT_EQ(read_all(std::string(t, len), &d), SPAGM_OK) << d.line << ": " << d.msg;
  spagm_vec_writer_abort(w);
}

// N127: a repeat count beyond any unit's whole state is refused at its
// column (fuzz_vecfile: 14 KB asking for 30 000 740 words, 3.5 s and 240 MB).
TEST(VecRange, VecRead_RepeatBeyondAnyUnitsState_IsError_file_line_col) {
  auto v = lines_of(gen_text(3, 40, 20, kBoth));
  int w = find_line(v, "  w ", find_line(v, "state attr"));
  ASSERT_GT(w, 0);
  // "  w ADDR V ...": the value after the address gets a repeat count.
  const std::string &line = v[(size_t)w - 1];
  size_t addr_end = line.find(' ', 4);
  ASSERT_NE(addr_end, std::string::npos) << line;
  std::string head = line.substr(0, addr_end + 1);
  for (const char *n : {"30000740", "262145"}) {
    int col = 0;
    std::string t = edit_recrc(v, w, head, head + "0*" + n + " ", &col);
    spagm_diag d = {0, 0, ""};
    EXPECT_EQ(read_all(t, &d), SPAGM_E_FORMAT) << n << " accepted";
    EXPECT_EQ(d.line, w) << d.msg;
    EXPECT_EQ(d.col, (int)head.size() + 3) << d.msg;   // the count after "0*"
    EXPECT_NE(std::string(d.msg).find("from 1 to 262144"), std::string::npos) << d.msg;
  }
}

}  // namespace
