// SPDX-License-Identifier: Apache-2.0
// Instruction layer throughput: decode (on the path of every spagm_execute),
// encode, the assembler and the disassembler. Items are instructions.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "spagm/spagm.h"

namespace {

const char *const kProgram[] = {
    "ALD.O.P.64 R2, a[R4+16], R5;", "AST.PHYS.128 a[R0], R4, R1;",
    "AL2P.O.96 R0, P2, R1, -32;",   "ISBERD.O.ATTR.SKEW.B32 R1, [R2];",
    "PIXLD.COVERED R1, P2, [R3+4];", "TLDS.F16.LL.AOFFI.NODEP R0, R2, R4, R6, 0x10, 2D, RGB;",
    "ALD R0, a[16];",                "TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R;",
};
constexpr size_t kN = sizeof kProgram / sizeof kProgram[0];

std::vector<spagm_insn> Insns() {
  std::vector<spagm_insn> v(kN);
  for (size_t i = 0; i < kN; i++) spagm_asm_one(kProgram[i], 1, 1, nullptr, &v[i], nullptr);
  return v;
}

std::vector<uint64_t> Words() {
  std::vector<uint64_t> w(kN);
  std::vector<spagm_insn> v = Insns();
  for (size_t i = 0; i < kN; i++) spagm_encode(&v[i], &w[i], nullptr, nullptr);
  return w;
}

void BM_Decode(benchmark::State &state) {
  std::vector<uint64_t> w = Words();
  spagm_insn x;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(spagm_decode(w[i++ % kN], &x, nullptr));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Decode);

void BM_Encode(benchmark::State &state) {
  std::vector<spagm_insn> v = Insns();
  uint64_t w;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(spagm_encode(&v[i++ % kN], &w, nullptr, nullptr));
    benchmark::DoNotOptimize(w);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Encode);

void BM_AsmOne(benchmark::State &state) {
  spagm_insn x;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(spagm_asm_one(kProgram[i++ % kN], 1, 1, nullptr, &x, nullptr));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AsmOne);

void BM_Disasm(benchmark::State &state) {
  std::vector<spagm_insn> v = Insns();
  char buf[256];
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(spagm_disasm(&v[i++ % kN], 1, buf, sizeof buf));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Disasm);

}  // namespace
