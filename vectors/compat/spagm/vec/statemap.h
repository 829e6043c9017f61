// SPDX-License-Identifier: Apache-2.0
/* <spagm/vec/statemap.h> forwards to <spagm/statemap.h>, where the configuration-port map
 * is declared, so code that includes the earlier path still compiles
 * (CHANGELOG.md says for how long). Installed, never included in this tree. */
#ifndef SPAGM_VEC_STATEMAP_FORWARD_H
#define SPAGM_VEC_STATEMAP_FORWARD_H
#include "spagm/statemap.h"
#endif
