// SPDX-License-Identifier: Apache-2.0
/// \file
/// spagm::tlm_unit — one unit of the golden model (attr, pix or tex) as a
/// loosely-timed TLM-2.0 target (docs/systemc.md).
///
///   txn   transactions: a WRITE of one spagm_request carried by a
///         spagm::txn_extension (txn_extension.h), answered in the extension;
///         the latency of unit_timing is added to the b_transport delay.
///   cfg   the register map: below 2^32 the unit's configuration-port words
///         (docs/port-contract.md: target [31:28], byte address [27:0], 32-bit
///         little-endian words, a burst is consecutive words); from 2^48
///         (kMemBase) the texture memory, byte-addressed, tex unit only
///         (backdoor, as the co-simulation's memory model). b_transport and
///         transport_dbg.
///
/// Every payload error is an error response, never a crash (DESIGN §5):
/// another command -> TLM_COMMAND_ERROR_RESPONSE; an address outside the map
/// -> TLM_ADDRESS_ERROR_RESPONSE; byte enables -> TLM_BYTE_ENABLE_ERROR_RESPONSE;
/// a streaming width below the length -> TLM_BURST_ERROR_RESPONSE; a
/// configuration word the state map refuses -> TLM_ADDRESS_ERROR_RESPONSE; no data,
/// a wrong length, no extension, an instruction of another unit or a word the
/// model refuses -> TLM_GENERIC_ERROR_RESPONSE (last_error() says why).
///
/// The unit owns a spagm_model and uses only the public C API (spagm.h and
/// the state map spagm/statemap.h): no model logic is copied here.
///
/// Example (examples/systemc-vp/vp_main.cpp): three units bound to a core's
/// initiator sockets.
/// \snippet examples/systemc-vp/vp_main.cpp vp_units
#ifndef SPAGM_SC_TLM_UNIT_H
#define SPAGM_SC_TLM_UNIT_H

#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "spagm/sc/txn_extension.h"
#include "spagm/sc/unit_timing.h"
#include "spagm/spagm.h"

namespace spagm {

/// One unit of the golden model as a loosely-timed TLM-2.0 target with a
/// transaction socket and a register-map socket (see this file's
/// description for the map and the error responses).
class tlm_unit : public sc_core::sc_module {
 public:
  static constexpr uint64_t kMemBase = 1ull << 48;  ///< texture memory window
  static constexpr uint64_t kMemSize = 1ull << 48;  ///< its size in bytes

  tlm_utils::simple_target_socket<tlm_unit> txn;  ///< transactions (spagm::txn_extension)
  tlm_utils::simple_target_socket<tlm_unit> cfg;  ///< the register map

  /// Unit `unit` named `name`, with unit_timing::defaults(unit).
  tlm_unit(sc_core::sc_module_name name, spagm_unit unit);
  /// Unit `unit` named `name`, with the given timing.
  tlm_unit(sc_core::sc_module_name name, spagm_unit unit, const unit_timing &timing);
  ~tlm_unit() override;
  tlm_unit(const tlm_unit &) = delete;
  tlm_unit &operator=(const tlm_unit &) = delete;

  spagm_unit unit() const { return unit_; }  ///< the unit modelled
  const unit_timing &timing() const { return timing_; }  ///< its timing
  uint64_t transactions() const { return transactions_; }  ///< answered with OK
  /// Why the last error response was given (empty before any).
  const std::string &last_error() const { return last_error_; }


  /// The transaction socket's work without a socket or time: what b_transport
  /// calls (and the benchmark measures). Returns the response status.
  tlm::tlm_response_status execute(tlm::tlm_generic_payload &p);

 private:
  void b_transport_txn(tlm::tlm_generic_payload &p, sc_core::sc_time &delay);
  void b_transport_cfg(tlm::tlm_generic_payload &p, sc_core::sc_time &delay);
  unsigned transport_dbg_cfg(tlm::tlm_generic_payload &p);
  /// The register map (tlm_unit_cfg.cpp): checks and applies p, returns its
  /// status; *words = 32-bit words (or 4-byte memory chunks) transferred.
  tlm::tlm_response_status access_cfg(tlm::tlm_generic_payload &p, unsigned *words);
  tlm::tlm_response_status access_regs(tlm::tlm_generic_payload &p, unsigned *words);
  tlm::tlm_response_status access_mem(tlm::tlm_generic_payload &p, unsigned *words);
  tlm::tlm_response_status fail(tlm::tlm_response_status s, const std::string &why);

  spagm_unit unit_;
  unit_timing timing_;
  spagm_model *model_;
  sc_core::sc_time latency_[SPAGM_LANES + 1];  ///< by active lanes (unit_timing)
  uint64_t transactions_ = 0;
  std::string last_error_;
};

}  // namespace spagm

#endif
