// SPDX-License-Identifier: Apache-2.0
/* The co-simulation's summary (cosim.h): per-unit counts, what each unit
 * exercised and its warnings, where cycles and time went, the last line
 * "cosim: N passed, M failed". */
#include <stdio.h>

#include "cosim_internal.h"
#include "spagm/cov/cov.h"

void spagm_cosim_set_phase_cycles(spagm_cosim *c, uint64_t load, uint64_t run,
                                  uint64_t readback) {
  c->phase_cycles[0] = load;
  c->phase_cycles[1] = run;
  c->phase_cycles[2] = readback;
  c->have_phases = true;
}

void spagm_cosim_add_c_ticks(spagm_cosim *c, uint64_t ticks) { c->c_ticks += ticks; }

uint64_t spagm_cosim_ticks(const spagm_cosim *c) { return spagm_clock_ticks(&c->clock); }

void spagm_cosim_set_unit_clocks(spagm_cosim *c, unsigned unit, uint64_t clocks) {
  if (!c || unit >= SPAGM_UNIT_COUNT) return;
  c->unit_clocks[unit] = clocks;
  c->have_clocks |= 1u << unit;
}

/* "clocked: attr N (x%), tex N (y%) of N cycles": each unit of the run,
 * its clock's edges against the run's cycles (N126). */
static void print_unit_clocks(const spagm_cosim *c, FILE *out, uint64_t cycles) {
  unsigned units = c->o.units & c->have_clocks;
  if (!units) return;
  double d = cycles ? (double)cycles : 1.0;
  fprintf(out, "clocked:");
  const char *sep = " ";
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(units >> u & 1u)) continue;
    fprintf(out, "%s%s %llu (%.1f%%)", sep, spagm_unit_name((spagm_unit)u),
            (unsigned long long)c->unit_clocks[u], 100.0 * (double)c->unit_clocks[u] / d);
    sep = ", ";
  }
  fprintf(out, " of %llu cycles\n", (unsigned long long)cycles);
}

/* The unit's legal coverage bins hit, or -1 without +cov. */
static long long bins_hit(const spagm_cosim *c, unsigned u, unsigned *legal) {
  spagm_cov_totals t;
  if (!c->cov || spagm_cov_unit_totals(c->cov, u, &t) != SPAGM_OK) return -1;
  if (legal) *legal = t.legal;
  return t.hit;
}

/* Per unit, what the run exercised (the predictor's "exercised:" line) and
 * a WARNING line for each way a unit that checked responses exercised
 * nothing (N362): no active lane, no texel read on the texture unit, TLDS
 * on empty texture memory, no coverage bin hit with +cov. Written to out
 * when out is not NULL; returns the warnings of unit u. */
static unsigned exercise_lines(const spagm_cosim *c, unsigned u, FILE *out) {
  const spagm_cosim_unit *s = &c->sb[u];
  const char *name = spagm_unit_name((spagm_unit)u);
  unsigned legal = 0, w = 0;
  long long hit = bins_hit(c, u, &legal);
  if (out) {
    fprintf(out, "exercised (%s): %llu active lanes, %llu texels read, %llu faults", name,
            (unsigned long long)s->active_lanes, (unsigned long long)s->texels,
            (unsigned long long)s->faults);
    if (hit >= 0) fprintf(out, ", %lld of %u coverage bins of the %s unit hit", hit, legal, name);
    fputc('\n', out);
  }
  if (!c->o.check || !s->checked) return 0;
#define WARN(...)                        \
  do {                                   \
    w++;                                 \
    if (out) fprintf(out, __VA_ARGS__);  \
  } while (0)
  if (!s->active_lanes)
    WARN("WARNING: %s: %llu responses checked but no request had an active lane: nothing "
         "was executed\n",
         name, (unsigned long long)s->checked);
  if (u == SPAGM_UNIT_TEX && !s->texels)
    WARN("WARNING: %s: %llu responses checked but no texel was read: every TLDS gave 0 (R18) "
         "or faulted\n",
         name, (unsigned long long)s->checked);
  if (s->empty_memory)
    WARN("WARNING: %s: %llu TLDS requests found texture memory empty\n", name,
         (unsigned long long)s->empty_memory);
  if (hit == 0)
    WARN("WARNING: %s: %llu responses checked but no coverage bin of the %s unit was hit\n",
         name, (unsigned long long)s->checked, name);
#undef WARN
  return w;
}

unsigned spagm_cosim_warnings(const spagm_cosim *c, spagm_unit u) {
  return (unsigned)u < SPAGM_UNIT_COUNT && (c->o.units >> u & 1u) ? exercise_lines(c, u, NULL)
                                                                  : 0;
}

/* The summary's lines on where cycles and wall time went. */
static void print_where_time_went(const spagm_cosim *c, FILE *out, uint64_t cycles,
                                  uint64_t total, double secs) {
  if (c->have_phases) {
    /* Deterministic: the same seed gives the same cycles. */
    uint64_t all = c->phase_cycles[0] + c->phase_cycles[1] + c->phase_cycles[2];
    double d = all ? (double)all : 1.0;
    fprintf(out,
            "cycles: load %llu (%.1f%%), run %llu (%.1f%%), read-back %llu (%.1f%%); "
            "%.2f cycles per transaction\n",
            (unsigned long long)c->phase_cycles[0], 100.0 * (double)c->phase_cycles[0] / d,
            (unsigned long long)c->phase_cycles[1], 100.0 * (double)c->phase_cycles[1] / d,
            (unsigned long long)c->phase_cycles[2], 100.0 * (double)c->phase_cycles[2] / d,
            total ? (double)cycles / (double)total : 0.0);
  }
  print_unit_clocks(c, out, cycles);
  if (c->c_seconds > 0) {
    double testbench_c = c->c_seconds > c->model_seconds ? c->c_seconds - c->model_seconds : 0;
    double sim = secs > c->c_seconds ? secs - c->c_seconds : 0;
    fprintf(out, "time: model %.1f%%, testbench C %.1f%%, simulator %.1f%%\n",
            100.0 * c->model_seconds / secs, 100.0 * testbench_c / secs, 100.0 * sim / secs);
  }
}

/* A line per unit and port rule it broke (N430), each counted as one
 * failure, as differing images are: the events are in the reports above.
 * Returns the failures. */
static uint64_t port_rule_lines(const spagm_cosim *c, FILE *out) {
  uint64_t port = 0;
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    const spagm_cosim_unit *s = &c->sb[u];
    if (!(c->o.units >> u & 1u)) continue;
    if (s->unasked_reads)
      fprintf(out, "%s: %llu configuration answers nobody asked for\n",
              spagm_unit_name((spagm_unit)u), (unsigned long long)s->unasked_reads);
    if (s->idle_owed)
      fprintf(out, "%s: idle %llu times while accepted requests were not yet responded\n",
              spagm_unit_name((spagm_unit)u), (unsigned long long)s->idle_owed);
    if (s->unasked_mem_reads)
      fprintf(out, "%s: %llu memory reads outside the run\n", spagm_unit_name((spagm_unit)u),
              (unsigned long long)s->unasked_mem_reads);
    port += (s->unasked_reads ? 1 : 0) + (s->idle_owed ? 1 : 0) + (s->unasked_mem_reads ? 1 : 0);
  }
  return port;
}

uint64_t spagm_cosim_finish(spagm_cosim *c, FILE *out, uint64_t cycles, double seconds) {
  uint64_t passed = 0, failed = 0, images = 0, total = 0;
  spagm_progress_end(&c->progress);
  if (c->checkpoint_every && c->checkpoint_last != c->accepted_all) spagm__cosim_checkpoint(c);
  fprintf(out, "\n== spagm co-simulation summary ==\n");
  fprintf(out, "seed %llu, %u epochs, %s\n", (unsigned long long)c->o.seed,
          c->epoch == ~0u ? 0 : c->epoch + 1,
          c->o.check ? "checking against the golden model" : "NO CHECK (+no_check)");
  fprintf(out, "%-5s %10s %10s %8s %8s %8s %12s\n", "unit", "requests", "passed", "failed",
          "faults", "pending", "image words");
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
    if (!(c->o.units >> u & 1u)) continue;
    spagm_cosim_unit *s = &c->sb[u];
    fprintf(out, "%-5s %10llu %10llu %8llu %8llu %8u %6llu/%-5llu\n",
            spagm_unit_name((spagm_unit)u), (unsigned long long)s->accepted,
            (unsigned long long)s->passed, (unsigned long long)s->failed,
            (unsigned long long)s->faults, s->outstanding,
            (unsigned long long)(s->rb_checked - s->rb_failed),
            (unsigned long long)s->rb_checked);
    passed += s->passed;
    /* A request never answered fails, unless the run was stopped early on
     * purpose (+max_errors) while it was in flight. */
    failed += s->failed + (spagm_cosim_should_stop(c) ? 0 : s->outstanding);
    images += s->rb_failed;
    total += s->accepted;
  }
  for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++)
    if (c->o.units >> u & 1u) exercise_lines(c, u, out);
  double secs = seconds > 0 ? seconds : 1e-9;
  c->model_seconds = spagm_clock_seconds(&c->clock, c->model_ticks);
  c->c_seconds = spagm_clock_seconds(&c->clock, c->c_ticks);
  fprintf(out, "%llu cycles in %.2f s: %.0f transactions/s, %.0f cycles/s\n",
          (unsigned long long)cycles, seconds, (double)total / secs, (double)cycles / secs);
  print_where_time_went(c, out, cycles, total, secs);
  if (images) fprintf(out, "%llu image words differ\n", (unsigned long long)images);
  uint64_t port = port_rule_lines(c, out);
  if (spagm_cosim_should_stop(c))
    fprintf(out, "stopped after %llu errors (+max_errors=%u)\n", (unsigned long long)c->errors,
            c->o.max_errors);
  if (c->errors && c->first_error_cycle != ~0ull)
    fprintf(out, "first mismatch at cycle %llu; reproduce with waves: %s +waves_on_fail\n",
            (unsigned long long)c->first_error_cycle, c->repro);
  /* Differing images count as one failure, and so does a hang (which may
   * come with nothing outstanding: in the load or the read-back) and each
   * port rule a unit broke. */
  failed += (images ? 1 : 0) + c->hangs + port;
  bool json_ok = !c->json_path || spagm__cosim_write_json(c, cycles, seconds, passed, failed);
  spagm_diag cd = {0, 0, ""};
  bool cov_ok = !c->cov || spagm_cov_write(c->cov, c->cov_path, &cd) == SPAGM_OK;
  if (!cov_ok) fprintf(stderr, "%s: +cov=%s: %s\n", c->tool, c->cov_path, cd.msg);
  json_ok = json_ok && cov_ok;
  fprintf(out, "cosim: %llu passed, %llu failed\n", (unsigned long long)passed,
          (unsigned long long)failed);
  return failed + images + (c->errors && !failed ? c->errors : 0) + !json_ok;
}
