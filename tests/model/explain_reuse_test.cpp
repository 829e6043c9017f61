// SPDX-License-Identifier: Apache-2.0
// An explanation reused for request after request (as a scoreboard entry
// is) reads as one made fresh for each: executing clears what says a rule
// or a texel location was recorded, and every reader looks at a rule's
// numbers (arg) or a lane's location (texel) only where one was (explain.h,
// spec-notes N426).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "spagm/spagm.h"
#include "spagm/stim/stim.h"

namespace {

std::string sentence(const spagm_explain &ex, unsigned slot, unsigned lane) {
  char buf[256];
  spagm_explain_format(&ex, slot, lane, buf, sizeof buf);
  return buf;
}

std::string fault_sentence(const spagm_explain &ex) {
  char buf[256];
  spagm_explain_fault(&ex, buf, sizeof buf);
  return buf;
}

// Everything a reader of an explanation may look at, compared.
void expect_reads_the_same(const spagm_explain &fresh, const spagm_explain &reused,
                           const std::string &what) {
  ASSERT_EQ(fresh.fault_rule, reused.fault_rule) << what;
  EXPECT_EQ(std::memcmp(fresh.fault_arg, reused.fault_arg, sizeof fresh.fault_arg), 0) << what;
  EXPECT_EQ(fault_sentence(fresh), fault_sentence(reused)) << what;
  for (unsigned s = 0; s < SPAGM_EXPLAIN_SLOTS; s++) {
    ASSERT_EQ(fresh.value_type[s], reused.value_type[s]) << what << " slot " << s;
    for (unsigned l = 0; l < SPAGM_LANES; l++) {
      ASSERT_EQ(fresh.rule[s][l], reused.rule[s][l]) << what << " slot " << s << " lane " << l;
      if (!fresh.rule[s][l]) continue;
      ASSERT_EQ(std::memcmp(fresh.arg[s][l], reused.arg[s][l], sizeof fresh.arg[s][l]), 0)
          << what << " slot " << s << " lane " << l;
      ASSERT_EQ(sentence(fresh, s, l), sentence(reused, s, l)) << what;
    }
  }
  ASSERT_EQ(fresh.has_tex_header, reused.has_tex_header) << what;
  ASSERT_EQ(fresh.tex_header, reused.tex_header) << what;
  ASSERT_EQ(fresh.texel_lanes, reused.texel_lanes) << what;
  ASSERT_EQ(fresh.texel_read, reused.texel_read) << what;
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    if (!(fresh.texel_lanes >> l & 1u)) continue;
    ASSERT_EQ(std::memcmp(&fresh.texel[l], &reused.texel[l], sizeof fresh.texel[l]), 0)
        << what << " lane " << l;
  }
}

struct StimRun {
  spagm_model *m = spagm_model_new();
  spagm_stim *st = nullptr;
  explicit StimRun(uint64_t seed) {
    spagm_stim_opts o;
    spagm_stim_opts_default(&o);
    o.seed = seed;
    o.units = 7u; // all three
    o.epoch_txns = 200;
    st = spagm_stim_new(&o, nullptr);
  }
  ~StimRun() {
    spagm_stim_free(st);
    spagm_model_free(m);
  }
};

// Two models run the same stimulus: one explains each request into a new,
// zeroed explanation, the other into one explanation kept for the whole
// run, filled with other bytes at first. The units take turns, so the kept
// one goes from a TLDS with texel locations to a PIXLD or an ALD and back.
TEST(Explain, ReusedForManyRequests_ReadsAsAFreshOne) {
  spagm_explain reused;
  std::memset(&reused, 0xA5, sizeof reused);
  unsigned tlds_located = 0, checked = 0;
  for (uint64_t seed : {1u, 7u}) {
    StimRun a(seed), b(seed);
    ASSERT_NE(a.st, nullptr);
    ASSERT_NE(b.st, nullptr);
    for (unsigned epoch = 0; epoch < 4; epoch++) {
      ASSERT_EQ(spagm_stim_begin_epoch(a.st, epoch, a.m, nullptr), SPAGM_OK);
      ASSERT_EQ(spagm_stim_begin_epoch(b.st, epoch, b.m, nullptr), SPAGM_OK);
      for (bool more = true; more;) {
        more = false;
        for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
          spagm_request ra, rb;
          bool got_a = spagm_stim_next(a.st, (spagm_unit)u, &ra);
          ASSERT_EQ(got_a, spagm_stim_next(b.st, (spagm_unit)u, &rb));
          if (!got_a) continue;
          more = true;
          spagm_explain fresh;
          spagm_explain_init(&fresh);
          spagm_response pa, pb;
          ASSERT_EQ(spagm_execute_explained(a.m, &ra, &pa, &fresh), SPAGM_OK);
          ASSERT_EQ(spagm_execute_explained(b.m, &rb, &pb, &reused), SPAGM_OK);
          ASSERT_EQ(std::memcmp(&pa, &pb, sizeof pa), 0);
          expect_reads_the_same(fresh, reused,
                                "seed " + std::to_string(seed) + " epoch " +
                                    std::to_string(epoch) + " unit " + std::to_string(u) +
                                    " tag " + std::to_string(ra.tag));
          if (fresh.texel_lanes) tlds_located++;
          checked++;
        }
      }
    }
  }
  EXPECT_GT(checked, 1000u);
  EXPECT_GT(tlds_located, 100u); // the texel locations were compared too
}

// The same for an explanation that a request leaves almost empty after one
// that filled it: an illegal word records only its fault.
TEST(Explain, IllegalWordAfterATlds_KeepsNoRuleOfIt) {
  StimRun r(1);
  ASSERT_NE(r.st, nullptr);
  ASSERT_EQ(spagm_stim_begin_epoch(r.st, 0, r.m, nullptr), SPAGM_OK);
  spagm_request req;
  spagm_explain ex, fresh;
  spagm_response rsp;
  bool located = false;
  while (!located && spagm_stim_next(r.st, SPAGM_UNIT_TEX, &req)) {
    ASSERT_EQ(spagm_execute_explained(r.m, &req, &rsp, &ex), SPAGM_OK);
    located = ex.texel_lanes != 0;
  }
  ASSERT_TRUE(located);
  req.insn = ~0ull; // no opcode's word
  spagm_explain_init(&fresh);
  ASSERT_EQ(spagm_execute_explained(r.m, &req, &rsp, &ex), SPAGM_OK);
  ASSERT_EQ(spagm_execute_explained(r.m, &req, &rsp, &fresh), SPAGM_OK);
  ASSERT_NE(ex.fault_rule, 0u);
  expect_reads_the_same(fresh, ex, "illegal word");
}

} // namespace
