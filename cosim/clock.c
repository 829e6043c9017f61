// SPDX-License-Identifier: Apache-2.0
/* The clock behind the summary's "time: model, testbench C, simulator"
 * line. The testbench reads it twice around every DPI call
 * that carries a transaction, and the model's share twice more inside, so
 * its own cost lands in the C side it measures. On x86-64 with an
 * invariant TSC it is the time-stamp counter (a few nanoseconds a read),
 * converted to seconds once, at the end, by the ratio of ticks to monotonic
 * seconds over the whole run; elsewhere it is CLOCK_MONOTONIC in
 * nanoseconds, which the same ratio converts. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "clock.h"

#include <time.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <x86intrin.h>
#define SPAGM_HAVE_TSC 1
#else
#define SPAGM_HAVE_TSC 0
#endif

static double monotonic_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t monotonic_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

#if SPAGM_HAVE_TSC
/* CPUID 0x80000007, EDX bit 8: the TSC runs at one rate in every P-, C- and
 * T-state, so ticks are proportional to wall time. Without it (old parts,
 * some hypervisors) the counter may stop or change pace: use the OS clock. */
static bool tsc_invariant(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(0x80000000u, &a, &b, &c, &d) || a < 0x80000007u) return false;
  __get_cpuid(0x80000007u, &a, &b, &c, &d);
  return (d >> 8) & 1u;
}
#endif

void spagm_clock_start(spagm_clock *k) {
#if SPAGM_HAVE_TSC
  k->tsc = tsc_invariant();
#else
  k->tsc = false;
#endif
  k->seconds0 = monotonic_seconds();
  k->ticks0 = spagm_clock_ticks(k);
}

uint64_t spagm_clock_ticks(const spagm_clock *k) {
#if SPAGM_HAVE_TSC
  if (k->tsc) return __rdtsc();
#endif
  (void)k;
  return monotonic_ns();
}

double spagm_clock_seconds(const spagm_clock *k, uint64_t ticks) {
  if (!k->tsc) return 1e-9 * (double)ticks;
  double secs = monotonic_seconds() - k->seconds0;
  uint64_t elapsed = spagm_clock_ticks(k) - k->ticks0;
  return elapsed && secs > 0 ? (double)ticks * secs / (double)elapsed : 0.0;
}
