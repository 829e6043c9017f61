// SPDX-License-Identifier: Apache-2.0
// What the TLM-2.0 wrapper costs (goal <= 10%): one transaction
// by a direct spagm_execute call versus the same request through an
// initiator socket bound to a spagm::tlm_unit (b_transport with the
// extension, payload checks, latency annotation). Per unit, on a full warp.
// Figures, not a test: bench/systemc_bench.sh runs it with repetitions and
// prints the median overhead per unit.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "spagm/sc/tlm_unit.h"
#include "spagm/spagm.h"

namespace {

struct Bench : sc_core::sc_module {
  spagm::tlm_unit attr{"attr", SPAGM_UNIT_ATTR}, pix{"pix", SPAGM_UNIT_PIX},
      tex{"tex", SPAGM_UNIT_TEX};
  spagm::tlm_unit *unit[SPAGM_UNIT_COUNT] = {&attr, &pix, &tex};
  tlm_utils::simple_initiator_socket<Bench> txn[SPAGM_UNIT_COUNT];
  tlm_utils::simple_initiator_socket<Bench> cfg[SPAGM_UNIT_COUNT];
  explicit Bench(sc_core::sc_module_name n) : sc_core::sc_module(n) {
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      txn[u].bind(unit[u]->txn);
      cfg[u].bind(unit[u]->cfg);
    }
  }
};
Bench *bench;

// A full-warp request of unit u that executes without a fault on a model in
// power-on state (the pixel unit is told it is in PS first).
spagm_request request_of(spagm_unit u) {
  static const char *const text[] = {"ALD.128 R0, a[0x70];", "PIXLD.COVMASK R0;",
                                     "TLDS.LZ RZ, R12, R4, R5, 0x1, 2D, R;"};
  spagm_insn insn;
  spagm_request req;
  spagm_request_init(&req);
  if (spagm_asm_one(text[u], 1, 1, nullptr, &insn, nullptr) != SPAGM_OK ||
      spagm_encode(&insn, &req.insn, nullptr, nullptr) != SPAGM_OK)
    abort();
  req.lane_mask = 0xFFFFFFFFu;
  for (unsigned l = 0; l < SPAGM_LANES; l++) {
    req.vertex[l] = l;
    req.coverage[l] = 0xF;
    req.a[0][l] = l % 8;
    req.b[0][l] = l / 8;
  }
  return req;
}

void BM_Direct(benchmark::State &state) {
  spagm_unit u = (spagm_unit)state.range(0);
  spagm_model *m = spagm_model_new();
  spagm_attr_set_stage(m, u == SPAGM_UNIT_PIX ? SPAGM_STAGE_PS : SPAGM_STAGE_VSA, nullptr);
  spagm_request req = request_of(u);
  spagm_response rsp;
  for (auto _ : state) {
    spagm_execute(m, &req, &rsp);
    benchmark::DoNotOptimize(rsp);
  }
  spagm_model_free(m);
  state.SetLabel(spagm_unit_name(u));
}

void BM_Tlm(benchmark::State &state) {
  spagm_unit u = (spagm_unit)state.range(0);
  uint32_t stage = SPAGM_STAGE_PS;  // pixel unit register 0x00 (docs/port-contract.md)
  tlm::tlm_generic_payload cfg;
  cfg.set_write();
  cfg.set_address(0);
  cfg.set_data_ptr(reinterpret_cast<unsigned char *>(&stage));
  cfg.set_data_length(4);
  cfg.set_streaming_width(4);
  if (u == SPAGM_UNIT_PIX) bench->cfg[u]->transport_dbg(cfg);
  spagm::txn_extension x;
  x.req = request_of(u);
  tlm::tlm_generic_payload p;
  x.attach(p);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  for (auto _ : state) {
    bench->txn[u]->b_transport(p, delay);
    benchmark::DoNotOptimize(x.rsp);
  }
  p.clear_extension(&x);
  if (!p.is_response_ok()) state.SkipWithError(bench->unit[u]->last_error().c_str());
  state.SetLabel(spagm_unit_name(u));
}

BENCHMARK(BM_Direct)->DenseRange(0, SPAGM_UNIT_COUNT - 1);
BENCHMARK(BM_Tlm)->DenseRange(0, SPAGM_UNIT_COUNT - 1);

}  // namespace

// SystemC calls sc_main: elaborate once (sockets bound), then benchmark.
int sc_main(int argc, char **argv) {
  Bench b("bench");
  bench = &b;
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
