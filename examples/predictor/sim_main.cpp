// SPDX-License-Identifier: Apache-2.0
// Verilator harness of the example: the SystemVerilog top makes its own
// clock (--timing), so this only advances time until $finish or $fatal.
// Other simulators need no harness. Exit status: 0 when the test passed,
// 1 after $fatal (the testbench's verdict: mismatches, missing responses).
#include <memory>

#include "Vtb_pix_predictor.h"
#include "verilated.h"

int main(int argc, char **argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  ctx->fatalOnError(false);  // $fatal ends the run with a status, not abort()
  auto top = std::make_unique<Vtb_pix_predictor>(ctx.get());
  while (!ctx->gotFinish()) {
    top->eval();
    if (!top->eventsPending()) break;
    ctx->time(top->nextTimeSlot());
  }
  top->final();
  return ctx->gotError() ? 1 : 0;
}
