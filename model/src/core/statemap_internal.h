// SPDX-License-Identifier: Apache-2.0
/* Internal: what the configuration-port map (statemap.c) tells the
 * stimulus's configuration load (stim/stim_load.c) beyond statemap.h. */
#ifndef SPAGM_STATEMAP_INTERNAL_H
#define SPAGM_STATEMAP_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "spagm/spagm.h"

/* Whether spagm_statemap_load_list names the word at addr of unit u for the
 * model's state, and its value into *v: every readable word but the pixel
 * unit's configuration choices at their reset value 0 (N352). */
bool spagm__statemap_listed(const spagm_model *m, spagm_unit u, uint32_t addr, uint32_t *v);

#endif
