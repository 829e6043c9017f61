/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/stim/stim.h: the seeded stimulus of a few epochs executed on a
 * model, as a testbench drives it into a DUT; the same seed gives the same
 * traffic (checked by running it twice). */
#include <stdio.h>

#include <spagm/spagm.h>
#include <spagm/stim/stim.h>

#include "example.h"

/* Runs three epochs of seed `seed`; returns a checksum of the responses
 * (0 on error) and the request count in *requests. */
static uint32_t run(uint64_t seed, unsigned *requests) {
  spagm_diag d;
  uint32_t sum = 0;
  spagm_model *m = spagm_model_new();
  if (!m) return 0;
  //! [stim_epochs]
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);
  o.seed = seed;
  o.units = 1u << SPAGM_UNIT_ATTR | 1u << SPAGM_UNIT_PIX | 1u << SPAGM_UNIT_TEX;
  o.epoch_txns = 50;
  spagm_stim *s = spagm_stim_new(&o, &d);
  if (!s) {
    fprintf(stderr, "stimulus: %s\n", d.msg);
    spagm_model_free(m);
    return 0;
  }
  for (unsigned epoch = 0; epoch < 3; epoch++) {
    spagm_stim_begin_epoch(s, epoch, m, &d);  /* resets m, loads the epoch's state */
    for (unsigned u = 0; u < SPAGM_UNIT_COUNT; u++) {
      printf("epoch %u %s: %u requests, %s\n", epoch, spagm_unit_name((spagm_unit)u),
             spagm_stim_epoch_budget(s, (spagm_unit)u),
             spagm_stim_epoch_summary(s, (spagm_unit)u));
      spagm_request req;
      spagm_response rsp;
      while (spagm_stim_next(s, (spagm_unit)u, &req)) {  /* tags 1, 2, ... per unit */
        spagm_execute(m, &req, &rsp);
        (*requests)++;
        sum = sum * 31u + rsp.wb_value[0][0] + rsp.fault + rsp.tag;
      }
    }
  }
  spagm_stim_free(s);
  //! [stim_epochs]
  spagm_model_free(m);
  return sum;
}

int main(void) {
  unsigned n1 = 0, n2 = 0, n3 = 0;
  uint32_t a = run(11, &n1), b = run(11, &n2), c = run(12, &n3);
  printf("seed 11: %u requests, checksum 0x%08x twice; seed 12: 0x%08x\n", n1, a, c);
  if (!a || a != b || n1 != n2 || a == c || n1 < 3 * 50)
    return example_fail("the same seed gives the same traffic, another seed other", NULL);
  return 0;
}
