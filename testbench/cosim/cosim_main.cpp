// SPDX-License-Identifier: Apache-2.0
// spagm-cosim: the C++ harness of the Verilator co-simulation.
//
// It clocks tb_cosim.sv (which runs the whole flow through DPI), records
// FST waves when asked, and implements +waves_on_fail: when a run fails, it
// runs the same seed again by itself with tracing on for a window around
// the first mismatch and writes a GTKWave save file that opens there.
//   cosim_plusargs  the plusargs: +help, +list_bugs, +bug=NAME, tracing
//   cosim_run       one simulation: the clock, the wave window, the result
//   cosim_waves     the +waves_on_fail re-run and the GTKWave save file
// The summary of a run is printed by the testbench (spagm_dpi_finish).
#include <cstdio>

#include "cosim_plusargs.h"
#include "cosim_run.h"
#include "cosim_waves.h"

int main(int argc, char **argv) {
  cosim::Options o;
  o.rtl_coverage_built = VM_COVERAGE;  // from verilate(), 1 with -DSPAGM_RTL_COVERAGE=ON
  o.waves_built = VM_TRACE;            // from verilate(), 0 with -DSPAGM_COSIM_WAVES=OFF
  o.units_built = SPAGM_COSIM_UNITS_BUILT;  // -DSPAGM_COSIM_UNITS, "attr,pix,tex" by default
  int exit_status = cosim::parse_plusargs(argc, argv, &o);
  if (exit_status >= 0) return exit_status;
  cosim::RunResult r = cosim::run_testbench(o.run_args, o.waves, o.rerun);
  bool want_waves = r.status != 0 && !o.rerun && o.waves_on_fail && r.first_err_cycle != ~0ull;
  if (want_waves) cosim::rerun_with_waves(o, r);
  fflush(stdout);
  return r.status;
}
