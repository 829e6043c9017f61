// SPDX-License-Identifier: Apache-2.0
// spagm::unit_timing (unit_timing.h): the documented defaults and the
// latency formula of docs/systemc.md, "Timing model".
#include "spagm/sc/unit_timing.h"

namespace spagm {

unit_timing unit_timing::defaults(spagm_unit u) {
  const sc_core::sc_time ns(1, sc_core::SC_NS);
  switch (u) {
    case SPAGM_UNIT_PIX:  // all lanes in one cycle: no memory behind it
      return unit_timing{ns, 3, 32, 1};
    case SPAGM_UNIT_TEX:  // a texture memory read in front
      return unit_timing{ns, 20, 4, 1};
    default:  // ISBE reads and writes, eight lanes a cycle
      return unit_timing{ns, 6, 8, 1};
  }
}

sc_core::sc_time unit_timing::latency(uint32_t lane_mask) const {
  unsigned lanes = 0;
  for (uint32_t m = lane_mask; m; m &= m - 1) lanes++;
  unsigned width = lanes_per_cycle ? lanes_per_cycle : 1;
  return period * (double)(fixed_cycles + (lanes + width - 1) / width);
}

sc_core::sc_time unit_timing::cfg_latency(unsigned words) const {
  return period * (double)((uint64_t)cfg_cycles * words);
}

}  // namespace spagm
