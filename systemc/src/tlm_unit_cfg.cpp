// SPDX-License-Identifier: Apache-2.0
// spagm::tlm_unit (tlm_unit.h): the configuration socket's register map.
// Configuration words go through the state map of the vector library
// (spagm/statemap.h), the same mapping the co-simulation and the vector
// files use, so a platform loads a unit exactly as the RTL is loaded.
#include <cstring>

#include "spagm/sc/tlm_unit.h"
#include "spagm/statemap.h"

namespace spagm {

tlm::tlm_response_status tlm_unit::access_cfg(tlm::tlm_generic_payload &p, unsigned *words) {
  *words = 0;
  if (!p.is_read() && !p.is_write())
    return fail(tlm::TLM_COMMAND_ERROR_RESPONSE, "configuration accesses are READ or WRITE");
  if (!p.get_data_ptr() || p.get_data_length() == 0)
    return fail(tlm::TLM_GENERIC_ERROR_RESPONSE, "no data");
  if (p.get_byte_enable_ptr()) return fail(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, "byte enables");
  if (p.get_streaming_width() < p.get_data_length())
    return fail(tlm::TLM_BURST_ERROR_RESPONSE, "streaming width below the length");
  uint64_t a = p.get_address();
  if (a >= kMemBase) return access_mem(p, words);
  return access_regs(p, words);
}

// Configuration-port words: the burst is consecutive aligned 32-bit words
// inside the 32-bit map; it stops at the first word the map refuses (the
// words before it are done).
tlm::tlm_response_status tlm_unit::access_regs(tlm::tlm_generic_payload &p, unsigned *words) {
  uint64_t a = p.get_address();
  unsigned len = p.get_data_length();
  if (a % 4 || len % 4 || a + len > (1ull << 32))
    return fail(tlm::TLM_ADDRESS_ERROR_RESPONSE, "configuration words are 4-byte aligned");
  for (unsigned i = 0; i < len; i += 4) {
    uint32_t addr = (uint32_t)(a + i), v = 0;
    unsigned char *d = p.get_data_ptr() + i;
    if (p.is_read()) {
      if (!spagm_statemap_read(model_, unit_, addr, &v))
        return fail(tlm::TLM_ADDRESS_ERROR_RESPONSE, "not readable in the map");
      memcpy(d, &v, 4);  // the host is little-endian, as the map's words
    } else {
      memcpy(&v, d, 4);
      spagm_diag diag;
      if (spagm_statemap_write(model_, unit_, addr, v, &diag) != SPAGM_OK)
        return fail(tlm::TLM_ADDRESS_ERROR_RESPONSE, diag.msg);
    }
    ++*words;
  }
  return tlm::TLM_OK_RESPONSE;
}

// The texture memory behind the backdoor window (tex unit only).
tlm::tlm_response_status tlm_unit::access_mem(tlm::tlm_generic_payload &p, unsigned *words) {
  uint64_t va = p.get_address() - kMemBase;
  unsigned len = p.get_data_length();
  if (unit_ != SPAGM_UNIT_TEX || va >= kMemSize || len > kMemSize - va)
    return fail(tlm::TLM_ADDRESS_ERROR_RESPONSE, "outside the texture memory window");
  spagm_status s = p.is_read() ? spagm_tex_mem_read(model_, va, p.get_data_ptr(), len)
                               : spagm_tex_mem_write(model_, va, p.get_data_ptr(), len);
  if (s != SPAGM_OK) return fail(tlm::TLM_GENERIC_ERROR_RESPONSE, "texture memory refused");
  *words = (len + 3) / 4;
  return tlm::TLM_OK_RESPONSE;
}

void tlm_unit::b_transport_cfg(tlm::tlm_generic_payload &p, sc_core::sc_time &delay) {
  unsigned words = 0;
  p.set_response_status(access_cfg(p, &words));
  delay += timing_.cfg_latency(words);
}

unsigned tlm_unit::transport_dbg_cfg(tlm::tlm_generic_payload &p) {
  unsigned words = 0;
  if (access_cfg(p, &words) != tlm::TLM_OK_RESPONSE) return 0;
  return p.get_data_length();
}

}  // namespace spagm
