// SPDX-License-Identifier: Apache-2.0
// The one SystemC platform of the TLM wrapper tests (tlm_unit_test.cpp):
// the three spagm::tlm_unit targets and an initiator socket bound to each
// of their sockets. SystemC elaborates once per process, so sc_main builds
// it before the tests and they share it; each test calls b_transport and
// transport_dbg through the sockets directly (the targets never wait).
#ifndef SPAGM_TESTS_TLM_PLATFORM_H
#define SPAGM_TESTS_TLM_PLATFORM_H

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "spagm/sc/tlm_unit.h"

namespace tlmtest {

struct Platform : sc_core::sc_module {
  spagm::tlm_unit attr{"attr", SPAGM_UNIT_ATTR};
  spagm::tlm_unit pix{"pix", SPAGM_UNIT_PIX};
  spagm::tlm_unit tex{"tex", SPAGM_UNIT_TEX};
  tlm_utils::simple_initiator_socket<Platform> txn[SPAGM_UNIT_COUNT];
  tlm_utils::simple_initiator_socket<Platform> cfg[SPAGM_UNIT_COUNT];

  explicit Platform(sc_core::sc_module_name n) : sc_core::sc_module(n) {
    spagm::tlm_unit *units[] = {&attr, &pix, &tex};
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      txn[u].bind(units[u]->txn);
      cfg[u].bind(units[u]->cfg);
    }
  }
};

// Built by sc_main (tlm_unit_test.cpp) before any test runs.
Platform &platform();

}  // namespace tlmtest

#endif
