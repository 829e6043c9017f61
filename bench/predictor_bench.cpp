// SPDX-License-Identifier: Apache-2.0
// Per-transaction cost of the predictor (spagm/predictor.h): predict at
// accept plus check of a matching response by tag, with 16 transactions in
// flight, against a direct spagm_execute of the same request (and
// spagm_execute_explained, which the predictor runs to explain mismatches).
// BM_DpiUnpack is what the DPI wrappers add per transaction: unpacking the
// request and the response from svBitVecVal words. One stimulus epoch per
// unit (1000 requests of spagm_stim, seed 1), replayed in a loop. Prints
// figures only.
//
//   build/bench/predictor_bench --benchmark_repetitions=5
//                               --benchmark_report_aggregates_only=true
// Overhead per transaction = median of BM_PredictCheck minus BM_Execute
// (plus BM_DpiUnpack when called through spagm_pkg).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "spagm/predictor.h"
#include "spagm/spagm.h"
#include "spagm/stim/stim.h"

namespace {

constexpr unsigned kInFlight = 16;

// The requests of one stimulus epoch for unit u, whose state is loaded
// into m.
std::vector<spagm_request> traffic(spagm_unit u, spagm_model *m) {
  std::vector<spagm_request> reqs;
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = 1;
  o.units = 1u << u;
  o.epoch_txns = 1000;
  spagm_stim *st = spagm_stim_new(&o, nullptr);
  if (st && spagm_stim_begin_epoch(st, 0, m, nullptr) == SPAGM_OK) {
    spagm_request r;
    while (spagm_stim_next(st, u, &r)) reqs.push_back(r);
  }
  spagm_stim_free(st);
  return reqs;
}

void BM_Execute(benchmark::State &state) {
  auto u = static_cast<spagm_unit>(state.range(0));
  spagm_model *m = spagm_model_new();
  std::vector<spagm_request> reqs = traffic(u, m);
  if (reqs.empty()) {
    state.SkipWithError("no stimulus");
    spagm_model_free(m);
    return;
  }
  spagm_response rsp;
  size_t i = 0;
  for (auto _ : state) {
    spagm_execute(m, &reqs[i], &rsp);
    benchmark::DoNotOptimize(rsp);
    i = i + 1 == reqs.size() ? 0 : i + 1;
  }
  state.SetItemsProcessed(state.iterations());
  spagm_model_free(m);
}

void BM_ExecuteExplained(benchmark::State &state) {
  auto u = static_cast<spagm_unit>(state.range(0));
  spagm_model *m = spagm_model_new();
  std::vector<spagm_request> reqs = traffic(u, m);
  if (reqs.empty()) {
    state.SkipWithError("no stimulus");
    spagm_model_free(m);
    return;
  }
  spagm_response rsp;
  spagm_explain ex;
  size_t i = 0;
  for (auto _ : state) {
    spagm_execute_explained(m, &reqs[i], &rsp, &ex);
    benchmark::DoNotOptimize(rsp);
    benchmark::DoNotOptimize(ex);
    i = i + 1 == reqs.size() ? 0 : i + 1;
  }
  state.SetItemsProcessed(state.iterations());
  spagm_model_free(m);
}

// Predict request k, check the response of request k - 16 (a copy of its
// expectation, so every check matches).
void BM_PredictCheck(benchmark::State &state) {
  auto u = static_cast<spagm_unit>(state.range(0));
  spagm_predictor *p = spagm_predictor_new(u, 1, nullptr);
  std::vector<spagm_request> reqs = traffic(u, spagm_predictor_model(p));
  if (reqs.empty()) {
    state.SkipWithError("no stimulus");
    spagm_predictor_free(p);
    return;
  }
  std::vector<spagm_response> ring(kInFlight);
  uint32_t tag = 0;
  size_t i = 0;
  unsigned diffs = 0, bad = 0;
  for (auto _ : state) {
    spagm_response &slot = ring[tag % kInFlight];
    if (tag >= kInFlight) {
      spagm_predictor_check(p, &slot, &diffs, nullptr);
      bad += diffs;
    }
    reqs[i].tag = tag++;
    spagm_predictor_predict(p, &reqs[i], &slot, nullptr);
    i = i + 1 == reqs.size() ? 0 : i + 1;
  }
  state.SetItemsProcessed(state.iterations());
  if (bad) state.SkipWithError("a check failed");
  spagm_predictor_free(p);
}

// What the DPI wrappers add per transaction: unpack the request and the
// response from svBitVecVal words (spagm_txn_pkg layout).
void BM_DpiUnpack(benchmark::State &state) {
  auto u = static_cast<spagm_unit>(state.range(0));
  spagm_model *m = spagm_model_new();
  std::vector<spagm_request> reqs = traffic(u, m);
  if (reqs.empty()) {
    state.SkipWithError("no stimulus");
    spagm_model_free(m);
    return;
  }
  std::vector<uint32_t> rq(SPAGM_REQUEST_WORDS), rs(SPAGM_RESPONSE_WORDS);
  spagm_response rsp;
  spagm_execute(m, &reqs[0], &rsp);
  spagm_request_pack(&reqs[0], rq.data());
  spagm_response_pack(&rsp, rs.data());
  spagm_request r;
  for (auto _ : state) {
    spagm_request_unpack(rq.data(), &r);
    spagm_response_unpack(rs.data(), &rsp);
    benchmark::DoNotOptimize(r);
    benchmark::DoNotOptimize(rsp);
  }
  state.SetItemsProcessed(state.iterations());
  spagm_model_free(m);
}

void units(benchmark::internal::Benchmark *b) {
  b->ArgName("unit");
  for (int u = 0; u < SPAGM_UNIT_COUNT; u++) b->Arg(u);
}

BENCHMARK(BM_Execute)->Apply(units);
BENCHMARK(BM_ExecuteExplained)->Apply(units);
BENCHMARK(BM_PredictCheck)->Apply(units);
BENCHMARK(BM_DpiUnpack)->Apply(units);

}  // namespace
