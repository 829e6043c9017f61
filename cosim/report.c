// SPDX-License-Identifier: Apache-2.0
/* The co-simulation's reports (cosim.h): the text buffer the testbench
 * takes them from, and the one place each mismatch and hang report is
 * formatted. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_internal.h"

void spagm__cosim_reportf(spagm_cosim *c, const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  size_t len = (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1;
  if (c->report_len + len + 1 > c->report_cap) {
    size_t cap = c->report_cap ? c->report_cap * 2 : 4096;
    while (cap < c->report_len + len + 1) cap *= 2;
    char *nb = realloc(c->report, cap);
    if (!nb) return;
    c->report = nb;
    c->report_cap = cap;
  }
  memcpy(c->report + c->report_len, buf, len);
  c->report_len += len;
  c->report[c->report_len] = '\0';
}

void spagm__cosim_error(spagm_cosim *c, uint64_t cycle) {
  c->errors++;
  if (cycle < c->first_error_cycle) c->first_error_cycle = cycle;
}

const char *spagm_cosim_take_report(spagm_cosim *c) {
  /* The returned text stays valid until the next call. */
  free(c->taken);
  c->taken = c->report ? c->report : NULL;
  c->report = NULL;
  c->report_len = c->report_cap = 0;
  return c->taken ? c->taken : "";
}

uint64_t spagm_cosim_errors(const spagm_cosim *c) { return c->errors; }
uint64_t spagm_cosim_first_error_cycle(const spagm_cosim *c) { return c->first_error_cycle; }
uint64_t spagm_cosim_first_error_accept_cycle(const spagm_cosim *c) {
  return c->first_error_accept_cycle;
}
uint32_t spagm_cosim_first_error_lanes(const spagm_cosim *c) { return c->first_error_lanes; }
bool spagm_cosim_should_stop(const spagm_cosim *c) {
  return c->o.max_errors && c->errors >= c->o.max_errors;
}

void spagm__report_slot_in_use(spagm_cosim *c, spagm_unit u, uint32_t tag, uint32_t parked_tag,
                               uint64_t cycle) {
  spagm__cosim_reportf(c,
                       "MISMATCH %s: tag %u accepted at cycle %llu while tag %u is still "
                       "outstanding in the same scoreboard slot (more than %u in flight)\n",
                       spagm_unit_name(u), tag, (unsigned long long)cycle, parked_tag,
                       SPAGM_COSIM_PARK);
  spagm__cosim_note(c, "slot", u, tag, cycle, cycle, "scoreboard slot still in use");
  spagm__cosim_error(c, cycle);
}

void spagm__report_lost_tag(spagm_cosim *c, spagm_unit u, uint32_t tag, uint64_t cycle) {
  spagm__cosim_reportf(c,
                       "MISMATCH %s: response with tag %u at cycle %llu matches no accepted "
                       "request (lost, duplicated or corrupted tag)\n  reproduce: %s\n",
                       spagm_unit_name(u), tag, (unsigned long long)cycle, c->repro);
  spagm__cosim_note(c, "lost_tag", u, tag, cycle, ~0ull, "response tag matches no accepted request");
  spagm__cosim_error(c, cycle);
}

void spagm__report_mismatch(spagm_cosim *c, spagm_unit u, const spagm_request *req, uint32_t tag,
                            uint64_t accept_cycle, const spagm_compare_log *log, uint64_t cycle) {
  char dis[160];
  spagm_disasm_word(req->insn, dis, sizeof dis);
  spagm__cosim_reportf(c,
                       "MISMATCH %s tag %u at cycle %llu (accepted at cycle %llu), epoch %u: "
                       "%s\n  insn 0x%016llx  %s  lanes 0x%08x\n",
                       spagm_unit_name(u), tag, (unsigned long long)cycle,
                       (unsigned long long)accept_cycle, c->epoch,
                       spagm_stim_epoch_summary(c->stim, u), (unsigned long long)req->insn, dis,
                       req->lane_mask);
  for (unsigned i = 0; i < log->n; i++) spagm__cosim_reportf(c, "  %s\n", log->text[i]);
  if (log->total > log->n)
    spagm__cosim_reportf(c, "  ... and %u more differences\n", log->total - log->n);
  spagm__cosim_reportf(c, "  reproduce: %s +waves_on_fail\n", c->repro);
  spagm__cosim_note(c, "response", u, tag, cycle, accept_cycle, log->n ? log->text[0] : "");
}

void spagm__report_image(spagm_cosim *c, spagm_unit u, uint32_t addr, uint32_t data, uint32_t want,
                         uint64_t cycle) {
  if (c->sb[u].rb_failed <= 8)
    spagm__cosim_reportf(c,
                         "MISMATCH %s image at end of epoch %u (cycle %llu): %s address "
                         "0x%08x holds 0x%08x, model has 0x%08x\n  reproduce: %s\n",
                         spagm_unit_name(u), c->epoch, (unsigned long long)cycle,
                         spagm_statemap_target_name(u, addr), addr, data, want, c->repro);
  char what[120];
  snprintf(what, sizeof what, "%s address 0x%08x holds 0x%08x, model has 0x%08x",
           spagm_statemap_target_name(u, addr), addr, data, want);
  spagm__cosim_note(c, "image", u, 0, cycle, ~0ull, what);
  spagm__cosim_error(c, cycle);
}

void spagm_cosim_hang(spagm_cosim *c, spagm_unit u, uint64_t cycle, uint64_t cycles,
                      unsigned phase) {
  static const char *const phase_names[] = {"configuration load", "run", "read-back"};
  const char *in = phase < 3 ? phase_names[phase] : "run";
  spagm_cosim_unit *s = &c->sb[u];
  unsigned oldest = 0;
  uint64_t when = ~0ull;
  for (unsigned i = 0; i < SPAGM_COSIM_PARK; i++)
    if (s->ring[i].used && s->ring[i].cycle < when) {
      when = s->ring[i].cycle;
      oldest = s->ring[i].tag;
    }
  char oldest_txt[80] = "";
  if (when != ~0ull)
    snprintf(oldest_txt, sizeof oldest_txt, " (oldest tag %u, accepted at cycle %llu)", oldest,
             (unsigned long long)when);
  spagm__cosim_reportf(c,
                       "HANG %s in the %s at cycle %llu: no handshake for %llu cycles with %u "
                       "requests outstanding%s\n  reproduce: %s +waves_on_fail\n",
                       spagm_unit_name(u), in, (unsigned long long)cycle, (unsigned long long)cycles,
                       s->outstanding, oldest_txt, c->repro);
  char what[120];
  snprintf(what, sizeof what, "no handshake for %llu cycles in the %s, %u outstanding",
           (unsigned long long)cycles, in, s->outstanding);
  spagm__cosim_note(c, "hang", u, oldest, cycle, when, what);
  c->hangs++;
  spagm__cosim_error(c, cycle);
}
