// SPDX-License-Identifier: Apache-2.0
// spagm-replay: the Verilator harness of the replay testbench (tb_replay.sv).
// It only clocks the model; everything else happens in SystemVerilog. The
// exit status is 0 only when every check passed. Progress (checks made
// of all, rate, ETA) goes to stderr (spagm/util/progress.h).
//   spagm-replay +vectors=DIR [+seed=N] [+bug=NAME|N] [+max_reports=N] [+tex_mem_pages=N]
//                [+rtl_cov=FILE]
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include <vector>

#include "Vtb_replay.h"
#include "bug_catalogue.h"
#include "spagm/util/progress.h"
#include "verilated.h"
#if VM_COVERAGE
#include "verilated_cov.h"  // +rtl_cov=FILE (N253)
#endif

// +bug=NAME becomes +bug=N for tb_replay.sv (which reads a number); a name
// or number the catalogue does not have is refused (N172). False then.
static bool resolve_bug(std::string *a) {
  if (a->compare(0, 5, "+bug=") != 0) return true;
  std::string v = a->substr(5);
  if (v == "0" || v == "none") {
    *a = "+bug=0";
    return true;
  }
  for (const auto &b : spagm_bug_catalogue)
    if (v == b.name || v == std::to_string(b.sel)) {
      *a = "+bug=" + std::to_string(b.sel);
      return true;
    }
  std::fprintf(stderr, "replay: unknown bug '%s' (rtl_stubs/bugs.tsv lists the defects by name)\n",
               v.c_str());
  return false;
}

int main(int argc, char **argv) {
  setvbuf(stdout, nullptr, _IOLBF, 0);  // reports interleave with progress lines
  auto ctx = std::make_unique<VerilatedContext>();
  std::vector<std::string> args(argv, argv + argc);
  for (auto &a : args)
    if (!resolve_bug(&a)) return 2;
  std::vector<const char *> cargs;
  for (const auto &a : args) cargs.push_back(a.c_str());
  ctx->commandArgs((int)cargs.size(), cargs.data());
  for (int i = 1; i < argc; i++) {
    if (std::string(argv[i]) == "+help" || std::string(argv[i]) == "--help") {
      std::printf(
          "usage: spagm-replay +vectors=DIR [+seed=N] [+bug=NAME|N] [+max_reports=N]\n"
          "                    [+tex_mem_pages=N] [+rtl_cov=FILE]\n\n"
          "Replays the hex export of a vector file (spagm export-hex FILE DIR) on the\n"
          "RTL units without DPI and ends with `replay: N passed, M failed`.\n"
          "+rtl_cov=FILE the RTL's line and toggle coverage (a -DSPAGM_RTL_COVERAGE=ON build).\n");
      return 0;
    }
  }
  // +rtl_cov=FILE writes Verilator's line and toggle counts: only a build
  // with the counters has them (as spagm-cosim, N253).
  const char *rtl_cov = ctx->commandArgsPlusMatch("rtl_cov=");
  if (rtl_cov[0] && !VM_COVERAGE) {
    std::fprintf(stderr, "replay: +rtl_cov=FILE needs a build with -DSPAGM_RTL_COVERAGE=ON\n");
    return 2;
  }
  const std::string cov_file = rtl_cov[0] ? rtl_cov + std::strlen("+rtl_cov=") : "";
  auto tb = std::make_unique<Vtb_replay>(ctx.get());
  tb->clk = 0;
  tb->eval();
  spagm_progress progress;
  bool started = false;
  while (!tb->done && !ctx->gotFinish()) {
    if (!started && tb->total > 0) {  // the manifest is read
      spagm_progress_start(&progress, stderr, "replay", "checks", (uint64_t)tb->total);
      started = true;
    }
    if (started) spagm_progress_update(&progress, (uint64_t)tb->checked);
    ctx->timeInc(5);
    tb->clk = 1;
    tb->eval();
    ctx->timeInc(5);
    tb->clk = 0;
    tb->eval();
  }
  if (started) spagm_progress_end(&progress);
  tb->final();
#if VM_COVERAGE
  if (!cov_file.empty()) ctx->coveragep()->write(cov_file.c_str());
#endif
  return tb->failures != 0 || !tb->done ? 1 : 0;
}
