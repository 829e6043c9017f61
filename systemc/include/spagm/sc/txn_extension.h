// SPDX-License-Identifier: Apache-2.0
/// \file
/// spagm::txn_extension — one transaction of the contract (DESIGN §3,
/// spagm/txn.h) on a TLM-2.0 generic payload (docs/systemc.md, "The
/// transaction socket").
///
/// The initiator fills req and attaches the extension with attach(): the
/// payload becomes a WRITE at address 0 whose data are the bytes of req
/// (sizeof(spagm_request)). After b_transport, with TLM_OK_RESPONSE, rsp holds
/// the response (write-backs, their don't-care masks wb_dontcare, predicate,
/// stores, fault) and status SPAGM_OK; with an error response status is
/// SPAGM_E_ARG, rsp holds no response, and the unit's last_error() says why.
///
/// Example (examples/systemc-vp/shader_core.cpp): a request issued to a
/// unit and its response read back from the extension.
/// \snippet examples/systemc-vp/shader_core.cpp vp_transaction
#ifndef SPAGM_SC_TXN_EXTENSION_H
#define SPAGM_SC_TXN_EXTENSION_H

#include <tlm>

#include "spagm/spagm.h"

namespace spagm {

/// The spagm transaction a generic payload carries to a spagm::tlm_unit:
/// the request in, the response and status out.
class txn_extension : public tlm::tlm_extension<txn_extension> {
 public:
  spagm_request req;               ///< the request (in)
  spagm_response rsp;              ///< the response the unit gives (out)
  spagm_status status = SPAGM_OK;  ///< SPAGM_OK, or why there is no response

  /// An empty request and response.
  txn_extension();
  /// A copy (TLM-2.0: the caller owns it).
  tlm::tlm_extension_base *clone() const override;
  /// Take request, response and status of other (a txn_extension).
  void copy_from(const tlm::tlm_extension_base &other) override;


  /// Makes p the transaction of req: WRITE, address 0, data = req's bytes,
  /// streaming width = length, no byte enables, response INCOMPLETE, this
  /// extension set (not owned by p: clear it before p is destroyed if p
  /// outlives this object).
  void attach(tlm::tlm_generic_payload &p);
};

}  // namespace spagm

#endif
