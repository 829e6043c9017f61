// SPDX-License-Identifier: Apache-2.0
// The predictor API (cosim/include/spagm/predictor.h, docs/predictor.md):
// predictions parked by tag (DESIGN §3), the port-contract comparison and
// its reports, counters and summary, configuration words, backdoor state,
// and bad arguments (DESIGN §5: a status, never a crash).
//
// The "DUT" is a second golden model loaded through the model's public API
// (not through the predictor's configuration path), so a configuration word
// that landed in the wrong place shows as a mismatch.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "asm_word.h"
#include "spagm/predictor.h"
#include "spagm/spagm.h"
#include "spagm/txn_pack.h"
#include "spagm/statemap.h"
#include "spagm/stim/stim.h"

// The report prints at most this many difference lines (cosim/compare.h).
#define SPAGM_COMPARE_LINES_FOR_TEST 6

namespace {

uint64_t word(const char *text) { return asm_word(text); }

// A PIXLD-ready request: every lane active, coverage and sample per lane.
spagm_request pix_request(uint32_t tag, const char *text) {
  spagm_request r;
  spagm_request_init(&r);
  r.tag = tag;
  r.insn = word(text);
  r.lane_mask = 0xFFFFFFFFu;
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    r.coverage[l] = static_cast<uint16_t>(0x1111u * (l % 7) + l);
    r.sample[l] = static_cast<uint8_t>(l % 16);
    r.a[0][l] = l % 5;
  }
  return r;
}

struct PredictorDeleter {
  void operator()(spagm_predictor *p) const { spagm_predictor_free(p); }
};
using Pred = std::unique_ptr<spagm_predictor, PredictorDeleter>;

Pred make(spagm_unit u, uint64_t seed = 42) {
  spagm_diag d{};
  Pred p(spagm_predictor_new(u, seed, &d));
  EXPECT_NE(p, nullptr) << d.msg;
  return p;
}

// Pixel unit: PS, 4 samples, standard positions, given to the predictor as
// configuration words (docs/port-contract.md) and to the DUT model through
// pix.h / attr.h.
class PixPredictor : public ::testing::Test {
 protected:
  void SetUp() override {
    p_ = make(SPAGM_UNIT_PIX);
    dut_ = spagm_model_new();
    // [predictor_cfg] the API reference's example (spagm/predictor.h)
    spagm_diag d{};
    ASSERT_EQ(spagm_predictor_cfg_write(p_.get(), 0x00, SPAGM_STAGE_PS, &d), SPAGM_OK) << d.msg;
    ASSERT_EQ(spagm_predictor_cfg_write(p_.get(), 0x04, 4, &d), SPAGM_OK) << d.msg;
    ASSERT_EQ(spagm_predictor_cfg_write(p_.get(), 0x08, 0, &d), SPAGM_OK) << d.msg;
    // [predictor_cfg]
    ASSERT_EQ(spagm_attr_set_stage(dut_, SPAGM_STAGE_PS, nullptr), SPAGM_OK);
    ASSERT_EQ(spagm_pix_set_samples(dut_, 4, nullptr), SPAGM_OK);
  }
  void TearDown() override { spagm_model_free(dut_); }

  // What the DUT answers.
  spagm_response dut(const spagm_request &r) {
    spagm_response rsp;
    EXPECT_EQ(spagm_execute(dut_, &r, &rsp), SPAGM_OK);
    return rsp;
  }
  void predict(const spagm_request &r) {
    spagm_diag d{};
    ASSERT_EQ(spagm_predictor_predict(p_.get(), &r, nullptr, &d), SPAGM_OK) << d.msg;
  }
  // Check and return the report; diffs into *n.
  std::string check(const spagm_response &rsp, unsigned *n) {
    const char *rep = nullptr;
    EXPECT_EQ(spagm_predictor_check(p_.get(), &rsp, n, &rep), SPAGM_OK);
    return rep ? rep : "(null)";
  }
  spagm_predictor_counts counts() {
    spagm_predictor_counts c;
    EXPECT_EQ(spagm_predictor_get_counts(p_.get(), &c), SPAGM_OK);
    return c;
  }

  Pred p_;
  spagm_model *dut_ = nullptr;
};

TEST_F(PixPredictor, Predictor_MatchingResponse_Passes_PortContract) {
  // [predictor_predict_check] the API reference's example (spagm/predictor.h)
  spagm_request r = pix_request(7, "PIXLD.COVMASK R2;");
  spagm_response want;
  ASSERT_EQ(spagm_predictor_predict(p_.get(), &r, &want, nullptr), SPAGM_OK);
  spagm_response got = dut(r);
  // [predictor_predict_check]
  EXPECT_EQ(want.tag, 7u);
  EXPECT_EQ(want.wb_reg[0], 2u);
  EXPECT_EQ(want.wb_value[0][3], got.wb_value[0][3]);
  unsigned n = 99;
  EXPECT_EQ(check(got, &n), "");
  EXPECT_EQ(n, 0u);
  spagm_predictor_counts c = counts();
  EXPECT_EQ(c.predicted, 1u);
  EXPECT_EQ(c.checked, 1u);
  EXPECT_EQ(c.matched, 1u);
  EXPECT_EQ(c.outstanding, 0u);
  EXPECT_EQ(spagm_predictor_failures(p_.get()), 0u);
}

TEST_F(PixPredictor, Predictor_WrongLaneValue_ReportNamesFieldLaneAndRule_PortContract) {
  spagm_request r = pix_request(23, "PIXLD.COVMASK R2;");
  predict(r);
  spagm_response got = dut(r);
  got.wb_value[0][5] ^= 0x100u;  // a coverage bit at or above the count (R13)
  unsigned n = 0;
  std::string rep = check(got, &n);
  EXPECT_EQ(n, 1u);
  EXPECT_NE(rep.find("MISMATCH pix tag 23 (pix, seed 42, prediction #1)"), std::string::npos)
      << rep;
  EXPECT_NE(rep.find("stage PS, 4 samples, standard positions, SSAA off"), std::string::npos)
      << rep;
  EXPECT_NE(rep.find("PIXLD.COVMASK R2"), std::string::npos) << rep;
  EXPECT_NE(rep.find("lanes 0xffffffff"), std::string::npos) << rep;
  EXPECT_NE(rep.find("R2 (slot 0) lane 5: expected 0x"), std::string::npos) << rep;
  EXPECT_NE(rep.find("model: PIXLD"), std::string::npos) << rep;
  EXPECT_EQ(counts().mismatched, 1u);
  EXPECT_EQ(spagm_predictor_failures(p_.get()), 1u);
}

TEST_F(PixPredictor, Predictor_EachComparedField_IsReported_PortContract) {
  struct Case {
    const char *name;
    const char *insn;
    void (*corrupt)(spagm_response &);
    const char *text;
  } cases[] = {
      {"fault", "PIXLD.COVMASK R2;",
       [](spagm_response &x) { x.fault = SPAGM_FAULT_ILLEGAL_INSTR_ENCODING; }, "fault: expected"},
      {"wb_valid", "PIXLD.COVMASK R2;", [](spagm_response &x) { x.wb_valid[0] ^= 1u; },
       "write-back slot 0 (R2) lanes written"},
      {"wb_reg", "PIXLD.COVMASK R2;", [](spagm_response &x) { x.wb_reg[0] = 3; },
       "expected register R2, got R3"},
      {"pd_written", "PIXLD.COVERED R4, P1, [1];", [](spagm_response &x) { x.pd_written ^= 4u; },
       "predicate lanes written"},
      {"pd_value", "PIXLD.COVERED R4, P1, [1];", [](spagm_response &x) { x.pd_value ^= 4u; },
       "P1: expected lanes"},
      {"st_mask", "PIXLD.COVMASK R2;", [](spagm_response &x) { x.st_mask[1] = 1u; },
       "store component 1 lanes"},
  };
  uint32_t tag = 100;
  for (const Case &k : cases) {
    spagm_request r = pix_request(tag++, k.insn);
    predict(r);
    spagm_response got = dut(r);
    k.corrupt(got);
    unsigned n = 0;
    std::string rep = check(got, &n);
    EXPECT_GE(n, 1u) << k.name;
    EXPECT_NE(rep.find(k.text), std::string::npos) << k.name << "\n" << rep;
  }
}

// N274: a write-back slot with no lane written writes nothing, so its
// register number is don't-care (docs/port-contract.md, "What is
// compared"), though the model fills it (Rd with no active lane, N58; RZ
// for Rd = RZ, N50). The comparator shared by the predictor and
// spagm-cosim must not flag another number there, and must still flag it
// as soon as one lane is written.
TEST_F(PixPredictor, Predictor_WbRegOfSlotWithNoLaneWritten_IsDontCare) {
  struct Case {
    const char *insn;
    uint32_t lanes;
    unsigned slot;
    unsigned want_reg;
  } cases[] = {
      {"PIXLD.COVMASK R2;", 0u, 0, 2u},               // Rd named, no active lane (N58)
      {"PIXLD.COVERED RZ, P1, [1];", ~0u, 0, 255u},   // Rd = RZ, slot 0 unused (N50)
      {"PIXLD.COVMASK R2;", ~0u, 3, 255u},            // a slot PIXLD never uses
  };
  uint32_t tag = 300;
  for (const Case &k : cases) {
    spagm_request r = pix_request(tag++, k.insn);
    r.lane_mask = k.lanes;
    spagm_response want;
    ASSERT_EQ(spagm_predictor_predict(p_.get(), &r, &want, nullptr), SPAGM_OK);
    ASSERT_EQ(want.wb_valid[k.slot], 0u) << k.insn;
    ASSERT_EQ(want.wb_reg[k.slot], k.want_reg) << k.insn;
    spagm_response got = dut(r);
    got.wb_reg[k.slot] = 7;  // another register: nothing is written to it
    unsigned n = 9;
    EXPECT_EQ(check(got, &n), "") << k.insn;
    EXPECT_EQ(n, 0u) << k.insn;
  }
  // The same number on a slot with one written lane is a mismatch.
  spagm_request r = pix_request(tag, "PIXLD.COVMASK R2;");
  r.lane_mask = 1u;
  predict(r);
  spagm_response got = dut(r);
  ASSERT_EQ(got.wb_valid[0], 1u);
  got.wb_reg[0] = 7;
  unsigned n = 0;
  EXPECT_NE(check(got, &n).find("expected register R2, got R7"), std::string::npos);
  EXPECT_EQ(n, 1u);
}

TEST_F(PixPredictor, Predictor_DontCareBits_AreNotCompared_DESIGN3) {
  // 16 samples: PIXLD.OFFSET is don't-care in every bit (R14).
  ASSERT_EQ(spagm_predictor_cfg_write(p_.get(), 0x04, 16, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_pix_set_samples(dut_, 16, nullptr), SPAGM_OK);
  spagm_request r = pix_request(1, "PIXLD.OFFSET R0, [3];");
  spagm_response want;
  ASSERT_EQ(spagm_predictor_predict(p_.get(), &r, &want, nullptr), SPAGM_OK);
  EXPECT_EQ(want.wb_dontcare[0][0], 0xFFFFFFFFu);
  spagm_response got = dut(r);
  for (unsigned l = 0; l < SPAGM_LANES; l++) got.wb_value[0][l] ^= 0xDEADBEEFu;
  unsigned n = 9;
  EXPECT_EQ(check(got, &n), "");
  EXPECT_EQ(n, 0u);
}

TEST_F(PixPredictor, Predictor_OutOfOrderTags_MatchByTag_DESIGN3) {
  const char *texts[] = {"PIXLD.COVMASK R2;", "PIXLD.OFFSET R0, [1];",
                         "PIXLD.COVERED R4, P1, [R8+1];", "PIXLD.MSCOUNT R9;"};
  std::vector<spagm_response> rsp;
  for (uint32_t i = 0; i < 4; i++) {
    spagm_request r = pix_request(1000 + 7 * i, texts[i]);
    predict(r);
    rsp.push_back(dut(r));
  }
  EXPECT_EQ(counts().outstanding, 4u);
  for (unsigned i : {2u, 0u, 3u, 1u}) {
    unsigned n = 9;
    EXPECT_EQ(check(rsp[i], &n), "") << "tag " << rsp[i].tag;
    EXPECT_EQ(n, 0u);
  }
  EXPECT_EQ(counts().matched, 4u);
  EXPECT_EQ(counts().outstanding, 0u);
}

// The packed wire form: equal words, equal responses (no struct padding).
std::vector<uint32_t> packed(const spagm_response &r) {
  std::vector<uint32_t> w(SPAGM_RESPONSE_WORDS);
  spagm_response_pack(&r, w.data());
  return w;
}

TEST_F(PixPredictor, Predictor_CheckExpected_GivesThatTagsPrediction) {
  // Three tags in flight, one with don't-care bits (16 samples: PIXLD.OFFSET,
  // R14), answered out of order and wrong: each check hands back the
  // prediction of its own tag, masks included, before the tag is retired.
  ASSERT_EQ(spagm_predictor_cfg_write(p_.get(), 0x04, 16, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_pix_set_samples(dut_, 16, nullptr), SPAGM_OK);
  const char *texts[] = {"PIXLD.COVMASK R2;", "PIXLD.OFFSET R0, [1];", "PIXLD.MSCOUNT R9;"};
  std::vector<spagm_response> want(3), got(3);
  for (uint32_t i = 0; i < 3; i++) {
    spagm_request r = pix_request(40 + i, texts[i]);
    ASSERT_EQ(spagm_predictor_predict(p_.get(), &r, &want[i], nullptr), SPAGM_OK);
    got[i] = dut(r);
    got[i].wb_value[0][3] ^= 0x1u;
  }
  EXPECT_EQ(want[1].wb_dontcare[0][0], 0xFFFFFFFFu);
  for (unsigned i : {2u, 0u, 1u}) {
    spagm_response e;
    unsigned n = 0;
    const char *rep = nullptr;
    ASSERT_EQ(spagm_predictor_check_expected(p_.get(), &got[i], &n, &rep, &e), SPAGM_OK);
    EXPECT_EQ(packed(e), packed(want[i])) << "tag " << got[i].tag;
    EXPECT_EQ(n, i == 1 ? 0u : 1u) << rep;  // OFFSET: every bit don't-care
  }
  // Retired: the same tag again has nothing to expect, a cleared response.
  spagm_response e, cleared;
  spagm_response_init(&cleared, 41);
  unsigned n = 0;
  ASSERT_EQ(spagm_predictor_check_expected(p_.get(), &got[1], &n, nullptr, &e), SPAGM_OK);
  EXPECT_EQ(n, 1u);
  EXPECT_EQ(packed(e), packed(cleared));
  EXPECT_EQ(counts().unknown, 1u);
}

// A 4-state response (N377): an unknown bit where the port contract
// compares is a mismatch even when the bit read as 0 would be right; the
// report names slot, lane and rule and says how many bits were unknown.
TEST_F(PixPredictor, Predictor_UnknownBitInsideComparedBits_IsAMismatch) {
  spagm_request r = pix_request(60, "PIXLD.COVMASK R2;");
  spagm_response want;
  ASSERT_EQ(spagm_predictor_predict(p_.get(), &r, &want, nullptr), SPAGM_OK);
  ASSERT_EQ(want.wb_valid[0] & (1u << 5), 1u << 5);
  spagm_response got = dut(r), unknown;
  memset(&unknown, 0, sizeof unknown);
  unknown.wb_value[0][5] = 1u << 9;
  got.wb_value[0][5] &= ~(1u << 9);  // X read as 0: the value 0 the model expects there
  ASSERT_EQ(want.wb_value[0][5] & (1u << 9), 0u);
  std::vector<uint32_t> bits = packed(unknown);
  unsigned highest = 0;
  for (unsigned w = 0; w < bits.size(); w++)
    for (unsigned b = 0; b < 32; b++)
      if (bits[w] >> b & 1u) highest = 32 * w + b;
  unsigned n = 0;
  const char *rep = nullptr;
  spagm_response e;
  ASSERT_EQ(spagm_predictor_check_unknown(p_.get(), &got, &unknown, &n, &rep, &e), SPAGM_OK);
  std::string text = rep;
  EXPECT_EQ(n, 1u) << text;
  EXPECT_NE(text.find("R2 (slot 0) lane 5: expected 0x"), std::string::npos) << text;
  EXPECT_NE(text.find("model: PIXLD"), std::string::npos) << text;
  EXPECT_NE(text.find("X/Z: 1 unknown bit(s) where the port contract compares (the highest at "
                      "rsp bit " + std::to_string(highest) + ")"),
            std::string::npos)
      << text;
  EXPECT_EQ(packed(e), packed(want));
  EXPECT_EQ(counts().mismatched, 1u);
  EXPECT_EQ(spagm_predictor_failures(p_.get()), 1u);
  const spagm_predictor_diff *d = nullptr;
  ASSERT_EQ(spagm_predictor_diffs(p_.get(), &d), 1u);
  EXPECT_EQ(d[0].field, SPAGM_DIFF_WB_VALUE);
  EXPECT_EQ(d[0].lane, 5);
}

TEST_F(PixPredictor, Predictor_UnknownBitOutsideComparedBits_IsDontCare) {
  spagm_request r = pix_request(61, "PIXLD.COVMASK R2;");
  predict(r);
  spagm_response got = dut(r), unknown;
  memset(&unknown, 0, sizeof unknown);
  ASSERT_EQ(got.wb_valid[3], 0u);
  for (unsigned l = 0; l < SPAGM_LANES; l++) unknown.wb_value[3][l] = 0xFFFFFFFFu;  // unused slot
  unknown.wb_reg[3] = 0xFFu;
  unknown.st_data[0][0] = 0xFFFFFFFFu;  // nothing stored
  unsigned n = 9;
  const char *rep = nullptr;
  ASSERT_EQ(spagm_predictor_check_unknown(p_.get(), &got, &unknown, &n, &rep, nullptr), SPAGM_OK);
  EXPECT_EQ(n, 0u) << rep;
  EXPECT_STREQ(rep, "");
  EXPECT_EQ(spagm_predictor_failures(p_.get()), 0u);
}

TEST_F(PixPredictor, Predictor_ResponseUnderAnotherTag_IsCompared_WithThatTag_DESIGN3) {
  spagm_request a = pix_request(1, "PIXLD.COVMASK R2;");
  spagm_request b = pix_request(2, "PIXLD.OFFSET R0, [1];");
  predict(a);
  predict(b);
  spagm_response ra = dut(a);
  ra.tag = 2;  // the DUT answered tag 2 with tag 1's result
  unsigned n = 0;
  std::string rep = check(ra, &n);
  EXPECT_GT(n, 0u);
  EXPECT_NE(rep.find("MISMATCH pix tag 2"), std::string::npos) << rep;
  EXPECT_NE(rep.find("PIXLD.OFFSET"), std::string::npos) << rep;
}

TEST_F(PixPredictor, Predictor_ManyTagsInFlight_GrowAndMatch_DESIGN3) {
  // More than the initial pool, tags that differ only in their high bits,
  // answered newest first.
  std::vector<spagm_response> rsp;
  for (uint32_t i = 0; i < 300; i++) {
    spagm_request r = pix_request(i << 23, "PIXLD.COVMASK R2;");
    r.coverage[0] = static_cast<uint16_t>(i);
    predict(r);
    rsp.push_back(dut(r));
  }
  for (size_t i = rsp.size(); i-- > 0;) {
    unsigned n = 9;
    EXPECT_EQ(check(rsp[i], &n), "");
    EXPECT_EQ(n, 0u);
  }
  EXPECT_EQ(counts().matched, 300u);
  EXPECT_EQ(counts().unknown, 0u);
}

TEST_F(PixPredictor, Predictor_UnknownTag_IsAFailure_DESIGN3) {
  spagm_request r = pix_request(5, "PIXLD.COVMASK R2;");
  predict(r);
  spagm_response got = dut(r);
  got.tag = 6;
  unsigned n = 0;
  std::string rep = check(got, &n);
  EXPECT_EQ(n, 1u);
  EXPECT_NE(rep.find("MISMATCH pix: response with tag 6 (pix, seed 42) matches no outstanding"), std::string::npos) << rep;
  EXPECT_NE(rep.find("seed 42"), std::string::npos) << rep;
  // Answering the same tag twice: the second has nothing to match.
  got.tag = 5;
  EXPECT_EQ(check(got, &n), "");
  rep = check(got, &n);
  EXPECT_EQ(n, 1u);
  EXPECT_NE(rep.find("MISMATCH pix: response with tag 5"), std::string::npos) << rep;
  spagm_predictor_counts c = counts();
  EXPECT_EQ(c.unknown, 2u);
  EXPECT_EQ(c.matched, 1u);
  EXPECT_EQ(spagm_predictor_failures(p_.get()), 2u);
}

TEST_F(PixPredictor, Predictor_NeverAnswered_FailsInSummary_DESIGN3) {
  spagm_request a = pix_request(11, "PIXLD.COVMASK R2;");
  spagm_request b = pix_request(12, "PIXLD.MSCOUNT R3;");
  predict(a);
  predict(b);
  unsigned n = 9;
  EXPECT_EQ(check(dut(a), &n), "");
  std::string s = spagm_predictor_summary(p_.get());
  EXPECT_NE(s.find("== spagm predictor pix: pix unit, seed 42 =="), std::string::npos) << s;
  EXPECT_NE(s.find("predicted 2, checked 1, matched 1, mismatched 0, outstanding 1"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("never answered: tag 12 (prediction #2)"), std::string::npos) << s;
  EXPECT_NE(s.find("PIXLD.MSCOUNT R3"), std::string::npos) << s;
  EXPECT_NE(s.find("spagm predictor pix: 1 passed, 1 failed\n"), std::string::npos) << s;
  EXPECT_EQ(spagm_predictor_failures(p_.get()), 1u);
}

TEST_F(PixPredictor, Predictor_DuplicateOutstandingTag_IsAnError_DESIGN3) {
  spagm_request a = pix_request(3, "PIXLD.COVMASK R2;");
  spagm_request b = pix_request(3, "PIXLD.MSCOUNT R3;");
  predict(a);
  spagm_diag d{};
  EXPECT_EQ(spagm_predictor_predict(p_.get(), &b, nullptr, &d), SPAGM_E_STATE);
  EXPECT_NE(std::string(d.msg).find("tag 3 predicted again"), std::string::npos) << d.msg;
  unsigned n = 9;
  EXPECT_EQ(check(dut(b), &n), "");  // the newer prediction is kept
  spagm_predictor_counts c = counts();
  EXPECT_EQ(c.duplicate, 1u);
  EXPECT_EQ(c.outstanding, 0u);
  EXPECT_EQ(spagm_predictor_failures(p_.get()), 1u);
}

TEST_F(PixPredictor, Predictor_SummaryPassedLine_AllMatched) {
  for (uint32_t t = 0; t < 10; t++) {
    spagm_request r = pix_request(t, "PIXLD.COVERED R4, P1, [R8+1];");
    predict(r);
    unsigned n = 9;
    check(dut(r), &n);
  }
  std::string s = spagm_predictor_summary(p_.get());
  EXPECT_NE(s.find("spagm predictor pix: 10 passed, 0 failed\n"), std::string::npos) << s;
  ASSERT_EQ(spagm_predictor_set_name(p_.get(), "tb.u_pix0"), SPAGM_OK);
  s = spagm_predictor_summary(p_.get());
  EXPECT_NE(s.find("spagm predictor tb.u_pix0: 10 passed, 0 failed"), std::string::npos) << s;
}

TEST_F(PixPredictor, Predictor_OtherUnitsWord_PredictsIllegal_PortContract) {
  spagm_request r = pix_request(4, "PIXLD.COVMASK R2;");
  r.insn = word("ALD R0, a[0x10];");
  r.lane_mask = 0x00FF00FFu;
  spagm_response want;
  ASSERT_EQ(spagm_predictor_predict(p_.get(), &r, &want, nullptr), SPAGM_OK);
  EXPECT_EQ(want.fault, SPAGM_FAULT_ILLEGAL_INSTR_ENCODING);
  EXPECT_EQ(want.fault_lanes, 0x00FF00FFu);
  EXPECT_EQ(want.wb_valid[0], 0u);
  // A DUT that executes it anyway is caught, and the report says why.
  spagm_response got;
  spagm_response_init(&got, 4);
  unsigned n = 0;
  std::string rep = check(got, &n);
  EXPECT_EQ(n, 1u);
  EXPECT_NE(rep.find("not an instruction of the pix unit"), std::string::npos) << rep;
  EXPECT_NE(rep.find("fault: expected ILLEGAL_INSTR_ENCODING"), std::string::npos) << rep;
}

TEST_F(PixPredictor, Predictor_Reset_DiscardsOutstandingAndState) {
  predict(pix_request(1, "PIXLD.COVMASK R2;"));
  ASSERT_EQ(spagm_predictor_reset(p_.get()), SPAGM_OK);
  spagm_predictor_counts c = counts();
  EXPECT_EQ(c.outstanding, 0u);
  EXPECT_EQ(c.discarded, 1u);
  uint32_t v = 0;
  ASSERT_EQ(spagm_predictor_cfg_read(p_.get(), 0x04, &v, nullptr), SPAGM_OK);
  EXPECT_EQ(v, 1u);  // power-on: one sample
  ASSERT_EQ(spagm_predictor_cfg_read(p_.get(), 0x00, &v, nullptr), SPAGM_OK);
  EXPECT_EQ(v, static_cast<uint32_t>(SPAGM_STAGE_VSA));
  EXPECT_EQ(spagm_predictor_failures(p_.get()), 0u);
  // The response of the discarded request is now unknown.
  unsigned n = 0;
  spagm_response got;
  spagm_response_init(&got, 1);
  check(got, &n);
  EXPECT_EQ(n, 1u);
}

TEST(Predictor, Predictor_CfgWords_FollowThePortContractMap) {
  Pred p = make(SPAGM_UNIT_PIX);
  spagm_diag d{};
  // Pixel registers (docs/port-contract.md): programmable sample 3 at
  // (-2, 5) = x 0xE in [3:0], y 0x5 in [7:4].
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x08, 1, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x4C, 0x5E, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x0C, 1, &d), SPAGM_OK) << d.msg;
  spagm_raster_config rc;
  ASSERT_EQ(spagm_pix_get_config(spagm_predictor_model(p.get()), &rc, nullptr), SPAGM_OK);
  EXPECT_EQ(rc.positions, SPAGM_PIX_POSITIONS_PROGRAMMABLE);
  EXPECT_EQ(rc.table[3].x, -2);
  EXPECT_EQ(rc.table[3].y, 5);
  EXPECT_TRUE(rc.ssaa);
  uint32_t v = 0;
  ASSERT_EQ(spagm_predictor_cfg_read(p.get(), 0x4C, &v, &d), SPAGM_OK);
  EXPECT_EQ(v, 0x5Eu);
  // Words a register cannot hold, and addresses outside the map: ignored
  // (PredictorPortContract below), in strict mode refused.
  ASSERT_EQ(spagm_predictor_set_strict(p.get(), true), SPAGM_OK);
  EXPECT_EQ(spagm_predictor_cfg_write(p.get(), 0x04, 3, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_cfg_write(p.get(), 0x200, 1, &d), SPAGM_E_ARG);
  EXPECT_NE(d.msg[0], '\0');
  EXPECT_EQ(spagm_predictor_cfg_read(p.get(), 0x200, &v, &d), SPAGM_E_ARG);
  // The two configuration choices (N350-N352): offset format, sample order.
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x10, 1, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x14, 1, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_pix_get_config(spagm_predictor_model(p.get()), &rc, nullptr), SPAGM_OK);
  EXPECT_EQ(rc.offset_format, SPAGM_PIX_OFFSET_S012);
  EXPECT_EQ(rc.order, SPAGM_PIX_ORDER_NVIDIA);
  EXPECT_EQ(spagm_predictor_cfg_write(p.get(), 0x14, 2, &d), SPAGM_E_ARG);
  ASSERT_EQ(spagm_predictor_cfg_read(p.get(), 0x14, &v, &d), SPAGM_OK);
  EXPECT_EQ(v, 1u);
  ASSERT_EQ(spagm_predictor_set_strict(p.get(), false), SPAGM_OK);

  // Attribute unit: registers and an ISBE word land where attr.h says.
  Pred a = make(SPAGM_UNIT_ATTR);
  ASSERT_EQ(spagm_predictor_cfg_write(a.get(), 0x040, 1, &d), SPAGM_OK) << d.msg;  // clear
  ASSERT_EQ(spagm_predictor_cfg_write(a.get(), 0x000, SPAGM_STAGE_GS, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_predictor_cfg_write(a.get(), 0x00C, 64, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_predictor_cfg_write(a.get(), 0x20000100u, 0x12345678u, &d), SPAGM_OK);
  spagm_attr_config ac;
  ASSERT_EQ(spagm_attr_get_config(spagm_predictor_model(a.get()), &ac, nullptr), SPAGM_OK);
  EXPECT_EQ(ac.stage, SPAGM_STAGE_GS);
  EXPECT_EQ(ac.vertex_count, 64u);
  ASSERT_EQ(spagm_attr_read32(spagm_predictor_model(a.get()), SPAGM_SPACE_ISBE_OUT, 0x100, &v,
                              nullptr),
            SPAGM_OK);
  EXPECT_EQ(v, 0x12345678u);
  EXPECT_EQ(spagm_predictor_cfg_write(a.get(), 0x00C, 999, &d), SPAGM_OK);  // ignored
  ASSERT_EQ(spagm_attr_get_config(spagm_predictor_model(a.get()), &ac, nullptr), SPAGM_OK);
  EXPECT_EQ(ac.vertex_count, 64u);

  // Texture unit: the selected constant bank's word.
  Pred t = make(SPAGM_UNIT_TEX);
  ASSERT_EQ(spagm_predictor_cfg_write(t.get(), 0x004, 3, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_predictor_cfg_write(t.get(), 0x10000010u, 0xABCDEu, &d), SPAGM_OK) << d.msg;
  ASSERT_EQ(spagm_tex_get_cbank_word(spagm_predictor_model(t.get()), 3, 4, &v), SPAGM_OK);
  EXPECT_EQ(v, 0xABCDEu);
}

// Per unit: a whole epoch of the stimulus generator, the DUT model loaded
// by the stimulus, the predictor loaded only through configuration words
// (spagm_statemap_load_list of the same state) plus, for the texture unit,
// texture memory through the backdoor. Every response matches; corrupted
// ones are caught.
class PredictorPerUnit : public ::testing::TestWithParam<spagm_unit> {};

TEST_P(PredictorPerUnit, Predictor_CfgWordsAndBackdoor_PredictEveryStimulusRequest) {
  spagm_unit u = GetParam();
  spagm_stim_opts so;
  spagm_stim_opts_default(&so);
  so.seed = 3;
  so.units = 1u << u;
  so.epoch_txns = 400;
  spagm_diag d{};
  spagm_stim *st = spagm_stim_new(&so, &d);
  ASSERT_NE(st, nullptr) << d.msg;
  spagm_model *dut = spagm_model_new();
  ASSERT_EQ(spagm_stim_begin_epoch(st, 0, dut, &d), SPAGM_OK) << d.msg;
  Pred p = make(u, 3);
  spagm_cfg_list cfg{};
  ASSERT_EQ(spagm_statemap_load_list(dut, u, &cfg), SPAGM_OK);
  for (size_t i = 0; i < cfg.n; i++)
    ASSERT_EQ(spagm_predictor_cfg_write(p.get(), cfg.w[i].addr, cfg.w[i].data, &d), SPAGM_OK)
        << std::hex << cfg.w[i].addr << ": " << d.msg;
  spagm_cfg_list_free(&cfg);
  if (u == SPAGM_UNIT_TEX) {
    spagm_mem_list mem{};
    ASSERT_EQ(spagm_statemap_memory_list(dut, u, &mem), SPAGM_OK);
    for (size_t i = 0; i < mem.n; i++) {
      uint8_t b[4];
      memcpy(b, &mem.w[i].data, 4);  // little-endian host, as the tests assume
      ASSERT_EQ(spagm_tex_mem_write(spagm_predictor_model(p.get()), mem.w[i].va, b, 4),
                SPAGM_OK);
    }
    spagm_mem_list_free(&mem);
  }
  spagm_request req;
  unsigned k = 0, corrupted = 0;
  while (spagm_stim_next(st, u, &req)) {
    ASSERT_EQ(spagm_predictor_predict(p.get(), &req, nullptr, &d), SPAGM_OK) << d.msg;
    spagm_response rsp;
    ASSERT_EQ(spagm_execute(dut, &req, &rsp), SPAGM_OK);
    if (++k % 50 == 0) {
      rsp.fault_lanes ^= 1u;  // always compared exactly
      corrupted++;
    }
    unsigned n = 9;
    const char *rep = nullptr;
    ASSERT_EQ(spagm_predictor_check(p.get(), &rsp, &n, &rep), SPAGM_OK);
    if (k % 50 == 0) {
      EXPECT_GT(n, 0u);
      EXPECT_NE(std::string(rep).find(std::string("MISMATCH ") + spagm_unit_name(u)),
                std::string::npos);
    } else {
      EXPECT_EQ(n, 0u) << rep;
    }
  }
  spagm_predictor_counts c;
  ASSERT_EQ(spagm_predictor_get_counts(p.get(), &c), SPAGM_OK);
  EXPECT_EQ(c.predicted, k);
  EXPECT_EQ(c.mismatched, corrupted);
  EXPECT_EQ(c.matched, k - corrupted);
  EXPECT_GE(k, 400u);
  spagm_model_free(dut);
  spagm_stim_free(st);
}

INSTANTIATE_TEST_SUITE_P(Units, PredictorPerUnit,
                         ::testing::Values(SPAGM_UNIT_ATTR, SPAGM_UNIT_PIX, SPAGM_UNIT_TEX),
                         [](const ::testing::TestParamInfo<spagm_unit> &i) {
                           return std::string(spagm_unit_name(i.param));
                         });

TEST(Predictor, Predictor_AttrBackdoor_SphAndVertexAttributes) {
  // A VS reading GENERIC[0].x of its input: the stage and maps come from
  // the backdoor, the attribute value through the R1 layout.
  Pred p = make(SPAGM_UNIT_ATTR);
  spagm_model *m = spagm_predictor_model(p.get());
  uint32_t imap[SPAGM_ATTR_MAP_WORDS] = {0}, omap_prev[SPAGM_ATTR_MAP_WORDS] = {0};
  imap[0x80 / 4 / 32] |= 1u << (0x80 / 4 % 32);
  omap_prev[0x80 / 4 / 32] |= 1u << (0x80 / 4 % 32);
  ASSERT_EQ(spagm_attr_set_map(m, SPAGM_MAP_IMAP, imap, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_attr_set_map(m, SPAGM_MAP_OMAP_PREV, omap_prev, nullptr), SPAGM_OK);
  for (unsigned v = 0; v < 32; v++)
    ASSERT_EQ(spagm_attr_set_vertex_attr(m, SPAGM_SPACE_ISBE_IN, v, 0x80, 0x1000 + v, true,
                                         nullptr),
              SPAGM_OK);
  spagm_request r;
  spagm_request_init(&r);
  r.tag = 9;
  r.insn = word("ALD R0, a[0x80];");
  r.lane_mask = 0xFFFFFFFFu;
  for (unsigned l = 0; l < SPAGM_LANES; l++) r.vertex[l] = l;
  spagm_response want;
  ASSERT_EQ(spagm_predictor_predict(p.get(), &r, &want, nullptr), SPAGM_OK);
  EXPECT_EQ(want.fault, SPAGM_FAULT_NONE);
  EXPECT_EQ(want.wb_value[0][7], 0x1007u);
}

TEST(Predictor, Predictor_SeveralInstances_HaveTheirOwnState_DESIGN5) {
  Pred a = make(SPAGM_UNIT_PIX, 1), b = make(SPAGM_UNIT_PIX, 2);
  for (spagm_predictor *p : {a.get(), b.get()})
    ASSERT_EQ(spagm_predictor_cfg_write(p, 0x00, SPAGM_STAGE_PS, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_predictor_cfg_write(a.get(), 0x04, 2, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_predictor_cfg_write(b.get(), 0x04, 8, nullptr), SPAGM_OK);
  spagm_request r = pix_request(1, "PIXLD.MSCOUNT R0;");
  spagm_response ra, rb;
  ASSERT_EQ(spagm_predictor_predict(a.get(), &r, &ra, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_predictor_predict(b.get(), &r, &rb, nullptr), SPAGM_OK);
  EXPECT_EQ(ra.wb_value[0][0], 2u);
  EXPECT_EQ(rb.wb_value[0][0], 8u);
  EXPECT_EQ(spagm_predictor_seed(a.get()), 1u);
  EXPECT_EQ(spagm_predictor_seed(b.get()), 2u);
  EXPECT_EQ(spagm_predictor_unit(a.get()), SPAGM_UNIT_PIX);
}

TEST(Predictor, Predictor_BadUnit_IsRejected_DESIGN5) {
  spagm_diag d{};
  EXPECT_EQ(spagm_predictor_new(static_cast<spagm_unit>(3), 1, &d), nullptr);
  EXPECT_NE(std::string(d.msg).find("unit 3"), std::string::npos) << d.msg;
  EXPECT_EQ(spagm_predictor_new(static_cast<spagm_unit>(-1), 1, nullptr), nullptr);
  spagm_unit u = SPAGM_UNIT_COUNT;
  EXPECT_EQ(spagm_predictor_unit_by_name("tex", &u), SPAGM_OK);
  EXPECT_EQ(u, SPAGM_UNIT_TEX);
  EXPECT_EQ(spagm_predictor_unit_by_name("texture", &u), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_unit_by_name(nullptr, &u), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_unit_by_name("pix", nullptr), SPAGM_E_ARG);
}

TEST(Predictor, Predictor_NullArguments_GetAStatusNeverACrash_DESIGN5) {
  spagm_diag d{};
  spagm_request req;
  spagm_request_init(&req);
  spagm_response rsp;
  spagm_response_init(&rsp, 0);
  spagm_predictor_counts c;
  uint32_t v;
  unsigned n = 0;
  const char *rep = nullptr;
  // A NULL predictor everywhere.
  spagm_predictor_free(nullptr);
  EXPECT_EQ(spagm_predictor_set_name(nullptr, "x"), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_unit(nullptr), SPAGM_UNIT_COUNT);
  EXPECT_EQ(spagm_predictor_seed(nullptr), 0u);
  EXPECT_EQ(spagm_predictor_model(nullptr), nullptr);
  EXPECT_EQ(spagm_predictor_cfg_write(nullptr, 0, 0, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_cfg_read(nullptr, 0, &v, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_reset(nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_predict(nullptr, &req, &rsp, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_check(nullptr, &rsp, &n, &rep), SPAGM_E_ARG);
  EXPECT_EQ(n, 1u);
  EXPECT_NE(std::string(rep).find("p is NULL"), std::string::npos);
  EXPECT_EQ(spagm_predictor_get_counts(nullptr, &c), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_failures(nullptr), 1u);
  EXPECT_NE(std::string(spagm_predictor_summary(nullptr)).find("1 failed"), std::string::npos);
  // NULL arguments of a real predictor.
  Pred p = make(SPAGM_UNIT_PIX);
  EXPECT_EQ(spagm_predictor_set_name(p.get(), nullptr), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_cfg_read(p.get(), 0, nullptr, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_predict(p.get(), nullptr, &rsp, &d), SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("req is NULL"), std::string::npos) << d.msg;
  EXPECT_EQ(spagm_predictor_check(p.get(), nullptr, &n, &rep), SPAGM_E_ARG);
  EXPECT_NE(std::string(rep).find("observed is NULL"), std::string::npos);
  EXPECT_EQ(spagm_predictor_get_counts(p.get(), nullptr), SPAGM_E_ARG);
  // Optional outputs left out.
  EXPECT_EQ(spagm_predictor_predict(p.get(), &req, nullptr, nullptr), SPAGM_OK);
  EXPECT_EQ(spagm_predictor_check(p.get(), &rsp, nullptr, nullptr), SPAGM_OK);
  EXPECT_EQ(spagm_predictor_cfg_write(p.get(), 0x200, 0, nullptr), SPAGM_OK);  // ignored
  EXPECT_EQ(spagm_predictor_set_strict(nullptr, true), SPAGM_E_ARG);
  EXPECT_FALSE(spagm_predictor_strict(nullptr));
  EXPECT_EQ(spagm_predictor_fail(nullptr, "x"), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_fail(p.get(), nullptr), SPAGM_E_ARG);
  uint8_t tic[32] = {0};
  EXPECT_EQ(spagm_predictor_tex_set_header(nullptr, 0, tic, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_tex_set_header(p.get(), 0, nullptr, &d), SPAGM_E_ARG);
  EXPECT_EQ(spagm_predictor_tex_set_header(p.get(), 0, tic, &d), SPAGM_E_ARG);  // pix unit
  ASSERT_EQ(spagm_predictor_get_counts(p.get(), &c), SPAGM_OK);
  EXPECT_EQ(c.predicted, 1u);
  EXPECT_EQ(c.checked, 1u);
}

}  // namespace

namespace {

// One epoch of the stimulus generator for unit u: the DUT model the
// stimulus loaded, and its requests.
struct Epoch {
  spagm_stim *st = nullptr;
  spagm_model *dut = nullptr;
  spagm_unit u;
  Epoch(spagm_unit unit, uint64_t seed, unsigned epoch = 0, unsigned txns = 200) : u(unit) {
    spagm_stim_opts so;
    spagm_stim_opts_default(&so);
    so.seed = seed;
    so.units = 1u << unit;
    so.epoch_txns = txns;
    spagm_diag d{};
    st = spagm_stim_new(&so, &d);
    EXPECT_NE(st, nullptr) << d.msg;
    dut = spagm_model_new();
    for (unsigned e = 0; e <= epoch; e++)
      EXPECT_EQ(spagm_stim_begin_epoch(st, e, dut, &d), SPAGM_OK) << d.msg;
  }
  ~Epoch() {
    spagm_model_free(dut);
    spagm_stim_free(st);
  }
  // The epoch's configuration words as the DUT gets them (illegal ones
  // included when the epoch has them).
  std::vector<spagm_cfg_word> cfg() {
    spagm_cfg_list l{};
    EXPECT_EQ(spagm_stim_load_list(st, dut, u, &l), SPAGM_OK);
    std::vector<spagm_cfg_word> w(l.w, l.w + l.n);
    spagm_cfg_list_free(&l);
    return w;
  }
  // Those words, each given to p: every call OK.
  void load_cfg(spagm_predictor *p) { load_cfg(p, cfg()); }
  void load_cfg(spagm_predictor *p, const std::vector<spagm_cfg_word> &words) {
    spagm_cfg_list cfg{const_cast<spagm_cfg_word *>(words.data()), words.size(), words.size()};
    for (size_t i = 0; i < cfg.n; i++) {
      spagm_diag d{};
      ASSERT_EQ(spagm_predictor_cfg_write(p, cfg.w[i].addr, cfg.w[i].data, &d), SPAGM_OK)
          << std::hex << cfg.w[i].addr << ": " << d.msg;
    }
  }
  // Texture memory through the backdoor (texture unit).
  void load_memory(spagm_predictor *p) {
    spagm_mem_list mem{};
    ASSERT_EQ(spagm_statemap_memory_list(dut, u, &mem), SPAGM_OK);
    for (size_t i = 0; i < mem.n; i++) {
      uint8_t b[4];
      memcpy(b, &mem.w[i].data, 4);
      ASSERT_EQ(spagm_tex_mem_write(spagm_predictor_model(p), mem.w[i].va, b, 4), SPAGM_OK);
    }
    spagm_mem_list_free(&mem);
  }
  // Every request predicted and answered by the DUT model; the number of
  // requests.
  unsigned run(spagm_predictor *p) {
    spagm_request req;
    unsigned k = 0;
    while (spagm_stim_next(st, u, &req)) {
      spagm_diag d{};
      EXPECT_EQ(spagm_predictor_predict(p, &req, nullptr, &d), SPAGM_OK) << d.msg;
      spagm_response rsp;
      EXPECT_EQ(spagm_execute(dut, &req, &rsp), SPAGM_OK);
      unsigned n = 9;
      const char *rep = nullptr;
      EXPECT_EQ(spagm_predictor_check(p, &rsp, &n, &rep), SPAGM_OK);
      EXPECT_EQ(n, 0u) << rep;
      k++;
    }
    return k;
  }
};

spagm_predictor_counts counts_of(spagm_predictor *p) {
  spagm_predictor_counts c;
  EXPECT_EQ(spagm_predictor_get_counts(p, &c), SPAGM_OK);
  return c;
}

// The number M of the summary's last line "... N passed, M failed".
uint64_t summary_failed(spagm_predictor *p) {
  std::string s = spagm_predictor_summary(p);
  size_t end = s.rfind(" failed\n");
  size_t start = s.rfind(", ", end);
  EXPECT_NE(end, std::string::npos) << s;
  return std::stoull(s.substr(start + 2, end - start - 2));
}

TEST(PredictorPortContract, IllegalWrite_IsIgnoredCountedAndNotAFailure) {
  Pred p = make(SPAGM_UNIT_PIX);
  spagm_diag d{};
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x04, 8, &d), SPAGM_OK);
  // A value the register cannot hold, an address of no word, a target with
  // no table: the state is unchanged and each call succeeds.
  EXPECT_EQ(spagm_predictor_cfg_write(p.get(), 0x04, 3, &d), SPAGM_OK);
  EXPECT_NE(std::string(d.msg).find("ignored"), std::string::npos) << d.msg;
  EXPECT_EQ(spagm_predictor_cfg_write(p.get(), 0x200, 1, &d), SPAGM_OK);
  EXPECT_EQ(spagm_predictor_cfg_write(p.get(), 0x70000000u, 1, &d), SPAGM_OK);
  uint32_t v = 0;
  ASSERT_EQ(spagm_predictor_cfg_read(p.get(), 0x04, &v, &d), SPAGM_OK);
  EXPECT_EQ(v, 8u);
  spagm_predictor_counts c = counts_of(p.get());
  EXPECT_EQ(c.ignored_writes, 3u);
  EXPECT_EQ(c.refused, 0u);
  EXPECT_EQ(spagm_predictor_failures(p.get()), 0u);
  std::string s = spagm_predictor_summary(p.get());
  EXPECT_NE(s.find("configuration port: 3 illegal writes ignored, 0 unmapped reads"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("ignored: write 0x00000004 = 0x00000003"), std::string::npos) << s;
  EXPECT_NE(s.find("0 passed, 0 failed\n"), std::string::npos) << s;
}

TEST(PredictorPortContract, UnmappedRead_ReturnsZeroAndIsCounted) {
  Pred p = make(SPAGM_UNIT_ATTR);
  uint32_t v = 0xDEADu;
  spagm_diag d{};
  EXPECT_EQ(spagm_predictor_cfg_read(p.get(), 0x00000F00u, &v, &d), SPAGM_OK);
  EXPECT_EQ(v, 0u);
  EXPECT_EQ(counts_of(p.get()).unmapped_reads, 1u);
  EXPECT_EQ(spagm_predictor_failures(p.get()), 0u);
}

TEST(PredictorPortContract, Strict_IllegalWriteAndUnmappedRead_AreFailures) {
  Pred p = make(SPAGM_UNIT_PIX);
  ASSERT_EQ(spagm_predictor_set_strict(p.get(), true), SPAGM_OK);
  EXPECT_TRUE(spagm_predictor_strict(p.get()));
  spagm_diag d{};
  EXPECT_EQ(spagm_predictor_cfg_write(p.get(), 0x04, 3, &d), SPAGM_E_ARG);
  EXPECT_NE(std::string(d.msg).find("strict"), std::string::npos) << d.msg;
  uint32_t v = 7;
  EXPECT_EQ(spagm_predictor_cfg_read(p.get(), 0x200, &v, &d), SPAGM_E_ARG);
  EXPECT_EQ(v, 0u);
  spagm_predictor_counts c = counts_of(p.get());
  EXPECT_EQ(c.refused, 2u);
  EXPECT_EQ(c.ignored_writes, 0u);
  EXPECT_EQ(spagm_predictor_failures(p.get()), 2u);
  std::string s = spagm_predictor_summary(p.get());
  EXPECT_NE(s.find("refused (a failure): write 0x00000004 = 0x00000003"), std::string::npos)
      << s;
  EXPECT_EQ(summary_failed(p.get()), 2u);
}

// The summary's "M failed" is failures(), whatever failed: a mismatch, an
// unknown tag, one never answered, a refused call, one the testbench adds.
TEST(PredictorPortContract, SummaryFailed_EqualsFailures) {
  Pred p = make(SPAGM_UNIT_PIX);
  spagm_model *dut = spagm_model_new();
  spagm_request r = pix_request(1, "PIXLD.COVMASK R2;");
  ASSERT_EQ(spagm_predictor_predict(p.get(), &r, nullptr, nullptr), SPAGM_OK);
  spagm_response got;
  ASSERT_EQ(spagm_execute(dut, &r, &got), SPAGM_OK);
  got.fault_lanes ^= 1u;  // always compared
  ASSERT_EQ(spagm_predictor_check(p.get(), &got, nullptr, nullptr), SPAGM_OK);
  got.tag = 99;
  ASSERT_EQ(spagm_predictor_check(p.get(), &got, nullptr, nullptr), SPAGM_OK);
  r.tag = 2;
  ASSERT_EQ(spagm_predictor_predict(p.get(), &r, nullptr, nullptr), SPAGM_OK);
  ASSERT_EQ(spagm_predictor_fail(p.get(), "read-back of 0x4c differs"), SPAGM_OK);
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x200, 1, nullptr), SPAGM_OK);  // not a failure
  EXPECT_EQ(spagm_predictor_failures(p.get()), 4u);
  EXPECT_EQ(summary_failed(p.get()), 4u);
  EXPECT_NE(std::string(spagm_predictor_summary(p.get()))
                .find("refused (a failure): read-back of 0x4c differs"),
            std::string::npos);
  spagm_model_free(dut);
}

// The stimulus's own illegal writes (the "illegal writes" corner, what
// spagm-cosim and cosim_stream send) load unchanged: every word OK, the
// illegal ones counted, the epoch's requests all match, and the read-back
// of their addresses gives what the DUT must read there.
TEST(PredictorPortContract, StimulusIllegalWrites_LoadUnchangedAndPredictEveryRequest) {
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    unsigned tried = 0;
    for (unsigned e = 0; e < 40 && tried < 2; e++) {
      Epoch ep(static_cast<spagm_unit>(u), 11, e, 60);
      if (!spagm_stim_has_illegal_writes(ep.st, ep.u)) continue;
      tried++;
      Pred p = make(ep.u, 11);
      ep.load_cfg(p.get());
      if (ep.u == SPAGM_UNIT_TEX) ep.load_memory(p.get());
      const spagm_stim_illegal *ill = nullptr;
      size_t n = spagm_stim_illegal_writes(ep.st, ep.u, &ill);
      ASSERT_GT(n, 0u);
      EXPECT_EQ(counts_of(p.get()).ignored_writes, n) << spagm_unit_name(ep.u);
      EXPECT_GT(ep.run(p.get()), 0u);
      for (size_t k = 0; k < n; k++) {
        uint32_t got = 1, want = 0;
        ASSERT_EQ(spagm_predictor_cfg_read(p.get(), ill[k].addr, &got, nullptr), SPAGM_OK);
        spagm_statemap_read(ep.dut, ep.u, ill[k].addr, &want);  // 0 where no word is
        EXPECT_EQ(got, want) << std::hex << ill[k].addr;
      }
      EXPECT_EQ(spagm_predictor_failures(p.get()), 0u) << spagm_predictor_summary(p.get());
    }
    EXPECT_EQ(tried, 2u) << spagm_unit_name(static_cast<spagm_unit>(u));
  }
}

// ---- No silent all-pass ------------------------------------------------------

TEST(PredictorExercise, TexRun_CountsTexelsLanesAndNoWarning) {
  Epoch ep(SPAGM_UNIT_TEX, 3);
  Pred p = make(SPAGM_UNIT_TEX, 3);
  ep.load_cfg(p.get());
  ep.load_memory(p.get());
  ASSERT_GT(ep.run(p.get()), 0u);
  spagm_predictor_counts c = counts_of(p.get());
  EXPECT_GT(c.texels, 0u);
  EXPECT_GT(c.active_lanes, c.texels / 4);
  EXPECT_EQ(c.warnings, 0u);
  EXPECT_EQ(c.empty_memory, 0u);
  std::string s = spagm_predictor_summary(p.get());
  EXPECT_NE(s.find("exercised: " + std::to_string(c.active_lanes) + " active lanes, " +
                   std::to_string(c.texels) + " texels read"),
            std::string::npos)
      << s;
  EXPECT_EQ(s.find("WARNING"), std::string::npos) << s;
}

// reset() empties texture memory (the trap: a testbench that loads memory
// once and resets between phases passes on zeros): the summary warns, and
// strict mode fails.
TEST(PredictorExercise, ResetEmptiesTextureMemory_WarnsAndStrictFails) {
  Epoch ep(SPAGM_UNIT_TEX, 3);
  Pred p = make(SPAGM_UNIT_TEX, 3);
  std::vector<spagm_cfg_word> words = ep.cfg();
  ep.load_memory(p.get());
  ASSERT_EQ(spagm_predictor_reset(p.get()), SPAGM_OK);
  ep.load_cfg(p.get(), words);
  // The DUT's memory model answers from the predictor's memory (what
  // tex_mem_read is for), so the DUT reads the same zeros: all match.
  spagm_model_reset(ep.dut);
  for (const spagm_cfg_word &w : words) spagm_statemap_write(ep.dut, ep.u, w.addr, w.data, nullptr);
  ASSERT_GT(ep.run(p.get()), 0u);
  spagm_predictor_counts c = counts_of(p.get());
  EXPECT_EQ(c.texels, 0u);
  EXPECT_GT(c.empty_memory, 0u);
  EXPECT_EQ(c.warnings, 2u);  // no texel read; TLDS on empty memory
  std::string s = spagm_predictor_summary(p.get());
  EXPECT_NE(s.find("no texel was read"), std::string::npos) << s;
  EXPECT_NE(s.find("found texture memory empty (reset() empties"), std::string::npos) << s;
  EXPECT_EQ(spagm_predictor_failures(p.get()), 0u);
  ASSERT_EQ(spagm_predictor_set_strict(p.get(), true), SPAGM_OK);
  EXPECT_EQ(spagm_predictor_failures(p.get()), 2u);
  EXPECT_EQ(summary_failed(p.get()), 2u);
}

// A header placed before the pool is configured would stay at the power-on
// base once the base is written: refused, with what to do; a base moved
// after headers were placed leaves them behind: a warning.
TEST(PredictorExercise, HeaderBeforePoolBase_IsRefusedAndMovedPoolWarns) {
  Pred p = make(SPAGM_UNIT_TEX);
  uint8_t tic[32];
  for (unsigned k = 0; k < 32; k++) tic[k] = static_cast<uint8_t>(k + 1);
  spagm_diag d{};
  EXPECT_EQ(spagm_predictor_tex_set_header(p.get(), 2, tic, &d), SPAGM_E_STATE);
  EXPECT_NE(std::string(d.msg).find("before the header pool is configured"), std::string::npos)
      << d.msg;
  EXPECT_EQ(counts_of(p.get()).refused, 1u);
  EXPECT_EQ(spagm_predictor_failures(p.get()), 1u);
  EXPECT_EQ(summary_failed(p.get()), 1u);
  // Configured: placed at base + 32 * index.
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x008, 0x10000, &d), SPAGM_OK);
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x010, 7, &d), SPAGM_OK);
  ASSERT_EQ(spagm_predictor_tex_set_header(p.get(), 2, tic, &d), SPAGM_OK) << d.msg;
  uint8_t back[32] = {0};
  ASSERT_EQ(spagm_tex_mem_read(spagm_predictor_model(p.get()), 0x10000 + 64, back, 32), SPAGM_OK);
  EXPECT_EQ(memcmp(back, tic, 32), 0);
  EXPECT_EQ(counts_of(p.get()).warnings, 0u);
  // The base moves: the header is left behind.
  ASSERT_EQ(spagm_predictor_cfg_write(p.get(), 0x008, 0x20000, &d), SPAGM_OK);
  EXPECT_EQ(counts_of(p.get()).warnings, 1u);
  std::string s = spagm_predictor_summary(p.get());
  EXPECT_NE(s.find("1 headers placed at pool base 0x10000 were left behind when the base moved "
                   "to 0x20000"),
            std::string::npos)
      << s;
  // reset(): the pool counts as not configured again.
  ASSERT_EQ(spagm_predictor_reset(p.get()), SPAGM_OK);
  EXPECT_EQ(spagm_predictor_tex_set_header(p.get(), 0, tic, &d), SPAGM_E_STATE);
}

TEST(PredictorExercise, NoActiveLane_WarnsAndStrictFails) {
  Pred p = make(SPAGM_UNIT_PIX);
  spagm_model *dut = spagm_model_new();
  for (uint32_t t = 0; t < 5; t++) {
    spagm_request r = pix_request(t, "PIXLD.COVMASK R2;");
    r.lane_mask = 0;
    ASSERT_EQ(spagm_predictor_predict(p.get(), &r, nullptr, nullptr), SPAGM_OK);
    spagm_response got;
    ASSERT_EQ(spagm_execute(dut, &r, &got), SPAGM_OK);
    unsigned n = 9;
    ASSERT_EQ(spagm_predictor_check(p.get(), &got, &n, nullptr), SPAGM_OK);
    EXPECT_EQ(n, 0u);
  }
  spagm_predictor_counts c = counts_of(p.get());
  EXPECT_EQ(c.active_lanes, 0u);
  EXPECT_EQ(c.warnings, 1u);
  std::string s = spagm_predictor_summary(p.get());
  EXPECT_NE(s.find("WARNING: pix: 5 responses checked but no request had an active lane"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("5 passed, 0 failed\n"), std::string::npos) << s;
  ASSERT_EQ(spagm_predictor_set_strict(p.get(), true), SPAGM_OK);
  EXPECT_EQ(spagm_predictor_failures(p.get()), 1u);
  EXPECT_NE(std::string(spagm_predictor_summary(p.get())).find("5 passed, 1 failed\n"),
            std::string::npos);
  spagm_model_free(dut);
}

// ---- Structured results ----------------------------------------------------

// The report line a difference stands for, as cosim/compare.c writes it
// (the part every line of its kind starts with).
std::string line_of(const spagm_predictor_diff &d) {
  char b[200];
  switch (d.field) {
    case SPAGM_DIFF_FAULT:
      snprintf(b, sizeof b, "fault: expected %s on lanes 0x%08x, got %s on lanes 0x%08x",
               spagm_fault_name((spagm_fault)d.expected), d.expected_addr,
               spagm_fault_name((spagm_fault)d.actual), d.actual_addr);
      break;
    case SPAGM_DIFF_WB_LANES:
      snprintf(b, sizeof b, "write-back slot %d (R%u) lanes written: expected lanes 0x%08x, got 0x%08x",
               d.slot, d.reg, d.expected, d.actual);
      break;
    case SPAGM_DIFF_WB_REG:
      snprintf(b, sizeof b, "write-back slot %d: expected register R%u, got R%u", d.slot,
               d.expected, d.actual);
      break;
    case SPAGM_DIFF_WB_VALUE:
      snprintf(b, sizeof b, "R%u (slot %d) lane %d: expected 0x%08x", d.reg, d.slot, d.lane,
               d.expected);
      break;
    case SPAGM_DIFF_PD_VALUE:
      snprintf(b, sizeof b, "P%u: expected lanes 0x%08x true, got 0x%08x (first difference lane %d)",
               d.reg, d.expected, d.actual, d.lane);
      break;
    case SPAGM_DIFF_ST_LANES:
      snprintf(b, sizeof b, "store component %d lanes: expected lanes 0x%08x, got 0x%08x", d.slot,
               d.expected, d.actual);
      break;
    default:
      snprintf(b, sizeof b, "(field %d)", (int)d.field);
  }
  return b;
}

// Each of the report's difference lines is one structured difference, in
// order, with the same slot, lane, values and rule; the list keeps every
// difference where the report stops at six.
TEST_F(PixPredictor, Predictor_StructuredDifferences_EqualTheTextReport) {
  spagm_request r = pix_request(40, "PIXLD.COVERED R4, P1, [R8+1];");
  predict(r);
  spagm_response got = dut(r);
  for (unsigned l = 0; l < 9; l++) got.wb_value[0][l * 3] ^= 0x80000000u;  // nine lanes
  got.pd_value ^= 1u << 30;
  unsigned n = 0;
  std::string rep = check(got, &n);
  const spagm_predictor_diff *d = nullptr;
  size_t k = spagm_predictor_diffs(p_.get(), &d);
  ASSERT_EQ(k, n);
  ASSERT_EQ(k, 10u);
  std::vector<std::string> lines;
  for (size_t a = 0, b; a < rep.size(); a = b + 1) {
    b = rep.find('\n', a);
    if (b == std::string::npos) b = rep.size();
    std::string t = rep.substr(a, b - a);
    if (t.rfind("  ", 0) == 0 && t.rfind("      ", 0) != 0 && t.find("insn 0x") == std::string::npos &&
        t.find("... and") == std::string::npos)
      lines.push_back(t.substr(2));
  }
  ASSERT_EQ(lines.size(), static_cast<size_t>(SPAGM_COMPARE_LINES_FOR_TEST));
  for (size_t i = 0; i < lines.size(); i++) {
    EXPECT_EQ(lines[i].rfind(line_of(d[i]), 0), 0u) << lines[i] << "\nvs " << line_of(d[i]);
    if (d[i].reason[0]) {
      EXPECT_NE(rep.find(std::string("model: ") + d[i].reason), std::string::npos) << d[i].reason;
    }
    EXPECT_STREQ(d[i].rule_name, d[i].rule ? spagm_rule_name(d[i].rule) : "");
  }
  EXPECT_NE(rep.find("... and 4 more differences"), std::string::npos) << rep;
  for (size_t i = 0; i < 9; i++) {
    EXPECT_EQ(d[i].field, SPAGM_DIFF_WB_VALUE);
    EXPECT_EQ(d[i].lane, static_cast<int>(i * 3));
    EXPECT_EQ(d[i].actual ^ d[i].expected, 0x80000000u);
    EXPECT_NE(d[i].rule, 0u);
  }
  EXPECT_EQ(d[9].field, SPAGM_DIFF_PD_VALUE);
  EXPECT_EQ(d[9].lane, 30);
  // A match clears them; a tag with no prediction is one difference.
  spagm_request r2 = pix_request(41, "PIXLD.COVMASK R2;");
  predict(r2);
  check(dut(r2), &n);
  EXPECT_EQ(spagm_predictor_diffs(p_.get(), &d), 0u);
  spagm_response stray;
  spagm_response_init(&stray, 77);
  check(stray, &n);
  ASSERT_EQ(spagm_predictor_diffs(p_.get(), &d), 1u);
  EXPECT_EQ(d[0].field, SPAGM_DIFF_NO_PREDICTION);
  EXPECT_EQ(d[0].actual, 77u);
  EXPECT_EQ(spagm_predictor_diffs(nullptr, &d), 0u);
}

}  // namespace
