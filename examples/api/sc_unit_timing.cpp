// SPDX-License-Identifier: Apache-2.0
// spagm/sc/unit_timing.h: a texture unit with a deeper pipeline than the
// default, and the delay its b_transport annotates for a request of eight
// active lanes (docs/systemc.md, "Timing model").
#include <cstdio>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "spagm/sc/tlm_unit.h"

namespace {

// The initiator side of a unit's two sockets.
struct issuer : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<issuer> socket;  // transactions
  tlm_utils::simple_initiator_socket<issuer> cfg;     // the register map
  explicit issuer(sc_core::sc_module_name n)
      : sc_core::sc_module(n), socket("socket"), cfg("cfg") {}
};

}  // namespace

int sc_main(int, char **) {
  spagm_insn insn;
  uint64_t word = 0;
  if (spagm_asm_one("TLDS.LZ RZ, R4, R2, 0x0, 1D, R;", 1, 1, nullptr, &insn, nullptr) !=
          SPAGM_OK ||
      spagm_encode(&insn, &word, nullptr, nullptr) != SPAGM_OK)
    return 1;
  //! [unit_timing]
  spagm::unit_timing timing = spagm::unit_timing::defaults(SPAGM_UNIT_TEX);
  timing.fixed_cycles = 30;  // 30 cycles of pipeline, then 4 lanes a cycle
  spagm::tlm_unit tex("tex", SPAGM_UNIT_TEX, timing);
  issuer core("core");
  core.socket.bind(tex.txn);
  core.cfg.bind(tex.cfg);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborated: sockets bound

  spagm::txn_extension x;
  tlm::tlm_generic_payload p;
  x.req.insn = word;
  x.req.lane_mask = 0xFFu;  // 8 lanes: 30 + 8/4 = 32 cycles
  x.attach(p);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  core.socket->b_transport(p, delay);
  p.clear_extension(&x);
  std::printf("TLDS on 8 lanes: %s (timing says %s); 4 configuration words: %s\n",
              delay.to_string().c_str(), timing.latency(0xFFu).to_string().c_str(),
              timing.cfg_latency(4).to_string().c_str());
  //! [unit_timing]
  if (!p.is_response_ok() || delay != timing.latency(0xFFu) ||
      delay != sc_core::sc_time(32, sc_core::SC_NS)) {
    std::fprintf(stderr, "error: the annotated delay is (fixed + lanes / 4) cycles of 1 ns\n");
    return 1;
  }
  return 0;
}
