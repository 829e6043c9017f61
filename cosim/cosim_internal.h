// SPDX-License-Identifier: Apache-2.0
/* Internal: the co-simulation context shared by run.c, check.c,
 * summary.c and json.c. */
#ifndef SPAGM_COSIM_INTERNAL_H
#define SPAGM_COSIM_INTERNAL_H

#include "spagm/stim/rng.h" /* spagm_stim's PRNG, not installed */
#include "cosim.h"
#include "clock.h"
#include "compare.h"
#include "report.h"
#include "scoreboard.h"
#include "spagm/util/progress.h"
#include "spagm/statemap.h"
#include "spagm/stim/stim.h"

/* Requests a unit's scoreboard holds in flight. */
#define SPAGM_COSIM_PARK 1024u

typedef struct spagm_cosim_unit {
  spagm_scoreboard board; /* the unit's predictions, by tag */
  uint64_t issued, accepted, checked, passed, failed, faults;
  /* What the checked requests exercised (N362, N375): active lanes, lanes
   * that read a texel, TLDS requests that met empty texture memory. */
  uint64_t active_lanes, texels, empty_memory;
  unsigned outstanding; /* accepted, not answered (a dropped request stays) */
  uint32_t done_max; /* highest tag answered so far (tags count up per unit) */
  spagm_cfg_list cfg; /* this epoch's load (spagm_stim_load_list) */
  uint32_t unwritten; /* register words 4k it leaves out: bit k (spagm_stim_unwritten, N280) */
  size_t cfg_pos;
  spagm_cfg_list rb; /* this epoch's read-back addresses */
  size_t rb_pos;
  bool rb_built;
  uint64_t rb_checked, rb_failed;
  /* Port rules broken (spagm_cosim_unasked_read, spagm_cosim_idle_owed,
   * spagm_cosim_unasked_mem_read). */
  uint64_t unasked_reads, idle_owed, unasked_mem_reads;
  spagm_rng rng;
} spagm_cosim_unit;

/* A mismatch remembered for the JSON summary (json.c). */
#define SPAGM_COSIM_NOTES 100u
typedef struct spagm_cosim_note {
  const char *kind; /* "response", "lost_tag", "image", "hang", "slot",
                     * "unasked_read", "idle_owed", "unasked_mem_read" */
  spagm_unit unit;
  uint32_t tag;
  uint64_t cycle, accept_cycle; /* accept_cycle ~0 when not a transaction */
  char detail[200];             /* the first difference, or what happened */
} spagm_cosim_note;

struct spagm_cosim {
  spagm_cosim_opts o;
  char *repro;
  char *tool; /* the program's name in its messages (opts.tool) */
  spagm_model *model;
  spagm_stim *stim;
  unsigned epoch;
  spagm_cosim_unit sb[SPAGM_UNIT_COUNT];
  spagm_text report, taken; /* the reports not yet taken, and the last taken */
  uint64_t errors, first_error_cycle;
  uint64_t hangs; /* spagm_cosim_hang reports: each counts as one failure */
  uint64_t accepted_all;
  char *json_path; /* spagm_cosim_set_outputs */
  char *cov_path;  /* spagm_cosim_set_coverage */
  struct spagm_cov *cov;
  spagm_progress progress;
  uint64_t checkpoint_every; /* spagm_cosim_set_checkpoint, 0 = none */
  uint64_t checkpoint_last;  /* accepted_all at the last checkpoint line */
  uint64_t checkpoint_total; /* requests of the whole run, all units */
  spagm_cosim_note *notes;
  unsigned nnotes;
  uint64_t first_error_accept_cycle; /* ~0 unless the first error is a compare */
  uint32_t first_error_lanes;        /* its differing lanes (N211), 0 unless a compare */
  /* spagm_cosim_set_phase_cycles: cycles spent loading, running, reading
   * back (the share of the configuration load). */
  uint64_t phase_cycles[3];
  bool have_phases;
  /* spagm_cosim_set_unit_clocks: rising edges of each unit's own (gated)
   * clock, N126; have_clocks bit u says unit u's count arrived. */
  uint64_t unit_clocks[SPAGM_UNIT_COUNT];
  unsigned have_clocks;
  /* Time inside the model (execution and coverage sampling) and inside
   * the testbench's C calls (spagm_cosim_add_c_ticks), in ticks of clock;
   * spagm_cosim_finish converts them to the seconds below. */
  spagm_clock clock;
  uint64_t model_ticks, c_ticks;
  double model_seconds, c_seconds;
};

/* run.c: append to the report text (printf format). */
void spagm__cosim_reportf(spagm_cosim *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* run.c: count an error at cycle (the first one's cycle is kept). */
void spagm__cosim_error(spagm_cosim *c, uint64_t cycle);
/* run.c: a checkpoint line at accepted_all transactions. */
void spagm__cosim_checkpoint(spagm_cosim *c);
/* json.c: remember a mismatch for the JSON summary (the first
 * SPAGM_COSIM_NOTES). */
void spagm__cosim_note(spagm_cosim *c, const char *kind, spagm_unit u, uint32_t tag,
                       uint64_t cycle, uint64_t accept_cycle, const char *detail);
/* json.c: write the JSON summary to c->json_path; false (reported to
 * stderr) when it cannot be written. */
bool spagm__cosim_write_json(const spagm_cosim *c, uint64_t cycles, double seconds,
                             uint64_t passed, uint64_t failed);

#endif
