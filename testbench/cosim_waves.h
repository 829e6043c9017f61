// SPDX-License-Identifier: Apache-2.0
// spagm-cosim +waves_on_fail (docs/cosim.md, "Waves"): after a failing run,
// the same seed again by itself with tracing on around the first mismatch,
// and a GTKWave save file that opens there.
#ifndef SPAGM_COSIM_WAVES_H
#define SPAGM_COSIM_WAVES_H

#include <cstdint>

#include "cosim_plusargs.h"

namespace cosim {

// The run of these options failed with its first mismatch at first_err
// (cycle) in unit first_unit (0 attr, 1 pix, 2 tex): re-runs it in a child
// process writing <base>.fst for the cycles around the mismatch, then
// <base>.gtkw. Says on stdout how to open them, or on stderr what failed.
void rerun_with_waves(const Options &o, uint64_t first_err, unsigned first_unit);

}  // namespace cosim

#endif
