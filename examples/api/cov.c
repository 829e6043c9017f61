/* SPDX-License-Identifier: Apache-2.0 */
/* spagm/cov/cov.h: functional coverage of a run collected into a database,
 * written whole, read back and reported per unit (docs/coverage.md). */
#include <stdio.h>

#include <spagm/spagm.h>
#include <spagm/cov/cov.h>
#include <spagm/stim/stim.h>

#include "example.h"

int main(void) {
  spagm_diag d;
  spagm_model *m = spagm_model_new();
  spagm_stim_opts o;
  spagm_stim_opts_default(&o);  /* seed 1, attr and pix */
  o.epoch_txns = 200;
  spagm_stim *s = spagm_stim_new(&o, &d);
  if (!m || !s) return example_fail("setup", &d);
  spagm_cov_totals t;
  spagm_cov *back = NULL;
  //! [cov_collect]
  spagm_cov *cov = spagm_cov_new();
  if (!cov || spagm_cov_begin_input(cov, "stim seed 1", &d) != SPAGM_OK) return 1;
  for (unsigned epoch = 0; epoch < 4; epoch++) {
    spagm_stim_begin_epoch(s, epoch, m, &d);
    for (unsigned u = SPAGM_UNIT_ATTR; u <= SPAGM_UNIT_PIX; u++) {
      spagm_request req;
      spagm_response rsp;
      spagm_explain ex;
      while (spagm_stim_next(s, (spagm_unit)u, &req)) {
        spagm_explain_init(&ex);
        spagm_execute_explained(m, &req, &rsp, &ex);
        spagm_cov_sample(cov, m, NULL, &req, &rsp, &ex);  /* NULL: decode req.insn */
      }
    }
  }
  if (spagm_cov_write(cov, "run.cov", &d) != SPAGM_OK ||   /* `spagm cov merge` takes it */
      spagm_cov_read("run.cov", &back, &d) != SPAGM_OK) {  /* CRC, version, plan checked */
    fprintf(stderr, "run.cov: %s\n", d.msg);
    return 1;
  }
  spagm_cov_unit_totals(back, SPAGM_UNIT_PIX, &t);
  printf("pix: %u of %u legal bins hit, %u holes, %u thin\n", t.hit, t.legal, t.holes, t.thin);
  spagm_cov_report_holes(back, stdout);  /* "point: bin", one a line */
  //! [cov_collect]
  size_t points;
  const spagm_cov_point *plan = spagm_cov_plan(&points);
  int differ = 0;
  for (size_t p = 0; p < points; p++)
    for (unsigned bin = 0; bin < spagm_cov_point_bins(&plan[p]); bin++)
      differ |= spagm_cov_hits(cov, p, bin) != spagm_cov_hits(back, p, bin);
  spagm_cov_free(back);
  spagm_cov_free(cov);
  spagm_stim_free(s);
  spagm_model_free(m);
  if (differ || t.hit == 0 || t.hit + t.holes != t.legal)
    return example_fail("the database read back holds the run's hits", NULL);
  return 0;
}
