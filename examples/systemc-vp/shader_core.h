// SPDX-License-Identifier: Apache-2.0
// The virtual platform's initiator: a "shader core" thread that configures
// the three spagm units through their cfg sockets, then fetches a short
// program from memory and issues each instruction as one warp transaction
// to the unit that executes it, loosely timed with a quantum keeper.
#ifndef SPAGM_VP_SHADER_CORE_H
#define SPAGM_VP_SHADER_CORE_H

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include <vector>

#include "spagm/spagm.h"
#include "unit_setup.h"

struct shader_core : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<shader_core> imem{"imem"};
  tlm_utils::simple_initiator_socket<shader_core> txn[SPAGM_UNIT_COUNT];
  tlm_utils::simple_initiator_socket<shader_core> cfg[SPAGM_UNIT_COUNT];

  unsigned program_words = 0;  // 64-bit instruction words at address 0
  unsigned errors = 0;         // error responses and instruction faults
  spagm_regfile rf;            // the warp's registers

  SC_HAS_PROCESS(shader_core);
  explicit shader_core(sc_core::sc_module_name n);

 private:
  void run();
  void configure(spagm_unit u, const std::vector<cfg_write> &words);
  bool fetch(unsigned pc, uint64_t *word);
  void issue(unsigned pc, uint64_t word, uint32_t tag);
  void print_result(const spagm_response &rsp);
  tlm_utils::tlm_quantumkeeper qk;
};

#endif
