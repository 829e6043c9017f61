// SPDX-License-Identifier: Apache-2.0
// The state the virtual platform's program runs in, as the configuration
// words (and texture memory) a driver would write into each spagm unit's
// cfg socket. The state is built with the model's state API on a scratch
// model and turned into words by the state map (spagm/statemap.h), the
// same words the RTL co-simulation loads.
#ifndef SPAGM_VP_UNIT_SETUP_H
#define SPAGM_VP_UNIT_SETUP_H

#include <cstdint>
#include <vector>

#include "spagm/spagm.h"

struct cfg_write {
  uint64_t addr;  // in the unit's cfg socket map (spagm::tlm_unit)
  uint32_t data;
};

// Attribute unit: a vertex shader (VSA) whose 32 input vertices have
// POSITION = (v, 2v, 0, 1.0); GENERIC0 is an output.
std::vector<cfg_write> attr_setup();
// Pixel unit: a pixel shader at 4x multisampling.
std::vector<cfg_write> pix_setup();
// Texture unit: texture 1, 8x8 R32 UINT whose texel (x, y) holds
// x | y << 8, its header in the pool, cbank word 1 pointing at it.
std::vector<cfg_write> tex_setup();

#endif
