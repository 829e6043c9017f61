// SPDX-License-Identifier: Apache-2.0
// ALD / AST warp transactions per second through spagm_execute (decode of
// the 64-bit word included), over a pool of requests generated once with a
// fixed seed: every size, .I and .O loads, stores, a VS (implicit vertex)
// and a GS (Rb handles, Rc output indexes) configuration, 64 vertices and
// a non-contiguous map. Prints figures only.
//
//   build/bench/attr_bench --benchmark_repetitions=5
//                          --benchmark_report_aggregates_only=true
// The target is >= 1M transactions/s on one core (items_per_second).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "spagm/spagm.h"

namespace {

struct Pool {
  spagm_model *m = nullptr;
  std::vector<spagm_request> reqs;
  bool ok = false;

  // stage: VSA (ALD.I, ALD.O, AST) or GS (ALD.I with Rb, AST through Rc).
  Pool(spagm_stage stage, unsigned store_percent) {
    m = spagm_model_new();
    if (!m || spagm_attr_set_stage(m, stage, nullptr) != SPAGM_OK ||
        spagm_attr_set_vertex_count(m, 64, nullptr) != SPAGM_OK ||
        spagm_attr_set_gs_max_vertices(m, 8, nullptr) != SPAGM_OK)
      return;
    // Maps: position, generics 0-7 except a hole, two texture coordinates.
    uint32_t bits[SPAGM_ATTR_MAP_WORDS] = {};
    auto add = [&](uint32_t lo, uint32_t hi) {
      for (uint32_t a = lo / 4; a <= hi / 4; a++) bits[a / 32] |= 1u << (a % 32);
    };
    add(0x070, 0x07C);
    add(0x080, 0x0DC);
    add(0x0F0, 0x0FC);
    add(0x300, 0x31C);
    for (spagm_attr_map w : {SPAGM_MAP_IMAP, SPAGM_MAP_OMAP, SPAGM_MAP_OMAP_PREV,
                             SPAGM_MAP_IMAP_NEXT})
      if (spagm_attr_set_map(m, w, bits, nullptr) != SPAGM_OK) return;
    std::mt19937 rng(20240611u);
    for (unsigned v = 0; v < 64; v++)
      for (uint32_t a = 0x70; a < 0x320; a += 4)
        spagm_attr_set_vertex_attr(m, SPAGM_SPACE_ISBE_IN, v, a, rng(), rng() % 4 != 0, nullptr);
    const bool gs = stage == SPAGM_STAGE_GS;
    for (unsigned n = 0; n < 4096; n++) {
      spagm_insn insn;
      const bool store = rng() % 100 < store_percent;
      spagm_insn_init(&insn, store ? SPAGM_OP_AST : SPAGM_OP_ALD);
      insn.asize = static_cast<spagm_asize>(rng() % 4);
      insn.imm = static_cast<int32_t>(0x60 + 4 * (rng() % 200));
      if (store) {
        insn.rb = static_cast<uint8_t>(4 * (rng() % 8));
        insn.rc = gs ? 0 : SPAGM_RZ;
      } else {
        insn.rd = static_cast<uint8_t>(4 * (rng() % 8));
        insn.out = !gs && rng() % 3 == 0;
        insn.rb = gs ? 1 : SPAGM_RZ;
      }
      spagm_request req;
      spagm_request_init(&req);
      if (spagm_encode(&insn, &req.insn, nullptr, nullptr) != SPAGM_OK) return;
      req.tag = n;
      req.lane_mask = rng() % 4 == 0 ? static_cast<uint32_t>(rng()) : 0xFFFFFFFFu;
      for (unsigned l = 0; l < SPAGM_LANES; l++) {
        req.vertex[l] = (n + l) % 64;
        req.primitive[l] = l % 64;
        req.b[0][l] = rng() % 64;
        req.c[l] = rng() % 8;
        for (unsigned c = 0; c < 4; c++) req.d[c][l] = static_cast<uint32_t>(rng());
      }
      reqs.push_back(req);
    }
    ok = true;
  }
  ~Pool() { spagm_model_free(m); }
};

void run_pool(benchmark::State &state, Pool &pool) {
  if (!pool.ok) {
    state.SkipWithError("could not build the request pool");
    return;
  }
  spagm_response resp;
  size_t i = 0;
  for (auto _ : state) {
    spagm_execute(pool.m, &pool.reqs[i], &resp);
    benchmark::DoNotOptimize(resp.wb_value[0][0]);
    if (++i == pool.reqs.size()) i = 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

void BM_AttrVsLoadStoreMix(benchmark::State &state) {
  static Pool pool(SPAGM_STAGE_VSA, 30);
  run_pool(state, pool);
}
BENCHMARK(BM_AttrVsLoadStoreMix);

void BM_AttrGsLoadStoreMix(benchmark::State &state) {
  static Pool pool(SPAGM_STAGE_GS, 30);
  run_pool(state, pool);
}
BENCHMARK(BM_AttrGsLoadStoreMix);

void BM_AttrVsLoadsOnly(benchmark::State &state) {
  static Pool pool(SPAGM_STAGE_VSA, 0);
  run_pool(state, pool);
}
BENCHMARK(BM_AttrVsLoadsOnly);

}  // namespace
