/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/vec/file.h: a golden vector file of a seeded random run written
 * whole, then read back and every transaction re-executed and compared
 * (what `spagm gen` and `spagm check` do; docs/vector-format.md). */
#include <stdio.h>

#include <spagm/spagm.h>
#include <spagm/vec/file.h>

#include "example.h"

int main(void) {
  spagm_diag d;
  //! [vec_file_gen_check]
  /* Seed 5, 300 requests per unit for the attribute and pixel units, at
   * most 100 per epoch, 1% illegal words. */
  spagm_vec_header h;
  uint32_t units = 1u << SPAGM_UNIT_ATTR | 1u << SPAGM_UNIT_PIX;
  if (spagm_vec_header_random(&h, 5, 300, 100, 10000, units, &d) != SPAGM_OK)
    return example_fail("options", &d);
  spagm_vec_writer *w = spagm_vec_writer_open("run.vec", &h, &d);  /* run.vec.partial-PID */
  if (!w) return example_fail("run.vec", &d);
  if (spagm_vec_gen_random(w, &h, &d) != SPAGM_OK) {
    spagm_vec_writer_abort(w);                                     /* nothing left behind */
    return example_fail("generate", &d);
  }
  if (spagm_vec_writer_close(w, &d) != SPAGM_OK)                   /* renamed to run.vec */
    return example_fail("run.vec", &d);

  spagm_vec_header got;
  spagm_vec_reader *r = spagm_vec_reader_open("run.vec", &got, &d);
  if (!r) return example_fail("run.vec", &d);  /* d.line, d.col: where it is bad */
  spagm_vec_check_result res;
  spagm_status st = spagm_vec_check(r, "run.vec", stdout, 10, &res, &d);
  spagm_vec_reader_free(r);
  if (st != SPAGM_OK) return example_fail("run.vec", &d);
  printf("%s, seed %llu: %llu transactions, %llu disagree; %llu read-back words, %llu disagree\n",
         got.generator, (unsigned long long)got.seed, (unsigned long long)res.txns,
         (unsigned long long)res.txns_failed, (unsigned long long)res.rb_words,
         (unsigned long long)res.rb_failed);
  //! [vec_file_gen_check]
  if (res.txns != 600 || res.txns_failed || res.rb_failed || res.state_failed || !res.rb_words)
    return example_fail("the file agrees with the model", NULL);
  return 0;
}
