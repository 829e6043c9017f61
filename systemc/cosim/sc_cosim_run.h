// SPDX-License-Identifier: Apache-2.0
// spagm-sc-cosim run loop: one SystemC simulation of tb_cosim.sv, verilated
// with SystemC output (docs/systemc.md, "Co-simulation in SystemC").
#ifndef SPAGM_SC_COSIM_RUN_H
#define SPAGM_SC_COSIM_RUN_H

#include <string>
#include <vector>

#include "cosim_plusargs.h"
#include "cosim_run.h"

namespace sc_cosim {

// As cosim::run_testbench (testbench/cosim/cosim_run.h) for spagm-cosim: clocks
// tb_cosim with these plusargs under the SystemC kernel until it is done,
// recording the FST window when it is on. A re-run (+spagm_rerun) stops
// once the window is written and always has status 0. Call once per
// process: SystemC elaborates only once.
cosim::RunResult run_testbench(const std::vector<std::string> &args, const cosim::WaveWindow &w,
                               bool rerun);

}  // namespace sc_cosim

#endif
