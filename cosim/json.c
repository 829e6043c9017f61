// SPDX-License-Identifier: Apache-2.0
/* The co-simulation's summary as JSON (+json=FILE; docs/json-summary.md)
 * and the mismatches it remembers for it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_internal.h"
#include "spagm/util/json.h"

void spagm__cosim_note(spagm_cosim *c, const char *kind, spagm_unit u, uint32_t tag,
                       uint64_t cycle, uint64_t accept_cycle, const char *detail) {
  if (!c->json_path || c->nnotes >= SPAGM_COSIM_NOTES) return;
  if (!c->notes) {
    c->notes = calloc(SPAGM_COSIM_NOTES, sizeof *c->notes);
    if (!c->notes) return;
  }
  spagm_cosim_note *n = &c->notes[c->nnotes++];
  n->kind = kind;
  n->unit = u;
  n->tag = tag;
  n->cycle = cycle;
  n->accept_cycle = accept_cycle;
  snprintf(n->detail, sizeof n->detail, "%s", detail ? detail : "");
}

static void write_units(spagm_json *j, const spagm_cosim *c) {
  spagm_json_object(j, "units");
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(c->o.units >> u & 1u)) continue;
    const spagm_cosim_unit *s = &c->sb[u];
    spagm_json_object(j, spagm_unit_name((spagm_unit)u));
    spagm_json_u64(j, "requests", s->accepted);
    spagm_json_u64(j, "passed", s->passed);
    spagm_json_u64(j, "failed", s->failed);
    spagm_json_u64(j, "faults", s->faults);
    spagm_json_u64(j, "active_lanes", s->active_lanes);
    spagm_json_u64(j, "texels", s->texels);
    spagm_json_u64(j, "warnings", spagm_cosim_warnings(c, (spagm_unit)u));
    spagm_json_u64(j, "pending", s->outstanding);
    spagm_json_u64(j, "image_words", s->rb_checked);
    spagm_json_u64(j, "image_words_failed", s->rb_failed);
    spagm_json_u64(j, "unasked_reads", s->unasked_reads);
    spagm_json_u64(j, "idle_owed", s->idle_owed);
    spagm_json_u64(j, "unasked_mem_reads", s->unasked_mem_reads);
    if (c->have_clocks >> u & 1u) spagm_json_u64(j, "clock_cycles", c->unit_clocks[u]);
    spagm_json_end(j);
  }
  spagm_json_end(j);
}

static void write_notes(spagm_json *j, const spagm_cosim *c) {
  spagm_json_array(j, "mismatches");
  for (unsigned i = 0; i < c->nnotes; i++) {
    const spagm_cosim_note *n = &c->notes[i];
    spagm_json_object(j, NULL);
    spagm_json_str(j, "kind", n->kind);
    spagm_json_str(j, "unit", spagm_unit_name(n->unit));
    spagm_json_u64(j, "tag", n->tag);
    spagm_json_u64(j, "cycle", n->cycle);
    if (n->accept_cycle != ~0ull) spagm_json_u64(j, "accepted_cycle", n->accept_cycle);
    spagm_json_str(j, "detail", n->detail);
    spagm_json_end(j);
  }
  spagm_json_end(j);
  spagm_json_bool(j, "mismatches_truncated", c->errors > c->nnotes);
}

bool spagm__cosim_write_json(const spagm_cosim *c, uint64_t cycles, double seconds,
                             uint64_t passed, uint64_t failed) {
  spagm_diag d = {0, 0, ""};
  spagm_json j;
  if (!spagm_json_open(&j, c->json_path, &d)) {
    fprintf(stderr, "%s: +json=%s: %s\n", c->tool, c->json_path, d.msg);
    return false;
  }
  double secs = seconds > 0 ? seconds : 1e-9;
  spagm_json_str(&j, "tool", "spagm-cosim");
  spagm_json_str(&j, "version", spagm_version());
  spagm_json_u64(&j, "seed", c->o.seed);
  spagm_json_u64(&j, "txns_per_unit", c->o.txns);
  spagm_json_u64(&j, "epochs", c->epoch == ~0u ? 0 : c->epoch + 1);
  spagm_json_bool(&j, "checked", c->o.check);
  write_units(&j, c);
  spagm_json_u64(&j, "passed", passed);
  spagm_json_u64(&j, "failed", failed);
  spagm_json_u64(&j, "errors", c->errors);
  spagm_json_str(&j, "status", failed || c->errors ? "failed" : "passed");
  spagm_json_u64(&j, "cycles", cycles);
  spagm_json_f64(&j, "seconds", seconds);
  spagm_json_f64(&j, "transactions_per_s", (double)c->accepted_all / secs);
  spagm_json_f64(&j, "cycles_per_s", (double)cycles / secs);
  if (c->have_phases) {
    spagm_json_u64(&j, "cycles_load", c->phase_cycles[0]);
    spagm_json_u64(&j, "cycles_run", c->phase_cycles[1]);
    spagm_json_u64(&j, "cycles_readback", c->phase_cycles[2]);
  }
  spagm_json_f64(&j, "seconds_model", c->model_seconds);
  spagm_json_f64(&j, "seconds_testbench_c", c->c_seconds > c->model_seconds
                                                 ? c->c_seconds - c->model_seconds : 0.0);
  if (c->first_error_cycle != ~0ull) spagm_json_u64(&j, "first_mismatch_cycle", c->first_error_cycle);
  write_notes(&j, c);
  spagm_json_str(&j, "repro", c->repro);
  if (c->errors) {
    char waves[1200];
    snprintf(waves, sizeof waves, "%s +waves_on_fail", c->repro);
    spagm_json_str(&j, "repro_waves", waves);
  }
  if (spagm_json_close(&j, &d)) return true;
  fprintf(stderr, "%s: +json=%s: %s\n", c->tool, c->json_path, d.msg);
  return false;
}
