// SPDX-License-Identifier: Apache-2.0
/* The co-simulation's checking (cosim.h): per unit, the model's expected
 * response of each accepted request parked by tag in the unit's
 * scoreboard (scoreboard.h), found again when the response arrives and
 * compared under the port contract; the hang report's oldest request. */
#include <string.h>

#include "cosim_internal.h"
#include "spagm/cov/cov.h"

/* What an executed request exercised, as the predictor counts it (N362):
 * its active lanes and, on the texture unit, the lanes that read a texel
 * (the model records them, explain.h) and a TLDS that read none while
 * texture memory was empty. */
static void exercised(const spagm_cosim *c, spagm_cosim_unit *s, spagm_unit u,
                      const spagm_request *req, const spagm_parked *e) {
  s->active_lanes += (uint64_t)__builtin_popcount(req->lane_mask);
  if (u != SPAGM_UNIT_TEX || e->exp.fault) return;
  uint32_t written = 0;
  for (unsigned k = 0; k < SPAGM_WB_SLOTS; k++) written |= e->exp.wb_valid[k];
  s->texels += (uint64_t)__builtin_popcount(e->ex.texel_read);
  if (!e->ex.texel_read && written && spagm_tex_mem_pages(c->model, NULL, 0) == 0)
    s->empty_memory++;
}

/* N495: stimulus 12's conversion corners among the texels a TLDS.F16
 * read, each once per request like every other bin. The generator knows
 * which texel words it drew at a corner (spagm_stim_f16_corners_at); a
 * replayed vector file has no generator, so no bin is hit. */
static void sample_f16_inputs(const spagm_cosim *c, const spagm_request *req,
                              const spagm_parked *e) {
  spagm_insn in;
  if (!c->stim || !e->ex.texel_read || e->exp.fault ||
      spagm_decode(req->insn, &in, NULL) != SPAGM_OK || !in.f16)
    return;
  uint32_t corners = 0;
  for (uint32_t l = e->ex.texel_read; l; l &= l - 1)
    corners |= spagm_stim_f16_corners_at(c->stim, e->ex.texel[__builtin_ctz(l)].address);
  for (; corners; corners &= corners - 1)
    spagm_cov_sample_f16_input(c->cov, (unsigned)__builtin_ctz(corners));
}

/* N518: stimulus 14's texture-state corners of the header a TLDS read
 * texels through, each once per request. The generator knows each
 * header's corners (spagm_stim_tex_corners_at); a replayed vector file has
 * no generator, so no bin is hit. */
static void sample_tex_state(const spagm_cosim *c, const spagm_parked *e) {
  if (!c->stim || !e->ex.has_tex_header || !e->ex.texel_read || e->exp.fault) return;
  for (uint32_t k = spagm_stim_tex_corners_at(c->stim, e->ex.tex_header); k; k &= k - 1)
    spagm_cov_sample_tex_corner(c->cov, (unsigned)__builtin_ctz(k));
}

/* Make room in unit u's scoreboard for tag: a request of the same tag
 * still outstanding, or the oldest when the scoreboard holds its limit,
 * is dropped and reported; its response will match nothing. */
static void make_room(spagm_cosim *c, spagm_unit u, uint32_t tag, uint64_t cycle) {
  spagm_scoreboard *sb = &c->sb[u].board;
  const char *unit = spagm_unit_name(u);
  uint32_t old = spagm__sb_find(sb, tag);
  if (old != ~0u) {
    spagm__report_tag_in_flight(&c->report, unit, tag, cycle);
    spagm__cosim_note(c, "slot", u, tag, cycle, cycle, "a request of the same tag in flight");
  } else if (sb->outstanding >= sb->limit) {
    const spagm_parked *o = spagm__sb_oldest(sb, 0);
    spagm__report_full(&c->report, unit, tag, cycle, o->tag, sb->limit);
    spagm__cosim_note(c, "slot", u, tag, cycle, cycle, "scoreboard full");
    old = spagm__sb_find(sb, o->tag);
  } else {
    return;
  }
  spagm__cosim_error(c, cycle);
  spagm__sb_release(sb, old);
}

void spagm_cosim_accept(spagm_cosim *c, spagm_unit u, const spagm_request *req,
                        uint64_t cycle) {
  spagm_cosim_unit *s = &c->sb[u];
  s->accepted++;
  s->outstanding++;
  spagm_progress_update(&c->progress, ++c->accepted_all);
  /* The run's last accept leaves its line to spagm_cosim_finish, which
   * counts the responses and read-back after it into the last segment. */
  if (c->checkpoint_every && c->accepted_all % c->checkpoint_every == 0 &&
      c->accepted_all < c->checkpoint_total)
    spagm__cosim_checkpoint(c);
  make_room(c, u, req->tag, cycle);
  spagm_parked *e = spagm__sb_park(&s->board, req->tag);
  if (!e) {
    spagm__cosim_reportf(c, "cosim: out of memory parking %s tag %u\n", spagm_unit_name(u),
                         req->tag);
    spagm__cosim_error(c, cycle);
    return;
  }
  e->foreign = false;
  e->cycle = cycle;
  e->req = *req;
  if (c->o.check) {
    uint64_t t0 = spagm_clock_ticks(&c->clock);
    spagm_execute_explained(c->model, req, &e->exp, &e->ex);
    exercised(c, s, u, req, e);
    if (c->cov) {
      spagm_cov_sample(c->cov, c->model, NULL, req, &e->exp, &e->ex);
      if (s->unwritten) spagm_cov_sample_unwritten(c->cov, u, req, s->unwritten);
      if (u == SPAGM_UNIT_TEX) {
        sample_f16_inputs(c, req, e);
        sample_tex_state(c, e);
      }
    }
    c->model_ticks += spagm_clock_ticks(&c->clock) - t0;
  }
}

bool spagm_cosim_expected(const spagm_cosim *c, spagm_unit u, const spagm_response *rsp,
                          spagm_request *req, spagm_response *exp, uint32_t *lanes,
                          unsigned *rule) {
  memset(req, 0, sizeof *req);
  memset(exp, 0, sizeof *exp);
  *lanes = 0;
  *rule = 0;
  if ((unsigned)u >= SPAGM_UNIT_COUNT || !c->o.check) return false;
  const spagm_scoreboard *sb = &c->sb[u].board;
  uint32_t slot = spagm__sb_find(sb, rsp->tag);
  if (slot == ~0u) return false;
  const spagm_parked *e = spagm__sb_entry(sb, slot);
  *req = e->req;
  *exp = e->exp;
  *lanes = spagm__mismatch_lanes(&e->exp, &e->ex, rsp, rule);
  return true;
}

unsigned spagm_cosim_outstanding(const spagm_cosim *c, spagm_unit u) {
  return (unsigned)u < SPAGM_UNIT_COUNT ? c->sb[u].outstanding : 0;
}

/* A response that differs from the prediction e: the report with the
 * run's context (report.h), the note for the JSON summary, the error. */
static void mismatch(spagm_cosim *c, spagm_unit u, const spagm_parked *e,
                     const spagm_response *rsp, const spagm_compare_log *log, uint64_t cycle) {
  char where[96];
  snprintf(where, sizeof where, " at cycle %llu (accepted at cycle %llu), epoch %u",
           (unsigned long long)cycle, (unsigned long long)e->cycle, c->epoch);
  spagm_mismatch m = {spagm_unit_name(u), e->tag, where, spagm_stim_epoch_summary(c->stim, u),
                      e->req.insn, e->req.lane_mask, NULL, log};
  spagm__report_mismatch(&c->report, &m);
  spagm__report_reproduce(&c->report, c->repro, 1);
  spagm__cosim_note(c, "response", u, e->tag, cycle, e->cycle, log->n ? log->text[0] : "");
  if (c->errors == 0) {
    c->first_error_accept_cycle = e->cycle;
    c->first_error_lanes = spagm__mismatch_lanes(&e->exp, &e->ex, rsp, NULL);
  }
  spagm__cosim_error(c, cycle);
}

unsigned spagm_cosim_check(spagm_cosim *c, spagm_unit u, const spagm_response *rsp,
                           uint64_t cycle) {
  /* +max_errors=N is exact (N171): once N errors are in, responses that
   * arrive before the testbench stops (other units in the same cycle, the
   * cycle the stop takes) are neither compared nor counted; their requests
   * stay pending, which a run stopped on purpose does not count. */
  if (spagm_cosim_should_stop(c)) return 0;
  spagm_cosim_unit *s = &c->sb[u];
  uint32_t slot = spagm__sb_find(&s->board, rsp->tag);
  if (slot == ~0u) {
    spagm__report_lost_tag(&c->report, spagm_unit_name(u), rsp->tag, cycle, c->repro);
    spagm__cosim_note(c, "lost_tag", u, rsp->tag, cycle, ~0ull,
                      "response tag matches no accepted request");
    spagm__cosim_error(c, cycle);
    s->failed++;
    return 1;
  }
  const spagm_parked *e = spagm__sb_entry(&s->board, slot);
  /* +cov: what only a co-simulation sees (N104): tag order, depth, epoch. */
  if (c->cov)
    spagm_cov_sample_response(c->cov, u, rsp->tag < s->done_max, s->outstanding, c->epoch > 0);
  if (rsp->tag > s->done_max) s->done_max = rsp->tag;
  s->outstanding--;
  s->checked++;
  unsigned diffs = 0;
  if (!c->o.check) {
    s->passed++;
  } else {
    if (e->exp.fault != SPAGM_FAULT_NONE) s->faults++;
    /* Compared under docs/port-contract.md (compare.c). */
    spagm_compare_log log;
    diffs = spagm__compare_response(e->req.insn, &e->exp, &e->ex, rsp, &log);
    if (diffs) {
      s->failed++;
      mismatch(c, u, e, rsp, &log, cycle);
    } else {
      s->passed++;
    }
  }
  spagm__sb_release(&s->board, slot);
  return diffs;
}

static const char *const phase_names[] = {"configuration load", "run", "read-back",
                                          "gap between epochs"};

/* The first few reports of a broken port rule per unit are printed (a unit
 * that breaks one every cycle would bury the rest); each counts. */
#define SPAGM_PORT_REPORTS 8u

void spagm_cosim_unasked_read(spagm_cosim *c, spagm_unit u, uint64_t cycle, unsigned phase) {
  if ((unsigned)u >= SPAGM_UNIT_COUNT || spagm_cosim_should_stop(c)) return;
  spagm_cosim_unit *s = &c->sb[u];
  const char *in = phase_names[phase < 4 ? phase : 3];
  if (++s->unasked_reads <= SPAGM_PORT_REPORTS)
    spagm__report_unasked_read(&c->report, spagm_unit_name(u), in, cycle, c->repro);
  char what[120];
  snprintf(what, sizeof what, "cfg_rvalid with no read burst outstanding, in the %s", in);
  spagm__cosim_note(c, "unasked_read", u, 0, cycle, ~0ull, what);
  spagm__cosim_error(c, cycle);
}

void spagm_cosim_unasked_mem_read(spagm_cosim *c, spagm_unit u, uint64_t cycle, unsigned phase) {
  if ((unsigned)u >= SPAGM_UNIT_COUNT || spagm_cosim_should_stop(c)) return;
  spagm_cosim_unit *s = &c->sb[u];
  const char *in = phase_names[phase < 4 ? phase : 3];
  if (++s->unasked_mem_reads <= SPAGM_PORT_REPORTS)
    spagm__report_unasked_mem_read(&c->report, spagm_unit_name(u), in, cycle, c->repro);
  char what[120];
  snprintf(what, sizeof what, "mem_req_valid with no request to read for, in the %s", in);
  spagm__cosim_note(c, "unasked_mem_read", u, 0, cycle, ~0ull, what);
  spagm__cosim_error(c, cycle);
}

void spagm_cosim_idle_owed(spagm_cosim *c, spagm_unit u, uint64_t cycle) {
  if ((unsigned)u >= SPAGM_UNIT_COUNT || spagm_cosim_should_stop(c)) return;
  spagm_cosim_unit *s = &c->sb[u];
  const spagm_parked *o = spagm__sb_oldest(&s->board, 0);
  uint32_t oldest = o ? o->tag : 0;
  uint64_t when = o ? o->cycle : ~0ull;
  if (++s->idle_owed <= SPAGM_PORT_REPORTS)
    spagm__report_idle_owed(&c->report, spagm_unit_name(u), cycle, s->outstanding, oldest, when,
                            c->repro);
  char what[120];
  snprintf(what, sizeof what, "idle while %u accepted requests are not yet responded",
           s->outstanding);
  spagm__cosim_note(c, "idle_owed", u, oldest, cycle, when, what);
  spagm__cosim_error(c, cycle);
}

void spagm_cosim_hang(spagm_cosim *c, spagm_unit u, uint64_t cycle, uint64_t cycles,
                      unsigned phase) {
  const char *in = phase < 3 ? phase_names[phase] : "run";
  spagm_cosim_unit *s = &c->sb[u];
  const spagm_parked *o = spagm__sb_oldest(&s->board, 0);
  uint32_t oldest = o ? o->tag : 0;
  uint64_t when = o ? o->cycle : ~0ull;
  spagm__report_hang(&c->report, spagm_unit_name(u), in, cycle, cycles, s->outstanding, oldest,
                     when, c->repro);
  char what[120];
  snprintf(what, sizeof what, "no handshake for %llu cycles in the %s, %u outstanding",
           (unsigned long long)cycles, in, s->outstanding);
  spagm__cosim_note(c, "hang", u, oldest, cycle, when, what);
  c->hangs++;
  spagm__cosim_error(c, cycle);
}
