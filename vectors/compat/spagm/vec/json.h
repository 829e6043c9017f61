// SPDX-License-Identifier: Apache-2.0
/* <spagm/vec/json.h> forwards to <spagm/util/json.h>, where the JSON summary writer
 * is declared, so code that includes the earlier path still compiles
 * (CHANGELOG.md says for how long). Installed, never included in this tree. */
#ifndef SPAGM_VEC_JSON_FORWARD_H
#define SPAGM_VEC_JSON_FORWARD_H
#include "spagm/util/json.h"
#endif
