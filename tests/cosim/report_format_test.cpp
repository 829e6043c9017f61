// SPDX-License-Identifier: Apache-2.0
// The C producers of mismatch and hang reports held to docs/report-format.md:
// the co-simulation core and the predictor write each kind of report for a
// wrong response, and the reader the failure buckets use (regress/
// report_read.h) reads every header by the grammar and takes from the block
// the unit, tag, instruction, field and rule a bucket is made of.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "asm_word.h"
#include "cosim.h"
#include "report_read.h"
#include "spagm/predictor.h"
#include "spagm/spagm.h"

namespace {

// Every report of text, read by the grammar; a header that breaks it fails
// the test with its line and the reason.
std::vector<rg_report> read_reports(const std::string &text) {
  std::vector<rg_report> out;
  const char *pos = text.c_str();
  size_t line = 1;
  rg_report r;
  char why[160];
  int got;
  while ((got = rg_report_next(&pos, &line, &r, why, sizeof why)) != 0) {
    EXPECT_EQ(got, 1) << "line " << r.line << ": " << why << "\n" << text;
    if (got == 1) out.push_back(r);
  }
  EXPECT_FALSE(out.empty()) << "no report in:\n" << text;
  return out;
}

std::string bucket(const rg_report &r) {
  char key[256];
  rg_report_bucket(&r, key, sizeof key);
  return key;
}

// The co-simulation core of one unit, the stand-in RTL answering with the
// core's own expectation (spagm_cosim_expected), changed as a test says.
struct Core {
  spagm_cosim *c = nullptr;
  spagm_unit u;
  uint64_t cycle = 0;
  std::string reports;
  explicit Core(spagm_unit unit) : u(unit) {
    spagm_cosim_opts o;
    spagm_cosim_opts_default(&o);
    o.seed = 3;
    o.units = 1u << unit;
    o.txns = 200;
    o.epoch_txns = 200;
    o.max_errors = 0;
    o.repro = "spagm-cosim +seed=3";
    spagm_diag d{};
    c = spagm_cosim_new(&o, &d);
    EXPECT_NE(c, nullptr) << d.msg;
    EXPECT_TRUE(spagm_cosim_begin_epoch(c));
    spagm_cfg_burst b;
    while (spagm_cosim_cfg_burst(c, u, &b)) {
    }
  }
  Core(const Core &) = delete;
  Core &operator=(const Core &) = delete;
  ~Core() { spagm_cosim_free(c); }
  void take() { reports += spagm_cosim_take_report(c); }
  // Accepts the next request; false when the epoch has none left.
  bool accept(spagm_request *req) {
    if (!spagm_cosim_next_request(c, u, req)) return false;
    spagm_cosim_accept(c, u, req, ++cycle);
    take();
    return true;
  }
  // Answers the epoch's requests in order with the expected response,
  // given to change first (true: it changed this one) until one changed.
  void answer_all(const std::function<bool(spagm_response &)> &change) {
    spagm_request req, r2;
    bool changed = false;
    while (accept(&req)) {
      spagm_response rsp, exp;
      spagm_response_init(&rsp, req.tag);
      uint32_t lanes;
      unsigned rule;
      ASSERT_TRUE(spagm_cosim_expected(c, u, &rsp, &r2, &exp, &lanes, &rule));
      if (!changed) changed = change(exp);
      spagm_cosim_check(c, u, &exp, ++cycle);
      take();
    }
    ASSERT_TRUE(changed) << "no response of the epoch could be changed";
  }
};

// A written lane of a write-back slot outside its don't-care bits, flipped.
bool flip_written_lane(spagm_response &r) {
  for (unsigned s = 0; s < SPAGM_WB_SLOTS; s++)
    for (unsigned l = 0; l < SPAGM_LANES; l++)
      if ((r.wb_valid[s] >> l & 1u) && ~r.wb_dontcare[s][l] != 0) {
        r.wb_value[s][l] ^= ~r.wb_dontcare[s][l] & (0u - ~r.wb_dontcare[s][l]);
        return true;
      }
  return false;
}

TEST(ReportFormat, CosimWrongValue_ReadAsResponseWithInsnFieldAndRule) {
  Core k(SPAGM_UNIT_PIX);
  k.answer_all(flip_written_lane);
  std::vector<rg_report> r = read_reports(k.reports);
  ASSERT_EQ(r.size(), 1u) << k.reports;
  EXPECT_STREQ(r[0].kind, "mismatch");
  EXPECT_STREQ(r[0].producer, "");
  EXPECT_STREQ(r[0].unit, "pix");
  EXPECT_EQ(r[0].subject, RG_REPORT_RESPONSE);
  EXPECT_GE(r[0].tag, 0);
  EXPECT_EQ(std::string(r[0].insn).rfind("PIXLD", 0), 0u) << k.reports;
  EXPECT_STREQ(r[0].field, "write-back value") << k.reports;
  EXPECT_EQ(std::string(r[0].rule).rfind("PIXLD", 0), 0u) << k.reports;  // the model's path
  EXPECT_EQ(bucket(r[0]), std::string("pix ") + r[0].insn + " | write-back value | " + r[0].rule);
}

TEST(ReportFormat, CosimWrongFault_ReadAsFaultField) {
  Core k(SPAGM_UNIT_ATTR);
  k.answer_all([](spagm_response &r) {
    r.fault = r.fault == SPAGM_FAULT_NONE ? SPAGM_FAULT_ILLEGAL_INSTR_ENCODING : SPAGM_FAULT_NONE;
    r.fault_lanes = ~r.fault_lanes;
    return true;
  });
  std::vector<rg_report> r = read_reports(k.reports);
  ASSERT_FALSE(r.empty());
  EXPECT_STREQ(r[0].unit, "attr");
  EXPECT_EQ(r[0].subject, RG_REPORT_RESPONSE);
  EXPECT_STREQ(r[0].field, "fault") << k.reports;
}

TEST(ReportFormat, CosimUnknownTag_ReadAsHandshakeWithTag) {
  Core k(SPAGM_UNIT_TEX);
  spagm_response rsp;
  spagm_response_init(&rsp, 4242);
  spagm_cosim_check(k.c, k.u, &rsp, ++k.cycle);
  k.take();
  std::vector<rg_report> r = read_reports(k.reports);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_STREQ(r[0].unit, "tex");
  EXPECT_EQ(r[0].subject, RG_REPORT_HANDSHAKE);
  EXPECT_EQ(r[0].tag, 4242);
  EXPECT_EQ(bucket(r[0]), "tex - | handshake | -");
}

TEST(ReportFormat, CosimTagAcceptedTwice_ReadAsHandshake) {
  Core k(SPAGM_UNIT_PIX);
  spagm_request req;
  ASSERT_TRUE(k.accept(&req));
  spagm_cosim_accept(k.c, k.u, &req, ++k.cycle); /* the same tag while outstanding */
  k.take();
  std::vector<rg_report> r = read_reports(k.reports);
  ASSERT_EQ(r.size(), 1u) << k.reports;
  EXPECT_EQ(r[0].subject, RG_REPORT_HANDSHAKE);
  EXPECT_EQ(r[0].tag, (long long)req.tag);
}

TEST(ReportFormat, CosimWrongImageWord_ReadAsImage) {
  Core k(SPAGM_UNIT_PIX);
  k.answer_all([](spagm_response &) { return true; });
  uint32_t addr;
  ASSERT_TRUE(spagm_cosim_readback_next(k.c, k.u, &addr));
  // Of two words that differ in a bit, one at least is not the model's.
  spagm_cosim_readback_check(k.c, k.u, addr, 0u, ++k.cycle);
  spagm_cosim_readback_check(k.c, k.u, addr, 1u, ++k.cycle);
  k.take();
  std::vector<rg_report> r = read_reports(k.reports);
  ASSERT_FALSE(r.empty()) << k.reports;
  EXPECT_STREQ(r[0].unit, "pix");
  EXPECT_EQ(r[0].subject, RG_REPORT_IMAGE);
  EXPECT_EQ(r[0].tag, -1);
  EXPECT_EQ(bucket(r[0]), "pix - | state image | -");
}

TEST(ReportFormat, CosimHang_ReadAsHangOfItsUnit) {
  Core k(SPAGM_UNIT_ATTR);
  spagm_request req;
  ASSERT_TRUE(k.accept(&req));
  spagm_cosim_hang(k.c, k.u, k.cycle + 20000, 20000, 1);
  k.take();
  std::vector<rg_report> r = read_reports(k.reports);
  ASSERT_EQ(r.size(), 1u) << k.reports;
  EXPECT_STREQ(r[0].kind, "hang");
  EXPECT_EQ(r[0].subject, RG_REPORT_HANG);
  EXPECT_EQ(bucket(r[0]), "hang attr");
}

TEST(ReportFormat, CosimUnaskedConfigurationAnswer_ReadAsHandshake) {
  Core k(SPAGM_UNIT_PIX);
  spagm_cosim_unasked_read(k.c, k.u, 7, 0);
  k.take();
  std::vector<rg_report> r = read_reports(k.reports);
  ASSERT_EQ(r.size(), 1u) << k.reports;
  EXPECT_STREQ(r[0].kind, "mismatch");
  EXPECT_EQ(r[0].subject, RG_REPORT_HANDSHAKE);
  EXPECT_EQ(bucket(r[0]), "pix - | handshake | -");
}

TEST(ReportFormat, CosimIdleWhileOwed_ReadAsHandshake) {
  Core k(SPAGM_UNIT_ATTR);
  spagm_request req;
  ASSERT_TRUE(k.accept(&req));
  spagm_cosim_idle_owed(k.c, k.u, k.cycle + 2);
  k.take();
  std::vector<rg_report> r = read_reports(k.reports);
  ASSERT_EQ(r.size(), 1u) << k.reports;
  EXPECT_STREQ(r[0].kind, "mismatch");
  EXPECT_EQ(r[0].subject, RG_REPORT_HANDSHAKE);
  EXPECT_EQ(bucket(r[0]), "attr - | handshake | -");
}

TEST(ReportFormat, CosimMemoryReadOutsideTheRun_ReadAsHandshake) {
  Core k(SPAGM_UNIT_TEX);
  spagm_cosim_unasked_mem_read(k.c, k.u, 5, 0);
  k.take();
  std::vector<rg_report> r = read_reports(k.reports);
  ASSERT_EQ(r.size(), 1u) << k.reports;
  EXPECT_STREQ(r[0].kind, "mismatch");
  EXPECT_EQ(r[0].subject, RG_REPORT_HANDSHAKE);
  EXPECT_EQ(r[0].tag, -1);
  EXPECT_EQ(bucket(r[0]), "tex - | handshake | -");
}

struct PredictorDeleter {
  void operator()(spagm_predictor *p) const { spagm_predictor_free(p); }
};

TEST(ReportFormat, PredictorWrongValue_ReadAsResponseWithInsnFieldAndRule) {
  spagm_diag d{};
  std::unique_ptr<spagm_predictor, PredictorDeleter> p(
      spagm_predictor_new(SPAGM_UNIT_PIX, 42, &d));
  ASSERT_NE(p, nullptr) << d.msg;
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x00, SPAGM_STAGE_PS, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x04, 4, &d), SPAGM_OK) << d.msg;
  spagm_request req;
  spagm_request_init(&req);
  req.tag = 23;
  req.insn = asm_word("PIXLD.COVMASK R2;");
  req.lane_mask = 0xFFFFFFFFu;
  for (unsigned l = 0; l < SPAGM_LANES; l++) req.coverage[l] = static_cast<uint16_t>(0x1111u * l);
  spagm_response exp;
  ASSERT_EQ(spagm_predictor_predict(p.get(), &req, &exp, &d), SPAGM_OK) << d.msg;
  ASSERT_TRUE(flip_written_lane(exp));
  unsigned n = 0;
  const char *text = nullptr;
  ASSERT_EQ(spagm_predictor_check(p.get(), &exp, &n, &text), SPAGM_OK);
  std::vector<rg_report> r = read_reports(text);
  ASSERT_EQ(r.size(), 1u) << text;
  EXPECT_STREQ(r[0].unit, "pix");
  EXPECT_EQ(r[0].subject, RG_REPORT_RESPONSE);
  EXPECT_EQ(r[0].tag, 23);
  EXPECT_STREQ(r[0].insn, "PIXLD.COVMASK");
  EXPECT_STREQ(r[0].field, "write-back value") << text;
  EXPECT_NE(std::string(r[0].rule).find("PIXLD"), std::string::npos) << text;
}

TEST(ReportFormat, PredictorUnknownTag_ReadAsHandshakeWithTag) {
  spagm_diag d{};
  std::unique_ptr<spagm_predictor, PredictorDeleter> p(
      spagm_predictor_new(SPAGM_UNIT_TEX, 42, &d));
  ASSERT_NE(p, nullptr) << d.msg;
  spagm_response rsp;
  spagm_response_init(&rsp, 77);
  unsigned n = 0;
  const char *text = nullptr;
  ASSERT_EQ(spagm_predictor_check(p.get(), &rsp, &n, &text), SPAGM_OK);
  std::vector<rg_report> r = read_reports(text);
  ASSERT_EQ(r.size(), 1u) << text;
  EXPECT_STREQ(r[0].unit, "tex");
  EXPECT_EQ(r[0].subject, RG_REPORT_HANDSHAKE);
  EXPECT_EQ(r[0].tag, 77);
  EXPECT_EQ(bucket(r[0]), "tex - | handshake | -");
}

// The reader itself: a header that starts like a report and breaks the
// grammar is refused with its line, never read as another unit's report.
TEST(ReportFormat, HeaderWithoutUnitName_Refused) {
  const char *text = "ok\nspagm-cosim: MISMATCH unit 1 answered a configuration read\n";
  const char *pos = text;
  size_t line = 1;
  rg_report r;
  char why[160];
  ASSERT_EQ(rg_report_next(&pos, &line, &r, why, sizeof why), -1);
  EXPECT_EQ(r.line, 2u);
  EXPECT_NE(std::string(why).find("'unit'"), std::string::npos) << why;
  EXPECT_EQ(rg_report_next(&pos, &line, &r, why, sizeof why), 0);
}

TEST(ReportFormat, ReplayLines_ReadWithProducerAndFieldClass) {
  const char *text =
      "replay: MISMATCH pix tag 7 (vector file line 12), epoch 0:\n"
      "  wb_value[0][3]: expected 0000000f, got 0000020f (compared bits ffffffff)\n"
      "replay: HANG tex in epoch 1: no progress for 20000 cycles (2 requests in flight, 0 not "
      "sent)\n";
  const char *pos = text;
  size_t line = 1;
  rg_report r;
  char why[160];
  ASSERT_EQ(rg_report_next(&pos, &line, &r, why, sizeof why), 1) << why;
  EXPECT_STREQ(r.producer, "replay");
  EXPECT_EQ(r.tag, 7);
  EXPECT_STREQ(r.field, "write-back value");
  ASSERT_EQ(rg_report_next(&pos, &line, &r, why, sizeof why), 1) << why;
  EXPECT_EQ(r.line, 3u);
  EXPECT_EQ(bucket(r), "hang tex");
  EXPECT_EQ(rg_report_next(&pos, &line, &r, why, sizeof why), 0);
}

}  // namespace
