// SPDX-License-Identifier: Apache-2.0
/* <spagm/vec/progress.h> forwards to <spagm/util/progress.h>, where the progress line
 * is declared, so code that includes the earlier path still compiles
 * (CHANGELOG.md says for how long). Installed, never included in this tree. */
#ifndef SPAGM_VEC_PROGRESS_FORWARD_H
#define SPAGM_VEC_PROGRESS_FORWARD_H
#include "spagm/util/progress.h"
#endif
