// SPDX-License-Identifier: Apache-2.0
// spagm-sc-cosim: the lock-step co-simulation under the SystemC kernel.
//
// The same testbench as spagm-cosim (testbench/cosim/tb_cosim.sv: its drivers,
// memory model and, through DPI, the C co-simulation core cosim/include/cosim.h that
// generates the stimulus and keeps the one scoreboard), verilated with
// SystemC output and clocked by an sc_clock in sc_main. So the plusargs
// (testbench/cosim/cosim_plusargs.*), seeds, transaction stream, summary,
// +waves_on_fail and exit status are spagm-cosim's (docs/systemc.md, N-note
// in docs/spec-notes.md).
//   sc_cosim_run   the SystemC elaboration, the clock, the wave window
#include <cstdlib>
#include <systemc>

#include "cosim_plusargs.h"
#include "cosim_waves.h"
#include "sc_cosim_run.h"

// SystemC's banner is not spagm-cosim's output (N88: the same output on the
// same seed). The library prints it before sc_main, so the variable is set
// during static initialisation; a user who set it keeps the value given.
static const int kNoBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);

int sc_main(int argc, char **argv) {
  (void)kNoBanner;
  cosim::Options o;
  o.program = "spagm-sc-cosim";
  o.rtl_coverage_built = VM_COVERAGE;  // from verilate(), 1 with -DSPAGM_RTL_COVERAGE=ON
  int exit_status = cosim::parse_plusargs(argc, argv, &o);
  if (exit_status >= 0) return exit_status;
  cosim::RunResult r = sc_cosim::run_testbench(o.run_args, o.waves, o.rerun);
  bool want_waves = r.status != 0 && !o.rerun && o.waves_on_fail && r.first_err_cycle != ~0ull;
  if (want_waves) cosim::rerun_with_waves(o, r);
  fflush(stdout);
  return r.status;
}
