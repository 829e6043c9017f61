// SPDX-License-Identifier: Apache-2.0
/* Internal: the co-simulation context shared by cosim*.c. */
#ifndef SPAGM_COSIM_INTERNAL_H
#define SPAGM_COSIM_INTERNAL_H

#include "../vectors/stim/rng.h"
#include "cosim.h"
#include "cosim_compare.h"
#include "spagm/vec/statemap.h"
#include "spagm/vec/stim.h"

/* Scoreboard slots per unit; a unit may have fewer requests in flight. */
#define SPAGM_COSIM_PARK 1024u

typedef struct spagm_cosim_parked {
  bool used;
  uint32_t tag;
  uint64_t cycle;
  spagm_request req;
  spagm_response exp;
  spagm_explain ex;
} spagm_cosim_parked;

typedef struct spagm_cosim_unit {
  spagm_cosim_parked *ring;
  uint64_t issued, accepted, checked, passed, failed, faults;
  unsigned outstanding;
  spagm_cfg_list cfg; /* this epoch's load (statemap.h) */
  size_t cfg_pos;
  spagm_cfg_list rb; /* this epoch's read-back addresses */
  size_t rb_pos;
  bool rb_built;
  uint64_t rb_checked, rb_failed;
  spagm_rng rng;
} spagm_cosim_unit;

struct spagm_cosim {
  spagm_cosim_opts o;
  char *repro;
  spagm_model *model;
  spagm_stim *stim;
  unsigned epoch;
  spagm_cosim_unit sb[SPAGM_UNIT_COUNT];
  char *report, *taken;
  size_t report_len, report_cap;
  uint64_t errors, first_error_cycle;
  uint64_t first_error_accept_cycle; /* ~0 unless the first error is a compare */
};

void spagm__cosim_reportf(spagm_cosim *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void spagm__cosim_error(spagm_cosim *c, uint64_t cycle);

#endif
