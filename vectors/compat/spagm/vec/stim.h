// SPDX-License-Identifier: Apache-2.0
/* <spagm/vec/stim.h> forwards to <spagm/stim/stim.h>, where the stimulus generator
 * is declared, so code that includes the earlier path still compiles
 * (CHANGELOG.md says for how long). Installed, never included in this tree. */
#ifndef SPAGM_VEC_STIM_FORWARD_H
#define SPAGM_VEC_STIM_FORWARD_H
#include "spagm/stim/stim.h"
#endif
