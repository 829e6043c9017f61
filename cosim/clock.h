// SPDX-License-Identifier: Apache-2.0
/* A cheap monotonic tick counter for the co-simulation's time split:
 * read it around the work to count, add up the differences, convert the
 * sum to seconds once at the end. */
#ifndef SPAGM_COSIM_CLOCK_H
#define SPAGM_COSIM_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

typedef struct spagm_clock {
  bool tsc;        /* ticks are the invariant time-stamp counter */
  uint64_t ticks0; /* at spagm_clock_start */
  double seconds0; /* CLOCK_MONOTONIC at spagm_clock_start */
} spagm_clock;

#ifdef __cplusplus
extern "C" {
#endif

/* Choose the tick source and remember where the run began. */
void spagm_clock_start(spagm_clock *k);
/* The current tick count: only differences mean anything. */
uint64_t spagm_clock_ticks(const spagm_clock *k);
/* A sum of tick differences in seconds, by the ratio of ticks to monotonic
 * time since spagm_clock_start (exact for nanosecond ticks). */
double spagm_clock_seconds(const spagm_clock *k, uint64_t ticks);

#ifdef __cplusplus
}
#endif

#endif
