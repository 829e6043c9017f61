// SPDX-License-Identifier: Apache-2.0
// Golden vector throughput: `spagm gen` (epoch planning, stimulus, model
// with explanations, text, CRCs, written to a temporary file as the CLI
// does, and the same in memory) and `spagm check` (parse, CRCs, state rebuild, re-execution, from
// memory), in transactions per second, plus the file's bytes per
// transaction.
//   build/bench/vec_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "spagm/spagm.h"
#include "spagm/vec/file.h"

namespace {

constexpr uint32_t kPerUnit = 10000;  // requests per unit and run
constexpr uint32_t kAttrPix = (1u << SPAGM_UNIT_ATTR) | (1u << SPAGM_UNIT_PIX);
constexpr uint32_t kAll = kAttrPix | (1u << SPAGM_UNIT_TEX);

double units_in(uint32_t units) { return (double)__builtin_popcount(units); }

std::string generate(spagm_vec_header *h, uint32_t units) {
  spagm_vec_header_random(h, 1, kPerUnit, 1000, 10000, units, nullptr);
  spagm_diag d;
  spagm_vec_writer *w = spagm_vec_writer_open_mem(h, &d);
  std::string text;
  if (w && spagm_vec_gen_random(w, h, &d) == SPAGM_OK &&
      spagm_vec_writer_finish_mem(w, &d) == SPAGM_OK) {
    size_t len = 0;
    const char *t = spagm_vec_writer_text(w, &len);
    text.assign(t, len);
  }
  spagm_vec_writer_abort(w);
  return text;
}

// What `spagm gen -o FILE` does: the writer flushes to a file every MiB.
// With the texture unit each epoch also carries its texture memory.
void BM_Gen(benchmark::State &state, uint32_t units) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("spagm_vec_bench_" + std::to_string(getpid()) + ".vec"))
          .string();
  uint64_t bytes = 0;
  for (auto _ : state) {
    spagm_vec_header h;
    spagm_diag d;
    if (spagm_vec_header_random(&h, 1, kPerUnit, 1000, 10000, units, &d) != SPAGM_OK) {
      state.SkipWithError(d.msg);
      break;
    }
    spagm_vec_writer *w = spagm_vec_writer_open(path.c_str(), &h, &d);
    if (!w || spagm_vec_gen_random(w, &h, &d) != SPAGM_OK) {
      spagm_vec_writer_abort(w);
      state.SkipWithError("generation failed");
      break;
    }
    bytes = spagm_vec_writer_bytes(w);
    if (spagm_vec_writer_close(w, &d) != SPAGM_OK) state.SkipWithError(d.msg);
  }
  std::remove(path.c_str());
  const double txns = units_in(units) * kPerUnit;
  state.SetItemsProcessed((int64_t)(state.iterations() * txns));
  state.counters["bytes_per_txn"] = (double)bytes / txns;
}
BENCHMARK_CAPTURE(BM_Gen, attr_pix, kAttrPix)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Gen, attr_pix_tex, kAll)->Unit(benchmark::kMillisecond);

// The same text built in memory: the generator's own cost, without the
// kernel copying the file into the page cache (a large and variable share on
// a virtual machine whose page cache pages are faulted in from the host).
void BM_GenMem(benchmark::State &state, uint32_t units) {
  size_t bytes = 0;
  for (auto _ : state) {
    spagm_vec_header h;
    std::string text = generate(&h, units);
    if (text.empty()) {
      state.SkipWithError("generation failed");
      break;
    }
    bytes = text.size();
  }
  const double txns = units_in(units) * kPerUnit;
  state.SetItemsProcessed((int64_t)(state.iterations() * txns));
  state.counters["bytes_per_txn"] = (double)bytes / txns;
}
BENCHMARK_CAPTURE(BM_GenMem, attr_pix, kAttrPix)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_GenMem, attr_pix_tex, kAll)->Unit(benchmark::kMillisecond);

void BM_Check(benchmark::State &state, uint32_t units) {
  spagm_vec_header h;
  const std::string text = generate(&h, units);
  for (auto _ : state) {
    spagm_diag d;
    spagm_vec_reader *r =
        spagm_vec_reader_open_mem(text.data(), text.size(), "bench.vec", nullptr, &d);
    spagm_vec_check_result res{};
    if (!r || spagm_vec_check(r, "bench.vec", nullptr, 0, &res, &d) != SPAGM_OK ||
        res.txns_failed)
      state.SkipWithError("check failed");
    spagm_vec_reader_free(r);
  }
  const double txns = units_in(units) * kPerUnit;
  state.SetItemsProcessed((int64_t)(state.iterations() * txns));
  state.counters["bytes_per_txn"] = (double)text.size() / txns;
}
BENCHMARK_CAPTURE(BM_Check, attr_pix, kAttrPix)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Check, attr_pix_tex, kAll)->Unit(benchmark::kMillisecond);

}  // namespace
