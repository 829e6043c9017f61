// SPDX-License-Identifier: Apache-2.0
/* <spagm/vec/cov.h> forwards to <spagm/cov/cov.h>, where functional coverage
 * is declared, so code that includes the earlier path still compiles
 * (CHANGELOG.md says for how long). Installed, never included in this tree. */
#ifndef SPAGM_VEC_COV_FORWARD_H
#define SPAGM_VEC_COV_FORWARD_H
#include "spagm/cov/cov.h"
#endif
