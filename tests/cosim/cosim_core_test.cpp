// SPDX-License-Identifier: Apache-2.0
// The co-simulation core (cosim/include/cosim.h) without a simulator: a stand-in
// "RTL" made of a second golden model answers every request; the
// scoreboard must pass it, and must catch each kind of corrupted response
// under the comparison rules of docs/port-contract.md.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "cosim.h"
#include "value.h"
#include "spagm/spagm.h"
#include "spagm/stim/stim.h"

namespace {

using Corrupt = std::function<void(spagm_response &, const spagm_request &)>;

// The attribute unit's word at target t, offset off (docs/port-contract.md):
// registers, maps and default table, both ISBE spaces, both write statuses,
// HW values, GS buffers; a word no table names reads 0.
uint32_t attr_readback_value(const spagm_model *m, uint32_t t, uint32_t off) {
  uint32_t v = 0;
  if (t == 0 && off <= 0x1C) { /* the scalar registers an illegal value aims at */
    spagm_attr_config c;
    spagm_attr_get_config(m, &c, nullptr);
    uint32_t regs[] = {(uint32_t)c.stage, c.shared,     c.trap,        c.vertex_count,
                       c.patch_words,     c.gs_max_vertices, c.streq_start, c.streq_end};
    return regs[off / 4];
  }
  if (t == 0 && off >= 0x100 && off < 0x180) { /* IMAP, OMAP, previous OMAP, next IMAP */
    static const spagm_attr_map maps[] = {SPAGM_MAP_IMAP, SPAGM_MAP_OMAP, SPAGM_MAP_OMAP_PREV,
                                          SPAGM_MAP_IMAP_NEXT};
    uint32_t bits[8];
    spagm_attr_get_map(m, maps[(off - 0x100) / 32], bits, nullptr);
    return bits[(off % 32) / 4];
  }
  if (t == 0 && off >= 0x400 && off < 0x800) { /* the default table (R3) */
    spagm_attr_config c;
    spagm_attr_get_config(m, &c, nullptr);
    return c.defaults[(off - 0x400) / 4];
  }
  if ((t == 1 || t == 2) && off < 0x40A00)
    spagm_attr_read32(m, t == 1 ? SPAGM_SPACE_ISBE_IN : SPAGM_SPACE_ISBE_OUT, off, &v, nullptr);
  if ((t == 3 || t == 4) && off < 0x2000) { /* 256 vertices of 8 words */
    uint32_t bits[8];
    spagm_attr_get_written_bits(m, t == 3 ? SPAGM_SPACE_ISBE_IN : SPAGM_SPACE_ISBE_OUT, off / 32,
                                bits, nullptr);
    v = bits[(off % 32) / 4];
  }
  if (t == 5 && off < 0x1800) /* kind off / 1024, entry (off % 1024) / 4 (R2) */
    spagm_attr_get_hw(m, (spagm_attr_hw)(off / 1024), (off % 1024) / 4, &v, nullptr);
  if (t == 6 && off < 0x20000) spagm_attr_read32(m, SPAGM_SPACE_GS_OUT, off, &v, nullptr);
  return v;
}

// The stand-in RTL's word at a read-back address, written from
// docs/port-contract.md independently of model/src/core/statemap.c.
uint32_t readback_value(const spagm_model *m, unsigned unit, uint32_t addr) {
  uint32_t t = addr >> 28, off = addr & 0x0FFFFFFF, v = 0;
  /* A word no table names reads 0 (N123); the read-back asks for the
   * addresses of an epoch's illegal writes (N290). */
  if (unit == SPAGM_UNIT_PIX && (t != 0 || (off >= 0x18 && off < 0x40) || off >= 0x80)) return 0;
  if (unit == SPAGM_UNIT_TEX && !(t == 0 && off <= 0x14) && !(t == 1 && off < 0x8000)) return 0;
  if (unit == SPAGM_UNIT_PIX) {
    spagm_raster_config rc;
    spagm_pix_get_config(m, &rc, nullptr);
    spagm_stage st;
    spagm_attr_get_stage(m, &st, nullptr);
    uint32_t regs[] = {(uint32_t)st,      rc.samples, (uint32_t)rc.positions, rc.ssaa,
                       (uint32_t)rc.offset_format, (uint32_t)rc.order};  // 0x10, 0x14 (N352)
    if (off >= 0x40) { /* the programmable table (N284): x in [3:0], y in [7:4] */
      const spagm_sample_pos &p = rc.table[(off - 0x40) / 4];
      return ((uint32_t)p.x & 0xFu) | ((uint32_t)p.y & 0xFu) << 4;
    }
    return regs[off / 4];
  }
  if (unit == SPAGM_UNIT_TEX) { /* registers and the selected bank (N284) */
    unsigned bank = spagm_tex_selected_cbank(m);
    if (t == 1) {
      spagm_tex_get_cbank_word(m, bank, off / 4, &v);
      return v;
    }
    spagm_stage st = SPAGM_STAGE_VSA;
    spagm_attr_get_stage(m, &st, nullptr);
    uint64_t base = 0;
    uint32_t max_index = 0;
    spagm_tex_get_header_pool(m, &base, &max_index);
    uint32_t regs[] = {(uint32_t)st, bank, (uint32_t)base, (uint32_t)(base >> 32), max_index,
                       (uint32_t)spagm_tex_fp16_round(m)};
    return regs[off / 4];
  }
  return attr_readback_value(m, t, off);
}

struct Outcome {
  uint64_t failed = 0;
  uint64_t errors = 0;
  uint64_t first_error_cycle = 0, first_error_accept_cycle = 0;
  uint32_t first_error_lanes = 0;
  std::string reports;
  std::string summary;
};

// Called with each response before the scoreboard checks it (N211's
// spagm_cosim_expected must see the tag still parked); empty: none.
std::function<void(spagm_cosim *, unsigned, const spagm_response &)> g_before_check;
// Called with each request before the core accepts it; empty: none.
std::function<void(spagm_request &)> g_before_accept;

// One unit's part of an epoch: its cfg writes, its requests answered by
// the stand-in RTL (corrupted as told), and its read-back, with the
// reports into out. image_flip is XORed into the first read-back word of
// the run.
// With bursts, the load and the read-back go through the burst calls of
// the version-2 port (N120) instead of word by word.
void run_unit(spagm_cosim *c, spagm_model *rtl, unsigned u, uint32_t units,
              const Corrupt &corrupt, uint64_t *cycle, uint32_t *image_flip, Outcome *out,
              bool bursts) {
  uint32_t a, v;
  unsigned n = 0;
  spagm_cfg_burst b;
  if (bursts)
    while (spagm_cosim_cfg_burst(c, (spagm_unit)u, &b)) n += __builtin_popcount(b.mask);
  else
    while (spagm_cosim_cfg_next(c, (spagm_unit)u, &a, &v)) n++;
  if (units >> u & 1u) {
    EXPECT_GT(n, 0u);
  }
  spagm_request req;
  spagm_response rsp;
  while (spagm_cosim_next_request(c, (spagm_unit)u, &req)) {
    if (g_before_accept) g_before_accept(req);
    spagm_cosim_accept(c, (spagm_unit)u, &req, ++*cycle);
    spagm_execute(rtl, &req, &rsp);
    if (corrupt) corrupt(rsp, req);
    if (g_before_check) g_before_check(c, u, rsp);
    spagm_cosim_check(c, (spagm_unit)u, &rsp, ++*cycle);
    out->reports += spagm_cosim_take_report(c);
  }
  while (bursts && spagm_cosim_readback_burst(c, (spagm_unit)u, &b)) {
    for (unsigned k = 0; k < 32; k++)
      if (b.mask >> k & 1u) {
        b.data[k] = readback_value(rtl, u, b.addr + 4 * k) ^ *image_flip;
        *image_flip = 0;
      }
    spagm_cosim_readback_check_burst(c, (spagm_unit)u, &b, ++*cycle);
  }
  while (!bursts && spagm_cosim_readback_next(c, (spagm_unit)u, &a)) {
    uint32_t v = readback_value(rtl, u, a) ^ *image_flip;
    *image_flip = 0; /* one corrupted word per run */
    spagm_cosim_readback_check(c, (spagm_unit)u, a, v, ++*cycle);
  }
  out->reports += spagm_cosim_take_report(c);
}

// The end of the run: failed count, summary text and error count.
void finish(spagm_cosim *c, uint64_t cycle, Outcome *out) {
  char *buf = nullptr;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  out->failed = spagm_cosim_finish(c, f, cycle, 1.0);
  fclose(f);
  out->summary.assign(buf, len);
  free(buf);
  out->errors = spagm_cosim_errors(c);
  out->first_error_cycle = spagm_cosim_first_error_cycle(c);
  out->first_error_accept_cycle = spagm_cosim_first_error_accept_cycle(c);
  out->first_error_lanes = spagm_cosim_first_error_lanes(c);
}

// A run of the core and its stand-in RTL: its own model, loaded per epoch
// by its own stimulus instance with the same seed (what cfg writes would
// do for real RTL).
struct Bench {
  spagm_cosim *c = nullptr;
  spagm_stim *st = nullptr;
  spagm_model *rtl = nullptr;
  Bench(uint64_t seed, uint32_t units, uint64_t txns, uint32_t epoch_txns, bool check,
        uint32_t max_errors) {
    spagm_cosim_opts o;
    spagm_cosim_opts_default(&o);
    o.seed = seed;
    o.units = units;
    o.txns = txns;
    o.epoch_txns = epoch_txns;
    o.check = check;
    o.max_errors = max_errors;
    std::string repro = "spagm-cosim +seed=" + std::to_string(seed);
    o.repro = repro.c_str();
    spagm_diag d{};
    c = spagm_cosim_new(&o, &d);
    EXPECT_NE(c, nullptr) << d.msg;
    spagm_stim_opts so;
    spagm_stim_opts_default(&so);
    so.seed = seed;
    so.units = units;
    so.epoch_txns = epoch_txns;
    st = spagm_stim_new(&so, &d);
    rtl = spagm_model_new();
  }
  Bench(const Bench &) = delete;
  Bench &operator=(const Bench &) = delete;
  ~Bench() {
    spagm_model_free(rtl);
    spagm_stim_free(st);
    spagm_cosim_free(c);
  }
  bool next_epoch() {
    if (!spagm_cosim_begin_epoch(c)) return false;
    spagm_diag d{};
    spagm_stim_begin_epoch(st, spagm_cosim_epoch(c), rtl, &d);
    return true;
  }
};

// Runs a whole co-simulation in which a reference model plays the RTL; the
// cfg writes are applied to it through the port-contract map by replaying
// the model state (the reference is loaded by the same stimulus).
Outcome run(uint32_t units, uint64_t txns, const Corrupt &corrupt, bool check = true,
            uint32_t image_flip = 0, bool bursts = false, uint32_t max_errors = 0) {
  Bench b(5, units, txns, 200, check, max_errors);
  Outcome out;
  if (!b.c) return out;
  uint64_t cycle = 0;
  while (b.next_epoch())
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
      run_unit(b.c, b.rtl, u, units, corrupt, &cycle, &image_flip, &out, bursts);
  finish(b.c, cycle, &out);
  return out;
}

// Accepts `window` requests of each unit before answering any, then
// answers them last first: the stand-in executes each at its accept (the
// attribute unit's stores change its state in that order), corrupt sees
// each response. Returns the run's outcome.
Outcome run_in_flight(unsigned window, uint32_t epoch_txns, uint64_t txns,
                      const std::function<void(spagm_response &, unsigned)> &corrupt) {
  Bench b(9, 7u, txns, epoch_txns, true, 0);
  Outcome out;
  if (!b.c) return out;
  uint64_t cycle = 0;
  unsigned answered = 0;
  while (b.next_epoch()) {
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      spagm_cfg_burst burst;
      while (spagm_cosim_cfg_burst(b.c, (spagm_unit)u, &burst)) {
      }
      std::vector<spagm_response> held;
      spagm_request req;
      bool more = true;
      while (more) {
        more = spagm_cosim_next_request(b.c, (spagm_unit)u, &req);
        if (more) {
          spagm_cosim_accept(b.c, (spagm_unit)u, &req, ++cycle);
          held.emplace_back();
          spagm_execute(b.rtl, &req, &held.back());
        }
        if (held.size() == window || (!more && !held.empty())) {
          for (auto r = held.rbegin(); r != held.rend(); ++r) {
            corrupt(*r, answered++);
            spagm_cosim_check(b.c, (spagm_unit)u, &*r, ++cycle);
          }
          held.clear();
        }
      }
      out.reports += spagm_cosim_take_report(b.c);
    }
  }
  finish(b.c, cycle, &out);
  return out;
}

// The scoreboard's records are reused, the last returned first.
// Sixteen requests in flight per unit answered last first each still meet
// their own prediction, and one corrupted response fails alone: a record
// given to two slots, or returned early, would mix predictions.
TEST(CosimCore, RequestsInFlight_EachKeepsItsOwnPrediction) {
  Outcome ok = run_in_flight(16, 200, 1200, [](spagm_response &, unsigned) {});
  EXPECT_EQ(ok.errors, 0u) << ok.reports;
  EXPECT_NE(ok.summary.find("cosim: 3600 passed, 0 failed"), std::string::npos) << ok.summary;
  unsigned bad_tag = ~0u;
  Outcome one = run_in_flight(16, 200, 400, [&](spagm_response &r, unsigned k) {
    if (k == 700) {
      r.fault ^= 1;
      bad_tag = r.tag;
    }
  });
  EXPECT_EQ(one.errors, 1u) << one.reports;
  EXPECT_NE(one.reports.find(" tag " + std::to_string(bad_tag) + " at cycle"), std::string::npos)
      << one.reports;
}

// A bench of unit u alone in its first epoch, the load written.
bool epoch_loaded(Bench &b, spagm_unit u) {
  if (!b.c || !b.next_epoch()) return false;
  spagm_cfg_burst burst;
  while (spagm_cosim_cfg_burst(b.c, u, &burst)) {
  }
  return true;
}

// More requests in flight than a unit's scoreboard holds (1024): each
// request beyond makes room by dropping the oldest, reported with its tag;
// the dropped requests' responses then match nothing and are reported too,
// the run goes on, and nothing leaks or is freed twice (the sanitizer
// suite runs this too).
TEST(CosimCore, MoreInFlightThanTheScoreboardHolds_DropsTheOldestAndReportsIt) {
  Bench b(9, 1u << SPAGM_UNIT_PIX, 1100, 1100, true, 0);
  ASSERT_TRUE(epoch_loaded(b, SPAGM_UNIT_PIX));
  std::vector<spagm_request> reqs;
  spagm_request req;
  uint64_t cycle = 0;
  while (spagm_cosim_next_request(b.c, SPAGM_UNIT_PIX, &req)) {
    spagm_cosim_accept(b.c, SPAGM_UNIT_PIX, &req, ++cycle);
    reqs.push_back(req);
  }
  ASSERT_EQ(reqs.size(), 1100u);
  std::string reports = spagm_cosim_take_report(b.c);
  EXPECT_EQ(spagm_cosim_errors(b.c), 1100u - 1024u);
  EXPECT_NE(reports.find("tag " + std::to_string(reqs[1024].tag) +
                         " accepted at cycle 1025 while 1024 requests are outstanding, as many "
                         "as the scoreboard holds: the oldest, tag " +
                         std::to_string(reqs[0].tag) + ", is dropped (more than 1024 in flight)"),
            std::string::npos)
      << reports.substr(0, 2000);
  // The dropped request's response is a lost tag; a kept one still passes.
  spagm_response rsp;
  spagm_execute(b.rtl, &reqs[0], &rsp);
  EXPECT_EQ(spagm_cosim_check(b.c, SPAGM_UNIT_PIX, &rsp, ++cycle), 1u);
  reports = spagm_cosim_take_report(b.c);
  EXPECT_NE(reports.find("response with tag " + std::to_string(reqs[0].tag) +
                         " at cycle 1101 matches no accepted request"),
            std::string::npos)
      << reports;
  EXPECT_EQ(spagm_cosim_outstanding(b.c, SPAGM_UNIT_PIX), 1100u);
}

// A request accepted while one of the same tag is still outstanding: the
// older prediction is dropped and reported, the newer is the one its
// response meets.
TEST(CosimCore, TagAcceptedTwiceInFlight_DropsTheOlderAndReportsIt) {
  Bench b(9, 1u << SPAGM_UNIT_PIX, 8, 8, true, 0);
  ASSERT_TRUE(epoch_loaded(b, SPAGM_UNIT_PIX));
  spagm_request first, second;
  ASSERT_TRUE(spagm_cosim_next_request(b.c, SPAGM_UNIT_PIX, &first));
  ASSERT_TRUE(spagm_cosim_next_request(b.c, SPAGM_UNIT_PIX, &second));
  second.tag = first.tag;
  spagm_cosim_accept(b.c, SPAGM_UNIT_PIX, &first, 10);
  spagm_cosim_accept(b.c, SPAGM_UNIT_PIX, &second, 11);
  std::string reports = spagm_cosim_take_report(b.c);
  EXPECT_NE(reports.find("MISMATCH pix: tag " + std::to_string(first.tag) +
                         " accepted at cycle 11 while a request of the same tag is still "
                         "outstanding: the older is dropped"),
            std::string::npos)
      << reports;
  // The stand-in runs both in acceptance order, as the model did.
  spagm_response rsp;
  spagm_execute(b.rtl, &first, &rsp);
  spagm_execute(b.rtl, &second, &rsp);
  EXPECT_EQ(spagm_cosim_check(b.c, SPAGM_UNIT_PIX, &rsp, 12), 0u)
      << spagm_cosim_take_report(b.c);
  EXPECT_EQ(spagm_cosim_errors(b.c), 1u);
}

// A cfg_rvalid pulse with no read outstanding (N430): reported as an answer
// nobody asked for, with the phase; an error, and one failure of the run.
TEST(CosimCore, UnaskedConfigurationAnswer_IsReportedAndFailsTheRun) {
  Bench b(9, 1u << SPAGM_UNIT_PIX, 8, 8, true, 0);
  ASSERT_TRUE(epoch_loaded(b, SPAGM_UNIT_PIX));
  spagm_cosim_unasked_read(b.c, SPAGM_UNIT_PIX, 7, 0);
  spagm_cosim_unasked_read(b.c, SPAGM_UNIT_PIX, 9, 1);
  std::string reports = spagm_cosim_take_report(b.c);
  EXPECT_NE(reports.find("MISMATCH pix: answered a configuration read nobody asked for at "
                         "cycle 7 in the configuration load"),
            std::string::npos)
      << reports;
  EXPECT_NE(reports.find("at cycle 9 in the run"), std::string::npos) << reports;
  EXPECT_EQ(spagm_cosim_errors(b.c), 2u);
  EXPECT_EQ(spagm_cosim_first_error_cycle(b.c), 7u);
  Outcome out;
  finish(b.c, 20, &out);
  EXPECT_EQ(out.failed, 1u) << out.summary;
  EXPECT_NE(out.summary.find("pix: 2 configuration answers nobody asked for"), std::string::npos)
      << out.summary;
  EXPECT_NE(out.summary.find("cosim: 0 passed, 1 failed"), std::string::npos) << out.summary;
}

// idle high while a request is owed (N430): the report names how many are
// owed and the oldest, by the scoreboard's count; an error and a failure.
TEST(CosimCore, IdleWhileARequestIsOwed_IsReportedWithTheOldestAndFailsTheRun) {
  Bench b(9, 1u << SPAGM_UNIT_PIX, 8, 8, true, 0);
  ASSERT_TRUE(epoch_loaded(b, SPAGM_UNIT_PIX));
  spagm_request req;
  ASSERT_TRUE(spagm_cosim_next_request(b.c, SPAGM_UNIT_PIX, &req));
  spagm_cosim_accept(b.c, SPAGM_UNIT_PIX, &req, 10);
  spagm_cosim_idle_owed(b.c, SPAGM_UNIT_PIX, 12);
  std::string reports = spagm_cosim_take_report(b.c);
  EXPECT_NE(reports.find("MISMATCH pix: idle at cycle 12 while 1 accepted requests are not yet "
                         "responded (oldest tag " + std::to_string(req.tag) +
                         ", accepted at cycle 10)"),
            std::string::npos)
      << reports;
  EXPECT_EQ(spagm_cosim_errors(b.c), 1u);
  spagm_response rsp;
  spagm_execute(b.rtl, &req, &rsp);
  EXPECT_EQ(spagm_cosim_check(b.c, SPAGM_UNIT_PIX, &rsp, 13), 0u) << spagm_cosim_take_report(b.c);
  Outcome out;
  finish(b.c, 20, &out);
  EXPECT_EQ(out.failed, 1u) << out.summary;
  EXPECT_NE(out.summary.find("pix: idle 1 times while accepted requests were not yet responded"),
            std::string::npos)
      << out.summary;
}

// mem_req_valid out of reset outside the run (N552): reported as a memory
// read no request asked for, with the phase; an error, counted under its
// own kind, and one failure of the run.
TEST(CosimCore, MemoryReadOutsideTheRun_IsReportedWithThePhaseAndFailsTheRun) {
  Bench b(9, 1u << SPAGM_UNIT_TEX, 8, 8, true, 0);
  ASSERT_TRUE(epoch_loaded(b, SPAGM_UNIT_TEX));
  spagm_cosim_unasked_mem_read(b.c, SPAGM_UNIT_TEX, 5, 0);
  spagm_cosim_unasked_mem_read(b.c, SPAGM_UNIT_TEX, 30, 2);
  spagm_cosim_unasked_mem_read(b.c, SPAGM_UNIT_TEX, 40, 3);
  std::string reports = spagm_cosim_take_report(b.c);
  EXPECT_NE(reports.find("MISMATCH tex: asked memory for a line with no request to read for at "
                         "cycle 5 in the configuration load"),
            std::string::npos)
      << reports;
  EXPECT_NE(reports.find("at cycle 30 in the read-back"), std::string::npos) << reports;
  EXPECT_NE(reports.find("at cycle 40 in the gap between epochs"), std::string::npos) << reports;
  EXPECT_EQ(spagm_cosim_errors(b.c), 3u);
  EXPECT_EQ(spagm_cosim_first_error_cycle(b.c), 5u);
  Outcome out;
  finish(b.c, 50, &out);
  EXPECT_EQ(out.failed, 1u) << out.summary;
  EXPECT_NE(out.summary.find("tex: 3 memory reads outside the run"), std::string::npos)
      << out.summary;
}

TEST(CosimCore, Bursts_LoadAndReadBackLikeWords) {
  // The same run through the burst calls passes, and a wrong image word
  // read in a burst is caught with its address.
  const uint32_t all = 7u;
  Outcome ok = run(all, 600, nullptr, true, 0, true);
  EXPECT_EQ(ok.failed, 0u) << ok.reports;
  Outcome bad = run(all, 600, nullptr, true, 0x10, true);
  EXPECT_EQ(bad.errors, 1u) << bad.reports;
  EXPECT_GT(bad.failed, 0u);
  EXPECT_NE(bad.reports.find("image at end of epoch 0"), std::string::npos) << bad.reports;
}

TEST(CosimCore, ParseUnits) {
  uint32_t m = 0;
  EXPECT_TRUE(spagm_cosim_parse_units("attr,pix", &m));
  EXPECT_EQ(m, 3u);
  EXPECT_TRUE(spagm_cosim_parse_units("pix", &m));
  EXPECT_EQ(m, 2u);
  EXPECT_FALSE(spagm_cosim_parse_units("attr,foo", &m));
  EXPECT_FALSE(spagm_cosim_parse_units("", &m));
}

TEST(CosimCore, NoCheck_CountsButNeverFails) {
  Outcome o = run(3, 400, [](spagm_response &r, const spagm_request &) { r.fault = 7; },
                  false);
  EXPECT_EQ(o.errors, 0u);
  EXPECT_NE(o.summary.find("NO CHECK"), std::string::npos);
}

TEST(CosimCore, WrongValueOnOneLane_IsReportedWithLaneAndExplanation) {
  bool done = false;
  Outcome o = run(2, 300, [&](spagm_response &r, const spagm_request &) {
    if (!done && r.wb_valid[0] & 0x4 && !r.wb_dontcare[0][2] && r.wb_reg[0] != 255) {
      r.wb_value[0][2] ^= 0x100;
      done = true;
    }
  });
  ASSERT_TRUE(done);
  EXPECT_EQ(o.errors, 1u);
  EXPECT_NE(o.reports.find("MISMATCH pix tag"), std::string::npos) << o.reports;
  EXPECT_NE(o.reports.find("lane 2: expected"), std::string::npos) << o.reports;
  EXPECT_NE(o.reports.find("model: PIXLD"), std::string::npos) << o.reports;
  EXPECT_NE(o.reports.find("reproduce: spagm-cosim +seed=5 +waves_on_fail"), std::string::npos);
  EXPECT_NE(o.summary.find("cosim: "), std::string::npos);
  EXPECT_NE(o.summary.find(" 1 failed"), std::string::npos) << o.summary;
}

// The two numbers in parentheses after "expected 0x..." and "got 0x..." of
// a report line.
std::pair<std::string, std::string> shown_values(const std::string &r) {
  auto field = [&](const char *key) {
    size_t at = r.find(key);
    if (at == std::string::npos) return std::string();
    size_t open = r.find('(', at), close = r.find(')', at);
    return open == std::string::npos || close == std::string::npos
               ? std::string()
               : r.substr(open + 1, close - open - 1);
  };
  return {field("expected 0x"), field("got 0x")};
}

TEST(CosimCore, Report_FloatMismatch_ShowsDifferentDigitsAndUlps) {
  // Attribute values are floats: one ulp off must read as two different
  // numbers and say "1 ulp apart" (%g used to print both as 0.874016).
  bool done = false;
  Outcome o = run(1, 400, [&](spagm_response &r, const spagm_request &) {
    for (unsigned l = 0; l < 32 && !done; l++) {
      uint32_t v = r.wb_value[0][l], e = v >> 23 & 0xFFu;
      if (r.wb_valid[0] >> l & 1u && !r.wb_dontcare[0][l] && e > 100 && e < 150) {
        r.wb_value[0][l] = v + 1;
        done = true;
      }
    }
  });
  ASSERT_TRUE(done);
  EXPECT_NE(o.reports.find(", 1 ulp apart"), std::string::npos) << o.reports;
  auto [want, got] = shown_values(o.reports);
  EXPECT_FALSE(want.empty()) << o.reports;
  EXPECT_NE(want, got) << o.reports;
}

TEST(CosimCore, Report_TldsMismatch_NamesHeaderCoordinatesAndAddress) {
  // A texel value off by one: the co-simulation's report names where the
  // texel is, as the predictor's does (the comparator is shared).
  bool done = false;
  Outcome o = run(4, 400, [&](spagm_response &r, const spagm_request &) {
    for (unsigned l = 0; l < 32 && !done; l++)
      if (!r.fault && r.wb_valid[0] >> l & 1u && !r.wb_dontcare[0][l] && r.wb_value[0][l]) {
        r.wb_value[0][l] ^= 1u;
        done = true;
      }
  });
  ASSERT_TRUE(done);
  EXPECT_NE(o.reports.find("\n      texel: header "), std::string::npos) << o.reports;
  EXPECT_NE(o.reports.find(", level "), std::string::npos) << o.reports;
  EXPECT_NE(o.reports.find(", address 0x"), std::string::npos) << o.reports;
}

TEST(CosimCore, Summary_CountsWhatTheRunExercised) {
  Outcome o = run(4, 400, {});
  EXPECT_EQ(o.failed, 0u) << o.reports;
  size_t at = o.summary.find("exercised (tex): ");
  ASSERT_NE(at, std::string::npos) << o.summary;
  unsigned long long lanes = 0, texels = 0, faults = 0;
  ASSERT_EQ(sscanf(o.summary.c_str() + at,
                   "exercised (tex): %llu active lanes, %llu texels read, %llu faults", &lanes,
                   &texels, &faults),
            3)
      << o.summary;
  EXPECT_GT(texels, 0u);
  EXPECT_GE(lanes, texels);
  EXPECT_EQ(o.summary.find("WARNING"), std::string::npos) << o.summary;
}

TEST(CosimCore, Summary_NothingExercised_Warns) {
  // Every request without an active lane: both sides answer nothing, every
  // response matches, and the summary says the run exercised nothing.
  g_before_accept = [](spagm_request &r) { r.lane_mask = 0; };
  Outcome o = run(6, 300, {});
  g_before_accept = nullptr;
  EXPECT_EQ(o.failed, 0u) << o.reports;
  EXPECT_NE(o.summary.find("exercised (pix): 0 active lanes, 0 texels read"), std::string::npos)
      << o.summary;
  EXPECT_NE(o.summary.find("WARNING: pix: 300 responses checked but no request had an active "
                           "lane: nothing was executed\n"),
            std::string::npos)
      << o.summary;
  EXPECT_NE(o.summary.find("WARNING: tex: 300 responses checked but no request had an active "
                           "lane"),
            std::string::npos)
      << o.summary;
  EXPECT_NE(o.summary.find("WARNING: tex: 300 responses checked but no texel was read"),
            std::string::npos)
      << o.summary;
  EXPECT_NE(o.summary.find("cosim: 600 passed, 0 failed"), std::string::npos) << o.summary;
}

TEST(CosimCore, Report_PackedPixelOffsets_ShowFieldsNeverNaN) {
  // PIXLD.OFFSET / CENTROID_OFFSET pack dx and dy (DESIGN 7.4): a negative
  // dy makes a NaN as a float, so the report shows the two fields.
  bool done = false;
  Outcome o = run(2, 600, [&](spagm_response &r, const spagm_request &q) {
    unsigned mode = (unsigned)(q.insn >> 31 & 7u);
    if (done || (mode != 3 && mode != 4) || r.fault || !(r.wb_valid[0] & 1u) ||
        r.wb_dontcare[0][0] || r.wb_reg[0] == 255)
      return;
    r.wb_value[0][0] = (r.wb_value[0][0] & 0xFFFFu) | 0xFFFE0000u;  // dy -2/16
    done = true;
  });
  ASSERT_TRUE(done);
  EXPECT_NE(o.reports.find("dy -2/16)"), std::string::npos) << o.reports;
  EXPECT_NE(o.reports.find("(dx "), std::string::npos) << o.reports;
  EXPECT_EQ(o.reports.find("nan"), std::string::npos) << o.reports;
}

TEST(CosimValue, HalfPairsShowBothHalvesAndTheirUlps) {
  char a[64], d[64];
  spagm__value_format(SPAGM_VALUE_HALVES, 0x3C003800u, a, sizeof a);  // hi 1.0, lo 0.5
  EXPECT_STREQ(a, "0x3c003800 (lo 0.5, hi 1)");
  spagm__value_distance(SPAGM_VALUE_HALVES, 0x3C003800u, 0x3C013800u, d, sizeof d);
  EXPECT_STREQ(d, ", lo 0, hi 1 ulps apart");
  spagm__value_format(SPAGM_VALUE_OFFSETS, 0x0004FFFBu, a, sizeof a);
  EXPECT_STREQ(a, "0x0004fffb (dx -5/16, dy 4/16)");
  spagm__value_format(SPAGM_VALUE_FLOAT, 0x3F5FBF7Fu, a, sizeof a);
  EXPECT_STREQ(a, "0x3f5fbf7f (0.874015749)");
  spagm__value_format(SPAGM_VALUE_FLOAT, 0x3F5FBF7Eu, a, sizeof a);
  EXPECT_STREQ(a, "0x3f5fbf7e (0.874015689)");
}

TEST(CosimValue, S012OffsetWord_ShowsItsSixteenths) {
  char a[64];
  spagm__value_format(SPAGM_VALUE_OFFSETS, 0x0400FB00u, a, sizeof a);  // (-5, 4) in S0.12
  EXPECT_STREQ(a, "0x0400fb00 (S0.12 dx -5/16, dy 4/16)");
  spagm__value_format(SPAGM_VALUE_OFFSETS, 0u, a, sizeof a);  // the centre in either format
  EXPECT_STREQ(a, "0x00000000 (dx 0/16, dy 0/16)");
}

TEST(CosimValue, UlpDistance_AcrossZeroAndNaN) {
  EXPECT_EQ(spagm__f32_ulps(0x3F800000u, 0x3F800001u), 1u);
  EXPECT_EQ(spagm__f32_ulps(0x00000000u, 0x80000000u), 0u);    // +0, -0
  EXPECT_EQ(spagm__f32_ulps(0x00000001u, 0x80000001u), 2u);    // smallest +/- denormals
  EXPECT_EQ(spagm__f32_ulps(0x7FC00000u, 0x3F800000u), ~0ull);  // NaN: no distance
  char d[48];
  spagm__value_distance(SPAGM_VALUE_FLOAT, 0x7FC00000u, 0x3F800000u, d, sizeof d);
  EXPECT_STREQ(d, "");
  spagm__value_distance(SPAGM_VALUE_FLOAT, 0x3F800000u, 0x3F800003u, d, sizeof d);
  EXPECT_STREQ(d, ", 3 ulps apart");
}

TEST(CosimCore, MaxErrorsIsExact) {
  // Every response wrong: with +max_errors=3 exactly three are reported
  // and counted, whatever arrives before the testbench stops.
  Outcome o = run(3, 300, [](spagm_response &r, const spagm_request &) { r.fault ^= 1; }, true,
                  0, false, 3);
  EXPECT_EQ(o.errors, 3u) << o.reports;
  size_t n = 0;
  for (size_t at = o.reports.find("MISMATCH"); at != std::string::npos;
       at = o.reports.find("MISMATCH", at + 1))
    n++;
  EXPECT_EQ(n, 3u) << o.reports;
  EXPECT_NE(o.summary.find("stopped after 3 errors (+max_errors=3)"), std::string::npos)
      << o.summary;
}

// The waves' expected response (N211): spagm_cosim_expected gives the
// request and the prediction parked under a delivered response's tag, the
// lanes where the response differs as the check judges them and the rule
// behind the first; spagm_cosim_first_error_lanes keeps those of the first
// mismatch (the lane the save file opens, N212).
TEST(CosimCore, Expected_GivesTheParkedPredictionAndTheDifferingLanes) {
  unsigned corrupted_tag = ~0u, seen = 0, flagged = 0;
  uint32_t good_value = 0;
  g_before_check = [&](spagm_cosim *c, unsigned u, const spagm_response &rsp) {
    spagm_request q;
    spagm_response e;
    uint32_t lanes = 1;
    unsigned rule = 0;
    ASSERT_TRUE(spagm_cosim_expected(c, (spagm_unit)u, &rsp, &q, &e, &lanes, &rule));
    EXPECT_EQ(q.tag, rsp.tag);
    seen++;
    if (rsp.tag == corrupted_tag && !flagged) {
      flagged++;
      EXPECT_EQ(lanes, (1u << 2) | (1u << 5));
      EXPECT_NE(rule, 0u);
      EXPECT_NE(spagm_rule_name(rule), nullptr);
      EXPECT_EQ(e.wb_value[0][2], good_value);
    } else {
      EXPECT_EQ(lanes, 0u) << "tag " << rsp.tag;
    }
    spagm_response other = rsp;
    other.tag ^= 0x40000000u;  // no request of that tag: nothing parked
    EXPECT_FALSE(spagm_cosim_expected(c, (spagm_unit)u, &other, &q, &e, &lanes, &rule));
    EXPECT_EQ(lanes, 0u);
  };
  Outcome out = run(2, 300, [&](spagm_response &r, const spagm_request &) {
    if (corrupted_tag == ~0u && (r.wb_valid[0] & 0x24) == 0x24 && !r.wb_dontcare[0][2] &&
        !r.wb_dontcare[0][5] && r.wb_reg[0] != 255) {
      corrupted_tag = r.tag;
      good_value = r.wb_value[0][2];
      r.wb_value[0][2] ^= 0x100;
      r.wb_value[0][5] ^= 0x1;
    }
  });
  g_before_check = nullptr;
  EXPECT_EQ(flagged, 1u);
  EXPECT_GT(seen, 100u);
  EXPECT_EQ(out.errors, 1u) << out.reports;
  EXPECT_EQ(out.first_error_lanes, (1u << 2) | (1u << 5));
}

TEST(CosimCore, DontCareBitsAreNotCompared) {
  unsigned flipped = 0;
  Outcome o = run(3, 600, [&](spagm_response &r, const spagm_request &) {
    for (unsigned s = 0; s < 4; s++)
      for (unsigned l = 0; l < 32; l++)
        if (r.wb_dontcare[s][l]) {
          r.wb_value[s][l] ^= r.wb_dontcare[s][l];
          flipped++;
        }
  });
  EXPECT_GT(flipped, 0u);
  EXPECT_EQ(o.errors, 0u) << o.reports;
}

TEST(CosimCore, UnwrittenLanesAndUnusedSlotsAreIgnored) {
  Outcome o = run(3, 400, [](spagm_response &r, const spagm_request &) {
    for (unsigned s = 0; s < 4; s++) {
      if (!r.wb_valid[s]) r.wb_reg[s] = 17;
      for (unsigned l = 0; l < 32; l++)
        if (!(r.wb_valid[s] >> l & 1u)) r.wb_value[s][l] = 0xDEADBEEF;
    }
    if (!r.pd_written) r.pd = 3;
  });
  EXPECT_EQ(o.errors, 0u) << o.reports;
}

TEST(CosimCore, EachComparedFieldIsCaught) {
  struct Case {
    const char *name;
    Corrupt f;
    const char *text;
  } cases[] = {
      {"fault", [](spagm_response &r, const spagm_request &) { r.fault ^= 1; }, "fault: expected"},
      {"fault_lanes", [](spagm_response &r, const spagm_request &) { r.fault_lanes ^= 1; },
       "fault: expected"},
      {"wb_valid",
       [](spagm_response &r, const spagm_request &) { r.wb_valid[0] ^= 0x80000000u; },
       "lanes written"},
      {"wb_reg",
       [](spagm_response &r, const spagm_request &) {
         if (r.wb_valid[0]) r.wb_reg[0] ^= 1;
       },
       "expected register"},
      {"pd_written", [](spagm_response &r, const spagm_request &) { r.pd_written ^= 2; },
       "predicate lanes written"},
      {"st_mask", [](spagm_response &r, const spagm_request &) { r.st_mask[1] ^= 4; },
       "store component 1 lanes"},
      {"tag", [](spagm_response &r, const spagm_request &) { r.tag += 100000; },
       "matches no accepted request"},
  };
  for (const auto &k : cases) {
    Outcome o = run(3, 200, k.f);
    EXPECT_GT(o.errors, 0u) << k.name;
    EXPECT_NE(o.reports.find(k.text), std::string::npos) << k.name << "\n" << o.reports;
    EXPECT_NE(o.summary.find("cosim: "), std::string::npos);
  }
}

TEST(CosimCore, CorrectStandIn_Passes) {
  Outcome o = run(3, 1000, nullptr);
  EXPECT_EQ(o.errors, 0u) << o.reports;
  EXPECT_EQ(o.failed, 0u);
  EXPECT_NE(o.summary.find("cosim: 2000 passed, 0 failed"), std::string::npos) << o.summary;
  EXPECT_NE(o.summary.find("seed 5"), std::string::npos);
}

// The waves mark both ends of the first mismatching transaction: run_unit
// accepts each request one cycle before its response.
TEST(CosimCore, FirstMismatch_KnowsTheCycleItsRequestWasAccepted) {
  unsigned seen = 0;
  Outcome o = run(2, 300, [&](spagm_response &r, const spagm_request &) {
    if (++seen == 40) r.fault ^= 1;
  });
  ASSERT_EQ(o.errors, 1u) << o.reports;
  EXPECT_EQ(o.first_error_accept_cycle + 1, o.first_error_cycle);
  std::string at = "at cycle " + std::to_string(o.first_error_cycle) + " (accepted at cycle " +
                   std::to_string(o.first_error_accept_cycle) + ")";
  EXPECT_NE(o.reports.find(at), std::string::npos) << o.reports;
}

TEST(CosimCore, FirstErrorWithoutARequest_HasNoAcceptCycle) {
  Outcome o = run(1, 200, nullptr, true, 0x10);
  ASSERT_EQ(o.errors, 1u) << o.reports;
  EXPECT_NE(o.first_error_cycle, ~0ull);
  EXPECT_EQ(o.first_error_accept_cycle, ~0ull);
}

TEST(CosimCore, ImageWordDifference_FailsTheRun) {
  Outcome o = run(1, 200, nullptr, true, 0x10);
  EXPECT_EQ(o.errors, 1u);
  EXPECT_NE(o.reports.find("image at end of epoch"), std::string::npos) << o.reports;
  EXPECT_GT(o.failed, 0u);
  EXPECT_NE(o.summary.find("image words differ"), std::string::npos);
}

TEST(CosimCore, StoresComparedOnStoredLanes) {
  unsigned hit = 0;
  Outcome o = run(1, 600, [&](spagm_response &r, const spagm_request &) {
    for (unsigned k = 0; k < 4; k++)
      if (r.st_mask[k]) {
        unsigned l = (unsigned)__builtin_ctz(r.st_mask[k]);
        r.st_data[k][l] ^= 1;
        hit++;
        return;
      }
  });
  ASSERT_GT(hit, 0u);
  EXPECT_EQ(o.errors, hit);
  EXPECT_NE(o.reports.find("store component"), std::string::npos);
}

}  // namespace
