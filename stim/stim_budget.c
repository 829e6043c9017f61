// SPDX-License-Identifier: Apache-2.0
/* The request budget of the current epoch (stim.h), for planners that count
 * epochs without generating requests (vectors/src/vecgen.c). */
#include "stim_internal.h"

uint32_t spagm_stim_epoch_budget(const spagm_stim *s, spagm_unit u) {
  if (!s || (unsigned)u >= SPAGM_UNIT_COUNT || !s->in_epoch || !(s->o.units & (1u << u))) return 0;
  return s->budget[u];
}
