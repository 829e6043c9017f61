// SPDX-License-Identifier: Apache-2.0
// A plain memory target of the virtual platform: the shader core fetches
// its program from it. Byte-addressed, READ and WRITE, a fixed latency per
// access; anything outside it is an address error.
#ifndef SPAGM_VP_MEMORY_H
#define SPAGM_VP_MEMORY_H

#include <cstring>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

struct memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<memory> socket{"socket"};
  std::vector<unsigned char> bytes;
  sc_core::sc_time latency{20, sc_core::SC_NS};

  memory(sc_core::sc_module_name n, size_t size) : sc_core::sc_module(n), bytes(size) {
    socket.register_b_transport(this, &memory::b_transport);
  }

  void b_transport(tlm::tlm_generic_payload &p, sc_core::sc_time &delay) {
    uint64_t a = p.get_address();
    unsigned n = p.get_data_length();
    if (a > bytes.size() || n > bytes.size() - a) {
      p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    if (p.is_read())
      std::memcpy(p.get_data_ptr(), &bytes[a], n);
    else if (p.is_write())
      std::memcpy(&bytes[a], p.get_data_ptr(), n);
    delay += latency;
    p.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

#endif
