// SPDX-License-Identifier: Apache-2.0
// spagm-cosim run loop (cosim_run.h): the clock, the FST window, the result.
#include "cosim_run.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>

#include "Vtb_cosim.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

namespace cosim {

namespace {

// FST time units per clock cycle: one cycle is 1 ns whatever the model's
// time precision (1 ps from --timescale 1ns/1ps, finer when a user's RTL
// asks for it).
uint64_t ticks_per_ns(const VerilatedContext &ctx) {
  uint64_t t = 1;
  for (int p = ctx.timeprecision(); p < -9; p++) t *= 10;
  return t;
}

}  // namespace

RunResult run_testbench(const std::vector<std::string> &args, const WaveWindow &w, bool rerun) {
  auto ctx = std::make_unique<VerilatedContext>();
  std::vector<const char *> argv;
  for (const auto &a : args) argv.push_back(a.c_str());
  ctx->commandArgs((int)argv.size(), argv.data());
  auto top = std::make_unique<Vtb_cosim>(ctx.get(), "TOP");
#if VM_TRACE
  if (w.on) ctx->traceEverOn(true);
  std::unique_ptr<VerilatedFstC> tfp;
#endif
  const uint64_t tick = ticks_per_ns(*ctx);
  uint64_t cyc = 0;  // the edge below starts cycle cyc + 1 (tb_cosim's `cycle`)
  top->clk = 0;
  top->eval();
  while (!ctx->gotFinish() && !top->done) {
#if VM_TRACE
    // Without waves in the build (VM_TRACE 0) the plusargs refuse +trace.
    bool tracing = w.on && cyc + 1 >= w.start && cyc + 1 <= w.stop;
    if (tracing && !tfp) {
      tfp = std::make_unique<VerilatedFstC>();
      top->trace(tfp.get(), 99);
      tfp->open(w.file.c_str());
    }
#endif
    top->clk = 1;
    top->eval();
#if VM_TRACE
    if (tracing) tfp->dump((cyc + 1) * tick);
#endif
    top->clk = 0;
    top->eval();
#if VM_TRACE
    if (tracing) tfp->dump((cyc + 1) * tick + tick / 2);
#endif
    cyc++;
    if (rerun && cyc >= w.stop) break;  // the window is written: enough
  }
#if VM_TRACE
  if (tfp) tfp->close();
#endif
  top->final();
#if VM_COVERAGE
  // +rtl_cov=FILE (a -DSPAGM_RTL_COVERAGE=ON build): Verilator's line and
  // toggle counts of this run, for verilator_coverage (scripts/rtl-coverage).
  const std::string cov = ctx->commandArgsPlusMatch("rtl_cov=");
  if (!cov.empty()) ctx->coveragep()->write(cov.substr(strlen("+rtl_cov=")).c_str());
#endif
  RunResult r;
  r.first_err_cycle = top->first_err_cycle;
  r.first_err_req_cycle = top->first_err_req_cycle;
  r.first_err_unit = top->first_err_unit;
  r.first_err_lanes = top->first_err_lanes;
  r.ticks_per_cycle = tick;
  r.status = rerun || (top->done && top->failures == 0) ? 0 : 1;
  if (w.on)
    printf("spagm-cosim: waves in %s (cycles %" PRIu64 "..%" PRIu64 ")\n", w.file.c_str(), w.start,
           w.stop == UINT64_MAX ? (uint64_t)0 : w.stop);
  return r;
}

}  // namespace cosim
