// SPDX-License-Identifier: Apache-2.0
// spagm-replay: the Verilator harness of the replay testbench (tb_replay.sv).
// It only clocks the model; everything else happens in SystemVerilog. The
// exit status is 0 only when every check passed. Progress (checks made
// of all, rate, ETA) goes to stderr (spagm/vec/progress.h).
//   spagm-replay +vectors=DIR [+seed=N] [+bug=N] [+max_reports=N] [+tex_mem_pages=N]
#include <cstdio>
#include <memory>
#include <string>

#include "Vtb_replay.h"
#include "spagm/vec/progress.h"
#include "verilated.h"

int main(int argc, char **argv) {
  setvbuf(stdout, nullptr, _IOLBF, 0);  // reports interleave with progress lines
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  for (int i = 1; i < argc; i++) {
    if (std::string(argv[i]) == "+help" || std::string(argv[i]) == "--help") {
      std::printf(
          "usage: spagm-replay +vectors=DIR [+seed=N] [+bug=N] [+max_reports=N]\n"
          "                    [+tex_mem_pages=N]\n\n"
          "Replays the hex export of a vector file (spagm export-hex FILE DIR) on the\n"
          "RTL units without DPI and ends with `replay: N passed, M failed`.\n");
      return 0;
    }
  }
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
  return tb->failures != 0 || !tb->done ? 1 : 0;
}
