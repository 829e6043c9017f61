// SPDX-License-Identifier: Apache-2.0
// spagm-cosim +waves_on_fail (docs/cosim.md, "Waves"): after a failing run,
// the same seed again by itself with tracing on around the first mismatch,
// and a GTKWave save file that opens there.
#ifndef SPAGM_COSIM_WAVES_H
#define SPAGM_COSIM_WAVES_H

#include "cosim_plusargs.h"
#include "cosim_run.h"

namespace cosim {

// The run of these options failed (r): re-runs it in a child process
// writing <waves_dir>/spagm-cosim-<unit>-seed<N>.fst for the cycles around
// the first mismatch, then the .gtkw beside it, which names the dump by its
// absolute path, centres the view on the mismatch and marks the request
// (named marker A) and response (B, and the primary marker) of the
// mismatching transaction. Says on stdout how to open them, or on stderr
// what failed.
void rerun_with_waves(const Options &o, const RunResult &r);

}  // namespace cosim

#endif
