// SPDX-License-Identifier: Apache-2.0
// Golden vector files (vectors/include/spagm/vec/file.h, docs/vector-format.md):
// round trip, determinism, rejection of damaged files with the line of the
// first problem, `check` disagreements, compare masks and the hex export.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "spagm/spagm.h"
#include "spagm/stim/stim.h"
#include "spagm/vec/file.h"
#include "vec_text.h"
#include "test_scratch.h"

namespace {

using vectest::find_line;
using vectest::gen_text;
using vectest::hex_sparse_words;
using vectest::hex_words;
using vectest::join;
using vectest::lines_of;
using vectest::read_all;

const uint32_t kBoth = (1u << SPAGM_UNIT_ATTR) | (1u << SPAGM_UNIT_PIX);

// The same seeded xorshift the tests use for arbitrary struct contents.
uint32_t next(uint32_t &x) {
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return x;
}

}  // namespace

namespace {

// What the round-trip test writes: one epoch of both units.
struct RoundTripSet {
  spagm_cfg_list sa = {}, sp = {}, rb = {};
  std::vector<spagm_request> reqs = std::vector<spagm_request>(6);
  std::vector<spagm_response> rsps = std::vector<spagm_response>(6);
  RoundTripSet() {
    for (uint32_t i = 0; i < 40; i++) spagm_cfg_list_push(&sa, 0x10000000u + 4 * i, i % 3 ? i : 0);
    spagm_cfg_list_push(&sa, 0x20000010u, 0xdeadbeef);  // a gap in the addresses
    spagm_cfg_list_push(&sp, 0x0, 5);
    for (uint32_t i = 0; i < 3000; i++)
      spagm_cfg_list_push(&rb, 0x40000000u + 4 * i, i < 2000 ? 0 : 7);
    // Arbitrary contents in every field, element widths respected.
    uint32_t x = 12345;
    for (int t = 0; t < 6; t++) {
      std::vector<uint32_t> words(SPAGM_REQUEST_WORDS), rw(SPAGM_RESPONSE_WORDS);
      for (auto &wd : words) wd = t % 2 ? next(x) : (next(x) & 0x00010001u);
      spagm_request_unpack(words.data(), &reqs[t]);
      reqs[t].tag = (uint32_t)t;  // a scenario file numbers its records from 0 (N86)
      for (auto &wd : rw) wd = next(x);
      spagm_response_unpack(rw.data(), &rsps[t]);
      rsps[t].tag = reqs[t].tag;
      if (t == 3) spagm_response_init(&rsps[t], reqs[t].tag);  // the empty response
    }
  }
  ~RoundTripSet() {
    spagm_cfg_list_free(&sa);
    spagm_cfg_list_free(&sp);
    spagm_cfg_list_free(&rb);
  }
  RoundTripSet(const RoundTripSet &) = delete;
  RoundTripSet &operator=(const RoundTripSet &) = delete;
};

// The set as the text of a vector file.
void WriteRoundTrip(const RoundTripSet &s, std::string *text) {
  spagm_vec_header h;
  memset(&h, 0, sizeof h);
  h.version = SPAGM_VEC_FORMAT_VERSION;
  snprintf(h.generator, sizeof h.generator, "spagm test");
  h.source = SPAGM_VEC_SOURCE_SCENARIO;
  snprintf(h.scenario, sizeof h.scenario, "roundtrip.scn");
  h.units = kBoth;
  h.epochs = 1;
  spagm_diag d;
  spagm_vec_writer *w = spagm_vec_writer_open_mem(&h, &d);
  ASSERT_NE(w, nullptr) << d.msg;
  ASSERT_EQ(spagm_vec_write_epoch(w, 0, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_vec_write_state(w, SPAGM_UNIT_ATTR, &s.sa, nullptr, "summary", &d), SPAGM_OK);
  ASSERT_EQ(spagm_vec_write_state(w, SPAGM_UNIT_PIX, &s.sp, nullptr, nullptr, &d), SPAGM_OK);
  for (int t = 0; t < 6; t++)
    ASSERT_EQ(spagm_vec_write_txn(w, t % 2 ? SPAGM_UNIT_PIX : SPAGM_UNIT_ATTR, &s.reqs[t],
                                  &s.rsps[t], nullptr, &d),
              SPAGM_OK)
        << d.msg;
  ASSERT_EQ(spagm_vec_write_readback(w, SPAGM_UNIT_ATTR, &s.rb, &d), SPAGM_OK);
  ASSERT_EQ(spagm_vec_write_readback(w, SPAGM_UNIT_PIX, &s.sp, &d), SPAGM_OK);
  ASSERT_EQ(spagm_vec_writer_finish_mem(w, &d), SPAGM_OK) << d.msg;
  size_t len = 0;
  const char *raw = spagm_vec_writer_text(w, &len);
  text->assign(raw, len);
  spagm_vec_writer_abort(w);
}

// The transaction item number txn is the set's.
void ExpectSameTxn(const RoundTripSet &s, const spagm_vec_item &it, int txn) {
  std::vector<uint32_t> a(SPAGM_REQUEST_WORDS), b(SPAGM_REQUEST_WORDS);
  spagm_request_pack(&s.reqs[txn], a.data());
  spagm_request_pack(&it.req, b.data());
  EXPECT_EQ(a, b) << "request " << txn;
  std::vector<uint32_t> c(SPAGM_RESPONSE_WORDS), e(SPAGM_RESPONSE_WORDS);
  spagm_response_pack(&s.rsps[txn], c.data());
  spagm_response_pack(&it.rsp, e.data());
  EXPECT_EQ(c, e) << "response " << txn;
  EXPECT_EQ(it.unit, txn % 2 ? SPAGM_UNIT_PIX : SPAGM_UNIT_ATTR);
}

}  // namespace

TEST(VecFile, RoundTrip_ReadGivesTheStructsWritten) {
  RoundTripSet s;
  std::string text;
  ASSERT_NO_FATAL_FAILURE(WriteRoundTrip(s, &text));

  spagm_diag d;
  spagm_vec_header hr;
  spagm_vec_reader *r = spagm_vec_reader_open_mem(text.data(), text.size(), "rt", &hr, &d);
  ASSERT_NE(r, nullptr) << d.line << ": " << d.msg;
  EXPECT_STREQ(hr.scenario, "roundtrip.scn");
  EXPECT_EQ(hr.units, kBoth);
  auto *it = new spagm_vec_item;
  int txn = 0, states = 0, rbs = 0;
  for (;;) {
    ASSERT_EQ(spagm_vec_next(r, it, &d), SPAGM_OK) << d.line << ":" << d.col << ": " << d.msg;
    if (it->kind == SPAGM_VEC_END) break;
    if (it->kind == SPAGM_VEC_STATE) {
      const spagm_cfg_list &want = states++ ? s.sp : s.sa;
      ASSERT_EQ(it->words.n, want.n);
      EXPECT_EQ(0, memcmp(it->words.w, want.w, want.n * sizeof *want.w));
    } else if (it->kind == SPAGM_VEC_READBACK) {
      const spagm_cfg_list &want = rbs++ ? s.sp : s.rb;
      ASSERT_EQ(it->words.n, want.n);
      EXPECT_EQ(0, memcmp(it->words.w, want.w, want.n * sizeof *want.w));
    } else if (it->kind == SPAGM_VEC_TXN) {
      ExpectSameTxn(s, *it, txn++);
    }
  }
  EXPECT_EQ(txn, 6);
  EXPECT_EQ(it->txns, 6u);
  delete it;
  spagm_vec_reader_free(r);
}

TEST(VecFile, EmptyRows_AreLeftOut_AndRunsAreRepeats) {
  std::string t = gen_text(5, 4, 4, 1u << SPAGM_UNIT_PIX);
  // A PIXLD reads no a/b/c/d slot it is not given; the empty response's
  // wb_reg (RZ) and pd (PT) rows never appear.
  EXPECT_EQ(t.find("\n  wb_reg @f ff"), std::string::npos);
  EXPECT_EQ(t.find("\n  pd 7\n"), std::string::npos);
  EXPECT_NE(t.find("*"), std::string::npos);
}

TEST(VecFile, SameOptions_GiveByteIdenticalText) {
  std::string a = gen_text(42, 120, 50, kBoth), b = gen_text(42, 120, 50, kBoth);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, gen_text(43, 120, 50, kBoth));
  uint64_t txns = 0;
  spagm_diag d;
  ASSERT_EQ(read_all(a, &d, &txns), SPAGM_OK) << d.line << ": " << d.msg;
  EXPECT_EQ(txns, 240u);  // 120 per unit
}

TEST(VecFile, NoTimestampsOrHosts_TheHeaderIsTheOptions) {
  std::string t = gen_text(9, 10, 5, kBoth);
  auto v = lines_of(t);
  EXPECT_EQ(v[0], "spagm-vectors 2");
  // The stimulus version names the traffic's weights (N240).
  EXPECT_EQ(v[2], std::string("generator spagm ") + spagm_version() + " stimulus " +
                      std::to_string(SPAGM_STIM_VERSION));
  EXPECT_EQ(v[3], "source random");
  EXPECT_EQ(v[4], "seed 9");
  EXPECT_EQ(v[5], "count 10");
  EXPECT_EQ(v[6], "epoch-txns 5");
  EXPECT_EQ(v[7], "illegal-ppm 10000");
  EXPECT_EQ(v[8], "units attr,pix");
  EXPECT_EQ(v[9].substr(0, 7), "epochs ");
  EXPECT_EQ(v[10].substr(0, 4), "end ");
}

TEST(VecFile, ShardBodies_ConcatenateToTheUnshardedBody) {
  std::string whole = gen_text(11, 90, 20, kBoth);  // 5 epochs
  std::string bodies;
  for (uint32_t i = 1; i <= 3; i++) {
    spagm_vec_header h;
    ASSERT_EQ(spagm_vec_header_random(&h, 11, 90, 20, 10000, kBoth, nullptr), SPAGM_OK);
    h.sharded = true;
    h.shard_index = i;
    h.shard_count = 3;
    spagm_vec_shard_range(h.epochs, i, 3, &h.first_epoch, &h.shard_epochs);
    spagm_diag d;
    spagm_vec_writer *w = spagm_vec_writer_open_mem(&h, &d);
    ASSERT_NE(w, nullptr) << d.msg;
    ASSERT_EQ(spagm_vec_gen_random(w, &h, &d), SPAGM_OK) << d.msg;
    ASSERT_EQ(spagm_vec_writer_finish_mem(w, &d), SPAGM_OK) << d.msg;
    size_t len = 0;
    const char *raw = spagm_vec_writer_text(w, &len);
    std::string t(raw, len);
    spagm_vec_writer_abort(w);
    spagm_vec_reader *r = spagm_vec_reader_open_mem(t.data(), t.size(), "s", nullptr, &d);
    ASSERT_NE(r, nullptr) << d.msg;
    auto *it = new spagm_vec_item;
    while (spagm_vec_next(r, it, &d) == SPAGM_OK && it->kind != SPAGM_VEC_END) {
    }
    ASSERT_EQ(it->kind, SPAGM_VEC_END) << d.line << ": " << d.msg;
    delete it;
    uint64_t b, e;
    spagm_vec_reader_body(r, &b, &e);
    spagm_vec_reader_free(r);
    bodies += t.substr(b, e - b);
  }
  size_t b0 = whole.find("\nepoch 0\n") + 1, e0 = whole.rfind("trailer ");
  EXPECT_EQ(bodies, whole.substr(b0, e0 - b0));
}

TEST(VecShard, Ranges_AreContiguousAndCoverTheRun) {
  uint32_t next_first = 0, total = 0;
  for (uint32_t i = 1; i <= 7; i++) {
    uint32_t first, n;
    spagm_vec_shard_range(20, i, 7, &first, &n);
    EXPECT_EQ(first, next_first);
    next_first = first + n;
    total += n;
  }
  EXPECT_EQ(total, 20u);
  uint32_t first, n;
  spagm_vec_shard_range(20, 0, 7, &first, &n);  // shards count from 1
  EXPECT_EQ(n, 0u);
}

// ---- Damaged files: the line (and column) of the first problem ----------

class VecCorrupt : public ::testing::Test {
 protected:
  void SetUp() override {
    text = gen_text(3, 40, 20, kBoth);
    v = lines_of(text);
  }
  spagm_diag reject(const std::string &t) {
    spagm_diag d = {0, 0, ""};
    EXPECT_NE(read_all(t, &d), SPAGM_OK) << "the damaged file was accepted";
    return d;
  }
  std::string text;
  std::vector<std::string> v;
};

TEST_F(VecCorrupt, EditedValue_IsReportedAtItsRecord) {
  int txn = find_line(v, "txn attr");
  int row = find_line(v, "  lane_mask ", txn);
  ASSERT_GT(row, 0);
  auto w = v;
  char &c = w[row - 1].back();
  c = c == '1' ? '2' : '1';  // still a valid hex digit
  spagm_diag d = reject(join(w));
  EXPECT_EQ(d.line, txn) << d.msg;
  EXPECT_NE(std::string(d.msg).find("CRC-32"), std::string::npos) << d.msg;
}

TEST_F(VecCorrupt, FlippedByte_IsReportedAtItsLineAndColumn) {
  int row = find_line(v, "  insn ");
  ASSERT_GT(row, 0);
  std::string t = text;
  size_t off = 0;
  for (int i = 1; i < row; i++) off = t.find('\n', off) + 1;
  t[off + 3] ^= 0x80;  // the 's' of "insn" becomes a non-ASCII byte
  spagm_diag d = reject(t);
  EXPECT_EQ(d.line, row) << d.msg;
  EXPECT_EQ(d.col, 4) << d.msg;
}

TEST_F(VecCorrupt, EditedHeader_IsReportedAtLineOne) {
  auto w = v;
  w[4] = "seed 4";
  spagm_diag d = reject(join(w));
  EXPECT_EQ(d.line, 1) << d.msg;
}

TEST_F(VecCorrupt, TruncatedInsideALine_NamesThatLine) {
  int row = find_line(v, "txn pix") + 2;
  size_t off = 0;
  for (int i = 1; i < row; i++) off = text.find('\n', off) + 1;
  spagm_diag d = reject(text.substr(0, off + 5));
  EXPECT_EQ(d.line, row) << d.msg;
  EXPECT_NE(std::string(d.msg).find("truncated"), std::string::npos) << d.msg;
}

TEST_F(VecCorrupt, TruncatedAtLineBoundaries_NamesTheLineAfterTheEnd) {
  // Inside a state block, inside a txn record, between epochs, after the header.
  for (int keep : {find_line(v, "state attr") + 3, find_line(v, "expect") + 1,
                   find_line(v, "epoch 1") - 1, 11}) {
    std::vector<std::string> w(v.begin(), v.begin() + keep);
    spagm_diag d = reject(join(w));
    EXPECT_EQ(d.line, keep + 1) << "kept " << keep << " lines: " << d.msg;
    EXPECT_NE(std::string(d.msg).find("truncated"), std::string::npos) << d.msg;
  }
}

TEST_F(VecCorrupt, MissingTrailer_IsReported) {
  std::vector<std::string> w(v.begin(), v.end() - 1);
  spagm_diag d = reject(join(w));
  EXPECT_EQ(d.line, (int)v.size()) << d.msg;
  EXPECT_NE(std::string(d.msg).find("without a trailer"), std::string::npos) << d.msg;
}

TEST_F(VecCorrupt, BadTrailerCrc_IsReportedAtTheTrailerColumn) {
  auto w = v;
  std::string &last = w.back();
  char &c = last[last.size() - 1];
  c = c == '0' ? '1' : '0';
  spagm_diag d = reject(join(w));
  EXPECT_EQ(d.line, (int)v.size()) << d.msg;
  EXPECT_EQ(d.col, (int)last.size() - 7) << d.msg;
  EXPECT_NE(std::string(d.msg).find("CRC-32 mismatch"), std::string::npos) << d.msg;
}

TEST_F(VecCorrupt, UnsupportedVersion_IsRejectedOnLineOne) {
  auto w = v;
  w[0] = "spagm-vectors 7";
  spagm_diag d = reject(join(w));
  EXPECT_EQ(d.line, 1);
  EXPECT_EQ(d.col, 15);
  EXPECT_NE(std::string(d.msg).find("version 7"), std::string::npos) << d.msg;
}

TEST_F(VecCorrupt, GarbageLines_AreRejectedWhereTheyAre) {
  // Between blocks ...
  int at = find_line(v, "txn pix");
  auto w = v;
  w.insert(w.begin() + at - 1, "hello world");
  spagm_diag d = reject(join(w));
  EXPECT_EQ(d.line, at) << d.msg;
  // ... and inside a record, before its CRC is even checked.
  w = v;
  w.insert(w.begin() + at, "  bogus_field 1");
  d = reject(join(w));
  EXPECT_EQ(d.line, at + 1) << d.msg;
  EXPECT_EQ(d.col, 3) << d.msg;
  // Text after the trailer.
  w = v;
  w.push_back("more");
  d = reject(join(w));
  EXPECT_EQ(d.line, (int)v.size() + 1) << d.msg;
  // Not a vector file at all.
  d = reject("#include <stdio.h>\n");
  EXPECT_EQ(d.line, 1);
}

TEST_F(VecCorrupt, ValueWiderThanItsField_IsRejectedAtItsColumn) {
  int txn = find_line(v, "txn pix");
  int row = find_line(v, "  sample @", txn);
  if (row == 0) GTEST_SKIP() << "no sample row in this seed";
  // The file stays CRC-valid only if we recompute; the grammar check comes
  // first anyway: a 4-bit field cannot hold 1f.
  auto w = v;
  size_t sp = w[row - 1].rfind(' ');
  w[row - 1] = w[row - 1].substr(0, sp + 1) + "1f";
  spagm_diag d = reject(join(w));
  EXPECT_EQ(d.line, row) << d.msg;
  EXPECT_EQ(d.col, (int)sp + 2) << d.msg;
}

// ---- spagm check ----------------------------------------------------------------

TEST(VecCheck, UnchangedModel_AgreesWithItsOwnFile) {
  std::string t = gen_text(17, 60, 30, kBoth);
  spagm_diag d;
  spagm_vec_reader *r = spagm_vec_reader_open_mem(t.data(), t.size(), "ok.vec", nullptr, &d);
  ASSERT_NE(r, nullptr);
  spagm_vec_check_result res;
  ASSERT_EQ(spagm_vec_check(r, "ok.vec", nullptr, 0, &res, &d), SPAGM_OK) << d.msg;
  spagm_vec_reader_free(r);
  EXPECT_EQ(res.txns, 120u);
  EXPECT_EQ(res.txns_failed, 0u);
  EXPECT_EQ(res.rb_failed, 0u);
  EXPECT_EQ(res.state_failed, 0u);
  EXPECT_GT(res.rb_words, 0u);
}

namespace {

// Four PIXLD.MSCOUNT transactions of a directed pixel file (tags 0..3,
// N86), CRCs right, but tag 2 expects 8 on lane 5 where the model gives 4.
// A scenario header: the requests are not any random stimulus's.
void WriteAlteredPixFile(std::string *text) {
  spagm_vec_header h;
  memset(&h, 0, sizeof h);
  h.version = SPAGM_VEC_FORMAT_VERSION;
  strcpy(h.generator, "spagm test");
  h.source = SPAGM_VEC_SOURCE_SCENARIO;
  strcpy(h.scenario, "alt.scn");
  h.units = 1u << SPAGM_UNIT_PIX;
  h.epochs = 1;
  spagm_diag d;
  spagm_vec_writer *w = spagm_vec_writer_open_mem(&h, &d);
  ASSERT_NE(w, nullptr);
  spagm_model *m = spagm_model_new();
  // Epoch 0 of the pixel stimulus, with the first PIXLD forced legal in PS.
  spagm_pix_set_samples(m, 4, nullptr);
  spagm_attr_set_stage(m, SPAGM_STAGE_PS, nullptr);
  spagm_cfg_list l = {};
  ASSERT_EQ(spagm_vec_write_epoch(w, 0, &d), SPAGM_OK);
  ASSERT_EQ(spagm_statemap_load_list(m, SPAGM_UNIT_PIX, &l), SPAGM_OK);
  ASSERT_EQ(spagm_vec_write_state(w, SPAGM_UNIT_PIX, &l, nullptr, nullptr, &d), SPAGM_OK);
  for (uint32_t t = 1; t <= 4; t++) {
    spagm_request req;
    spagm_request_init(&req);
    req.tag = t - 1;
    spagm_insn insn;
    ASSERT_EQ(spagm_asm_one("PIXLD.MSCOUNT R3;", 1, 1, nullptr, &insn, &d), SPAGM_OK) << d.msg;
    ASSERT_EQ(spagm_encode(&insn, &req.insn, nullptr, &d), SPAGM_OK);
    req.lane_mask = 0xFFFFu;
    spagm_response rsp;
    spagm_execute(m, &req, &rsp);
    ASSERT_EQ(rsp.wb_value[0][0], 4u);
    if (t == 3) rsp.wb_value[0][5] = 8;  // the file now disagrees on lane 5
    ASSERT_EQ(spagm_vec_write_txn(w, SPAGM_UNIT_PIX, &req, &rsp, nullptr, &d), SPAGM_OK);
  }
  ASSERT_EQ(spagm_vec_readback_words(m, SPAGM_UNIT_PIX, &l), SPAGM_OK);
  ASSERT_EQ(spagm_vec_write_readback(w, SPAGM_UNIT_PIX, &l, &d), SPAGM_OK);
  ASSERT_EQ(spagm_vec_writer_finish_mem(w, &d), SPAGM_OK);
  size_t len = 0;
  const char *raw = spagm_vec_writer_text(w, &len);
  text->assign(raw, len);
  spagm_vec_writer_abort(w);
  spagm_cfg_list_free(&l);
  spagm_model_free(m);
}

}  // namespace

TEST(VecCheck, AlteredExpectedValue_IsReportedWithItsLine) {
  // A file whose CRCs are right but one expected value is not what the
  // model computes: what a model change looks like to `check`.
  std::string text;
  ASSERT_NO_FATAL_FAILURE(WriteAlteredPixFile(&text));
  auto v = lines_of(text);
  int third = find_line(v, "  tag 2");
  int row = find_line(v, "  wb_value[0] ", third);
  ASSERT_GT(row, 0);
  spagm_diag d;
  spagm_vec_reader *r = spagm_vec_reader_open_mem(text.data(), text.size(), "alt.vec", nullptr, &d);
  ASSERT_NE(r, nullptr) << d.msg;
  char *out = nullptr;
  size_t outlen = 0;
  FILE *rep = open_memstream(&out, &outlen);
  spagm_vec_check_result res;
  ASSERT_EQ(spagm_vec_check(r, "alt.vec", rep, 0, &res, &d), SPAGM_OK) << d.msg;
  fclose(rep);
  spagm_vec_reader_free(r);
  std::string report(out, outlen);
  free(out);
  EXPECT_EQ(res.txns, 4u);
  EXPECT_EQ(res.txns_failed, 1u);
  EXPECT_EQ(res.differences, 1u);
  EXPECT_NE(report.find("alt.vec:" + std::to_string(row) + ": pix tag 2: wb_value[0] element 5: "
                        "the file expects 8, the model gives 4"),
            std::string::npos)
      << report;
}

// ---- Compare masks (docs/port-contract.md, "What is compared") ------------

// The vector library's name for the mask is the model's port-contract mask
// (tests/model/txn_compare_mask_test.cpp checks the mask itself).
TEST(VecMask, IsThePortContractMask) {
  spagm_response e, want, got;
  spagm_response_init(&e, 3);
  e.wb_valid[0] = 0x81u;
  e.wb_dontcare[0][7] = 0xFFu;
  e.pd_written = 0x10u;
  e.st_mask[1] = 0x2u;
  spagm_response_compare_mask(&e, &want);
  spagm_vec_compare_mask(&e, &got);
  EXPECT_EQ(std::memcmp(&want, &got, sizeof want), 0);
}

// ---- Hex export ----------------------------------------------------------------

namespace {

// The hex files of an export that the item-by-item comparison reads.
struct HexFiles {
  std::vector<uint32_t> req, exp, cmp, info, cfg, ep, rb;
  explicit HexFiles(const std::filesystem::path &dir)
      : req(hex_sparse_words(dir / "pix_req.hex", SPAGM_REQUEST_WORDS)),
        exp(hex_sparse_words(dir / "pix_exp.hex", SPAGM_RESPONSE_WORDS)),
        cmp(hex_sparse_words(dir / "pix_cmp.hex", SPAGM_RESPONSE_WORDS)),
        info(hex_words(dir / "pix_txn.hex")),
        cfg(hex_words(dir / "attr_cfg.hex")),
        ep(hex_words(dir / "attr_epochs.hex")),
        rb(hex_words(dir / "attr_rb.hex")) {}
};

// Pixel transaction number pix: request, expected response, compare mask,
// tag and line.
void ExpectPixTxn(const HexFiles &f, const spagm_vec_item &it, size_t pix) {
  std::vector<uint32_t> w(SPAGM_RESPONSE_WORDS);
  spagm_request_pack(&it.req, w.data());
  EXPECT_TRUE(std::equal(w.begin(), w.begin() + SPAGM_REQUEST_WORDS,
                         f.req.begin() + pix * SPAGM_REQUEST_WORDS));
  spagm_response_pack(&it.rsp, w.data());
  EXPECT_TRUE(std::equal(w.begin(), w.end(), f.exp.begin() + pix * SPAGM_RESPONSE_WORDS));
  spagm_response mask;
  spagm_vec_compare_mask(&it.rsp, &mask);
  spagm_response_pack(&mask, w.data());
  EXPECT_TRUE(std::equal(w.begin(), w.end(), f.cmp.begin() + pix * SPAGM_RESPONSE_WORDS));
  EXPECT_EQ(f.info[2 * pix], it.req.tag);
  EXPECT_EQ(f.info[2 * pix + 1], (uint32_t)it.line);
}

// Address/data pairs of a list, from pairs[*at] on.
void ExpectPairs(const std::vector<uint32_t> &pairs, const spagm_cfg_list &l, size_t *at) {
  for (size_t i = 0; i < l.n; i++, *at += 2) {
    ASSERT_EQ(pairs[*at], l.w[i].addr);
    ASSERT_EQ(pairs[*at + 1], l.w[i].data);
  }
}

// Every item of the file t against the files of its export in dir; man is
// the manifest.
void ExpectHexHoldsItems(const std::string &t, const std::filesystem::path &dir,
                         const std::vector<uint32_t> &man) {
  spagm_diag d;
  spagm_vec_reader *r = spagm_vec_reader_open_mem(t.data(), t.size(), "s.vec", nullptr, &d);
  HexFiles f(dir);
  ASSERT_EQ(f.req.size(), 6u * SPAGM_REQUEST_WORDS);
  ASSERT_EQ(f.exp.size(), 6u * SPAGM_RESPONSE_WORDS);
  ASSERT_EQ(f.cmp.size(), f.exp.size());
  ASSERT_EQ(f.info.size(), 12u);
  auto *it = new spagm_vec_item;
  size_t pix = 0, cfg_at = 0, rb_at = 0;
  uint32_t e_cfg = 0, e_rb = 0, epoch = 0, e_attr = 0;
  while (spagm_vec_next(r, it, &d) == SPAGM_OK && it->kind != SPAGM_VEC_END) {
    if (it->kind == SPAGM_VEC_TXN && it->unit == SPAGM_UNIT_ATTR) e_attr++;
    if (it->kind == SPAGM_VEC_TXN && it->unit == SPAGM_UNIT_PIX) {
      ExpectPixTxn(f, *it, pix++);
    } else if (it->kind == SPAGM_VEC_STATE && it->unit == SPAGM_UNIT_ATTR) {
      ASSERT_NO_FATAL_FAILURE(ExpectPairs(f.cfg, it->words, &cfg_at));
      e_cfg = (uint32_t)it->words.n;
    } else if (it->kind == SPAGM_VEC_READBACK && it->unit == SPAGM_UNIT_ATTR) {
      ASSERT_NO_FATAL_FAILURE(ExpectPairs(f.rb, it->words, &rb_at));
      e_rb = (uint32_t)it->words.n;
      EXPECT_EQ(f.ep[3 * epoch], e_cfg);
      EXPECT_EQ(f.ep[3 * epoch + 1], e_attr);
      e_attr = 0;
      EXPECT_EQ(f.ep[3 * epoch + 2], e_rb);
      epoch++;
    }
  }
  EXPECT_EQ(it->kind, SPAGM_VEC_END);
  EXPECT_EQ(pix, 6u);
  EXPECT_EQ(man[6], epoch);
  EXPECT_EQ(f.ep.size(), 3u * epoch);
  EXPECT_EQ(cfg_at, f.cfg.size());
  EXPECT_EQ(rb_at, f.rb.size());
  delete it;
  spagm_vec_reader_free(r);
}

}  // namespace

TEST(VecHex, SmallExport_HoldsTheFileWordForWord) {
  std::string t = gen_text(8, 6, 3, kBoth);  // 2 epochs, 6 per unit
  auto dir = spagm_test::fresh_scratch_dir() / "hex";
  spagm_diag d;
  spagm_vec_reader *r = spagm_vec_reader_open_mem(t.data(), t.size(), "s.vec", nullptr, &d);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(spagm_vec_export_hex(r, "s.vec", dir.c_str(), &d), SPAGM_OK) << d.msg;
  spagm_vec_reader_free(r);

  auto man = hex_words(dir / "manifest.hex");
  ASSERT_EQ(man.size(), 48u);
  EXPECT_EQ(man[0], 0x53504756u);
  EXPECT_EQ(man[2], (uint32_t)SPAGM_REQUEST_BITS);
  EXPECT_EQ(man[5], (uint32_t)SPAGM_RESPONSE_WORDS);
  EXPECT_EQ(man[16], 1u);  // attr present
  EXPECT_EQ(man[18], 6u);  // attr transactions
  EXPECT_EQ(man[22], 6u);  // pix transactions
  EXPECT_EQ(man[24], 0u);  // no tex

  // The items again, against the files.
  ASSERT_NO_FATAL_FAILURE(ExpectHexHoldsItems(t, dir, man));
  // A second export replaces the first; no temporary directory is left.
  r = spagm_vec_reader_open_mem(t.data(), t.size(), "s.vec", nullptr, &d);
  EXPECT_EQ(spagm_vec_export_hex(r, "s.vec", dir.c_str(), &d), SPAGM_OK) << d.msg;
  spagm_vec_reader_free(r);
  int others = 0;
  for (auto &e : std::filesystem::directory_iterator(dir.parent_path()))
    if (e.path().filename().string().rfind(dir.filename().string() + ".partial", 0) == 0) others++;
  EXPECT_EQ(others, 0);
  std::filesystem::remove_all(dir);
}

TEST(VecCorruptFuzz, RandomDamage_IsAlwaysRejectedAndNeverCrashes) {
  // Any change to a file changes a CRC or breaks the grammar: flipped bits,
  // deleted or duplicated ranges, truncation, each at seeded positions.
  const std::string text = gen_text(31, 12, 6, kBoth);
  uint32_t x = 777;
  for (int i = 0; i < 600; i++) {
    std::string t = text;
    size_t pos = next(x) % t.size();
    switch (i % 4) {
      case 0: t[pos] = (char)(t[pos] ^ (1u << (next(x) % 8))); break;
      case 1: t.erase(pos, 1 + next(x) % 64); break;
      case 2: t.insert(pos, t.substr(next(x) % t.size(), 1 + next(x) % 40)); break;
      default: t.resize(pos); break;
    }
    if (t == text) continue;
    spagm_diag d = {0, 0, ""};
    EXPECT_NE(read_all(t, &d), SPAGM_OK) << "mutation " << i << " accepted";
    EXPECT_GT(d.line, 0) << "mutation " << i << ": " << d.msg;
  }
}

TEST(VecGen, EpochBudget_IsWhatTheStimulusYields) {
  // spagm gen plans epochs from the budget: it must be the number of
  // requests spagm_stim_next gives (both units, PS and VTG epochs).
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = 4;
  o.epoch_txns = 60;
  spagm_stim *s = spagm_stim_new(&o, nullptr);
  spagm_model *m = spagm_model_new();
  spagm_request req;
  bool saw_small = false;
  for (unsigned e = 0; e < 12; e++) {
    ASSERT_EQ(spagm_stim_begin_epoch(s, e, m, nullptr), SPAGM_OK);
    for (unsigned u = 0; u < 2; u++) {
      uint32_t b = spagm_stim_epoch_budget(s, (spagm_unit)u), n = 0;
      while (spagm_stim_next(s, (spagm_unit)u, &req)) n++;
      EXPECT_EQ(b, n) << "epoch " << e << " unit " << u;
      saw_small |= n < 60;
    }
  }
  EXPECT_TRUE(saw_small);  // some epoch's stage does not suit one unit
  EXPECT_EQ(spagm_stim_epoch_budget(s, SPAGM_UNIT_TEX), 0u);
  spagm_model_free(m);
  spagm_stim_free(s);
}
