// SPDX-License-Identifier: Apache-2.0
// spagm::tlm_unit (tlm_unit.h): construction and the transaction socket.
#include "spagm/sc/tlm_unit.h"

#include <new>

namespace spagm {

tlm_unit::tlm_unit(sc_core::sc_module_name name, spagm_unit unit)
    : tlm_unit(name, unit, unit_timing::defaults(unit)) {}

tlm_unit::tlm_unit(sc_core::sc_module_name name, spagm_unit unit, const unit_timing &timing)
    : sc_core::sc_module(name), txn("txn"), cfg("cfg"), unit_(unit), timing_(timing),
      model_(spagm_model_new()) {
  if (!model_) throw std::bad_alloc();
  // The latency of every active-lane count, worked out once (sc_time
  // arithmetic in doubles would cost more than a pixel transaction).
  for (unsigned n = 0; n <= SPAGM_LANES; n++)
    latency_[n] = timing_.latency(n == SPAGM_LANES ? ~0u : (1u << n) - 1);
  txn.register_b_transport(this, &tlm_unit::b_transport_txn);
  cfg.register_b_transport(this, &tlm_unit::b_transport_cfg);
  cfg.register_transport_dbg(this, &tlm_unit::transport_dbg_cfg);
}

tlm_unit::~tlm_unit() { spagm_model_free(model_); }

tlm::tlm_response_status tlm_unit::fail(tlm::tlm_response_status s, const std::string &why) {
  last_error_ = std::string(name()) + ": " + why;
  return s;
}

// Checks the payload against the transaction socket's contract
// (txn_extension.h), then executes the request on the model in arrival
// order (DESIGN §3: the model executes at acceptance, in acceptance order).
tlm::tlm_response_status tlm_unit::execute(tlm::tlm_generic_payload &p) {
  txn_extension *x = p.get_extension<txn_extension>();
  if (!x) return fail(tlm::TLM_GENERIC_ERROR_RESPONSE, "no spagm::txn_extension");
  x->status = SPAGM_E_ARG;
  if (!p.is_write()) return fail(tlm::TLM_COMMAND_ERROR_RESPONSE, "transactions are WRITEs");
  if (p.get_address() != 0) return fail(tlm::TLM_ADDRESS_ERROR_RESPONSE, "address is not 0");
  if (!p.get_data_ptr() || p.get_data_length() != sizeof(spagm_request))
    return fail(tlm::TLM_GENERIC_ERROR_RESPONSE, "data is not one spagm_request");
  if (p.get_byte_enable_ptr()) return fail(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, "byte enables");
  if (p.get_streaming_width() < p.get_data_length())
    return fail(tlm::TLM_BURST_ERROR_RESPONSE, "streaming width below the length");
  const auto *req = reinterpret_cast<const spagm_request *>(p.get_data_ptr());
  spagm_insn insn;
  if (spagm_decode(req->insn, &insn, nullptr) != SPAGM_OK) {
    // An undecodable word is an instruction fault: the model answers
    // ILLEGAL_INSTR_ENCODING, as the RTL does.
    x->status = spagm_execute(model_, req, &x->rsp);
  } else if (spagm_op_unit(insn.op) != unit_) {
    // A word another unit executes is a routing error of the platform, not
    // an instruction fault (N89).
    spagm_response_init(&x->rsp, req->tag);
    return fail(tlm::TLM_GENERIC_ERROR_RESPONSE,
                std::string("instruction of the ") + spagm_unit_name(spagm_op_unit(insn.op)) +
                    " unit");
  } else {
    // What spagm_execute does after its decode: the word is decoded once.
    x->status = spagm_execute_insn(model_, &insn, req, &x->rsp, nullptr);
  }
  if (x->status != SPAGM_OK) return fail(tlm::TLM_GENERIC_ERROR_RESPONSE, "model refused");
  transactions_++;
  return tlm::TLM_OK_RESPONSE;
}

void tlm_unit::b_transport_txn(tlm::tlm_generic_payload &p, sc_core::sc_time &delay) {
  tlm::tlm_response_status s = execute(p);
  p.set_response_status(s);
  if (s != tlm::TLM_OK_RESPONSE) return;
  uint32_t lanes = reinterpret_cast<const spagm_request *>(p.get_data_ptr())->lane_mask;
  delay += latency_[__builtin_popcount(lanes)];
}

}  // namespace spagm
