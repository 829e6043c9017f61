// SPDX-License-Identifier: Apache-2.0
// Verilator harness of a testbench that makes its own clock (--timing):
// advances time until $finish or $fatal. TB_TOP names the Verilated class,
// TB_TOP_HEADER its header. Exit status 1 after $fatal.
#include <memory>

#include "verilated.h"
#include TB_TOP_HEADER

int main(int argc, char **argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  ctx->fatalOnError(false);
  auto top = std::make_unique<TB_TOP>(ctx.get());
  while (!ctx->gotFinish()) {
    top->eval();
    if (!top->eventsPending()) break;
    ctx->time(top->nextTimeSlot());
  }
  top->final();
  return ctx->gotError() ? 1 : 0;
}
