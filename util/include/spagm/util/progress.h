// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — progress lines for long runs (spagm gen, spagm export-hex,
 * spagm-cosim, spagm-replay), and checkpoint lines with the resident
 * memory (spagm-cosim +checkpoint, bench/predictor_longrun).
 *
 * On a terminal one line redrawn in place at most four times a second; to a
 * file or pipe (CI logs) one plain line every SPAGM_PROGRESS_SECONDS
 * seconds (default 10; 0 = at every update; "off" = never). A line reads
 *   gen: 120000/600000 transactions (20%), 45123/s, ETA 0:10
 * Nothing is printed for a run that ends before the first interval. Call
 * spagm_progress_update as often as convenient: it reads the clock only
 * every 256th call.
 *
 * Example (examples/api/util_progress.c, run by the test
 * api_example.util_progress): the progress line of a long loop.
 * \snippet examples/api/util_progress.c progress_loop
 */
#ifndef SPAGM_UTIL_PROGRESS_H
#define SPAGM_UTIL_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A progress line's state (docs/json-summary.md, "Progress lines"). */
typedef struct spagm_progress {
  FILE *out;         /**< NULL: disabled */
  bool tty;          /**< redraw in place */
  double interval;   /**< seconds between lines */
  const char *who;   /**< "gen", "cosim", ... */
  const char *what;  /**< "transactions", "checks" */
  uint64_t total;    /**< 0: unknown (no percentage or ETA) */
  double start;      /**< when spagm_progress_start ran (seconds) */
  double last;       /**< when the last line was printed */
  unsigned calls;    /**< updates so far */

  bool drawn;        /**< a tty line is on screen */
} spagm_progress;

/** Start measuring now. out NULL or SPAGM_PROGRESS_SECONDS=off disables. */
void spagm_progress_start(spagm_progress *p, FILE *out, const char *who, const char *what,
                          uint64_t total);
/** done of total so far; prints when an interval has passed. */
void spagm_progress_update(spagm_progress *p, uint64_t done);
/** Format the line for done items after `seconds` into buf (for tests and
 * for callers with their own output). */
void spagm_progress_format(const spagm_progress *p, uint64_t done, double seconds, char *buf,
                           size_t n);
/** Clear a redrawn terminal line so the caller's summary starts clean. */
void spagm_progress_end(spagm_progress *p);

/** This process's resident memory in kB into *rss_kb (VmRSS, now) and
 * *hwm_kb (VmHWM, the peak so far), read from /proc/self/status. false,
 * both 0, where that file or its fields are missing (not Linux). Either
 * pointer may be NULL. */
bool spagm_progress_memory(uint64_t *rss_kb, uint64_t *hwm_kb);

/** The bytes malloc has handed out and not got back, in kB, into *kb (NULL:
 * not wanted): glibc's mallinfo2, main arena and mmapped blocks. Beside
 * VmRSS it tells a leak (this grows) from a fragmented heap (VmRSS grows,
 * this does not). false, *kb 0, without glibc 2.33 or later, and in a
 * build under a sanitizer that replaces malloc (ASan, TSan, MSan), where
 * glibc's counts stay empty. */
bool spagm_progress_heap(uint64_t *kb);

/** One checkpoint line of a long run to out (NULL: nothing), e.g.
 *   checkpoint: 300000 transactions, 9.876543 s, cpu 9.512345 s, VmRSS 51234 kB, VmHWM 51300 kB, heap 1580 kB
 * done items of what after seconds (wall time, the caller's), the CPU time
 * the process has used so far, spagm_progress_memory and
 * spagm_progress_heap ("-" for a figure it cannot read). Flushed at
 * once. The line is the format bench/longrun_bench.sh reads
 * (docs/cosim.md, "Long runs"). */
void spagm_progress_checkpoint(FILE *out, const char *what, uint64_t done, double seconds);

#ifdef __cplusplus
}
#endif
#endif
