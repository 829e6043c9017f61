// SPDX-License-Identifier: Apache-2.0
/* spagm-regress: run a plan with a launcher and write its results. */
#ifndef SPAGM_REGRESS_ENGINE_H
#define SPAGM_REGRESS_ENGINE_H

#include "launcher.h"

/* Exit status: 0 every run as expected, 1 some not, 2 error, 130 interrupted. */
int rg_engine_run(rg_ctx *c, const char *set, const char *desc);

#endif
