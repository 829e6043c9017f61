// SPDX-License-Identifier: Apache-2.0
// spagm::txn_extension (txn_extension.h).
#include "spagm/sc/txn_extension.h"

namespace spagm {

txn_extension::txn_extension() {
  spagm_request_init(&req);
  spagm_response_init(&rsp, 0);
}

tlm::tlm_extension_base *txn_extension::clone() const { return new txn_extension(*this); }

void txn_extension::copy_from(const tlm::tlm_extension_base &other) {
  const auto &o = static_cast<const txn_extension &>(other);
  req = o.req;
  rsp = o.rsp;
  status = o.status;
}

void txn_extension::attach(tlm::tlm_generic_payload &p) {
  p.set_command(tlm::TLM_WRITE_COMMAND);
  p.set_address(0);
  p.set_data_ptr(reinterpret_cast<unsigned char *>(&req));
  p.set_data_length(sizeof req);
  p.set_streaming_width(sizeof req);
  p.set_byte_enable_ptr(nullptr);
  p.set_byte_enable_length(0);
  p.set_dmi_allowed(false);
  p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  p.set_extension(this);
}

}  // namespace spagm
