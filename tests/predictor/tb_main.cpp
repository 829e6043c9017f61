// SPDX-License-Identifier: Apache-2.0
// Verilator harness of tb_predictor_contract: one initial block, no clock.
// Exit status 1 after $fatal.
#include <memory>

#include "Vtb_predictor_contract.h"
#include "verilated.h"

int main(int argc, char **argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  ctx->fatalOnError(false);
  auto top = std::make_unique<Vtb_predictor_contract>(ctx.get());
  while (!ctx->gotFinish() && !ctx->gotError()) top->eval();
  top->final();
  return ctx->gotError() ? 1 : 0;
}
