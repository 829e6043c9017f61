// SPDX-License-Identifier: Apache-2.0
/* The reports (report.h): the one place each report of the co-simulation
 * and the predictor is formatted, and the text they are written into. */
#include "report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void spagm__text_vprintf(spagm_text *t, const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  if (n >= 0 && t->len + (size_t)n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 1024;
    while (cap < t->len + (size_t)n + 1) cap *= 2;
    char *s = realloc(t->s, cap);
    if (s) {
      t->s = s;
      t->cap = cap;
    }
  }
  if (n >= 0 && t->len + (size_t)n + 1 <= t->cap) {
    vsnprintf(t->s + t->len, t->cap - t->len, fmt, again);
    t->len += (size_t)n;
  }
  va_end(again);
}

void spagm__text_printf(spagm_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  spagm__text_vprintf(t, fmt, ap);
  va_end(ap);
}

void spagm__text_free(spagm_text *t) {
  free(t->s);
  t->s = NULL;
  t->len = t->cap = 0;
}

void spagm__report_mismatch(spagm_text *t, const spagm_mismatch *m) {
  char dis[160];
  spagm_disasm_word(m->insn, dis, sizeof dis);
  spagm__text_printf(t, "MISMATCH %s tag %u%s: %s\n  insn 0x%016llx  %s  lanes 0x%08x\n", m->unit,
                     m->tag, m->where, m->state, (unsigned long long)m->insn, dis, m->lanes);
  if (m->note) spagm__text_printf(t, "  %s\n", m->note);
  const spagm_compare_log *log = m->log;
  for (unsigned i = 0; i < log->n; i++) spagm__text_printf(t, "  %s\n", log->text[i]);
  if (log->total > log->n)
    spagm__text_printf(t, "  ... and %u more differences\n", log->total - log->n);
}

void spagm__report_reproduce(spagm_text *t, const char *repro, int waves) {
  spagm__text_printf(t, "  reproduce: %s%s\n", repro, waves ? " +waves_on_fail" : "");
}

void spagm__report_full(spagm_text *t, const char *unit, uint32_t tag, uint64_t cycle,
                        uint32_t oldest, uint32_t limit) {
  spagm__text_printf(t,
                     "MISMATCH %s: tag %u accepted at cycle %llu while %u requests are "
                     "outstanding, as many as the scoreboard holds: the oldest, tag %u, is "
                     "dropped (more than %u in flight)\n",
                     unit, tag, (unsigned long long)cycle, limit, oldest, limit);
}

void spagm__report_tag_in_flight(spagm_text *t, const char *unit, uint32_t tag, uint64_t cycle) {
  spagm__text_printf(t,
                     "MISMATCH %s: tag %u accepted at cycle %llu while a request of the same "
                     "tag is still outstanding: the older is dropped\n",
                     unit, tag, (unsigned long long)cycle);
}

void spagm__report_lost_tag(spagm_text *t, const char *unit, uint32_t tag, uint64_t cycle,
                            const char *repro) {
  spagm__text_printf(t,
                     "MISMATCH %s: response with tag %u at cycle %llu matches no accepted "
                     "request (lost, duplicated or corrupted tag)\n",
                     unit, tag, (unsigned long long)cycle);
  spagm__report_reproduce(t, repro, 0);
}

void spagm__report_image(spagm_text *t, const char *unit, unsigned epoch, uint64_t cycle,
                         const char *target, uint32_t addr, uint32_t data, uint32_t want,
                         const char *repro) {
  spagm__text_printf(t,
                     "MISMATCH %s image at end of epoch %u (cycle %llu): %s address 0x%08x "
                     "holds 0x%08x, model has 0x%08x\n",
                     unit, epoch, (unsigned long long)cycle, target, addr, data, want);
  spagm__report_reproduce(t, repro, 0);
}

/* " (oldest tag T, accepted at cycle A)", or "" when oldest_cycle is ~0. */
static void oldest_text(char *buf, size_t n, uint32_t oldest, uint64_t oldest_cycle) {
  buf[0] = '\0';
  if (oldest_cycle != ~0ull)
    snprintf(buf, n, " (oldest tag %u, accepted at cycle %llu)", oldest,
             (unsigned long long)oldest_cycle);
}

void spagm__report_hang(spagm_text *t, const char *unit, const char *in, uint64_t cycle,
                        uint64_t cycles, unsigned outstanding, uint32_t oldest,
                        uint64_t oldest_cycle, const char *repro) {
  char oldest_txt[80];
  oldest_text(oldest_txt, sizeof oldest_txt, oldest, oldest_cycle);
  spagm__text_printf(t,
                     "HANG %s in the %s at cycle %llu: no handshake for %llu cycles with %u "
                     "requests outstanding%s\n",
                     unit, in, (unsigned long long)cycle, (unsigned long long)cycles,
                     outstanding, oldest_txt);
  spagm__report_reproduce(t, repro, 1);
}

void spagm__report_unasked_read(spagm_text *t, const char *unit, const char *in, uint64_t cycle,
                                const char *repro) {
  spagm__text_printf(t,
                     "MISMATCH %s: answered a configuration read nobody asked for at cycle %llu "
                     "in the %s (cfg_rvalid high with no read burst outstanding)\n",
                     unit, (unsigned long long)cycle, in);
  spagm__report_reproduce(t, repro, 1);
}

void spagm__report_unasked_mem_read(spagm_text *t, const char *unit, const char *in,
                                    uint64_t cycle, const char *repro) {
  spagm__text_printf(t,
                     "MISMATCH %s: asked memory for a line with no request to read for at cycle "
                     "%llu in the %s (mem_req_valid high outside the run)\n",
                     unit, (unsigned long long)cycle, in);
  spagm__report_reproduce(t, repro, 1);
}

void spagm__report_idle_owed(spagm_text *t, const char *unit, uint64_t cycle,
                             unsigned outstanding, uint32_t oldest, uint64_t oldest_cycle,
                             const char *repro) {
  char oldest_txt[80];
  oldest_text(oldest_txt, sizeof oldest_txt, oldest, oldest_cycle);
  spagm__text_printf(t,
                     "MISMATCH %s: idle at cycle %llu while %u accepted requests are not yet "
                     "responded%s\n",
                     unit, (unsigned long long)cycle, outstanding, oldest_txt);
  spagm__report_reproduce(t, repro, 1);
}

void spagm__report_unexpected(spagm_text *t, const char *unit, uint32_t tag, const char *name,
                              uint64_t seed) {
  spagm__text_printf(t,
                     "MISMATCH %s: response with tag %u (%s, seed %llu) matches no outstanding "
                     "prediction (never accepted, answered twice, or a corrupted tag)\n",
                     unit, tag, name, (unsigned long long)seed);
}

void spagm__report_unknown_bits(spagm_text *t, unsigned inside, unsigned highest) {
  spagm__text_printf(t,
                     "  X/Z: %u unknown bit(s) where the port contract compares (the highest at "
                     "rsp bit %u), shown above as the opposite of the expected value\n",
                     inside, highest);
}
