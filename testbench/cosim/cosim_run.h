// SPDX-License-Identifier: Apache-2.0
// spagm-cosim run loop: one Verilator simulation of tb_cosim.sv.
#ifndef SPAGM_COSIM_RUN_H
#define SPAGM_COSIM_RUN_H

#include <cstdint>
#include <string>
#include <vector>

#include "cosim_plusargs.h"

namespace cosim {

struct RunResult {
  int status = 1;                        // exit status: 0 only when the run passed
  uint64_t first_err_cycle = ~0ull;      // cycle of the first mismatch, all ones when none
  uint64_t first_err_req_cycle = ~0ull;  // accept cycle of its request, all ones when none
  unsigned first_err_unit = 0;           // its unit: 0 attr, 1 pix, 2 tex
  uint32_t first_err_lanes = 0;          // the lanes its response differed on
  uint64_t ticks_per_cycle = 1000;       // FST time units per cycle (one cycle is 1 ns)
};

// Clocks tb_cosim with these plusargs until it is done, recording the wave
// window when it is on (and then saying where the waves are). A re-run
// (+spagm_rerun) stops once the window is written and always has status 0.
// In the waves, cycle N (as the reports count cycles) is the clock period
// from N ns to N+1 ns: the `cycle` signal shows N there, and the handshakes
// the testbench hands to the scoreboard as cycle N are high there.
RunResult run_testbench(const std::vector<std::string> &args, const WaveWindow &w, bool rerun);

}  // namespace cosim

#endif
