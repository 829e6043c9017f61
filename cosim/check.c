// SPDX-License-Identifier: Apache-2.0
/* The co-simulation's scoreboard (cosim.h): per unit, the model's
 * expected response of each accepted request parked by tag, found again
 * when the response arrives and compared under the port contract. */
#include <stdlib.h>
#include <string.h>

#include "cosim_internal.h"
#include "spagm/cov/cov.h"

/* What an executed request exercised, as the predictor counts it (N362):
 * its active lanes and, on the texture unit, the lanes that read a texel
 * (the model records them, explain.h) and a TLDS that read none while
 * texture memory was empty. */
static void exercised(const spagm_cosim *c, spagm_cosim_unit *s, spagm_unit u,
                      const spagm_request *req, const spagm_cosim_record *r) {
  s->active_lanes += (uint64_t)__builtin_popcount(req->lane_mask);
  if (u != SPAGM_UNIT_TEX || r->exp.fault) return;
  uint32_t written = 0;
  for (unsigned k = 0; k < SPAGM_WB_SLOTS; k++) written |= r->exp.wb_valid[k];
  s->texels += (uint64_t)__builtin_popcount(r->ex.texel_read);
  if (!r->ex.texel_read && written && spagm_tex_mem_pages(c->model, NULL, 0) == 0)
    s->empty_memory++;
}

void spagm_cosim_accept(spagm_cosim *c, spagm_unit u, const spagm_request *req,
                        uint64_t cycle) {
  spagm_cosim_unit *s = &c->sb[u];
  spagm_cosim_parked *p = &s->ring[req->tag % SPAGM_COSIM_PARK];
  s->accepted++;
  s->outstanding++;
  spagm_progress_update(&c->progress, ++c->accepted_all);
  /* The run's last accept leaves its line to spagm_cosim_finish, which
   * counts the responses and read-back after it into the last segment. */
  if (c->checkpoint_every && c->accepted_all % c->checkpoint_every == 0 &&
      c->accepted_all < c->checkpoint_total)
    spagm__cosim_checkpoint(c);
  if (p->used) spagm__report_slot_in_use(c, u, req->tag, p->tag, cycle);
  if (!p->r) p->r = s->nspare ? s->spare[--s->nspare] : malloc(sizeof *p->r);
  if (!p->r) {
    spagm__cosim_reportf(c, "cosim: out of memory parking %s tag %u\n", spagm_unit_name(u),
                         req->tag);
    spagm__cosim_error(c, cycle);
    return;
  }
  spagm_cosim_record *r = p->r;
  p->used = true;
  p->tag = req->tag;
  p->cycle = cycle;
  r->req = *req;
  if (c->o.check) {
    uint64_t t0 = spagm_clock_ticks(&c->clock);
    spagm_execute_explained(c->model, req, &r->exp, &r->ex);
    exercised(c, s, u, req, r);
    if (c->cov) {
      spagm_cov_sample(c->cov, c->model, NULL, req, &r->exp, &r->ex);
      if (s->unwritten) spagm_cov_sample_unwritten(c->cov, u, req, s->unwritten);
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
  const spagm_cosim_parked *p = &c->sb[u].ring[rsp->tag % SPAGM_COSIM_PARK];
  if (!p->used || p->tag != rsp->tag) return false;
  *req = p->r->req;
  *exp = p->r->exp;
  *lanes = spagm__mismatch_lanes(&p->r->exp, &p->r->ex, rsp, rule);
  return true;
}

unsigned spagm_cosim_outstanding(const spagm_cosim *c, spagm_unit u) {
  return (unsigned)u < SPAGM_UNIT_COUNT ? c->sb[u].outstanding : 0;
}

unsigned spagm_cosim_check(spagm_cosim *c, spagm_unit u, const spagm_response *rsp,
                           uint64_t cycle) {
  /* +max_errors=N is exact (N171): once N errors are in, responses that
   * arrive before the testbench stops (other units in the same cycle, the
   * cycle the stop takes) are neither compared nor counted; their requests
   * stay pending, which a run stopped on purpose does not count. */
  if (spagm_cosim_should_stop(c)) return 0;
  spagm_cosim_unit *s = &c->sb[u];
  spagm_cosim_parked *p = &s->ring[rsp->tag % SPAGM_COSIM_PARK];
  if (!p->used || p->tag != rsp->tag) {
    spagm__report_lost_tag(c, u, rsp->tag, cycle);
    s->failed++;
    return 1;
  }
  p->used = false;
  /* The record goes back to the spares now; nothing takes one before this
   * call returns, so it is read below as it is. */
  const spagm_cosim_record *r = p->r;
  s->spare[s->nspare++] = p->r;
  p->r = NULL;
  /* +cov: what only a co-simulation sees (N104): tag order, depth, epoch. */
  if (c->cov)
    spagm_cov_sample_response(c->cov, u, rsp->tag < s->done_max, s->outstanding, c->epoch > 0);
  if (rsp->tag > s->done_max) s->done_max = rsp->tag;
  s->outstanding--;
  s->checked++;
  if (!c->o.check) {
    s->passed++;
    return 0;
  }
  if (r->exp.fault != SPAGM_FAULT_NONE) s->faults++;
  /* Compare under docs/port-contract.md (compare.c) and report a mismatch
   * with the run's context. */
  spagm_compare_log log;
  unsigned diffs = spagm__compare_response(r->req.insn, &r->exp, &r->ex, rsp, &log);
  if (diffs) spagm__report_mismatch(c, u, &r->req, p->tag, p->cycle, &log, cycle);
  if (diffs) {
    s->failed++;
    if (c->errors == 0) {
      c->first_error_accept_cycle = p->cycle;
      c->first_error_lanes = spagm__mismatch_lanes(&r->exp, &r->ex, rsp, NULL);
    }
    spagm__cosim_error(c, cycle);
  } else {
    s->passed++;
  }
  return diffs;
}
