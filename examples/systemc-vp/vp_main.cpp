// SPDX-License-Identifier: Apache-2.0
// examples/systemc-vp: a tiny loosely-timed virtual platform around the
// spagm TLM-2.0 units (docs/systemc.md). A shader core fetches a short
// program from memory and issues its ALD, AST, PIXLD and TLDS to the
// attribute, pixel and texture units; it prints each transaction, its
// simulated start time and latency, and the results.
//   build/bin/spagm-systemc-vp
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <systemc>

#include "memory.h"
#include "shader_core.h"
#include "spagm/sc/tlm_unit.h"
#include "spagm/spagm.h"

namespace {

// The program: a vertex read and written back as GENERIC0, the pixel's
// coverage, a texel fetch at (lane % 8, lane / 8).
const char kProgram[] =
    "ALD.128 R0, a[0x70];\n"
    "AST.128 a[0x80], R0;\n"
    "PIXLD.COVMASK R8;\n"
    "PIXLD.MY_INDEX R9;\n"
    "TLDS.LZ RZ, R12, R4, R5, 0x1, 2D, R;\n";

// Assembles kProgram into mem at address 0; the number of words, 0 on error.
unsigned load_program(memory &mem) {
  spagm_insn *insns = nullptr;
  size_t n = 0;
  spagm_diag d{};
  if (spagm_asm_text(kProgram, strlen(kProgram), nullptr, &insns, &n, &d) != SPAGM_OK) {
    fprintf(stderr, "systemc-vp: the program does not assemble: %s\n", d.msg);
    return 0;
  }
  for (size_t i = 0; i < n; i++) {
    uint64_t w = 0;
    if (spagm_encode(&insns[i], &w, nullptr, &d) != SPAGM_OK) n = 0;
    if (n) std::memcpy(&mem.bytes[8 * i], &w, 8);
  }
  free(insns);
  return (unsigned)n;
}

}  // namespace

int sc_main(int, char **) {
  tlm::tlm_global_quantum::instance().set(sc_core::sc_time(100, sc_core::SC_NS));
  memory mem("memory", 4096);
  // [vp_units] the API reference's example (spagm/sc/tlm_unit.h)
  spagm::tlm_unit attr("attr", SPAGM_UNIT_ATTR), pix("pix", SPAGM_UNIT_PIX),
      tex("tex", SPAGM_UNIT_TEX);
  shader_core core("core");
  core.imem.bind(mem.socket);
  spagm::tlm_unit *units[] = {&attr, &pix, &tex};
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    core.txn[u].bind(units[u]->txn);
    core.cfg[u].bind(units[u]->cfg);
  }
  // [vp_units]
  core.program_words = load_program(mem);
  if (!core.program_words) return 1;
  sc_core::sc_start();
  printf("systemc-vp: %" PRIu64 " attr, %" PRIu64 " pix, %" PRIu64 " tex transactions; "
         "simulated time %s\n",
         attr.transactions(), pix.transactions(), tex.transactions(),
         sc_core::sc_time_stamp().to_string().c_str());
  return core.errors ? 1 : 0;
}
