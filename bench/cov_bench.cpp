// SPDX-License-Identifier: Apache-2.0
// Cost of functional coverage collection (docs/coverage.md): the
// same requests executed with spagm_execute, with spagm_execute_explained,
// and with spagm_execute_explained + spagm_cov_sample. Sampling needs the
// explanation, so its overhead is Explained+Sample against Explained; the
// figure docs/coverage.md quotes comes from
//   build/bench/cov_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <vector>

extern "C" {
#include "spagm/spagm.h"
#include "spagm/cov/cov.h"
#include "spagm/stim/stim.h"
}

namespace {

enum Mode { kPlain, kExplained, kSampled };

// Four epochs of the default stimulus (all units), each on its own model.
struct Traffic {
  std::vector<spagm_model *> models;
  std::vector<std::vector<spagm_request>> reqs;
  size_t count = 0;
  Traffic() {
    spagm_stim_opts o;
    spagm_stim_opts_default(&o);
    o.units = 7;
    spagm_stim *s = spagm_stim_new(&o, nullptr);
    for (unsigned e = 0; e < 4; e++) {
      spagm_model *m = spagm_model_new();
      spagm_stim_begin_epoch(s, e, m, nullptr);
      std::vector<spagm_request> r;
      spagm_request q;
      for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
        while (spagm_stim_next(s, (spagm_unit)u, &q)) r.push_back(q);
      count += r.size();
      models.push_back(m);
      reqs.push_back(std::move(r));
    }
    spagm_stim_free(s);
  }
  ~Traffic() {
    for (auto *m : models) spagm_model_free(m);
  }
};

void BM_Execute(benchmark::State &state, Mode mode) {
  static Traffic t;
  spagm_cov *cov = spagm_cov_new();
  auto *rsp = new spagm_response;
  auto *ex = new spagm_explain;
  for (auto _ : state) {
    for (size_t e = 0; e < t.models.size(); e++)
      for (const spagm_request &q : t.reqs[e]) {
        if (mode == kPlain) {
          spagm_execute(t.models[e], &q, rsp);
        } else {
          spagm_execute_explained(t.models[e], &q, rsp, ex);
          if (mode == kSampled) spagm_cov_sample(cov, t.models[e], nullptr, &q, rsp, ex);
        }
      }
    benchmark::DoNotOptimize(rsp->wb_value[0][0]);
  }
  state.SetItemsProcessed((int64_t)(state.iterations() * t.count));
  delete rsp;
  delete ex;
  spagm_cov_free(cov);
}

}  // namespace

BENCHMARK_CAPTURE(BM_Execute, Plain, kPlain)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Execute, Explained, kExplained)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Execute, ExplainedSampled, kSampled)->Unit(benchmark::kMillisecond);
