// SPDX-License-Identifier: Apache-2.0
// Shared fixture of the pixel-unit suites (tests/model/pix_*_test.cpp): a
// model in PS, a request with per-lane thread context, and helpers that
// build PIXLD instructions by hand and run them through spagm_execute_insn.
#ifndef SPAGM_TEST_PIX_HARNESS_H
#define SPAGM_TEST_PIX_HARNESS_H

#include <gtest/gtest.h>

#include <cstdint>

#include "spagm/spagm.h"

namespace pixtest {

constexpr unsigned kCounts[] = {1, 2, 4, 8, 16};
constexpr uint32_t kTrue = 0xFFFFFFFFu;  // R13
constexpr uint32_t kFalse = 0u;          // R13

// (dx, dy) packed as PIXLD.OFFSET returns them: dx [15:0], dy [31:16], each
// a signed 16-bit value (DESIGN §7.4). Written here independently of the
// model's spagm_pix_pack_offset.
inline uint32_t pack(int dx, int dy) {
  return (static_cast<uint32_t>(dx) & 0xFFFFu) |
         ((static_cast<uint32_t>(dy) & 0xFFFFu) << 16);
}

// Standard sample positions, typed from DESIGN §7.4 (1/16 pixel, by index).
struct Pos {
  int x, y;
};
inline const Pos *standard_table(unsigned count) {
  static const Pos p1[] = {{0, 0}};
  static const Pos p2[] = {{4, 4}, {-4, -4}};
  static const Pos p4[] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
  static const Pos p8[] = {{1, -3}, {-1, 3}, {5, 1},  {-3, -5},
                           {-5, 5}, {-7, -1}, {3, 7}, {7, -7}};
  static const Pos p16[] = {{1, 1},   {-1, -3}, {-3, 2},  {4, -1},
                            {-5, -2}, {2, 5},   {5, 3},   {3, -5},
                            {-2, 6},  {0, -7},  {-4, -6}, {-6, 4},
                            {-8, 0},  {7, -4},  {6, 7},   {-7, -8}};
  switch (count) {
    case 1: return p1;
    case 2: return p2;
    case 4: return p4;
    case 8: return p8;
    default: return p16;
  }
}

// A programmable table unlike every standard one: sample i at (i-8, 7-i).
inline void skewed_table(spagm_sample_pos t[SPAGM_PIX_MAX_SAMPLES]) {
  for (int i = 0; i < SPAGM_PIX_MAX_SAMPLES; i++) {
    t[i].x = static_cast<int8_t>(i - 8);
    t[i].y = static_cast<int8_t>(7 - i);
  }
}

class PixFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    m = spagm_model_new();
    ASSERT_NE(m, nullptr);
    ASSERT_EQ(spagm_attr_set_stage(m, SPAGM_STAGE_PS, nullptr), SPAGM_OK);
    spagm_request_init(&req);
    req.tag = 42;
    req.lane_mask = 0xFFFFFFFFu;
  }
  void TearDown() override { spagm_model_free(m); }

  // A PIXLD of `mode` writing Rd; Ra RZ, imm 0 and Pd PT unless changed.
  static spagm_insn pixld(unsigned mode, unsigned rd = 0, unsigned ra = SPAGM_RZ,
                          int imm = 0, unsigned pd = SPAGM_PT) {
    spagm_insn i;
    spagm_insn_init(&i, SPAGM_OP_PIXLD);
    i.pmode = static_cast<spagm_pixld_mode>(mode);
    i.rd = static_cast<uint8_t>(rd);
    i.ra = static_cast<uint8_t>(ra);
    i.imm = imm;
    i.pd = static_cast<uint8_t>(pd);
    return i;
  }

  void samples(unsigned n) { ASSERT_EQ(spagm_pix_set_samples(m, n, nullptr), SPAGM_OK); }
  void ssaa(bool on) { ASSERT_EQ(spagm_pix_set_ssaa(m, on, nullptr), SPAGM_OK); }
  void programmable() {
    spagm_sample_pos t[SPAGM_PIX_MAX_SAMPLES];
    skewed_table(t);
    ASSERT_EQ(spagm_pix_set_programmable_positions(m, t, nullptr), SPAGM_OK);
  }
  void coverage_all(uint16_t c) {
    for (unsigned l = 0; l < SPAGM_LANES; l++) req.coverage[l] = c;
  }
  void ra_all(uint32_t v) {
    for (unsigned l = 0; l < SPAGM_LANES; l++) req.a[0][l] = v;
  }

  // Execute with explanation; the response must carry the request's tag.
  void run(const spagm_insn &i) {
    ASSERT_EQ(spagm_execute_insn(m, &i, &req, &resp, &ex), SPAGM_OK);
    ASSERT_EQ(resp.tag, req.tag);
  }
  // Rd of lane 0 after run(); the test checks the fault itself.
  uint32_t rd0() const { return resp.wb_value[0][0]; }

  spagm_model *m = nullptr;
  spagm_request req{};
  spagm_response resp{};
  spagm_explain ex{};
};

}  // namespace pixtest

#endif
