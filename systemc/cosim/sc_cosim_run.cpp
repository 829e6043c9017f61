// SPDX-License-Identifier: Apache-2.0
// spagm-sc-cosim run loop (sc_cosim_run.h): the sc_clock, the stop
// condition, the FST window.
#include "sc_cosim_run.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>
#include <systemc>

#include "Vtb_cosim.h"
#include "verilated.h"
#if VM_COVERAGE
#include "verilated_cov.h"  // +rtl_cov=FILE (N253)
#endif
#include "verilated_fst_sc.h"

namespace sc_cosim {
namespace {

// One clock cycle of the testbench is 1 ns, as in spagm-cosim (both
// verilate with --timescale 1ns/1ps; SystemC's resolution is 1 ps, the
// Verilog precision). So cycle k starts at k ns in the FST files of both
// and the GTKWave save file of cosim_waves.cpp fits both.
sc_core::sc_time period() { return sc_core::sc_time(1, sc_core::SC_NS); }

// Stops the kernel when the run is over: done raised, or $finish (a run
// that could not open ends without raising done, so it also looks every
// 1000 cycles).
struct Stopper : sc_core::sc_module {
  sc_core::sc_in<bool> done{"done"};
  SC_HAS_PROCESS(Stopper);
  explicit Stopper(sc_core::sc_module_name n) : sc_core::sc_module(n) { SC_METHOD(watch); }
  void watch() {
    if (done.read() || Verilated::gotFinish()) sc_core::sc_stop();
    next_trigger(1000 * period(), done.value_changed_event());
  }
};

// The testbench with its clock and the signals of its outputs. The model
// is a top-level module named TOP, so its signals have spagm-cosim's names
// in the waves (TOP.tb_cosim.u_pix.mismatch, ...).
struct Bench {
  // First rising edge at 1 ns: the edge that starts cycle N is at N ns, as
  // in spagm-cosim's FST, so the save file's markers (cycle N at N ns) fall
  // on the same values (N213). From 0 the waves were one cycle ahead.
  sc_core::sc_clock clk{"clk", period(), 0.5, period(), true};
  sc_core::sc_signal<bool> done{"done"};
  sc_core::sc_signal<uint64_t> failures{"failures"}, first_err_cycle{"first_err_cycle"},
      first_err_req_cycle{"first_err_req_cycle"}, cycle{"cycle"};
  sc_core::sc_signal<uint32_t> first_err_unit{"first_err_unit"}, first_err_lanes{"first_err_lanes"};
  Vtb_cosim top{"TOP"};
  Stopper stopper{"stopper"};

  Bench() {
    top.clk(clk);
    top.done(done);
    top.failures(failures);
    top.first_err_cycle(first_err_cycle);
    top.first_err_req_cycle(first_err_req_cycle);
    top.first_err_unit(first_err_unit);
    top.first_err_lanes(first_err_lanes);
    top.cycle(cycle);
    stopper.done(done);
  }
};

std::vector<const char *> c_args(const std::vector<std::string> &args) {
  std::vector<const char *> argv;
  for (const auto &a : args) argv.push_back(a.c_str());
  return argv;
}

// Steps the clock cycle by cycle, tracing cycles w.start..w.stop: the FST
// file is opened (after elaboration, as VerilatedFstSc requires) when the
// window starts and closed when it ends.
void run_traced(Bench &b, const cosim::WaveWindow &w, bool rerun) {
  std::unique_ptr<VerilatedFstSc> tfp;
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  while (!b.done.read() && !Verilated::gotFinish()) {
    uint64_t cyc = b.cycle.read();
    if (!tfp && cyc >= w.start && cyc <= w.stop) {
      tfp = std::make_unique<VerilatedFstSc>();
      b.top.trace(tfp.get(), 99);
      tfp->open(w.file.c_str());
    }
    if (tfp && cyc > w.stop) {
      tfp->close();
      if (rerun) break;  // the window is written: enough
    }
    sc_core::sc_start(period());
  }
  if (tfp) tfp->close();
}

}  // namespace

cosim::RunResult run_testbench(const std::vector<std::string> &args, const cosim::WaveWindow &w,
                               bool rerun) {
  std::vector<const char *> argv = c_args(args);
  Verilated::commandArgs((int)argv.size(), argv.data());
  if (w.on) Verilated::traceEverOn(true);
  // The kernel's notes ("simulation stopped by user") would follow the
  // summary; warnings and errors are still reported.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  Bench b;
  if (w.on)
    run_traced(b, w, rerun);
  else
    sc_core::sc_start();  // until Stopper::watch stops it
  b.top.final();
#if VM_COVERAGE
  // +rtl_cov=FILE (a -DSPAGM_RTL_COVERAGE=ON build): the counts of this run,
  // as spagm-cosim writes them (spagm-regress merges them, N253).
  const char *cov = Verilated::commandArgsPlusMatch("rtl_cov=");
  if (cov[0]) Verilated::threadContextp()->coveragep()->write(cov + strlen("+rtl_cov="));
#endif
  cosim::RunResult r;
  r.first_err_cycle = b.first_err_cycle.read();
  r.first_err_req_cycle = b.first_err_req_cycle.read();
  r.ticks_per_cycle = 1000;  // period() in the FST's 1 ps units
  r.first_err_unit = b.first_err_unit.read();
  r.first_err_lanes = b.first_err_lanes.read();
  r.status = rerun || (b.done.read() && b.failures.read() == 0) ? 0 : 1;
  if (w.on)
    printf("spagm-sc-cosim: waves in %s (cycles %" PRIu64 "..%" PRIu64 ")\n", w.file.c_str(),
           w.start, w.stop == UINT64_MAX ? (uint64_t)0 : w.stop);
  return r;
}

}  // namespace sc_cosim
