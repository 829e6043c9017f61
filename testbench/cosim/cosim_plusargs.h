// SPDX-License-Identifier: Apache-2.0
// spagm-cosim plusargs: parsing and validation (docs/cosim.md, "Plusargs").
// The testbench (tb_cosim.sv) reads the run's own plusargs itself; the
// harness handles +help, +list_bugs, +bug=NAME, the tracing options and
// +waves_on_fail, and rejects anything that is not a plusarg.
#ifndef SPAGM_COSIM_PLUSARGS_H
#define SPAGM_COSIM_PLUSARGS_H

#include <cstdint>
#include <string>
#include <vector>

namespace cosim {

// Cycles to record as FST waves (+trace, +trace_start, +trace_stop,
// +trace_file).
struct WaveWindow {
  bool on = false;
  uint64_t start = 0, stop = UINT64_MAX;
  std::string file;
};

// What one spagm-cosim process was asked to do.
struct Options {
  // The harness's name, in its messages and wave file names: spagm-cosim,
  // or spagm-sc-cosim (systemc/), which shares these plusargs.
  std::string program = "spagm-cosim";
  std::vector<std::string> args;      // argv, +bug=NAME turned into +bug=N
  std::vector<std::string> run_args;  // args and the +repro= the reports quote
  bool rerun = false;                 // +spagm_rerun: this is the waves re-run
  bool waves_on_fail = false;
  WaveWindow waves;
  std::string seed;       // +seed as given, "1" by default
  std::string waves_dir;  // +waves_dir=DIR, "." by default: where wave files go
  std::string base;       // <waves_dir>/<program>-<units>-seed<N>: +trace's file name
  // Set by the harness before parsing: the RTL is built with Verilator's
  // line and toggle coverage (-DSPAGM_RTL_COVERAGE=ON), so +rtl_cov=FILE
  // can write it; otherwise that plusarg is refused.
  bool rtl_coverage_built = false;
  // Set by the harness before parsing: the model can dump FST waves
  // (-DSPAGM_COSIM_WAVES=ON, the default); otherwise +trace and
  // +waves_on_fail are refused.
  bool waves_built = true;
  // Set by the harness before parsing: the units the model holds
  // (-DSPAGM_COSIM_UNITS), comma-separated. +units naming another is
  // refused; without +units the run is of these.
  std::string units_built = "attr,pix,tex";
  std::string rtl_cov;  // +rtl_cov=FILE, "" when not asked
};

// Parses argv into *o. Returns -1 when the run should go on, else the exit
// status: 0 after +help or +list_bugs, 2 on a bad argument (with a message).
int parse_plusargs(int argc, char **argv, Options *o);

// The +verilator+seed+ value of a run's random initial values, derived from
// its +seed (1 when none): 1 + seed mod (2^31 - 2).
std::string verilator_seed(const std::vector<std::string> &args);

// Options that only control outputs (waves, JSON, progress); they are not
// part of the reproduction and the waves re-run does not repeat them.
bool is_wave_option(const std::string &a);

}  // namespace cosim

#endif
