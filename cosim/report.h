// SPDX-License-Identifier: Apache-2.0
/* Internal: the reports of spagm's checking, the one place each is
 * formatted (report.c), for the co-simulation and the predictor alike, and
 * the growable text they are written into.
 *
 * A mismatch report is a header line, the instruction line and the
 * comparator's lines (compare.h), each indented by two spaces:
 *
 *   MISMATCH <unit> tag <tag><where>: <state>
 *     insn 0x<word>  <disassembly>  lanes 0x<mask>
 *     <one line per differing field>
 *     ... and <n> more differences
 *
 * <where> is the co-simulation's " at cycle C (accepted at cycle A),
 * epoch E" or the predictor's " (name, seed S, prediction #N)"; <state> the
 * state behind the prediction. The other reports are one line each, some
 * with a reproduce line under them. */
#ifndef SPAGM_REPORT_H
#define SPAGM_REPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "compare.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A growable text; out of memory, what does not fit is left out (a report
 * is cut short, never overrun). */
typedef struct spagm_text {
  char *s;
  size_t len, cap;
} spagm_text;

void spagm__text_vprintf(spagm_text *t, const char *fmt, va_list ap);
void spagm__text_printf(spagm_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The text so far ("" when none). */
static inline const char *spagm__text_str(const spagm_text *t) { return t->s ? t->s : ""; }
static inline void spagm__text_clear(spagm_text *t) {
  t->len = 0;
  if (t->s) t->s[0] = '\0';
}
/* The text's memory, freed; the text is empty. */
void spagm__text_free(spagm_text *t);

/* The header and instruction lines of a mismatch report and the
 * comparator's lines of log. note, when not NULL, is one more line under
 * the instruction line, before the differences. */
typedef struct spagm_mismatch {
  const char *unit;  /* spagm_unit_name */
  uint32_t tag;
  const char *where; /* follows the tag (see above) */
  const char *state; /* follows the colon */
  uint64_t insn;
  uint32_t lanes;
  const char *note;
  const spagm_compare_log *log;
} spagm_mismatch;
void spagm__report_mismatch(spagm_text *t, const spagm_mismatch *m);

/* "  reproduce: <repro>[ +waves_on_fail]" */
void spagm__report_reproduce(spagm_text *t, const char *repro, int waves);

/* Co-simulation: tag accepted at cycle while the scoreboard holds its
 * limit of predictions; the oldest, tag oldest, is dropped for it. */
void spagm__report_full(spagm_text *t, const char *unit, uint32_t tag, uint64_t cycle,
                        uint32_t oldest, uint32_t limit);
/* Co-simulation: tag accepted at cycle while a request of the same tag is
 * still outstanding; the older prediction is dropped. */
void spagm__report_tag_in_flight(spagm_text *t, const char *unit, uint32_t tag, uint64_t cycle);
/* Co-simulation: a response tag that matches no accepted request. */
void spagm__report_lost_tag(spagm_text *t, const char *unit, uint32_t tag, uint64_t cycle,
                            const char *repro);
/* Co-simulation: an image word that differs at the end of an epoch. */
void spagm__report_image(spagm_text *t, const char *unit, unsigned epoch, uint64_t cycle,
                         const char *target, uint32_t addr, uint32_t data, uint32_t want,
                         const char *repro);
/* Co-simulation: no handshake for `cycles` cycles in phase `in` with
 * `outstanding` requests in flight, the oldest accepted at oldest_cycle
 * (~0: none). */
void spagm__report_hang(spagm_text *t, const char *unit, const char *in, uint64_t cycle,
                        uint64_t cycles, unsigned outstanding, uint32_t oldest,
                        uint64_t oldest_cycle, const char *repro);
/* Co-simulation: a cfg_rvalid pulse at cycle, in phase `in`, with no read
 * burst outstanding. */
void spagm__report_unasked_read(spagm_text *t, const char *unit, const char *in, uint64_t cycle,
                                const char *repro);
/* Co-simulation: mem_req_valid high at cycle out of reset outside the run,
 * in `in` ("configuration load", "read-back", "gap between epochs"): a
 * memory read no request asked for (N552). */
void spagm__report_unasked_mem_read(spagm_text *t, const char *unit, const char *in,
                                    uint64_t cycle, const char *repro);
/* Co-simulation: idle high at cycle while `outstanding` accepted requests
 * are not yet responded, the oldest (tag oldest) accepted at oldest_cycle
 * (~0: none known). */
void spagm__report_idle_owed(spagm_text *t, const char *unit, uint64_t cycle,
                             unsigned outstanding, uint32_t oldest, uint64_t oldest_cycle,
                             const char *repro);
/* Predictor: a response for a tag with no outstanding prediction. */
void spagm__report_unexpected(spagm_text *t, const char *unit, uint32_t tag, const char *name,
                              uint64_t seed);
/* Predictor: the line under a report of a 4-state response, how many bits
 * were unknown where the port contract compares. */
void spagm__report_unknown_bits(spagm_text *t, unsigned inside, unsigned highest);

#ifdef __cplusplus
}
#endif
#endif
