// SPDX-License-Identifier: Apache-2.0
/// \file
/// spagm::unit_timing — the simple timing model of a TLM unit
/// (docs/systemc.md, "Timing model"). The golden model is untimed; a
/// loosely-timed platform still needs time to pass per transaction, so each
/// unit annotates
///   latency = (fixed_cycles + ceil(active lanes / lanes_per_cycle)) * period
/// on its b_transport: a fixed pipeline depth, then the active lanes
/// leaving lanes_per_cycle at a time. A request with no active lane costs
/// fixed_cycles. Configuration words cost cfg_cycles each.
///
/// Example (examples/api/sc_unit_timing.cpp, run by the test
/// api_example.sc_unit_timing): a texture unit with a deeper pipeline and the
/// delay its b_transport annotates.
/// \snippet examples/api/sc_unit_timing.cpp unit_timing
#ifndef SPAGM_SC_UNIT_TIMING_H
#define SPAGM_SC_UNIT_TIMING_H

#include <cstdint>
#include <systemc>

#include "spagm/spagm.h"

namespace spagm {

/// The timing of one unit: latency per request and per configuration word.
struct unit_timing {

  sc_core::sc_time period;   ///< the unit's clock
  unsigned fixed_cycles;     ///< pipeline depth
  unsigned lanes_per_cycle;  ///< write-back width in lanes (at least 1)
  unsigned cfg_cycles;       ///< per configuration or memory word

  /// The defaults of docs/systemc.md for unit u (1 GHz clock): attr 6 + 32/8,
  /// pix 3 + 32/32, tex 20 + 32/4 cycles for a full warp.
  static unit_timing defaults(spagm_unit u);

  /// The latency of one request with these active lanes.
  sc_core::sc_time latency(uint32_t lane_mask) const;
  /// The latency of n configuration or memory words.
  sc_core::sc_time cfg_latency(unsigned words) const;
};

}  // namespace spagm

#endif
