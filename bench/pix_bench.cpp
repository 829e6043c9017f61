// SPDX-License-Identifier: Apache-2.0
// PIXLD warp transactions per second through spagm_execute (decode of the
// 64-bit word included), over a pool of pre-encoded words covering all six
// modes, both address forms and with and without Pd. Prints figures only.
//
//   build/bench/pix_bench --benchmark_repetitions=5
//                         --benchmark_report_aggregates_only=true
// The target is >= 5M transactions/s on one core (items_per_second).
#include <benchmark/benchmark.h>

#include <vector>

#include "spagm/spagm.h"

namespace {

struct Pool {
  spagm_model *m = nullptr;
  std::vector<spagm_request> reqs;
  bool ok = false;

  explicit Pool(unsigned samples, bool programmable) {
    m = spagm_model_new();
    if (!m || spagm_attr_set_stage(m, SPAGM_STAGE_PS, nullptr) != SPAGM_OK ||
        spagm_pix_set_samples(m, samples, nullptr) != SPAGM_OK ||
        spagm_pix_set_ssaa(m, true, nullptr) != SPAGM_OK)
      return;
    if (programmable) {
      spagm_sample_pos t[SPAGM_PIX_MAX_SAMPLES];
      for (int i = 0; i < SPAGM_PIX_MAX_SAMPLES; i++) {
        t[i].x = static_cast<int8_t>((i * 5) % 16 - 8);
        t[i].y = static_cast<int8_t>((i * 3) % 16 - 8);
      }
      if (spagm_pix_set_programmable_positions(m, t, nullptr) != SPAGM_OK) return;
    }
    unsigned n = 0;
    for (unsigned mode = 0; mode <= SPAGM_PIX_MY_INDEX; mode++) {
      for (unsigned form = 0; form < 4; form++) {
        spagm_insn insn;
        spagm_insn_init(&insn, SPAGM_OP_PIXLD);
        insn.pmode = static_cast<spagm_pixld_mode>(mode);
        insn.rd = static_cast<uint8_t>(form * 3);
        insn.ra = form & 1u ? static_cast<uint8_t>(10 + form) : SPAGM_RZ;
        insn.imm = form & 1u ? -1 : static_cast<int32_t>(form);
        insn.pd = form & 2u ? static_cast<uint8_t>(form) : SPAGM_PT;
        spagm_request req;
        spagm_request_init(&req);
        if (spagm_encode(&insn, &req.insn, nullptr, nullptr) != SPAGM_OK) return;
        req.tag = n++;
        req.lane_mask = form == 3 ? 0x0FF0FFFFu : 0xFFFFFFFFu;
        for (unsigned l = 0; l < SPAGM_LANES; l++) {
          req.a[0][l] = (l * 7u + form) % 10u;
          req.coverage[l] = static_cast<uint16_t>(0xB5E3u >> (l % 11));
          req.sample[l] = static_cast<uint8_t>(l % samples);
        }
        reqs.push_back(req);
      }
    }
    ok = true;
  }
  ~Pool() { spagm_model_free(m); }
};

// The co-simulation fast path: no explanation.
void BM_PixldExecute(benchmark::State &state) {
  Pool pool(static_cast<unsigned>(state.range(0)), state.range(1) != 0);
  if (!pool.ok) {
    state.SkipWithError("setup failed (model, stage or encoder unavailable)");
    return;
  }
  spagm_response resp;
  size_t i = 0, n = pool.reqs.size();
  for (auto _ : state) {
    spagm_execute(pool.m, &pool.reqs[i], &resp);
    benchmark::DoNotOptimize(resp.wb_value[0][0]);
    if (++i == n) i = 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_PixldExecute)
    ->ArgNames({"samples", "programmable"})
    ->Args({8, 0})
    ->Args({16, 1});

// The same with explanations recorded (scenario runner, mismatch reports).
void BM_PixldExecuteExplained(benchmark::State &state) {
  Pool pool(8, false);
  if (!pool.ok) {
    state.SkipWithError("setup failed (model, stage or encoder unavailable)");
    return;
  }
  spagm_response resp;
  static spagm_explain ex;
  size_t i = 0, n = pool.reqs.size();
  for (auto _ : state) {
    spagm_execute_explained(pool.m, &pool.reqs[i], &resp, &ex);
    benchmark::DoNotOptimize(resp.wb_value[0][0]);
    if (++i == n) i = 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_PixldExecuteExplained);

}  // namespace
